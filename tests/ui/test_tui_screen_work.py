"""What the app asks of Textual on each kind of screen (home, set-up, help, menu, history,
end of game), counted: a resize lays the screen out once at its new size, and its first
show styles its widgets once. Each test fails when the work it counts is done again for
nothing (companion.tui.screens.work_once); tests/ui/test_tui_app_work.py counts the table
screen's."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from fit_helpers import resize
from test_tui_app_work import recorded_layouts, recorded_whole_draws
from textual.pilot import Pilot
from textual.screen import Screen
from tui_helpers import (
    at_home,
    make_game,
    press,
    settled,
    sync,
    wait_for_screen,
)

from companion.core import session
from companion.euphoria import game
from companion.tui import screens
from companion.tui.app import CompanionApp
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.history import HistoryScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.menu import MenuScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.screens.work_once import WorkOnceScreen

Opener = Callable[[Pilot[Any]], Awaitable[Screen[Any]]]


async def home(pilot: Pilot[Any]) -> Screen[Any]:
    """The home screen, the app's first."""
    return await at_home(pilot)


def by_key(key: str, kind: type[Screen[Any]]) -> Opener:
    """The screen of ``kind`` that ``key`` opens on the home screen."""

    async def open_it(pilot: Pilot[Any]) -> Screen[Any]:
        await at_home(pilot)
        await press(pilot, key)
        return await wait_for_screen(pilot, kind)

    return open_it


async def game_over(pilot: Pilot[Any]) -> Screen[Any]:
    """The end-of-game screen of a game the white Automa won."""
    path, journal = make_game(turns=18, seed=6, name="finished")
    state = game.replay(journal)
    game.apply_event(journal, "activation", faction=state.automas["black"].faction)
    game.apply_event(journal, "correct", automa="white", tokens_left=0)
    session.save_game(path, journal)
    await at_home(pilot)
    await pilot.app.push_screen(GameOverScreen(path, journal))
    return await wait_for_screen(pilot, GameOverScreen)


SCREENS: dict[str, Opener] = {
    "home": home,
    "set-up": by_key("1", TableSetupScreen),
    "help": by_key("f1", HelpScreen),
    "menu": by_key("f10", MenuScreen),
    "history": by_key("h", HistoryScreen),
    "game over": game_over,
}


def test_every_screen_of_the_app_does_textuals_work_once() -> None:
    """Every screen class of companion.tui.screens is a WorkOnceScreen (the kinds below
    are all of them, and each is counted)."""
    kinds = set()
    for name in ("home", "table_setup", "help", "menu", "history", "game_over", "table"):
        module = __import__(f"{screens.__name__}.{name}", fromlist=["_"])
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Screen) and cls.__module__ == module.__name__:
                assert issubclass(cls, WorkOnceScreen), cls
                kinds.add(cls)
    counted = {HomeScreen, TableSetupScreen, HelpScreen, MenuScreen, HistoryScreen}
    assert counted | {GameOverScreen} <= kinds


@pytest.mark.parametrize("kind", SCREENS)
@sync
async def test_a_resize_lays_the_screen_out_at_its_new_size_once(kind: str) -> None:
    """Each resize lays the screen out at the new size once: Textual's layout tells the
    screen of the size it laid it out at, and its handler laid the whole screen out at that
    size again (the screen's own resize handler run again with it)."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await SCREENS[kind](pilot)
        await settled(pilot)
        at_pass: list[frozenset[str]] = []
        passes = recorded_layouts(screen, at_pass)
        draws = recorded_whole_draws(screen)
        for size, phone in (((40, 20), True), ((80, 24), False)):
            passes.clear()
            at_pass.clear()
            draws.clear()
            await resize(pilot, size)
            await settled(pilot)
            assert screen.has_class("-phone") is phone, (size, screen.classes)
            sized = [tuple(each) for each in passes if each is not None]  # type: ignore[call-overload]
            assert sized == [size], f"{kind} at {size}: {passes}"
            # The size's classes are in place at its layout, and the screen is drawn whole once.
            assert at_pass == [frozenset(screen.classes)], f"{kind} at {size}: {at_pass}"
            whole = [tuple(each) for each in draws]  # type: ignore[call-overload]
            assert whole == [size], f"{kind} at {size}: drawn whole {draws}"
