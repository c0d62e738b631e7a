"""The fit scenarios' waits (tests/fit_helpers.py): a pause is spent only when the app
has work queued, and a screen read after a resize or a key is the screen laid out."""

from __future__ import annotations

import asyncio
from typing import ClassVar

import pytest
from fit_helpers import _shown, busy, press, resize, settle
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.widget import Widget
from textual.widgets import OptionList
from tui_helpers import pending, shown, sync, until

pytestmark = pytest.mark.ui


class ListApp(App[None]):
    """A list of more choices than a 40×20 screen shows."""

    def compose(self) -> ComposeResult:
        """The list, focused."""
        yield OptionList(*(f"choice {n}" for n in range(30)))


@sync
async def test_work_queued_is_pending_until_the_app_has_done_it() -> None:
    """Nothing queued once the app is idle; a layout asked for, a callback after the next
    refresh or a message not taken yet each count as pending, until the app has run."""
    app = ListApp()
    async with app.run_test(size=(40, 20)) as pilot:
        listing = app.query_one(OptionList)
        await until(pilot, lambda: listing.has_focus and not pending(app), "the app idle")
        ran: list[bool] = []
        app.screen.call_after_refresh(lambda: ran.append(True))
        assert pending(app)
        await until(pilot, lambda: ran and not pending(app), "the callback run")
        listing.post_message(
            OptionList.OptionHighlighted(listing, listing.get_option_at_index(3), 3)
        )
        assert pending(app)
        await until(pilot, lambda: not pending(app), "the message taken")
        app.screen.refresh(layout=True)
        assert pending(app)
        await settle(pilot)
        assert not app.screen._layout_required


@sync
async def test_a_resize_and_a_key_leave_the_screen_laid_out() -> None:
    """After ``resize`` the screen is laid out at the new size; after a key and ``settle``
    the highlighted choice is in view (the list scrolled to it)."""
    app = ListApp()
    async with app.run_test(size=(80, 24)) as pilot:
        listing = app.query_one(OptionList)
        await until(pilot, lambda: listing.has_focus, "the list focused")
        await resize(pilot, (40, 20))
        assert tuple(app.screen.size) == (40, 20) and listing.region.height == 20
        await pilot.press("end")
        await settle(pilot)
        assert listing.highlighted == listing.option_count - 1
        assert listing.scroll_offset.y == listing.max_scroll_y > 0


@sync
async def test_keys_pressed_one_at_a_time_are_each_taken() -> None:
    """``press`` sends each key once the app has taken the one before: three Downs move
    the highlight three choices, and the list has scrolled to it with nothing queued."""
    app = ListApp()
    async with app.run_test(size=(40, 20)) as pilot:
        listing = app.query_one(OptionList)
        await until(pilot, lambda: listing.has_focus and listing.highlighted == 0, "the list")
        await press(pilot, *["down"] * 3)
        assert listing.highlighted == 3
        await press(pilot, "end", "up")
        assert listing.highlighted == listing.option_count - 2
        assert listing.scroll_offset.y > 0


@sync
async def test_the_fit_read_shows_the_letters_a_whole_draw_shows() -> None:
    """The fit checks' read draws with the app's line filters off (colours only): the
    same letters as a draw with them on, every widget drawn anew, and the filters are on
    again after it."""
    app = ListApp()
    async with app.run_test(size=(40, 20)) as pilot:
        listing = app.query_one(OptionList)
        await until(pilot, lambda: listing.has_focus and not pending(app), "the app idle")
        enabled = [line_filter.enabled for line_filter in app._filters]
        assert any(enabled), "no line filter to turn off"
        for widget in app.screen.walk_children(Widget, with_self=True):
            widget._styles_cache.clear()
        read = _shown(app)
        assert [line_filter.enabled for line_filter in app._filters] == enabled
        for widget in app.screen.walk_children(Widget, with_self=True):
            widget._styles_cache.clear()
        assert read == shown(app) and "choice 0" in read


class GateApp(App[None]):
    """A key (`s`) whose handler awaits a gate: a message handled over several turns of
    the event loop, with nothing left in any queue."""

    BINDINGS: ClassVar[list[BindingType]] = [("s", "slow", "slow")]

    def __init__(self) -> None:
        """The gate closed."""
        super().__init__()
        self.gate = asyncio.Event()
        self.done = False

    async def action_slow(self) -> None:
        """Wait for the gate, then say so."""
        await self.gate.wait()
        self.done = True


@sync
async def test_a_message_being_handled_keeps_the_app_busy_and_press_waits_for_it() -> None:
    """``busy`` sees a handler still at work when every queue is empty (``pending`` does
    not), and ``press`` then waits for the screen as Pilot's press does: the key's handler
    has finished when it returns; idle, the app is not busy."""
    app = GateApp()
    async with app.run_test(size=(40, 20)) as pilot:
        try:
            await until(pilot, lambda: not busy(app), "the app idle")
            await app._press_keys(["s"])
            assert busy(app) and not pending(app) and not app.done
            app.gate.set()
            await until(pilot, lambda: app.done and not busy(app), "the handler done")
            app.gate.clear()
            app.done = False
            # The gate opens a moment later, from the event loop (the app is busy).
            asyncio.get_running_loop().call_later(0.05, app.gate.set)
            await press(pilot, "s")
            assert app.done
        finally:
            app.gate.set()  # a failure above leaves no handler waiting: the app can close
