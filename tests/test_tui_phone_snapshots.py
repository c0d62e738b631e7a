"""SVG snapshots at 40x20, a phone in portrait (issue 10 item 2), beside the 80x24 and 120x40 ones.

The home screen, the new-game wizard, the menu (every action of a screen,
for a footer too narrow to show them) and the help. Regenerate after a
deliberate change with `--snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

from companion.tui.app import CompanionApp

PHONE = (40, 20)


def test_home_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), terminal_size=PHONE)


def test_wizard_first_step_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), press=["1"], terminal_size=PHONE)


def test_menu_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), press=["f10"], terminal_size=PHONE)


def test_help_at_40x20(snap_compare):
    assert snap_compare(CompanionApp(), press=["f1"], terminal_size=PHONE)
