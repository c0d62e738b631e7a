"""SVG snapshots of the Ephios solo and quick-game screens at 80x24 and 120x40.

The games are fixed journals saved under fixed names, so the pictures do not
depend on the clock. Regenerate after a deliberate change with
`pytest tests/test_tui_ephios_snapshots.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import pytest

from companion import paths
from companion.ephios import quick, solo, store
from companion.tui.app import CompanionApp

SIZES = [(80, 24), (120, 40)]
CROSSROADS = {
    "reveal-1": "syndicate-dignitary",
    "reveal-2": "order",
    "reveal-3": "academy",
    "reveal-4": "company",
}


def open_solo(app: CompanionApp) -> None:
    """A solo game after one turn (debate, the Plot recruits the Order Dignitary) and a recruit."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    solo.play(journal, ["debate", "1"], {"reveal-1": "order-dignitary", "reveal-2": "cult"})
    solo.play(
        journal,
        ["recruit", "2"],
        {"cost": "1", "reveal-1": "academy-dignitary", "reveal-2": "syndicate"},
    )
    path = paths.data_dir() / "ephios-solo-snapshot.toml"
    store.create(path, journal, force=True)
    app.open_game(path, journal)


def open_quick(app: CompanionApp) -> None:
    """A 3-player quick game: Ann united the Company with her affinity, Bob's turn."""
    journal = quick.new_game(["Ann", "Bob", "Cy"])
    quick.play(
        journal, {"kind": "unite", "player": "Ann", "alliance": "company", "affinity": "match"}
    )
    quick.play(journal, {"kind": "popularity", "player": "Cy", "delta": 10})
    quick.play(journal, {"kind": "next"})
    path = paths.data_dir() / "ephios-quick-snapshot.toml"
    store.create(path, journal, force=True)
    app.open_game(path, journal)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_solo_screen(snap_compare, size):
    async def run_before(pilot):
        open_solo(pilot.app)
        await pilot.pause()

    assert snap_compare(CompanionApp(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_quick_screen(snap_compare, size):
    async def run_before(pilot):
        open_quick(pilot.app)
        await pilot.pause()

    assert snap_compare(CompanionApp(), terminal_size=size, run_before=run_before)
