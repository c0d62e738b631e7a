"""The player's turn in Ephios solo: one typed action, End of Turn, then the Plot's turn(s).

Rulebook, "Solo Mode > Course of Solo Mode". Each verb of
:mod:`companion.ephios.solo_actions` has its method; :meth:`Turn.run` plays
the whole action. Errors never name a shell's flags or keys: the shells add
their own wording.
"""

from __future__ import annotations

from companion.core.catalog import _, say
from companion.core.errors import InputError
from companion.core.questions import Question
from companion.core.validate import whole_number
from companion.ephios.cards import EphiosDeck, card_alliance, dignitary_of, is_dignitary
from companion.ephios.solo_actions import (
    Action,
    Corrupt,
    Debate,
    Perceptive,
    Recruit,
    RecruitTop,
    Unite,
    Use,
)
from companion.ephios.solo_rules import (
    CORRUPT_PLOT_TURNS,
    DEBATE_GAIN,
    MAX_TOKENS,
    RECRUIT_TOP_COST,
    RULE_CLARIFICATIONS,
    RULE_DEBATE,
    RULE_PLAYER,
    RULE_RECRUIT,
    RULE_USE,
    UNITE_GAIN,
    WHY_AFFINITY,
    WHY_BANKER,
    WHY_CORRUPT,
    WHY_DEBATE,
    WHY_PERCEPTIVE,
    WHY_PREACHER,
    WHY_RECRUIT,
    WHY_RECRUIT_TOP,
    WHY_REPLAY,
    WHY_UNITE,
    WHY_USE,
    cite,
    result_text,
)
from companion.ephios.solo_state import distinct, possible
from companion.ephios.solo_table import Table, held


def recruit_cost(card: str, deck: EphiosDeck) -> tuple[int, int]:
    """The persuasion value a recruit of ``card`` can cost, as (lowest, highest): a Dignitary's
    is printed (3); an ordinary personality's is 1 or 2, which the rulebook does not list per
    card ("Persuasion value: This value goes from 1 to 3")."""
    if is_dignitary(card):
        return deck.dignitary_persuasion, deck.dignitary_persuasion
    return 1, deck.dignitary_persuasion - 1


class Turn(Table):
    """One player action and the Plot's turn(s) that follow, worked out on a copy of the state."""

    def slot(self, slot: int, verb: str) -> str:
        """The card in table slot ``slot``; InputError if that slot holds none."""
        card = self.s.card_at(slot) if isinstance(slot, int) and slot >= 1 else None
        if card is None:
            row = self.s.row()
            filled = [str(n) for n, c in enumerate(row, 1) if c is not None]
            raise InputError(
                say(
                    "{verb}: slot {slot} is empty (cards in slot {filled})",
                    verb=verb,
                    slot=slot,
                    filled=", ".join(filled) or _("none"),
                )
            )
        return card

    def pay(self, cost: int, what: str) -> None:
        """Pay ``cost`` tokens; InputError if you cannot hold that many."""
        s = self.s
        fewest, most = s.token_range()
        if most < cost:
            raise InputError(
                say(
                    "{what} costs {cost} and you have {tokens}",
                    what=what,
                    cost=cost,
                    tokens=held(fewest, most),
                )
            )
        s.set_tokens(max(fewest, cost) - cost, most - cost)

    def recruit(self, action: Recruit) -> None:
        """Recruit: pay a crossroads card's persuasion value (Dignitary 3, else 1-2), take it.

        The value of an ordinary personality (1 or 2) is not asked: no decision of the app
        depends on it (it never offers what you could not pay, and the Plot has no tokens),
        so your tokens are then known as a range, one the board and the menus both say. A
        second such value while the tokens are a range is asked (``cost``), so the range is
        never wider than one token. A value given (``cost``, or the answer ``cost`` of an
        older save) is used.
        """
        s = self.s
        card = self.slot(action.slot, "recruit")
        low, high = recruit_cost(card, self.deck)
        given = action.cost
        if given is None and "cost" in self.answers.raw:  # an older save answered it
            given = whole_number(self.answers.take("cost"), field="cost")
        if given is not None:
            Question("cost", "", "number", minimum=low, maximum=high).parse(str(given))
        fewest, most = s.token_range()
        if given is None and low <= min(high, most) == low:  # only one value you can pay
            given = low
        if given is None and low != high and fewest != most:
            # Your tokens are a range already: a second unasked value would widen it past
            # what you can count at a glance (0–3 while you hold 1), so this one is asked.
            given = int(
                self.need(
                    Question(
                        "cost",
                        say(
                            "The {card}'s persuasion value, as printed on the card?",
                            card=self.name(card),
                        ),
                        "number",
                        minimum=low,
                        maximum=min(high, most),
                    )
                )
            )
        cost = given if given is not None else (low if low == high else None)
        if cost is not None:
            self.pay(cost, say("recruit: the {card}", card=self.name(card)))
        else:
            if most < low:
                raise InputError(
                    say(
                        "recruit: the {card} costs {low} or {high} and you have {tokens}",
                        card=self.name(card),
                        low=low,
                        high=high,
                        tokens=held(fewest, most),
                    )
                )
            s.set_tokens(min(max(fewest, v) - v for v in range(low, high + 1)), most - low)
        s.take_slot(action.slot)
        s.hand.append(card)
        self.tell(
            "recruit",
            cite(WHY_RECRUIT),
            cards=(card,),
            slots=(action.slot,),
            rule=RULE_RECRUIT,
            cost=cost,
            low=low,
            high=high,
        )

    def recruit_top(self, action: RecruitTop) -> None:
        """Recruit the top card of the draw pile for 1 token (reshuffling the discard pile if empty)."""
        s = self.s
        if s.tokens < RECRUIT_TOP_COST:
            raise InputError(_("recruit from the draw pile: you have no persuasion tokens"))
        if not s.draw_count() and not s.discard_count():
            raise InputError(
                _("recruit from the draw pile: the draw pile and the discard pile are empty")
            )
        self.pay(RECRUIT_TOP_COST, _("recruit from the draw pile"))
        cost = RECRUIT_TOP_COST
        if s.draw_count():
            self.tell("recruit-top", cite(WHY_RECRUIT_TOP), rule=RULE_RECRUIT, cost=cost)
        else:
            # "If you must draw ... and there are not enough cards in the draw pile, rebuild a
            # new draw pile by shuffling the discard pile": first (solo: -10%, maybe 0%).
            self.tell("recruit-top", cite(WHY_RECRUIT_TOP), cost=cost, rebuild=True)
            self.rebuild()
            if self.ended:
                return
            self.tell("recruit-top.draw", cite(WHY_RECRUIT_TOP), rule=RULE_RECRUIT)
        q = Question(
            id="drawn",
            text=_("Which card did you draw from the top of the draw pile?"),
            kind="one",
            choices=possible(s.draw, self.deck),
        )
        card = str(q.parse(action.card) if action.card is not None else self.need(q))
        if action.card is None and len(q.choices) == 1:
            self.tell("recruit-top.known", cite(WHY_RECRUIT_TOP), kind="info", cards=(card,))
        s.draw[card] -= 1
        s.draw = +s.draw
        s.hand.append(card)

    def debate(self, action: Debate) -> None:
        """Debate: discard a crossroads card and gain 2 persuasion tokens (5 held at most)."""
        s = self.s
        self.slot(action.slot, "debate")
        card = s.take_slot(action.slot)
        self.discard(card)
        fewest, most = s.token_range()
        gain = min(DEBATE_GAIN, MAX_TOKENS - most)
        s.set_tokens(min(MAX_TOKENS, fewest + DEBATE_GAIN), min(MAX_TOKENS, most + DEBATE_GAIN))
        self.tell(
            "debate",
            cite(WHY_DEBATE),
            cards=(card,),
            slots=(action.slot,),
            rule=RULE_DEBATE,
            gain=gain,
            full=DEBATE_GAIN,
            most=MAX_TOKENS,
            range=fewest != most and min(DEBATE_GAIN, MAX_TOKENS - fewest) != gain,
        )

    def unite(self, action: Unite) -> None:
        """Unite: discard the whole hand for +10% popularity and, the first time, the affinity.

        No popularity when the Banker unites an alliance other than the Company.
        """
        s = self.s
        alliance = self.deck.parse_alliance(action.alliance)
        needed = self.deck.alliances[alliance].unite
        held = sum(1 for c in s.hand if card_alliance(c) == alliance)
        name = self.alliance_name(alliance)
        if action.banker and not s.hand:
            raise InputError(_("unite with the Banker: the Banker must be in your hand"))
        if not action.banker and held < needed:
            raise InputError(
                say(
                    "unite: the {alliance} needs {needed} of its personalities in your hand, "
                    "you hold {held}",
                    alliance=name,
                    needed=needed,
                    held=held,
                )
            )
        for card in s.hand:
            self.discard(card)
        self.tell(
            "unite", cite(WHY_UNITE), cards=tuple(s.hand), rule=RULE_PLAYER, alliance=alliance
        )
        s.hand = []
        if action.banker and alliance != "company":
            self.tell("unite.banker", cite(WHY_BANKER), "info", rule=RULE_CLARIFICATIONS)
        else:
            self.popularity(UNITE_GAIN, cite(WHY_UNITE), RULE_PLAYER)
        if alliance not in s.affinities:
            s.affinities.append(alliance)
            self.tell(
                "affinity",
                cite(WHY_AFFINITY),
                cards=(alliance,),
                rule=RULE_PLAYER,
            )
            self.check_end()

    def corrupt(self, action: Corrupt) -> int:
        """Corrupt: discard a Dignitary from the Plot zone; returns 2 (the Plot's turns to come)."""
        s = self.s
        alliance = self.deck.parse_alliance(action.alliance)
        if alliance not in s.plot_zone:
            raise InputError(
                say(
                    "corrupt: the {alliance} Dignitary is not in the Plot zone ({zone})",
                    alliance=self.alliance_name(alliance),
                    zone=", ".join(map(self.alliance_name, s.plot_zone)) or _("empty"),
                )
            )
        s.plot_zone.remove(alliance)
        self.discard(dignitary_of(alliance))
        self.tell(
            "corrupt",
            cite(WHY_CORRUPT),
            cards=(dignitary_of(alliance),),
            rule=RULE_PLAYER,
            turns=CORRUPT_PLOT_TURNS,
        )
        return CORRUPT_PLOT_TURNS

    def perceptive(self, action: Perceptive) -> None:
        """The Perceptive: take a Dignitary from the Plot zone into the hand, discard the Perceptive."""
        s = self.s
        alliance = self.deck.parse_alliance(action.alliance)
        if alliance not in s.plot_zone:
            raise InputError(
                say(
                    "use the Perceptive: the {alliance} Dignitary is not in the Plot zone ({zone})",
                    alliance=self.alliance_name(alliance),
                    zone=", ".join(map(self.alliance_name, s.plot_zone)) or _("empty"),
                )
            )
        if not s.hand:
            raise InputError(_("use the Perceptive: the Perceptive must be in your hand"))
        if action.card is not None:
            own = self.hand_card(action.card, "perceptive")
        else:
            choices = distinct(s.hand, self.deck)
            own = (
                choices[0]
                if len(choices) == 1
                else self.need(
                    Question(
                        "perceptive-card",
                        _("Which card of your hand is the Perceptive?"),
                        "one",
                        choices,
                    )
                )
            )
        s.hand.remove(own)
        self.discard(own)
        s.plot_zone.remove(alliance)
        s.hand.append(dignitary_of(alliance))
        self.tell(
            "perceptive",
            cite(WHY_PERCEPTIVE),
            cards=(own, dignitary_of(alliance)),
            rule=RULE_CLARIFICATIONS,
        )

    def use(self, action: Use) -> None:
        """Use a card of the hand: discard it (its effect is on the table; ``replay`` acts again)."""
        s = self.s
        card = self.hand_card(action.card, "use")
        s.hand.remove(card)
        self.discard(card)
        self.tell(
            "use",
            cite(WHY_USE),
            cards=(card,),
            rule=RULE_USE,
        )
        if action.replay:
            s.again = True
            self.tell("replay", cite(WHY_REPLAY), "info", rule=RULE_USE)

    # -- the whole action --------------------------------------------------
    def run(self, action: Action) -> None:
        """One action: the player's turn, End of Turn, the Plot's turn(s), then the next turn."""
        s = self.s
        if s.result:
            raise InputError(say("the game is over ({result})", result=result_text(s.result)))
        if "preacher" in self.answers.raw:
            # The Preacher armed for this action is a card of the hand (Clarifications: "you
            # may use the Preacher"): checked now, whether the Plot then debates or recruits.
            self.hand_card(self.answers.take("preacher"), "preacher")
        plot_turns = 1
        s.again = False
        if isinstance(action, Recruit):
            self.recruit(action)
        elif isinstance(action, RecruitTop):
            self.recruit_top(action)
        elif isinstance(action, Debate):
            self.debate(action)
        elif isinstance(action, Unite):
            self.unite(action)
        elif isinstance(action, Corrupt):
            plot_turns = self.corrupt(action)
        elif isinstance(action, Perceptive):
            self.perceptive(action)
        elif isinstance(action, Use):
            self.use(action)
        else:
            raise InputError(say("{action} is not an action", action=repr(action)))
        if self.ended or s.again:
            return
        self.end_of_turn(_("after your turn"))
        for number in range(1, plot_turns + 1):
            if self.ended:
                break
            self.plot_turn(number, plot_turns)
        armed = str(self.answers.raw.get("preacher", "")).strip().lower()
        if armed in s.hand and not self.preacher_used and not self.ended:
            # (a Preacher the action itself discarded, e.g. by uniting, is not announced)
            self.answers.take("preacher")
            self.tell("preacher.unused", cite(WHY_PREACHER), "info", rule=RULE_CLARIFICATIONS)
        if not self.ended:
            s.turn += 1
