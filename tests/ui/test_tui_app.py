"""Pilot tests of the app shell and the home screen: lists, routing, theme, help, palette."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from textual.command import CommandList
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from tui_helpers import home, press, sync, until, wait_for_screen

from companion import paths
from companion.core import registry, session
from companion.core.journal import Journal
from companion.core.saves import read_save, write_save
from companion.tui import routes
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.home import HomeScreen, local_time
from companion.tui.screens.table_setup import TableSetupScreen


def make_saves(folder: Path) -> None:
    """Two saves (the Ephios one is newer) and one damaged file."""
    write_save(
        folder / "euphoria-1.toml",
        Journal(
            game="euphoria",
            seed=7,
            options={"humans": 1},
            created="2025-03-01T18:00:00+00:00",
            updated="2025-03-01T19:30:00+00:00",
            summary="turn 12, black 4 tokens left",
        ),
    )
    write_save(
        folder / "ephios-1.toml",
        Journal(
            game="ephios-solo",
            seed=8,
            options={},
            created="2025-03-02T18:00:00+00:00",
            updated="2025-03-02T20:00:00+00:00",
            summary="round 3, popularity 20%",
        ),
    )
    (folder / "broken.toml").write_text("not = [a save")


class FakeGameScreen(Screen[None]):
    """Stands in for a game screen in routing tests."""

    def __init__(self, path: Path, journal: Journal, set_up: bool = False) -> None:
        super().__init__()
        self.set_up = set_up
        self.path = path
        self.journal = journal

    def compose(self):
        yield Static(f"playing {self.path.name}")
        yield Footer()


@sync
async def test_home_lists_new_games_and_saves_newest_first():
    make_saves(paths.data_dir())
    async with home() as (app, _pilot):
        assert isinstance(app.screen, HomeScreen)
        new = app.screen.query_one("#new-games", OptionList)
        assert [new.get_option_at_index(i).id for i in range(new.option_count)] == [
            "euphoria",
            "ephios-solo",
            "ephios-quick",
            "ephios-campaign",
            "euphoria-multiplayer",
        ]
        saves = app.screen.query_one("#saves", OptionList)
        # the damaged file is listed last, as unreadable with the reason, and cannot be opened
        assert saves.option_count == 3
        first = str(saves.get_option_at_index(0).prompt)
        assert first.startswith("Ephios solo") and "round 3, popularity 20%" in first
        assert "Euphoria Automa" in str(saves.get_option_at_index(1).prompt)
        broken = saves.get_option_at_index(2)
        assert broken.disabled
        assert str(broken.prompt).startswith("unreadable")
        assert "broken.toml: damaged save" in str(broken.prompt)
        # The newest unfinished game is highlighted; Enter resumes it.
        assert app.focused is saves and saves.highlighted == 0
        hint = str(app.screen.query_one("#home-hint", Static).render())
        assert "Enter: resume ephios-1" in hint and "1–5" in hint


@sync
async def test_the_home_hint_names_what_enter_does_where_the_focus_is():
    """The hint follows the focus and the highlight: Enter resumes the highlighted save
    while the resume list has the focus, and starts a new game in the new-game list."""
    make_saves(paths.data_dir())
    async with home() as (app, pilot):
        hint = app.screen.query_one("#home-hint", Static)

        def says() -> str:
            return str(hint.render())

        assert "Enter: resume ephios-1" in says()
        await press(pilot, "down")  # the older save highlighted: Enter resumes it
        await until(pilot, lambda: "Enter: resume euphoria-1" in says())
        assert "Euphoria" in says() and "1–5" in says()
        await press(pilot, "tab")  # the new-game list: Enter starts a new game
        await until(pilot, lambda: app.focused.id == "new-games" and "resume" not in says())
        assert "1–5: start a new game" in says() and "Tab: the saved games" in says()
        await press(pilot, "shift+tab")  # back: the save still highlighted is named again
        await until(pilot, lambda: "Enter: resume euphoria-1" in says())


@sync
async def test_home_without_saves_says_so():
    async with home() as (app, pilot):
        saves = app.screen.query_one("#saves", OptionList)
        assert "no saved games yet" in str(saves.get_option_at_index(0).prompt)
        await pilot.press("tab", "enter")  # nothing to open: nothing happens
        await wait_for_screen(pilot, HomeScreen)


@sync
async def test_home_keyboard_opens_a_save_through_its_route(monkeypatch):
    make_saves(paths.data_dir())
    monkeypatch.setitem(routes._registered, ("resume", "euphoria"), FakeGameScreen)
    async with home() as (app, pilot):
        assert app.focused.id == "saves"
        await press(pilot, "down", "enter")
        await wait_for_screen(pilot, FakeGameScreen)
        assert app.screen.path.name == "euphoria-1.toml"
        assert app.screen.journal.summary == "turn 12, black 4 tokens left"
        app.action_home()
        await wait_for_screen(pilot, HomeScreen)


@sync
async def test_a_game_without_a_screen_says_not_available(monkeypatch):
    make_saves(paths.data_dir())
    nope = "companion.tui.screens.nope:Nope"
    solo, quick = registry.get("ephios-solo"), registry.get("ephios-quick")
    monkeypatch.setitem(registry._GAMES, solo.id, replace(solo, resume=nope))
    new_quick = (replace(quick.new[0], screen=nope),)
    monkeypatch.setitem(registry._GAMES, quick.id, replace(quick, new=new_quick))
    async with home() as (app, pilot):
        await press(pilot, "3")
        await until(
            pilot,
            lambda: any("not available yet" in n.message for n in app._notifications),
            "the new quick game said not available",
        )
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("enter")  # the newest save: Ephios solo
        await until(
            pilot,
            lambda: any("Ephios solo: not available yet" in n.message for n in app._notifications),
            "the solo save said not available",
        )
        assert isinstance(app.screen, HomeScreen)


@sync
async def test_new_euphoria_game_by_key_and_by_click():
    async with home() as (app, pilot):
        await press(pilot, "1")
        await wait_for_screen(pilot, TableSetupScreen)
        await press(pilot, "escape")
        await wait_for_screen(pilot, HomeScreen)
        new = app.screen.query_one("#new-games", OptionList)
        assert await pilot.click(new, offset=(5, new.styles.gutter.top))
        await wait_for_screen(pilot, TableSetupScreen)


@sync
async def test_theme_switch_key_and_palette_commands():
    async with home() as (app, pilot):
        assert app.theme == "textual-dark"
        await pilot.press("f2")
        await until(pilot, lambda: app.theme == "textual-light")
        assert not app.current_theme.dark
        await pilot.press("f2")
        await until(pilot, lambda: app.theme == "textual-dark")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in (
            "New Euphoria Automa game",
            "New Ephios solo game",
            "Ephios quick game",
            "Ephios campaign",
            "Resume a saved game",
            "Light / dark theme",
            "Help",
            "Quit",
        ):
            assert wanted in titles
        await press(pilot, "ctrl+p")
        await pilot.press(*"euphoria")

        # the search runs in the background: Enter once a command is found and highlighted
        def found() -> bool:
            commands = app.screen.query_one(CommandList)
            index = commands.highlighted
            return index is not None and "Euphoria" in str(
                commands.get_option_at_index(index).prompt
            )

        await until(pilot, found)
        await press(pilot, "enter")
        await wait_for_screen(pilot, TableSetupScreen)


@sync
async def test_help_shows_the_screen_keys():
    async with home() as (app, pilot):
        await press(pilot, "f1")
        await wait_for_screen(pilot, HelpScreen)
        assert "reload the list of saved games" in app.screen.text  # from the `r` binding
        await press(pilot, "escape")
        await wait_for_screen(pilot, HomeScreen)


@sync
async def test_no_color_is_honoured(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    async with home() as (app, _pilot):
        assert app.no_color
        assert any(type(f).__name__ in ("Monochrome", "NoColor") for f in app._filters)


def test_local_time_is_readable_and_tolerant():
    assert local_time("nonsense") == "?"
    assert local_time("2025-03-01T19:30:00") == "2025-03-01 19:30"


def test_headless_commands_do_not_import_textual():
    code = (
        "import sys, companion.cli, companion.cli.euphoria, companion.euphoria.cards, "
        "companion.core.saves; sys.exit('textual' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], env=dict(os.environ), timeout=60)
    assert result.returncode == 0


def test_a_resume_row_shows_the_saves_name_the_apps_own_too():
    """Six solo saves must not look alike: a row shows the save's name, the app's own name
    (game and date) too: it is the name the hint, the CLI and the data folder use."""
    from companion.ephios import solo
    from companion.tui.screens.home import save_row

    journal = solo.new_game(
        "normal",
        1,
        {"reveal-1": "cult", "reveal-2": "order", "reveal-3": "academy", "reveal-4": "company"},
    )
    assert "mygame" in save_row(journal, "mygame").plain
    assert "ephios-solo-20261201-0505" in save_row(journal, "ephios-solo-20261201-0505").plain


@sync
async def test_enter_resumes_the_newest_unfinished_game(monkeypatch):
    """A finished game is skipped; its row still shows its name and last
    move."""
    from companion.euphoria import game
    from companion.euphoria.state import GameOptions

    folder = paths.data_dir()
    options = GameOptions(recruits=("icarus", "euphoria"))
    open_game = game.new_game(options, seed=3)
    game.run_turn(open_game)  # this seed's first turn asks nothing
    session.create_game(folder / "evening.toml", open_game)
    done = game.new_game(options, seed=4)
    game.apply_event(done, "correct", automa="black", tokens_left=0)
    session.create_game(folder / "qs.toml", done)  # newer, but the game is over
    for name, stamp in (("evening", "10"), ("qs", "11")):  # a clear order of the last steps
        path = folder / f"{name}.toml"
        journal = read_save(path, "euphoria")
        journal.updated = f"2026-01-01T{stamp}:00:00+00:00"
        write_save(path, journal)
    monkeypatch.setitem(routes._registered, ("resume", "euphoria"), FakeGameScreen)
    async with home() as (app, pilot):
        saves = app.screen.query_one("#saves", OptionList)
        rows = [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]
        assert "qs ·" in rows[0] and "evening ·" in rows[1]
        # The last step with its number (the turn event alone does not know it).
        assert "last: Automa turn 1" in rows[1] and "last: correction" in rows[0]
        await press(pilot, "enter")
        assert isinstance(app.screen, FakeGameScreen) and app.screen.path.name == "evening.toml"


def test_a_resume_row_says_the_games_status_in_the_language_of_the_moment(monkeypatch):
    """A game saved in the pseudo-locale is listed in English once the player reads English
    (the row's status line is made again, not read back from the save)."""
    from ephios_solo_helpers import CROSSROADS

    from companion.ephios import solo
    from companion.tui.screens.home import save_row

    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    path = paths.data_dir() / "pseudo.toml"
    session.create_game(path, solo.new_game("normal", 1, CROSSROADS))
    monkeypatch.setenv("COMPANION_LANG", "en")
    journal = session.load_game(path, solo.GAME)
    assert "⟦" in journal.summary
    row = save_row(journal, "pseudo").plain
    assert "⟦" not in row and "turn 1" in row, row


@sync
async def test_a_save_its_engine_cannot_replay_is_not_opened_and_the_app_says_why():
    """A save whose set-up cannot be replayed (a level that is not one) stays in the resume
    list; Enter on it shows the one-line reason the command line gives, and the app stays
    on the home screen instead of crashing."""
    from companion.ephios import solo

    journal = solo.new_game(
        "normal",
        seed=5,
        answers={
            "reveal-1": "cult",
            "reveal-2": "order",
            "reveal-3": "company",
            "reveal-4": "academy",
        },
    )
    journal.options["difficulty"] = "impossible"
    write_save(paths.data_dir() / "broken.toml", journal)
    async with home() as (app, pilot):
        await press(pilot, "enter")  # the resume list has the focus: resume "broken"
        await until(
            pilot,
            lambda: any("cannot be replayed" in str(n.message) for n in app._notifications),
            "the reason",
        )
        assert isinstance(app.screen, HomeScreen)
        assert app.is_running
