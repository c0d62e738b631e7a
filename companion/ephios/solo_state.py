"""The state of an Ephios solo game and its set-up (rulebook, "Solo Mode > Setup").

The state is derived by replaying the journal (see :mod:`companion.ephios.solo`).
The crossroads is kept as its cards left to right (``crossroads``) plus the
table slots that are empty right now (``gaps``): a card that leaves the
crossroads leaves a gap where it was until the End of Turn slides the row
right; :meth:`SoloState.row` is the row as it lies on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from companion.core.catalog import _, say, say_n
from companion.core.copies import same_fields
from companion.core.errors import InputError
from companion.core.outcome import Result
from companion.core.questions import Announcement, Answers, NeedAnswers, Question, refuse_unasked
from companion.ephios.cards import EphiosDeck, card_name, dignitary_of, load_deck
from companion.ephios.plot import CROSSROADS_SIZE, PlotDecision, plot_decision
from companion.ephios.solo_rules import (
    DIFFICULTIES,
    GAME,
    RULE_SETUP,
    START_TOKENS,
    SUPPLY,
    WHY_SETUP,
    difficulty_text,
    result_text,
)


@dataclass
class SoloState:
    """Everything the app knows about a solo game (derived by replaying the journal)."""

    difficulty: str
    popularity: int
    crossroads: list[str]
    draw: Counter[str]
    discard: Counter[str] = field(default_factory=Counter)
    discard_top: str | None = None
    plot_zone: list[str] = field(default_factory=list)  # alliances of the Dignitaries there
    plot_others: list[str] = field(default_factory=list)  # ordinary personalities moved there
    hand: list[str] = field(default_factory=list)
    tokens: int = START_TOKENS  # the persuasion tokens you hold (the most, see tokens_low)
    affinities: list[str] = field(default_factory=list)
    turn: int = 1
    result: Result | None = None  # None, "won" or "lost"
    reshuffles: int = 0
    again: bool = False  # a "Replay" effect: the player acts again before the Plot
    gaps: list[int] = field(default_factory=list)  # empty table slots of the crossroads
    ended_turn: int | None = None  # the turn in which the game ended (won or lost)
    # None: ``tokens`` is exact. Else you hold from ``tokens_low`` to ``tokens``: an ordinary
    # personality's value (1 or 2) was not asked, since no decision of the app needs it.
    tokens_low: int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> SoloState:
        """A copy that shares nothing mutable with this state: its lists and counters
        copied (they hold strings and numbers), every other field immutable.

        Each step works on a copy of the state and the session keeps copies in its cache:
        ``copy.deepcopy``'s walk, item by item with its memo, was about a third of a
        solo step's CPU. ``test_a_solo_states_copy_shares_nothing_mutable`` keeps the
        fields to what this copies."""
        new = same_fields(self)
        for name in _CONTAINERS:
            setattr(new, name, getattr(self, name).copy())
        return new

    def token_range(self) -> tuple[int, int]:
        """The persuasion tokens you may hold, as (fewest, most); equal when known exactly."""
        return (self.tokens if self.tokens_low is None else self.tokens_low), self.tokens

    def set_tokens(self, low: int, high: int) -> None:
        """You hold from ``low`` to ``high`` tokens (one number when they are equal)."""
        self.tokens = high
        self.tokens_low = None if low >= high else low

    def persuasion_text(self) -> str:
        """Your tokens in words: '2', or '1–2' when an unasked value left a range."""
        fewest, most = self.token_range()
        return str(most) if fewest == most else f"{fewest}–{most}"

    def supply_text(self) -> str:
        """The supply in words: '3', or '3–5' while your tokens are a range (the supply holds
        the rest of the {SUPPLY} tokens)."""
        fewest, most = self.token_range()
        return str(SUPPLY - most) if fewest == most else f"{SUPPLY - most}–{SUPPLY - fewest}"

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

    # ----- the crossroads as it lies on the table -------------------------------------------

    def row(self) -> list[str | None]:
        """The crossroads row on the table, slot 1 first; None where a card left a gap."""
        cards = iter(self.crossroads)
        size = len(self.crossroads) + len(self.gaps)
        return [None if slot in self.gaps else next(cards) for slot in range(1, size + 1)]

    def card_at(self, slot: int) -> str | None:
        """The card in table slot ``slot`` (None: a gap or beyond the row)."""
        row = self.row()
        return row[slot - 1] if 1 <= slot <= len(row) else None

    def slot_of(self, index: int) -> int:
        """The table slot of the card ``crossroads[index]``."""
        filled = [n for n, card in enumerate(self.row(), 1) if card is not None]
        return filled[index]

    def take_slot(self, slot: int) -> str:
        """Take the card of table slot ``slot`` off the crossroads, leaving a gap."""
        filled = [n for n, card in enumerate(self.row(), 1) if card is not None]
        index = filled.index(slot)
        card = self.crossroads.pop(index)
        self.gaps = sorted([*self.gaps, slot])
        # a row longer than 4 (the Medium) shrinks back instead of keeping a gap at its end
        while (
            self.gaps
            and self.gaps[-1] == len(self.crossroads) + len(self.gaps)
            and self.gaps[-1] > CROSSROADS_SIZE
        ):
            self.gaps.pop()
        return card

    def plot_next(self) -> PlotDecision | None:
        """What the Plot would do now (slots of the table), None once the game is over."""
        return None if self.result else plot_decision(self.row())

    def to_json(self, deck: EphiosDeck | None = None) -> dict[str, Any]:
        """The state as the CLI's JSON object (``solo show --json``)."""
        deck = deck or load_deck()
        order = deck.card_order()
        nxt = self.plot_next()
        return {
            "game": GAME,
            "turn": self.turn,
            "difficulty": self.difficulty,
            "popularity": self.popularity,
            "crossroads": list(self.crossroads),
            "crossroads_row": self.row(),
            "plot_zone": list(self.plot_zone),
            "plot_zone_cards": self.plot_cards(),
            "hand": list(self.hand),
            "persuasion": self.tokens,
            "persuasion_low": self.token_range()[0],
            "supply": self.supply,
            "affinities": list(self.affinities),
            "draw_pile": self.draw_count(),
            "discard_pile": self.discard_count(),
            "discard_top": self.discard_top,
            "draw_pile_cards": {c: self.draw[c] for c in order if self.draw[c]},
            "discard_pile_cards": {c: self.discard[c] for c in order if self.discard[c]},
            "reshuffles": self.reshuffles,
            "act_again": self.again,
            "plot_next": nxt.to_json() if nxt else None,
            "result": self.result,
            "ended_turn": self.ended_turn,
            "summary": summary(self),
        }


# The fields :meth:`SoloState.__deepcopy__` copies: lists and counters of strings and
# numbers. Every other field holds a string, a number, a bool or None.
_CONTAINERS = tuple(
    f.name for f in fields(SoloState) if str(f.type).startswith(("list[", "Counter["))
)


def summary(state: SoloState) -> str:
    """A short status line for the resume list: 'turn 7 · 40% · 2 affinities'."""
    n = len(state.affinities)
    text = say_n(
        "turn {turn} · {popularity}% · {n} affinity",
        "turn {turn} · {popularity}% · {n} affinities",
        n,
        turn=state.turn,
        popularity=state.popularity,
    )
    return f"{text} · {result_text(state.result)}" if state.result else text


def as_answers(answers: Answers | Mapping[str, str] | None) -> Answers:
    """Answers as given (an Answers, a mapping of id to raw value, or None)."""
    if isinstance(answers, Answers):
        return answers
    return Answers(raw=dict(answers or {}))


def possible(counter: Counter[str], deck: EphiosDeck) -> tuple[str, ...]:
    """The cards a pile may hold (count above 0), in deck order."""
    return tuple(c for c in deck.card_order() if counter[c] > 0)


def distinct(cards: Sequence[str | None], deck: EphiosDeck) -> tuple[str, ...]:
    """The different cards among ``cards``, in deck order."""
    return tuple(c for c in deck.card_order() if c in cards)


def check_difficulty(difficulty: str) -> str:
    """``difficulty`` if it is easy, normal or hard; InputError otherwise."""
    if difficulty not in DIFFICULTIES:
        raise InputError(
            say(
                "{difficulty} is not one of {difficulties}",
                difficulty=repr(difficulty),
                difficulties=", ".join(DIFFICULTIES),
            ),
            field="difficulty",
        )
    return difficulty


def start_state(
    difficulty: str, crossroads: Sequence[str], deck: EphiosDeck | None = None
) -> SoloState:
    """The state after set-up: popularity by difficulty, 4 cards on the crossroads, 2 tokens."""
    deck = deck or load_deck()
    check_difficulty(difficulty)
    cards = [deck.parse_card(c, item=say("slot {n}", n=n)) for n, c in enumerate(crossroads, 1)]
    if len(cards) != CROSSROADS_SIZE:
        raise InputError(
            say(
                "the initial crossroads needs {size} cards, got {n}",
                size=CROSSROADS_SIZE,
                n=len(cards),
            )
        )
    deck.check_holdable(cards, where="crossroads")
    draw = deck.personalities()
    draw.subtract(cards)
    return SoloState(
        difficulty=difficulty, popularity=DIFFICULTIES[difficulty], crossroads=cards, draw=+draw
    )


def setup_questions(answers: Answers | Mapping[str, str] | None = None) -> list[str]:
    """The 4 initial crossroads cards from answers ``reveal-1``..``reveal-4``; NeedAnswers if
    some are missing."""
    deck = load_deck()
    ans = as_answers(answers)
    remaining = deck.personalities()
    cards: list[str] = []
    missing: list[Question] = []
    for slot in range(1, CROSSROADS_SIZE + 1):
        q = Question(
            id=f"reveal-{slot}",
            text=say("Set-up: card revealed into slot {slot} of the crossroads?", slot=slot),
            kind="one",
            choices=possible(remaining, deck),
        )
        if q.id in ans.raw:
            card = str(q.parse(str(ans.raw[q.id]).lower()))
            remaining[card] -= 1
            cards.append(card)
        else:
            missing.append(q)
    if missing:
        raise NeedAnswers(missing)
    wanted = {f"reveal-{i}" for i in range(1, CROSSROADS_SIZE + 1)}
    extra = [k for k in ans.raw if k.startswith("reveal-") and k not in wanted]
    if extra:
        raise InputError(
            say(
                "the set-up reveals only {size} cards, {n} more were given",
                size=CROSSROADS_SIZE,
                n=len(extra),
            )
        )
    # an answer the set-up does not use is refused, not ignored
    refuse_unasked(ans.raw, [f"reveal-{i}" for i in range(1, CROSSROADS_SIZE + 1)])
    return cards


def setup_steps(state: SoloState) -> list[Announcement]:
    """What to do on the table to set up (rulebook, "Solo Mode > Setup"), one step each."""
    why = _(WHY_SETUP)
    deck = load_deck()

    def step(number: int, text: str, **data: Any) -> Announcement:
        """Set-up step ``number`` of the rulebook's list."""
        return Announcement(
            text, why, what=f"setup.{number}", rule=f"{RULE_SETUP} {number}", **data
        )

    return [
        step(
            1,
            say(
                "Place the popularity board on its Plot side and a marker on {popularity}% "
                "({difficulty}).",
                popularity=state.popularity,
                difficulty=difficulty_text(state.difficulty),
            ),
        ),
        step(
            2,
            say(
                "Put the inhabitants back in the box; shuffle the {n} personalities into a draw "
                "pile.",
                n=sum(deck.personalities().values()),
            ),
        ),
        step(
            3,
            say(
                "Crossroads (slot 1 = left): {cards}. Leave room for the discard pile.",
                cards=", ".join(card_name(c) for c in state.crossroads),
            ),
            cards=tuple(state.crossroads),
        ),
        step(4, say("Place the {n} affinity cards next to the board.", n=len(deck.alliances))),
        step(
            5,
            say(
                "Form a supply of {supply} persuasion tokens and take {start} of them.",
                supply=SUPPLY,
                start=START_TOKENS,
            ),
        ),
    ]
