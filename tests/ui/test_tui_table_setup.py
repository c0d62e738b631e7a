"""The set-up of every game on the one set-up screen, asked from its game object: the
Euphoria Automa game (its questions, going back, the physical dice, the checklist of the
game it made), the Euphoria set-up without Automas (a checklist and no save), the Ephios
solo game, quick game and campaign (the players' names typed); every checklist item
reached by keys at 40×20."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fit_helpers import assert_choices_reachable, assert_fits
from textual import events
from textual.screen import Screen
from textual.widgets import Input, Static
from tui_helpers import answer, at_home, shown, sync, until, wait_for_screen

from companion import paths
from companion.core import session
from companion.core.errors import InputError
from companion.core.journal import Journal
from companion.euphoria import table as euphoria_table
from companion.euphoria.setup_plan import all_questions
from companion.tui import routes
from companion.tui.app import CompanionApp
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets import Checklist, QuestionPanel
from companion.tui.widgets.choices import ChoiceList
from companion.tui.widgets.setup_list import SetupList

pytestmark = pytest.mark.ui

# Home "1", then: 1 human, expansion, active Icarus (4), other Euphoria (1), Expert (5),
# app dice (1), physical cards (2), sites asked (1), no solo variant, factions drawn at the
# table (2): black Subterra (2 of the two factions left), white then has only Wastelands
# left (not asked). No seed question.
SOLO_KEYS = ("1", "1", "1", "4", "1", "5", "1", "2", "1", "n", "2", "2")


class FakeTurnScreen(Screen[None]):
    """Stands in for a game's screen."""

    def __init__(self, path: Path, journal: Journal, set_up: bool = False) -> None:
        super().__init__()
        self.set_up = set_up
        self.path = path
        self.journal = journal

    def compose(self):
        yield Static("turn")


def saves(game: str) -> list[Path]:
    """The saves of ``game`` in the data folder."""
    return sorted(paths.data_dir().glob(f"{game}-*.toml"))


def words(text: str) -> str:
    """``text`` with every run of blanks (and line breaks) as one space."""
    return " ".join(text.split())


async def names_asked(pilot, key: str = "3") -> TableSetupScreen:
    """The set-up of the new game ``key`` opens on the home screen (the Ephios quick game's
    by default), up to its players' names asked."""
    await at_home(pilot)
    await pilot.press(key)
    screen = await wait_for_screen(pilot, TableSetupScreen)
    await until(pilot, lambda: screen.typing is not None, "the names asked")
    return screen


def send_at_once(app, keys) -> None:
    """Send ``keys`` (a key, or a (key, character) pair) to the app at once, none waiting for
    the app to take the one before: a player typing ahead of the screen."""
    for key in keys:
        name, character = (key, key) if isinstance(key, str) else key
        app.post_message(events.Key(name, character))


def noting_unused(monkeypatch) -> tuple[CompanionApp, list[str]]:
    """An app, and the keys it says are not used (each noted, none shown)."""
    app = CompanionApp()
    unused: list[str] = []
    monkeypatch.setattr(app, "key_unused", lambda event: unused.append(event.key))
    return app, unused


async def set_up_typed_from_home(pilot, keys, unused: list[str]) -> TableSetupScreen:
    """``keys`` sent at once from the home screen (the first opens a set-up: the next come
    before it is up), up to the set-up's checklist; none said unused."""
    await at_home(pilot)
    send_at_once(pilot.app, keys)
    screen = await wait_for_screen(pilot, TableSetupScreen)
    await until(pilot, lambda: screen.query(SetupList) or unused, "the checklist")
    assert not unused, f"keys not used: {unused}"
    return screen


def quick_options() -> dict:
    """The options of the one Ephios quick game saved."""
    [path] = saves("ephios-quick")
    return session.load_game(path, "ephios-quick").options


async def every_checklist_item_is_reached_by_keys_and_shown_whole(pilot, app, screen) -> None:
    """The Euphoria checklist (its longest) at every size, resized in place from 80x24 and
    back to it, the first item highlighted again: Down walks through every item, the
    highlighted one wholly in view (a taller one read row by row), nothing cut."""
    from fit_helpers import resize

    checklist = screen.query_one(Checklist)
    for size in [(80, 24), (40, 20), (120, 40), (80, 24)]:
        if size != tuple(app.size):
            await resize(pilot, size)
        await pilot.press("home")  # the walk starts from the first item
        await until(pilot, lambda: checklist.highlighted == 0, f"the first item at {size}")
        await until(pilot, lambda: app.focused is checklist, f"the checklist at {size}")
        assert_fits(app, f"the checklist at {size}")
        await assert_choices_reachable(pilot, f"the Euphoria checklist at {size}")
    await pilot.press("home")
    await until(pilot, lambda: checklist.highlighted == 0, "the first item again")


@sync
async def test_the_euphoria_set_up_by_keys_saves_the_game_then_its_checklist(monkeypatch):
    """The wizard's questions one by one, the game made with the options they give and
    saved, then the game's own set-up checklist (the factions drawn at the table named, the
    rule behind the highlighted item below it), every item reached by keys at every size;
    every item ticked, s opens the game."""
    monkeypatch.setitem(routes._registered, ("resume", "euphoria"), FakeTurnScreen)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await pilot.press(SOLO_KEYS[0])
        screen = await wait_for_screen(pilot, TableSetupScreen)
        await answer(pilot, screen, *SOLO_KEYS[1:])
        await until(pilot, lambda: screen.query(SetupList), "the checklist")
        listing = screen.query_one(SetupList)
        [path] = saves("euphoria")
        journal = session.load_game(path, "euphoria")
        expected = {
            "humans": 1,
            "difficulty": "expert",
            "recruits": ["icarus", "euphoria"],
            "solo_variant": False,
            "base_game": False,
            "physical_dice": False,
            "physical_deck": True,
            "report_sites": False,
            "factions": ["subterra", "wastelands"],
        }
        assert {key: journal.options[key] for key in expected} == expected
        checklist = listing.checklist
        text = "\n".join(checklist.items)
        assert "Subterran" in text and "Wastelander" in text
        await until(pilot, lambda: "why: Part" in shown(app), "the first item's rule")
        await every_checklist_item_is_reached_by_keys_and_shown_whole(pilot, app, screen)
        total = len(checklist.items)
        await pilot.press(*["space"] * total)
        await until(pilot, lambda: checklist.complete, "every item ticked")
        assert f"all {total} done" in shown(app)
        await pilot.press("s")
        turn = await wait_for_screen(pilot, FakeTurnScreen)
        assert turn.path == path and len(app.screen_stack) == 2  # in place of the set-up
        assert turn.set_up  # told its checklist was just ticked: not listed again


@sync
async def test_back_keeps_the_answers_pre_selected_with_two_humans():
    """Backspace goes back a question and keeps what was answered pre-selected; with 2
    humans there is no solo variant."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await pilot.press("1")
        screen = await wait_for_screen(pilot, TableSetupScreen)
        panel = screen.query_one(QuestionPanel)

        async def at(step: str) -> None:
            await until(pilot, lambda: panel.current.id == step, f"the {step!r} question")

        await pilot.press("1", "2")  # 1 human, base game
        await at("recruit1_active")
        await pilot.press("backspace", "backspace")  # back to "humans"
        await at("humans")
        await pilot.press("2")  # 2 humans; the recruit set is pre-selected as base
        await at("recruit_set")
        await pilot.press("enter")  # keep the pre-selected answer
        await until(pilot, lambda: screen.answers.get("recruit_set") == "base", "the base game")
        await pilot.press("1", "3", "2", "1", "1", "2")  # ... sites: I report
        await at("faction_draw")  # no solo variant with 2 humans
        await pilot.press("backspace")
        await at("sites")
        await pilot.press("enter")  # "I report", kept
        await at("faction_draw")
        await pilot.press("1")
        await until(pilot, lambda: screen.query(SetupList), "the checklist")
        options = session.load_game(saves("euphoria")[0], "euphoria").options
        assert options["humans"] == 2 and options["recruits"] == ["euphoria", "subterra"]
        assert options["base_game"] and options["physical_dice"] is False
        assert options["report_sites"]  # "I report every worker ... on a site"


@sync
async def test_a_game_the_engine_refuses_stays_on_the_set_up_and_saves_nothing(monkeypatch):
    """A refused set-up is said in one line; the last question is asked again, nothing is
    saved, and Escape goes home."""

    def refuse(self, options, seed=None, answers=None):
        raise InputError("those options cannot make a game")

    monkeypatch.setattr(euphoria_table.EuphoriaTable, "new", refuse)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await pilot.press(SOLO_KEYS[0])
        screen = await wait_for_screen(pilot, TableSetupScreen)
        await answer(pilot, screen, *SOLO_KEYS[1:])
        await until(
            pilot,
            lambda: any("cannot make a game" in n.message for n in app._notifications),
            "the refusal said",
        )
        panel = screen.query_one(QuestionPanel)
        await until(pilot, lambda: panel.current.id == "black_faction", "the last question")
        assert app.screen is screen and saves("euphoria") == []
        await pilot.press("escape")
        await wait_for_screen(pilot, HomeScreen)


@sync
async def test_a_real_game_asks_the_physical_dice_then_lists_them_at_40x20():
    """The whole set-up on a phone (40x20): at every step the step line is one row and the
    question is on screen; the dice rolled by hand are asked after the questions and named
    in the checklist; Escape goes home, where the new game is listed."""
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await at_home(pilot)
        await pilot.press("1")
        screen = await wait_for_screen(pilot, TableSetupScreen)
        panel = screen.query_one(QuestionPanel)
        asked: list[str] = []
        # 1 human, expansion, Icarus + Euphoria, Intermediate, I roll (2), app cards, sites
        # asked, no solo variant, the app draws the factions
        for key in ("1", "1", "4", "1", "2", "2", "1", "1", "n", "1"):
            await until(
                pilot,
                lambda: (
                    panel.current.id not in asked and words(panel.current.text) in words(shown(app))
                ),
                "the next question on screen",
            )
            asked.append(panel.current.id)
            step = [line for line in shown(app).splitlines() if "step" in line]
            assert re.fullmatch(r" *Euphoria Automa — step \d+ *", step[0]), step
            await pilot.press(key)
        await until(pilot, lambda: panel.current.id == "black.worker.1", "black's first die")
        assert panel.current.kind == "number"
        for face in "34562611":
            await pilot.press(face)  # a die face answers at its key
        await until(pilot, lambda: screen.query(SetupList), "the checklist")
        [path] = saves("euphoria")
        assert session.load_game(path, "euphoria").seed > 0
        text = "\n".join(screen.query_one(Checklist).items)
        assert "3, 4, 5, 6 (you rolled)" in text and "2, 6, 1, 1 (you rolled)" in text
        await pilot.press("escape")
        home = await wait_for_screen(pilot, HomeScreen)
        assert [save[0] for save in home.saves] == [path]


@sync
async def test_the_set_up_without_automas_ends_on_its_checklist_and_saves_nothing():
    """Home key 5, 5 players, base game: the engine's checklist (miners on "5", no Bazaar),
    every active recruit skipped (the rule stated); nothing saved, Escape goes home."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await pilot.press("5")
        screen = await wait_for_screen(pilot, TableSetupScreen)
        await pilot.press("4", "2")  # 5 players, base game
        await until(pilot, lambda: "Player 1" in shown(app))
        assert "factionless" not in shown(app)  # not in the original recruits
        await pilot.press(*["enter"] * 5)  # every active recruit skipped
        await until(pilot, lambda: screen.query(SetupList), "the checklist")
        checklist = screen.query_one(Checklist)
        text = "\n".join(checklist.items)
        assert 'labelled "5"' in text
        assert "Do not use the New Antiques Bazaar" in text
        assert "tunnel stickers" in text and "once per trigger event" in text
        assert "find the faction with the most active recruits" in text  # the rule stated
        await pilot.press("a")
        await until(pilot, lambda: checklist.complete)
        assert "start playing" not in shown(app)  # there is no game to play
        await pilot.press("s")
        assert app.screen is screen and list(paths.data_dir().glob("*.toml")) == []
        await pilot.press("escape")
        await at_home(pilot)


@sync
async def test_the_active_recruits_work_the_minority_bonus_out():
    """3 players, new set: Icarite, Icarite, Euphorian (one key each): the checklist names the
    majority and gives player 3 the bonus instead of stating the rule; Backspace on the first
    active recruit goes back to the players."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await pilot.press("5")
        screen = await wait_for_screen(pilot, TableSetupScreen)
        await pilot.press("2", "1")  # 3 players, the new set
        await until(pilot, lambda: "Player 1's active recruit" in shown(app))
        await pilot.press("backspace")
        await until(pilot, lambda: "How many players" in shown(app))
        await pilot.press("2", "1")
        await until(pilot, lambda: "Player 1's active recruit" in shown(app))
        await pilot.press("4", "4", "1")  # Icarite, Icarite, Euphorian
        await until(pilot, lambda: screen.query(SetupList), "the checklist")
        text = "\n".join(screen.query_one(Checklist).items)
        assert "Majority faction among the active recruits: Icarite." in text
        assert "Player 3 (active Euphorian): gain any 2 commodities." in text
        assert "find the faction with the most active recruits" not in text
        assert "never take" in text.lower() and "discard it and draw a replacement" in text


@sync
async def test_the_ephios_solo_set_up_names_the_cards_and_lists_the_set_up_steps(monkeypatch):
    """The difficulty, then the 4 crossroads cards by their printed names and the same key
    each time (a card taken leaves the list), then the solo set-up steps; s plays."""
    monkeypatch.setitem(routes._registered, ("resume", "ephios-solo"), FakeTurnScreen)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await pilot.press("2")
        screen = await wait_for_screen(pilot, TableSetupScreen)
        await pilot.press("2")  # normal
        await until(pilot, lambda: "Shuffle the" in shown(app), "how the crossroads is dealt")
        assert "Syndicate ◆ DIG" in shown(app)
        await pilot.press("1", "6", "3")  # syndicate-dignitary, order, academy-dignitary
        panel = screen.query_one(QuestionPanel)
        await until(pilot, lambda: panel.current.id == "reveal-4", "the 4th card")
        assert "Syndicate ◆ DIG" not in shown(app) and " 8  Company" in shown(app)
        await pilot.press("8")
        await until(pilot, lambda: screen.query(SetupList), "the set-up steps")
        [path] = saves("ephios-solo")
        journal = session.load_game(path, "ephios-solo")
        text = "\n".join(screen.query_one(Checklist).items)
        assert "20%" in text and "Crossroads" in text
        await pilot.press("s")
        turn = await wait_for_screen(pilot, FakeTurnScreen)
        assert turn.path == path and turn.journal.options == journal.options


@pytest.mark.parametrize(("key", "game"), [("3", "ephios-quick"), ("4", "ephios-campaign")])
@sync
async def test_the_ephios_players_are_typed_then_the_first_chosen(monkeypatch, key, game):
    """The players' names typed in seating order (a bad list said and kept), Backspace from
    the first player back to the names (kept), the first player, then the set-up steps."""
    monkeypatch.setitem(routes._registered, ("resume", game), FakeTurnScreen)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await pilot.press(key)
        screen = await wait_for_screen(pilot, TableSetupScreen)
        await until(pilot, lambda: "seating order" in shown(app), "the names asked")
        await pilot.press(*"Ann", "enter")  # one player alone: refused
        await until(pilot, lambda: app._notifications, "the refusal said")
        assert screen.typing is not None and not saves(game)
        await pilot.press(*", Bob, Cy", "enter")
        panel = screen.query_one(QuestionPanel)
        await until(pilot, lambda: panel.current and panel.current.id == "first", "who first")
        assert "Bob (seat 2)" in shown(app)
        await pilot.press("backspace")
        await until(pilot, lambda: screen.typing is not None, "the names again")
        assert screen.query_one("#s-text").value == "Ann, Bob, Cy"
        await pilot.press("enter")
        await until(pilot, lambda: panel.current and panel.current.id == "first", "who first")
        await pilot.press("2")
        await until(pilot, lambda: screen.query(SetupList), "the set-up steps")
        [path] = saves(game)
        assert session.load_game(path, game).options["players"] == ["Ann", "Bob", "Cy"]
        await pilot.press("a", "s")
        turn = await wait_for_screen(pilot, FakeTurnScreen)
        assert turn.path == path


# A word of each Euphoria set-up question's item in docs/screens.md, by the question's id.
DOC_WORDS = {
    "humans": "humans play",
    "recruit_set": "Recruits and markets",
    "recruit1_active": "active recruit",
    "recruit1_other": "other recruit",
    "level": "Difficulty",
    "dice": "Dice",
    "deck": "Cards",
    "sites": "Construction sites",
    "solo_variant": "solo variant",
    "faction_draw": "faction cards",
    "black_faction": "black Automa",
    "white_faction": "white",
}


def documented_euphoria_steps() -> tuple[str, dict[int, str]]:
    """docs/screens.md's section on the Euphoria set-up, and its numbered items by number (an
    item `11. and 12.` under both)."""
    text = (Path(__file__).parents[2] / "docs" / "screens.md").read_text()
    section = text.split("## New Euphoria Automa game", 1)[1].split("\n## ", 1)[0]
    items: dict[int, str] = {}
    for found in re.finditer(r"^(\d+)\. (?:and (\d+)\. )?(.*(?:\n {3,}.*)*)", section, re.M):
        for number in filter(None, found.group(1, 2)):
            items[int(number)] = " ".join(found.group(3).split())
    return section, items


def test_the_docs_number_the_euphoria_set_up_as_its_step_line_does():
    """The step line says `step N` (a question a step): the docs' item N is that question,
    for a solo game whose faction cards are drawn at the table (every question), and the
    counts they give are the set-up's."""
    section, items = documented_euphoria_steps()
    drawn = [q.id for q in all_questions({"humans": "1"})]
    table = {"humans": "1", "faction_draw": "table", "black_faction": "icarus"}
    steps = [q.id for q in all_questions(table)]
    for number, step in enumerate(steps, 1):
        assert DOC_WORDS[step] in items.get(number, ""), (number, step, items.get(number))
    text = " ".join(section.split())
    counts = re.search(r"\((\d+) steps when the app draws the Automas' faction cards, (\d+)", text)
    assert counts and counts.group(1, 2) == (str(len(drawn)), str(len(steps)))


@sync
async def test_choices_fitted_before_their_box_is_laid_out_are_fitted_again_when_it_is(
    monkeypatch,
):
    """The choices are fitted to the room their box leaves them only once the box is laid
    out. The question after the names is asked as the box, hidden while the names were
    typed, is shown: a fit run before the screen has laid the box out (the order of the
    widgets' messages decides it, and under load it happened) found no room, capped the
    four players at three rows with a scroll bar over a blank screen, and nothing fitted
    them again. The fit is run here at that moment on purpose."""
    asked, later = QuestionPanel.ask, QuestionPanel.call_after_refresh

    def fit_at_once(panel: QuestionPanel, callback: Any, *args: Any) -> bool:
        if callback == panel.fit_choices:  # the fit's callback run before the layout
            callback(*args)
            return True
        return later(panel, callback, *args)

    def ask_then_fit_at_once(panel: QuestionPanel, *args: Any, **kwargs: Any) -> None:
        with monkeypatch.context() as patch:
            patch.setattr(QuestionPanel, "call_after_refresh", fit_at_once)
            asked(panel, *args, **kwargs)

    monkeypatch.setattr(QuestionPanel, "ask", ask_then_fit_at_once)
    app = CompanionApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await names_asked(pilot)
        screen.query_one("#s-text", Input).value = "Ann, Bob, Cy, Dot"
        await pilot.press("enter")
        panel = screen.query_one(QuestionPanel)
        choices = panel.query_one(ChoiceList)
        await until(pilot, lambda: panel.current and panel.current.id == "first", "who first")
        await until(pilot, lambda: choices.outer_size.height == 4, "the four players shown")
        await pilot.pause()
        assert choices.outer_size.height == 4
        assert_fits(app, "who plays first, fitted before its box was laid out")


@sync
async def test_keys_typed_ahead_of_the_next_question_answer_it(monkeypatch):
    """The wizard typed at machine speed: every key sent at once from the home screen, none
    waiting for the question it answers. A key that comes while the set-up screen opens, or
    while the answer before it is still being taken (the next question not yet asked),
    waits for that question and answers it, never "Key not used": the same game is saved as
    when each key waits its turn."""
    monkeypatch.setitem(routes._registered, ("resume", "euphoria"), FakeTurnScreen)
    app, unused = noting_unused(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await set_up_typed_from_home(pilot, SOLO_KEYS, unused)
        [path] = saves("euphoria")
        options = session.load_game(path, "euphoria").options
        assert options["difficulty"] == "expert" and options["physical_deck"] is True
        assert options["factions"] == ["subterra", "wastelands"]


@sync
async def test_a_key_typed_right_behind_the_names_enter_answers_the_next_question(monkeypatch):
    """The names, Enter and `2` sent at once: the names are the ones typed before Enter (the
    2 went into the field first and made a player "Bob2"), and the 2 answers who plays first."""
    monkeypatch.setitem(routes._registered, ("resume", "ephios-quick"), FakeTurnScreen)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await names_asked(pilot)
        send_at_once(app, [*"Ann,Bob", ("enter", "\r"), "2"])
        await until(pilot, lambda: screen.query(SetupList), "the set-up steps")
        options = quick_options()
        assert options["players"] == ["Ann", "Bob"] and options["first"] == "Bob"


@sync
async def test_names_typed_before_the_set_up_opens_are_the_fields(monkeypatch):
    """`3`, the names, Enter and `2` sent at once from the home screen: the letters that came
    before the set-up screen was open go into its names field, in order, and Enter after
    them (not before: the field's answer was empty, refused), none said unused; the 2
    answers who plays first."""
    monkeypatch.setitem(routes._registered, ("resume", "ephios-quick"), FakeTurnScreen)
    app, unused = noting_unused(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await set_up_typed_from_home(pilot, [*"3Ann,Bob", ("enter", "\r"), "2"], unused)
        options = quick_options()
        assert options["players"] == ["Ann", "Bob"] and options["first"] == "Bob"
