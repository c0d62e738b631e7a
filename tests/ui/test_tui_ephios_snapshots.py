"""SVG snapshots of the Ephios solo, quick-game and campaign screens at 40x20 (a phone in
portrait), 80x24 and 120x40.

The games are fixed journals saved under fixed names, so the pictures do not
depend on the clock. Regenerate after a deliberate change with
`pytest tests/ui/test_tui_ephios_snapshots.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import pytest
from tui_helpers import game_screen, until

from companion import paths
from companion.cli.ephios_words import parse_action as W
from companion.core import session
from companion.ephios import campaign, quick, solo
from companion.tui.app import CompanionApp

SIZES = [(40, 20), (80, 24), (120, 40)]
CROSSROADS = {
    "reveal-1": "syndicate-dignitary",
    "reveal-2": "order",
    "reveal-3": "academy",
    "reveal-4": "company",
}


def open_solo(app: CompanionApp) -> None:
    """A solo game after one turn (debate, the Plot recruits the Order Dignitary) and a recruit."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    solo.play(journal, W(["debate", "1"]), {"reveal-1": "order-dignitary", "reveal-2": "cult"})
    solo.play(
        journal,
        W(["recruit", "2"]),
        {"cost": "1", "reveal-1": "academy-dignitary", "reveal-2": "syndicate"},
    )
    path = paths.data_dir() / "ephios-solo-snapshot.toml"
    session.create_game(path, journal, force=True)
    app.open_game(path, journal)


def open_quick(app: CompanionApp) -> None:
    """A 3-player quick game: Ann united the Company with her affinity, Bob's turn."""
    journal = quick.new_game(["Ann", "Bob", "Cy"])
    quick.play(
        journal, {"kind": "unite", "player": "Ann", "alliance": "company", "affinity": "match"}
    )
    quick.play(journal, {"kind": "popularity", "player": "Cy", "delta": 10})  # the unite ended
    path = paths.data_dir() / "ephios-quick-snapshot.toml"
    session.create_game(path, journal, force=True)
    app.open_game(path, journal)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_solo_screen(snap_compare, size):
    """The table screen of a solo game: its board, the menu of actions (at 40×20 what to
    do instead: Enter asks the menu there)."""

    async def run_before(pilot):
        open_solo(pilot.app)
        screen = await game_screen(pilot)
        await until(pilot, lambda: screen.idle or screen.has_class("-short"))

    assert snap_compare(CompanionApp(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_quick_screen(snap_compare, size):
    async def run_before(pilot):
        open_quick(pilot.app)
        await game_screen(pilot)

    assert snap_compare(CompanionApp(), terminal_size=size, run_before=run_before)


def open_campaign(app: CompanionApp) -> None:
    """A 4-player campaign: Ann won round 1 (Academy page read); in round 2 Bob united,
    Cleo's turn."""
    journal = campaign.new_game(["Ann", "Bob", "Cleo", "Dmitri"])
    for event in (
        {"kind": "unite", "player": "Ann", "alliance": "company", "affinity": "match"},
        *[{"kind": "next"}] * 3,  # a unite ends the turn: Bob's, Cleo's, Dmitri's turns
        {"kind": "unite", "player": "Ann", "alliance": "academy", "affinity": "none"},
        {"kind": "next"},  # round 2: Ann starts
        {"kind": "unite", "player": "Bob", "alliance": "cult", "affinity": "hand"},
    ):
        campaign.play(journal, event)
    path = paths.data_dir() / "ephios-campaign-snapshot.toml"
    session.create_game(path, journal, force=True)
    app.open_game(path, journal)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_solo_screen_while_a_card_is_asked(snap_compare, size):
    """Debate slot 4, then the refill asks slot 1: the board shows the table so far."""

    async def run_before(pilot):
        open_solo(pilot.app)
        screen = await game_screen(pilot)
        panel = screen.query_one("#t-question")
        await pilot.press("d")
        await until(pilot, lambda: panel.current is not None and panel.current.id == "arg")
        await pilot.press("4")
        await until(pilot, lambda: panel.current is not None and panel.current.id == "reveal-1")

    assert snap_compare(CompanionApp(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_campaign_screen_four_players(snap_compare, size):
    async def run_before(pilot):
        open_campaign(pilot.app)
        await game_screen(pilot)

    assert snap_compare(CompanionApp(), terminal_size=size, run_before=run_before)
