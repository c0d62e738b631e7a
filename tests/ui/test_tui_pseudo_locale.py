"""Screens of the app in the pseudo-locale ``en_XA`` at 80×24: no plain English word.

``COMPANION_LANG=en_XA`` shows every catalog text accented, longer and inside ⟦ ⟧, so a
plain English word on a screen is a text that escaped the catalog (the word finder and
what it lets through: tests/pseudo_locale.py). Most screens are read by the en_XA walks
of the fit corpus, each flow played once for both checks: home, the Euphoria wizard, its
checklist, its first turn screen and the set-up without Automas
(tests/ui/test_fit_euphoria.py, ``test_the_pseudo_locale``); the Ephios solo set-up, its
screen, a debate, its help and menu (tests/ui/test_fit_ephios_solo.py,
``test_the_set_up_steps_fit[en_XA]``); the Ephios quick game's set-up, its screen, its
dialogs, its help and menu (tests/ui/test_fit_ephios_quick.py,
``test_a_new_quick_game_of_four_fits[en_XA]``). The walks here read the rest: a Euphoria
turn, its dialogs and the end of a game; an Ephios campaign's set-up and its dialogs.

Marked ``pseudo_locale``: ``pytest -m pseudo_locale -n 0`` runs every walk that reads
words.
"""

from __future__ import annotations

import pytest
from pseudo_locale import HELP_AND_MENU, Words, english_words
from tui_helpers import at_home, make_game, open_turn_screen, sync, until, wait_for_screen

from companion.tui.app import CompanionApp
from companion.tui.games.euphoria_log import EuphoriaLogScreen
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.screens.history import HistoryScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _pseudo_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_LANG", "en_XA")


@pytest.mark.pseudo_locale
@sync
async def test_the_euphoria_turn_screen_its_dialogs_the_log_help_menu_and_game_over() -> None:
    """The turn screen before and after a turn, every report dialog (b c m a l x), the move
    log, help, menu, undo, a human's win, the end-of-game screen and the history."""
    path, journal = make_game(turns=5)
    app = CompanionApp()
    async with app.run_test(size=SIZE) as pilot:
        walk = Words(pilot)
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
        await walk.look_over(screen, "euphoria", (("g", EuphoriaLogScreen), *HELP_AND_MENU))
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
async def test_the_ephios_campaign() -> None:
    """The campaign's players' set-up (names typed by keys), the set-up checklist, the game
    screen and its dialogs (the quick game's: tests/ui/test_fit_ephios_quick.py)."""
    app = CompanionApp()
    async with app.run_test(size=SIZE) as pilot:
        walk = Words(pilot)
        await at_home(pilot)
        await pilot.press("4")
        setup = await wait_for_screen(pilot, TableSetupScreen)
        await walk.look("ephios campaign: players")
        await pilot.press(*"Ann, Bob", "enter")  # typed by keys
        await until(pilot, lambda: setup.typing is None, "the first player asked")
        await walk.look("ephios campaign: first player")
        await pilot.press("1")
        await until(pilot, lambda: setup.has_class("-listing"), "the set-up checklist")
        await walk.look("ephios campaign: set-up checklist")
        await pilot.press("s")
        screen = await wait_for_screen(pilot, TableScreen)
        await walk.look("ephios campaign screen")
        for key in ("u", "a", "t"):  # each step's first questions, on the table screen
            await pilot.press(key)
            await until(pilot, lambda: screen.pending is not None, f"the questions of {key}")
            await walk.look(f"ephios campaign: the questions of {key}")
            await pilot.press("escape")
            await until(pilot, lambda: screen.pending is None, f"{key} dropped")
        await walk.look_over(screen, "ephios campaign", HELP_AND_MENU)
        walk.check()


def test_the_word_finder_keeps_ids_keys_and_pseudo_text() -> None:
    """What counts as English: not ids, key names, single letters or en_XA text."""
    text = "⟦Ñééŵ ĝààɱéé⟧ S7 euphoria.lower ctrl+p Enter z Ann black: places Turn · 3"
    assert english_words(text) == {"black", "places", "Turn"}
    link = "https://app.bgstatsapp.com/createPlay.html?data=%7B%22name%22%3A\n%22Black%20Automa%22"
    assert english_words(f"{link} Open") == {"Open"}
    assert english_words("Annabelle Annabel Barthol Bob Annie") == {"Annie"}
