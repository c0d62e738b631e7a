"""The one table screen and the set-up asked from a game object, played with the test-only
toy game (it has no screen of its own): its home entry, its set-up, a step that asks a
question, undo and redo, the end; at 80×24 and 40×20."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from fixtures import toy_game
from pseudo_locale import Words
from textual.screen import Screen
from textual.widgets import Static
from tui_helpers import at_home, open_save, press, press_on, shown, sync, until, wait_for_screen

from companion import paths
from companion.core import registry, session
from companion.core.journal import Journal
from companion.core.questions import Question
from companion.core.table import View
from companion.tui import panels
from companion.tui.app import CompanionApp
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets.questions import QuestionPanel


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy game is registered for these tests only."""
    toy_game.register()
    yield
    registry.unregister(toy_game.GAME)


def new_race() -> tuple[Path, Journal]:
    """A toy race to 10 saved in the data folder (seed 3), not yet begun."""
    journal = toy_game.TOY.new({"goal": 10}, seed=3)
    path = paths.data_dir() / "race.toml"
    session.create(toy_game.RULES, path, journal)
    return path, journal


def saved_race() -> list:
    """The toy games saved in the data folder, each as (path, journal)."""
    return [
        (path, session.load(toy_game.RULES, path))
        for path in sorted(paths.data_dir().glob(f"{toy_game.GAME}-*.toml"))
    ]


@pytest.mark.parametrize("size", [(80, 24), (40, 20)])
@sync
async def test_the_toy_game_is_played_from_its_home_entry_on_the_table_screen(size) -> None:
    """Home lists the toy game after the games with screens of their own (key 6); its
    set-up asks the goal (Enter keeps the usual 10); on the table screen its action's key
    asks how far the pawn moved, the answer plays the turn and saves it (at 40×20 the line
    that only informs waits in the why of the move); z takes it back
    and y brings it back; played to the end, the game offers no action and the end-of-game
    screen opens over the table with the last step's lines."""
    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        home = await at_home(pilot)
        assert "Toy race" in shown(app)
        await press(pilot, "6")
        await press_on(pilot, TableSetupScreen, "enter")
        screen = await wait_for_screen(pilot, TableScreen)
        assert home is not screen
        [(path, journal)] = saved_race()
        assert journal.options == {"goal": 10}
        await until(pilot, lambda: "You: 0 of 10" in shown(app))
        await press(pilot, "m")
        panel = screen.query_one(QuestionPanel)
        await until(pilot, lambda: panel.current is not None and panel.current.id == "moved")
        await press(pilot, "4")  # one key answers a number of 1-6: no Enter
        await until(pilot, lambda: "You: 4 of 10" in shown(app))
        assert screen.pending is None
        if size == (40, 20):  # a small screen: the line that informs is in its move's why
            assert "Your pawn is on 4" not in shown(app)
            await press(pilot, "W")
        await until(pilot, lambda: "Your pawn is on 4" in shown(app))
        assert len(session.load(toy_game.RULES, path).events) == 1
        await press(pilot, "z")
        await until(pilot, lambda: "You: 0 of 10" in shown(app))
        assert session.load(toy_game.RULES, path).events == []
        await press(pilot, "y")
        await until(pilot, lambda: "You: 4 of 10" in shown(app))
        while screen.view.actions:
            await press(pilot, "m")
            await until(pilot, lambda: panel.current is not None)
            await press(pilot, "6")
            await until(pilot, lambda: screen.pending is None)
        assert session.load(toy_game.RULES, path).events[-1]["answers"] == {"moved": "6"}
        # The end-of-game screen opens over the table and shows the last step's lines.
        await until(pilot, lambda: type(app.screen).__name__ == "GameOverScreen")
        await until(pilot, lambda: "The game is over" in shown(app))


@sync
async def test_escape_drops_the_step_being_asked_and_nothing_is_saved() -> None:
    """A step's question left with Escape: no step, the save as it was."""
    path, journal = new_race()
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        await press(pilot, "enter")  # the main action, on Enter too
        await until(pilot, lambda: screen.pending is not None)
        await press(pilot, "escape")
        await until(pilot, lambda: screen.pending is None)
        assert isinstance(app.screen, TableScreen)
        assert session.load(toy_game.RULES, path).events == []


@pytest.mark.pseudo_locale
@sync
async def test_the_table_screen_and_its_set_up_speak_only_through_the_catalog(monkeypatch):
    """In en_XA: the set-up, the table before and while asking and after a step, its help
    and its menu show no plain English word (what the game says comes through its object,
    the screen's own words through the catalog)."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        walk = Words(pilot)
        await at_home(pilot)
        await press(pilot, "6")
        await wait_for_screen(pilot, TableSetupScreen)
        await walk.look("the set-up of a game object")
        await press(pilot, "enter")
        screen = await wait_for_screen(pilot, TableScreen)
        await walk.look("the table screen")
        await press(pilot, "m")
        await until(pilot, lambda: screen.pending is not None)
        await walk.look("the table screen, asking")
        await press(pilot, "3")
        await until(pilot, lambda: screen.pending is None and screen.journal.events)
        await walk.look("the table screen, after a step")
        await walk.look_over(screen, "the table screen")
        walk.check()


class BotTrack(Static):
    """A toy panel: the Bot's pawn as a track of dots (it shows the ``bot`` fact)."""

    covers = frozenset({"bot"})

    def show(self, view: View) -> None:
        """The Bot's pawn on its track."""
        race = view.state
        self.update("Bot track " + "".join("o" if i == race.bot else "." for i in range(11)))


@sync
async def test_a_games_panels_are_drawn_after_every_step_and_its_keys_are_bound() -> None:
    """Panels a game supplies sit on its table screen: drawn when it opens and after every
    step and undo, the facts they cover left out of the status lines; a question reaches the
    panel as ``dress`` made it; a panel key runs its function with the screen and view."""
    ran: list[int] = []

    def dress(question: Question, view: View) -> Question:
        return replace(question, text=f"Dressed: {question.text}")

    def note(screen: Screen, view: View) -> None:
        ran.append(view.state.turn)

    panels.register(
        toy_game.GAME,
        panels.GamePanels(
            build=lambda: [BotTrack(id="bot-track")],
            keys=(panels.PanelKey("g", "Toy race", note),),
            words=panels.TableWords(dress=dress),
        ),
    )
    try:
        path, journal = new_race()
        app = CompanionApp()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_save(pilot, path, journal)
            assert isinstance(screen, TableScreen)
            await until(pilot, lambda: "Bot track o.........." in shown(app))
            assert "Bot: 0 of 10" not in shown(app)
            assert "You: 0 of 10" in shown(app)
            await press(pilot, "m")
            await until(pilot, lambda: "Dressed: How far did your pawn move?" in shown(app))
            await press(pilot, "2")
            await until(pilot, lambda: screen.pending is None and screen.journal.events)
            bot = screen.view.state.bot
            assert bot > 0
            await until(pilot, lambda: "Bot track " + "." * bot + "o" in shown(app))
            await press(pilot, "g")
            await until(pilot, lambda: ran == [1])
            await press(pilot, "z")
            await until(pilot, lambda: "Bot track o.........." in shown(app))
    finally:
        panels.unregister(toy_game.GAME)


@sync
async def test_a_step_reads_its_save_once_and_never_reads_its_own_write_back(monkeypatch) -> None:
    """One path for a step: the save is parsed once (the revision check under the lock) and
    the screen knows the file it wrote (its signature), so following the save afterwards
    reads nothing; a write made elsewhere is still seen."""
    from companion.core import saves

    path, journal = new_race()
    reads: list[str] = []
    real = saves.read_save

    def counted(at, *args):
        reads.append(str(at))
        return real(at, *args)

    monkeypatch.setattr(session, "read_save", counted)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        await press(pilot, "m")
        await until(pilot, lambda: screen.pending is not None)
        reads.clear()
        await press(pilot, "3")
        await until(pilot, lambda: screen.pending is None and screen.journal.events)
        screen.live_check()
        assert not screen.save_moved_on()
        assert reads == [str(path)]
        elsewhere = session.load(toy_game.RULES, path)
        session.undo(elsewhere)
        session.save(toy_game.RULES, path, elsewhere)
        await until(pilot, lambda: app.screen is not screen and "You: 0 of 10" in shown(app))


@sync
async def test_a_key_no_control_takes_is_said_not_silently_dropped() -> None:
    """A letter no key of the screen takes does nothing and says so; a key the screen uses
    says nothing of the kind, and neither does Escape dropping a question."""
    path, journal = new_race()
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        await press(pilot, "m")
        await until(pilot, lambda: screen.pending is not None)
        await press(pilot, "escape")
        await until(pilot, lambda: screen.pending is None)
        assert not any("does nothing" in n.message for n in app._notifications)
        await press(pilot, "j")
        await until(
            pilot, lambda: any("j does nothing here now" in n.message for n in app._notifications)
        )
        assert session.load(toy_game.RULES, path).events == []


@sync
async def test_a_game_may_have_its_main_action_asked_whenever_the_table_waits(monkeypatch):
    """With ``asks_main`` the main action's question is on screen without a key, after
    every step too; Escape there goes home (it is the table's own question). An answer the
    step refuses asks that question again, the step kept; a redo says the step again."""
    from companion.core.errors import InputError

    panels.register(toy_game.GAME, panels.GamePanels(build=tuple, asks_main=True, beside=True))
    real_step = toy_game.TOY.step
    refused: list[str] = []

    def step(state, action, answers, index):
        if answers.get("moved") == "5" and not refused:
            refused.append("5")
            raise InputError("not five now")
        return real_step(state, action, answers, index)

    monkeypatch.setattr(toy_game.TOY, "step", step)
    try:
        path, journal = new_race()
        app = CompanionApp()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_save(pilot, path, journal)
            assert isinstance(screen, TableScreen)
            panel = screen.query_one(QuestionPanel)
            await until(pilot, lambda: screen.idle and panel.current.id == "moved")
            assert screen.has_class("-beside")
            await press(pilot, "5")  # refused once: asked again, nothing saved
            await until(pilot, lambda: refused == ["5"])
            await until(pilot, lambda: panel.current is not None and panel.current.id == "moved")
            assert journal.events == []
            await press(pilot, "3")
            await until(pilot, lambda: len(journal.events) == 1 and screen.idle)
            said = list(screen.query_one("#t-news").announcements)
            await press(pilot, "z")
            await until(pilot, lambda: journal.events == [] and screen.idle)
            await press(pilot, "y")
            await until(pilot, lambda: len(journal.events) == 1 and screen.idle)
            redone = list(screen.query_one("#t-news").announcements)
            assert [a.text for a in redone[1:]] == [a.text for a in said]
            await press(pilot, "escape")
            await until(pilot, lambda: not isinstance(app.screen, TableScreen))
    finally:
        panels.unregister(toy_game.GAME)


def test_every_panels_entry_point_is_a_registered_games_panels() -> None:
    """Each ``companion.panels`` entry point names a registered game with a game object
    and no screen of its own, and loads its GamePanels (a typo would leave the game on
    the bare table screen, unnoticed)."""
    from importlib import metadata

    entries = list(metadata.entry_points(group=panels.ENTRY_POINTS))
    assert {"ephios-solo", "ephios-quick", "ephios-campaign"} <= {entry.name for entry in entries}
    for entry in entries:
        game = registry.get(entry.name)
        assert game.table is not None and game.resume is None, entry.name
        assert isinstance(panels.panels_of(entry.name), panels.GamePanels), entry.name
