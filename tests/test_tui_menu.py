"""The menu (issue 10 items 2-3): one control opens every action of a screen, a tap runs one."""

from __future__ import annotations

import re

from textual.widgets import Footer, OptionList
from tui_helpers import home, press, shown, sync, tap

from companion.tui.app import MENU_ICON
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.menu import MenuScreen


@sync
async def test_every_footer_has_the_menu_control_even_at_40_columns():
    async with home(size=(40, 20)) as (app, _pilot):
        footer = app.screen.query_one(Footer)
        assert footer.show_command_palette
        lines = shown(app).splitlines()
        assert re.search(f"{MENU_ICON} ?Menu", lines[-1]), lines[-1]
        assert lines[0].lstrip().startswith(MENU_ICON), lines[0]


@sync
async def test_a_tap_on_the_menu_control_lists_the_screens_actions_and_runs_one():
    async with home(size=(40, 20)) as (app, pilot):
        await tap(pilot, "FooterKey.-command-palette")
        assert isinstance(app.screen, MenuScreen)
        text = shown(app)
        for label in ("Help", "Reload", "Quit", "Search every command"):
            assert label in text, text
        labels = [entry.label for entry in app.screen.entries]
        await tap(pilot, OptionList, offset=(2, labels.index("Help")))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


@sync
async def test_the_menu_closes_by_a_tap_or_escape_and_runs_nothing():
    async with home() as (app, pilot):
        await press(pilot, "f10")
        assert isinstance(app.screen, MenuScreen)
        await tap(pilot, "#menu-close")
        assert isinstance(app.screen, HomeScreen)
        await press(pilot, "f10")
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)
        await press(pilot, "f10")
        await pilot.click(offset=(0, 0))  # outside the list
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


@sync
async def test_the_header_icon_opens_the_menu_and_its_last_entry_the_command_search():
    from textual.command import CommandPalette

    async with home(size=(40, 20)) as (app, pilot):
        await tap(pilot, "HeaderIcon")
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one(OptionList)
        menu.highlighted = menu.option_count - 1
        await press(pilot, "enter")
        await pilot.pause()
        assert CommandPalette.is_open(app)
