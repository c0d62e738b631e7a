"""Readable in every state of every theme: each letter the app draws on a phone (40 columns,
a touch screen) has WCAG AA contrast, 4.5:1, against its background: the home screen, its
menu, the set-up wizard, the Euphoria turn screen before and after a turn, its turn button
at rest, under the finger that tapped it (a tap leaves the pointer there: hover) and while
a question waits, in the dark and the light theme. (The screen under the menu, dimmed and
out of use while it is open, is not read.)"""

from __future__ import annotations

import pytest
from contrast import too_faint
from textual.containers import Vertical
from tui_helpers import (
    at_home,
    make_game,
    open_turn_screen,
    press,
    sync,
    until,
    wait_for_screen,
    wait_for_text,
)

from companion.core.catalog import TOUCH_ENV
from companion.tui.app import DARK_THEME, LIGHT_THEME, CompanionApp
from companion.tui.screens.menu import MenuScreen
from companion.tui.screens.table_setup import TableSetupScreen

PHONE = (40, 20)
THEMES = [DARK_THEME, LIGHT_THEME]


@pytest.fixture(autouse=True)
def _touch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TOUCH_ENV, "1")


def readable(app: CompanionApp, where: str, region: object = None) -> None:
    faint = too_faint(app, region)
    assert not faint, f"{app.theme}, {where}: under 4.5:1\n" + "\n".join(faint)


@pytest.mark.parametrize("theme", THEMES)
@sync
async def test_the_home_screen_its_menu_and_the_wizard_are_readable(theme: str) -> None:
    app = CompanionApp(theme=theme)
    async with app.run_test(size=PHONE) as pilot:
        await at_home(pilot)
        await wait_for_text(pilot, "Tap a game")
        readable(app, "the home screen")
        await press(pilot, "f10")
        menu = await wait_for_screen(pilot, MenuScreen)
        # The screen under it is dimmed, out of use while the menu is open: the menu's box.
        readable(app, "the menu", menu.query_one(Vertical).region)
        await press(pilot, "escape")
        await until(pilot, lambda: not isinstance(app.screen, MenuScreen), "the menu closed")
        await press(pilot, "1")
        await wait_for_screen(pilot, TableSetupScreen)
        await wait_for_text(pilot, "step 1")
        readable(app, "the wizard")


@pytest.mark.parametrize("theme", THEMES)
@sync
async def test_the_turn_screen_and_its_button_are_readable_in_each_state(theme: str) -> None:
    path, journal = make_game(turns=1)
    app = CompanionApp(theme=theme)
    async with app.run_test(size=PHONE) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await wait_for_text(pilot, "⏎ Automa turn 2")
        readable(app, "the turn screen")
        hint = screen.query_one("#t-bar")
        await pilot.hover(hint, offset=(3, 0))  # where the finger tapped: the pointer stays
        await until(pilot, lambda: hint.highlight_link_id != "", "the button hovered")
        readable(app, "the turn button under the finger")
        await pilot.click(hint, offset=(3, 0))
        await until(pilot, lambda: screen.state.turn == 2, "the turn played")
        await wait_for_text(pilot, "⏎ Automa turn 3")
        readable(app, "after a tap on the turn button")
        await press(pilot, "b")  # a report: a question waits, the button says to answer
        await until(pilot, lambda: screen.pending is not None, "a question")
        readable(app, "a question on the turn screen")
