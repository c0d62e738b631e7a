"""`companion serve` in a real browser (Debian's chromium through Playwright), by taps only.

Each test starts `companion serve` on 127.0.0.1 at a free port with its own
data folder, opens tabs with touch, reads the screen through a terminal
emulator fed with the websocket's bytes (tests/browser_helpers.py), and
checks that no request of the page leaves 127.0.0.1. Without a browser they
skip locally, saying how to install one; under CI (CI=true) they fail.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from browser_helpers import PHONE, TABLET, need_browser, open_tab, serving


@pytest.fixture(scope="module")
def browser():
    """One headless chromium for the module's tests."""
    need_browser()
    from browser_helpers import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def companion(data_dir, *args: str) -> dict:
    """Run a `companion` command on ``data_dir``'s saves; its JSON output."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        check=True,
        env={**__import__("os").environ, "COMPANION_DATA_DIR": str(data_dir)},
    )
    return json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}


# The new-game wizard, one tap per step: the first answer of each step, seed at random.
EUPHORIA_WIZARD = [
    "1 human",
    "Ignorance",
    "Euphoria (",  # your active recruit
    "Euphoria (",  # your other recruit
    "Beginner",
    "The app rolls",
    "The app draws",
    "Ask me when",
    "OK",  # the seed (0: at random)
    "No",  # no solo variant
    "Yes",  # start
]


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_euphoria_game_by_taps_offline(browser, tmp_path, size):
    """Home, the wizard, the checklist and Automa turns, by taps; nothing leaves 127.0.0.1."""
    with serving(tmp_path / "data") as url:
        tab = open_tab(browser, url, TABLET if size == "tablet" else PHONE, phone=size == "phone")
        tab.wait_for("New Euphoria")
        columns, _rows = tab.size
        assert (columns >= 100) if size == "tablet" else (40 <= columns <= 44), tab.size
        assert tab.page.title().startswith("Companion") and "Euphoria" in tab.page.title()
        tab.tap("New Euphoria")
        for answer in EUPHORIA_WIZARD:
            tab.wait_for(answer)
            tab.tap(answer, last=answer in ("OK", "No", "Yes"))
        tab.wait_for("Start playing")
        tab.tap("Start playing")
        tab.wait_for("Turn 0")
        for turn in (1, 2):
            tab.tap("Turn", last=True)  # the footer's
            tab.wait_for(f"Turn {turn} ")
        # Undo from the menu (a phone's footer has no room for it).
        tab.tap("Menu", last=True)
        tab.wait_for("─ Menu ")
        tab.tap("Undo")
        tab.wait_for("Turn 1 ")
        assert tab.outside() == [], tab.outside()
        icons = [url for url in tab.requests if url.endswith(("favicon.svg", "favicon.ico"))]
        assert icons
