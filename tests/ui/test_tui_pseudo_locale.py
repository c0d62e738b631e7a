"""Every screen of the app in the pseudo-locale ``en_XA`` at 80×24: no plain English word.

``COMPANION_LANG=en_XA`` shows every catalog text accented, longer and inside ⟦ ⟧
(companion/core/catalog.py), so a word of plain ASCII letters on a screen is a text
that escaped the catalog. What may stay as it is: ids (card ids like S7, space and
question ids, save names: anything with a digit, a dot, a dash or an underscore),
the key names the app shows as keys, what the test typed (player names) and the product's
name (the app's title). Each test walks a part of the app and fails listing, per screen,
every English word seen.

Marked ``pseudo_locale``: ``pytest -m pseudo_locale -n 0`` runs the walks.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_helpers import (
    at_home,
    make_game,
    open_turn_screen,
    shown,
    sync,
    until,
    wait_for_screen,
)

from companion.tui.app import CompanionApp
from companion.tui.screens.ephios_new import EphiosSoloSetupScreen, PlayersSetupScreen
from companion.tui.screens.ephios_quick import EphiosQuickScreen
from companion.tui.screens.ephios_solo import EphiosSoloScreen
from companion.tui.screens.euphoria_checklist import EuphoriaChecklistScreen
from companion.tui.screens.euphoria_log import EuphoriaLogScreen
from companion.tui.screens.euphoria_multiplayer import EuphoriaMultiplayerScreen
from companion.tui.screens.euphoria_setup import EuphoriaSetupScreen
from companion.tui.screens.euphoria_turn import EuphoriaTurnScreen
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.history import HistoryScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.menu import MenuScreen
from companion.tui.widgets import QuestionPanel

SIZE = (80, 24)
# The key names the app shows as keys (the footer, the help's key column, the hints).
KEY_NAMES = {
    "enter",
    "esc",
    "escape",
    "tab",
    "space",
    "backspace",
    "bksp",
    "ctrl",
    "shift",
    "alt",
    "home",
    "end",
    "pgup",
    "pgdn",
    "pageup",
    "pagedown",
    "up",
    "down",
    "left",
    "right",
    "del",
    "delete",
    "ins",
}
TYPED = {"Ann", "Bob"}  # the player names the walk types
# The product's name, the same in every language (the header's title).
PRODUCT = CompanionApp.TITLE
# A run of word characters, with the marks an id is made of (S7, euphoria.lower, ctrl+p).
TOKEN = re.compile(r"[\w.+/'’-]+")
ID_MARKS = re.compile(r"[\d._+/-]")
# A web address (the BG Stats link of the end-of-game screen, shown whole over several
# rows, each row after the first starting at a percent escape): an address, not prose.
ADDRESS = re.compile(r"https?://\S+|\S*%[0-9A-Fa-f]{2}\S*")


def english_words(text: str) -> set[str]:
    """The plain English words of ``text``: runs of ASCII letters only that are neither an
    id, a key name, a single letter (a key) nor typed by the test."""
    found = set()
    for match in TOKEN.finditer(ADDRESS.sub(" ", text)):
        token = match.group(0).strip(".'’-/+")
        if not token or not token.isascii() or not re.search("[A-Za-z]", token):
            continue  # pseudo-locale text (accented), a number or a mark
        if ID_MARKS.search(token) or len(token) == 1:
            continue  # an id (S7, subterra.tunnel, a save's name) or a key letter
        word = re.sub(r"['’]s$", "", token)
        if word.lower() in KEY_NAMES or word in TYPED or word == PRODUCT:
            continue
        found.add(word)
    return found


class Walk:
    """The screens seen so far and the English words on each."""

    def __init__(self, pilot: Pilot[Any]) -> None:
        self.pilot = pilot
        self.found: dict[str, set[str]] = {}

    async def look(self, name: str) -> None:
        """Read the screen that is up as ``name`` (after the app has taken every key)."""
        await self.pilot.pause()
        words = english_words(shown(self.pilot.app))
        self.found.setdefault(name, set()).update(words)

    def report(self) -> str:
        """One line per screen with English words: the screen, then its words."""
        return "\n".join(
            f"{name}: {' '.join(sorted(words))}" for name, words in self.found.items() if words
        )

    def check(self) -> None:
        """Fail listing every screen that shows an English word."""
        assert self.found, "no screen was read"
        assert not self.report(), "English words in en_XA:\n" + self.report()


@pytest.fixture(autouse=True)
def _pseudo_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_LANG", "en_XA")


async def question(pilot: Pilot[Any]) -> str:
    """The id of the question the screen's panel asks, once it asks one."""
    panel = pilot.app.screen.query_one(QuestionPanel)
    await until(pilot, lambda: panel.current is not None, "a question")
    assert panel.current is not None
    return panel.current.id


async def next_question(pilot: Pilot[Any], before: str) -> str:
    """The id of the question after ``before``, once it is asked."""
    panel = pilot.app.screen.query_one(QuestionPanel)
    await until(
        pilot, lambda: panel.current is not None and panel.current.id != before, "the next step"
    )
    assert panel.current is not None
    return panel.current.id


@pytest.mark.pseudo_locale
@sync
async def test_home_the_euphoria_wizard_and_its_checklist() -> None:
    """Home, every step of the Euphoria wizard (solo, table factions), the checklist, the
    turn screen it opens, and the set-up without Automas."""
    app = CompanionApp()
    async with app.run_test(size=SIZE) as pilot:
        walk = Walk(pilot)
        await at_home(pilot)
        await walk.look("home")
        await pilot.press("1")
        await wait_for_screen(pilot, EuphoriaSetupScreen)
        asked = await question(pilot)
        for key in ("1", "1", "4", "1", "5", "1", "2", "1", "n", "2", "2"):
            await walk.look(f"euphoria wizard: {asked}")
            await pilot.press(key)
            asked = await next_question(pilot, asked)
        await walk.look(f"euphoria wizard: {asked}")
        await pilot.press("y")
        await wait_for_screen(pilot, EuphoriaChecklistScreen)
        await walk.look("euphoria checklist")
        await pilot.press("space", "space", "space")
        await walk.look("euphoria checklist, ticked")
        await pilot.press("s")
        await wait_for_screen(pilot, EuphoriaTurnScreen)
        await walk.look("euphoria turn screen, new game")
        app.action_home()
        await wait_for_screen(pilot, HomeScreen)
        await pilot.press("5")
        await wait_for_screen(pilot, EuphoriaMultiplayerScreen)
        await walk.look("euphoria without Automas: players")
        await pilot.press("4")
        await walk.look("euphoria without Automas: base game")
        await pilot.press("2")
        await walk.look("euphoria without Automas: checklist")
        walk.check()


@pytest.mark.pseudo_locale
@sync
async def test_the_euphoria_turn_screen_its_dialogs_the_log_help_menu_and_game_over() -> None:
    """The turn screen before and after a turn, every report dialog (b c m a l x), the move
    log, help, menu, undo, a human's win, the end-of-game screen and the history."""
    path, journal = make_game(turns=5)
    app = CompanionApp()
    async with app.run_test(size=SIZE) as pilot:
        walk = Walk(pilot)
        screen = await open_turn_screen(pilot, app, path, journal)
        await walk.look("euphoria turn screen")
        await pilot.press("enter")  # turn 6 asks which sites hold humans
        await until(pilot, lambda: screen.pending is not None, "the turn's question")
        await walk.look("euphoria turn screen, asking")
        await pilot.press("enter")  # no human on a site
        await until(pilot, lambda: screen.state.turn == 6, "turn 6 played")
        await walk.look("euphoria turn screen, after a turn")
        for key in ("b", "c", "m", "a", "l", "x"):
            await pilot.press(key)
            await until(pilot, lambda: screen.pending is not None, f"the {key} dialog")
            await walk.look(f"euphoria report dialog {key}")
            await pilot.press("escape")
            await until(pilot, lambda: screen.pending is None and app.screen is screen, key)
        for key, kind in (("g", EuphoriaLogScreen), ("f1", HelpScreen), ("f10", MenuScreen)):
            await pilot.press(key)
            await wait_for_screen(pilot, kind)
            await walk.look(f"euphoria {kind.__name__}")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, f"back from {kind.__name__}")
        await pilot.press("z")
        await until(pilot, lambda: screen.state.turn == 5, "the turn undone")
        await walk.look("euphoria turn screen, undone")
        await pilot.press("h")
        await until(pilot, lambda: screen.pending is not None, "the h dialog")
        await walk.look("euphoria report dialog h")
        await pilot.press("y")
        await wait_for_screen(pilot, GameOverScreen)
        await walk.look("game over")
        app.action_home()
        await wait_for_screen(pilot, HomeScreen)
        await walk.look("home, a game played")
        await pilot.press("h")
        await wait_for_screen(pilot, HistoryScreen)
        await walk.look("history")
        walk.check()


@pytest.mark.pseudo_locale
@sync
async def test_the_ephios_solo_set_up_and_screen() -> None:
    """The Ephios solo set-up, its screen, a debate's question, its help and menu."""
    app = CompanionApp()
    async with app.run_test(size=SIZE) as pilot:
        walk = Walk(pilot)
        await at_home(pilot)
        await pilot.press("2")
        await wait_for_screen(pilot, EphiosSoloSetupScreen)
        asked = await question(pilot)
        for key in ("2", "1", "6", "4", "8"):
            await walk.look(f"ephios solo set-up: {asked}")
            await pilot.press(key)
            asked = await next_question(pilot, asked)
        await walk.look("ephios solo set-up: start")
        await pilot.press("1")
        screen = await wait_for_screen(pilot, EphiosSoloScreen)
        await walk.look("ephios solo screen")
        await pilot.press("d")
        await until(pilot, lambda: screen.mode == "arg", "the debate's slot")
        await walk.look("ephios solo: debate")
        await pilot.press("escape")
        await until(pilot, lambda: screen.mode == "menu", "back to the actions")
        for key, kind in (("f1", HelpScreen), ("f10", MenuScreen)):
            await pilot.press(key)
            await wait_for_screen(pilot, kind)
            await walk.look(f"ephios solo {kind.__name__}")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, f"back from {kind.__name__}")
        walk.check()


@pytest.mark.pseudo_locale
@sync
@pytest.mark.parametrize(("key", "name"), [("3", "quick game"), ("4", "campaign")])
async def test_the_ephios_quick_game_and_campaign(key: str, name: str) -> None:
    """The players' set-up, the set-up checklist, the game screen and its dialogs."""
    app = CompanionApp()
    async with app.run_test(size=SIZE) as pilot:
        walk = Walk(pilot)
        await at_home(pilot)
        await pilot.press(key)
        await wait_for_screen(pilot, PlayersSetupScreen)
        await walk.look(f"ephios {name}: players")
        for player in sorted(TYPED):
            await pilot.press(*player, "enter")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen.has_class("-first"), "the first player asked")
        await walk.look(f"ephios {name}: first player")
        await pilot.press("1")
        await until(pilot, lambda: not isinstance(app.screen, PlayersSetupScreen), "the game")
        await walk.look(f"ephios {name}: set-up checklist")
        await pilot.press("escape")
        screen = await wait_for_screen(pilot, EphiosQuickScreen)
        await walk.look(f"ephios {name} screen")
        dialogs = ("u", "a", "t") if key == "4" else ("u", "a")
        for dialog in dialogs:
            await pilot.press(dialog)
            await until(pilot, lambda: app.screen is not screen, f"the {dialog} dialog")
            await walk.look(f"ephios {name}: dialog {dialog}")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, f"back from the {dialog} dialog")
        for help_key, kind in (("f1", HelpScreen), ("f10", MenuScreen)):
            await pilot.press(help_key)
            await wait_for_screen(pilot, kind)
            await walk.look(f"ephios {name} {kind.__name__}")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, f"back from {kind.__name__}")
        walk.check()


def test_the_word_finder_keeps_ids_keys_and_pseudo_text() -> None:
    """What counts as English: not ids, key names, single letters or en_XA text."""
    text = "⟦Ñééŵ ĝààɱéé⟧ S7 euphoria.lower ctrl+p Enter z Ann black: places Turn · 3"
    assert english_words(text) == {"black", "places", "Turn"}
    link = "https://app.bgstatsapp.com/createPlay.html?data=%7B%22name%22%3A\n%22Black%20Automa%22"
    assert english_words(f"{link} Open") == {"Open"}
