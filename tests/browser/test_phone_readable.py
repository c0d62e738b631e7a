"""The phone build's saves, and the phone build readable, hittable and heard, in a real browser
(Debian's chromium, a phone's 390x844 with touch): a save made by the CLI is imported, played on
and exported back, and the CLI reads it; the page's rows are at least 24 CSS px (WCAG 2.5.8's tap target),
and the Euphoria turn button reads at 4.5:1 or more (WCAG AA) at rest and under the finger that
tapped it, in the dark and the light theme, a row apart from the footer's keys. The colours
are read from what the page's terminal is sent (pyte), as xterm.js draws them. With the voice
turned on (v) the page says a turn, and a write-back the browser refuses is told on the app's
screen. (One test, one tab: each new tab starts Pyodide again, the most costly part of a phone
test.)"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from contrast import AA_TEXT, ratio

from tests.browser_helpers import (
    NEW_SOLO_GAME,
    NO_DRAWING,
    POLLING,
    REVISIONS,
    PhoneBuildTab,
    companion_here,
    phone_tab,
    play_ephios_solo_turn,
)

PHONE_TALL = {"width": 390, "height": 844}
BUTTON = "⏎ Automa turn"
# xterm.js's own colours for a cell that names none (textual.js sets no theme).
DEFAULT_FORE, DEFAULT_BACK = (255, 255, 255), (0, 0, 0)


def colour(value: str, default: tuple[int, int, int]) -> tuple[int, int, int]:
    """A pyte cell's colour as RGB: "rrggbb" (the app draws in true colour) or the default."""
    assert value == "default" or len(value) == 6, f"not a true colour: {value}"
    if value == "default":
        return default
    red, green, blue = (int(value[at : at + 2], 16) for at in (0, 2, 4))
    return red, green, blue


def button_contrast(tab: PhoneBuildTab) -> float:
    """The contrast of the turn button's letters against their background, as drawn."""
    row, column = tab.find(BUTTON, last=True)
    cell = tab.screen.buffer[row][column + 2]  # the "A" of "Automa"
    fore, back = colour(cell.fg, DEFAULT_FORE), colour(cell.bg, DEFAULT_BACK)
    return ratio(fore, back)


def apart_from_the_footer(tab: PhoneBuildTab) -> None:
    """The row under the button is blank, the footer's keys one row further down."""
    tab.wait_for("Bump")  # a busy machine may draw the footer a frame later
    row, _column = tab.find(BUTTON, last=True)
    lines = list(tab.screen.display)
    assert lines[row + 1].strip() == "", lines[row : row + 3]
    assert "Bump" in lines[row + 2], lines[row : row + 3]


# Record what the page would say (headless chromium has no voices to say it with).
RECORD_SPEECH = """
window.__said = [];
window.speechSynthesis.speak = (utterance) => window.__said.push(utterance.text);
"""


# A phone whose storage is full: every write-back to IndexedDB fails (reading still works).
FAILING_WRITES = """() => {
  const FS = window.companion.pyodide.FS;
  const write = FS.syncfs.bind(FS);
  window.__writes = { failing: true, write };
  FS.syncfs = (populate, done) => populate || !window.__writes.failing
    ? write(populate, done)
    : done(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
}"""


def readable_in_each_state(tab: PhoneBuildTab) -> None:
    """Turns 1 to 3 by the turn button, its contrast read at rest and under the finger, in
    the dark theme and, from the menu, the light one; it stays a row apart from the footer."""
    assert button_contrast(tab) >= AA_TEXT, "at rest, dark"
    apart_from_the_footer(tab)
    for turn, theme in ((1, "dark"), (3, "light")):
        tab.tap(BUTTON, last=True)
        tab.wait_for(f"{BUTTON} {turn + 1}")
        tab.settle()
        assert button_contrast(tab) >= AA_TEXT, f"under the finger, {theme}"
        if theme == "dark":
            tab.menu("Theme")  # the light theme, then a turn at rest
            tab.settle()
            tab.tap(BUTTON, last=True)
            tab.wait_for(f"{BUTTON} {turn + 2}")
            tab.page.mouse.move(1, 1)  # the pointer away: the button at rest
            tab.settle()
            assert button_contrast(tab) >= AA_TEXT, "at rest, light"
    apart_from_the_footer(tab)


# The browser asked to keep the site's data (persistent storage): counted, and refused.
REFUSE_TO_KEEP = """
window.__persistAsked = 0;
navigator.storage.persist = () => {
  window.__persistAsked += 1;
  return Promise.resolve(false);
};
"""


def a_save_moved_to_the_phone_and_back(tab: PhoneBuildTab, tmp_path: Path) -> None:
    """On ``tab``'s fresh app, started with the browser's persist() refused: import a solo
    game the CLI made, play an Ephios solo turn by taps, Export it: the CLI reads the
    downloaded file at the next turn. A file that is not a save is refused. The page asked
    the browser to keep its saves at start; refused, the menu says they may be cleared.
    Played on at the laptop, the file imported again replaces the phone's game."""
    laptop = tmp_path / "laptop"
    companion_here(laptop, *NEW_SOLO_GAME)
    assert tab.page.evaluate("window.__persistAsked") == 1
    tab.tap_to("Menu", shows="─ Menu ", last=True)
    tab.wait_for("may be cleared")  # the saves' entry: the browser did not say it keeps them
    tab.tap("Saves: export, import")
    dialog = tab.page.locator("#saves")
    dialog.wait_for(state="visible")
    with tab.page.expect_file_chooser() as chooser:
        tab.page.tap("#saves-import")
    chooser.value.set_files(
        {"name": "notes.toml", "mimeType": "text/plain", "buffer": b"not = 'a save'\n"}
    )
    error = tab.page.locator("#saves-error")
    error.wait_for(state="visible")
    assert "notes.toml" in error.inner_text()
    assert "\n" not in error.inner_text().strip()
    with tab.page.expect_file_chooser() as chooser:
        tab.page.tap("#saves-import")
    chooser.value.set_files(str(laptop / "solo1.toml"))
    dialog.wait_for(state="hidden")
    tab.wait_for("solo1 · turn 1")
    tab.tap("solo1 · turn 1")
    play_ephios_solo_turn(tab)
    tab.menu("Saves: export, import")
    dialog.wait_for(state="visible")
    with tab.page.expect_download() as download:
        tab.page.locator("#saves-list li", has_text="solo1").locator("button").tap()
    assert download.value.suggested_filename == "solo1.toml"
    back = tmp_path / "back"
    download.value.save_as(back / "solo1.toml")
    shown = companion_here(back, "ephios", "solo", "show", "solo1", "--json")
    assert shown["turn"] == 2, shown
    # A turn more on the laptop, and the file back to the phone (a second download of it,
    # named anew by the browser): it replaces the phone's game, no second copy.
    companion_here(back, "ephios", "solo", "act", "solo1", "debate", "4",
                   "--reveal", "order", "--reveal", "academy")  # fmt: skip
    laptop_at = companion_here(back, "ephios", "solo", "show", "solo1", "--json")
    assert laptop_at["turn"] == 3, laptop_at
    with tab.page.expect_file_chooser() as chooser:
        tab.page.tap("#saves-import")
    newer = (back / "solo1.toml").read_bytes()
    chooser.value.set_files({"name": "solo1 (1).toml", "mimeType": "text/plain", "buffer": newer})
    dialog.wait_for(state="hidden")
    assert tab.page.evaluate(REVISIONS) == {"solo1.toml": laptop_at["revision"]}
    tab.wait_for("Turn 3")  # the game's screen shows the save as it now is
    # The first file again, an older copy of the game: a question, and Cancel keeps all.
    tab.menu("Saves: export, import")
    dialog.wait_for(state="visible")
    with tab.page.expect_file_chooser() as chooser:
        tab.page.tap("#saves-import")
    chooser.value.set_files(str(laptop / "solo1.toml"))
    question = tab.page.locator("#saves-question")
    question.wait_for(state="visible")
    assert "further on" in question.inner_text()
    tab.page.tap("#saves-cancel")
    question.wait_for(state="hidden")
    assert tab.page.evaluate(REVISIONS) == {"solo1.toml": laptop_at["revision"]}


def back_home(tab: PhoneBuildTab, shown: str) -> None:
    """Back to the home screen, where ``shown`` is listed: the menu's Home (the phone's footer
    has no room for its key)."""
    tab.menu("Home")
    tab.wait_for(shown)


@pytest.mark.takes(55)
def test_a_save_moves_to_the_phone_and_back_rows_a_finger_hits_a_turn_readable_and_said(
    site: str, browser: Any, tmp_path: Path
) -> None:
    """Rows of 24 CSS px or more. A save moves from a computer to the phone and back
    (``a_save_moved_to_the_phone_and_back``). Then, on a Euphoria game the CLI made: the turn
    button at 4.5:1 at rest and after a tap (the pointer stays on it: hover), in the dark
    theme and, from the menu, the light one. Then v turns the voice on (nothing said before
    it), a turn is played, and the page's own speech synthesis says the turn's spoken lines
    in order (as the CLI gives them). Then the browser's storage is full: the next turn is
    not kept, and the page says so on the app's screen; once a write is kept again, that is
    said too. (One test: both need a fresh app, and a start of Pyodide costs chromium seconds.)"""
    laptop, copy = tmp_path / "euphoria", tmp_path / "euphoria-copy"
    companion_here(
        laptop, "euphoria", "new", "game1", "--recruits", "icarus,euphoria", "--seed", "7"
    )
    shutil.copytree(laptop, copy)
    for _ in range(3):  # the turns the page plays before the voice is on
        companion_here(copy, "euphoria", "turn", "game1")
    lines = companion_here(copy, "euphoria", "turn", "game1", "--json")["spoken"]
    assert lines
    context = browser.new_context(viewport=PHONE_TALL, has_touch=True)
    context.add_init_script(NO_DRAWING)
    context.add_init_script(REFUSE_TO_KEEP)
    context.add_init_script(RECORD_SPEECH)
    tab = phone_tab(context, site)
    tab.wait_for("no saved games yet")
    screen = tab.page.locator(".xterm-screen").bounding_box()
    assert screen is not None
    columns, rows = tab.size
    assert columns >= 40, tab.size
    assert screen["height"] / rows >= 24, (screen, rows)  # one row: one finger
    a_save_moved_to_the_phone_and_back(tab, tmp_path)
    tab.page.tap("#saves-close")  # the saves dialog, left open by Cancel
    tab.page.locator("#saves").wait_for(state="hidden")
    back_home(tab, "solo1 · turn 3")
    tab.picked(laptop / "game1.toml")
    tab.tap_to("game1 · turn 0", shows=f"{BUTTON} 1")
    tab.settle()
    readable_in_each_state(tab)
    tab.page.keyboard.press("v")
    tab.wait_for("Spoken moves on")
    assert tab.page.evaluate("window.__said") == []  # off until v
    tab.tap("⏎ Turn", last=True)
    tab.wait_for("Turn 4 ")
    tab.page.wait_for_function(f"() => window.__said.length >= {len(lines)}", polling=POLLING)
    assert tab.page.evaluate("window.__said") == lines
    assert tab.page.locator("#speech").is_visible()  # stop and say again, as under serve
    # The storage full from here: the next write-back to IndexedDB fails.
    tab.page.evaluate(FAILING_WRITES)
    tab.tap("⏎ Turn", last=True)
    tab.wait_for("Turn 5 ")
    tab.wait_for("storage")  # the notice (a single word: the notice wraps at 40 columns)
    assert "full" in tab.text()
    tab.page.evaluate("() => { window.__writes.failing = false; }")
    tab.tap("⏎ Turn", last=True)
    tab.wait_for("Turn 6 ")
    # The notice's own words, read across its wrapped rows and its border (not "again"
    # alone: the voice's notice says "the last step again" too).
    tab.wait_until(
        lambda: "kept on this phone again" in " ".join(re.findall(r"[\w.]+", tab.text())),
        "the notice that the saves are kept again",
    )
    context.close()
