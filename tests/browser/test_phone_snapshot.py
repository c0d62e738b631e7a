"""The phone build's reopen from its memory snapshot, in a real browser (Debian's chromium, a
phone's 390x844 with touch): the first start keeps the interpreter with the app's start
imported (the Cache API), the next starts load it in place of Python's own start and those
imports, and the app works as after a start of its own: the touch words, the language the
address asks for (the page's own words too, and a second tab refused in them), a screen
imported after the snapshot, random numbers of its own. A kept snapshot that does not load is
dropped and Python starts without it (docs/phone.md)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.catalog import pseudo
from companion.web import page_words
from tests.browser_helpers import PhoneBuildTab

PHONE_TALL = {"width": 390, "height": 844}
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


def started(context: Any, url: str, home: str = "no saved games yet") -> PhoneBuildTab:
    """A new tab of ``url`` with its home screen shown whole. Python said nothing went wrong
    (a file left open in the snapshot: its descriptor is not the next start's, and closing it
    there fails, or closes another file)."""
    tab = PhoneBuildTab(context.new_page())
    said: list[str] = []
    tab.page.on("console", lambda message: said.append(message.text))
    tab.open(url)
    tab.wait_for(home, timeout=START_GUARD)
    assert not [text for text in said if "Traceback" in text or "Exception" in text], said
    tab.page.wait_for_function(f"() => ({SNAPSHOT})() !== undefined")
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
        "(text) => document.getElementById('status').textContent === text", arg=refusal
    )
    assert second.evaluate("document.documentElement.lang") == "en-XA"
    assert "another tab" not in second.inner_text("body")
    second.close()
    words = {key: pseudo(text) for key, text in page_words.MESSAGES.items()}
    shown = tab.page.evaluate(PAGE_WORDS)
    assert shown == {key: words[key] for key in shown}


def kept_once(tab: PhoneBuildTab) -> list[str]:
    """Wait until ``tab`` has kept its snapshot; the names kept."""
    tab.page.wait_for_function(f"() => ({MARKS})().includes('snapshot-kept')")
    names: list[str] = tab.page.evaluate(KEPT)
    return names


@pytest.mark.takes(42)
def test_a_reopen_starts_from_the_snapshot_the_first_start_kept_and_drops_a_spoilt_one(
    site: str, browser: Any
) -> None:
    """The first start makes and keeps one snapshot; the next tabs load it and the app is
    whole: touch words, a screen imported later, the pseudo-locale the address asks for (the
    snapshot was made in English: the page's own words are the pseudo-locale's too, and a
    second tab of the same browser is refused, not given a copy of the saves, in its words),
    and random numbers not the snapshot's. Then the kept
    snapshot spoilt: the next start falls back to Python's own start (the home screen all
    the same) and keeps a new snapshot, which the start after it loads. (One test: a spoilt
    snapshot needs one kept first, and each start of Pyodide costs chromium seconds: the
    language's checks are made on a start this test makes anyway.)"""
    context = browser.new_context(viewport=PHONE_TALL, has_touch=True)
    first = started(context, site)
    assert first.page.evaluate(SNAPSHOT) == "make"
    kept = kept_once(first)
    assert len(kept) == 1 and kept[0].startswith("snapshot-"), kept
    first.page.close()

    # Two reopens, the second in the pseudo-locale its address asks for (what it checks of
    # the language made on a start this test makes anyway).
    drawn = []
    for lang, words in (("", english), ("?lang=en_XA", stretched)):
        home = pseudo("no saved games yet") if lang else "no saved games yet"
        again = started(context, site + lang, home)
        wait = again.wait_for_words if lang else again.wait_for  # longer words wrap sooner
        assert again.page.evaluate(SNAPSHOT) == "loaded"
        assert "snapshot-loaded" in again.page.evaluate(MARKS)
        assert again.page.evaluate(KEPT) == kept  # loaded, not made again
        wait(words("Tap a game"))  # COMPANION_TOUCH, set after the snapshot
        drawn.append(again.page.evaluate(RANDOM))
        # The wizard's modules: imported from the files written again.
        again.tap(words("New Euphoria"))
        wait(words("How many humans"))
        if lang:
            in_its_language(context, again, site + lang)
            again.page.evaluate(SPOIL)
        again.page.close()
    assert drawn[0] != drawn[1]  # each start reseeded, not the snapshot's sequence

    fallen_back = started(context, site)
    assert fallen_back.page.evaluate(SNAPSHOT) == "make"
    assert kept_once(fallen_back) == kept
    fallen_back.page.close()

    again = started(context, site)
    assert again.page.evaluate(SNAPSHOT) == "loaded"
    context.close()
