"""A touch screen's keyboard: the app in a browser tab tells its page when a text field has the
focus (companion.tui.keyboard), and `companion serve` passes it on to the page.

The page giving the terminal's textarea ``inputmode="none"`` in a real browser is tested in
tests/browser/test_phone.py.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from textual.drivers.headless_driver import HeadlessDriver
from textual.widgets import Input
from tui_helpers import at_home, press, sync, until, wait_for_screen

from companion.tui import keyboard
from companion.tui.app import CompanionApp
from companion.web.sessions import SparePool, WarmAppService


@sync
async def test_the_page_is_told_when_a_name_field_has_the_focus_and_when_it_has_gone(monkeypatch):
    told: list[dict[str, Any]] = []
    # The test's headless driver stands for a page's (a browser tab's app: is_web, and it
    # writes meta messages).
    monkeypatch.setattr(HeadlessDriver, "is_web", property(lambda driver: True))
    monkeypatch.setattr(
        HeadlessDriver, "write_meta", lambda driver, data: told.append(data), raising=False
    )
    app = CompanionApp()
    async with app.run_test(size=(40, 30)) as pilot:
        home = await at_home(pilot)
        assert told == []  # the home screen has no text field: nothing to say
        await press(pilot, "3")  # the Ephios quick game: the players' names
        await until(pilot, lambda: isinstance(app.focused, Input), "a name field focused")
        await until(pilot, lambda: told != [], "the page told")
        assert told == [{"type": keyboard.KEYBOARD, "wanted": True}]
        await press(pilot, "tab")  # the next name: still a text field, nothing new to say
        assert told == [{"type": keyboard.KEYBOARD, "wanted": True}]
        await press(pilot, "escape")  # back home: no text field
        await wait_for_screen(pilot, type(home))
        await until(pilot, lambda: len(told) == 2, "the page told the field has gone")
        assert told[-1] == {"type": keyboard.KEYBOARD, "wanted": False}


def test_outside_a_browser_the_app_tells_no_page():
    app = CompanionApp()  # not running: no driver
    assert keyboard.focus_moved(app) is False


def test_the_server_passes_the_keyboard_on_to_the_page_as_a_yes_or_no():
    written: list[str] = []

    async def nothing(*args: object) -> None:
        pass

    async def write_str(text: str) -> None:
        written.append(text)

    session = WarmAppService(
        "true",
        write_bytes=nothing,
        write_str=write_str,
        close=nothing,
        download_manager=None,
        spares=SparePool(),
    )
    for wanted in (True, False, "<script>"):
        packet = {"type": keyboard.KEYBOARD, "wanted": wanted}
        asyncio.run(session.on_meta(json.dumps(packet).encode()))
    assert [json.loads(text) for text in written] == [
        [keyboard.KEYBOARD, True],
        [keyboard.KEYBOARD, False],
        [keyboard.KEYBOARD, False],
    ]
