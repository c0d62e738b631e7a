"""The Euphoria set-up wizard: its steps, the options it produces, and the checklist after it."""

from __future__ import annotations

import re
from pathlib import Path

from textual.screen import Screen
from textual.widgets import Static
from tui_helpers import shown, sync, until, wait_for_screen

from companion.core.journal import Journal
from companion.core.questions import Announcement
from companion.tui import routes
from companion.tui.app import CompanionApp
from companion.tui.euphoria_start import GameNotAvailable, StartedGame
from companion.tui.euphoria_wizard import (
    all_questions,
    next_question,
    options_from_answers,
    seed_from_answers,
)
from companion.tui.screens import euphoria_setup
from companion.tui.screens.euphoria_checklist import EuphoriaChecklistScreen
from companion.tui.screens.euphoria_setup import EuphoriaSetupScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.widgets import Checklist, QuestionPanel

# Home "1", then: 1 human, expansion, active Icarus (4), other Euphoria (1), Expert (5),
# app dice (1), physical cards (2), sites asked (1), no solo variant, factions drawn at the
# table (2): black Subterra (2 of the two factions left), white then has only Wastelands
# left (not asked). No seed question.
SOLO_KEYS = ("1", "1", "1", "4", "1", "5", "1", "2", "1", "n", "2", "2")


class FakeTurnScreen(Screen[None]):
    """Stands in for the Euphoria turn screen."""

    def __init__(self, path: Path, journal: Journal) -> None:
        super().__init__()
        self.path = path
        self.journal = journal

    def compose(self):
        yield Static("turn")


def fake_start(calls: list):
    """A start function that records its arguments and returns a small checklist."""

    class Item:
        def __init__(self, title, lines, why):
            self.title, self.lines, self.why = title, lines, why

    def start(options, seed, data_dir, answers=None):
        calls.append((options, seed, data_dir))
        journal = Journal(game="euphoria", seed=seed or 1, options=options)
        return StartedGame(
            path=Path(data_dir) / "euphoria-new.toml",
            journal=journal,
            checklist=[
                Item("The Automas' factions", ("Black: Subterran.", "White: Wastelander."), "P2"),
                Announcement("Place the miners on 2."),
                "Deal the Bazaar.",
            ],
        )

    return start


def test_steps_depend_on_the_number_of_humans():
    solo = [q.id for q in all_questions({"humans": "1"})]
    assert solo == [
        "humans",
        "recruit_set",
        "recruit1_active",
        "recruit1_other",
        "level",
        "dice",
        "deck",
        "sites",
        "solo_variant",
        "faction_draw",
    ]
    table = [q.id for q in all_questions({"humans": "2", "faction_draw": "table"})]
    assert table[-1] == "black_faction" and "seed" not in table
    table = [
        q.id
        for q in all_questions({"humans": "2", "faction_draw": "table", "black_faction": "icarus"})
    ]
    assert table[-2:] == ["black_faction", "white_faction"]
    duo = [q.id for q in all_questions({"humans": "2"})]
    assert "recruit2_active" in duo and "recruit1_other" not in duo
    assert "solo_variant" not in duo
    level = next(q for q in all_questions({}) if q.id == "level")
    assert level.choices == (
        "beginner",
        "intermediate",
        "experienced",
        "veteran",
        "expert",
        "i-want-to-cry",
    )
    assert "deck: 6 green" in level.labels[1]
    base = next(q for q in all_questions({"recruit_set": "base"}) if q.id == "recruit1_active")
    assert "factionless" not in base.choices
    assert next_question({"humans": "2", "recruit_set": "base"}).id == "recruit1_active"


def test_options_match_the_engine_fields():
    answers = {
        "humans": "2",
        "recruit_set": "base",
        "recruit1_active": "icarus",
        "recruit2_active": "subterra",
        "level": "veteran",
        "dice": "physical",
        "deck": "bundled",
        "sites": "report",
        "faction_draw": "app",
    }
    assert options_from_answers(answers) == {
        "humans": 2,
        "difficulty": "veteran",
        "recruits": ["icarus", "subterra"],
        "solo_variant": False,
        "base_game": True,
        "physical_dice": True,
        "physical_deck": False,
        "report_sites": True,
        "factions": [],
    }
    assert seed_from_answers(answers) is None
    assert seed_from_answers({"seed": "17"}) == 17


@sync
async def test_wizard_walk_through_by_keys_to_the_checklist(monkeypatch):
    calls: list = []
    monkeypatch.setattr(euphoria_setup, "start_euphoria_game", fake_start(calls))
    monkeypatch.setitem(routes._registered, ("resume", "euphoria"), FakeTurnScreen)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, HomeScreen)
        await pilot.press(SOLO_KEYS[0])
        wizard = await wait_for_screen(pilot, EuphoriaSetupScreen)
        await pilot.press(*SOLO_KEYS[1:])
        panel = wizard.query_one(QuestionPanel)
        await until(pilot, lambda: panel.current.id == "start", "the wizard's last step")
        line = str(wizard.query_one("#wizard-line", Static).render())
        assert "Level Expert" in line and "Seed" not in line and "Black Subterra" in line
        await pilot.press("y")
        screen = await wait_for_screen(pilot, EuphoriaChecklistScreen)
        options, seed, data_dir = calls[0]
        assert options == {
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
        assert seed is None and data_dir == app.data_dir
        checklist = screen.query_one(Checklist)
        assert checklist.items[0] == "The Automas' factions\nBlack: Subterran.\nWhite: Wastelander."
        assert "why: P2" in str(screen.query_one("#checklist-why", Static).render())
        await pilot.press("space", "space", "space")
        await until(pilot, lambda: checklist.complete, "every item ticked")
        assert "all 3 done" in str(screen.query_one("#checklist-status", Static).render())
        await pilot.press("s")
        turn = await wait_for_screen(pilot, FakeTurnScreen)
        assert turn.path.name == "euphoria-new.toml"


@sync
async def test_wizard_back_keeps_answers_and_two_humans(monkeypatch):
    calls: list = []
    monkeypatch.setattr(euphoria_setup, "start_euphoria_game", fake_start(calls))
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, HomeScreen)
        await pilot.press("1")
        wizard = await wait_for_screen(pilot, EuphoriaSetupScreen)
        panel = wizard.query_one(QuestionPanel)

        async def at(step: str) -> None:
            await until(pilot, lambda: panel.current.id == step, f"the wizard's {step!r} step")

        await pilot.press("1", "2")  # 1 human, base game
        await at("recruit1_active")
        await pilot.press("backspace", "backspace")  # back to "humans"
        await at("humans")
        await pilot.press("2")  # 2 humans; recruit set is pre-selected as base
        await at("recruit_set")
        await pilot.press("enter")  # keep the pre-selected answer
        await until(pilot, lambda: wizard.answers.get("recruit_set") == "base", "the base game")
        await pilot.press("1", "3", "2", "2", "1", "2", "1")  # ... sites: I report; app factions
        await at("start")  # no solo variant with 2 humans
        await pilot.press("n")  # back a step: the factions
        await at("faction_draw")
        await pilot.press("enter", "y")
        await until(pilot, lambda: calls, "the game started")
        options, seed, _ = calls[0]
        assert options["humans"] == 2 and options["recruits"] == ["euphoria", "subterra"]
        assert options["base_game"] and options["physical_dice"] and seed is None
        assert options["report_sites"]  # "I report every worker ... on a site"


@sync
async def test_wizard_start_failure_stays_on_the_last_step(monkeypatch):
    def refuse(options, seed, data_dir, answers=None):
        raise GameNotAvailable("Euphoria games are not available yet")

    monkeypatch.setattr(euphoria_setup, "start_euphoria_game", refuse)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, HomeScreen)
        await pilot.press(SOLO_KEYS[0])
        wizard = await wait_for_screen(pilot, EuphoriaSetupScreen)
        await pilot.press(*SOLO_KEYS[1:], "y")
        await until(
            pilot,
            lambda: any("not available" in n.message for n in app._notifications),
            "the refusal said",
        )
        assert app.screen is wizard
        assert wizard.query_one(QuestionPanel).current.id == "start"
        await pilot.press("escape")
        await wait_for_screen(pilot, HomeScreen)


def words(text: str) -> str:
    """``text`` with every run of blanks (and line breaks) as one space."""
    return " ".join(text.split())


@sync
async def test_wizard_starts_a_real_game_and_asks_the_physical_dice():
    """The whole wizard on a phone (40x20): at every step the step line is one row and the
    question is on screen (not scrolled away above its choices)."""
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await wait_for_screen(pilot, HomeScreen)
        # 1 human, expansion, Icarus + Euphoria, Intermediate, I roll (2), app cards, sites
        # asked, no solo variant, the app draws the factions, start
        await pilot.press("1")
        wizard = await wait_for_screen(pilot, EuphoriaSetupScreen)
        panel = wizard.query_one(QuestionPanel)
        asked: list[str] = []
        for key in ("1", "1", "4", "1", "2", "2", "1", "1", "n", "1", "y"):
            await until(
                pilot,
                lambda: (
                    panel.current.id not in asked and words(panel.current.text) in words(shown(app))
                ),
                "the next step's question on screen",
            )
            asked.append(panel.current.id)
            lines = shown(app).splitlines()
            step = [line for line in lines if "New Euphoria" in line]
            assert re.fullmatch(r" *New Euphoria game — step \d+ of \d+ *", step[0]), step
            question = words(panel.current.text)
            assert question in words("\n".join(lines)), (question, lines)
            await pilot.press(key)
        await until(
            pilot,
            lambda: app.screen.query_one(QuestionPanel).current.id == "black.worker.1",
            "black's first die asked",
        )
        assert app.screen.query_one(QuestionPanel).current.kind == "number"
        for face in "34562611":
            await pilot.press(face)  # a die face answers at its key
        screen = await wait_for_screen(pilot, EuphoriaChecklistScreen)
        assert screen.journal.game == "euphoria" and screen.journal.seed > 0
        assert screen.path.parent == app.data_dir and screen.path.exists()
        text = "\n".join(screen.query_one(Checklist).items)
        assert "3, 4, 5, 6 (you rolled)" in text
        assert "2, 6, 1, 1 (you rolled)" in text
        await pilot.press("escape")
        saves = (await wait_for_screen(pilot, HomeScreen)).saves
        assert len(saves) == 1 and saves[0][0] == screen.path


def test_factions_drawn_at_the_table_offer_only_what_the_draw_can_give():
    """Part 2, "Automa Faction Selection" 2a/2b: with 1 human, black's card differs from
    both the human's recruits and white's also from black's, so the wizard offers only
    those (and asks nothing when one card is left); with 2 humans any card, but white's
    is another card than black's (3); the solo variant draws without regard."""
    solo = {"humans": "1", "recruit1_active": "icarus", "recruit1_other": "euphoria"}
    solo |= {"solo_variant": "no", "faction_draw": "table"}
    black = next(q for q in all_questions(solo) if q.id == "black_faction")
    assert black.choices == ("wastelands", "subterra")
    chosen = solo | {"black_faction": "subterra"}
    assert next_question(chosen) is None or next_question(chosen).id != "white_faction"
    assert "white_faction" not in [q.id for q in all_questions(chosen)]
    assert options_from_answers(
        chosen
        | {
            "humans": "1",
            "recruit_set": "expansion",
            "level": "expert",
            "dice": "app",
            "deck": "bundled",
        }
    )["factions"] == ["subterra", "wastelands"]
    mixed = solo | {"recruit1_active": "factionless", "recruit1_other": "icarus"}
    white = next(
        q for q in all_questions(mixed | {"black_faction": "euphoria"}) if q.id == "white_faction"
    )
    assert white.choices == ("wastelands", "subterra")
    variant = solo | {"solo_variant": "yes", "black_faction": "icarus"}
    white = next(q for q in all_questions(variant) if q.id == "white_faction")
    assert white.choices == ("euphoria", "wastelands", "subterra")
    duo = {"humans": "2", "recruit1_active": "icarus", "recruit2_active": "euphoria"}
    duo |= {"faction_draw": "table", "black_faction": "icarus"}
    white = next(q for q in all_questions(duo) if q.id == "white_faction")
    assert white.choices == ("euphoria", "wastelands", "subterra")


# A word of each step's item in docs/screens.md, by the step's question id.
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
    "start": "Start the game",
}


def documented_wizard_steps() -> tuple[str, dict[int, str]]:
    """docs/screens.md's section on the wizard, and its numbered items by number (an item
    `11. and 12.` under both)."""
    text = (Path(__file__).parents[2] / "docs" / "screens.md").read_text()
    section = text.split("## New Euphoria Automa game", 1)[1].split("\n## ", 1)[0]
    items: dict[int, str] = {}
    for found in re.finditer(r"^(\d+)\. (?:and (\d+)\. )?(.*(?:\n {3,}.*)*)", section, re.M):
        for number in filter(None, found.group(1, 2)):
            items[int(number)] = " ".join(found.group(3).split())
    return section, items


def test_the_docs_number_the_wizards_steps_as_its_step_line_does():
    """The step line says `step N of M`: the docs' item N is that step, for a solo game
    whose faction cards are drawn at the table (every step), and the counts they give are
    the step line's."""
    section, items = documented_wizard_steps()
    drawn = [q.id for q in all_questions({"humans": "1"})] + ["start"]
    table = {"humans": "1", "faction_draw": "table", "black_faction": "icarus"}
    steps = [q.id for q in all_questions(table)] + ["start"]
    for number, step in enumerate(steps, 1):
        assert DOC_WORDS[step] in items.get(number, ""), (number, step, items.get(number))
    words = " ".join(section.split())
    counts = re.search(r"\((\d+) steps when the app draws the Automas' faction cards, (\d+)", words)
    assert counts and counts.group(1, 2) == (str(len(drawn)), str(len(steps)))
