"""Pilot tests of the Euphoria Automa game on the table screen: one key per turn, questions,
events, undo."""

from __future__ import annotations

from pathlib import Path

from euphoria_helpers import BUSY, ROWS_80X24, lines
from textual.widgets import OptionList, Static
from tui_helpers import (
    OPTIONS,
    SEED,
    answer,
    at_home,
    make_game,
    open_turn_screen,
    play,
    shown,
    sync,
    until,
    wait_for_screen,
)

from companion import paths
from companion.core import session
from companion.core.journal import Journal
from companion.core.plans import NothingToAsk, Report
from companion.core.saves import read_save
from companion.euphoria import game
from companion.euphoria.journal_text import replay_steps
from companion.euphoria.report_corrections import correct_plan
from companion.euphoria.reports import bump_plan
from companion.euphoria.state import GameOptions
from companion.tui.app import CompanionApp
from companion.tui.games.euphoria_automa import automa_lines
from companion.tui.games.euphoria_log import EuphoriaLogScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets import AnnouncementList, QuestionPanel


def saved(path: Path) -> Journal:
    """The journal in the save file."""
    return read_save(path, "euphoria")


def hint(screen) -> str:
    """The bar above the footer."""
    return str(screen.query_one("#t-bar", Static).render())


@sync
async def test_enter_runs_a_turn_and_saves():
    path, journal = make_game()
    before = path.read_text()
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        assert screen.state.turn == 0
        assert "Enter: Automa turn 1" in hint(screen)
        await pilot.press("enter")
        await until(pilot, lambda: screen.state.turn == 1)
        assert path.read_text() != before
        assert len(saved(path).events) == 1
        # One line per thing to do on the board: the card pair drawn is
        # shown above and is a detail of the first line (`w`), not a line of its own.
        items = screen.query_one(AnnouncementList).announcements
        assert screen.said[0].text.startswith("Automa turn 1:")
        assert items[0].what != "deck.draw" and "· Automa turn 1:" in items[0].why
        assert all(a.what != "deck.draw" for a in items)
        await pilot.press("space")  # Space runs a turn too
        await until(pilot, lambda: screen.state.turn == 2 and len(saved(path).events) == 2)
        assert "Enter: Automa turn 3" in hint(screen)


@sync
async def test_a_key_that_reaches_the_table_before_its_widgets_plays_nothing():
    """A key that reaches the table screen as it opens, before its widgets are mounted (a
    busy machine: a served page's player pressing on at once), plays nothing: the app went
    down on it (``_stop_asking`` found no ``#t-info``). Once the table is drawn the same
    key plays the turn."""
    path, journal = make_game()
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        app.open_game(path, journal)
        screen = app.screen
        assert isinstance(screen, TableScreen) and not screen.opened.is_set()  # pushed, not drawn
        # Textual's private key dispatch (check it at an upgrade), run now, before the
        # screen's widgets mount: a key pressed as the screen opens.
        assert not await app._check_bindings("enter", priority=True)  # its key is a priority one
        await until(pilot, lambda: screen.opened.is_set(), "the table drawn")
        assert app.return_code is None and not saved(path).events
        await pilot.press("enter")
        await until(pilot, lambda: screen.state.turn == 1 and len(saved(path).events) == 1)


def test_dialog_plans_come_from_the_state():
    journal = game.new_game(OPTIONS, SEED)
    state = game.replay(journal)
    try:
        bump_plan(state, {})
    except NothingToAsk:
        pass
    else:
        raise AssertionError("nothing can be bumped at the set-up")
    step = correct_plan(state, {"correct.what": "white", "correct.fact": "tokens_left"})
    assert step is not None and not isinstance(step, Report)
    (question,) = step.questions
    assert question.kind == "number" and question.default == "10"


@sync
async def test_at_turn_5_a_question_escape_bump_and_market_dialogs():
    """Turn 5 of the saved game: Escape cancels the questions of a turn; a question is
    answered by keys and the turn completes (then taken back); the bump dialog offers the
    Automa workers that can be bumped (taken back); the market-built dialog."""
    path, journal = make_game(turns=5)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        # Escape cancels the questions.
        await pilot.press("enter")
        await until(pilot, lambda: screen.pending is not None)
        await pilot.press("escape")
        await until(pilot, lambda: screen.pending is None and screen.state.turn == 5)
        await wait_for_screen(pilot, TableScreen)
        # The saved turn is shown again, not the cards drawn for the cancelled one.
        status = str(screen.query_one("#deck", Static).render())
        assert status.startswith("Turn 5 ·") and "waiting" not in screen.heading
        # A question is answered by keys and the turn completes.
        await pilot.press("enter")
        panel = screen.query_one(QuestionPanel)
        await until(
            pilot, lambda: screen.pending is not None and panel.current.id == "sites.humans"
        )
        assert screen.state.turn == 5 and len(saved(path).events) == 5  # nothing changed yet
        # While asking, the screen's keys are off: "z" does not undo.
        await pilot.press("z")
        await until(pilot, lambda: len(saved(path).events) == 5)
        await pilot.press("1", "enter")  # tick the lower Euphorian site, confirm
        await until(pilot, lambda: screen.pending is None)
        assert screen.state.turn == 6
        event = saved(path).events[-1]
        assert event == {"kind": "turn", "answers": {"sites.humans": "euphoria.lower"}}
        await pilot.press("z")  # turn 6 taken back: turn 5 again
        await until(
            pilot,
            lambda: screen.state.turn == 5 and len(saved(path).events) == 5,
            "turn 6 taken back: turn 5 again",
        )
        # The bump dialog offers the Automa workers that can be bumped.
        await pilot.press("b")
        await until(pilot, lambda: screen.query_one(QuestionPanel).current.id == "bump.worker")
        question = screen.query_one(QuestionPanel).current
        assert question.choices == ("black@wastelands.tunnel",)
        await pilot.press("1")
        await until(
            pilot,
            lambda: (
                saved(path).events[-1]
                == {"kind": "bump", "automa": "black", "space": "wastelands.tunnel"}
            ),
        )
        assert all(w.space != "wastelands.tunnel" for w in screen.state.automas["black"].placed)
        assert "bump" in screen.heading
        await pilot.press("z")  # the bump taken back: turn 5 again
        await until(
            pilot,
            lambda: screen.state.turn == 5 and len(saved(path).events) == 5,
            "the bump taken back: turn 5 again",
        )
        # The market-built dialog.
        await pilot.press("m", "1")  # the lower Euphorian market: the app knows who was there
        await until(
            pilot,
            lambda: saved(path).events[-1] == {"kind": "market-built", "site": "euphoria.lower"},
        )
        assert screen.state.sites["euphoria.lower"].built
        assert screen.state.automas["black"].penalty_side  # a penalizing market now
        assert "PENALTY" in str(screen.query_one("#automa-black").render())


@sync
async def test_at_turn_2_backspace_site_correction_activation_and_last_tier_dialogs():
    """Turn 2 of the saved game: a dialog's Backspace goes back, then cancels; the site and
    correction dialogs; the activation and last-tier dialogs place the allegiance tokens."""
    path, journal = make_game(turns=2)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        # A dialog's Backspace goes back, then cancels.
        await pilot.press("x", "1")
        await until(pilot, lambda: screen.query_one(QuestionPanel).current.id == "correct.fact")
        await pilot.press("backspace")
        await until(pilot, lambda: screen.query_one(QuestionPanel).current.id == "correct.what")
        await pilot.press("backspace")
        await until(pilot, lambda: screen.pending is None and len(saved(path).events) == 2)
        # The site and correction dialogs.
        await pilot.press("c", "1", "3", "enter")  # add; site 3 (Wastelander lower); 1
        await until(
            pilot,
            lambda: (
                saved(path).events[-1]
                == {"kind": "site-add", "site": "wastelands.lower", "count": 1}
            ),
        )
        assert screen.state.sites["wastelands.lower"].humans == 1
        await pilot.press("x", "2", "3", "7", "enter")  # white, tokens left, 7
        await until(
            pilot,
            lambda: (
                saved(path).events[-1] == {"kind": "correct", "automa": "white", "tokens_left": 7}
            ),
        )
        assert screen.state.automas["white"].tokens_left == 7
        # Correct black's workers: keep every worker as it is (Enter keeps the pre-selection).
        await pilot.press("x", "1", "1")
        for _ in range(4):
            await pilot.press("enter", "enter")
        await until(pilot, lambda: saved(path).events[-1]["automa"] == "black")
        event = saved(path).events[-1]
        assert event["kind"] == "correct" and event["automa"] == "black"
        before = game.replay(journal).automas["black"]
        assert sorted(event["available"]) == sorted(before.available)
        # The activation and last-tier dialogs place the allegiance tokens.
        black = screen.state.automas["black"].faction
        await pilot.press("a")
        await until(pilot, lambda: screen.query_one(QuestionPanel).current.choices[0] == black)
        await pilot.press("1")
        await until(
            pilot, lambda: saved(path).events[-1] == {"kind": "activation", "faction": black}
        )
        assert screen.state.automas["black"].tokens_left == 9
        await pilot.press("l", "1")
        await until(
            pilot, lambda: saved(path).events[-1] == {"kind": "last-tier", "faction": black}
        )
        assert screen.state.automas["black"].tokens_left == 8
        assert "[x] recruits activated" in str(automa_lines(screen.state, "black"))


@sync
async def test_at_turn_3_log_help_and_whys_then_undo_and_redo_with_counts():
    """Turn 3 of the saved game: the whys, the log and the help; then undo and redo with
    counts."""
    path, journal = make_game(turns=3)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        # The whys, the log and the help.
        listing = screen.query_one(AnnouncementList)
        await pilot.press("w")
        await until(pilot, lambda: listing.expanded == {0})
        await pilot.press("W")
        assert listing.expanded == set(range(len(listing.announcements)))
        await pilot.press("g")
        await until(
            pilot, lambda: isinstance(app.screen, EuphoriaLogScreen) and len(app.screen.steps) == 3
        )
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("f1")
        await until(
            pilot, lambda: isinstance(app.screen, HelpScreen) and "penalty side" in app.screen.text
        )
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the table screen again")
        # Undo and redo with counts.
        await pilot.press("z")
        await until(pilot, lambda: screen.state.turn == 2 and len(saved(path).events) == 2)
        # What to do on the table to take the turn back, in the imperative.
        shown = screen.query_one(AnnouncementList).announcements
        assert shown and all(a.what.startswith("undo") for a in shown)
        assert any(a.text.startswith(("Take ", "Put ")) for a in shown)
        assert screen.heading.startswith("Took back: Automa turn — set the table back")
        await pilot.press("2", "z")
        await until(pilot, lambda: screen.state.turn == 0 and len(saved(path).redo_stack) == 3)
        await pilot.press("z")  # nothing left: a notice, nothing changes
        await until(pilot, lambda: screen.state.turn == 0)
        await pilot.press("y")
        await until(pilot, lambda: screen.state.turn == 1)
        await pilot.press("2", "y")
        await until(pilot, lambda: screen.state.turn == 3 and (not saved(path).redo_stack))
        assert screen.heading.startswith("Brought back: Automa turn 3 — cards")


@sync
async def test_game_over_refuses_more_turns():
    path, journal = make_game()
    while not game.replay(journal).over:
        play(journal, 1)
    session.save_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        events = len(journal.events)
        assert "GAME OVER" in hint(screen) and screen.query_one("#t-bar").has_class("-over")
        await pilot.press("enter")
        await until(pilot, lambda: len(saved(path).events) == events)
        await pilot.press("b")
        await until(pilot, lambda: screen.pending is None)
        await pilot.press("z")
        await until(pilot, lambda: not screen.state.over and "Enter: Automa turn" in hint(screen))


@sync
async def test_resume_from_the_home_screen_opens_the_turn_screen():
    path, _journal = make_game(turns=4)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, HomeScreen)
        app.screen.query_one("#saves", OptionList).focus()
        await pilot.press("enter")
        screen = await wait_for_screen(pilot, TableScreen)
        assert screen.state.turn == 4 and screen.path == path
        # The last step's announcements are shown again, its title whole above them.
        title = screen.heading
        assert title.startswith("Automa turn 4 — cards ") and title in shown(app)
        assert screen.query_one(AnnouncementList).announcements
        await pilot.press("escape")
        await wait_for_screen(pilot, HomeScreen)


@sync
async def test_wizard_to_checklist_to_first_turn():
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        # New Euphoria game: 1 human, expansion, Icarus + Euphoria, Intermediate, app dice,
        # app cards, sites asked, no solo variant, the app draws the factions; the checklist.
        await pilot.press("1")
        setup = await wait_for_screen(pilot, TableSetupScreen)
        await answer(pilot, setup, "1", "1", "4", "1", "2", "1", "1", "1", "n", "1")
        await until(pilot, lambda: setup.has_class("-listing"), "the set-up checklist")
        await pilot.press("s")
        screen = await wait_for_screen(pilot, TableScreen)
        assert screen.state.turn == 0
        await pilot.press("enter")
        for _ in range(3):  # a random seed: the turn may ask which sites hold humans
            await until(pilot, lambda: screen.pending is not None or screen.state.turn == 1)
            if screen.pending is None:
                break
            await pilot.press("enter")  # none
        await until(pilot, lambda: screen.state.turn == 1)
        assert len(saved(screen.path).events) == 1


def test_log_replays_the_announcements_of_every_step():
    journal = game.new_game(OPTIONS, SEED)
    play(journal, 2)
    game.apply_event(journal, "activation", faction=game.replay(journal).automas["black"].faction)
    steps = replay_steps(journal)
    assert [s.number for s in steps] == [1, 2, 3]
    assert steps[0].title.startswith("Automa turn 1 — cards")
    assert steps[2].title.startswith("recruit activation")
    assert any("authority token" in a.text for a in steps[2].announcements)


@sync
async def test_a_busy_turn_fits_80x24():
    """The busiest turn found (test_euphoria_turn_fit) is readable at 80×24
    without scrolling, white's last move included; Home / End / PageDown move in the list."""
    path = paths.data_dir() / "busy.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(BUSY.read_bytes())
    journal = session.load_game(path, game.GAME)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        listing = screen.query_one(AnnouncementList)
        assert listing.size.height >= ROWS_80X24
        text = shown(app)
        said = listing.announcements
        assert len(said) == len(lines(screen.said))
        white_last = [a for a in said if a.who == "white"][-1]
        assert f"white: {white_last.text}" in text
        assert f"{said[-1].who}: {said[-1].text}" in text  # the last line too
        assert listing.scroll_offset.y == 0
        await pilot.press("end")
        assert listing.highlighted == len(said) - 1
        await pilot.press("home")
        assert listing.highlighted == 0
        await pilot.press("pagedown")
        await until(pilot, lambda: listing.highlighted)


def dice_game() -> tuple[Path, Journal]:
    """A game with physical dice (seed 1) before turn 4, saved: turn 4 retrieves, and both
    Automas' dice are asked."""
    options = GameOptions(
        humans=1, recruits=("icarus", "euphoria"), physical_dice=True, report_sites=True
    )
    setup = {f"{a}.worker.{n}": "3" for a in ("black", "white") for n in range(1, 5)}
    journal = game.new_game(options, 1, answers=setup)
    for _ in range(3):
        game.run_turn(journal)
    path = paths.data_dir() / "dice.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    session.create_game(path, journal)
    return path, journal


@sync
async def test_a_die_is_asked_below_the_move_it_belongs_to():
    """With physical dice, a die is asked after the move it belongs to is
    announced: while it is asked at 80×24 the turn's moves so far stay in view."""
    path, journal = dice_game()
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await pilot.press("enter")
        await until(pilot, lambda: screen.query_one(QuestionPanel).current.id == "black.roll.1")
        text = shown(app)
        assert "black: retrieves its 3 3 3: roll them" in text
        assert "white: retrieves its 3 3 3: roll them" in text
        assert "Roll the die of the worker black just took back" in text
