"""What the Euphoria engine tests share: a fresh game's state, its next card pair and
workers set by hand, playing an Automa turn with scripted answers, the turn screen's rows."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from companion.core.journal import Journal
from companion.core.questions import Announcement, Answers, NeedAnswers, Question
from companion.euphoria import game, turn
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import GameOptions, GameState


def play_turn(journal: Journal, answer: Callable[[Question], str]) -> tuple[game.TurnReport, int]:
    """Run the next Automa turn as a CLI `turn` is rerun: every question of a round is
    answered by ``answer`` and the turn run again. Returns its report and the rounds
    (the runs that asked) it took."""
    answers: dict[str, str] = {}
    rounds = 0
    while True:
        try:
            return game.run_turn(journal, answers), rounds
        except NeedAnswers as need:
            rounds += 1
            assert rounds <= 10, "the turn kept asking"
            answers.update({q.id: answer(q) for q in need.questions})


BUSY = Path(__file__).parent / "fixtures" / "euphoria" / "busy-turn.toml"
ROWS_80X24 = 14  # the announcement rows of the turn screen at 80×24 (an Automa panel of 3 lines)
# Characters of "who: text" in one row at 80 columns: 78 inside the padding, less the number
# and glyph (5), the "  [?]" of a why (5) and a scrollbar (2).
ROW_CHARS = 66


def lines(announcements: list[Announcement]) -> list[str]:
    """The lines the turn screen shows: one per thing to do, as "who: text"."""
    return [f"{a.who}: {a.text}" if a.who else a.text for a in announcements if a.kind != "info"]


def fresh(**options: Any) -> GameState:
    """A new game's state: 1 human, black Subterran, white Wastelander, unless told."""
    options.setdefault("recruits", ("icarus", "euphoria"))
    options.setdefault("factions", ("subterra", "wastelands"))
    return game.replay(game.new_game(GameOptions(**options), seed=options.pop("seed", 7)))


def with_cards(state: GameState, action: str, support: str) -> GameState:
    """Make the next turn's pair ``action`` (drawn now) and ``support``."""
    rest = [c for c in state.cards.cards if c not in (action, support)][:3]
    state.deck.draw, state.deck.support, state.deck.action = [action, *rest], support, None
    return state


def set_workers(
    state: GameState,
    automa: str,
    available: Iterable[int],
    placed: Iterable[tuple[int, str]] = (),
    card: Iterable[int] = (),
) -> None:
    """Put ``automa``'s workers: ``available`` dice, ``placed`` (die, space), ``card`` on its penalty card."""
    me = state.automas[automa]
    me.available = list(available)
    me.placed = [PlacedWorker(k, s) for k, s in placed]
    me.penalty_card = list(card)


def play(state: GameState, **answers: str) -> turn.TurnOutcome:
    """Run one Automa turn on ``state``; returns the outcome (raises NeedAnswers)."""
    return turn.run_turn(state, Answers(raw={k.replace("__", "."): v for k, v in answers.items()}))
