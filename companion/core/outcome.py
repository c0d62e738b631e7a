"""How a game ended, as data: the same shape for every game (no game is imported here).

Each game's engine says how a game stands once, as an :class:`Outcome`
(``Rules.outcome`` of :mod:`companion.core.session`); its outcome module adds
the per-turn series and milestones (the ``outcome`` of its registration,
:mod:`companion.core.registry`). The history records it, the end-of-game
screen draws its series, ``companion history`` prints it. ``result`` is always from the humans' side ("won" or "lost"); in
a game between humans only someone always wins, so it is "won" and ``winner``
names who.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

# How a game ended, from the humans' side.
Result = Literal["won", "lost"]
RESULTS: tuple[Result, ...] = get_args(Result)


@dataclass(frozen=True)
class Series:
    """One line of a chart: a value per turn on a scale 0..``top``; ``values[0]`` is the value
    at the end of turn ``start`` (0 = the set-up and what was reported before the first turn)."""

    name: str
    values: tuple[int, ...]
    top: int
    start: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"name", "values", "top", "start"}``."""
        return {
            "name": self.name,
            "values": list(self.values),
            "top": self.top,
            "start": self.start,
        }


@dataclass(frozen=True)
class Milestone:
    """Something worth remembering and the turn it came on."""

    turn: int
    text: str

    def to_json(self) -> dict[str, Any]:
        """``{"turn", "text"}``."""
        return {"turn": self.turn, "text": self.text}


@dataclass(frozen=True)
class Seat:
    """One player of a finished game as a logged play names them (a BG Stats play).

    ``id``: who the player is, the same in every language (a human's name as entered, or a
    fixed id such as an opponent of the game's own); ``name``: how the player is named, in the
    player's language; ``winner``, ``start`` (the start player); ``role`` (an opponent's, in
    words; "" for none); ``score`` (None for a game without points)."""

    id: str
    name: str
    winner: bool
    start: bool = False
    role: str = ""
    score: int | None = None


@dataclass(frozen=True)
class Outcome:
    """A game's end (or that it has not ended) and the turn-by-turn picture of how it went.

    ``ended``: no more steps are possible. ``result``: "won"/"lost" from the
    humans' side (None while the game goes on). ``winner``: who won (an
    opponent of the game's own, "human" or "human N", or the player's name in
    a game between humans only). ``turns``: turns played (or rounds). ``difficulty``: the level id, None for games without
    levels. ``corrected``: the end came by a correction (the ladder counts such a win only
    once the player confirms it). ``series``/``milestones``: what the end-of-game screen draws.
    ``headline``: one sentence saying how it ended.
    """

    game: str
    ended: bool
    result: Result | None = None
    winner: str | None = None
    turns: int = 0
    difficulty: str | None = None
    headline: str = ""
    series_label: str = ""
    series: tuple[Series, ...] = field(default_factory=tuple)
    milestones: tuple[Milestone, ...] = field(default_factory=tuple)
    # The game is played in rounds (``turns`` counts them, the milestones are at rounds).
    rounds: bool = False
    # The end came by a correction (what the player set by hand), not by a step of play.
    corrected: bool = False

    def to_json(self) -> dict[str, Any]:
        """The outcome as one JSON-friendly object."""
        return {
            "game": self.game,
            "ended": self.ended,
            "result": self.result,
            "winner": self.winner,
            "turns": self.turns,
            "difficulty": self.difficulty,
            "corrected": self.corrected,
            "headline": self.headline,
            "series_label": self.series_label,
            "series": [s.to_json() for s in self.series],
            "milestones": [m.to_json() for m in self.milestones],
        }


def among_players(
    game: str,
    winner: str | None,
    turns: int,
    headline: str,
    series_label: str,
    rounds: bool = False,
) -> Outcome:
    """The outcome of a game between humans: it ends when someone has won, and someone
    always wins (``result`` "won", ``winner`` the player's name). ``rounds``: ``turns``
    counts rounds."""
    return Outcome(
        game=game,
        ended=winner is not None,
        result="won" if winner else None,
        winner=winner,
        turns=turns,
        headline=headline,
        series_label=series_label,
        rounds=rounds,
    )


def last_per_turn(
    points: Sequence[tuple[int, tuple[int, ...]]],
) -> tuple[int, list[tuple[int, ...]]]:
    """From (turn, values) after each step, in order (the set-up first), the first turn and
    the values at the end of each turn from it to the last (a turn with no step keeps the
    values of the turn before)."""
    if not points:
        return 0, []
    first = points[0][0]
    last = max(turn for turn, _v in points)
    out: list[tuple[int, ...] | None] = [None] * (last - first + 1)
    for turn, values in points:
        out[max(turn, first) - first] = values
    filled: list[tuple[int, ...]] = []
    for maybe in out:
        filled.append(maybe if maybe is not None else filled[-1])
    return first, filled


def columns(
    rows: list[tuple[int, ...]], names: list[str], top: int, start: int = 0
) -> tuple[Series, ...]:
    """Turn per-turn rows of values into one :class:`Series` per name."""
    return tuple(
        Series(name, tuple(row[i] for row in rows), top, start) for i, name in enumerate(names)
    )
