"""`companion serve` in a real browser (Debian's chromium through Playwright), by taps only.

Each test starts `companion serve` on 127.0.0.1 at a free port with its own
data folder, opens tabs with touch, reads the screen through a terminal
emulator fed with the websocket's bytes, their colours left out (tests/browser_helpers.py), and
checks that no request of the page leaves 127.0.0.1. Without a browser they
skip locally, saying how to install one; under CI (CI=true) they fail.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import (
    NEW_SOLO_GAME,
    PHONE,
    TABLET,
    Terminal,
    companion_here,
    free_port,
    lane_tabs,
    need_browser,
    play_ephios_solo_turn,
    serving,
    stop,
    tap_through_the_wizard,
    until_listening,
)

from companion.core.catalog import pseudo
from companion.web import page_words


@pytest.fixture
def tabs(browser):
    """The test's tabs, in the lane's shared contexts (their renderer process running
    already: `browser_helpers.lane_context`), closed when it ends."""
    with lane_tabs(browser) as tabs:
        yield tabs


@pytest.mark.takes(29)
def test_euphoria_game_by_taps_offline(tabs, tmp_path):
    """On the tablet: start a game with the wizard, then Automa turns and Undo, by taps;
    nothing leaves 127.0.0.1. (The phone: `test_the_phone_page_by_taps`.)"""
    data = tmp_path / "data"
    with serving(data, sessions=1) as url:
        tab = tabs.open(url, TABLET)
        tab.wait_for("New Euphoria")
        tab.wait_for("≡ Menu")  # the footer, before any tap
        columns, _rows = tab.size
        assert columns >= 100, tab.size
        assert tab.page.title().startswith("Companion") and "Euphoria" in tab.page.title()
        tab.tap("New Euphoria")
        tab.wait_for("How many humans")
        first_frame = tab.find("How many humans")
        tab.settle(quiet=1.0)
        assert tab.find("How many humans") == first_frame  # laid out once, not moved
        assert tab.text().lstrip().startswith("≡"), tab.text()  # the menu's icon
        tap_through_the_wizard(tab)
        # The checklist's own key (Tick) shows once the checklist has the focus: the footer
        # of the set-up's last state, its keys where they stay. A footer read before (the
        # checklist shown, not yet focused) had "Start playing" where "Home" came next.
        tab.wait_for("space Tick")
        tab.tap("Start playing")
        tab.wait_for("Turn 0")
        tab.wait_for("⏎ Turn")  # the footer's Turn
        for turn in (1, 2):
            tab.tap("⏎ Turn", last=True)
            tab.wait_for(f"Turn {turn} ")
        # Undo from the menu.
        tab.tap("Menu", last=True)
        tab.wait_for("─ Menu ")
        tab.tap("Undo")
        tab.wait_for("Turn 1 ")
        assert_offline_with_its_own_fonts(tab)


def assert_offline_with_its_own_fonts(tab) -> None:
    """Nothing left 127.0.0.1; the page's icons and fonts came from the server."""
    assert tab.outside() == [], tab.outside()
    icons = [url for url in tab.requests if url.endswith(("favicon.svg", "favicon.ico"))]
    assert icons
    fonts = {url.split("/", 3)[3] for url in tab.requests if url.endswith(".ttf")}
    assert fonts == {
        "companion/fonts/RobotoMono-VariableFont_wght.ttf",
        "companion/fonts/CompanionSymbols.ttf",
    }, fonts


@pytest.mark.takes(29)
def test_ephios_solo_turn_and_quick_unite_by_taps_on_a_phone(tabs, tmp_path):
    """At 40 columns, by taps: a solo turn (debate, then the two cards revealed), saved; then,
    the page opened again, a quick game's unite on the table screen: the alliance, the
    affinity, the gain shown before it is confirmed; saved, the turn passed. (One server for
    both games: each `companion serve` started costs seconds of CPU, its spare app too.)"""
    data = tmp_path / "data"
    companion_here(data, *NEW_SOLO_GAME)
    companion_here(data, "ephios", "quick", "new", "quick1", "--player", "Ann", "--player", "Bob")
    with serving(data, sessions=2) as url:  # the page, then the page opened again
        tab = tabs.open(url, PHONE, phone=True)
        tab.wait_for("solo1 · turn 1")
        # The saved game's row in the resume list; a touch screen's text names no key.
        tab.tap_to("solo1 · turn 1", shows="your action?")
        no_cut_text(tab, "the solo turn")
        play_ephios_solo_turn(tab)  # debate, then the two cards revealed, by taps
        assert tab.outside() == [], tab.outside()
        # The page opened again: a session of its own, from the home screen.
        tab.screen.reset()
        tab.page.reload()
        tab.wait_for("quick1")
        tab.tap_to("quick1", shows="▶ Ann")  # the glance: whose turn
        no_cut_text(tab, "the quick game")
        tab.tap_to("Unite", shows="Which alliance?", last=True)
        tab.tap_to("Company", shows="Does an affinity card add to it?")
        tab.tap_to("match", shows="Record this unite")
        tab.wait_for_words("Gain +60% → 60%")
        no_cut_text(tab, "the unite to confirm")
        tab.tap("Yes")
        tab.wait_for("▶ Bob")  # the glance: the turn passed
        assert tab.outside() == [], tab.outside()
    shown = companion_here(data, "ephios", "solo", "show", "solo1", "--json")
    assert shown["turn"] == 2, shown
    shown = companion_here(data, "ephios", "quick", "show", "quick1", "--json")
    assert shown["popularity"] == {"Ann": 60, "Bob": 0}, shown


@pytest.mark.takes(1)
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


# A phone in portrait as its page is laid out (390×844 CSS pixels).
PHONE_TALL = {"width": 390, "height": 844}


def no_cut_text(tab, where: str, within: float = 5) -> None:
    """No row of the terminal ends a text in "…" (the layout rule: every word is read), once
    the screen is drawn: a frame drawn before the last layout may still show one, so this
    waits (at most ``within`` seconds) for a frame without, and fails naming the cut rows."""
    deadline = time.monotonic() + within
    while cut := [line for line in tab.text().splitlines() if "…" in line]:
        left = deadline - time.monotonic()
        assert left > 0, f"{where}: cut text {cut}\n{tab.text()}"
        tab.next_frame(within=min(0.25, left))


@pytest.mark.takes(18)
def test_the_phone_page_by_taps(tabs, tmp_path):
    """At 390×844 with touch: the main screens show every word (no "…"), say "tap" (not
    Enter or a key), name the save in its resume row; the ⏎ Automa turn bar is the button
    that runs the turn; a report's question shows all its choices."""
    data = tmp_path / "data"
    # A save with a name as the app gives one (game and date), then the newest, game1.
    for name in ("euphoria-20261201-2000", "game1"):
        companion_here(
            data, "euphoria", "new", name, "--recruits", "icarus,euphoria", "--seed", "7"
        )
    with serving(data, sessions=1) as url:
        tab = tabs.open(url, PHONE_TALL, phone=True)
        tab.wait_for("euphoria-20261201-2000 ·")  # its row names it
        tab.wait_for("game1 · turn 0")
        columns, _rows = tab.size
        assert 40 <= columns <= 44, tab.size
        tab.wait_for("Tap a game to resume it")  # the hint drawn too (wait: not a half frame)
        no_cut_text(tab, "home")
        tab.tap_to("game1 · turn 0", shows="⏎ Automa turn 1")
        tab.wait_for_words("tap “Automa turn 1” below.")  # wherever its line wraps
        no_cut_text(tab, "the turn screen")
        assert "Enter" not in tab.text(), tab.text()
        tab.tap("⏎ Automa turn 1")  # the bar itself, not the footer's key
        tab.wait_for("⏎ Automa turn 2")
        tab.wait_for("Turn 1 ")
        no_cut_text(tab, "after a turn")
        # A report from the menu: its question takes the rows it needs (every market).
        tab.tap_to("Menu", shows="─ Menu ", last=True)
        no_cut_text(tab, "the menu")
        tab.tap_to("Market", shows="Which market did a human build?")
        tab.wait_for("Tap your answer above")
        tab.wait_for("6  the upper Subterran")
        no_cut_text(tab, "the market question")
        screen = tab.text()
        for number in range(1, 7):
            assert re.search(rf"^ *{number}  the ", screen, re.M), f"choice {number}:\n{screen}"
        tab.tap("✕ cancel")
        tab.wait_for("⏎ Automa turn 2")
        tab.tap("⏎ Automa turn", last=True)  # the footer's key runs a turn too
        tab.wait_for("Turn 2 ")
        assert_offline_with_its_own_fonts(tab)


# `companion serve`'s server (`CompanionServer`, in its own process), each session running a
# stand-in that draws one line (tests/serve_stand_in.py): a live session without an app's
# start.
STAND_IN = Path(__file__).resolve().parents[1] / "serve_stand_in.py"
SERVE_STAND_IN = """
import sys
from companion.web.quick_import import import_aiohttp
import_aiohttp()  # as `companion serve` does
from companion.web.server import CompanionServer
server = CompanionServer(sys.argv[1], host="127.0.0.1", port=int(sys.argv[2]))
server.spares.closed = True  # every session runs the stand-in, not a spare of the real app
server.serve()
"""


@contextlib.contextmanager
def serving_stand_in(data_dir: Path) -> Iterator[str]:
    """The server on 127.0.0.1 at a free port, its data in ``data_dir``, in this process's
    language, each session a stand-in that draws one line; yields its URL, and stops it
    (SIGTERM)."""
    port = free_port()
    app = "exec " + shlex.join([sys.executable, str(STAND_IN), "drawn"])
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE_STAND_IN, app, str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "COMPANION_DATA_DIR": str(data_dir)},
    )
    try:
        until_listening(port, process, "the server")
        yield f"http://127.0.0.1:{port}/"
    except BaseException:
        stop(process)
        raise
    assert stop(process), "the server did not stop on SIGTERM"


@pytest.mark.takes(9)
def test_the_closed_dialog_says_the_words_of_the_servers_reason(tabs, tmp_path, monkeypatch):
    """The server closes a session with a reason id; the page's closed dialog says that
    reason's words in the server's language (an unknown id: the generic line). The session
    the server closes as it stops runs a stand-in (what the dialog says is the page's and
    the server's: no app's start needed)."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    shown = {
        "sessions-full:4": pseudo(page_words.REASONS["sessions-full"]).replace("{n}", "4"),
        "memory": pseudo(page_words.REASONS["memory"]),
        "refused-input": pseudo(page_words.REASONS["refused-input"]),
        "no-such-reason": pseudo(page_words.MESSAGES["ended"]),
    }
    with serving_stand_in(tmp_path / "data") as url:
        # The four pages in the lane's context (its renderer process running already), each
        # closed when the test ends.
        for reason, words in shown.items():
            page = tabs.page(TABLET)
            page.route_web_socket(
                re.compile(r"/ws"),
                lambda socket, reason=reason: socket.close(code=1013, reason=reason),
            )
            page.goto(url)
            page.wait_for_selector(".closed-dialog", state="visible", timeout=15_000)
            assert page.text_content(".closed-dialog .message") == words, reason
        # A live session in a page of the same context: its stand-in draws a line.
        tab = Terminal(tabs.page(TABLET))
        tab.page.goto(url)
        tab.wait_for("≡ stand-in")  # the session runs; the server stops under it
    tab.page.wait_for_selector(".closed-dialog", state="visible", timeout=15_000)
    message = tab.page.text_content(".closed-dialog .message")
    assert message == pseudo(page_words.REASONS["stopped"])
