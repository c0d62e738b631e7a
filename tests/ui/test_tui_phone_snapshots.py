"""SVG snapshots at 40x20, a phone in portrait, beside the 80x24 and 120x40 ones.

The home screen, the new-game wizard, the menu (every action of a screen,
for a footer too narrow to show them), the help, the set-up checklist, the
move log and a report dialog of the Euphoria turn screen. Regenerate after a
deliberate change with `--snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from textual.pilot import Pilot
from tui_helpers import at_home, opener, until, wait_for_screen

from companion.euphoria.table import EuphoriaTable
from companion.tui.app import CompanionApp
from companion.tui.games.euphoria_log import EuphoriaLogScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.menu import MenuScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets import Checklist

PHONE = (40, 20)


def opens(key: str, kind: type) -> Callable[[Pilot], Coroutine[Any, Any, None]]:
    """A run_before that presses ``key`` at home and waits for the screen ``kind``."""

    async def run_before(pilot: Pilot) -> None:
        await at_home(pilot)
        await pilot.press(key)
        await wait_for_screen(pilot, kind)

    return run_before


def test_home_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), terminal_size=PHONE)


def test_wizard_first_step_at_40x20(snap_compare):
    assert snap_compare(
        CompanionApp(), terminal_size=PHONE, run_before=opens("1", TableSetupScreen)
    )


def test_menu_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), terminal_size=PHONE, run_before=opens("f10", MenuScreen))


def test_help_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), terminal_size=PHONE, run_before=opens("f1", HelpScreen))


def test_checklist_at_40x20(snap_compare, monkeypatch):
    """The set-up checklist of a solo game (seed 6: Icarus + Euphoria, the usual level, the
    app's dice, cards and factions), its first item ticked."""
    made = EuphoriaTable.new

    def seed_6(self, options, seed=None, answers=None):
        return made(self, options, 6, answers)

    monkeypatch.setattr(EuphoriaTable, "new", seed_6)

    async def run_before(pilot) -> None:
        await at_home(pilot)
        await pilot.press("1")
        screen = await wait_for_screen(pilot, TableSetupScreen)
        await pilot.press("1", "1", "4", "1", "enter", "1", "1", "1", "n", "1")
        await until(pilot, lambda: isinstance(pilot.app.focused, Checklist), "the checklist")
        await pilot.press("space")
        await until(pilot, lambda: screen.query_one(Checklist).ticked == {0})

    assert snap_compare(CompanionApp(), terminal_size=PHONE, run_before=run_before)


def test_move_log_at_40x20(snap_compare, utc):
    log = opener(12, "g", lambda screen: isinstance(screen.app.screen, EuphoriaLogScreen))
    assert snap_compare(CompanionApp(), terminal_size=PHONE, run_before=log)


def test_market_report_at_40x20(snap_compare, utc):
    """The market report (m): its question and every market in view, a tap target to cancel."""
    market = opener(12, "m", lambda screen: screen.pending is not None)
    assert snap_compare(CompanionApp(), terminal_size=PHONE, run_before=market)
