"""The phone build in a real browser: `companion web build`, served by a static server.

Builds the site once a session for every worker (tests/browser/conftest.py; its downloads
cached in the user's cache folder, so only the first build needs the network: npm and
PyPI, as CI has), serves it with `python3 -m http.server` on 127.0.0.1 and opens it at a
phone's 390x844 in Debian's chromium, by taps. The page draws on a canvas, so the screen
is read as a terminal would (pyte), fed what the page's driver sends to xterm.js. A
Euphoria game set up and played offline in the page survives a killed tab (the step shown
is the step kept in IndexedDB; the next tab loads from the service worker's cache). (A save
made by the CLI imported, played on and exported back, the voice turned on, a write-back the
browser refuses: test_phone_readable.py, on one start. The page in the language its address
asks for, and a second tab refused in it: test_phone_snapshot.py, on a start it makes anyway.)
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import time
from typing import Any

import pytest

from tests.browser_helpers import (
    REVISIONS,
    phone_tab,
    tap_through_the_wizard,
    wizard_answer,
)

PHONE_TALL = {"width": 390, "height": 844}
SLOW_WRITES = """() => {
  const FS = window.companion.pyodide.FS;
  const write = FS.syncfs.bind(FS);
  FS.syncfs = (populate, done) =>
    populate ? write(populate, done) : setTimeout(() => write(populate, done), 500);
}"""


def phone_answer(screen: str) -> tuple[str, bool]:
    """The wizard's answer to tap; on a phone a long list may start below its first choice."""
    if "y  Yes" in screen or re.search(r"^ 1  ", screen, re.M):
        return wizard_answer(screen)
    option = re.search(r"^ (\d  \S.{5})", screen, re.M)
    return (option.group(1), False) if option else wizard_answer(screen)


# What a touch screen's texts never say: a key to press (they say what to tap).
KEY_WORDS = re.compile(r"\b[Pp]ress|\bEnter\b|\bTab\b|\bkeys?\b")


def no_key_words(screen: str, where: str) -> None:
    """``screen`` names no key to press (the footer's key letters are not words)."""
    said = [line for line in screen.splitlines() if KEY_WORDS.search(line)]
    assert not said, f"{where}: key words on a touch screen {said}:\n{screen}"


# The page's focused element if a phone would open its soft keyboard for it (an editable
# element without inputmode="none"): its tag and inputmode; null for none.
KEYBOARD_FOR = """() => {
  const element = document.activeElement;
  const editable = element && (element.isContentEditable || element.matches("input, textarea"));
  const mode = editable && element.getAttribute("inputmode");
  return editable && mode !== "none" ? [element.tagName.toLowerCase(), mode] : null;
}"""


def touch_answer(screen: str) -> tuple[str, bool]:
    """:func:`phone_answer`, once the wizard's step is found to name no key."""
    no_key_words(screen, "the new-game wizard")
    return phone_answer(screen)


@pytest.mark.takes(35)
def test_a_game_played_offline_by_taps_survives_a_killed_tab(site: str, browser: Any) -> None:
    """Offline, set up a Euphoria game and play two Automa turns by taps; the tab is killed
    the moment the second turn shows, and a new tab, offline too, has the game at that
    revision. On the way, a touch screen's words: the home screen, every step of the
    wizard, the checklist and the turn screen say what to tap, never a key to press; no tap
    opens the soft keyboard, but a name field does."""
    context = browser.new_context(viewport=PHONE_TALL, has_touch=True)
    tab = phone_tab(context, site)
    tab.wait_for("New Euphoria Automa game")
    tab.wait_for("no saved games yet")
    tab.wait_for("Tap a game")  # the home screen's hint, in touch words
    no_key_words(tab.text(), "the home screen")
    # A name field wants the keyboard: the terminal's textarea takes text while it has the focus.
    tab.tap("Ephios quick game")
    tab.wait_for("seating order")
    tab.page.wait_for_function(f"() => ({KEYBOARD_FOR})() !== null")
    assert tab.page.evaluate(KEYBOARD_FOR) == ["textarea", "text"]
    tab.tap("Home", last=True)
    tab.wait_for("no saved games yet")
    tab.page.wait_for_function(f"() => ({KEYBOARD_FOR})() === null")
    # English unless the address asks for another language (a reopen asks for one:
    # test_phone_snapshot.py).
    assert tab.page.evaluate("document.documentElement.lang") == "en"
    # Offline (airplane mode) from here on: once its service worker holds the page, the
    # game is played in the page and the next tab's every file comes from its cache.
    tab.page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    # A slow phone: each write-back to IndexedDB starts half a second late, so a tab killed
    # as a step shows would lose it if the screen showed it before the write was done.
    tab.page.evaluate(SLOW_WRITES)
    tab.tap("New Euphoria")
    tab.wait_for("How many humans")
    tap_through_the_wizard(tab, touch_answer)
    tab.wait_for("Start playing")
    tab.settle()
    no_key_words(tab.text(), "the set-up checklist")
    tab.tap("Start playing")
    tab.wait_for("⏎ Turn")
    tab.wait_for_words("tap “Automa turn 1”")
    no_key_words(tab.text(), "the turn screen")
    tab.tap("⏎ Turn", last=True)
    tab.wait_for("Turn 1 ")
    tab.settle()
    no_key_words(tab.text(), "the first turn")
    # After all those taps the focus is where taps go, and no keyboard would open for it.
    assert tab.page.evaluate("document.activeElement.className") == "xterm-helper-textarea"
    assert tab.page.evaluate(KEYBOARD_FOR) is None
    # The tab is killed the moment the second turn shows: its renderer processes (the
    # browser's own, found before the tap) get SIGKILL, so no unload, no last write-back.
    cdp = browser.new_browser_cdp_session()
    renderers = {
        process["id"]
        for process in cdp.send("SystemInfo.getProcessInfo")["processInfo"]
        if process["type"] == "renderer"
    }
    tab.tap("⏎ Turn", last=True)
    tab.wait_for("Turn 2 ")
    shown = tab.page.evaluate(REVISIONS)  # what the app holds as the screen shows it
    for pid in renderers:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    tab.page.close()
    # The next tab once chromium has seen them go: until then it may give the new page
    # one of the dead processes (its spare renderer), and the new page crashes.
    deadline = time.monotonic() + 30
    while renderers & {item["id"] for item in cdp.send("SystemInfo.getProcessInfo")["processInfo"]}:
        assert time.monotonic() < deadline, "chromium still lists the killed renderers"
        time.sleep(0.05)
    tab = phone_tab(context, site)
    tab.wait_for("Automa turn 2 was played")  # the home screen's hint: the last step kept
    assert tab.page.evaluate(REVISIONS) == shown
    # This tab started from the memory snapshot the first one kept (docs/phone.md), and
    # reads the saves all the same.
    assert tab.page.evaluate("window.companion.snapshot") == "loaded"
    assert len(shown) == 1, shown
    context.close()
