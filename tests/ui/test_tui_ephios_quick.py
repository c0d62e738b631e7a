"""Pilot tests of the Ephios quick-game and campaign set-up, and of the two games on the
one table screen with their panels (companion/tui/games/ephios_scores.py), at 80x24.

A test sets up the game it needs through the engine and opens its save (as the resume
list does); the UI plays only the flow under test, so each key press is one the test
is about.
"""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import Input
from textual.widgets._footer import FooterKey
from tui_helpers import at_home, open_save, press, shown, sync, until, wait_for_screen

from companion import paths
from companion.core import session
from companion.ephios import campaign, quick
from companion.tui.app import CompanionApp
from companion.tui.games.ephios_board import EphiosLogScreen
from companion.tui.games.ephios_scores import ScoresPanel, round_of
from companion.tui.keys import help_markdown
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.checklist import Checklist
from companion.tui.widgets.chrome import PALETTE_CLASS, Footer
from companion.tui.widgets.setup_checklist import SetupChecklist
from companion.tui.widgets.setup_list import SetupList


def saved(journal, name: str):
    """The journal saved in the data folder as ``name``; its path."""
    path = paths.data_dir() / f"{name}.toml"
    session.create_game(path, journal)
    return path


def state(screen: TableScreen):
    """The game the table screen shows now."""
    return screen.view.state


def over(screen: TableScreen) -> bool:
    """Whether the score board shows the end banner."""
    return screen.query_one(ScoresPanel).has_class("-over")


def fill_names(screen, *names: str) -> None:
    """The player names as typed in their fields (typing itself is Textual's)."""
    for number, name in enumerate(names, 1):
        screen.query_one(f"#player-{number}", Input).value = name


@sync
async def test_quick_game_setup_names_the_first_player_and_lists_the_set_up():
    """The names typed in seating order, the first player, then the set-up checklist: the
    rulebook's steps, tickable, the rule of the highlighted one below; s opens the game."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "3")
        setup = await wait_for_screen(pilot, TableSetupScreen)
        await press(pilot, *"Ann, Bob, Cy", "enter")
        await until(pilot, lambda: "Who plays first?" in shown(app))
        await press(pilot, "1")  # Ann plays first
        await until(pilot, lambda: setup.query(SetupList), "the set-up checklist")
        items = setup.query_one(Checklist)
        assert len(items.items) == 8 and "bookmark-star" in items.items[0]
        await press(pilot, "space", "space")
        await until(pilot, lambda: items.ticked == {0, 1})
        await until(pilot, lambda: "why: Quick Game > Components and Setup 2" in shown(app))
        await press(pilot, "s")
        screen = await wait_for_screen(pilot, TableScreen)
        news = screen.query_one("#t-news", AnnouncementList)
        # the checklist just ticked is not listed again; the status names who plays first
        await until(pilot, lambda: news.announcements[-1].text.startswith("Ready: the table"))
        assert "Ann plays first." not in [a.text for a in news.announcements]
        assert "Ann's turn" in shown(app)
        assert state(screen).players == ["Ann", "Bob", "Cy"]
        await press(pilot, "k")
        again = await wait_for_screen(pilot, SetupChecklist)
        assert again.query_one(Checklist).items == items.items


@sync
async def test_quick_game_unite_through_the_dialog_to_a_70_percent_win():
    """The footer at 80 columns shows the keys the docs list; then unite (Course of a Game
    > 4): the dialog asks the alliance and the affinity of the player whose turn it is,
    shows the gain, and the turn passes; 70% wins at once."""
    journal = quick.new_game(["Ann", "Bob", "Cy"])
    path = saved(journal, "ephios-quick-unite")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        # Three players at 80 columns: the footer shows the keys the docs list.
        await the_footer_shows_the_keys_the_docs_list(pilot, app)
        # Ann unites the Company (+40) with a matching affinity (+20): no "who" question.
        await press(pilot, "u")
        await until(pilot, lambda: screen.pending is not None)
        await press(pilot, "4", "1")  # Company, match
        info = str(screen.query_one("#t-info").render())
        assert "+60%" in info and "→ 60%" in info
        await press(pilot, "y")
        await until(pilot, lambda: screen.pending is None and screen.journal.events)
        assert state(screen).popularity["Ann"] == 60 and state(screen).affinity_used["Ann"]
        assert state(screen).players[state(screen).current] == "Bob"  # the unite ended the turn
        assert screen.query_one("#t-news", AnnouncementList).announcements[-1].what == "next"
        assert "Ann A✓" in shown(app) and "▶ Bob A·" in shown(app)
        # Flip, next player: counterclockwise from Bob is Ann.
        await press(pilot, "f", "n")
        await until(pilot, lambda: state(screen).players[state(screen).current] == "Ann")
        # Ann unites the Order (+30): her affinity is used, "none" is taken, not asked.
        await press(pilot, "u", "3")
        offered = str(screen.query_one("#t-info").render())
        assert "★ reaches 70%: wins" in offered
        await press(pilot, "y")
        await until(pilot, lambda: state(screen).popularity["Ann"] == 90)
        assert "Ann" in offered and state(screen).winner == "Ann"
        # The end-of-game screen opens over the game (docs/history.md); Escape goes back.
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert "Ann reached 90%" in shown(app)
        await press(pilot, "escape")
        await until(pilot, lambda: over(screen))
        assert "ANN WINS" in shown(app) and not screen.view.actions
        assert quick.replay(session.load_game(screen.path, "ephios-quick")).winner == "Ann"
        # Undo takes the win back (its line says what was taken back); redo brings it again.
        await press(pilot, "z")
        await until(pilot, lambda: state(screen).winner is None)
        assert not over(screen) and "Took back: Ann unites" in shown(app)
        await press(pilot, "y")
        await until(pilot, lambda: state(screen).winner == "Ann")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))  # the end again
        await press(pilot, "escape")
        await until(pilot, lambda: "Brought back: Ann unites" in shown(app))


@sync
async def test_a_won_game_on_a_phone_keeps_no_game_key_and_ends_in_one_row():
    """At 40×20, once the game is won: the footer keeps undo and no key of the game's
    actions (it offers none), and the bar says who won and the recap's key in one row;
    undone, the game's keys are back."""
    from companion.tui.widgets.main_bar import MainBar

    journal = quick.new_game(["Ann", "Bob", "Cy"], first="Ann")
    path = saved(journal, "ephios-quick-phone-end")
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        screen = await open_save(pilot, path, journal)
        footer = app.screen.query_one(Footer)

        def keys() -> list[str]:
            found = [k for k in footer.query(FooterKey) if not k.has_class(PALETTE_CLASS)]
            return [k.key_display for k in found if k.display]

        await until(pilot, lambda: "u" in keys(), "the unite key in the footer")
        await press(pilot, "u", "4", "1", "y", "f", "n")  # Ann: Company, match: 60%
        await until(pilot, lambda: state(screen).players[state(screen).current] == "Ann")
        await press(pilot, "u", "3", "y")  # Ann: Order: 90%, the win
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the end")
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is screen and over(screen), "the table, won")
        await until(pilot, lambda: "z" in keys() and "u" not in keys(), "the footer at the end")
        assert not {"u", "a", "f", "n"} & set(keys()), keys()
        bar = screen.query_one("#t-bar", MainBar)
        assert bar.region.height == 1 and "Ann won · o: recap" in shown(app)
        await press(pilot, "z")
        await until(pilot, lambda: "u" in keys(), "the game's keys back after the undo")


@sync
async def test_a_card_effect_moves_any_players_marker_through_the_dialog():
    """Use (Course of a Game > 3): a card effect moves a marker, whoever's turn it is; the
    player whose turn it is is listed first."""
    journal = quick.new_game(["Ann", "Bob", "Cy"], first="Cy")
    path = saved(journal, "ephios-quick-adjust")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        await press(pilot, "a", "3", "1", "enter")  # Cy, Ann, Bob: Bob up, by the usual 10%
        await until(pilot, lambda: state(screen).popularity["Bob"] == 10)
        assert state(screen).players[state(screen).current] == "Cy"  # not a turn's end
        await press(pilot, "a", "2", "1", "2", "0", "enter")  # Ann up by 20% typed
        await until(pilot, lambda: state(screen).popularity["Ann"] == 20)
        # + and - step by 10%: from the 10 it starts at, up twice and down once is 20%.
        await press(pilot, "a", "1", "1", "plus")
        await until(pilot, lambda: "▶  20 " in shown(app), "+ steps to 20")
        assert "+ +10 - -10" in shown(app)  # the footer says the step
        await press(pilot, "plus")
        await until(pilot, lambda: "▶  30 " in shown(app), "+ steps to 30")
        await press(pilot, "minus", "enter")  # Cy up by 20%
        await until(pilot, lambda: state(screen).popularity["Cy"] == 20)


@sync
async def test_quick_unite_dialog_can_be_declined_and_cancelled():
    journal = quick.new_game(["Ann", "Bob"])
    path = saved(journal, "ephios-quick-test")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        await press(pilot, "u", "1", "3", "n")  # declined at the confirmation
        await until(pilot, lambda: screen.pending is None)
        assert app.screen is screen and screen.journal.events == []
        await press(pilot, "u", "1", "escape")  # Escape drops the step
        await until(pilot, lambda: screen.pending is None)
        assert app.screen is screen and screen.journal.events == []
        # Backspace goes back a question; on the first one it drops the step.
        await press(pilot, "u", "1", "backspace")
        assert screen.pending is not None and "Which alliance?" in shown(app)
        await press(pilot, "backspace")
        await until(pilot, lambda: screen.pending is None)
        assert screen.journal.events == []
        # 2 players: no direction token, so no Flip key is offered (the footer neither).
        assert screen.check_action("act", ("flip",)) is not True
        assert "Flip" not in shown(app)


@sync
async def test_campaign_round_win_then_tile_then_campaign_win():
    """F1 explains the campaign above the table; then the course of a campaign: a round won
    through the unite dialog, the victory page's tile through its dialog, and the second
    round won: the campaign."""
    journal = campaign.new_game(["Ann", "Bob"], first="Bob")
    campaign.play(journal, {"kind": "unite", "player": "Bob", "alliance": "company"})
    campaign.play(journal, {"kind": "next"})  # Bob 40%; Ann's turn ends
    path = saved(journal, "ephios-campaign-test")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        # F1 explains the campaign and the quick game above the table.
        await the_help_explains_the_quick_game_above_the_table(pilot, app, screen)
        # 2 players: no direction token, so no Flip key (the footer and the menu neither).
        assert screen.check_action("act", ("flip",)) is not True and "Flip" not in shown(app)
        assert "flip" not in {a.id for a in screen.view.actions}
        # Bob: Academy + match (+50) reaches 90%: round 1.
        await press(pilot, "u", "2", "1", "y")
        await until(pilot, lambda: state(screen).number == 2)
        won = state(screen)
        assert won.wins == {"Ann": 0, "Bob": 1} and won.round_winners == ["Bob"]
        assert won.pages_read == ["academy"]
        assert won.round.players[won.round.current] == "Bob"  # the winner starts
        assert "R1 Bob" in shown(app)
        # The page to read says which key records its tiles.
        page = screen.query_one("#t-news", AnnouncementList).announcements
        assert any(a.what == "page.read" and "(key t records each)." in a.text for a in page)
        # The victory page adds a tile: The Guild, +50%, unite with 2. Its name is typed.
        await press(pilot, "t")
        body = screen.query_one("#t-body")  # the classes of a step asked
        await until(pilot, lambda: body.has_class("-typing"))
        assert "Name of the alliance on the tile (Enter goes on):" in shown(app)
        await press(pilot, "enter")  # no name: refused, still asked
        assert body.has_class("-typing") and screen.pending is not None
        await press(pilot, *"The Guild", "enter")
        await until(pilot, lambda: "Tile: The Guild" in shown(app))
        await press(pilot, "5", "0", "enter", "enter", "1")  # 50, 2 (default), added
        await until(pilot, lambda: "the-guild" in round_of(state(screen)).alliances)
        assert round_of(state(screen)).alliances["the-guild"].gain == 50
        # Round 2: Bob unites the Guild with a match (+70): his second round, the campaign.
        await press(pilot, "u", "6", "1", "y")
        await until(pilot, lambda: state(screen).champion == "Bob")
        # The end-of-game screen opens over the game (docs/history.md); Escape goes back.
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert "the campaign" in shown(app)
        await press(pilot, "escape")
        await until(pilot, lambda: over(screen))
        assert "WINS THE CAMPAIGN" in shown(app)
        # No "▶ X's turn" once the campaign is won; the round's starter from the engine
        turn = str(screen.query_one("#q-turn").render())
        assert "'s turn" not in turn and "Game over" in turn
        assert f"started by {state(screen).started_by}" in shown(app)
        assert campaign.replay(session.load_game(screen.path, "ephios-campaign")).champion == "Bob"
        # g: every step so far.
        await press(pilot, "g")
        log = await wait_for_screen(pilot, EphiosLogScreen)
        assert len(log.lines) == len(screen.journal.events)


@sync
async def test_the_campaign_set_up_lists_round_1s_campaign_steps_too():
    """The campaign's checklist: round 1's campaign steps too; Bob plays first; `k` on the
    game shows the round's checklist again."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "4")
        setup = await wait_for_screen(pilot, TableSetupScreen)
        await press(pilot, *"Ann, Bob", "enter")
        await until(pilot, lambda: "Who plays first?" in shown(app))
        await press(pilot, "2")
        await until(pilot, lambda: setup.query(SetupList), "the set-up checklist")
        assert "alliances side up" in "\n".join(setup.query_one(Checklist).items)
        await press(pilot, "s")
        screen = await wait_for_screen(pilot, TableScreen)
        played = round_of(state(screen))
        assert played.players[played.current] == "Bob"
        await press(pilot, "k")  # the round's checklist again, over the game
        dialog = await wait_for_screen(pilot, SetupChecklist)
        assert "alliances side up" in "\n".join(dialog.query_one(Checklist).items)
        await press(pilot, "escape")
        await wait_for_screen(pilot, TableScreen)


def documented_footer_keys() -> list[str]:
    """The quick game's footer keys at 80 columns as docs/screens.md lists them, written as
    the footer writes them (`w`, esc, ^q)."""
    text = " ".join((Path(__file__).parents[2] / "docs" / "screens.md").read_text().split())
    found = re.search(r"in order: at 80 columns in English (.+?)(?:, then the menu| \()", text)
    assert found, "docs/screens.md no longer lists the quick game's footer keys"
    named = {"Escape": "esc", "Ctrl+Q": "^q", "F1": "f1"}
    keys: list[str] = []
    for word in re.split(r",\s*|\s+and\s+", found.group(1)):
        keys += word.strip("`").split() if word.startswith("`") else [named[word]]
    return keys


async def the_footer_shows_the_keys_the_docs_list(pilot, app) -> None:
    """docs/screens.md says which keys the quick game's footer shows whole at 80 columns,
    in order (three players: the Flip key too): the footer shows those, no other."""
    footer = app.screen.query_one(Footer)
    documented = documented_footer_keys()

    def shown_keys() -> list[str]:
        keys = [k for k in footer.query(FooterKey) if not k.has_class(PALETTE_CLASS)]
        return [k.key_display for k in keys if k.display]

    # The footer fits its keys a frame after the screen's keys change: wait for the
    # keys it settles on (a footer that never shows the documented ones fails here).
    await until(pilot, lambda: shown_keys() == documented, f"the footer to show {documented}")
    await pilot.pause()
    assert shown_keys() == documented


async def the_help_explains_the_quick_game_above_the_table(pilot, app, screen) -> None:
    """F1 on a campaign: its own help (rounds, then the quick game's board, unite and the
    affinity bonus) above the table screen's; Escape closes it."""
    await press(pilot, "f1")
    await wait_for_screen(pilot, HelpScreen)
    assert "Ephios campaign" in shown(app)
    text = help_markdown(screen)
    assert text.index("player to win **two rounds**") < text.index("## The table")
    assert "+20% if it matches the united alliance" in text
    assert "| u | Unite an alliance |" in text and "| k | Set-up |" in text
    await press(pilot, "escape")
    await until(pilot, lambda: app.screen is screen, "the help closed")
