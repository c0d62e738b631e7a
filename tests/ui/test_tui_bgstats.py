"""BG Stats on the end-of-game screen: the link that opens BG Stats with the play filled in,
shown whole (a click opens it, `c` copies it), and its QR code on `b`, at every size."""

from __future__ import annotations

import itertools

from fit_helpers import SIZES, assert_fits
from hypothesis import given
from hypothesis import strategies as st
from tui_helpers import make_game, open_turn_screen, press, sync, until, wait_for_screen

from companion.history import bgstats, records
from companion.tui.app import CompanionApp
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.widgets.bgstats_play import BgStatsCodeScreen, LinkText, link_rows


async def end_a_game(pilot, app) -> GameOverScreen:
    """A Euphoria game ended in the app (a human placed their last token): its end screen."""
    path, journal = make_game(turns=2)
    turns = await open_turn_screen(pilot, app, path, journal)
    await press(pilot, "h")
    await until(pilot, lambda: turns.pending is not None, "the question of a human's win")
    await press(pilot, "enter")
    return await wait_for_screen(pilot, GameOverScreen)


@given(st.text(alphabet="abc/?%2C", min_size=1, max_size=300), st.integers(1, 120))
def test_a_link_is_cut_into_rows_that_fit_and_join_back_into_it(link, width):
    rows = link_rows(link, width)
    assert "".join(rows) == link
    assert all(0 < len(row) <= width for row in rows)


def test_a_link_row_breaks_before_a_percent_escape_not_inside_a_word():
    link = bgstats.BGSTATS_CREATE_PLAY + "?data=%7B%22sourceName%22%3A%22Companion%22%7D"
    rows = link_rows(link, 40)
    assert len(rows) > 1
    for before, row in itertools.pairwise(rows):
        assert row[0] in "%?" or before.endswith("/"), rows
    assert any("%22Companion" in row for row in rows)


@sync
async def test_the_end_screen_shows_the_link_and_b_its_qr_code(monkeypatch):
    """At every size (one app, resized in place between the sizes)."""
    from fit_helpers import resize

    app = CompanionApp()
    copied: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = await end_a_game(pilot, app)
        (record,) = records.load()
        link = bgstats.play_link(bgstats.play_of(record))
        for size in SIZES:
            if size != SIZES[0]:
                await resize(pilot, size)
            copied.clear()
            assert screen.bgstats_link == link
            shown_link = screen.query_one("#go-bgstats LinkText", LinkText)
            assert shown_link.link == link
            assert "".join(link_rows(link, shown_link.content_size.width)) == link
            assert_fits(app, f"the end-of-game screen at {size}")
            await press(pilot, "c")
            assert copied == [link]
            await press(pilot, "b")
            code = await wait_for_screen(pilot, BgStatsCodeScreen)
            qr = str(code.query_one("#bg-code").render())
            assert qr.splitlines() == bgstats.qr_lines(link)
            assert_fits(app, f"the QR code screen at {size}")
            await press(pilot, "escape")
            await until(pilot, lambda: app.screen is screen, "back to the end screen")


@sync
async def test_the_end_screen_of_a_game_from_the_history_has_its_link_too():
    """A game opened from the history (not over its own screen) shows the same link."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await end_a_game(pilot, app)
        link = screen.bgstats_link
        await press(pilot, "escape")
        app.show_game_over(screen.path, screen.journal)
        again = await wait_for_screen(pilot, GameOverScreen)
        assert again is not screen and again.bgstats_link == link
