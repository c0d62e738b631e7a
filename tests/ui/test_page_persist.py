"""Saves the browser keeps, headless: the page asks for persistent storage at start and tells
the app what the browser answered (page_boot.persisted); the menu says whether the saves are
kept, and a finished game is followed by a reminder to export it when they may be cleared.

The page asking (``navigator.storage.persist()``) in a real browser is tested in
tests/browser/test_phone_readable.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tui_helpers import at_home, press, sync, until, wait_for_screen

from companion.core.catalog import _
from companion.core.journal import Journal
from companion.tui.screens.menu import MenuScreen
from companion.web import page_boot


@pytest.fixture
def page_app() -> Iterator[object]:
    """The page's app, as `page_boot.start` keeps it (the browser's answer not told yet)."""
    app = page_boot.page_app(lambda: None)
    page_boot._running.update(app=app, persisted=None)
    yield app
    page_boot._running.update(app=None, persisted=None)


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.mark.parametrize(
    ("answer", "label"),
    [(None, page_boot.SAVES), (True, page_boot.SAVES_KEPT), (False, page_boot.SAVES_MAY_GO)],
)
@sync
async def test_the_menu_says_whether_the_browser_keeps_the_saves(page_app, answer, label):
    app = page_app
    if answer is not None:
        page_boot.persisted(answer)
    async with app.run_test(size=(40, 30)) as pilot:
        await at_home(pilot)
        await press(pilot, "f10")
        menu = await wait_for_screen(pilot, MenuScreen)
        saves = [entry.label for entry in menu.entries if "export" in entry.label]
        assert saves == [_(label)]


@pytest.mark.parametrize("kept", [True, False])
@sync
async def test_a_finished_game_is_followed_by_a_reminder_to_export_it_unless_kept(
    page_app, kept, tmp_path: Path
):
    app = page_app
    page_boot.persisted(kept)
    journal = Journal(game="euphoria", seed=1, options={})
    async with app.run_test(size=(40, 30), notifications=True) as pilot:
        await at_home(pilot)
        app.game_ended(tmp_path / "game1.toml", journal)  # not the game on screen
        if kept:
            assert notices(app) == []
        else:
            await until(pilot, lambda: len(notices(app)) == 1, "the reminder")
            assert "export" in notices(app)[0] and "Saves" in notices(app)[0]
