"""Spoken moves in a real browser: a turn played on the page is said by the page.

Headless chromium has no voices, so the page's ``speechSynthesis.speak`` is
replaced before the page loads (``add_init_script``) by one that records each
utterance's text, language and rate. The turn's lines are the engine's spoken
lines of that turn (`companion euphoria turn --json`'s ``"spoken"``, on a copy of
the same save), in the same order. The real app's turn is played in one of two tabs on the
game, and the other's live view is checked too (a turn played in one shows in the other).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from browser_helpers import (
    TABLET,
    Terminal,
    companion_here,
    free_port,
    lane_tabs,
    serving,
    stop,
    until_listening,
)

STAND_IN = Path(__file__).resolve().parents[1] / "speak_stand_in.py"
# Record what the page would say (headless chromium has no voices to say it with).
RECORD_SPEECH = """
window.__said = [];
window.speechSynthesis.speak = function (utterance) {
  window.__said.push({text: utterance.text, lang: utterance.lang, rate: utterance.rate});
};
window.speechSynthesis.cancel = function () { window.__said.push({cancel: true}); };
"""


def two_copies_of_a_new_game(tmp_path: Path) -> tuple[Path, list[str]]:
    """A new Euphoria game (seed 7) in a data folder, and its first turn's spoken lines
    (played on a copy of that folder, so the page's game is still at turn 0)."""
    data, copy = tmp_path / "data", tmp_path / "copy"
    companion_here(data, "euphoria", "new", "game1", "--recruits", "icarus,euphoria", "--seed", "7")
    shutil.copytree(data, copy)
    lines = companion_here(copy, "euphoria", "turn", "game1", "--json")["spoken"]
    assert lines, "the first turn says something"
    return data, lines


SERVE_STAND_IN = """
import sys
from companion.web.quick_import import import_aiohttp
import_aiohttp()  # as `companion serve` does
from companion.web.server import CompanionServer
server = CompanionServer(sys.argv[1], port=int(sys.argv[2]), voice=sys.argv[3] == "on")
server.spares.closed = True  # every session runs the stand-in, not a spare of the real app
server.serve()
"""


def serving_stand_in(data: Path, voice: str):
    """The server, its sessions running the stand-in screen (speak_stand_in.py) on game1."""

    @contextlib.contextmanager
    def run():
        port = free_port()
        command = f"exec {sys.executable} {STAND_IN} game1"
        process = subprocess.Popen(
            [sys.executable, "-c", SERVE_STAND_IN, command, str(port), voice],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "COMPANION_DATA_DIR": str(data)},
        )
        try:
            until_listening(port, process, "the server")
            yield f"http://127.0.0.1:{port}/"
        finally:
            stop(process)

    return run()


def said(tab, count: int, timeout: float = 30) -> list[dict]:
    """The page's recorded utterances, once at least ``count`` were said (or ``timeout``
    seconds have passed: then those said so far)."""
    from playwright.sync_api import TimeoutError

    with contextlib.suppress(TimeoutError):  # the caller compares what was said
        tab.page.wait_for_function(
            "(count) => window.__said.filter((u) => 'text' in u).length >= count",
            arg=count,
            timeout=timeout * 1000,
            polling=100,
        )
    return [u for u in tab.page.evaluate("window.__said") if "text" in u]


@pytest.fixture
def tabs(browser):
    """The test's tabs, in the lane's shared contexts (their renderer process running
    already: `browser_helpers.lane_context`), closed when it ends."""
    with lane_tabs(browser) as tabs:
        yield tabs


def open_recording_tab(tabs, url: str) -> Terminal:
    """A tablet tab whose page records what it says."""
    return tabs.open(url, TABLET, init_script=RECORD_SPEECH)


@pytest.mark.takes(12)
def test_a_turn_played_on_the_page_is_said_by_the_page_in_order(tabs, tmp_path):
    data, lines = two_copies_of_a_new_game(tmp_path)
    with serving_stand_in(data, "on") as url:
        tab = open_recording_tab(tabs, url)
        tab.wait_for("Play a turn")
        tab.tap("Play a turn")
        tab.wait_for("Turn played")
        utterances = said(tab, len(lines))
        assert [u["text"] for u in utterances] == lines
        assert {u["lang"] for u in utterances} == {"en"}
        assert {u["rate"] for u in utterances} == {1}  # the settings' 175 words a minute
        # Repeat (the page's button) says the same lines again, after stopping.
        tab.page.click("#speech button[aria-label='Say again']")
        again = said(tab, 2 * len(lines))
        assert [u["text"] for u in again] == lines + lines
        tab.page.click("#speech button[aria-label='Stop']")
        # What was being said stops before a step is said, and at Stop.
        calls = [u.get("text", "stop") for u in tab.page.evaluate("window.__said")]
        assert calls == ["stop", *lines, "stop", *lines, "stop"]
        assert tab.outside() == [], tab.outside()


@pytest.mark.takes(11)
def test_with_the_voice_off_the_page_says_nothing(tabs, tmp_path):
    data, _lines = two_copies_of_a_new_game(tmp_path)
    with serving_stand_in(data, "off") as url:
        tab = open_recording_tab(tabs, url)
        tab.wait_for("Play a turn")
        tab.tap("Play a turn")
        tab.wait_for("Turn played")
        tab.settle(quiet=0.5)
        assert said(tab, 1, timeout=1) == []
        assert not tab.page.locator("#speech").is_visible()


@pytest.mark.takes(20)
def test_a_turn_of_the_real_app_is_said_by_the_page_and_seen_in_another_tab(tabs, tmp_path):
    """The real app with the voice on, two tabs on one game: a turn played in one is said by
    that page (the engine's spoken lines, in order) and shows in the other, redrawn from the
    save without a tap; a turn played there shows in the first. (One server for the spoken
    turn and the live views: each `companion serve` and app started costs seconds of CPU.)"""
    data, lines = two_copies_of_a_new_game(tmp_path)
    with serving(data, "--voice", sessions=2) as url:
        both = [open_recording_tab(tabs, url) for _ in range(2)]
        for tab in both:
            tab.wait_for("game1 · turn 0")
            tab.tap("game1 · turn 0")
            tab.wait_for("⏎ Turn")
        first, second = both
        first.tap("⏎ Turn", last=True)
        first.wait_for("Turn 1 ")
        second.wait_for("Turn 1 ")  # redrawn from the save, without a tap
        second.wait_for("played on another screen")  # and says why (a toast, 8 s)
        assert second.text().lstrip().startswith("≡"), second.text()  # the menu's icon
        assert [u["text"] for u in said(first, len(lines), timeout=10)] == lines
        second.tap("⏎ Turn", last=True)
        second.wait_for("Turn 2 ")
        first.wait_for("Turn 2 ")
    shown = companion_here(data, "euphoria", "show", "game1", "--json")
    assert shown["turn"] == 2, shown
