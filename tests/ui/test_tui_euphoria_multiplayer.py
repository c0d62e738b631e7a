"""Pilot test of the Euphoria set-up without Automas (home entry 5)."""

from __future__ import annotations

import asyncio

from tui_helpers import at_home, until, wait_for_screen, wait_for_widget

from companion.tui.app import CompanionApp
from companion.tui.screens.euphoria_multiplayer import EuphoriaMultiplayerScreen
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
            checklist = await wait_for_widget(pilot, Checklist)
            await until(pilot, lambda: checklist.items)
            text = "\n".join(checklist.items)
            assert 'labelled "5"' in text
            assert "Do not use the New Antiques Bazaar" in text
            await pilot.press("a")
            await until(pilot, lambda: checklist.complete)
            await pilot.press("escape")
            await at_home(pilot)

    asyncio.run(run())
