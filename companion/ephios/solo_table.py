"""The table during one step of Ephios solo: the End of Turn, the refill and the Plot's turn.

:class:`Table` works on a copy of the state, collecting announcements; a
fact it cannot know (a revealed card, which card to discard) is asked
through :meth:`Table.need`, which raises NeedAnswers with the table so far
and changes nothing. The player's actions (:mod:`companion.ephios.solo_turn`)
and the table corrections (:mod:`companion.ephios.solo_corrections`) build on it.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from companion.core.catalog import _, say, say_n
from companion.core.errors import InputError
from companion.core.questions import Announcement, AnnouncementKind, Answers, NeedAnswers, Question
from companion.ephios.cards import EphiosDeck, alliance_name, card_alliance, card_name
from companion.ephios.plot import CROSSROADS_SIZE, plot_decision
from companion.ephios.solo_rules import (
    HAND_LIMIT,
    MAX_POPULARITY,
    MIN_POPULARITY,
    RESHUFFLE_LOSS,
    RULE_CLARIFICATIONS,
    RULE_END,
    RULE_END_OF_TURN,
    RULE_PLOT,
    WHY_EMPTY_PILES,
    WHY_HAND_LIMIT,
    WHY_LOST_PLOT,
    WHY_LOST_POPULARITY,
    WHY_PREACHER,
    WHY_REFILL,
    WHY_RESHUFFLE,
    WHY_WON,
    cite,
)
from companion.ephios.solo_state import SoloState, distinct, possible
from companion.ephios.words import SOLO_WORDS, tokens


def held(fewest: int, most: int) -> str:
    """The tokens you hold in words, one number or the range both the board and the menus
    show: '2 persuasion tokens', '0–2 persuasion tokens'."""
    if fewest == most:
        return tokens(most)
    return say_n("{low}–{n} persuasion token", "{low}–{n} persuasion tokens", most, low=fewest)


def dignitaries_to_lose(deck: EphiosDeck) -> int:
    """How many Dignitaries in the Plot zone lose the game: one per alliance (the 5)."""
    return len(deck.alliances)


def affinities_to_win(deck: EphiosDeck) -> int:
    """How many different affinities win the game: one per alliance (the 5)."""
    return len(deck.alliances)


class Table:
    """A copy of the state and what to announce, for one step of the game."""

    def __init__(self, state: SoloState, answers: Answers, deck: EphiosDeck) -> None:
        self.s = copy.deepcopy(state)
        self.answers = answers
        self.deck = deck
        self.out: list[Announcement] = []
        self.reveals = 0
        self.limits = 0
        self.preacher_used = False
        # The crossroads row while it is refilled: revealed cards, None for the empty slots.
        self.row: list[str | None] | None = None

    # -- helpers ---------------------------------------------------------
    def tell(
        self,
        what: str,
        why: str = "",
        kind: AnnouncementKind = "do",
        who: str = "you",
        **data: Any,
    ) -> None:
        """Announce one step as data: ``what``, the rule behind it, its cards and slots and
        the facts its words need; its text is the screen form of ``SOLO_WORDS``."""
        self.out.append(SOLO_WORDS.announce(what, why, who, kind, deck=self.deck, **data))

    def name(self, card: str) -> str:
        """A card in words ('Order Dignitary')."""
        return card_name(card, self.deck)

    def alliance_name(self, alliance: str) -> str:
        """An alliance in words ('Order')."""
        return alliance_name(alliance, self.deck)

    def need(self, question: Question) -> Any:
        """The parsed answer to ``question``; NeedAnswers (with the table so far) if missing."""
        self.answers.note(question.id)
        if question.id in self.answers.raw:
            raw = self.answers.take(question.id)
            return question.parse(str(raw).lower() if question.kind == "one" else str(raw))
        if question.kind == "one" and len(question.choices) == 1:
            # One possible answer (the last kind of card in the draw pile): not asked, taken;
            # the announcement that follows names it.
            return question.choices[0]
        # What was worked out before the question, and the table so far (for display only).
        raise NeedAnswers([question], list(self.out), self.context())

    def context(self) -> dict[str, Any]:
        """The table so far, for a screen to show while a question waits (display only).

        ``state``: a copy of the state with every step worked out so far
        (during a refill its crossroads holds the cards already revealed);
        ``crossroads``: the crossroads row as it lies on the table, slot 1
        first, ``None`` for a slot still empty (the refill reveals into the
        empty slots from slot 1; a card taken leaves a gap where it was);
        ``preacher_used``: whether the armed Preacher was played already (its flag is
        gone from the hand shown).
        """
        state = copy.deepcopy(self.s)
        row = list(self.row) if self.row is not None else state.row()
        state.crossroads = [c for c in row if c is not None]
        state.gaps = [n for n, c in enumerate(row, 1) if c is None]
        return {"state": state, "crossroads": row, "preacher_used": self.preacher_used}

    @property
    def ended(self) -> bool:
        """Whether the game is over (won or lost): nothing more happens this action."""
        return self.s.result is not None

    def check_end(self) -> None:
        """Victory and defeat, checked after every change ("the game stops immediately")."""
        s = self.s
        if s.result:
            return
        if len(set(s.affinities)) >= affinities_to_win(self.deck):
            s.result = "won"
            n = affinities_to_win(self.deck)
            self.tell("won", cite(WHY_WON, alliances=n), "end", rule=RULE_END, n=n)
        elif s.popularity <= MIN_POPULARITY:
            s.popularity = MIN_POPULARITY
            s.result = "lost"
            self.tell(
                "lost.popularity", cite(WHY_LOST_POPULARITY), "end", rule=RULE_END, n=MIN_POPULARITY
            )
        elif len(set(s.plot_zone)) >= dignitaries_to_lose(self.deck):
            s.result = "lost"
            n = dignitaries_to_lose(self.deck)
            self.tell("lost.plot", cite(WHY_LOST_PLOT, alliances=n), "end", rule=RULE_END, n=n)
        if s.result:
            s.ended_turn = s.turn

    def popularity(self, delta: int, why: str, rule: str = "") -> None:
        """Move the popularity marker by ``delta``% (kept on the 0-100% track); check the end."""
        before = self.s.popularity
        self.s.popularity = max(MIN_POPULARITY, min(MAX_POPULARITY, before + delta))
        self.tell("popularity", why, rule=rule, delta=delta, before=before, after=self.s.popularity)
        self.check_end()

    def discard(self, card: str) -> None:
        """Put ``card`` face up on the discard pile (it becomes the known top card)."""
        self.s.discard[card] += 1
        self.s.discard_top = card

    def hand_card(self, text: str, role: str) -> str:
        """The card ``text`` names; InputError (naming ``role``) if it is not in the hand."""
        card = self.deck.parse_card(text, item=role)
        if card not in self.s.hand:
            raise InputError(
                say(
                    "{role}: no {card} in your hand ({hand})",
                    role=role,
                    card=card,
                    hand=", ".join(self.s.hand) or _("empty"),
                )
            )
        return card

    # -- End of Turn ---------------------------------------------------------
    def rebuild(self) -> bool:
        """Shuffle the discard pile into a new draw pile (−10%); False if there is nothing to shuffle."""
        s = self.s
        if not s.discard_count():
            self.tell("piles.empty", cite(WHY_EMPTY_PILES), "info", rule=RULE_END_OF_TURN)
            return False
        self.tell("reshuffle", cite(WHY_RESHUFFLE), rule=RULE_END_OF_TURN, count=s.discard_count())
        s.draw = s.discard
        s.discard = Counter()
        s.discard_top = None
        s.reshuffles += 1
        self.popularity(-RESHUFFLE_LOSS, cite(WHY_RESHUFFLE), RULE_END_OF_TURN)
        return True

    def reveal(self, slot: int, context: str) -> str | None:
        """Reveal the top card into ``slot`` (asked), reshuffling an empty draw pile; None if none."""
        if not self.s.draw_count() and (not self.rebuild() or self.ended):
            return None
        self.reveals += 1
        card = self.need(
            Question(
                id=f"reveal-{self.reveals}",
                text=say("Card revealed into slot {slot} ({when})?", slot=slot, when=context),
                kind="one",
                choices=possible(self.s.draw, self.deck),
            )
        )
        self.s.draw[card] -= 1
        self.s.draw = +self.s.draw
        return str(card)

    def refill(self, context: str) -> None:
        """Slide the crossroads right (closing the gaps) and reveal cards into the empty slots,
        from slot 1."""
        s = self.s
        slid = bool(s.gaps)
        s.gaps = []
        missing = CROSSROADS_SIZE - len(s.crossroads)
        new: list[str] = []
        for slot in range(1, missing + 1):
            self.row = [*new, *([None] * (missing - len(new))), *s.crossroads]
            card = self.reveal(slot, context)
            if card is None:
                break
            new.append(card)
            if self.ended:
                break
        self.row = None
        s.crossroads = new + s.crossroads
        if missing > len(new):  # both piles ran out: the empty slots stay on the left
            s.gaps = list(range(len(new) + 1, missing + 1))
        if new:
            self.tell(
                "refill",
                cite(WHY_REFILL),
                cards=tuple(new),
                slots=tuple(range(1, len(new) + 1)),
                rule=RULE_END_OF_TURN,
            )
        elif slid and missing > 0 and not self.ended:
            self.tell("slide", cite(WHY_REFILL), rule=RULE_END_OF_TURN)
        elif slid and not self.ended:
            self.tell("slide", cite(WHY_REFILL), rule=RULE_END_OF_TURN, gap=True)

    def hand_limit(self) -> None:
        """End of Turn: discard from the hand (no effects) down to 3 cards; asks which if unclear."""
        s = self.s
        while len(s.hand) > HAND_LIMIT:
            choices = distinct(s.hand, self.deck)
            if len(choices) == 1:
                card = choices[0]
            else:
                self.limits += 1
                card = self.need(
                    Question(
                        id=f"hand-limit-{self.limits}",
                        text=say(
                            "Hand limit: you hold {held} personalities, keep {limit}. "
                            "Which do you discard?",
                            held=len(s.hand),
                            limit=HAND_LIMIT,
                        ),
                        kind="one",
                        choices=choices,
                    )
                )
            s.hand.remove(card)
            self.discard(card)
            self.tell(
                "hand-limit",
                cite(WHY_HAND_LIMIT),
                cards=(card,),
                rule=RULE_END_OF_TURN,
            )

    def end_of_turn(self, context: str) -> None:
        """End of Turn: the hand limit, then the crossroads refill."""
        self.hand_limit()
        if not self.ended:
            self.refill(context)

    # -- the Plot's turn ---------------------------------------------------
    def plot_turn(self, number: int, of: int) -> None:
        """Plot turn ``number`` of ``of``: it recruits, debates or does nothing; then End of Turn."""
        s = self.s
        decision = plot_decision(s.row())
        if decision.action == "recruit" and decision.slot and decision.card:
            s.take_slot(decision.slot)
            s.plot_zone.append(card_alliance(decision.card))
            self.tell(
                "plot.recruit",
                decision.why,
                who="plot",
                cards=(decision.card,),
                slots=(decision.slot,),
                rule=RULE_PLOT,
                number=number,
                of=of,
            )
            self.check_end()
        elif decision.action == "debate" and decision.slot and decision.card:
            card = s.take_slot(decision.slot)
            self.tell(
                "plot.debate",
                decision.why,
                who="plot",
                cards=(card,),
                slots=(decision.slot,),
                rule=RULE_PLOT,
                number=number,
                of=of,
            )
            if "preacher" in self.answers.raw and not self.preacher_used:
                self.preacher(card)
            else:
                self.discard(card)
        else:
            self.tell(
                "plot.none",
                decision.why,
                "info",
                who="plot",
                rule=RULE_PLOT,
                number=number,
                of=of,
            )
        if not self.ended:
            self.end_of_turn(
                _("after the Plot's turn")
                if of == 1
                else say("after the Plot's turn {number}", number=number)
            )

    def preacher(self, card: str) -> None:
        """Use the Preacher: the card the Plot debated goes to the hand instead of the discard."""
        s = self.s
        self.preacher_used = True
        if not s.hand:
            raise InputError(_("preacher: your hand is empty, the Preacher is not in it"))
        own = self.hand_card(self.answers.take("preacher"), "preacher")
        s.hand.remove(own)
        self.discard(own)
        s.hand.append(card)
        self.tell(
            "preacher",
            cite(WHY_PREACHER),
            cards=(own, card),
            rule=RULE_CLARIFICATIONS,
        )
