"""SVG snapshots at 40x20, a phone in portrait (issue 10 item 2), beside the 80x24 and 120x40 ones.

The home screen, the new-game wizard, the menu (every action of a screen,
for a footer too narrow to show them), the help, the set-up checklist, the
move log and a report dialog of the Euphoria turn screen. Regenerate after a
deliberate change with `--snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

from tui_helpers import at_home, opener, wait_for_screen

from companion import paths
from companion.euphoria.state import GameOptions
from companion.tui.app import CompanionApp
from companion.tui.euphoria_start import start_euphoria_game

PHONE = (40, 20)


def test_home_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), terminal_size=PHONE)


def test_wizard_first_step_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), press=["1"], terminal_size=PHONE)


def test_menu_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), press=["f10"], terminal_size=PHONE)


def test_help_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), press=["f1"], terminal_size=PHONE)


def test_checklist_at_40x20(snap_compare):
    """The set-up checklist of a solo game (seed 6), its first item ticked."""

    async def run_before(pilot) -> None:
        from companion.tui.screens.euphoria_checklist import EuphoriaChecklistScreen

        options = GameOptions(humans=1, recruits=("icarus", "euphoria")).to_dict()
        started = start_euphoria_game(options, 6, paths.data_dir())
        await at_home(pilot)
        pilot.app.push_screen(
            EuphoriaChecklistScreen(started.path, started.journal, started.checklist)
        )
        await wait_for_screen(pilot, EuphoriaChecklistScreen)

    assert snap_compare(CompanionApp(), press=["space"], terminal_size=PHONE, run_before=run_before)


def test_move_log_at_40x20(snap_compare, utc):
    assert snap_compare(CompanionApp(), press=["g"], terminal_size=PHONE, run_before=opener(12))


def test_market_report_at_40x20(snap_compare, utc):
    """The market report (m): its question and every market in view, a tap target to cancel."""
    assert snap_compare(CompanionApp(), press=["m"], terminal_size=PHONE, run_before=opener(12))
