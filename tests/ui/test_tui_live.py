"""Live views: two app instances on one save follow each other, a
stale key changes nothing, a question is dropped when the game moves on, one press runs one
step."""

from __future__ import annotations

import pytest
from euphoria_helpers import play_turn
from textual.widgets._header import HeaderIcon
from tui_helpers import at_home, sync, until, wait_for_screen

from companion import paths
from companion.core import session
from companion.core.saves import read_save
from companion.ephios import quick
from companion.euphoria import game
from companion.euphoria.state import GameOptions
from companion.tui import live
from companion.tui.app import CompanionApp
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.table import TableScreen
from companion.tui.widgets.chrome import MENU_ICON

OPTIONS = GameOptions(humans=2, report_sites=True)


def make_game(name: str = "live", options: GameOptions = OPTIONS):
    path = paths.data_dir() / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    session.create_game(path, game.new_game(options, seed=3))
    return path


async def open_game(pilot, app: CompanionApp, path):
    """The game's screen, opened from the home screen as its resume list does."""
    home = await at_home(pilot)
    app.open_game(path, session.load_game(path, game.GAME))
    await until(pilot, lambda: app.screen is not home and app.screen.is_mounted)
    return app.screen


def notes(app: CompanionApp) -> str:
    """Every notification the app has shown."""
    return " | ".join(n.message for n in app._notifications)


@pytest.fixture
def looks(monkeypatch) -> dict:
    """Per app: the looks its screens have taken at the save (the timer's
    LiveSave.live_check), and at which look each saw the save moved on."""
    seen: dict = {}
    look, latest = live.LiveSave.live_check, live.LiveSave.show_latest

    def counted(self) -> None:
        seen[self.app] = seen.get(self.app, 0) + 1
        look(self)

    def noticed(self, lead: str) -> None:
        seen.setdefault(("noticed", self.app), []).append(seen.get(self.app, 0))
        latest(self, lead)

    monkeypatch.setattr(live.LiveSave, "live_check", counted)
    monkeypatch.setattr(live.LiveSave, "show_latest", noticed)
    return seen


async def wait_for(pilot, condition, looks: dict, start: int) -> bool:
    """Whether the app saw the save moved on at its first or second look after ``start``
    (its looks before the save changed) and then ``condition()`` held. The looks are
    CHECK_EVERY apart, so two make "within a second" on an idle machine; a busy one
    (whose timers run late) does not make the test fail."""
    assert 2 * live.CHECK_EVERY <= 1.0
    app = pilot.app
    await until(pilot, condition)
    noticed = [n - start for n in looks.get(("noticed", app), []) if n > start]
    return bool(noticed) and noticed[0] <= 2


@sync
async def test_a_second_app_sees_the_first_apps_turn_within_a_second(looks, monkeypatch):
    """Two app instances (two terminals, two browser tabs) on one save: a turn played in the
    first shows in the second within a second, with a note."""
    path = make_game()
    first, second = CompanionApp(), CompanionApp()
    async with first.run_test(size=(100, 30)) as one, second.run_test(size=(100, 30)) as two:
        await open_game(one, first, path)
        watching = await open_game(two, second, path)
        saved_at: list[int] = []  # the second app's looks when the first app saved
        save = session.save

        def saving(*args, **kwargs):
            saved_at.append(looks.get(second, 0))
            return save(*args, **kwargs)

        monkeypatch.setattr(session, "save", saving)
        await one.press("enter")
        await until(one, lambda: len(read_save(path).events) == 1)
        start = saved_at[0]
        assert await wait_for(two, lambda: second.screen is not watching, looks, start)
        screen = second.screen
        assert isinstance(screen, TableScreen)
        assert len(screen.journal.events) == 1 and screen.state.turn == 1
        await until(two, lambda: "Automa turn 1 was played on another screen" in notes(second))
        # The redrawn screen's header keeps the menu's icon (it showed ⭘ after a redraw),
        # once its icon is mounted (Textual binds it to the header's as it mounts).
        await until(two, lambda: screen.query_one(HeaderIcon).icon == MENU_ICON, "the ≡ icon")


@sync
async def test_a_stale_key_changes_nothing_and_shows_the_latest(monkeypatch):
    """A key pressed on a screen whose save moved on (before it noticed) plays nothing: the
    save keeps the other screen's turn only, and the screen shows it and says so."""
    monkeypatch.setattr(live, "CHECK_EVERY", 60.0)  # the second app does not look by itself
    path = make_game()
    first, second = CompanionApp(), CompanionApp()
    async with first.run_test(size=(100, 30)) as one, second.run_test(size=(100, 30)) as two:
        await open_game(one, first, path)
        stale = await open_game(two, second, path)
        await one.press("enter")
        await until(one, lambda: len(read_save(path).events) == 1)
        before = path.read_bytes()
        await two.press("enter")
        await until(two, lambda: "Nothing was done" in notes(second))
        assert path.read_bytes() == before  # nothing overwritten, no second turn
        assert len(read_save(path).events) == 1
        assert second.screen is not stale and len(second.screen.journal.events) == 1
        assert "Nothing was done" in notes(second)


@sync
async def test_a_step_that_loses_the_race_at_the_write_is_refused(monkeypatch):
    """The save changes between the key and the write: the session core refuses the write
    (StaleRevision); the app does not stop, and shows the latest save."""
    monkeypatch.setattr(live, "CHECK_EVERY", 60.0)
    monkeypatch.setattr(live.LiveSave, "save_moved_on", lambda self: False)
    path = make_game()
    app = CompanionApp()
    async with app.run_test(size=(100, 30)) as pilot:
        mine = await open_game(pilot, app, path)
        other = session.load_game(path, game.GAME)
        game.run_turn(other)
        session.save_game(path, other)  # e.g. the CLI
        written = path.read_bytes()
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not mine)  # the latest save, shown
        assert app.is_running and app.return_code is None
        assert path.read_bytes() == written
        assert app.screen is not mine and len(app.screen.journal.events) == 1


@sync
async def test_a_question_being_answered_is_dropped_when_the_game_moves_on(looks):
    """The physical deck asks which card was drawn; while the question is open another screen
    plays the turn: the question is dropped and the latest state shown, with the note."""
    path = make_game("asking", GameOptions(humans=2, report_sites=True, physical_deck=True))
    app = CompanionApp()
    async with app.run_test(size=(100, 30)) as pilot:
        asking = await open_game(pilot, app, path)
        await pilot.press("enter")
        await until(pilot, lambda: asking.pending is not None)  # the question is on screen
        other = session.load_game(path, game.GAME)
        play_turn(other, lambda q: q.choices[0])
        start = looks.get(app, 0)
        session.save_game(path, other)
        assert await wait_for(pilot, lambda: app.screen is not asking, looks, start)
        assert app.screen.pending is None and len(app.screen.journal.events) == 1
        await until(pilot, lambda: "was played on another screen" in notes(app))


@sync
async def test_one_press_one_step(monkeypatch):
    """The step key pressed twice within half a second runs one turn; again after half a
    second, another turn. F1 help says so."""
    monkeypatch.setenv("COMPANION_DOUBLE_PRESS", str(live.DOUBLE_PRESS))
    now = [100.0]
    monkeypatch.setattr(live.LiveSave, "clock", staticmethod(lambda: now[0]))
    path = make_game()
    app = CompanionApp()
    async with app.run_test(size=(100, 30)) as pilot:
        turn = await open_game(pilot, app, path)
        await pilot.press("enter")
        now[0] += 0.2
        await pilot.press("enter")  # a double tap
        # The keys are taken in order: once the help is up, both presses were taken.
        await pilot.press("f1")
        await wait_for_screen(pilot, HelpScreen)
        assert len(read_save(path).events) == 1
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is turn)
        now[0] += 0.6
        await pilot.press("enter")
        await until(pilot, lambda: len(read_save(path).events) == 2)
        await pilot.press("f1")
        await wait_for_screen(pilot, HelpScreen)
        assert "One press, one step" in live.HELP


@sync
async def test_quick_game_views_follow_the_cli(monkeypatch, looks):
    """The same for an Ephios quick game: a step from the CLI shows on the open screen; its
    double-tapped Next runs once."""
    monkeypatch.setenv("COMPANION_DOUBLE_PRESS", str(live.DOUBLE_PRESS))
    monkeypatch.setattr(live.LiveSave, "clock", staticmethod(lambda: 100.0))  # a quick hand
    path = paths.data_dir() / "q.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    session.create_game(path, quick.new_game(["Ann", "Bob", "Cy"]))
    app = CompanionApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await at_home(pilot)
        app.open_game(path, session.load_game(path, quick.GAME))
        screen = await wait_for_screen(pilot, TableScreen)
        await pilot.press("n", "n")
        await until(pilot, lambda: len(read_save(path).events) == 1)
        journal = session.load_game(path, quick.GAME)
        quick.play(journal, {"kind": "flip"})
        start = looks.get(app, 0)
        session.save_game(path, journal)
        assert await wait_for(pilot, lambda: app.screen is not screen, looks, start)
        await until(pilot, lambda: app.screen.is_mounted)
        assert len(app.screen.journal.events) == 2
        assert "Flip the direction token was played on another screen" in notes(app)
