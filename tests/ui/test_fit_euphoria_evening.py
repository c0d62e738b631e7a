"""Whole Euphoria evenings at a glance: after every step every line to do is on the first
screen, with no key pressed (docs/screens.md, "The layout rule").

One app per mode (the app's cards and dice; physical cards, dice and the sites asked)
plays 17 Automa turns on the table screen by keys, each question answered as a player
would (a printed card's id typed, a die's face, the sites ticked). After every turn the
app is resized in place through 40×20, 80×24 and 120×40 (back and forth, so each step
costs two resizes), and at each size every line the turn asks the player to do (a worker
to place, a die to set, a market to turn over) is on screen (`unseen_lines`) and the
screen obeys the layout rule (`assert_fits`). The phone build's terminal (41×33 at
390×844) is small as 40×20 is, with more rows: 40×20 stands for it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from fit_helpers import SIZES, TO_DO, assert_fits, press, resize, unseen_lines
from key_answers import begun, tell_step
from textual.pilot import Pilot
from tui_helpers import shown, sync, until, wait_for_screen

from companion import paths
from companion.core import registry, session
from companion.tui.app import CompanionApp
from companion.tui.screens.table import TableScreen
from companion.tui.widgets import AnnouncementList

pytestmark = pytest.mark.ui
TURNS = 17
SEED = 7
SET_UP = {
    "humans": "1",
    "recruit_set": "expansion",
    "recruit1_active": "euphoria",
    "recruit1_other": "wastelands",
    "level": "experienced",
    "solo_variant": "no",
    "faction_draw": "app",
}
MODES = {
    "app": {"dice": "app", "deck": "bundled", "sites": "report"},
    "physical": {"dice": "physical", "deck": "physical", "sites": "ask"},
}


def new_evening(mode: str, rng: random.Random, seed: int = SEED) -> tuple[Any, Any]:
    """A new saved game in ``mode`` (the Automas' starting dice rolled at the table when
    they are physical)."""
    game = registry.table("euphoria")
    assert game is not None
    answers = {**SET_UP, **MODES[mode]}
    journal = begun(game, answers, rng, seed)
    path = paths.data_dir() / f"evening-{mode}.toml"
    session.create(game.rules, path, journal, force=True)
    return path, journal


async def play_turn(pilot: Pilot[Any], screen: TableScreen, rng: random.Random) -> None:
    """Enter, then every question the turn asks answered by a player's keys."""
    before = len(screen.journal.events)
    await tell_step(pilot, screen, "enter", rng, press)
    await until(pilot, lambda: len(screen.journal.events) > before and screen.pending is None)


def at_a_glance(screen: TableScreen, where: str) -> None:
    """Every line to do of the step is on the first screen (as the screen words it: a
    phone's narrow words), none left out; the screen fits."""
    app = screen.app
    news = screen.query_one("#t-news", AnnouncementList)
    shown_lines = list(news.announcements)
    to_do = [a.what for a in shown_lines if a.kind in TO_DO]
    assert to_do == [a.what for a in screen.said if a.kind in TO_DO], f"{where}: a line lost"
    unseen = unseen_lines(app, shown_lines, news.region)
    size = f"{app.size.width}×{app.size.height}"
    assert not unseen, f"{where} at {size}: not on the first screen: {unseen}\n{shown(app)}"
    top = news.highlighted in (0, None) and news.scroll_offset.y == 0
    assert top, f"{where} at {size}: the first line to do is not at the top"
    assert_fits(app, where)


def test_the_glance_of_both_automas_on_their_penalty_side_is_one_row() -> None:
    """Late in a game with both Automas on their penalty side the glance still fits the 39
    columns a 40-column screen gives it (`Turn 17 · ■ Ic 9/10[!] · □ Su 9/10[!] ▾`): its
    wrapped ▾ took a row from the lines to do at 40×20 (seed 1's 5th physical turn)."""
    from rich.cells import cell_len

    from companion.core import table as tables
    from companion.tui.games import euphoria

    game = registry.table("euphoria")
    assert game is not None
    journal = begun(game, {**SET_UP, **MODES["app"]}, random.Random(SEED), SEED)
    view = tables.view(game, journal, "")
    state = game.rules.clone(view.state)
    state.turn = 17
    for automa in state.automas.values():
        automa.penalty_side = True
        automa.tokens.append("corrected")  # a token placed each (9/10; 10/10 takes 2 more)
    text = euphoria.glance(replace(view, state=state)).plain + " ▾"
    assert text.count("[!]") == 2, text
    assert cell_len(text) <= 39, text


@sync
async def test_the_bar_gives_its_row_to_what_to_do_on_a_small_screen_with_keys() -> None:
    """At 40×20 with keys the bar is hidden while the table waits (the footer's ⏎ Turn says
    what it said) and shows while a turn asks (its ✕ cancel); 80×24 keeps it."""
    rng = random.Random(SEED)
    path, journal = new_evening("physical", rng)
    app = CompanionApp()
    async with app.run_test(size=SIZES[0]) as pilot:
        app.open_game(path, journal)
        screen = await wait_for_screen(pilot, TableScreen)
        bar = screen.query_one("#t-bar")
        await until(pilot, lambda: not bar.display, "the bar hidden at 40×20")
        # The footer's keys come a frame after the bar goes, on a busy machine.
        await until(pilot, lambda: "⏎ Turn" in shown(app), "the footer's ⏎ Turn")
        await press(pilot, "enter")  # a physical turn asks the card drawn
        await until(pilot, lambda: screen.pending is not None and bar.display, "the bar asking")
        await until(pilot, lambda: "✕ cancel" in shown(app), "the bar's ✕ cancel")
        await press(pilot, "escape")
        await until(pilot, lambda: screen.pending is None and not bar.display, "hidden again")
        await resize(pilot, SIZES[1])
        await until(pilot, lambda: bar.display, "the bar at 80×24")


@pytest.mark.parametrize("mode", sorted(MODES))
@sync
async def test_every_line_to_do_is_on_the_first_screen_all_evening(mode: str) -> None:
    """17 Automa turns (a deck rebuilt, markets built, workers retrieved and camping) with
    the app's cards or physical ones: after each, every line to do shows at every size."""
    rng = random.Random(SEED)
    path, journal = new_evening(mode, rng)
    app = CompanionApp()
    sizes = list(SIZES)
    async with app.run_test(size=sizes[0]) as pilot:
        app.open_game(path, journal)
        screen = await wait_for_screen(pilot, TableScreen)
        for turn in range(1, TURNS + 1):
            await play_turn(pilot, screen, rng)
            assert app.screen is screen, f"{mode}: the game ended at turn {turn}"
            at_a_glance(screen, f"{mode}, Automa turn {turn}")
            for size in sizes[1:]:
                await resize(pilot, size)
                at_a_glance(screen, f"{mode}, Automa turn {turn}")
            sizes.reverse()  # the next turn starts at the size this one ended at


@sync
async def test_the_glance_unfolds_by_key_and_tap_and_folds_again_at_the_next_step() -> None:
    """At 40×20 the panels are folded to the glance line; `i` unfolds them (the card pair
    and both Automas show) and folds them again; a tap on the glance unfolds them and the
    next turn folds them; at 80×24 there is no glance and `i` does nothing."""
    rng = random.Random(SEED)
    path, journal = new_evening("app", rng)
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        app.open_game(path, journal)
        screen = await wait_for_screen(pilot, TableScreen)
        await play_turn(pilot, screen, rng)
        assert screen.has_class("-glance", "-folded"), screen.classes
        assert "■ BLACK" not in shown(app) and "▾" in shown(app)
        await press(pilot, "i")
        await until(pilot, lambda: "■ BLACK" in shown(app), "the Automas unfolded")
        assert "▴" in shown(app)
        await press(pilot, "i")
        await until(pilot, lambda: "■ BLACK" not in shown(app), "the Automas folded")
        glance = screen.query_one("#t-glance")
        await pilot.click(glance, offset=(2, 0))
        await until(pilot, lambda: "■ BLACK" in shown(app), "unfolded by a tap")
        await play_turn(pilot, screen, rng)
        await until(pilot, lambda: "■ BLACK" not in shown(app), "folded by the next step")
        at_a_glance(screen, "after a turn unfolded")
        await resize(pilot, (80, 24))
        assert not screen.has_class("-glance") and not glance.display
        await press(pilot, "i")
        await pilot.pause()
        assert "■ BLACK" in shown(app) and "▴" not in shown(app)


# The busiest turns measured (docs/performance.md, "Keys per turn"): (seed, mode, turn).
# Seed 1's 5th physical turn has 13 lines (both Automas build a market), seed 2's 16th
# and seed 3's 7th 10 (a market built, a penalty flip and its flip back, a track).
BUSY = ((1, "physical", 5), (2, "physical", 16), (3, "app", 7))


@pytest.mark.parametrize(("seed", "mode", "busiest"), BUSY)
@sync
async def test_the_busiest_turns_show_every_line_to_do_at_40x20(
    seed: int, mode: str, busiest: int
) -> None:
    """At 40×20 a turn of ten to thirteen lines to do (two markets built, penalty flips, a
    track) shows them all with no key pressed: on a phone each is worded to one row where
    its words allow (the why keeps the rule), and every turn before it does too."""
    rng = random.Random(seed)
    path, journal = new_evening(mode, rng, seed)
    app = CompanionApp()
    async with app.run_test(size=SIZES[0]) as pilot:
        app.open_game(path, journal)
        screen = await wait_for_screen(pilot, TableScreen)
        for turn in range(1, busiest + 1):
            await play_turn(pilot, screen, rng)
            at_a_glance(screen, f"seed {seed}, {mode}, Automa turn {turn}")
        news = screen.query_one("#t-news", AnnouncementList)
        assert len([a for a in news.announcements if a.kind == "do"]) >= 10, shown(app)
