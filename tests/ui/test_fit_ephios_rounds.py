"""A turn at a glance in the Ephios quick game and campaign: a whole quick game of 4 (to
its end) and a campaign round (to its end), played by keys on the one table screen, one
app resized in place to 40×20, 80×24 and 120×40 after every step. At each size every line
to do of the step (its lines as the list shows them: the round's set-up details are in
the why of its first line and in the checklist, `k`) is on the first screen, no key
pressed, and the screen obeys the layout rule (``fit_helpers.assert_fits``).

The step that wins a campaign round too, on a phone's 40×20: its unite, the win, the end
of the round, the victory page and the next round's set-up fill the 17 rows the glance
leaves (a line that begins with its player's name is not headed by it again; the
victory page's tiles and the next round's set-up say their keys once, the alliances in
play are in the set-up's why and its checklist).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from fit_helpers import SETTLING, SIZES, assert_fits, press, resize, unseen_lines
from textual.pilot import Pilot
from tui_helpers import open_save, shown, sync, until

from companion import paths
from companion.core import session
from companion.ephios import campaign, quick
from companion.tui.app import CompanionApp
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.screens.table import TableScreen
from companion.tui.widgets.announcements import AnnouncementList

pytestmark = pytest.mark.ui
PHONE = SIZES[0]


def saved(journal: Any, name: str) -> Any:
    """The journal saved in the data folder as ``name``; its path."""
    path = paths.data_dir() / f"{name}.toml"
    session.create_game(path, journal)
    return path


async def step(pilot: Pilot[Any], screen: TableScreen, *keys: str) -> None:
    """Play one step by its keys and wait until it is recorded and nothing more is asked."""
    before = len(screen.journal.events)
    await press(pilot, *keys)
    await until(
        pilot,
        lambda: len(screen.journal.events) > before and screen.pending is None,
        f"the step of {keys} recorded",
    )


async def settled(pilot: Pilot[Any], condition: Callable[[], bool]) -> None:
    """Let the layout passes a resize or a step set off run until ``condition`` holds, for a
    few seconds at most (a panel redrawn for its new size is laid out in a later pass): the
    caller's check then names what is still wrong."""
    with contextlib.suppress(AssertionError):
        await until(pilot, condition, "the layout settled", SETTLING)


async def glance(pilot: Pilot[Any], screen: TableScreen, where: str) -> None:
    """At each size, from the one the app has: every line to do of the last step on the first
    screen and the layout rule kept."""
    app = pilot.app
    sizes = sorted(SIZES, key=lambda size: size != tuple(app.size))
    for size in sizes:
        if tuple(app.size) != size:
            await resize(pilot, size)
        await seen_here(pilot, screen, f"{where} at {size[0]}×{size[1]}")


async def seen_here(pilot: Pilot[Any], screen: TableScreen, here: str) -> None:
    """The last step's lines to do on the first screen at the app's size, and the layout
    rule kept."""
    app = pilot.app
    if app.screen is screen:
        news = screen.query_one("#t-news", AnnouncementList)
        lines = list(news.announcements)
        assert lines, f"{here}: no line of the step shown"
        await settled(pilot, lambda: not unseen_lines(app, lines, news.region))
        missing = unseen_lines(app, lines, news.region)
        assert not missing, f"{here}: not on the first screen: {missing}\n{shown(app)}"
    else:  # the game's end: its screen covers the table, with the winning step's moves
        assert isinstance(app.screen, GameOverScreen), here
        await settled(pilot, lambda: not unseen_lines(app, screen.said))
        missing = unseen_lines(app, screen.said)
        assert not missing, f"{here}: not on the end screen: {missing}\n{shown(app)}"
    assert_fits(app, here)


@sync
async def test_a_quick_game_of_four_at_a_glance() -> None:
    """Annabelle, Bartholomew, Cyprian and Dorothea (clockwise, Annabelle first) to
    Cyprian's win: turns that end, unites with and without an affinity (each passing the
    turn), the direction token flipped, card effects up and down, the win."""
    names = ["Annabelle", "Bartholomew", "Cyprian", "Dorothea"]
    journal = quick.new_game(names, first="Annabelle")
    path = saved(journal, "ephios-quick-glance")
    app = CompanionApp()
    async with app.run_test(size=PHONE) as pilot:
        screen = await open_save(pilot, path, journal)

        def state() -> Any:
            return screen.view.state

        await step(pilot, screen, "n")  # Annabelle's turn of another action ends
        await glance(pilot, screen, "a turn that ends")
        await step(pilot, screen, "u", "4", "1", "y")  # Bartholomew: Company, match
        assert state().popularity["Bartholomew"] == 60
        await glance(pilot, screen, "a unite with an affinity")
        await step(pilot, screen, "f")
        await glance(pilot, screen, "the direction token flipped")
        await step(pilot, screen, "a", "1", "1", "enter")  # a card: Cyprian up 10%
        assert state().popularity["Cyprian"] == 10
        await glance(pilot, screen, "a card effect")
        await step(pilot, screen, "u", "2", "3", "y")  # Cyprian: Academy, no affinity
        assert state().players[state().current] == "Bartholomew"  # counterclockwise
        await glance(pilot, screen, "a unite that passes the turn counterclockwise")
        await step(pilot, screen, "n")
        await glance(pilot, screen, "another turn that ends")
        await step(pilot, screen, "a", "2", "2", "enter")  # a card: Bartholomew down 10%
        assert state().popularity["Bartholomew"] == 50
        await glance(pilot, screen, "a card effect down")
        await step(pilot, screen, "u", "5", "2", "y")  # Annabelle: Cult, hand
        await glance(pilot, screen, "a unite with the hand affinity")
        await step(pilot, screen, "u", "1", "3", "y")  # Dorothea: Syndicate
        assert [state().popularity[p] for p in names] == [50, 50, 40, 20]
        await glance(pilot, screen, "a unite of the Syndicate")
        await step(pilot, screen, "u", "4", "3", "y")  # Cyprian: Company, 80%: the win
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game over")
        await glance(pilot, screen, "the winning unite")
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is screen, "the table again")
        assert state().winner == "Cyprian"
        await glance(pilot, screen, "a quick game won")


@sync
async def test_a_campaign_round_at_a_glance() -> None:
    """A campaign of three, round 1 from its set-up to its end (the victory page, the next
    round's set-up) and the first turn of round 2."""
    journal = campaign.new_game(["Annabelle", "Bartholomew", "Cyprian"], first="Annabelle")
    path = saved(journal, "ephios-campaign-glance")
    app = CompanionApp()
    async with app.run_test(size=PHONE) as pilot:
        screen = await open_save(pilot, path, journal)
        await step(pilot, screen, "n")
        await glance(pilot, screen, "a turn that ends")
        await step(pilot, screen, "u", "3", "1", "y")  # Bartholomew: Order, match: 50%
        await glance(pilot, screen, "a unite")
        await step(pilot, screen, "a", "1", "1", "enter")  # a card: Cyprian up 10%
        await glance(pilot, screen, "a card effect")
        await step(pilot, screen, "n")
        await glance(pilot, screen, "Cyprian's turn ends")
        await step(pilot, screen, "u", "5", "3", "y")  # Annabelle: Cult: 40%
        await glance(pilot, screen, "a unite with no affinity")
        # Bartholomew (his affinity played, not asked): Academy, 80%: the round
        await step(pilot, screen, "u", "2", "y")
        rounds = screen.view.state
        assert (rounds.number, rounds.round_winners) == (2, ["Bartholomew"])
        await glance(pilot, screen, "the round won")
        # The next round's set-up: its first line names the checklist, its steps in its why.
        news = screen.query_one("#t-news", AnnouncementList)
        keep = [a for a in news.announcements if a.what == "round.keep"]
        assert len(keep) == 1 and keep[0].text.endswith("Key k: its checklist.")
        assert "Reveal the first 4 cards to form the crossroads." in keep[0].why
        assert "Alliances in play: Syndicate, Academy, Order, Company, Cult." in keep[0].why
        # The player who wins heads the line with the name: never "Bartholomew: Bartholomew".
        assert "Bartholomew: Bartholomew" not in shown(app)
        assert "round.won" not in [a.what for a in news.announcements]
        assert "round.first" in [a.what for a in screen.said]  # said, folded on the screen
        await step(pilot, screen, "n")  # round 2: Bartholomew started it
        await glance(pilot, screen, "round 2's first turn")
