"""The Ephios quick game and campaign on the table screen obey the layout rule (docs/screens.md, "The
layout rule") in real states at 40×20, 80×24 and 120×40, in the pseudo-locale en_XA (~30%
longer words; the new game in English too, whose header names its save).

The states: every step of a new quick game's set-up (the names, the first player, the
checklist) and the game it opens (4 players); a turn of 3 players, every question of the
unite (which alliance, the gain to confirm) and the turn it passes; a campaign's round won
(the end-of-round steps), its tile's name and numbers and the campaign won. Each scenario runs one app and resizes it at each state.
"""

from __future__ import annotations

from typing import Any

import pytest
from fit_helpers import SIZES, assert_choices_reachable, assert_fits, press, resize
from pseudo_locale import HELP_AND_MENU, WORDS_SIZE, Words
from textual.pilot import Pilot
from textual.widgets import Input
from tui_helpers import at_home, open_save, sync, until, wait_for_screen

from companion import paths
from companion.core import session
from companion.ephios import campaign, quick
from companion.tui.app import CompanionApp
from companion.tui.games.ephios_scores import ScoresPanel
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets.setup_list import SetupList

pytestmark = pytest.mark.ui
LANGUAGES = ("en", pytest.param("en_XA", marks=pytest.mark.pseudo_locale))
PHONE = SIZES[0]


@pytest.fixture(params=[pytest.param("en_XA", marks=pytest.mark.pseudo_locale)])
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The player's language of the scenario (as tests/ui/test_tui_pseudo_locale.py sets it):
    the pseudo-locale, whose longer words are the hardest test of every layout, unless the
    scenario asks English too."""
    monkeypatch.setenv("COMPANION_LANG", request.param)
    return str(request.param)


async def fits_everywhere(
    pilot: Pilot[Any], where: str, choices: bool = False, words: Words | None = None
) -> None:
    """The screen that is up fits at every size, from the size it has (and, with
    ``choices``, each choice of its focused list comes into view by keys on a phone); with
    ``words`` (an en_XA walk) its words are read at 80×24 as ``where``."""
    sizes = list(SIZES)
    if tuple(pilot.app.size) in sizes:  # no resize to the size it has: start there
        sizes.remove(tuple(pilot.app.size))
        sizes.insert(0, tuple(pilot.app.size))
    for size in sizes:
        if tuple(pilot.app.size) != size:
            await resize(pilot, size)
        if choices and size == PHONE:
            await assert_choices_reachable(pilot, where)
        else:
            assert_fits(pilot.app, where)
        if words is not None and size == WORDS_SIZE:
            words.read(where)


def over(app: Any) -> bool:
    """Whether the screen up is a table whose score board shows the end banner."""
    return isinstance(app.screen, TableScreen) and any(
        panel.has_class("-over") for panel in app.screen.query(ScoresPanel)
    )


def saved(journal: Any, name: str) -> Any:
    """The journal saved in the data folder as ``name``; its path."""
    path = paths.data_dir() / f"{name}.toml"
    session.create_game(path, journal)
    return path


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@sync
async def test_a_new_quick_game_of_four_fits(language: str) -> None:
    """The set-up steps (names, first player, checklist) and the new game's screen, whose
    header names its save. In en_XA the walk also reads every screen it passes at 80×24
    for plain English words (tests/pseudo_locale.py): the set-up's steps, the game's
    screen, its unite and action dialogs, its help and its menu."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        words = Words(pilot) if language == "en_XA" else None
        await at_home(pilot)
        await press(pilot, "3")
        setup = await wait_for_screen(pilot, TableSetupScreen)
        await fits_everywhere(pilot, f"{language}: quick set-up, the names", words=words)
        setup.query_one(Input).value = "Annabelle, Bartholomew, Cyprian, Dorothea"
        await press(pilot, "enter")
        await until(pilot, lambda: setup.typing is None)
        where = f"{language}: quick set-up, who plays first"
        await fits_everywhere(pilot, where, True, words)
        await press(pilot, "1")
        await until(pilot, lambda: setup.query(SetupList), "the set-up checklist")
        await fits_everywhere(pilot, f"{language}: quick set-up checklist", True, words)
        await press(pilot, "s")
        screen = await wait_for_screen(pilot, TableScreen)
        await fits_everywhere(pilot, f"{language}: a new quick game of 4", words=words)
        assert screen.path.name in str(screen.sub_title)
        if words is not None:
            await read_the_dialogs(pilot, words, screen)
            words.check()


async def read_the_dialogs(pilot: Pilot[Any], words: Words, screen: TableScreen) -> None:
    """Read the words of the quick game's unite and popularity questions, its help and
    menu."""
    app = pilot.app
    if tuple(app.size) != WORDS_SIZE:
        await resize(pilot, WORDS_SIZE)
    for key in ("u", "a"):
        await press(pilot, key)
        await until(pilot, lambda: screen.pending is not None, f"the questions of {key}")
        await words.look(f"the quick game: the questions of {key}")
        await press(pilot, "escape")
        await until(pilot, lambda: screen.pending is None, f"{key} dropped")
    await words.look_over(screen, "the quick game", HELP_AND_MENU)


@sync
async def test_a_turn_and_the_unite_dialog_of_three_fit(language: str) -> None:
    """The unite dialog of 3 players (the alliances, the gain to confirm), the unite's
    announcements (the turn passes) and the game won."""
    journal = quick.new_game(["Annabelle", "Bartholomew", "Cyprian"])
    quick.play(journal, {"kind": "flip"})
    path = saved(journal, "ephios-quick-fit")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        await press(pilot, "u")
        await until(pilot, lambda: screen.pending is not None)
        await fits_everywhere(pilot, f"{language}: unite, which alliance", True)
        await press(pilot, "4")
        await press(pilot, "1")
        await fits_everywhere(pilot, f"{language}: unite, the gain to confirm")
        await press(pilot, "y")
        await until(pilot, lambda: app.screen is screen and screen.view.state.current == 2)
        await fits_everywhere(pilot, f"{language}: a unite passes the turn")
        # Elsewhere (the CLI, another terminal): two more turns, the game won.
        elsewhere = session.load_game(path, quick.GAME)
        quick.play(elsewhere, {"kind": "next"})  # Cyprian's turn ends: Bartholomew's
        quick.play(elsewhere, {"kind": "unite", "player": "Bartholomew", "alliance": "cult"})
        quick.play(elsewhere, {"kind": "unite", "player": "Annabelle", "alliance": "order"})
        session.save_game(path, elsewhere)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game won")
        await press(pilot, "escape")
        # the save changed elsewhere: the screen shown is the latest save's
        await until(pilot, lambda: over(app), "the game's end banner")
        await fits_everywhere(pilot, f"{language}: a quick game won")


@sync
async def test_a_campaign_round_end_its_tile_and_its_end_fit(language: str) -> None:
    """The end of a round (its page and the next round's set-up), the tile dialog, and the
    campaign won."""
    journal = campaign.new_game(["Annabelle", "Bartholomew"], first="Bartholomew")
    campaign.play(journal, {"kind": "unite", "player": "Bartholomew", "alliance": "company"})
    campaign.play(journal, {"kind": "next"})
    path = saved(journal, "ephios-campaign-fit")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        await press(pilot, "u", "2", "1", "y")
        await until(pilot, lambda: screen.view.state.number == 2)
        await fits_everywhere(pilot, f"{language}: a campaign round won")
        await press(pilot, "t")
        body = screen.query_one("#t-body")  # the classes of a step asked
        await until(pilot, lambda: body.has_class("-typing"))
        await fits_everywhere(pilot, f"{language}: a tile, its name")
        screen.query_one("#t-text", Input).value = "The Guild of the Long Road"
        await press(pilot, "enter")
        await until(pilot, lambda: not body.has_class("-typing") and screen.pending is not None)
        await fits_everywhere(pilot, f"{language}: a tile, its numbers", True)
        await press(pilot, "escape")
        elsewhere = session.load_game(path, campaign.GAME)  # round 2 played elsewhere: won
        campaign.play(elsewhere, {"kind": "unite", "player": "Bartholomew", "alliance": "cult"})
        campaign.play(elsewhere, {"kind": "next"})
        campaign.play(elsewhere, {"kind": "unite", "player": "Bartholomew", "alliance": "cult"})
        session.save_game(path, elsewhere)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the campaign won")
        await press(pilot, "escape")
        # the save changed elsewhere: the screen shown is the latest save's
        await until(pilot, lambda: over(app), "the game's end banner")
        await fits_everywhere(pilot, f"{language}: a campaign won")
