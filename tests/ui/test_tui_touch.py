"""A page on a touch screen: the app is told (`companion serve`, ``COMPANION_TOUCH``), its
texts say "tap"; the bar above the turn screen's footer is the button it looks like; a
question takes the rows it needs; the resume list names every save."""

from __future__ import annotations

from fit_helpers import fit_problems
from textual.widgets import Static
from textual.widgets._toast import Toast
from tui_helpers import make_game, open_turn_screen, sync, until

from companion.core import catalog
from companion.core.catalog import TOUCH_ENV
from companion.core.journal import Journal
from companion.tui.app import CompanionApp
from companion.tui.screens.home import save_row
from companion.tui.widgets.choices import ChoiceList
from companion.web import warm
from companion.web.sessions import SparePool, WarmAppService


def service(touch: bool) -> WarmAppService:
    """An app session (not started) of a page on a touch screen or not."""

    async def nothing(*args: object) -> None:
        pass

    session = WarmAppService(
        "true",
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
        download_manager=None,
        spares=SparePool(),
    )
    session.touch = touch
    return session


def test_a_session_of_a_touch_page_is_told_so_in_its_environment(monkeypatch):
    assert service(True)._build_environment()[TOUCH_ENV] == "1"
    monkeypatch.setenv(TOUCH_ENV, "1")  # not passed on from the server's own
    assert TOUCH_ENV not in service(False)._build_environment()


def test_a_spare_is_told_the_size_and_touch_on_one_line(monkeypatch):
    for line, expected in (
        (b"41 40 touch\n", ("41", "40", True)),
        (b"113 36\n", ("113", "36", False)),
        (b"41 40 mouse\n", None),
    ):
        data = iter([bytes([byte]) for byte in line])
        monkeypatch.setattr(warm.os, "read", lambda fd, n, data=data: next(data, b""))
        assert warm.read_size() == expected, line


def test_the_touch_flag_comes_from_the_environment(monkeypatch):
    monkeypatch.delenv(TOUCH_ENV, raising=False)
    assert not catalog.touch()
    monkeypatch.setenv(TOUCH_ENV, "1")
    assert catalog.touch()


def hint(screen) -> str:
    """The bar above the footer."""
    return str(screen.query_one("#t-bar", Static).render())


@sync
async def test_on_a_touch_screen_the_turn_screen_says_tap_and_its_bar_runs_the_turn(monkeypatch):
    monkeypatch.setenv(TOUCH_ENV, "1")
    path, journal = make_game()
    app = CompanionApp()
    async with app.run_test(size=(41, 40)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        ready = " ".join(a.text for a in screen.said)
        assert "tap “Automa turn 1”" in ready and "Enter" not in ready, ready
        assert "⏎ Automa turn 1" in hint(screen)
        await pilot.click("#t-bar", offset=(3, 0))  # a tap on the bar, not a key
        await until(pilot, lambda: screen.state.turn == 1)
        await pilot.press("m")  # a report: its question says tap too
        await until(pilot, lambda: screen.pending is not None)
        assert "Tap your answer above" in hint(screen), hint(screen)


@sync
async def test_with_keys_the_bar_says_enter_and_a_click_on_it_runs_the_turn(monkeypatch):
    monkeypatch.delenv(TOUCH_ENV, raising=False)
    path, journal = make_game()
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        assert "⏎ Enter: Automa turn 1" in hint(screen)
        await pilot.click("#t-bar", offset=(3, 0))
        await until(pilot, lambda: screen.state.turn == 1)


@sync
async def test_a_question_takes_the_rows_it_needs_on_a_phone():
    """3 of 6 markets in a 6-row box was the phone's; now every market shows at 41×40,
    and at 41×14 the question scrolls with the highlighted market in view (one app, the
    question dropped and the screen resized in place between the sizes)."""
    from fit_helpers import resize

    sizes = ((41, 40), (41, 14))
    path, journal = make_game()
    app = CompanionApp()
    async with app.run_test(size=sizes[0]) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        for size in sizes:
            if size != sizes[0]:
                await pilot.press("escape")  # the question dropped
                await until(pilot, lambda: screen.pending is None, "the question dropped")
                await resize(pilot, size)
            await pilot.press("m")
            await until(pilot, lambda: screen.pending is not None)
            await pilot.pause()
            choices = screen.query_one(ChoiceList)
            if size == (41, 40):
                assert choices.max_scroll_y == 0 and choices.option_count == 6
                assert choices.region.height >= 12, choices.region
            for _ in range(choices.option_count - 1):
                await pilot.press("down")
                await pilot.pause()
                problems = [p for p in fit_problems(app) if not p.startswith("Footer")]
                assert not problems, (size, choices.highlighted, problems)
    path.unlink()


def test_the_resume_row_names_a_save_the_app_named():
    journal = Journal(game="euphoria", seed=7, options={})
    assert "euphoria-20261202-0053" in str(save_row(journal, "euphoria-20261202-0053"))


def test_the_campaign_tiles_name_prompt_on_a_touch_screen_names_the_keyboards_enter(monkeypatch):
    """On a phone the Enter that goes on is the on-screen keyboard's, said so."""
    from companion.tui.games.ephios_scores import tile_name_prompt

    monkeypatch.delenv(TOUCH_ENV, raising=False)
    assert tile_name_prompt() == "Name of the alliance on the tile (Enter goes on):"
    monkeypatch.setenv(TOUCH_ENV, "1")
    assert "keyboard's Enter" in tile_name_prompt()


@sync
async def test_on_a_phone_a_notice_leaves_the_turn_bar_free(monkeypatch):
    """A notice ("changed elsewhere", a refused write) stands at the top of a phone's screen:
    at the bottom it covered the bar a player taps to run the next turn."""
    monkeypatch.setenv(TOUCH_ENV, "1")
    path, journal = make_game()
    app = CompanionApp()
    async with app.run_test(size=(40, 40), notifications=True) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        app.notify("Automa turn 1 was played on another screen.", title="Changed elsewhere")
        await until(pilot, lambda: len(app.screen.query(Toast)) == 1, "the notice shown")
        await until(pilot, lambda: app.screen.query_one(Toast).region.height > 0, "laid out")
        notice = app.screen.query_one(Toast).region
        bar = screen.query_one("#t-bar").region
        assert not notice.overlaps(bar), (notice, bar)
        await pilot.click("#t-bar", offset=(3, 0))
        await until(pilot, lambda: screen.state.turn == 1)


@sync
async def test_on_a_touch_screen_the_home_footer_names_no_key_range(monkeypatch):
    """A finger cannot press "1-5": on a touch screen the home screen's footer leaves the
    number keys out (a game is tapped in the list, as the hint says); with keys it has them."""
    from textual.widgets._footer import FooterKey

    from companion.tui.screens.home import HomeScreen

    def shown(app: CompanionApp) -> list[str]:
        return [str(key.key_display) for key in app.screen.query(FooterKey) if key.display]

    for touching in (True, False):
        monkeypatch.setenv(TOUCH_ENV, "1" if touching else "0")
        app = CompanionApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda app=app: isinstance(app.screen, HomeScreen) and shown(app))
            ranged = [key for key in shown(app) if key.startswith("1-")]
            hint = str(app.screen.query_one("#home-hint", Static).render())
            if touching:
                assert not ranged, shown(app)
                assert "Tap a game above to start it" in hint, hint
            else:
                assert ranged, shown(app)
