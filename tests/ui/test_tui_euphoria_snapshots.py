"""SVG snapshots of the Euphoria game on the table screen after an Automa turn, at 40x20, 80x24 and 120x40.

Deterministic: a fixed seed and options, the game saved under a fixed name,
TZ=UTC. Regenerate after a deliberate change with
`pytest tests/ui/test_tui_euphoria_snapshots.py --snapshot-update` and read the SVGs in
tests/__snapshots__/test_tui_euphoria_snapshots/.
"""

from __future__ import annotations

import pytest
from tui_helpers import opener

from companion.tui.app import CompanionApp

SIZES = [(40, 20), (80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_screen_after_a_turn(snap_compare, utc, size):
    ran = opener(12, "enter", lambda screen: screen.state.turn == 13)
    assert snap_compare(CompanionApp(), terminal_size=size, run_before=ran)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_screen_asking(snap_compare, utc, size):
    asking = opener(5, "enter", lambda screen: screen.pending is not None)
    assert snap_compare(CompanionApp(), terminal_size=size, run_before=asking)
