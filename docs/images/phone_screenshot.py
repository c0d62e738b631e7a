"""Take the README's phone screenshot: `companion serve` in Debian's chromium at 390 px.

A solo Euphoria game (seed 7) is made with the CLI, opened from the home
screen's list by a tap, and one Automa turn is run by a tap on the footer's
Turn; the page is then saved as docs/images/phone-euphoria-turn.png. It uses
the real-browser test helpers (tests/browser_helpers.py), so it needs the same
things as those tests: chromium, Playwright and pyte.

    python3 docs/images/phone_screenshot.py

(One device pixel per CSS pixel: headless chromium draws the terminal's canvas
at the wrong scale for a device scale factor above 1.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, PHONE, Terminal, serving  # noqa: E402


def main() -> None:
    """Make the game, open it at 390 px, run a turn, save the screenshot."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        env = {**os.environ, "COMPANION_DATA_DIR": str(data), "TZ": "UTC"}
        new = ["euphoria", "new", "table", "--recruits", "icarus,euphoria", "--seed", "7"]
        subprocess.run(
            [sys.executable, "-m", "companion", *new],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        with sync_playwright() as playwright, serving(data) as url:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
            page = context.new_page()
            tab = Terminal(page)
            page.goto(url)
            tab.wait_for("table · turn 0")
            tab.tap("table · turn 0")
            tab.wait_for("⏎ Turn")
            tab.tap("⏎ Turn", last=True)
            tab.wait_for("Turn 1 ")
            tab.settle(quiet=1.0)
            page.screenshot(path=str(HERE / "phone-euphoria-turn.png"))
            browser.close()


if __name__ == "__main__":
    main()
