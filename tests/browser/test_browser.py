"""`companion serve` in a real browser (Debian's chromium through Playwright), by taps only.

Each test starts `companion serve` on 127.0.0.1 at a free port with its own
data folder, opens tabs with touch, reads the screen through a terminal
emulator fed with the websocket's bytes (tests/browser_helpers.py), and
checks that no request of the page leaves 127.0.0.1. Without a browser they
skip locally, saying how to install one; under CI (CI=true) they fail.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from browser_helpers import (
    PHONE,
    TABLET,
    need_browser,
    open_tab,
    play_ephios_solo_turn,
    serving,
    wizard_answer,
)

# One worker runs these one after another with one chromium: several chromiums and
# servers starting at once would only slow each other down.
pytestmark = pytest.mark.xdist_group("browser")


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


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_euphoria_game_by_taps_offline(browser, tmp_path, size):
    """Start a game, then Automa turns and Undo, by taps; nothing leaves 127.0.0.1.

    On the tablet the game is started with the wizard; on the phone it is
    started with the CLI and opened from the home screen's list.
    """
    data = tmp_path / "data"
    if size == "phone":
        companion(data, "euphoria", "new", "game1", "--recruits", "icarus,euphoria", "--seed", "7")
    with serving(data) as url:
        tab = open_tab(browser, url, TABLET if size == "tablet" else PHONE, phone=size == "phone")
        tab.wait_for("New Euphoria")
        tab.wait_for("≡ Menu")  # the footer, before any tap
        columns, _rows = tab.size
        assert (columns >= 100) if size == "tablet" else (40 <= columns <= 44), tab.size
        assert tab.page.title().startswith("Companion") and "Euphoria" in tab.page.title()
        if size == "tablet":
            tab.tap("New Euphoria")
            tab.wait_for("How many humans")
            first_frame = tab.find("How many humans")
            tab.settle(quiet=1.0)
            assert tab.find("How many humans") == first_frame  # laid out once, not moved
            assert tab.text().lstrip().startswith("≡"), tab.text()  # the menu's icon
            for _ in range(15):
                screen = tab.text()
                if "Start playing" in screen or "Set up the table" in screen:
                    break
                step = re.search(r"step \d+ of \d+", screen)
                tab.tap(*wizard_answer(screen))
                tab.wait_change(step.group(0) if step else "")
            tab.wait_for("Start playing")
            tab.tap("Start playing")
        else:
            tab.wait_for("game1 · turn 0")
            tab.tap("game1 · turn 0")  # the saved game's row in the resume list
        tab.wait_for("Turn 0")
        tab.wait_for("⏎ Turn")  # the footer's Turn
        for turn in (1, 2):
            tab.tap("⏎ Turn", last=True)
            tab.wait_for(f"Turn {turn} ")
        # Undo from the menu (a phone's footer has no room for it).
        tab.tap("Menu", last=True)
        tab.wait_for("─ Menu ")
        tab.tap("Undo")
        tab.wait_for("Turn 1 ")
        assert tab.outside() == [], tab.outside()
        icons = [url for url in tab.requests if url.endswith(("favicon.svg", "favicon.ico"))]
        assert icons
        fonts = {url.split("/", 3)[3] for url in tab.requests if url.endswith(".ttf")}
        assert fonts == {"companion/fonts/RobotoMono-VariableFont_wght.ttf"}, fonts


def test_ephios_solo_turn_by_taps_on_a_phone(browser, tmp_path):
    """A solo turn (debate, then the two cards revealed) by taps at 40 columns, saved."""
    data = tmp_path / "data"
    companion(
        data,
        "ephios", "solo", "new", "solo1", "--difficulty", "normal",
        "--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary",
        "--reveal", "academy",
    )  # fmt: skip
    with serving(data) as url:
        tab = open_tab(browser, url, PHONE, phone=True)
        tab.wait_for("solo1 · turn 1")
        tab.tap("solo1 · turn 1")  # the saved game's row in the resume list
        play_ephios_solo_turn(tab)
        assert tab.outside() == [], tab.outside()
    shown = companion(data, "ephios", "solo", "show", "solo1", "--json")
    assert shown["turn"] == 2, shown


def test_without_a_browser_skip_locally_with_how_to_install_and_fail_under_ci(monkeypatch):
    import browser_helpers

    monkeypatch.setattr(browser_helpers, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        need_browser()
    assert "apt-get install chromium" in str(skipped.value)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception) as failed:
        need_browser()
    assert "apt-get install chromium" in str(failed.value)


def test_two_tabs_on_one_game_see_each_others_turns(browser, tmp_path):
    """Issue 9's live views in the browser: a turn played in one tab shows in the other."""
    data = tmp_path / "data"
    companion(data, "euphoria", "new", "game1", "--recruits", "icarus,euphoria", "--seed", "7")
    with serving(data) as url:
        tabs = [open_tab(browser, url, TABLET) for _ in range(2)]
        for tab in tabs:
            tab.wait_for("game1 · turn 0")
            tab.tap("game1 · turn 0")
            tab.wait_for("⏎ Turn")
        first, second = tabs
        first.tap("⏎ Turn", last=True)
        first.wait_for("Turn 1 ")
        second.wait_for("Turn 1 ")  # redrawn from the save, without a tap
        second.wait_for("played on another screen")  # and says why (a toast, 8 s)
        assert second.text().lstrip().startswith("≡"), second.text()  # the menu's icon
        second.tap("⏎ Turn", last=True)
        second.wait_for("Turn 2 ")
        first.wait_for("Turn 2 ")
    shown = companion(data, "euphoria", "show", "game1", "--json")
    assert shown["turn"] == 2, shown
