"""SVG snapshots of the main screens at 80x24 and 120x40 (pytest-textual-snapshot).

Regenerate after a deliberate change with `pytest tests/ui/test_tui_snapshots.py --snapshot-update`
and look at the SVGs in tests/__snapshots__/.
"""

from __future__ import annotations

import time

import pytest
from tui_helpers import at_home, wait_for_screen

from companion import paths
from companion.core.journal import Journal
from companion.core.saves import write_save
from companion.tui.app import CompanionApp
from companion.tui.screens.table_setup import TableSetupScreen

SIZES = [(80, 24), (120, 40)]
# Home "1", then 1 human, expansion, active Icarus, other Euphoria: the difficulty step.
TO_LEVEL_STEP = ["1", "1", "1", "4", "1"]


@pytest.fixture
def fixed_saves(monkeypatch):
    """Two saves with fixed times, shown in UTC whatever the machine's time zone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    folder = paths.data_dir()
    write_save(
        folder / "euphoria-1.toml",
        Journal(
            game="euphoria",
            seed=7,
            options={"humans": 1},
            created="2025-03-01T18:00:00+00:00",
            updated="2025-03-01T19:30:00+00:00",
            summary="turn 12: black 6 tokens left, white 7",
        ),
    )
    write_save(
        folder / "ephios-1.toml",
        Journal(
            game="ephios-campaign",
            seed=8,
            options={},
            created="2025-03-02T18:00:00+00:00",
            updated="2025-03-02T20:00:00+00:00",
            summary="round 2: 1-0, next first player Ann",
        ),
    )
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_home_screen(snap_compare, fixed_saves, size):
    assert snap_compare(CompanionApp(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_setup_wizard_difficulty_step(snap_compare, size):
    async def run_before(pilot) -> None:  # the wizard up before its keys
        await at_home(pilot)
        await pilot.press(TO_LEVEL_STEP[0])
        await wait_for_screen(pilot, TableSetupScreen)

    assert snap_compare(
        CompanionApp(), press=TO_LEVEL_STEP[1:], terminal_size=size, run_before=run_before
    )
