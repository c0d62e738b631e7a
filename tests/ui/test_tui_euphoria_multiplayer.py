"""Pilot test of the Euphoria set-up without Automas (home entry 5): the players, the recruit
set, then each player's active recruit (one key each, Enter skips) for the minority bonus
(Part 1, "Minority Starting Bonus")."""

from __future__ import annotations

import asyncio

from tui_helpers import at_home, shown, until, wait_for_screen, wait_for_widget

from companion.tui.app import CompanionApp
from companion.tui.screens.euphoria_multiplayer import EuphoriaMultiplayerScreen
from companion.tui.widgets import QuestionPanel
from companion.tui.widgets.checklist import Checklist


def test_multiplayer_setup_shows_the_engines_checklist():
    """Home key 5, 5 players, base game: the engine's checklist (miners on "5", no Bazaar)."""

    async def run() -> None:
        app = CompanionApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await at_home(pilot)
            await pilot.press("5")
            await wait_for_screen(pilot, EuphoriaMultiplayerScreen)
            await pilot.press("4", "2")  # 5 players, base game
            panel = app.screen.query_one(QuestionPanel)
            await until(pilot, lambda: "Player 1" in shown(app))
            assert "factionless" not in shown(app)  # not in the original recruits
            await pilot.press(*["enter"] * 5)  # every active recruit skipped
            await until(pilot, lambda: not panel.display)
            checklist = await wait_for_widget(pilot, Checklist)
            await until(pilot, lambda: checklist.items)
            text = "\n".join(checklist.items)
            assert 'labelled "5"' in text
            assert "Do not use the New Antiques Bazaar" in text
            assert "tunnel stickers" in text and "once per trigger event" in text
            assert "find the faction with the most active recruits" in text  # the rule stated
            await pilot.press("a")
            await until(pilot, lambda: checklist.complete)
            await pilot.press("escape")
            await at_home(pilot)

    asyncio.run(run())


def test_the_active_recruits_work_the_minority_bonus_out():
    """3 players, new set: Icarite, Icarite, Euphorian (one key each): the checklist names the
    majority and gives player 3 the bonus instead of stating the rule; Backspace on the first
    active recruit goes back to the players."""

    async def run() -> None:
        app = CompanionApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await at_home(pilot)
            await pilot.press("5")
            await wait_for_screen(pilot, EuphoriaMultiplayerScreen)
            await pilot.press("2", "1")  # 3 players, the new set
            await until(pilot, lambda: "Player 1's active recruit" in shown(app))
            await pilot.press("backspace")
            await until(pilot, lambda: "How many players" in shown(app))
            await pilot.press("2", "1")
            await until(pilot, lambda: "Player 1's active recruit" in shown(app))
            await pilot.press("4", "4", "1")  # Icarite, Icarite, Euphorian
            checklist = await wait_for_widget(pilot, Checklist)
            await until(pilot, lambda: checklist.items)
            text = "\n".join(checklist.items)
            assert "Majority faction among the active recruits: Icarite." in text
            assert "Player 3 (active Euphorian): gain any 2 commodities." in text
            assert "find the faction with the most active recruits" not in text
            assert "never take" in text.lower() and "discard it and draw a replacement" in text

    asyncio.run(run())
