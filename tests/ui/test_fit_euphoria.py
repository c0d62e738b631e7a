"""The Euphoria screens, and the shared home, history and end-of-game screens, obey the
layout rule (docs/screens.md, "The layout rule") in real states at 40×20, 80×24, 120×40.

A corpus of states from seeded games played to many points: every step of the set-up
wizard, the set-up checklist, turns with a deck rebuilt, a worker left (camping), a human
bumped and a track report, every question (the sites, a printed card named by its id) and
every report dialog (b c m a l h x), the move log, the end of the game, home with saves and
the history; some again in the pseudo-locale en_XA (~30% longer words). Each scenario runs
one app and resizes it (`fit_at`), so the module stays cheap.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fit_helpers import SIZES, assert_choices_reachable, assert_fits, press, resize
from pseudo_locale import Words
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

from companion import paths
from companion.core import session
from companion.core.journal import Journal
from companion.euphoria import game
from companion.euphoria.state import GameOptions
from companion.tui.app import CompanionApp
from companion.tui.games.euphoria_log import EuphoriaLogScreen
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.screens.history import HistoryScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets import QuestionPanel
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.checklist import Checklist

pytestmark = pytest.mark.ui
PHONE, TERMINAL = (40, 20), (80, 24)
# The wizard's keys of a solo game with physical cards and the table's factions: humans,
# recruits (expansion), active and other recruit, level (Expert), dice (app), cards
# (physical), sites (ask), solo variant (no), factions (the table), black's, white's.
WIZARD_KEYS = ("1", "1", "4", "1", "5", "1", "2", "1", "n", "2", "2")


async def fit_at(
    pilot: Pilot[Any],
    where: str,
    sizes: tuple[tuple[int, int], ...] = SIZES,
    reach: tuple[tuple[int, int], ...] = (PHONE,),
    words: Words | None = None,
) -> None:
    """The screen up obeys the layout rule at each size; at the sizes of ``reach`` every
    choice of the focused list is also walked into view by keys. It starts at the size the
    app has (a resize lays the whole screen out again: the module's cost) and stays at the
    last; with ``words`` (an en_XA walk) it ends at 80×24 and reads the screen's words
    there as ``where``."""
    here = tuple(pilot.app.size)
    end = TERMINAL if words is not None else None
    for size in sorted(sizes, key=lambda size: (size == end, size != here)):
        if size != tuple(pilot.app.size):
            await resize(pilot, size)
        if size in reach:
            await assert_choices_reachable(pilot, where)
        else:
            assert_fits(pilot.app, where)
    if words is not None:
        if tuple(pilot.app.size) != TERMINAL:
            await resize(pilot, TERMINAL)
        words.read(where)


async def asked(pilot: Pilot[Any], before: str | None = None) -> str:
    """The id of the question the screen's panel asks, once it asks one (not ``before``)."""
    panel = pilot.app.screen.query_one(QuestionPanel)
    await until(
        pilot,
        lambda: panel.current is not None and panel.current.id != before,
        "a question",
    )
    assert panel.current is not None
    return panel.current.id


def the_moves_fit(app: Any) -> bool:
    """Whether every line of the turn's moves shows without scrolling."""
    listing = app.screen.query_one(AnnouncementList)
    return listing.max_scroll_y == 0


def physical_game() -> tuple[Path, Journal]:
    """Seed 5 with physical cards (its first support card is asked among B1-B5, S1-S12,
    W1-W5), saved."""
    options = GameOptions(
        recruits=("icarus", "euphoria"), physical_deck=True, report_sites=True, difficulty="expert"
    )
    journal = game.new_game(options, seed=5)
    path = paths.data_dir() / "euphoria-physical.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    session.create_game(path, journal)
    return path, journal


@sync
async def test_every_step_of_the_wizard_and_the_checklist() -> None:
    """Every step at the three sizes; the difficulty's six levels are each reached by Down
    into view at 40×20 (they were out of sight: Down moved an unseen cursor)."""
    app = CompanionApp()
    async with app.run_test(size=TERMINAL) as pilot:
        await at_home(pilot)
        await press(pilot, "1")
        await wait_for_screen(pilot, TableSetupScreen)
        step = await asked(pilot)
        for number, key in enumerate(WIZARD_KEYS):
            # The wide layout (the summary beside the step) at the first step and the last;
            # 80×24 at the steps with the longest choices (a resize is this test's cost).
            sizes = SIZES if number == 0 else (PHONE,)
            if step in ("level", "deck", "sites", "faction_draw"):
                sizes = (PHONE, TERMINAL)
            await fit_at(pilot, f"the wizard's {step} step", sizes)
            await press(pilot, key)
            if number + 1 < len(WIZARD_KEYS):
                step = await asked(pilot, step)
        assert step == "black_faction"
        await until(pilot, lambda: isinstance(app.focused, Checklist), "the set-up checklist")
        await fit_at(pilot, "the set-up checklist", reach=(PHONE, TERMINAL))


@sync
async def test_the_level_step_scrolls_to_the_highlighted_level_at_40x20() -> None:
    """Down×5 and Enter picks the sixth level: it was in view when picked, and End /
    PageDown bring the last into view too."""
    app = CompanionApp()
    async with app.run_test(size=PHONE) as pilot:
        await at_home(pilot)
        await press(pilot, "1")
        await wait_for_screen(pilot, TableSetupScreen)
        step = await asked(pilot)
        for key in WIZARD_KEYS[:4]:
            await press(pilot, key)
            step = await asked(pilot, step)
        assert step == "level"
        for key in ("end", "home", "pagedown"):
            await press(pilot, key)
            await pilot.pause()
            assert_fits(app, f"the level step after {key}")
        question = app.screen.query_one(QuestionPanel).current
        assert question is not None and len(question.choices) == 6
        await press(pilot, "home", *["down"] * 5)
        await pilot.pause()
        assert_fits(app, "the sixth level highlighted")
        await press(pilot, "enter")
        await asked(pilot, "level")
        assert app.screen.answers["level"] == question.choices[5]


@sync
async def test_turns_their_question_and_every_report_dialog() -> None:
    """A resumed turn, the sites question, the turn played, each report's first question,
    the move log; the moves of a normal turn show whole at 80×24."""
    path, journal = make_game(turns=5)
    app = CompanionApp()
    async with app.run_test(size=TERMINAL) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await fit_at(pilot, "a resumed turn")
        await press(pilot, "enter")
        await until(pilot, lambda: screen.pending is not None, "the sites question")
        await fit_at(pilot, "the sites question")
        # The list takes the rows it needs (it showed 3 of 6 sites): the question scrolls.
        assert screen.query_one(QuestionPanel).query_one("#qp-choices").max_scroll_y == 0
        await press(pilot, "enter")
        await until(pilot, lambda: screen.state.turn == 6, "turn 6 played")
        await fit_at(pilot, "turn 6")
        assert the_moves_fit(app), shown(app)
        for key in "bcmalhx":
            await press(pilot, key)
            await until(pilot, lambda: screen.pending is not None, f"the {key} dialog")
            sizes = SIZES if key == "b" else (TERMINAL, PHONE)
            await fit_at(pilot, f"the report dialog {key}", sizes)
            await press(pilot, "escape")
            await until(pilot, lambda: screen.pending is None, f"the {key} dialog closed")
        await press(pilot, "g")
        await wait_for_screen(pilot, EuphoriaLogScreen)
        await fit_at(pilot, "the move log")


@sync
async def test_the_pre_ticked_site_is_in_view_at_40x20_and_its_key_toggles_it() -> None:
    """A human's worker reported on the last construction site: the next sites question
    pre-ticks it. At 40×20 (3 of the 6 sites in view) its row shows, ticked, when the
    question does, so the player's first key is no blind untick of a site out of sight:
    its digit unticks exactly it, and the answer sent is the ticks the player saw."""
    path, journal = make_game(turns=5)
    game.apply_event(journal, "site-add", site="subterra.upper", count=1)
    session.save_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=PHONE) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "enter")
        assert await asked(pilot) == "sites.humans"
        question = screen.query_one(QuestionPanel).current
        assert question is not None and question.default == "subterra.upper"
        key = str(question.choices.index("subterra.upper") + 1)
        assert key == "6"  # the last of six: below the rows a 40×20 screen has for them
        await until(pilot, lambda: f"{key}  [x]" in shown(app), "the pre-ticked site in view")
        assert shown(app).count("[x]") == 1, shown(app)
        await press(pilot, key)
        await until(pilot, lambda: f"{key}  [ ]" in shown(app), "the site unticked in view")
        assert "[x]" not in shown(app), shown(app)
        await press(pilot, "enter")
        await until(pilot, lambda: screen.state.turn == 6, "turn 6 played")
        event = session.load_game(path, game.GAME).events[-1]
        assert event["kind"] == "turn" and event["answers"]["sites.humans"] == "", event


@sync
@pytest.mark.parametrize(
    ("turns", "what"),
    [(16, "deck.rebuilt"), (28, "automa.leave")],
    ids=["deck-rebuilt", "camping"],
)
async def test_busy_turns_say_every_table_move_on_screen(turns: int, what: str) -> None:
    """Seed 1: turn 16 rebuilds the deck, turn 28 leaves a worker (camping); both bump a
    human from a single space and ask a track report. Each is a line of the turn (not a
    why), every line on screen at 80×24, the title whole."""
    path, journal = make_game(turns=turns, seed=1, name=f"euphoria-{what}")
    app = CompanionApp()
    async with app.run_test(size=TERMINAL) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        said = {a.what for a in screen.query_one(AnnouncementList).announcements}
        assert {"human.bumped", "track.report"} <= said, said
        if what == "automa.leave":
            assert what in said
        await fit_at(pilot, f"turn {turns}")
        assert the_moves_fit(app), shown(app)


@sync
async def test_a_printed_card_is_named_by_its_id() -> None:
    """Physical cards: every candidate card is listed under its printed id (no key that
    changes from turn to turn), reachable at each size; typing `S`, `7` names S7."""
    path, journal = physical_game()
    app = CompanionApp()
    async with app.run_test(size=TERMINAL) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "enter")
        assert await asked(pilot) == "deck.support"
        panel = screen.query_one(QuestionPanel)
        assert panel.current is not None and "S7" in panel.current.keys
        # The footer offers typing the id, not digits that change from turn to turn (its
        # keys come a frame after the question on a busy machine).
        await until(pilot, lambda: "Type its id" in shown(app).splitlines()[-1], "the footer")
        footer = shown(app).splitlines()[-1]
        assert "1-9" not in footer, footer
        await press(pilot, "Z")  # no candidate's id begins with Z: refused, nothing changes
        await pilot.pause()
        assert panel.current is not None and panel.current.id == "deck.support"
        await fit_at(pilot, "the first support card")
        # At 80×24 the list fills the room under the question (it showed 8 cards above 7
        # blank rows), and scrolls the rest with the question in view.
        await resize(pilot, TERMINAL)
        choices = panel.query_one("#qp-choices")
        ask = screen.query_one("#t-ask")
        await until(pilot, lambda: choices.region.bottom >= ask.region.bottom, "the list's rows")
        assert choices.region.height > 8 and choices.max_scroll_y > 0
        await press(pilot, "S", "7")
        assert await asked(pilot, "deck.support") == "deck.action"
        await fit_at(pilot, "the action card", (TERMINAL, PHONE), reach=())
        action = panel.current
        assert action is not None
        if "S1" in action.choices and "S10" in action.choices:
            card = "S1"  # S1 begins S10 too: it waits for Enter (or the next digit)
            await press(pilot, "s", "1")
            await pilot.pause()
            assert panel.current is not None and panel.current.id == "deck.action"
            await press(pilot, "enter")
        else:
            card = next(c for c in action.choices if len(c) == 2)
            await press(pilot, *card)
        await until(pilot, lambda: screen.state.turn == 1, "turn 1 played")
        assert screen.state.deck.support == "S7" and screen.state.deck.action == card
        await fit_at(pilot, "turn 1 of physical cards")


@sync
async def test_a_card_id_beginning_with_a_report_key_is_typed_not_reported() -> None:
    """On the turn screen `b` reports a bump and `c` the construction sites; while a printed
    card is asked they are letters of its id: `b`, `3` names B3 and opens no report, and
    `c` (no card's id begins with C) is refused, opening no report either."""
    path, journal = physical_game()
    app = CompanionApp()
    async with app.run_test(size=TERMINAL) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "enter")
        assert await asked(pilot) == "deck.support"
        panel = screen.query_one(QuestionPanel)
        assert panel.current is not None and "B3" in panel.current.keys
        await press(pilot, "b")
        await until(pilot, lambda: panel._typed_id == "B", "B typed into the question")
        assert screen.pending is not None and screen.pending[0] == "turn"
        assert panel.current is not None and panel.current.id == "deck.support"
        await press(pilot, "3")
        assert await asked(pilot, "deck.support") == "deck.action"
        action = panel.current
        assert action is not None and not any(k.upper().startswith("C") for k in action.keys)
        card = next(k for k in action.keys if k.startswith("W"))  # W1-W5: one digit each
        await press(pilot, "c", card[0].lower())  # `c` refused; the next letter types
        await until(pilot, lambda: panel._typed_id == card[0], f"{card[0]} typed")
        assert screen.pending is not None and screen.pending[0] == "turn"
        assert panel.current is not None and panel.current.id == "deck.action"
        await press(pilot, card[1])
        await until(pilot, lambda: screen.state.turn == 1, "turn 1 played")
        assert screen.state.deck.support == "B3" and screen.state.deck.action == card
        assert screen.pending is None


@sync
async def test_the_end_of_the_game_home_and_history() -> None:
    """A human's win: the end-of-game screen (with the winning step's moves), home with
    the saves, the history."""
    make_game(turns=3, name="euphoria-other")
    path, journal = make_game(turns=5)
    app = CompanionApp()
    async with app.run_test(size=TERMINAL) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "h")
        await until(pilot, lambda: screen.pending is not None, "the h dialog")
        await press(pilot, "y")
        over = await wait_for_screen(pilot, GameOverScreen)
        # The winning step's moves stay in view over the result (they replaced them).
        moves = over.query("#go-moves Static")
        assert len(moves) == len(screen.query_one(AnnouncementList).announcements) > 0
        await fit_at(pilot, "the end of the game")
        app.action_home()
        await wait_for_screen(pilot, HomeScreen)
        await fit_at(pilot, "home with saves")
        await press(pilot, "h")
        await wait_for_screen(pilot, HistoryScreen)
        await fit_at(pilot, "the history")


@pytest.mark.pseudo_locale
@sync
async def test_the_pseudo_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """en_XA's longer words wrap, never cut: home, the wizard's longest steps, the
    checklist, a turn with a rebuilt deck and its question, a report dialog.

    The same walk reads every screen it passes at 80×24 for plain English words
    (tests/pseudo_locale.py): home, every step of the wizard (solo, the table's factions),
    the checklist and the checklist ticked, the turn screen it opens, the set-up without
    Automas (its players, base game and checklist steps)."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    path, journal = make_game(turns=15, seed=1)
    app = CompanionApp()
    async with app.run_test(size=TERMINAL) as pilot:
        words = Words(pilot)
        await at_home(pilot)
        await fit_at(pilot, "home (en_XA)", sizes=(PHONE, TERMINAL), words=words)
        await press(pilot, "1")
        await wait_for_screen(pilot, TableSetupScreen)
        step = await asked(pilot)
        for number, key in enumerate(WIZARD_KEYS):
            where = f"the wizard's {step} step (en_XA)"
            if step in ("level", "deck"):
                await fit_at(pilot, where, sizes=(PHONE, TERMINAL), words=words)
            else:
                await words.look(where)
            await press(pilot, key)
            if number + 1 < len(WIZARD_KEYS):
                step = await asked(pilot, step)
        await until(pilot, lambda: isinstance(app.focused, Checklist), "the set-up checklist")
        # Its items walked by keys in English (above): here the longer words must fit.
        await fit_at(pilot, "the checklist (en_XA)", (PHONE, TERMINAL), reach=(), words=words)
        await press(pilot, "space", "space", "space")
        await words.look("the checklist, ticked (en_XA)")
        await press(pilot, "s")
        await wait_for_screen(pilot, TableScreen)
        await words.look("the turn screen of the new game (en_XA)")
        app.action_home()
        await wait_for_screen(pilot, HomeScreen)
        await press(pilot, "5")
        await wait_for_screen(pilot, TableSetupScreen)
        await words.look("without Automas: players (en_XA)")
        await press(pilot, "4")
        await words.look("without Automas: base game (en_XA)")
        await press(pilot, "2")
        await words.look("without Automas: an active recruit (en_XA)")
        await press(pilot, *["enter"] * 5)  # each player's active recruit skipped
        await until(pilot, lambda: isinstance(app.focused, Checklist), "the checklist")
        await words.look("without Automas: checklist (en_XA)")
        app.action_home()
        screen = await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "enter")
        await until(pilot, lambda: screen.state.turn == 16 or screen.pending, "turn 16")
        if screen.pending is not None:
            await fit_at(pilot, "a question (en_XA)", sizes=(PHONE, TERMINAL))
            await press(pilot, "enter")
            await until(pilot, lambda: screen.state.turn == 16, "turn 16 played")
        await fit_at(pilot, "a rebuilt deck (en_XA)")
        await press(pilot, "b")
        await until(pilot, lambda: screen.pending is not None, "the b dialog")
        await fit_at(pilot, "the report dialog b (en_XA)", sizes=(PHONE, TERMINAL))
        words.check()
