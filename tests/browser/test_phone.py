"""The phone build in a real browser: `companion web build`, served by a static server.

Builds the site once a session for every worker (tests/browser/conftest.py; its downloads
cached in the user's cache folder, so only the first build needs the network: npm and
PyPI, as CI has), serves it with `python3 -m http.server` on 127.0.0.1 and opens it at a
phone's 390x844 in Debian's chromium, by taps. The page draws on a canvas, so the screen
is read as a terminal would (pyte), fed what the page's driver sends to xterm.js.

The first visit downloads the site compressed, with its progress, is told when the offline
copy is ready, and chromium finds the app installable, with its PNG icons. The first start
keeps the interpreter with the app's start imported (the Cache API), the next starts load it
in place of Python's own start and those imports, and the app works as after a start of its
own: the touch words, the language the address asks for (the page's own words too, and a
second tab refused in them), a screen imported after the snapshot, random numbers of its
own. The spoken moves and the sound cues turned on from the app's menu are kept for the next
start; a second tab is refused while the first lives and offers to take over once it has
gone. A kept snapshot that does not load is dropped and Python starts without it
(docs/phone.md). A Euphoria game set up and played offline in the page survives a killed
tab (the step shown is the step kept in IndexedDB; the next tab loads from the service
worker's cache). (A save made by the CLI imported, played on and exported back, the voice
turned on, a write-back the browser refuses: test_phone_readable.py, on one start.)
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from companion.core.catalog import _, pseudo
from companion.tui.screens.menu import CUES_OFF, CUES_ON, VOICE_OFF, VOICE_ON
from companion.web import page_words
from tests.browser_helpers import (
    NO_DRAWING,
    POLLING,
    REVISIONS,
    PhoneBuildTab,
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


# How the page's start went: "loaded" from the kept snapshot, "make" started anew and made one.
SNAPSHOT = "() => window.companion.snapshot"
# The moments the page marked, in their order.
MARKS = """() => performance.getEntriesByType("mark")
  .filter((m) => m.name.startsWith("companion:")).map((m) => m.name.slice(10))"""
# The names the snapshots are kept under.
KEPT = """async () => {
  const cache = await caches.open("companion-snapshot");
  return (await cache.keys()).map((request) => new URL(request.url).pathname.slice(1));
}"""
# The kept snapshot spoilt (its bytes replaced, its name and headers kept: the length of
# Pyodide's header it gives is not the bytes'): the next start cannot load it.
SPOIL = """async () => {
  const cache = await caches.open("companion-snapshot");
  const [request] = await cache.keys();
  const { headers } = await cache.match(request);
  await cache.put(request, new Response(new Uint8Array(4096).fill(7), { headers }));
}"""
# Seconds a start may take to show the home screen: a hang guard, not a timing. A start that
# makes a snapshot (Python's own start, the imports, the snapshot made) took over 60 s at a
# load of 10 to 14 on two cores.
START_GUARD = 180
# The page's own words (its start button, the closed dialog's, the speech bar's stop).
PAGE_WORDS = """() => ({
  start: document.getElementById("start").textContent,
  restart: document.querySelector(".closed-dialog button").textContent,
  closed: document.querySelector(".closed-dialog .message").textContent,
  stop: document.querySelector("#speech button").getAttribute("aria-label"),
})"""
# A random number from the app's interpreter.
RANDOM = "() => window.companion.pyodide.runPython('import random; random.random()')"


def opened(context: Any, url: str) -> tuple[PhoneBuildTab, list[str]]:
    """A new tab of ``url``, and what its page writes to the console (from before it loads)."""
    tab = PhoneBuildTab(context.new_page())
    said: list[str] = []
    tab.page.on("console", lambda message: said.append(message.text))
    tab.open(url)
    return tab, said


def whole(tab: PhoneBuildTab, said: list[str], home: str = "no saved games yet") -> None:
    """Wait until ``tab`` shows its home screen whole. Python said nothing went wrong (a file
    left open in the snapshot: its descriptor is not the next start's, and closing it there
    fails, or closes another file)."""
    tab.wait_for(home, timeout=START_GUARD)
    assert not [text for text in said if "Traceback" in text or "Exception" in text], said
    tab.page.wait_for_function(f"() => ({SNAPSHOT})() !== undefined", polling=POLLING)


def started(context: Any, url: str, home: str = "no saved games yet") -> PhoneBuildTab:
    """A new tab of ``url`` with its home screen shown whole (``whole``)."""
    tab, said = opened(context, url)
    whole(tab, said, home)
    return tab


def english(words: str) -> str:
    """``words`` as the English page shows them."""
    return words


def stretched(words: str) -> str:
    """``words`` as the pseudo-locale's page shows them within a message (a part of one: no
    brackets, no padding)."""
    return pseudo(words)[1:-1].rstrip("·")


def in_its_language(context: Any, tab: PhoneBuildTab, url: str) -> None:
    """The page ``tab`` shows at ``url`` (the pseudo-locale) has its own words in that
    language, and a second tab of ``url`` in the same browser is refused, not given a copy
    of the saves, in its words."""
    second = context.new_page()
    second.goto(url)
    refusal = pseudo(page_words.MESSAGES["other_tab"])
    second.wait_for_function(
        "(text) => document.getElementById('status').textContent === text",
        arg=refusal,
        polling=POLLING,
    )
    assert second.evaluate("document.documentElement.lang") == "en-XA"
    assert "another tab" not in second.inner_text("body")
    second.close()
    words = {key: pseudo(text) for key, text in page_words.MESSAGES.items()}
    shown = tab.page.evaluate(PAGE_WORDS)
    assert shown == {key: words[key] for key in shown}


def kept_once(tab: PhoneBuildTab) -> list[str]:
    """Wait until ``tab`` has kept its snapshot; the names kept."""
    tab.page.wait_for_function(f"() => ({MARKS})().includes('snapshot-kept')", polling=POLLING)
    names: list[str] = tab.page.evaluate(KEPT)
    return names


# The manifest's PNG icons and the page's apple-touch-icon, each loaded as an image: its size.
ICONS = """async () => {
  const manifest = await (await fetch("manifest.webmanifest")).json();
  const names = manifest.icons.filter((icon) => icon.type === "image/png").map((icon) => icon.src);
  names.push(document.querySelector('link[rel="apple-touch-icon"]').getAttribute("href"));
  const sizes = {};
  for (const name of names) {
    const image = new Image();
    image.src = name;
    await image.decode();
    sizes[name] = [image.naturalWidth, image.naturalHeight];
  }
  return sizes;
}"""
# The refused tab's line on its first card (undefined while the page is still being read).
STATUS = "() => document.getElementById('status')?.textContent"


# What the service worker tells the page of the first visit's download.
HEAR_DOWNLOAD = """
window.__download = [];
navigator.serviceWorker.addEventListener("message", (event) => {
  if (event.data && event.data.type === "companion-download") window.__download.push(event.data);
});
// The offline badge shows for a few seconds: what it said once shown is kept here, so a test
// on a busy machine (the app still starting when it hides again) reads it all the same.
document.addEventListener("DOMContentLoaded", () => {
  const badge = document.getElementById("offline-ready");
  if (!badge) return;
  new MutationObserver(() => {
    if (!badge.hidden) window.__offlineReady = badge.innerText;
  }).observe(badge, { attributes: true });
});
"""


def site_bytes(folder: Path) -> int:
    """The bytes of the site's files as they are (their .gz twins left out)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and p.suffix != ".gz")


def a_first_visit(first: PhoneBuildTab, fetched: list[str], phone_site: Path) -> None:
    """What ``first``, the context's first tab, was told of its first visit: the site came
    compressed (the wasm as its .gz twin, never raw), the page was told the bytes as they
    came, and loaded its runtime once all had come; once every file was cached the badge
    said so. Chromium finds the app installable, its PNG icons load as images."""
    assert "pyodide/pyodide.asm.wasm.gz" in fetched, fetched
    assert "pyodide/pyodide.asm.wasm" not in fetched, fetched
    heard = first.page.evaluate("window.__download")
    assert heard and heard[-1]["done"] == heard[-1]["total"], heard[-3:]
    wire = heard[-1]["total"]
    assert wire < 0.75 * site_bytes(phone_site), (wire, site_bytes(phone_site))
    marks = first.page.evaluate(MARKS)
    assert marks.index("offline-copy") < marks.index("runtime"), marks
    # The badge, seen when it showed.
    first.page.wait_for_function("window.__offlineReady !== undefined", polling=POLLING)
    assert first.page.evaluate("window.__offlineReady") == page_words.MESSAGES["offline_ready"]
    assert first.page.evaluate("navigator.serviceWorker.controller !== null")
    cdp = first.page.context.new_cdp_session(first.page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # (A test's browser context is a private one: nothing is installed from it.)
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    icons = first.page.evaluate(ICONS)
    assert {"icon-192.png", "icon-512.png", "icon-maskable-512.png"} <= set(icons), icons
    assert icons["apple-touch-icon.png"] == [180, 180]
    assert icons["icon-maskable-512.png"] == [512, 512]


def refused_then_taking_over(context: Any, first: PhoneBuildTab, url: str) -> PhoneBuildTab:
    """A second tab of ``url`` is refused with no way to take over while ``first`` lives;
    once ``first`` is closed it offers Take over, and a tap starts the app there (its home
    screen whole); that tab."""
    second, said = opened(context, url)
    refused = page_words.MESSAGES["other_tab"]
    second.page.wait_for_function(f"(text) => ({STATUS})() === text", arg=refused, polling=POLLING)
    take_over = second.page.locator("#take-over")
    assert not take_over.is_visible()  # the first tab still owns the app
    first.page.close()
    take_over.wait_for(state="visible")
    assert second.page.evaluate(STATUS) == page_words.MESSAGES["other_gone"]
    assert take_over.inner_text() == page_words.MESSAGES["take_over"]
    assert second.frames == 0  # nothing started until the tap
    second.page.tap("#take-over")
    whole(second, said)
    return second


def a_reopen_from_the_snapshot(again: PhoneBuildTab, kept: list[str], lang: str) -> Any:
    """``again``, a start after the first, loaded the kept snapshot and did not make one; the
    app is whole in the language ``lang`` asks for (the page's address): the touch words, set
    after the snapshot, and the wizard's modules, imported from the files written again. The
    random number it draws (each start reseeds, not the snapshot's sequence)."""
    words = stretched if lang else english
    wait = again.wait_for_words if lang else again.wait_for  # longer words wrap sooner
    assert again.page.evaluate(SNAPSHOT) == "loaded"
    assert "snapshot-loaded" in again.page.evaluate(MARKS)
    assert again.page.evaluate(KEPT) == kept  # loaded, not made again
    wait(words("Tap a game"))  # COMPANION_TOUCH, set after the snapshot
    drawn = again.page.evaluate(RANDOM)
    again.tap(words("New Euphoria"))
    wait(words("How many humans"))
    return drawn


def a_game_played_offline_survives_a_killed_tab(
    browser: Any, context: Any, tab: PhoneBuildTab, site: str
) -> None:
    """On ``tab``, a started app with no save: offline, set up a Euphoria game and play two
    Automa turns by taps; the tab is killed the moment the second turn shows, and a new tab,
    offline too, has the game at that revision. On the way, a touch screen's words: the
    home screen, every step of the wizard, the checklist and the turn screen say what to
    tap, never a key to press; no tap opens the soft keyboard, but a name field does."""
    tab.wait_for("New Euphoria Automa game")
    tab.wait_for("no saved games yet")
    tab.wait_for("Tap a game")  # the home screen's hint, in touch words
    no_key_words(tab.text(), "the home screen")
    # A name field wants the keyboard: the terminal's textarea takes text while it has the focus.
    tab.tap("Ephios quick game")
    tab.wait_for("seating order")
    tab.page.wait_for_function(f"() => ({KEYBOARD_FOR})() !== null", polling=POLLING)
    assert tab.page.evaluate(KEYBOARD_FOR) == ["textarea", "text"]
    tab.tap("Home", last=True)
    tab.wait_for("no saved games yet")
    tab.page.wait_for_function(f"() => ({KEYBOARD_FOR})() === null", polling=POLLING)
    # English unless the address asks for another language (a reopen asks for one:
    # test_phone_snapshot.py).
    assert tab.page.evaluate("document.documentElement.lang") == "en"
    # Offline (airplane mode) from here on: once its service worker holds the page, the
    # game is played in the page and the next tab's every file comes from its cache.
    tab.page.wait_for_function("() => navigator.serviceWorker.controller !== null", polling=POLLING)
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
    assert tab.page.evaluate(SNAPSHOT) == "loaded"
    assert "snapshot-loaded" in tab.page.evaluate(MARKS)
    assert len(shown) == 1, shown


@pytest.mark.takes(70)
def test_a_first_visit_its_tabs_the_reopens_from_its_snapshot_and_a_killed_tab(
    site: str, phone_site: Path, browser: Any
) -> None:
    """The first visit (its download, the offline badge, installable with its icons) makes
    and keeps one snapshot; the menu turns the voice and the cues on. A second tab is refused
    while the first lives and, once it has gone, takes over by a tap: a reopen that loads the
    snapshot with the app whole (touch words, a screen imported later) and both settings on.
    A tab opened right as that one closes, in the pseudo-locale its address asks for, starts
    with no tap, from the snapshot too (made in English: the page's own words are the
    pseudo-locale's, and a second tab of the same browser is refused, not given a copy of the
    saves, in its words); each reopen draws random numbers not the snapshot's. Then the kept
    snapshot spoilt: the next start falls back to Python's own start (the home screen all
    the same) and keeps a new snapshot; there, with both settings off again, a game played
    offline survives a killed tab (``a_game_played_offline_survives_a_killed_tab``), and the
    tab opened after the killed one is the start that loads the new snapshot. (One test: each
    start of Pyodide costs chromium seconds; the tabs' starts are the snapshot's reopens, and
    the game needs a started app, not a first visit.)"""
    context = browser.new_context(viewport=PHONE_TALL, has_touch=True)
    context.add_init_script(NO_DRAWING)
    context.add_init_script(HEAR_DOWNLOAD)
    fetched: list[str] = []  # what came from the network (not the worker's cache)
    context.on(
        "response",
        lambda reply: None if reply.from_service_worker else fetched.append(reply.url[len(site) :]),
    )
    first = started(context, site)
    assert first.page.evaluate(SNAPSHOT) == "make"
    kept = kept_once(first)
    assert len(kept) == 1 and kept[0].startswith("snapshot-"), kept
    a_first_visit(first, fetched, phone_site)
    first.menu(_(VOICE_OFF))
    first.wait_for("Spoken moves on")
    first.menu(_(CUES_OFF))
    first.wait_for("Sound cues on")  # shown once written back to IndexedDB

    second = refused_then_taking_over(context, first, site)
    drawn = [a_reopen_from_the_snapshot(second, kept, "")]
    second.tap_to("Menu", shows="─ Menu ", last=True)  # the settings kept for this start
    second.wait_for(_(VOICE_ON))
    second.wait_for(_(CUES_ON))
    assert not second.page.locator("#offline-ready").is_visible()  # said on the first visit
    # Both off again, as a new phone has them, for the game played on the last start.
    second.tap(_(VOICE_ON))
    second.wait_for("Spoken moves off")
    second.menu(_(CUES_ON))
    second.wait_for("Sound cues off")  # shown once written back to IndexedDB
    # Closed and opened again at once (the browser may not have let the closed tab's lock go
    # yet): the new tab starts as one that found the app free, without a take-over tap.
    second.page.close()
    lang = "?lang=en_XA"
    third = started(context, site + lang, pseudo("no saved games yet"))
    assert not third.page.locator("#take-over").is_visible()
    drawn.append(a_reopen_from_the_snapshot(third, kept, lang))
    in_its_language(context, third, site + lang)
    third.page.evaluate(SPOIL)
    third.page.close()
    assert drawn[0] != drawn[1]  # each start reseeded, not the snapshot's sequence

    fallen_back = started(context, site)
    assert fallen_back.page.evaluate(SNAPSHOT) == "make"
    assert kept_once(fallen_back) == kept
    # The game on this start; the tab opened after the killed one is the start that loads
    # the snapshot this one kept.
    a_game_played_offline_survives_a_killed_tab(browser, context, fallen_back, site)
    context.close()
