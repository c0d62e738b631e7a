"""Take the README's phone-build screenshot: `companion web build` in Debian's chromium at 390 px.

Builds the site, serves it on 127.0.0.1, opens it at 390x844 with touch, imports a
Euphoria game the CLI made (seed 7) through the page's Saves dialog, opens it from the
home screen's list by a tap and runs one Automa turn by a tap on the footer's Turn; the
page is then saved as docs/images/phone-build-euphoria-turn.png. It uses the real-browser
test helpers (tests/browser_helpers.py): chromium, Playwright and pyte.

    python3 docs/images/phone_build_screenshot.py           # builds the site first
    python3 docs/images/phone_build_screenshot.py SITE      # a site already built

(One device pixel per CSS pixel: headless chromium draws the terminal's canvas at the
wrong scale for a device scale factor above 1.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))
sys.path.insert(0, str(HERE.parent.parent / "benchmarks"))

from bench_phone import serve  # noqa: E402
from browser_helpers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from browser_helpers import PhoneBuildTab as PhoneTab  # noqa: E402


def main(built: str | None = None) -> None:
    """Build (unless ``built`` is a built site), make the game, import it, run a turn, save
    the screenshot."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temp:
        site, laptop = Path(built or Path(temp) / "site"), Path(temp) / "laptop"
        if built is None:
            subprocess.run(
                [sys.executable, "-m", "companion", "web", "build", str(site)], check=True
            )
        subprocess.run(
            [sys.executable, "-m", "companion", "euphoria", "new", "game1", "--seed", "7",
             "--recruits", "icarus,euphoria"],
            check=True, stdout=subprocess.DEVNULL,
            env={**os.environ, "COMPANION_DATA_DIR": str(laptop)},
        )  # fmt: skip
        server, url = serve(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, has_touch=True
                )
                tab = PhoneTab(context.new_page())
                tab.page.goto(url)
                tab.wait_for("no saved games yet")
                tab.page.set_input_files("#saves-file", str(laptop / "game1.toml"))
                tab.wait_for("game1 · turn 0")
                tab.tap("game1 · turn 0")
                tab.wait_for("⏎ Turn")
                tab.tap("⏎ Turn", last=True)
                tab.wait_for("Turn 1 ")
                tab.settle(quiet=1.0)
                tab.page.screenshot(path=str(HERE / "phone-build-euphoria-turn.png"))
                browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
