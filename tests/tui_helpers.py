"""What the Pilot tests of the screens share: running them, pressing keys, reading the
screen, and waiting for a condition (a screen, a widget, a text) instead of for time.

Textual's own ``pilot.pause()`` waits until the process looks idle (its CPU time stops
advancing): on a loaded machine the process gets little CPU and looks idle before a
screen is up. So every wait here polls a condition, with a generous timeout and a
failure that says what was awaited and what the screen showed instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from textual._compositor import LayoutUpdate
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from companion import paths
from companion.core import session
from companion.core.journal import Journal
from companion.core.questions import NeedAnswers
from companion.euphoria import game
from companion.euphoria.state import GameOptions

TIMEOUT = 60.0  # seconds: far beyond any wait on an idle machine (well under one)
S = TypeVar("S", bound=Screen[Any])
W = TypeVar("W", bound=Widget)

SEED = 6  # turn 6 of this game asks `sites.humans` (a construct(ed) market action)
OPTIONS = GameOptions(humans=1, recruits=("icarus", "euphoria"))


def sync(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test with asyncio (no async pytest plugin is needed)."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


def shown(app: App[Any]) -> str:
    """The text on screen, row by row (row n is the screen's row n), each row's trailing
    blanks cut.

    Read from the compositor's full update, as Textual's SVG screenshot is, but without
    drawing and parsing the SVG (ten times the cost, and it drops blank rows and runs of
    blanks): the screens are read at every poll of a wait."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    assert isinstance(update, LayoutUpdate)
    return "\n".join("".join(strip.text for strip in line).rstrip() for line in update.strips)


async def until(
    pilot: Pilot[Any],
    condition: Callable[[], object],
    what: str | None = None,
    timeout: float = TIMEOUT,
) -> None:
    """Let the app run until ``condition()`` is true (an exception counts as not yet).

    Fails naming ``what`` was awaited (by default the line of the call, read only then),
    the screen that is up and the text it shows."""
    deadline = time.monotonic() + timeout
    error: Exception | None = None
    while True:
        try:
            if condition():
                return
            error = None
        except Exception as failed:  # e.g. NoMatches: the widget is not mounted yet
            error = failed
        if time.monotonic() > deadline:
            app = pilot.app
            if what is None:
                try:
                    what = inspect.getsource(condition).strip()
                except (OSError, TypeError):
                    what = repr(condition)
            raise AssertionError(
                f"waited {timeout:.0f} s for {what}"
                + (f" ({error!r})" if error else "")
                + f"; the screen is {type(app.screen).__name__}, showing:\n{shown(app)}"
            )
        await pilot.pause()


async def wait_for_screen(pilot: Pilot[Any], kind: type[S], timeout: float = TIMEOUT) -> S:
    """The screen of type ``kind`` once it is the active screen and mounted."""
    app = pilot.app
    await until(
        pilot,
        lambda: isinstance(app.screen, kind) and app.screen.is_mounted,
        f"the {kind.__name__}",
        timeout,
    )
    screen = app.screen
    assert isinstance(screen, kind)
    return screen


async def wait_for_widget(
    pilot: Pilot[Any], selector: str | type[W], timeout: float = TIMEOUT
) -> Widget:
    """The first widget of the active screen matching ``selector``, once it is mounted and
    has a place on the screen (so a click on it lands)."""
    app = pilot.app
    name = selector if isinstance(selector, str) else selector.__name__

    def placed() -> bool:
        widget = app.screen.query_one(selector)
        return widget.is_mounted and widget.region.area > 0

    await until(pilot, placed, name, timeout)
    return app.screen.query_one(selector)


async def mounted(pilot: Pilot[Any], widget: W, timeout: float = TIMEOUT) -> W:
    """``widget`` once it is mounted (and so takes keys and clicks)."""
    await until(pilot, lambda: widget.is_mounted, f"the {type(widget).__name__} mounted", timeout)
    return widget


async def wait_for_text(pilot: Pilot[Any], text: str, timeout: float = TIMEOUT) -> str:
    """The text on screen once ``text`` shows in it."""
    app = pilot.app
    await until(pilot, lambda: text in shown(app), repr(text), timeout)
    return shown(app)


async def wait_for_option(
    pilot: Pilot[Any], options: Widget, index: int, text: str, timeout: float = TIMEOUT
) -> tuple[int, int]:
    """The click offset of option ``index`` of a focused list of one-line options, once it
    shows ``text`` there and the layout is done: focus changes a list's border, which moves
    its rows a moment after its text shows."""
    app = pilot.app

    def offset() -> tuple[int, int]:
        gutter = options.styles.gutter
        return gutter.left + 2, gutter.top + index

    def ready() -> bool:
        rows = shown(app).splitlines()
        return (
            options.has_focus
            and not app.screen._layout_required
            and text in rows[options.region.y + offset()[1]]
        )

    await until(pilot, ready, f"{text!r} as option {index} of the focused list", timeout)
    return offset()


async def wait_gone(pilot: Pilot[Any], text: str, timeout: float = TIMEOUT) -> str:
    """The text on screen once ``text`` no longer shows in it."""
    app = pilot.app
    await until(pilot, lambda: text not in shown(app), f"{text!r} to go", timeout)
    return shown(app)


async def at_home(pilot: Pilot[Any]) -> Any:
    """The home screen, once the app has started and shows it."""
    from companion.tui.screens.home import HomeScreen

    return await wait_for_screen(pilot, HomeScreen)


@contextlib.asynccontextmanager
async def home(size: tuple[int, int] = (80, 24)) -> AsyncIterator[tuple[Any, Pilot[Any]]]:
    """The app started at its home screen, mounted: ``async with home() as (app, pilot)``."""
    from companion.tui.app import CompanionApp

    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        await at_home(pilot)
        yield app, pilot


def pending(app: App[Any]) -> bool:
    """Whether the app has work queued that a pause would let it do: a layout, a scroll, a
    repaint or a recompose for the screen's next update, callbacks to run after it, or a
    message that the app or a widget of the screen has not taken yet. With none, a pause
    (Textual's walks every widget and sleeps) changes nothing on the screen."""
    screen = app.screen
    if (
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._callbacks
        or screen._dirty_widgets
    ):
        return True
    nodes = (app, *screen.walk_children(with_self=True))
    return any(not node._message_queue.empty() for node in nodes)


async def settled(pilot: Pilot[Any]) -> None:
    """Let the app do the work a key or a click left queued (``pending``: a
    layout, a scroll, a repaint, callbacks after the refresh, messages not yet taken) with
    a pause, and skip the pause when there is none: Pilot's press and click have already
    waited for every widget of the screen to take its messages, and a pause then (a
    message to every widget and an idle wait) changes nothing."""
    if pending(pilot.app):
        await pilot.pause()


async def tap(pilot: Pilot[Any], *args: Any, **kwargs: Any) -> bool:
    """Click (``pilot.click``'s arguments) and let the app settle; whether it hit."""
    hit = await pilot.click(*args, **kwargs)
    await settled(pilot)
    return hit


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys one at a time, letting the app take each before the next (``settled``).

    The keys all go to the screen that is up: wait for the screen (``wait_for_screen``)
    before pressing keys meant for a screen that a key opens."""
    for key in keys:
        await pilot.press(key)
        await settled(pilot)


async def answer(pilot: Pilot[Any], screen: Screen[Any], *keys: str) -> None:
    """Press each key on ``screen``'s question panel once the question it answers is up: a
    key pressed while the panel still shows the question before (its answer on its way to
    the screen) answers nothing, and a loaded machine let one through so (a set-up stopped
    at a question whose key had come too soon)."""
    from companion.tui.widgets import QuestionPanel

    panel = screen.query_one(QuestionPanel)
    answered = None
    for key in keys:

        def asked(before: object = answered) -> bool:
            return panel.current is not None and panel.current is not before

        await until(pilot, asked, f"the question {key!r} answers")
        answered = panel.current
        await pilot.press(key)


async def press_on(pilot: Pilot[Any], kind: type[S], *keys: str) -> S:
    """Wait for the screen of type ``kind``, then press ``keys`` on it; the screen."""
    screen = await wait_for_screen(pilot, kind)
    await press(pilot, *keys)
    return screen


async def open_save(pilot: Pilot[Any], path: Path, journal: Journal) -> Any:
    """The game screen of the save at ``path``, opened from the home screen as its resume
    list does, once it is up."""
    home = await at_home(pilot)
    app: Any = pilot.app  # the CompanionApp
    app.open_game(path, journal)
    await until(
        pilot,
        lambda: pilot.app.screen is not home and pilot.app.screen.is_mounted,
        f"the screen of {path.name}",
    )
    return pilot.app.screen


async def game_screen(pilot: Pilot[Any]) -> Any:
    """The screen a game opened over the home screen (``app.open_game``), once it is up."""
    from companion.tui.screens.home import HomeScreen

    app = pilot.app
    await until(
        pilot,
        lambda: not isinstance(app.screen, HomeScreen) and app.screen.is_mounted,
        "a game's screen",
    )
    return app.screen


async def eventually(condition: Callable[[], object], what: str, timeout: float = TIMEOUT) -> None:
    """Let the event loop run (outside any app) until ``condition()`` is true."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        await asyncio.sleep(0.01)


# --- a saved Euphoria game and its turn screen ----------------------------------------------


def play(journal: Journal, turns: int) -> None:
    """Play ``turns`` Automa turns through the engine, answering "no human there"."""
    for _ in range(turns):
        try:
            game.run_turn(journal)
        except NeedAnswers as need:
            game.run_turn(journal, {q.id: "" for q in need.questions})


def make_game(
    turns: int = 0, seed: int = SEED, name: str = "euphoria-test"
) -> tuple[Path, Journal]:
    """A saved game in the data folder after ``turns`` Automa turns."""
    journal = game.new_game(OPTIONS, seed)
    play(journal, turns)
    path = paths.data_dir() / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    session.create_game(path, journal)
    return path, journal


async def open_turn_screen(pilot: Pilot[Any], app: Any, path: Path, journal: Journal) -> Any:
    """Open the table screen of the saved game, as the home screen's resume list does."""
    from companion.tui.screens.table import TableScreen

    await at_home(pilot)
    app.open_game(path, session.load_game(path, game.GAME))
    return await wait_for_screen(pilot, TableScreen)


def saved_game(turns: int, name: str = "euphoria-snapshot") -> tuple[Path, Journal]:
    """Seed 6 (solo, Icarus + Euphoria, Intermediate) after ``turns`` turns, saved."""
    return make_game(turns, SEED, name)


def opener(
    turns: int, key: str | None = None, done: Callable[[Any], object] | None = None
) -> Callable[[Pilot[Any]], Coroutine[Any, Any, None]]:
    """A snapshot's run_before that opens the turn screen of the saved game (seed 6), then
    presses ``key`` on it and waits until ``done(screen)``: the snapshot is taken of what
    the key led to, not of a moment before."""

    async def run_before(pilot: Pilot[Any]) -> None:
        path, journal = saved_game(turns)
        screen = await open_turn_screen(pilot, pilot.app, path, journal)
        if key is not None:
            await pilot.press(key)
            await until(pilot, lambda: done is None or done(screen), f"what {key!r} does")

    return run_before
