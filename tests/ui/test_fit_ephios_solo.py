"""The Ephios solo game fits (docs/screens.md, "The layout rule") in real states.

Seeded solo games played to many points — the set-up steps, a first turn, turns with
the Plot's threat and long announcements, every sub-menu, the engine's questions, a
correction, the move log, a defeat and a victory — on the one table screen, each checked with
``tests/fit_helpers.py`` at 40×20, 80×24 and 120×40 in the pseudo-locale ``en_XA`` (about
30% longer), and at 80×24 and 120×40 in English. One app per scenario, resized in place.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from ephios_solo_helpers import CROSSROADS, threatened
from fit_helpers import SIZES, assert_choices_reachable, assert_fits, press, resize
from pseudo_locale import WORDS_SIZE, Words
from textual.pilot import Pilot
from tui_helpers import at_home, open_save, shown, sync, until, wait_for_screen

from companion import paths
from companion.cli.ephios_words import parse_action as W
from companion.core import session
from companion.core.questions import NeedAnswers
from companion.ephios import solo
from companion.tui.app import CompanionApp
from companion.tui.games.ephios_board import EphiosLogScreen
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets.checklist import Checklist
from companion.tui.widgets.main_bar import MainBar
from companion.tui.widgets.questions import QuestionPanel


@pytest.fixture(params=["en", pytest.param("en_XA", marks=pytest.mark.pseudo_locale)])
def lang(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each scenario in English and in the pseudo-locale (longer words)."""
    if request.param != "en":
        monkeypatch.setenv("COMPANION_LANG", request.param)
    return str(request.param)


def play(journal: Any, words: list[str], turns: int = 1, last: bool = False) -> None:
    """Play ``words`` ``turns`` times, each question answered with its first (or last)
    choice."""
    for _turn in range(turns):
        if solo.replay(journal).result:
            return
        answers: dict[str, str] = {}
        while True:
            try:
                solo.play(journal, W(words), answers)
                break
            except NeedAnswers as need:
                question = need.questions[0]
                answers[question.id] = question.choices[-1 if last else 0]


async def opened(pilot: Pilot[Any], journal: Any, name: str) -> TableScreen:
    """The table screen of ``journal``, saved as ``name`` and opened as a resume."""
    path = paths.data_dir() / f"{name}.toml"
    session.create_game(path, journal)
    screen = await open_save(pilot, path, journal)
    assert isinstance(screen, TableScreen)
    await until(pilot, lambda: waiting(screen), "the table, waiting for an action")
    return screen


def asking(screen: TableScreen, *ids: str) -> bool:
    """Whether a step is asked (not the table's own menu), its question one of ``ids``."""
    panel = screen.query_one("#t-question", QuestionPanel)
    if screen.pending is None or screen.idle or panel.current is None:
        return False
    return not ids or panel.current.id in ids


def waiting(screen: TableScreen) -> bool:
    """Whether the table waits for an action (its menu asked, or on a small phone screen
    its keys alone)."""
    return screen.pending is None or screen.idle


def sizes(lang: str) -> tuple[tuple[int, int], ...]:
    """The sizes a scenario walks its states at: in the pseudo-locale (every word ~30%
    longer: the harder test) the two where words take rows from the question; in English
    the terminal's 80×24. 120×40, with room to spare, is checked on the screens of
    ``test_the_roomy_screen_fits`` (each size costs a full walk: time, not findings)."""
    return SIZES[:2] if lang == "en_XA" else SIZES[1:2]


async def check(pilot: Pilot[Any], where: str, walk: bool = True) -> None:
    """The screen that is up fits; at the smallest size in the longer language (where a
    list scrolls) each choice of its focused list is walked into view by keys too
    (walking it everywhere costs time, not findings)."""
    small = tuple(pilot.app.size) == SIZES[0]
    if walk and small and os.environ.get("COMPANION_LANG") == "en_XA":
        await assert_choices_reachable(pilot, where, back=False)
    else:
        assert_fits(pilot.app, where)


async def asked(pilot: Pilot[Any], before: str | None = None) -> str:
    """The id of the question the screen's panel asks, once it asks one (not ``before``)."""
    panel = pilot.app.screen.query_one(QuestionPanel)
    await until(
        pilot, lambda: panel.current is not None and panel.current.id != before, "a question"
    )
    assert panel.current is not None
    return panel.current.id


@sync
async def test_the_set_up_steps_fit(lang: str) -> None:
    """The set-up's steps and the first turn fit. In en_XA the walk at 80×24 also reads
    every screen it passes for plain English words (tests/pseudo_locale.py): each step of
    the set-up, the solo screen, a debate's question, its help and its menu."""
    app = CompanionApp()
    async with app.run_test(size=sizes(lang)[0]) as pilot:
        words = Words(pilot) if lang == "en_XA" else None
        for size in sizes(lang):
            read = words is not None and size == WORDS_SIZE
            await at_home(pilot)
            if tuple(pilot.app.size) != size:  # it starts at the first: no resize to it
                await resize(pilot, size)
            await press(pilot, "2")
            await wait_for_screen(pilot, TableSetupScreen)
            step = await asked(pilot)
            await check(pilot, "the difficulty")
            for key in ("2", "1", "6", "4", "8"):
                if words is not None and read:
                    await words.look(f"the set-up: {step}")
                await press(pilot, key)
                if key != "8":
                    step = await asked(pilot, step)
                if key == "2":
                    await check(pilot, "crossroads slot 1")
            await until(pilot, lambda: app.screen.has_class("-listing"))
            await until(pilot, lambda: isinstance(app.focused, Checklist), "the set-up steps")
            await check(pilot, "the set-up steps")
            if words is not None and read:
                await words.look("the set-up: the steps")
            await press(pilot, "s")
            screen = await wait_for_screen(pilot, TableScreen)
            await check(pilot, "the first turn")
            if words is not None and read:
                await read_the_solo_screen(pilot, words, screen)
            await press(pilot, "escape")
        if words is not None:
            words.check()


async def read_the_solo_screen(pilot: Pilot[Any], words: Words, screen: TableScreen) -> None:
    """Read the solo screen's words, a debate's question's, its help's and its menu's."""
    await until(pilot, lambda: waiting(screen), "the actions")
    await words.look("the solo screen")
    await press(pilot, "d")
    await until(pilot, lambda: asking(screen, "arg"), "the debate's slot")
    await words.look("the solo screen: a debate")
    await press(pilot, "escape")
    await until(pilot, lambda: waiting(screen), "back to the actions")
    await words.look_over(screen, "the solo screen")


@sync
async def test_a_turn_its_questions_and_its_long_announcements_fit(lang: str) -> None:
    journal = solo.new_game("normal", 1, CROSSROADS)
    play(journal, ["debate", "4"], turns=2, last=True)
    app = CompanionApp()
    async with app.run_test(size=sizes(lang)[0]) as pilot:
        screen = await opened(pilot, journal, "fit-turn")
        panel = screen.query_one("#t-question", QuestionPanel)
        for size in sizes(lang):
            if tuple(pilot.app.size) != size:  # it starts at the first: no resize to it
                await resize(pilot, size)
            await check(pilot, "after two turns")
            await press(pilot, "e")
            await until(pilot, lambda: asking(screen, "arg"), "the recruit list")
            await check(pilot, "the recruit list")
            await press(pilot, "escape")
            await until(pilot, lambda: waiting(screen), "back to the actions")
            await press(pilot, "d", "1")
            await until(pilot, lambda: asking(screen, "reveal-1"))
            await check(pilot, "a card revealed")
            while asking(screen):
                assert panel.current is not None
                await press(pilot, panel.current.keys[-1] if panel.current.keys else "1")
            await until(pilot, lambda: waiting(screen), "the turn played")
            await check(pilot, "after a turn played by keys", walk=False)
            await press(pilot, "g")
            await wait_for_screen(pilot, EphiosLogScreen)
            await check(pilot, "the move log")
            await press(pilot, "escape")
            await until(pilot, lambda: app.screen is screen)
            await press(pilot, "z")
            await until(pilot, lambda: len(screen.journal.events) == 2)


@sync
async def test_the_threat_and_every_sub_menu_fit(lang: str) -> None:
    app = CompanionApp()
    async with app.run_test(size=sizes(lang)[0]) as pilot:
        screen = await opened(pilot, threatened(), "fit-threat")
        for size in sizes(lang):
            if tuple(pilot.app.size) != size:  # it starts at the first: no resize to it
                await resize(pilot, size)
            await check(pilot, "the menu under the Plot's threat")
            for key in ("e", "d", "u", "c", "p", "s"):
                await press(pilot, key)
                await until(pilot, lambda: asking(screen, "arg"), f"the sub-menu {key!r}")
                await check(pilot, f"the sub-menu {key!r} with its warning")
                await press(pilot, "escape")
                await until(pilot, lambda: waiting(screen), "back to the actions")
            await press(pilot, "a")
            await until(pilot, lambda: asking(screen, "preacher"), "which card is the Preacher")
            await check(pilot, "which card is the Preacher")
            await press(pilot, "escape")
            await until(pilot, lambda: waiting(screen), "back to the actions")
            await press(pilot, "x")
            await until(pilot, lambda: asking(screen, "kind"), "the correction")
            await check(pilot, "the correction")
            await press(pilot, "1")
            await until(pilot, lambda: asking(screen, "from"), "a correction: from where")
            await check(pilot, "a correction: from where")
            await press(pilot, "escape")
            await until(pilot, lambda: waiting(screen), "back to the actions")


@sync
async def test_defeat_and_victory_fit(lang: str) -> None:
    lost = solo.new_game("normal", 5, CROSSROADS)
    play(lost, ["debate", "1"], turns=40)
    won = solo.new_game("normal", 1, CROSSROADS)
    solo.play_set(won, "affinities", ["syndicate", "academy", "order", "company", "cult"])
    assert solo.replay(lost).result == "lost" and solo.replay(won).result == "won"
    app = CompanionApp()
    async with app.run_test(size=sizes(lang)[0]) as pilot:
        for size in sizes(lang):
            if tuple(pilot.app.size) != size:  # it starts at the first: no resize to it
                await resize(pilot, size)
            for journal, name in ((lost, "fit-lost"), (won, "fit-won")):
                screen = await opened(pilot, journal, f"{name}-{size[0]}")
                assert screen.view.actions == ()
                await check(pilot, f"the end of {name}")
                await press(pilot, "escape")
                await at_home(pilot)


@sync
async def test_the_roomy_screen_fits(lang: str) -> None:
    """120×40: the set-up, a turn's menu and its recruit list, the threat with a sub-menu,
    the move log and the end of a game."""
    lost = solo.new_game("normal", 5, CROSSROADS)
    play(lost, ["debate", "1"], turns=40)
    app = CompanionApp()
    async with app.run_test(size=SIZES[2]) as pilot:
        await at_home(pilot)
        await press(pilot, "2")
        await wait_for_screen(pilot, TableSetupScreen)
        await press(pilot, "2")
        await check(pilot, "crossroads slot 1")
        await press(pilot, "escape")
        await at_home(pilot)
        screen = await opened(pilot, threatened(), "roomy-threat")
        await check(pilot, "the menu under the Plot's threat")
        await press(pilot, "u")
        await until(pilot, lambda: asking(screen, "arg"), "the unite sub-menu")
        await check(pilot, "the unite sub-menu")
        await press(pilot, "escape")
        await until(pilot, lambda: waiting(screen), "back to the actions")
        await press(pilot, "g")
        await wait_for_screen(pilot, EphiosLogScreen)
        await check(pilot, "the move log")
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is screen)
        await press(pilot, "escape")
        await at_home(pilot)
        screen = await opened(pilot, lost, "roomy-lost")
        await check(pilot, "the defeat")


@pytest.mark.pseudo_locale
@sync
async def test_the_bar_is_one_row_on_a_touch_phone_in_the_longer_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a touch screen at 40×20 in en_XA, while the table offers its menu, the bar above
    the footer is one row: a shorter hint before its ✕ cancel button (the whole one took
    two rows)."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    monkeypatch.setenv("COMPANION_TOUCH", "1")
    journal = solo.new_game("normal", 1, CROSSROADS)
    app = CompanionApp()
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = await opened(pilot, journal, "fit-bar")
        bar = screen.query_one("#t-bar", MainBar)
        await until(pilot, lambda: screen.idle, "the menu asked while the table waits")
        await until(pilot, lambda: "✕" in shown(app), "the bar's cancel button")
        assert bar.region.height == 1, shown(app)
