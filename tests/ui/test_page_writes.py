"""The phone build's write-backs, headless: the page tells the app how each write of the data
folder to IndexedDB went, and a failed one (the browser's storage full) is told to the player.

The page failing a write in a real browser is tested in tests/browser/test_phone_readable.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.widgets._toast import Toast
from tui_helpers import sync, until

from companion.web import page_boot


@pytest.fixture
def page_app() -> Iterator[object]:
    """The page's app, as `page_boot.start` keeps it (its writes all kept so far)."""
    app = page_boot.page_app(lambda: None)
    page_boot._running.update(app=app, kept=True)
    yield app
    page_boot._running.update(app=None, kept=True)


def notices(app) -> list[tuple[str, str]]:
    return [(n.severity, n.message) for n in app._notifications]


@sync
async def test_a_failed_write_back_is_told_once_and_its_mending_too(page_app):
    app = page_app
    async with app.run_test(size=(40, 24), notifications=True) as pilot:
        page_boot.written(True)
        assert notices(app) == []  # a write kept says nothing
        page_boot.written(False)
        await until(pilot, lambda: len(notices(app)) == 1, "the failed write told")
        ((severity, message),) = notices(app)
        assert severity == "error"
        assert "not kept" in message and "Saves" in message
        # On a phone's 40 columns the notice takes the width (half of it is 20 columns).
        await until(pilot, lambda: len(app.screen.query(Toast)) == 1, "the notice shown")
        assert app.screen.query_one(Toast).region.width >= 36
        page_boot.written(False)  # the next failures: the notice is still up, not repeated
        assert len(notices(app)) == 1
        page_boot.written(True)
        await until(pilot, lambda: len(notices(app)) == 2, "the saves kept again")
        assert notices(app)[-1] == ("information", "The saves are kept on this phone again.")
