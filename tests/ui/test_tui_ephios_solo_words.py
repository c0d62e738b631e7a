"""The Ephios solo game's words and marks on the table screen: what a sub-menu given up
leaves shown, the Preacher's flag once played, the move log by turn, the end screen's
labels and headline, the persuasion count on the board, the Plot's move in view on a phone
after a turn."""

from __future__ import annotations

import re
from typing import Any

from textual.app import App, ComposeResult
from tui_helpers import open_save, press, shown, sync, until

from companion import paths
from companion.cli.ephios_words import parse_action as W
from companion.core import session
from companion.core.outcome import Series
from companion.core.questions import NeedAnswers
from companion.ephios import solo
from companion.tui.app import CompanionApp
from companion.tui.games.ephios_board import tokens_text
from companion.tui.games.ephios_solo_words import log_lines
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.screens.table import TableScreen
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.questions import QuestionPanel
from companion.tui.widgets.turn_chart import TurnChart

CROSSROADS = {
    "reveal-1": "syndicate-dignitary",
    "reveal-2": "order",
    "reveal-3": "academy",
    "reveal-4": "company",
}


def turn(journal: Any, words: list[str]) -> None:
    """Play ``words``, each question answered with its first choice."""
    answers: dict[str, str] = {}
    while True:
        try:
            solo.play(journal, W(words), answers)
            return
        except NeedAnswers as need:
            question = need.questions[0]
            answers[question.id] = question.choices[0]


async def opened(pilot: Any, journal: Any, name: str) -> TableScreen:
    path = paths.data_dir() / f"{name}.toml"
    session.create_game(path, journal)
    screen = await open_save(pilot, path, journal)
    assert isinstance(screen, TableScreen)
    await until(pilot, lambda: screen.pending is None or screen.idle)
    return screen


def asking(screen: TableScreen) -> bool:
    """Whether a step is being asked (not the menu the table offers unasked)."""
    return screen.pending is not None and not screen.idle


async def answer_all(pilot: Any, screen: TableScreen, check: Any = None) -> None:
    """Answer every question of the step asked with its first choice (``check()`` first)."""
    panel = screen.query_one("#t-question", QuestionPanel)
    while asking(screen):
        if check is not None:
            check()
        await press(pilot, panel.current.keys[0] if panel.current.keys else "1")


@sync
async def test_escape_from_a_sub_menu_shows_the_last_turn_again():
    journal = solo.new_game("normal", 1, CROSSROADS)
    turn(journal, ["debate", "4"])
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, journal, "words-escape")
        await press(pilot, "d", "4")  # a turn by keys: its steps are on screen
        await until(pilot, lambda: asking(screen))
        await answer_all(pilot, screen)
        await until(pilot, lambda: screen.idle and len(screen.journal.events) == 2)
        news = screen.query_one("#t-news", AnnouncementList)
        steps = list(news.announcements)
        assert steps
        await press(pilot, "e")  # e · Recruit
        await until(pilot, lambda: asking(screen))
        assert news.announcements == steps  # the turn stays in view while its target is asked
        await press(pilot, "escape")
        await until(pilot, lambda: screen.idle)
        assert news.announcements == steps
        assert "nothing to announce" not in shown(app)


@sync
async def test_the_preachers_flag_goes_once_it_is_played():
    """Two Orders in hand, one armed as the Preacher: once the Plot's debate has played it,
    the hand shown while the refill is asked (the table so far) carries no ⚑ any more."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    solo.play_move(journal, "order", "draw", "hand", "test")
    solo.play_move(journal, "order", "crossroads:2", "hand", "test")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, journal, "words-preacher")
        await press(pilot, "a")  # one kind of card in the hand: armed at once
        await until(pilot, lambda: "⚑" in str(screen.query_one("#sb-hand").render()))
        await press(pilot, "d", "1")
        news = screen.query_one("#t-news", AnnouncementList)
        played = []

        def flag_gone() -> None:
            if any(a.what == "preacher" for a in news.announcements):
                played.append(True)
                assert "⚑" not in str(screen.query_one("#sb-hand").render())

        await answer_all(pilot, screen, flag_gone)
        assert played


def test_the_move_log_numbers_steps_by_their_turn():
    """A correction is no turn: the log says each step's turn, not a count of steps."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    solo.play_set(journal, "popularity", 30)
    turn(journal, ["debate", "4"])
    steps = [line for line in log_lines(journal) if not line.startswith(" ")]
    assert steps[0].startswith("turn 1: correction")
    assert steps[1].startswith("turn 1: debate")
    turn(journal, ["debate", "4"])
    assert [line for line in log_lines(journal) if not line.startswith(" ")][2].startswith(
        "turn 2: debate"
    )


class Chart(App[None]):
    def compose(self) -> ComposeResult:
        series = (Series("popularity", (20, 10, 0), 100), Series("plot zone", (1, 2, 2), 5))
        yield TurnChart(series, rows=2)


@sync
async def test_the_end_chart_names_its_series_whole():
    for width in (40, 80):
        app = Chart()
        async with app.run_test(size=(width, 10)) as pilot:
            await pilot.pause()
            text = shown(app)
            assert "popularity" in text and "plot zone" in text, text


@sync
async def test_a_defeat_headline_has_no_star():
    journal = solo.new_game("normal", 5, CROSSROADS)
    for _turn in range(40):
        if solo.replay(journal).result:
            break
        turn(journal, ["debate", "1"])
    assert solo.replay(journal).result == "lost"
    path = paths.data_dir() / "words-lost.toml"
    session.create_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(GameOverScreen(path, journal))
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        headline = str(app.screen.query_one("#go-headline").render())
        assert "★" not in headline and headline.startswith("✗")


def test_the_board_says_the_range_the_menus_say():
    state = solo.replay(solo.new_game("normal", 1, CROSSROADS))
    state.set_tokens(1, 2)
    assert "1–2 · supply 3–4" in tokens_text(state).plain


@sync
async def test_on_a_phone_the_plots_move_is_in_view_after_a_turn():
    """At 40×20 after a turn, what to do is on screen from its first line (the table's menu
    waits for Enter there), and its lines down to the Plot's move are a key away."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    turn(journal, ["debate", "4"])
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        screen = await opened(pilot, journal, "words-phone-turn")
        await press(pilot, "d", "4")
        await until(pilot, lambda: asking(screen))
        await answer_all(pilot, screen)
        await until(pilot, lambda: screen.pending is None and len(screen.journal.events) == 2)
        news = screen.query_one("#t-news", AnnouncementList)
        plot = [n for n, a in enumerate(news.announcements) if a.what.startswith("plot")]
        assert plot
        assert news.region.y < app.size.height - 1 and news.region.height >= 6
        # The first line to do, at the top of the news (its why's `?` beside its mark).
        assert re.search(r"^ 1→[? ] you", shown(app), re.M), shown(app)
        news.highlighted = plot[0]
        await until(pilot, lambda: "The Plot" in shown(app), "the Plot's move in view")
