"""A whole Ephios solo game at a glance: played by keys to its end, and after every step
every line to do is on the first screen (no key pressed) at 40×20, 80×24, 120×40 and the
phone build's 41×33 (the menu of actions asked below what to do while the table waits), and
the screen obeys the layout rule (docs/screens.md, "The layout rule").

One app, resized in place: each step is played at one size (the sizes taken in turn), then
the screen it leaves is read at each size. A seeded player picks its actions among those the
menu offers (a recruit when a slot can be paid, a unite when one is offered, else a debate
or the top card) and answers each question with a key a player would press (a slot it can
pay, a card still in the draw pile, a persuasion value): the reveals, the values, the hand
limit and the reshuffles come as they come, until the game is won or lost.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from ephios_solo_helpers import CROSSROADS
from fit_helpers import SIZES, assert_fits, press, resize, unseen_lines
from textual.pilot import Pilot
from tui_helpers import open_save, shown, sync, until

from companion import paths
from companion.core import session
from companion.core.questions import Announcement
from companion.ephios import solo
from companion.tui.screens.table import TableScreen
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.choices import choice_keys
from companion.tui.widgets.questions import QuestionPanel

PHONE_BUILD = (41, 33)  # the phone build's terminal at 390×844: its menu below what to do
MAX_STEPS = 60  # a game lasts fewer (the piles run out, each reshuffle costs 10%)
PREFERRED = ("unite", "recruit", "debate", "recruit-top")


def asking(screen: TableScreen) -> bool:
    """Whether a step is asked (not the table's own menu offered while it waits)."""
    return screen.pending is not None and not screen.idle


def pick_action(screen: TableScreen, rng: random.Random) -> str:
    """The key of the action to play: one of the verbs the menu offers, a unite (with a
    pair: the player holds no Banker) or a recruit more often than not (so the game sees
    values asked, affinities and a hand limit)."""
    offered = {action.id: action.key for action in screen.view.actions}
    legal = solo.legal_actions(screen.view.state)
    pair = any(isinstance(a, solo.Unite) and not a.banker for a in legal)
    verbs = [v for v in PREFERRED if v in offered and (v != "unite" or pair)]
    weights = [4 if verb in ("unite", "recruit") else 1 for verb in verbs]
    return offered[rng.choices(verbs, weights)[0]]


def answer_key(panel: QuestionPanel, rng: random.Random) -> str:
    """A key that answers the panel's question: a choice not marked as refused (a slot that
    cannot be paid) nor with the Banker, at random."""
    question = panel.current
    assert question is not None, "no question"
    keys = choice_keys(question)
    labels = question.labels or question.choices
    fine = [
        (key, label)
        for key, label in zip(keys, labels, strict=False)
        if "cannot" not in label and "Banker" not in label
    ] or list(zip(keys, labels, strict=False))
    ordinary = [key for key, label in fine if "DIG" not in label]
    if question.id.startswith("reveal") and ordinary and rng.random() < 0.8:
        return rng.choice(ordinary)  # 9 of the 14 cards are ordinary personalities
    return rng.choice([key for key, _label in fine])


async def play_step(pilot: Pilot[Any], screen: TableScreen, rng: random.Random) -> None:
    """One action by keys, every question of it answered, until it is saved."""
    before = len(screen.journal.events)
    panel = screen.query_one("#t-question", QuestionPanel)
    await press(pilot, pick_action(screen, rng))
    for _answer in range(30):
        if len(screen.journal.events) > before:
            return
        await until(
            pilot,
            lambda: len(screen.journal.events) > before or (asking(screen) and panel.current),
            "a question of the step, or the step saved",
        )
        if len(screen.journal.events) > before:
            return
        await press(pilot, answer_key(panel, rng))
    raise AssertionError("the step asked more than 30 questions")


def lines_to_do(screen: TableScreen) -> list[Announcement]:
    """The lines of the step just played, as the list of what to do holds them."""
    return list(screen.query_one("#t-news", AnnouncementList).announcements)


Sizes = tuple[tuple[int, int], ...]


async def check_glance(
    pilot: Pilot[Any], screen: TableScreen, where: str, sizes: Sizes, glance: Sizes
) -> None:
    """At each of ``sizes``: the screen fits; at the sizes of ``glance`` every line to do of
    the step is on it too, unscrolled (read from the list's own region where panels share
    its rows). The sizes come in this order after every step, 40×20 first: the small
    screen withdraws the menu a larger one offers, and the checks at 80×24 and 120×40 read
    the screen it leaves (an order from the size the step was played at, a resize fewer
    a step, read other screens there: the list of what to do beside the menu)."""
    app = pilot.app
    said = lines_to_do(screen)
    for size in sizes:
        if tuple(app.size) != size:
            await resize(pilot, size)
        assert_fits(app, f"{where} at {size[0]}×{size[1]}")
        if size not in glance:
            continue
        news = screen.query_one("#t-news", AnnouncementList)
        region = news.region if app.screen is screen else None
        missing = unseen_lines(app, said, region)
        assert not missing, (
            f"{where} at {size[0]}×{size[1]}, not on screen: {missing}\n{shown(app)}"
        )


@pytest.mark.parametrize(
    ("sizes", "glance"),
    [
        # The steps played at the three sizes in turn, every line to do read at each: a
        # step's screen at 40×20 is the same as when every step is played there (the small
        # screen withdraws the menu a larger one offers), so one game reads both.
        pytest.param(SIZES, SIZES, id="40x20-80x24-120x40"),
        # The phone build's 41×33 offers the menu below what to do: its own game.
        pytest.param((PHONE_BUILD,), (PHONE_BUILD,), id="41x33"),
    ],
)
@sync
async def test_a_whole_solo_game_is_read_at_a_glance(sizes: Sizes, glance: Sizes) -> None:
    """A seeded solo game played by keys to its end (won or lost), each step at one of
    ``sizes`` in turn (one app resized in place); after each, the screen fits at each of
    them and every line to do of the step is on the first screen at the sizes of
    ``glance``."""
    from companion.tui.app import CompanionApp

    rng = random.Random(11)
    journal = solo.new_game("normal", 11, CROSSROADS)
    path = paths.data_dir() / "fit-solo-game.toml"
    session.create_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        steps = 0
        while screen.view.actions and steps < MAX_STEPS:
            size = sizes[steps % len(sizes)]
            if tuple(app.size) != size:  # the checks of the step before may have left it there
                await resize(pilot, size)
            await play_step(pilot, screen, rng)
            steps += 1
            await check_glance(pilot, screen, f"step {steps}", sizes, glance)
        state = solo.replay(screen.journal)
        assert state.result in ("won", "lost"), f"the game did not end in {MAX_STEPS} steps"
        assert steps >= 5


@sync
async def test_a_turn_whose_lines_need_the_boards_rows_folds_it_at_80x24() -> None:
    """80×24 is not a small screen: the board stays above what to do, the menu beside it.
    A turn whose lines run past their rows there (a reshuffle, a hand limit) folds the board
    to the game's glance while the table waits, every line to do on the first screen; `i`
    unfolds it; a turn whose lines fit under the board shows it again. The bench's player
    (tests/key_answers.py, seed 7: its 6th and 9th turns are such turns)."""
    from key_answers import begun, tell_step, waits

    from companion.core import registry
    from companion.tui.app import CompanionApp

    rng = random.Random(7)
    game = registry.table("ephios-solo")
    assert game is not None
    journal = begun(game, {}, rng, 7)
    path = paths.data_dir() / "fit-solo-crowded.toml"
    session.create(game.rules, path, journal, force=True)
    app = CompanionApp()
    folded: list[bool] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        verbs = ("recruit", "recruit-top", "debate", "unite")
        for turn in range(9):
            wanted = [a for a in screen.view.actions if a.id in verbs]
            await tell_step(pilot, screen, rng.choice(wanted).key, rng, press)
            await until(pilot, lambda: waits(screen), "the table waits")
            said = lines_to_do(screen)
            news = screen.query_one("#t-news", AnnouncementList)
            await until(
                pilot,
                lambda said=said, news=news: not unseen_lines(app, said, news.region),
                f"turn {turn + 1}: every line to do on the first screen",
            )
            folded.append(screen.query_one("#t-glance").display)
            board = screen.query_one("#t-left").display
            assert board != folded[-1], f"turn {turn + 1}: the board or its glance\n{shown(app)}"
            if folded[-1]:
                await press(pilot, "i")
                await until(pilot, lambda: screen.query_one("#t-left").display, "unfolded")
                assert "fewer lines" in shown(app)
                await press(pilot, "i")
                await until(pilot, lambda: not screen.query_one("#t-left").display, "folded")
            assert_fits(app, f"turn {turn + 1} at 80×24")
    assert folded[5] and folded[8], folded
    assert not all(folded), "every turn folded the board"
