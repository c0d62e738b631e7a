"""SVG snapshots of the Euphoria turn screen after an Automa turn, at 40x20, 80x24 and 120x40.

Deterministic: a fixed seed and options, the game saved under a fixed name,
TZ=UTC. Regenerate after a deliberate change with
`pytest tests/test_tui_euphoria_snapshots.py --snapshot-update` and read the SVGs in
tests/__snapshots__/test_tui_euphoria_snapshots/.
"""

from __future__ import annotations

import time

import pytest

from companion import paths
from companion.core.questions import NeedAnswers
from companion.euphoria import game
from companion.euphoria.state import GameOptions
from companion.tui.app import CompanionApp

SIZES = [(40, 20), (80, 24), (120, 40)]


@pytest.fixture
def utc(monkeypatch):
    """Local time is UTC during the test."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


def saved_game(turns: int):
    """Seed 6 (solo, Icarus + Euphoria, Intermediate) after ``turns`` turns, saved."""
    journal = game.new_game(GameOptions(humans=1, recruits=("icarus", "euphoria")), 6)
    for _ in range(turns):
        try:
            game.run_turn(journal)
        except NeedAnswers as need:
            game.run_turn(journal, {q.id: "" for q in need.questions})
    path = paths.data_dir() / "euphoria-snapshot.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    game.create(path, journal)
    return path, journal


def opener(turns: int):
    """A run_before that opens the turn screen of the saved game."""

    async def run_before(pilot) -> None:
        path, _journal = saved_game(turns)
        await pilot.pause()
        pilot.app.open_game(path, game.load(path))
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_screen_after_a_turn(snap_compare, utc, size):
    assert snap_compare(CompanionApp(), press=["enter"], terminal_size=size, run_before=opener(12))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_screen_asking(snap_compare, utc, size):
    assert snap_compare(CompanionApp(), press=["enter"], terminal_size=size, run_before=opener(5))
