"""Ephios solo mode: the player against the Plot (rulebook, "Solo Mode").

A game is a Journal: options (difficulty, the initial crossroads) and one
event per player action ``{"kind": "act", "action": [words], "answers":
{id: value}}``. The state is derived by replaying the events. The app sees
every card move, so it knows the exact cards of the draw and discard piles
and offers only the still-possible cards when it asks what was revealed.

Actions (word lists; the CLI takes the same words):

- ``recruit SLOT [COST]``: a personality from the crossroads (COST, the
  persuasion value 1-2 of an ordinary personality, is asked if not given;
  a Dignitary costs 3).
- ``recruit-top [CARD]``: the first card of the draw pile for 1 token (the
  card drawn is asked if not given: question ``drawn``).
- ``debate SLOT``: discard a personality from the crossroads, gain 2 tokens.
- ``unite ALLIANCE [banker]``: discard the whole hand, +10% popularity (none
  when the Banker unites an alliance other than the Company), the affinity
  of an alliance united for the first time.
- ``corrupt ALLIANCE``: discard that Dignitary from the Plot zone; the Plot
  then takes two turns.
- ``use perceptive ALLIANCE [CARD]``: the Perceptive (CARD: which card of
  your hand it is, asked as ``perceptive-card`` if unclear) takes that
  alliance's Dignitary from the Plot zone into your hand.
- ``use CARD [replay]``: any other effect the app does not model: the used
  card goes from your hand to the discard pile; with ``replay`` you act
  again at once (no end of turn, no Plot turn).

The optional answer ``preacher=CARD`` (CARD: the card of your hand that is
the Preacher) uses the Preacher the first time the Plot debates during that
action: the debated personality goes to your hand instead of the discard.

Table corrections, for the effects the app does not model (they are not
actions: no end of turn, no Plot turn; victory and defeat are checked at
once):

- ``{"kind": "move", "card": CARD, "from": ZONE, "to": ZONE}``: a card the
  user moved. ZONE is ``crossroads[:SLOT]``, ``hand``, ``plot``,
  ``discard`` or ``draw`` (the top of the draw pile). Taking the first
  card of an empty draw pile shuffles the discard pile first (−10%).
  Leaving the crossroads leaves a gap that the next refill fills by
  sliding right; entering it puts the card at SLOT (default 1, the left
  end, next to the draw pile), so the crossroads may hold 5 cards (the
  Medium) and is refilled only when it has fewer than 4 again.
- ``{"kind": "set", "what": WHAT, "value": VALUE}``: ``popularity``
  (0-100), ``persuasion`` (0-5) or ``affinities`` (a list of alliances).

Questions: ``reveal-1``, ``reveal-2``, ... (cards revealed, in order),
``cost``, ``drawn``, ``perceptive-card``, ``hand-limit-1``, ... A step that
lacks an answer raises NeedAnswers (with ``.announcements``, what was
worked out so far, and ``.context``, the table so far: see
:meth:`_Turn.context`) and changes nothing.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import session
from companion.core.errors import InputError
from companion.core.journal import Journal
from companion.core.questions import Announcement, Answers, NeedAnswers, Question
from companion.core.rng import new_seed
from companion.core.validate import Fields
from companion.ephios.cards import (
    EphiosDeck,
    card_alliance,
    dignitary_of,
    is_dignitary,
    load_deck,
)
from companion.ephios.plot import CROSSROADS_SIZE, plot_decision

GAME = "ephios-solo"
# "Choose your difficulty by placing a marker on: 30% (easy), 20% (normal) or 10% (hard)."
DIFFICULTIES = {"easy": 30, "normal": 20, "hard": 10}
SUPPLY = 5
START_TOKENS = 2
MAX_TOKENS = 5
HAND_LIMIT = 3
DEBATE_GAIN = 2
RECRUIT_TOP_COST = 1
UNITE_GAIN = 10
RESHUFFLE_LOSS = 10
VERBS = ("recruit", "recruit-top", "debate", "unite", "corrupt", "use")
ZONES = ("crossroads", "hand", "plot", "discard", "draw")
CORRECTIONS = ("popularity", "persuasion", "affinities")
MAX_POPULARITY = 100

WHY_RECRUIT = "Recruit: spend as many persuasion tokens as the value on the card"
WHY_RECRUIT_TOP = "Recruit: take the first card of the draw pile for 1 persuasion token"
WHY_DEBATE = "Debate: gain 2 persuasion tokens by discarding a personality from the crossroads (5 held at most)"
WHY_UNITE = (
    "Solo mode, Unite: discard all your hand and gain only 10% popularity, whatever the alliance"
)
WHY_BANKER = "Solo clarification, the Banker: using it to unite an alliance other than the Company gives no 10%"
WHY_AFFINITY = "Solo mode, Unite: an alliance united for the first time gives its affinity"
WHY_CORRUPT = "Solo mode, Corrupt: discard a Dignitary from the Plot zone; the Plot then takes 2 turns in a row"
WHY_PERCEPTIVE = (
    "Solo clarification, the Perceptive: choose a card in the Plot zone and add it to your hand"
)
WHY_PREACHER = "Solo clarification, the Preacher: when the Plot debates, you may add that personality to your hand"
WHY_USE = "Use: reveal the card, apply its effect, discard it"
WHY_HAND_LIMIT = "End of Turn: more than 3 personalities in hand, discard the excess (no effects)"
WHY_REFILL = (
    "End of Turn: slide the crossroads right, then reveal new personalities into the empty slots"
)
WHY_RESHUFFLE = "End of Turn: shuffling the discard pile into a new draw pile costs 10% popularity"
WHY_MOVE = "Use: reveal the card, apply its effect; a move you report, the app does not model it"
WHY_MEDIUM = (
    "Use, the Medium: no more room on the crossroads, add the card anyway; "
    "refill when it again has fewer than 4 cards"
)
WHY_SET = "Table correction: the app now follows the table"
WHY_WON = "Solo mode, Victory: you gathered the 5 different affinities"
WHY_LOST_POPULARITY = "Solo mode, Defeat: your popularity reached 0%"
WHY_LOST_PLOT = "Solo mode, Defeat: the 5 Dignitaries are in the Plot zone"


@dataclass
class SoloState:
    """Everything the app knows about a solo game (derived by replaying the journal)."""

    difficulty: str
    popularity: int
    crossroads: list[str]
    draw: Counter
    discard: Counter = field(default_factory=Counter)
    discard_top: str | None = None
    plot_zone: list[str] = field(default_factory=list)  # alliances of the Dignitaries there
    plot_others: list[str] = field(default_factory=list)  # ordinary personalities moved there
    hand: list[str] = field(default_factory=list)
    tokens: int = START_TOKENS
    affinities: list[str] = field(default_factory=list)
    turn: int = 1
    result: str | None = None  # None, "won" or "lost"
    reshuffles: int = 0
    again: bool = False  # a "Replay" effect: the player acts again before the Plot

    @property
    def supply(self) -> int:
        """Persuasion tokens in the supply (the Plot never holds any)."""
        return SUPPLY - self.tokens

    def draw_count(self) -> int:
        """Cards in the draw pile."""
        return sum(self.draw.values())

    def discard_count(self) -> int:
        """Cards in the discard pile."""
        return sum(self.discard.values())

    def plot_cards(self) -> list[str]:
        """Every card of the Plot zone in card syntax (its Dignitaries, then any other card)."""
        return [dignitary_of(a) for a in self.plot_zone] + list(self.plot_others)

    def to_json(self, deck: EphiosDeck | None = None) -> dict:
        """The state as the CLI's JSON object (``solo show --json``)."""
        deck = deck or load_deck()
        order = deck.card_order()
        return {
            "game": GAME,
            "turn": self.turn,
            "difficulty": self.difficulty,
            "popularity": self.popularity,
            "crossroads": list(self.crossroads),
            "plot_zone": list(self.plot_zone),
            "plot_zone_cards": self.plot_cards(),
            "hand": list(self.hand),
            "persuasion": self.tokens,
            "supply": self.supply,
            "affinities": list(self.affinities),
            "draw_pile": self.draw_count(),
            "discard_pile": self.discard_count(),
            "discard_top": self.discard_top,
            "draw_pile_cards": {c: self.draw[c] for c in order if self.draw[c]},
            "discard_pile_cards": {c: self.discard[c] for c in order if self.discard[c]},
            "reshuffles": self.reshuffles,
            "act_again": self.again,
            "plot_next": plot_decision(self.crossroads).to_json(),
            "result": self.result,
            "summary": summary(self),
        }


def summary(state: SoloState) -> str:
    """A short status line for the resume list: 'turn 7 · 40% · 2 affinities'."""
    n = len(state.affinities)
    text = f"turn {state.turn} · {state.popularity}% · {n} {'affinity' if n == 1 else 'affinities'}"
    return f"{text} · {state.result}" if state.result else text


def _answers(answers: Answers | Mapping[str, str] | None) -> Answers:
    if isinstance(answers, Answers):
        return answers
    return Answers(raw=dict(answers or {}))


def _possible(counter: Counter, deck: EphiosDeck) -> tuple[str, ...]:
    return tuple(c for c in deck.card_order() if counter[c] > 0)


def _distinct(cards: Sequence[str], deck: EphiosDeck) -> tuple[str, ...]:
    return tuple(c for c in deck.card_order() if c in cards)


def start_state(
    difficulty: str, crossroads: Sequence[str], deck: EphiosDeck | None = None
) -> SoloState:
    """The state after set-up: popularity by difficulty, 4 cards on the crossroads, 2 tokens."""
    deck = deck or load_deck()
    if difficulty not in DIFFICULTIES:
        raise InputError(
            f"{difficulty!r} is not one of {', '.join(DIFFICULTIES)}", field="difficulty"
        )
    cards = [deck.parse_card(c, item=f"slot {n}") for n, c in enumerate(crossroads, 1)]
    if len(cards) != CROSSROADS_SIZE:
        raise InputError(f"the initial crossroads needs {CROSSROADS_SIZE} cards, got {len(cards)}")
    deck.check_holdable(cards, where="crossroads")
    draw = deck.personalities()
    draw.subtract(cards)
    return SoloState(
        difficulty=difficulty, popularity=DIFFICULTIES[difficulty], crossroads=cards, draw=+draw
    )


def setup_questions(answers: Answers | Mapping[str, str] | None = None) -> list[str]:
    """The 4 initial crossroads cards from answers ``reveal-1``..``reveal-4``; NeedAnswers if some are missing."""
    deck = load_deck()
    ans = _answers(answers)
    remaining = deck.personalities()
    cards: list[str] = []
    missing: list[Question] = []
    for slot in range(1, CROSSROADS_SIZE + 1):
        q = Question(
            id=f"reveal-{slot}",
            text=f"Set-up: card revealed into slot {slot} of the crossroads?",
            kind="one",
            choices=_possible(remaining, deck),
        )
        if q.id in ans.raw:
            card = q.parse(str(ans.raw[q.id]).lower())
            remaining[card] -= 1
            cards.append(card)
        else:
            missing.append(q)
    if missing:
        raise NeedAnswers(missing)
    extra = [
        k
        for k in ans.raw
        if k.startswith("reveal-") and k not in {f"reveal-{i}" for i in range(1, 5)}
    ]
    if extra:
        raise InputError(
            f"the set-up reveals only {CROSSROADS_SIZE} cards, {len(extra)} more were given"
        )
    return cards


def new_game(
    difficulty: str = "normal",
    seed: int | None = None,
    answers: Answers | Mapping[str, str] | None = None,
) -> Journal:
    """A new solo game; the initial crossroads comes from answers ``reveal-1``..``reveal-4``."""
    if difficulty not in DIFFICULTIES:
        raise InputError(
            f"{difficulty!r} is not one of {', '.join(DIFFICULTIES)}", field="difficulty"
        )
    cards = setup_questions(answers)
    journal = Journal(
        game=GAME,
        seed=seed if seed is not None else new_seed(),
        options={"difficulty": difficulty, "crossroads": cards},
    )
    journal.summary = summary(replay(journal))
    return journal


def setup_steps(state: SoloState) -> list[Announcement]:
    """What to do on the table to set up (rulebook, "Solo Mode > Setup")."""
    why = "Solo mode, Setup"
    return [
        Announcement(
            f"Place the popularity board on its Plot side and a marker on {state.popularity}% ({state.difficulty}).",
            why,
        ),
        Announcement(
            "Put the inhabitants back in the box; shuffle the 14 personalities into a draw pile.",
            why,
        ),
        Announcement(
            "Crossroads (slot 1 = left): "
            + ", ".join(state.crossroads)
            + ". Leave room for the discard pile.",
            why,
        ),
        Announcement("Place the 5 affinity cards next to the board.", why),
        Announcement(
            f"Form a supply of {SUPPLY} persuasion tokens and take {START_TOKENS} of them.", why
        ),
    ]


class _Turn:
    """One player action and the Plot's turn(s) that follow, worked out on a copy of the state."""

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
    def say(self, text: str, why: str = "", kind: str = "do", who: str = "you") -> None:
        """Announce one step (what to do on the table, and the rule behind it)."""
        self.out.append(Announcement(text, why, kind, who))

    def need(self, question: Question):
        """The parsed answer to ``question``; NeedAnswers (with the table so far) if missing."""
        if question.id in self.answers.raw:
            raw = self.answers.raw[question.id]
            self.answers.used.add(question.id)
            return question.parse(str(raw).lower() if question.kind == "one" else str(raw))
        # What was worked out before the question, and the table so far (for display only).
        raise NeedAnswers([question], list(self.out), self.context())

    def context(self) -> dict:
        """The table so far, for a screen to show while a question waits (display only).

        ``state``: a copy of the state with every step worked out so far
        (during a refill its crossroads holds the cards already revealed);
        ``crossroads``: the crossroads row as it lies on the table, slot 1
        first, ``None`` for a slot still empty (the refill reveals into the
        empty slots from slot 1).
        """
        state = copy.deepcopy(self.s)
        row = list(self.row) if self.row is not None else list(state.crossroads)
        state.crossroads = [c for c in row if c is not None]
        return {"state": state, "crossroads": row}

    @property
    def ended(self) -> bool:
        """Whether the game is over (won or lost): nothing more happens this action."""
        return self.s.result is not None

    def check_end(self) -> None:
        """Victory and defeat, checked after every change ("the game stops immediately")."""
        s = self.s
        if s.result:
            return
        if len(set(s.affinities)) >= len(self.deck.alliances):
            s.result = "won"
            self.say("You win: you hold the 5 affinities.", WHY_WON, "end")
        elif s.popularity <= 0:
            s.popularity = 0
            s.result = "lost"
            self.say("You lose: your popularity is 0%.", WHY_LOST_POPULARITY, "end")
        elif len(set(s.plot_zone)) >= len(self.deck.alliances):
            s.result = "lost"
            self.say("You lose: the 5 Dignitaries are in the Plot zone.", WHY_LOST_PLOT, "end")

    def popularity(self, delta: int, why: str) -> None:
        """Move the popularity marker by ``delta``% (kept on the 0-100% track); check the end."""
        # The popularity track runs from 0% to 100% (``set popularity`` takes the same range).
        self.s.popularity = max(0, min(MAX_POPULARITY, self.s.popularity + delta))
        sign = "+" if delta >= 0 else "−"
        self.say(f"Popularity {sign}{abs(delta)}%: move your marker to {self.s.popularity}%.", why)
        self.check_end()

    def discard(self, card: str) -> None:
        """Put ``card`` face up on the discard pile (it becomes the known top card)."""
        self.s.discard[card] += 1
        self.s.discard_top = card

    def rebuild(self) -> bool:
        """Shuffle the discard pile into a new draw pile (−10%); False if there is nothing to shuffle."""
        s = self.s
        if not s.discard_count():
            self.say(
                "The draw pile and the discard pile are empty: the crossroads stays short.",
                "End of Turn: only the cards left can be revealed",
                "info",
            )
            return False
        self.say(
            f"Shuffle the discard pile ({s.discard_count()} card{'s' if s.discard_count() > 1 else ''}) "
            "to form a new draw pile.",
            WHY_RESHUFFLE,
        )
        s.draw = s.discard
        s.discard = Counter()
        s.discard_top = None
        s.reshuffles += 1
        self.popularity(-RESHUFFLE_LOSS, WHY_RESHUFFLE)
        return True

    def reveal(self, slot: int, context: str) -> str | None:
        """Reveal the top card into ``slot`` (asked), reshuffling an empty draw pile; None if none."""
        if not self.s.draw_count() and (not self.rebuild() or self.ended):
            return None
        self.reveals += 1
        card = self.need(
            Question(
                id=f"reveal-{self.reveals}",
                text=f"Card revealed into slot {slot} ({context})?",
                kind="one",
                choices=_possible(self.s.draw, self.deck),
            )
        )
        self.s.draw[card] -= 1
        self.s.draw = +self.s.draw
        return card

    def refill(self, context: str) -> None:
        """Slide the crossroads right and reveal cards into the empty slots, from slot 1."""
        s = self.s
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
        if new:
            shown = ", ".join(f"slot {n}: {c}" for n, c in enumerate(new, 1))
            self.say(f"Slide the crossroads right and reveal {shown}.", WHY_REFILL)

    def hand_limit(self) -> None:
        """End of Turn: discard from the hand (no effects) down to 3 cards; asks which if unclear."""
        s = self.s
        while len(s.hand) > HAND_LIMIT:
            choices = _distinct(s.hand, self.deck)
            if len(choices) == 1:
                card = choices[0]
            else:
                self.limits += 1
                card = self.need(
                    Question(
                        id=f"hand-limit-{self.limits}",
                        text=f"Hand limit: you hold {len(s.hand)} personalities, keep 3. Which do you discard?",
                        kind="one",
                        choices=choices,
                    )
                )
            s.hand.remove(card)
            self.discard(card)
            self.say(
                f"Discard the {card} from your hand without applying its effect.", WHY_HAND_LIMIT
            )

    def end_of_turn(self, context: str) -> None:
        """End of Turn: the hand limit, then the crossroads refill."""
        self.hand_limit()
        if not self.ended:
            self.refill(context)

    # -- the player's turn -------------------------------------------------
    def slot(self, words: Sequence[str], verb: str) -> int:
        """The crossroads slot first in ``words`` (1 = leftmost); InputError if empty or not a number."""
        if not words:
            raise InputError(f"{verb} needs a slot number (1 = leftmost)")
        try:
            slot = int(words[0])
        except ValueError:
            raise InputError(f"{verb}: slot {words[0]!r} is not a number") from None
        if not 1 <= slot <= len(self.s.crossroads):
            raise InputError(
                f"{verb}: slot {slot} is empty (the crossroads has {len(self.s.crossroads)} cards)"
            )
        return slot

    def hand_card(self, text: str, role: str) -> str:
        """The card ``text`` names; InputError (naming ``role``) if it is not in the hand."""
        card = self.deck.parse_card(text, item=role)
        if card not in self.s.hand:
            raise InputError(
                f"{role}: no {card} in your hand ({', '.join(self.s.hand) or 'empty'})"
            )
        return card

    def recruit(self, words: Sequence[str]) -> None:
        """Recruit: pay a crossroads card's persuasion value (Dignitary 3, else 1-2, asked), take it."""
        s = self.s
        slot = self.slot(words, "recruit")
        card = s.crossroads[slot - 1]
        if s.tokens < 1:
            raise InputError("recruit: you have no persuasion tokens")
        if is_dignitary(card):
            cost = self.deck.dignitary_persuasion
        elif len(words) > 1:
            low, high = recruit_cost(card, self.deck)
            cost = Question("cost", "", "number", minimum=low, maximum=high).parse(words[1])
        else:
            cost = self.need(
                Question(
                    id="cost",
                    text=f"Persuasion value of the {card} in slot {slot}?",
                    kind="number",
                    minimum=1,
                    maximum=self.deck.dignitary_persuasion - 1,
                )
            )
        if cost > s.tokens:
            raise InputError(
                f"recruit: the {card} costs {cost} and you have {s.tokens} persuasion tokens"
            )
        s.tokens -= cost
        s.crossroads.pop(slot - 1)
        s.hand.append(card)
        self.say(
            f"Return {cost} persuasion token{'s' if cost > 1 else ''} to the supply and take the {card} "
            f"from slot {slot} into your hand.",
            WHY_RECRUIT,
        )

    def recruit_top(self, words: Sequence[str]) -> None:
        """Recruit the top card of the draw pile for 1 token (reshuffling the discard pile if empty)."""
        s = self.s
        if s.tokens < RECRUIT_TOP_COST:
            raise InputError("recruit-top: you have no persuasion tokens")
        if not s.draw_count() and not s.discard_count():
            raise InputError("recruit-top: the draw pile and the discard pile are empty")
        s.tokens -= RECRUIT_TOP_COST
        if s.draw_count():
            self.say(
                "Return 1 persuasion token to the supply and secretly take the first card of the draw pile.",
                WHY_RECRUIT_TOP,
            )
        else:
            # "If you must draw ... and there are not enough cards in the draw pile, rebuild a
            # new draw pile by shuffling the discard pile": first (solo: -10%, maybe 0%).
            self.say("Return 1 persuasion token to the supply.", WHY_RECRUIT_TOP)
            self.rebuild()
            if self.ended:
                return
            self.say("Secretly take the first card of the new draw pile.", WHY_RECRUIT_TOP)
        q = Question(
            id="drawn",
            text="Which card did you draw from the top of the draw pile?",
            kind="one",
            choices=_possible(s.draw, self.deck),
        )
        card = q.parse(words[0].lower()) if words else self.need(q)
        s.draw[card] -= 1
        s.draw = +s.draw
        s.hand.append(card)

    def debate(self, words: Sequence[str]) -> None:
        """Debate: discard a crossroads card and gain 2 persuasion tokens (5 held at most)."""
        s = self.s
        slot = self.slot(words, "debate")
        card = s.crossroads.pop(slot - 1)
        self.discard(card)
        gain = min(DEBATE_GAIN, MAX_TOKENS - s.tokens)
        s.tokens += gain
        self.say(
            f"Discard the {card} from slot {slot} and take {gain} persuasion tokens from the supply.",
            WHY_DEBATE,
        )

    def unite(self, words: Sequence[str]) -> None:
        """Unite: discard the whole hand for +10% popularity and, the first time, the affinity.

        No popularity when the Banker unites an alliance other than the Company.
        """
        s = self.s
        if not words:
            raise InputError("unite needs an alliance")
        alliance = self.deck.parse_alliance(words[0])
        extra = [w for w in words[1:] if w != "banker"]
        if extra:
            raise InputError(
                f"unite: unexpected {' '.join(extra)!r} (only 'banker' may follow the alliance)"
            )
        banker = "banker" in words[1:]
        needed = self.deck.alliances[alliance].unite
        held = sum(1 for c in s.hand if card_alliance(c) == alliance)
        if banker and not s.hand:
            raise InputError("unite with the Banker: the Banker must be in your hand")
        if not banker and held < needed:
            raise InputError(
                f"unite: the {alliance} needs {needed} of its personalities in your hand, you hold {held}"
            )
        for card in s.hand:
            self.discard(card)
        self.say(f"Discard all your hand ({', '.join(s.hand)}) to unite the {alliance}.", WHY_UNITE)
        s.hand = []
        if banker and alliance != "company":
            self.say(
                "No popularity gain: the Banker united an alliance other than the Company.",
                WHY_BANKER,
                "info",
            )
        else:
            self.popularity(UNITE_GAIN, WHY_UNITE)
        if alliance not in s.affinities:
            s.affinities.append(alliance)
            self.say(f"Take the {alliance} affinity and place it in front of you.", WHY_AFFINITY)
            self.check_end()

    def corrupt(self, words: Sequence[str]) -> int:
        """Corrupt: discard a Dignitary from the Plot zone; returns 2 (the Plot's turns to come)."""
        s = self.s
        if not words:
            raise InputError("corrupt needs the alliance of a Dignitary in the Plot zone")
        alliance = self.deck.parse_alliance(words[0])
        if alliance not in s.plot_zone:
            raise InputError(
                f"corrupt: the {alliance} Dignitary is not in the Plot zone ({', '.join(s.plot_zone) or 'empty'})"
            )
        s.plot_zone.remove(alliance)
        self.discard(dignitary_of(alliance))
        self.say(
            f"Discard the {alliance} Dignitary from the Plot zone. The Plot now takes 2 turns.",
            WHY_CORRUPT,
        )
        return 2

    def use(self, words: Sequence[str]) -> None:
        """Use a card of the hand: discard it (its effect is on the table; ``replay`` acts again).

        The Perceptive also takes a Dignitary from the Plot zone into the hand.
        """
        s = self.s
        if not words:
            raise InputError("use needs 'perceptive ALLIANCE' or the card of your hand you use")
        if words[0] == "preacher":
            raise InputError(
                "the Preacher is used when the Plot debates: give preacher=CARD with your action"
            )
        if words[0] == "perceptive":
            if len(words) < 2:
                raise InputError(
                    "use perceptive needs the alliance of a Dignitary in the Plot zone"
                )
            alliance = self.deck.parse_alliance(words[1])
            if alliance not in s.plot_zone:
                raise InputError(
                    f"use perceptive: the {alliance} Dignitary is not in the Plot zone ({', '.join(s.plot_zone) or 'empty'})"
                )
            if not s.hand:
                raise InputError("use perceptive: the Perceptive must be in your hand")
            if len(words) > 2:
                own = self.hand_card(words[2], "perceptive")
            else:
                choices = _distinct(s.hand, self.deck)
                own = (
                    choices[0]
                    if len(choices) == 1
                    else self.need(
                        Question(
                            "perceptive-card",
                            "Which card of your hand is the Perceptive?",
                            "one",
                            choices,
                        )
                    )
                )
            s.hand.remove(own)
            self.discard(own)
            s.plot_zone.remove(alliance)
            s.hand.append(dignitary_of(alliance))
            self.say(
                f"Use the Perceptive ({own}): take the {alliance} Dignitary from the Plot zone into your hand, "
                "then discard the Perceptive.",
                WHY_PERCEPTIVE,
            )
            return
        card = self.hand_card(words[0], "use")
        rest = words[1:]
        if rest not in ([], ["replay"]):
            raise InputError(
                f"use: unexpected {' '.join(rest)!r} (only 'replay' may follow the card)"
            )
        s.hand.remove(card)
        self.discard(card)
        self.say(f"Apply the effect of the {card}, then discard it.", WHY_USE)
        if rest:
            s.again = True
            self.say(
                "Replay: take a new action now (no refill, the Plot waits).",
                "Use: a card that says Replay",
                "info",
            )

    # -- table corrections (moves the user reports, counts) ----------------
    def take(self, card: str, zone: str, slot: int | None) -> str:
        """Remove ``card`` from ``zone``; returns where it was, in words."""
        s = self.s
        if zone == "crossroads":
            row = ", ".join(s.crossroads) or "empty"
            if slot is not None:
                if not 1 <= slot <= len(s.crossroads):
                    raise InputError(
                        f"move: slot {slot} of the crossroads is empty (it has {len(s.crossroads)} cards: {row})"
                    )
                if s.crossroads[slot - 1] != card:
                    raise InputError(
                        f"move: slot {slot} of the crossroads holds the {s.crossroads[slot - 1]}, not the {card}"
                    )
            elif card not in s.crossroads:
                raise InputError(f"move: no {card} on the crossroads ({row})")
            else:
                slot = s.crossroads.index(card) + 1
            s.crossroads.pop(slot - 1)
            return f"slot {slot} of the crossroads"
        if zone == "hand":
            if card not in s.hand:
                raise InputError(f"move: no {card} in your hand ({', '.join(s.hand) or 'empty'})")
            s.hand.remove(card)
            return "your hand"
        if zone == "plot":
            held = s.plot_cards()
            if card not in held:
                raise InputError(f"move: no {card} in the Plot zone ({', '.join(held) or 'empty'})")
            if is_dignitary(card):
                s.plot_zone.remove(card_alliance(card))
            else:
                s.plot_others.remove(card)
            return "the Plot zone"
        if zone == "discard":
            if not s.discard[card]:
                have = ", ".join(_possible(s.discard, self.deck)) or "empty"
                raise InputError(f"move: no {card} in the discard pile ({have})")
            s.discard[card] -= 1
            s.discard = +s.discard
            if s.discard_top == card:
                s.discard_top = None  # the card below it was not seen
            return "the discard pile"
        # the draw pile: an empty one is first rebuilt from the discard pile
        if not s.draw_count():
            if not s.discard_count():
                raise InputError("move: the draw pile and the discard pile are empty")
            self.rebuild()
        if not s.draw[card]:
            have = ", ".join(_possible(s.draw, self.deck)) or "empty"
            raise InputError(f"move: the {card} cannot be in the draw pile (it holds {have})")
        s.draw[card] -= 1
        s.draw = +s.draw
        return "the top of the draw pile"

    def put(self, card: str, zone: str, slot: int | None) -> str:
        """Add ``card`` to ``zone``; returns where it went, in words."""
        s = self.s
        if zone == "crossroads":
            slot = 1 if slot is None else slot
            if not 1 <= slot <= len(s.crossroads) + 1:
                raise InputError(
                    f"move: the crossroads has {len(s.crossroads)} cards, a card can go into slots "
                    f"1 to {len(s.crossroads) + 1}, not {slot}"
                )
            s.crossroads.insert(slot - 1, card)
            return f"slot {slot} of the crossroads"
        if zone == "hand":
            s.hand.append(card)
            return "your hand"
        if zone == "plot":
            if is_dignitary(card):
                s.plot_zone.append(card_alliance(card))
            else:
                s.plot_others.append(card)
            return "the Plot zone"
        if zone == "discard":
            self.discard(card)
            return "the discard pile"
        s.draw[card] += 1
        return "the top of the draw pile"

    def move(self, card: str, source: str, target: str) -> None:
        """A card move reported by the user (an effect the app does not model)."""
        s = self.s
        if s.result:
            raise InputError(f"the game is over ({s.result})")
        card = self.deck.parse_card(card, item="move")
        src, src_slot = parse_zone(source)
        dst, dst_slot = parse_zone(target)
        if src == dst and (src != "crossroads" or src_slot == dst_slot):
            raise InputError(f"move: the {card} would stay where it is ({source})")
        was = self.take(card, src, src_slot)  # may shuffle the discard pile (-10%, maybe 0%)
        now = self.put(card, dst, dst_slot)
        self.say(f"Move the {card} from {was} to {now}.", WHY_MOVE)
        if self.ended:
            return
        if dst == "crossroads" and len(s.crossroads) > CROSSROADS_SIZE:
            self.say(
                f"The crossroads holds {len(s.crossroads)} cards: no refill until it has fewer than "
                f"{CROSSROADS_SIZE}.",
                WHY_MEDIUM,
                "info",
            )
        elif src == "crossroads" and len(s.crossroads) < CROSSROADS_SIZE:
            self.say(
                "Leave the gap on the crossroads: it is refilled at the end of the turn.",
                "End of Turn: fewer than 4 cards on the crossroads",
                "info",
            )
        self.check_end()

    def correct(self, what: str, value) -> None:
        """A count the user corrects: popularity, persuasion tokens or affinities."""
        s = self.s
        if s.result:
            raise InputError(f"the game is over ({s.result})")
        if what == "popularity":
            s.popularity = _whole(value, "popularity", 0, MAX_POPULARITY)
            self.say(f"Popularity set to {s.popularity}%: your marker is there.", WHY_SET, "info")
        elif what == "persuasion":
            s.tokens = _whole(value, "persuasion", 0, MAX_TOKENS)
            self.say(
                f"Persuasion set to {s.tokens} (supply {s.supply}): the tokens in front of you.",
                WHY_SET,
                "info",
            )
        elif what == "affinities":
            s.affinities = _alliances(value, self.deck)
            self.say(
                f"Affinities set to {', '.join(s.affinities) or 'none'}: the cards in front of you.",
                WHY_SET,
                "info",
            )
        else:
            raise InputError(f"set: {what!r} is not one of {', '.join(CORRECTIONS)}")
        self.check_end()

    # -- the Plot's turn ---------------------------------------------------
    def plot_turn(self, number: int, of: int) -> None:
        """Plot turn ``number`` of ``of``: it recruits, debates or does nothing; then End of Turn."""
        s = self.s
        decision = plot_decision(s.crossroads)
        label = "The Plot" if of == 1 else f"The Plot (turn {number} of {of})"
        if decision.action == "recruit":
            s.crossroads.pop(decision.slot - 1)
            s.plot_zone.append(card_alliance(decision.card))
            self.say(
                f"{label} recruits the {decision.card} from slot {decision.slot} into the Plot zone.",
                decision.why,
                who="plot",
            )
            self.check_end()
        elif decision.action == "debate":
            card = s.crossroads.pop(decision.slot - 1)
            self.say(
                f"{label} debates: discard the {card} from slot {decision.slot}.",
                decision.why,
                who="plot",
            )
            if "preacher" in self.answers.raw and not self.preacher_used:
                self.preacher(card)
            else:
                self.discard(card)
        else:
            self.say(
                f"{label} does nothing: the crossroads is empty.", decision.why, "info", who="plot"
            )
        if not self.ended:
            self.end_of_turn(
                "after the Plot's turn" if of == 1 else f"after the Plot's turn {number}"
            )

    def preacher(self, card: str) -> None:
        """Use the Preacher: the card the Plot debated goes to the hand instead of the discard."""
        s = self.s
        self.answers.used.add("preacher")
        self.preacher_used = True
        if not s.hand:
            raise InputError("preacher: your hand is empty, the Preacher is not in it")
        own = self.hand_card(str(self.answers.raw["preacher"]), "preacher")
        s.hand.remove(own)
        self.discard(own)
        s.hand.append(card)
        self.say(
            f"Use the Preacher ({own}): add the debated {card} to your hand, then discard the Preacher.",
            WHY_PREACHER,
        )

    # -- the whole action --------------------------------------------------
    def run(self, words: Sequence[str]) -> None:
        """One action: the player's turn, End of Turn, the Plot's turn(s), then the next turn."""
        s = self.s
        if s.result:
            raise InputError(f"the game is over ({s.result})")
        if not words:
            raise InputError(f"no action given (one of {', '.join(VERBS)})")
        verb, rest = words[0], list(words[1:])
        plot_turns = 1
        s.again = False
        if verb == "recruit":
            self.recruit(rest)
        elif verb == "recruit-top":
            self.recruit_top(rest)
        elif verb == "debate":
            self.debate(rest)
        elif verb == "unite":
            self.unite(rest)
        elif verb == "corrupt":
            plot_turns = self.corrupt(rest)
        elif verb == "use":
            self.use(rest)
        else:
            raise InputError(f"{verb!r} is not an action (one of {', '.join(VERBS)})")
        if self.ended or s.again:
            return
        self.end_of_turn("after your turn")
        for number in range(1, plot_turns + 1):
            if self.ended:
                break
            self.plot_turn(number, plot_turns)
        armed = str(self.answers.raw.get("preacher", "")).strip().lower()
        if armed in s.hand and not self.preacher_used and not self.ended:
            # (a Preacher the action itself discarded, e.g. by uniting, is not announced)
            self.answers.used.add("preacher")
            self.say(
                "The Plot did not debate: the Preacher stays in your hand.", WHY_PREACHER, "info"
            )
        if not self.ended:
            s.turn += 1


def act(
    state: SoloState,
    action: Sequence[str],
    answers: Answers | Mapping[str, str] | None = None,
) -> tuple[SoloState, list[Announcement], dict[str, str]]:
    """Play one player action, the end of turn and the Plot's turn(s) on a copy of ``state``.

    Returns the new state, the announcements and the answers that were used
    (what the journal records). Raises NeedAnswers or InputError having
    changed nothing.
    """
    ans = _answers(answers)
    words = [str(w).strip().lower() for w in action]
    turn = _Turn(state, ans, load_deck())
    turn.run(words)
    unused = sorted(k for k in ans.raw if k.startswith("reveal-") and k not in ans.used)
    if unused and not turn.ended:
        raise InputError(
            f"{len(unused)} more card(s) given with --reveal than were revealed ({turn.reveals})"
        )
    used = {k: str(ans.raw[k]) for k in ans.raw if k in ans.used}
    return turn.s, turn.out, used


def _start(journal: Journal) -> SoloState:
    options = Fields.of(journal.options, item="options")
    return start_state(options.text("difficulty", ""), options.texts("crossroads", []))


def outcome(state: SoloState) -> dict[str, Any] | None:
    """None while the game goes on; the result (won or lost), the turn and the popularity."""
    if not state.result:
        return None
    return {"result": state.result, "turn": state.turn, "popularity": state.popularity}


def replay(journal: Journal, source: str = "save") -> SoloState:
    """The state of a solo game from its journal; SaveError naming ``source`` and the event if invalid."""
    return session.replay(RULES, journal, source)


def play(
    journal: Journal,
    action: Sequence[str],
    answers: Answers | Mapping[str, str] | None = None,
    source: str = "save",
) -> list[Announcement]:
    """Play an action in the game of ``journal`` and record it; the journal is unchanged on error."""
    state = replay(journal, source)
    new, out, used = act(state, action, answers)
    event = {"kind": "act", "action": [str(w).strip().lower() for w in action], "answers": used}
    session.record(RULES, journal, event, new)
    return out


def recruit_cost(card: str, deck: EphiosDeck | None = None) -> tuple[int, int]:
    """The persuasion value a recruit of ``card`` can cost, as (lowest, highest): a Dignitary's
    is printed (3); an ordinary personality's is 1 or 2, which the rulebook does not list per
    card ("Persuasion value: This value goes from 1 to 3")."""
    deck = deck or load_deck()
    if is_dignitary(card):
        return deck.dignitary_persuasion, deck.dignitary_persuasion
    return 1, deck.dignitary_persuasion - 1


def takeable(state: SoloState, zone: str) -> list[str]:
    """The cards a reported move can take from ``zone`` (as typed: ``crossroads:2``, ``hand``,
    ...), in deck order: what the correction dialog offers.

    The top of an empty draw pile is a card of the discard pile, since taking it first
    rebuilds the draw pile (End of Turn: "rebuild a new draw pile by shuffling the discard
    pile").
    """
    deck = load_deck()
    name, slot = parse_zone(zone)
    if name == "crossroads":
        if slot is None:
            return list(_distinct(state.crossroads, deck))
        return [state.crossroads[slot - 1]] if slot <= len(state.crossroads) else []
    if name == "hand":
        return list(_distinct(state.hand, deck))
    if name == "plot":
        return list(_distinct(state.plot_cards(), deck))
    if name == "discard":
        return list(_possible(state.discard, deck))
    pile = state.draw if state.draw_count() else state.discard
    return list(_possible(pile, deck))


def parse_zone(text: str) -> tuple[str, int | None]:
    """A zone as typed, ``crossroads[:SLOT]``, ``hand``, ``plot``, ``discard`` or ``draw``.

    Returns the zone and the slot (None when not given); InputError for an
    unknown zone or a slot that is not a whole number from 1.
    """
    raw = str(text).strip().lower()
    name, sep, slot_text = raw.partition(":")
    if name == "box":
        raise InputError("move: cards never leave play in solo mode (no 'box' zone)")
    if name not in ZONES:
        raise InputError(
            f"move: {text!r} is not a zone (one of crossroads[:SLOT], {', '.join(ZONES[1:])})"
        )
    if not sep:
        return name, None
    if name != "crossroads":
        raise InputError(f"move: only the crossroads has slots, not {name!r}")
    try:
        slot = int(slot_text)
    except ValueError:
        raise InputError(f"move: slot {slot_text!r} is not a number") from None
    if slot < 1:
        raise InputError(f"move: slot {slot} does not exist (slot 1 is the leftmost)")
    return name, slot


def _zone_text(zone: str, slot: int | None) -> str:
    return zone if slot is None else f"{zone}:{slot}"


def _whole(value, what: str, lo: int, hi: int) -> int:
    try:
        number = int(str(value).strip().rstrip("%"))
    except ValueError:
        raise InputError(f"set {what}: {value!r} is not a whole number") from None
    if not lo <= number <= hi:
        raise InputError(f"set {what}: {number} is not from {lo} to {hi}")
    return number


def _alliances(value, deck: EphiosDeck) -> list[str]:
    words = value if isinstance(value, list | tuple) else str(value).replace(",", " ").split()
    if [str(w).strip().lower() for w in words] in ([], ["none"]):
        return []
    found: list[str] = []
    for word in words:
        alliance = deck.parse_alliance(str(word), item="set affinities")
        if alliance not in found:
            found.append(alliance)
    return found


def _what(text: str) -> str:
    what = str(text).strip().lower()
    return {"affinity": "affinities", "tokens": "persuasion"}.get(what, what)


def move(
    state: SoloState, card: str, source: str, target: str
) -> tuple[SoloState, list[Announcement]]:
    """Move ``card`` from zone ``source`` to zone ``target`` on a copy of ``state``.

    A table correction for an effect the app does not model ("Use": e.g.
    "Add to your hand", the Medium). It is not an action: no end of turn, no
    Plot turn; victory and defeat are checked at once. InputError (nothing
    changed) if the card is not where the user says or a zone is unknown.
    """
    turn = _Turn(state, Answers(raw={}), load_deck())
    turn.move(card, source, target)
    return turn.s, turn.out


def correct(state: SoloState, what: str, value) -> tuple[SoloState, list[Announcement]]:
    """Set ``popularity`` (0-100), ``persuasion`` (0-5) or ``affinities`` on a copy of ``state``.

    A table correction; victory and defeat are checked at once (0% loses,
    5 affinities win). InputError (nothing changed) for a bad value.
    """
    turn = _Turn(state, Answers(raw={}), load_deck())
    turn.correct(_what(what), value)
    return turn.s, turn.out


def apply_event(state: SoloState, event: Mapping) -> tuple[SoloState, list[Announcement]]:
    """Replay one journal event (``act``, ``move`` or ``set``) on ``state``; InputError if invalid."""
    kind = event.get("kind")
    fields = Fields.of(event, item=f"{kind} event")
    if kind == "act":
        new, out, _ = act(state, fields.texts("action"), fields.table("answers", {}))
        return new, out
    if kind == "move":
        return move(state, fields.text("card"), fields.text("from"), fields.text("to"))
    if kind == "set":
        return correct(state, fields.text("what"), event.get("value", ""))
    raise InputError(f"unknown event kind {kind!r}")


RULES = session.register(session.FunctionRules(GAME, _start, apply_event, summary, outcome))


def _record(journal: Journal, event: dict, source: str) -> list[Announcement]:
    state = replay(journal, source)
    new, out = apply_event(state, event)
    session.record(RULES, journal, event, new)
    return out


def play_move(
    journal: Journal, card: str, source: str, target: str, source_name: str = "save"
) -> list[Announcement]:
    """Record a card move (see :func:`move`) in the game of ``journal``; unchanged on error."""
    src, dst = parse_zone(source), parse_zone(target)
    event = {
        "kind": "move",
        "card": load_deck().parse_card(card, item="move"),
        "from": _zone_text(*src),
        "to": _zone_text(*dst),
    }
    return _record(journal, event, source_name)


def play_set(journal: Journal, what: str, value, source: str = "save") -> list[Announcement]:
    """Record a correction (see :func:`correct`) in the game of ``journal``; unchanged on error."""
    what = _what(what)
    state = replay(journal, source)
    new, _ = correct(state, what, value)
    stored = {
        "popularity": new.popularity,
        "persuasion": new.tokens,
        "affinities": list(new.affinities),
    }
    return _record(journal, {"kind": "set", "what": what, "value": stored[what]}, source)


def legal_actions(state: SoloState) -> list[list[str]]:
    """The actions the player may take now, as word lists (answers such as costs are asked later)."""
    if state.result:
        return []
    deck = load_deck()
    actions: list[list[str]] = []
    for slot, card in enumerate(state.crossroads, 1):
        cost = deck.dignitary_persuasion if is_dignitary(card) else 1
        if state.tokens >= cost:
            actions.append(["recruit", str(slot)])
    if state.tokens >= RECRUIT_TOP_COST and (state.draw_count() or state.discard_count()):
        actions.append(["recruit-top"])
    actions.extend(["debate", str(slot)] for slot in range(1, len(state.crossroads) + 1))
    for alliance in deck.alliances.values():
        if sum(1 for c in state.hand if card_alliance(c) == alliance.id) >= alliance.unite:
            actions.append(["unite", alliance.id])
    if state.hand:
        actions.extend(["unite", a, "banker"] for a in deck.alliances)
    for alliance in dict.fromkeys(state.plot_zone):
        actions.append(["corrupt", alliance])
    if state.hand:
        actions.extend(["use", "perceptive", a] for a in dict.fromkeys(state.plot_zone))
        actions.extend(["use", c] for c in _distinct(state.hand, deck))
    return actions
