"""The Ephios quick game and campaign screens obey the layout rule (docs/screens.md, "The
layout rule") in real states at 40×20, 80×24 and 120×40, in English and in the pseudo-locale
en_XA (~30% longer words).

The states: every step of a new quick game's set-up (the names, the first player, the
checklist) and the game it opens (4 players); a turn of 3 players, every question of the
unite dialog and the turn it passes; a campaign's round won (the end-of-round steps), its
tile dialog and the campaign won. Each scenario runs one app and resizes it at each state.
"""

from __future__ import annotations

from typing import Any

import pytest
from fit_helpers import SIZES, assert_choices_reachable, assert_fits
from textual.pilot import Pilot
from textual.widgets import Input
from tui_helpers import at_home, open_save, press, sync, until, wait_for_screen

from companion import paths
from companion.ephios import campaign, quick, store
from companion.tui.app import CompanionApp
from companion.tui.screens.ephios_campaign import AllianceDialog
from companion.tui.screens.ephios_new import EphiosQuickSetupScreen
from companion.tui.screens.ephios_quick import EphiosQuickScreen
from companion.tui.screens.ephios_setup_list import EphiosSetupChecklist
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.widgets.step_dialog import StepDialog

pytestmark = pytest.mark.ui
LANGUAGES = ("en", "en_XA")


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The player's language of the scenario (as tests/ui/test_tui_pseudo_locale.py sets it)."""
    monkeypatch.setenv("COMPANION_LANG", request.param)
    return str(request.param)


async def resize(pilot: Pilot[Any], size: tuple[int, int]) -> None:
    """Resize the terminal and wait until the screen is laid out at that size."""
    app = pilot.app
    await pilot.resize_terminal(*size)
    await until(
        pilot,
        lambda: tuple(app.size) == size
        and tuple(app.screen.size) == size
        and not app.screen._layout_required,
        f"the screen laid out at {size}",
    )
    await pilot.pause()


async def fits_everywhere(pilot: Pilot[Any], where: str, choices: bool = False) -> None:
    """The screen that is up fits at every size (and, with ``choices``, each choice of its
    focused list comes into view by keys at the smallest); it ends at 80×24."""
    for size in SIZES:
        await resize(pilot, size)
        if choices and size == SIZES[0]:
            await assert_choices_reachable(pilot, where)
        else:
            assert_fits(pilot.app, where)
    await resize(pilot, (80, 24))


def saved(journal: Any, name: str) -> Any:
    """The journal saved in the data folder as ``name``; its path."""
    path = paths.data_dir() / f"{name}.toml"
    store.create(path, journal)
    return path


@sync
async def test_a_new_quick_game_of_four_fits(language: str) -> None:
    """The set-up steps (names, first player, checklist) and the new game's screen, whose
    header names its save."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "3")
        setup = await wait_for_screen(pilot, EphiosQuickSetupScreen)
        await fits_everywhere(pilot, f"{language}: quick set-up, the names")
        for number, name in enumerate(("Annabelle", "Bartholomew", "Cyprian", "Dorothea"), 1):
            setup.query_one(f"#player-{number}", Input).value = name
        setup.query_one("#player-4", Input).focus()
        await press(pilot, "enter")
        await until(pilot, lambda: setup.has_class("-first"))
        await fits_everywhere(pilot, f"{language}: quick set-up, who plays first", True)
        await press(pilot, "1")
        await wait_for_screen(pilot, EphiosSetupChecklist)
        await fits_everywhere(pilot, f"{language}: quick set-up checklist", True)
        await press(pilot, "escape")
        screen = await wait_for_screen(pilot, EphiosQuickScreen)
        await fits_everywhere(pilot, f"{language}: a new quick game of 4")
        assert screen.path.name in str(screen.sub_title)


@sync
async def test_a_turn_and_the_unite_dialog_of_three_fit(language: str) -> None:
    """A turn of 3 players, every question of the unite dialog, the unite's announcements
    (the turn passes) and the game won."""
    journal = quick.new_game(["Annabelle", "Bartholomew", "Cyprian"])
    quick.play(journal, {"kind": "flip"})
    path = saved(journal, "ephios-quick-fit")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        await fits_everywhere(pilot, f"{language}: a quick game of 3, a turn")
        await press(pilot, "u")
        await wait_for_screen(pilot, StepDialog)
        await fits_everywhere(pilot, f"{language}: unite, which alliance", True)
        await press(pilot, "4")
        await fits_everywhere(pilot, f"{language}: unite, which affinity", True)
        await press(pilot, "1")
        await fits_everywhere(pilot, f"{language}: unite, the gain to confirm", True)
        await press(pilot, "y")
        await until(pilot, lambda: app.screen is screen and screen.state.current == 2)
        await fits_everywhere(pilot, f"{language}: a unite passes the turn")
        quick.play(journal, {"kind": "next"})
        quick.play(journal, {"kind": "next"})
        quick.play(journal, {"kind": "unite", "player": "Bartholomew", "alliance": "cult"})
        quick.play(journal, {"kind": "unite", "player": "Annabelle", "alliance": "order"})
        store.save(path, journal)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game won")
        await press(pilot, "escape")
        await until(pilot, lambda: screen.has_class("-over"))
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
        await fits_everywhere(pilot, f"{language}: a campaign of 2, a turn")
        await press(pilot, "u", "2", "1", "y")
        await until(pilot, lambda: screen.state.number == 2)
        await fits_everywhere(pilot, f"{language}: a campaign round won")
        await press(pilot, "t")
        dialog = await wait_for_screen(pilot, AllianceDialog)
        await fits_everywhere(pilot, f"{language}: a tile, its name")
        dialog.query_one(Input).value = "The Guild of the Long Road"
        await press(pilot, "enter")
        await until(pilot, lambda: dialog.has_class("-numbers"))
        await fits_everywhere(pilot, f"{language}: a tile, its numbers", True)
        await press(pilot, "escape")
        for _turn in range(2):
            campaign.play(journal, {"kind": "unite", "player": "Bartholomew", "alliance": "cult"})
            campaign.play(journal, {"kind": "next"})
        store.save(path, journal)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the campaign won")
        await press(pilot, "escape")
        await until(pilot, lambda: screen.has_class("-over"))
        await fits_everywhere(pilot, f"{language}: a campaign won")
