"""Pilot tests of the Ephios quick-game and campaign set-up and screens (80x24)."""

from __future__ import annotations

from textual.widgets import Input
from tui_helpers import at_home, open_save, press, shown, sync, until, wait_for_screen

from companion import paths
from companion.ephios import campaign, quick, store
from companion.tui.app import CompanionApp
from companion.tui.screens.ephios_campaign import EphiosCampaignScreen
from companion.tui.screens.ephios_new import EphiosCampaignSetupScreen, EphiosQuickSetupScreen
from companion.tui.screens.ephios_quick import EphiosQuickScreen
from companion.tui.screens.ephios_setup_list import EphiosSetupChecklist
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.checklist import Checklist
from companion.tui.widgets.step_dialog import StepDialog


async def type_names(pilot, *names: str) -> None:
    """Type the player names, Enter after each, and Enter on the empty field to go on."""
    for name in names:
        await press(pilot, *name, "enter")
    await press(pilot, "enter")


@sync
async def test_quick_game_unite_through_the_dialog_to_a_70_percent_win():
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "3")
        await wait_for_screen(pilot, EphiosQuickSetupScreen)
        await type_names(pilot, "Ann", "Bob", "Cy")
        await press(pilot, "1")  # Ann plays first
        # The set-up checklist opens first: the rulebook's steps, tickable.
        checklist = await wait_for_screen(pilot, EphiosSetupChecklist)
        items = checklist.query_one(Checklist)
        assert len(items.items) == 8 and "bookmark-star" in items.items[0]
        assert "Quick Game > Components and Setup 2" in items.items[2]
        await press(pilot, "space", "space")
        await until(pilot, lambda: items.ticked == {0, 1})
        await press(pilot, "escape")
        screen = await wait_for_screen(pilot, EphiosQuickScreen)
        news = screen.query_one("#q-news", AnnouncementList)
        assert news.announcements[-1].text == "Ann plays first."
        assert screen.state.players == ["Ann", "Bob", "Cy"]
        # Ann unites the Company (+40) with a matching affinity (+20).
        await press(pilot, "u")
        dialog = await wait_for_screen(pilot, StepDialog)
        await press(pilot, "1", "4", "1")  # Ann, Company, match
        assert "+60%" in str(dialog.query_one("#dialog-info").render())
        await press(pilot, "y")
        assert app.screen is screen
        assert screen.state.popularity["Ann"] == 60
        assert screen.state.affinity_used["Ann"]
        # Flip, next player: counterclockwise from Ann is Cy.
        await press(pilot, "f", "n")
        await until(pilot, lambda: screen.state.players[screen.state.current] == "Cy")
        # A card effect: Bob +10 (Cy, whose turn it is, is listed first, then Ann, Bob).
        await press(pilot, "a", "3", "1", "1", "0", "enter")
        await until(pilot, lambda: screen.state.popularity["Bob"] == 10)
        # Ann unites the Order (+30): her affinity is used, "none" is taken, not asked.
        await press(pilot, "u", "2")  # the current player (Cy) is listed first; Ann second
        await press(pilot, "3", "y")
        await until(pilot, lambda: screen.state.popularity["Ann"] == 90)
        assert screen.state.winner == "Ann"
        # The end-of-game screen opens over the game (docs/history.md); Escape goes back.
        assert isinstance(app.screen, GameOverScreen) and "Ann reached 90%" in shown(app)
        await press(pilot, "escape")
        await until(pilot, lambda: screen.has_class("-over"))
        assert "ANN WINS" in shown(app)
        saved = store.load(screen.path, "ephios-quick")
        assert quick.replay(saved).winner == "Ann"
        # Undo takes the win back; redo brings it again.
        await press(pilot, "z")
        await until(pilot, lambda: screen.state.winner is None)
        assert not screen.has_class("-over")
        await press(pilot, "y")
        await until(pilot, lambda: screen.state.winner == "Ann")


@sync
async def test_quick_unite_dialog_can_be_declined_and_cancelled():
    journal = quick.new_game(["Ann", "Bob"])
    path = paths.data_dir() / "ephios-quick-test.toml"
    store.create(path, journal)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        await press(pilot, "u", "1", "1", "3", "n")  # declined at the confirmation
        assert app.screen is screen
        assert journal.events == []
        await press(pilot, "u", "1", "escape")
        assert app.screen is screen
        assert journal.events == []
        # A tap closes it too (a phone has no Escape): its Cancel control, or outside it.
        await press(pilot, "u")
        await pilot.click("#dialog-back")  # Back on the first question: closed, nothing kept
        assert app.screen is screen
        await press(pilot, "u", "1")
        await pilot.click("#dialog-cancel")
        assert app.screen is screen
        await press(pilot, "u")
        await pilot.click(offset=(0, 0))
        assert app.screen is screen and journal.events == []
        assert screen.check_action("flip", ()) is None  # 2 players: no direction token


@sync
async def test_campaign_round_win_then_tile_then_campaign_win():
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "4")
        await wait_for_screen(pilot, EphiosCampaignSetupScreen)
        await type_names(pilot, "Ann", "Bob")
        await press(pilot, "2")  # Bob plays first
        await wait_for_screen(pilot, EphiosSetupChecklist)
        assert "alliances side up" in "\n".join(app.screen.query_one(Checklist).items)
        await press(pilot, "escape")
        screen = await wait_for_screen(pilot, EphiosCampaignScreen)
        assert screen.round.players[screen.round.current] == "Bob"
        # Ann: Company + match (60%), then Academy (+30) wins round 1.
        await press(pilot, "u", "2", "4", "1", "y")
        await press(pilot, "u", "2", "2", "1", "y")
        state = screen.state
        assert state.number == 2
        assert state.wins == {"Ann": 1, "Bob": 0}
        assert state.round_winners == ["Ann"]
        assert state.pages_read == ["academy"]
        assert state.round.players[state.round.current] == "Ann"
        assert "R1 Ann" in shown(app)
        # The victory page adds a tile: The Guild, +35%, unite with 2.
        await press(pilot, "t")
        await press(pilot, *"The Guild", "enter")
        await press(pilot, "3", "5", "enter", "enter", "1")  # gain 35, unite 2 (default)
        await until(pilot, lambda: "the-guild" in screen.round.alliances)
        assert screen.round.alliances["the-guild"].gain == 35
        # Round 2: Ann unites the Guild with a match (+55) and the Cult (+40).
        await press(pilot, "u", "1", "6", "1", "y")
        await press(pilot, "u", "1", "5", "1", "y")
        await until(pilot, lambda: screen.state.champion == "Ann")
        # The end-of-game screen opens over the game (docs/history.md); Escape goes back.
        assert isinstance(app.screen, GameOverScreen) and "the campaign" in shown(app)
        await press(pilot, "escape")
        await until(pilot, lambda: screen.has_class("-over"))
        assert "WINS THE CAMPAIGN" in shown(app)
        # No "▶ X's turn" once the campaign is won; the round's starter from the engine
        turn = str(screen.query_one("#q-turn").render())
        assert "'s turn" not in turn and "Game over" in turn
        assert f"started by {screen.state.started_by}" in shown(app)
        saved = store.load(screen.path, "ephios-campaign")
        assert campaign.replay(saved).champion == "Ann"


@sync
async def test_players_setup_refuses_one_player_and_goes_back():
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "3")
        setup = await wait_for_screen(pilot, EphiosQuickSetupScreen)
        await type_names(pilot, "Ann")
        assert not setup.has_class("-first")  # one player: refused
        assert isinstance(app.focused, Input)
        await press(pilot, "tab", *"Bob", "enter", "enter")
        await until(pilot, lambda: setup.has_class("-first"))
        await press(pilot, "backspace")
        assert not setup.has_class("-first")
