"""The phone build in a real browser: `companion web build`, served by a static server.

Builds the site once (its downloads cached in the user's cache folder, so only the first
build needs the network: npm and PyPI, as CI has), serves it with `python3 -m http.server`
on 127.0.0.1 and opens it at a phone's 390x844 in Debian's chromium. The page draws on a
canvas, so the screen is read as a terminal would (pyte), fed what the page's driver sends
to xterm.js. A save started in the page is still there after a reload (the data folder
lives in IndexedDB), and after an offline reload (the service worker's cache); a
second tab is refused.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser_helpers import CHROMIUM, CHROMIUM_ARGS, free_port, need_browser, stop

pytestmark = pytest.mark.xdist_group("phone")
PHONE_TALL = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The phone build, served on 127.0.0.1; yields its URL."""
    need_browser()
    dest = tmp_path_factory.mktemp("phone") / "site"
    subprocess.run(
        [sys.executable, "-m", "companion", "web", "build", str(dest)], check=True, timeout=300
    )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "-b", "127.0.0.1", "-d", str(dest)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            assert time.monotonic() < deadline, "the static server did not start"
            time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(server)


class PhoneScreen:
    """The page's terminal read as text: pyte fed what the app writes to xterm.js."""

    def __init__(self, page: Any) -> None:
        import pyte

        self.page = page
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.Stream(self.screen)
        page.expose_function("companionOutput", self.feed)

    def feed(self, text: str, columns: int, rows: int) -> None:
        """What the app wrote, at the terminal's size then."""
        if (columns, rows) != (self.screen.columns, self.screen.lines):
            self.screen.resize(rows, columns)
        self.stream.feed(text)

    def text(self) -> str:
        """The screen, one line per row."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, needle: str, timeout: float = 60) -> None:
        """Wait until ``needle`` shows on the screen."""
        deadline = time.monotonic() + timeout
        while needle not in self.text():
            assert time.monotonic() < deadline, f"{needle!r} not on the screen:\n{self.text()}"
            self.page.wait_for_timeout(50)

    def click(self, needle: str, right: int) -> None:
        """Click ``right`` cells after where ``needle`` shows."""
        self.page.wait_for_timeout(300)
        row, column = next(
            (row, line.find(needle))
            for row, line in enumerate(self.screen.display)
            if needle in line
        )
        box = self.page.locator(".xterm-screen").bounding_box()
        width = box["width"] / self.screen.columns
        height = box["height"] / self.screen.lines
        x = box["x"] + (column + right + 0.5) * width
        self.page.mouse.click(x, box["y"] + (row + 0.5) * height)

    def reload(self) -> None:
        """Reload the page; the screen is read anew (nothing of the last page's is kept)."""
        self.screen.reset()
        self.page.reload()

    def wait_gone(self, needle: str, timeout: float = 60) -> None:
        """Wait until ``needle`` no longer shows."""
        deadline = time.monotonic() + timeout
        while needle in self.text():
            assert time.monotonic() < deadline, f"{needle!r} still on the screen:\n{self.text()}"
            self.page.wait_for_timeout(50)


def open_phone(browser: Any, url: str) -> tuple[Any, PhoneScreen]:
    """A phone-sized tab of the phone build; the page and its screen."""
    context = browser.new_context(viewport=PHONE_TALL, has_touch=True)
    page = context.new_page()
    screen = PhoneScreen(page)
    page.goto(url)
    return page, screen


def test_the_phone_build_keeps_a_game_through_a_reload(site: str) -> None:
    """The home screen in the page; a new game is saved in the browser and is there after a reload."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page, screen = open_phone(browser, site)
            page.wait_for_function("() => document.body.classList.contains('-first-byte')")
            screen.wait_for("New Euphoria Automa game")
            screen.wait_for("no saved games yet")
            # A second tab of the same browser is refused, not given a copy of the saves.
            second = page.context.new_page()
            second.goto(site)
            second.wait_for_function(
                "() => document.getElementById('status').textContent.includes('another tab')"
            )
            second.close()
            page.locator(".xterm-screen").click()
            page.keyboard.press("3")
            screen.wait_for("names in seating")
            page.keyboard.type("Ann")
            screen.click("Player 2", 16)
            page.keyboard.type("Bob")
            screen.click("Continue", 2)
            screen.wait_for("who plays first?")
            page.keyboard.press("1")
            screen.wait_gone("who plays first?")
            # The save is in the browser once the data folder's write-back is done.
            page.wait_for_function(
                "() => window.companion.pyodide.FS.readdir("
                "'/home/pyodide/.local/share/companion').length > 2 && !window.companion.syncing"
            )
            screen.reload()
            screen.wait_for("Ephios quick game 20")  # the saved game's row in Resume
            assert "Ann" in screen.text()
            assert "no saved games yet" not in screen.text()
            # Offline (airplane mode): the service worker serves every file from its cache.
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
            page.context.set_offline(True)
            screen.reload()
            screen.wait_for("Ephios quick game 20")
            assert "no saved games yet" not in screen.text()
        finally:
            browser.close()
