"""The end of a game in the app: `h` reports a human's win, the end-of-game screen opens by
itself, `z` takes the ending (and the history record) back; the history screen from home;
the set-ups pre-select the ladder's suggestion. Snapshots of both screens at 80x24 and 40x20."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tui_helpers import (
    at_home,
    make_game,
    open_save,
    open_turn_screen,
    press,
    shown,
    sync,
    until,
    wait_for_screen,
)

from companion import paths
from companion.core import session
from companion.euphoria import game
from companion.history import bgstats, records
from companion.history.records import Record
from companion.tui.app import CompanionApp
from companion.tui.screens import game_over
from companion.tui.screens.game_over import GameOverScreen
from companion.tui.screens.history import HistoryScreen
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets import QuestionPanel

SIZES = [(80, 24), (40, 20)]


def write_history(*played: tuple[str, str, str]) -> None:
    """A history file of fixed games: (game, level, result)."""
    found = [
        Record(
            game=g,
            save=f"/home/me/saves/game-{n}.toml",
            created=f"2026-11-0{n + 1}T18:00:00+00:00",
            finished=f"2026-11-0{n + 1}T20:00:00+00:00",
            result=result,
            winner=("human" if result == "won" else "black")
            if g == "euphoria"
            else ("human" if result == "won" else "plot"),
            difficulty=level,
            turns=20 + n,
        )
        for n, (g, level, result) in enumerate(played)
    ]
    records._write(records.history_path(), found)


@sync
async def test_a_human_win_in_the_app_ends_the_game_and_undo_takes_it_back():
    """Euphoria, game end: `h` then yes reports that the human placed their last token; the
    end-of-game screen opens, the history has the game; Escape, `z` takes the ending back
    and out of the history; ending it again records it again."""
    path, journal = make_game(turns=3)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "h")
        await until(pilot, lambda: "authority tokens" in shown(app))
        await press(pilot, "enter")
        await wait_for_screen(pilot, GameOverScreen)
        assert "the humans won" in shown(app)
        assert [(r.result, r.winner, r.turns) for r in records.load()] == [("won", "human", 3)]
        await press(pilot, "escape")
        assert app.screen is screen and screen.state.over
        assert "GAME OVER" in shown(app)
        await press(pilot, "o")  # the finished game's screen opens the end-of-game screen
        await wait_for_screen(pilot, GameOverScreen)
        await press(pilot, "escape", "z")
        assert not screen.state.over and records.load() == []
        await press(pilot, "o")
        assert app.screen is screen  # no end-of-game screen while the game goes on
        await press(pilot, "h", "enter")
        await wait_for_screen(pilot, GameOverScreen)
        assert len(records.load()) == 1
    assert game.replay(session.load_game(path, game.GAME)).winner == "human"


@sync
async def test_a_closed_app_does_not_keep_the_next_from_showing_the_end():
    """Every app registers for "a game ended"; one already closed is skipped. On the way,
    `h` then no reports nothing: nothing changes, the game goes on."""
    old = CompanionApp()
    async with old.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
    path, journal = make_game(turns=1)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        # `h` then no reports nothing.
        await press(pilot, "h", "n")
        assert isinstance(app.screen, TableScreen) and not screen.state.over
        assert len(session.load_game(path, game.GAME).events) == 1 and records.load() == []
        # `h` then yes: the end shows though an app before this one was closed.
        await press(pilot, "h", "enter")
        await wait_for_screen(pilot, GameOverScreen)
    assert old is not None


@sync
async def test_history_screen_from_home_and_the_wizard_preselects_the_suggestion():
    """`h` on the home screen opens the history: the ladders (▶ on the suggested level) and
    the games; the Euphoria wizard pre-selects the suggested level."""
    write_history(("euphoria", "veteran", "won"), ("euphoria", "veteran", "won"))
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "h")
        await wait_for_screen(pilot, HistoryScreen)
        text = shown(app)
        assert "▶ Expert" in text and "2 wins in a row at Veteran: try Expert." in text
        await press(pilot, "escape")
        await at_home(pilot)
        await press(pilot, "1")
        setup = await wait_for_screen(pilot, TableSetupScreen)
        await press(pilot, "1", "1", "4", "1")  # 1 human, expansion, Icarus, Euphoria
        panel = setup.query_one(QuestionPanel)
        await until(pilot, lambda: panel.current.id == "level", "the level asked")
        assert panel.defaults["level"] == "expert"


@sync
async def test_c_confirms_a_win_a_correction_brought_and_the_ladder_counts_it():
    """A win a correction brought is marked in the list and left off the ladder; `c` is no key
    on another game; on that one it confirms it, and the ladder counts the win."""
    write_history(("ephios-solo", "normal", "won"), ("ephios-solo", "normal", "won"))
    first, second = records.load()
    records._write(records.history_path(), [first, replace(second, corrected=True)])
    app = CompanionApp()
    async with app.run_test(size=(80, 32)) as pilot:
        await pilot.app.push_screen(HistoryScreen())
        screen = await wait_for_screen(pilot, HistoryScreen)
        text = shown(app)
        assert "by a correction: c confirms it" in text and "1 won 0 lost" in text
        assert "1 win to confirm" in " ".join(text.split())  # the row may wrap
        assert screen.check_action("confirm", ()) is True  # the newest game is highlighted
        await press(pilot, "down")
        await until(pilot, lambda: screen.check_action("confirm", ()) is False)
        await press(pilot, "c")
        assert not records.load()[1].confirmed
        await press(pilot, "up", "c")
        await until(pilot, lambda: records.load()[1].confirmed)
        await until(pilot, lambda: app.screen is not screen and "2 won 0 lost" in shown(app))
        assert "c confirms it" not in shown(app) and "to confirm" not in shown(app)


def finished_game() -> tuple[Path, object]:
    """A fixed Euphoria game the white Automa won (tokens corrected to make it short)."""
    path, journal = make_game(turns=18, seed=6, name="finished")
    state = game.replay(journal)
    game.apply_event(journal, "activation", faction=state.automas["black"].faction)
    game.apply_event(journal, "correct", automa="white", tokens_left=0)
    session.save_game(path, journal)
    return path, journal


def fixed_bgstats_link(path, journal, outcome) -> str:
    """The BG Stats link of the game as if it had been saved and had finished at fixed
    times in a fixed folder (the snapshot shows the link, made of both)."""
    record = Record(
        game=outcome.game,
        save="/home/me/saves/finished.toml",
        created="2026-11-01T18:00:00+00:00",
        finished="2026-11-01T20:00:00+00:00",
        result=outcome.result or "lost",
        winner=outcome.winner or "",
        difficulty=outcome.difficulty,
        turns=outcome.turns,
    )
    return bgstats.play_link(bgstats.play_of(record, journal))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_screen(snap_compare, size, monkeypatch):
    monkeypatch.setattr(game_over, "play_link_of", fixed_bgstats_link)
    path, journal = finished_game()

    async def open_it(pilot):
        await pilot.app.push_screen(GameOverScreen(path, journal))
        await wait_for_screen(pilot, GameOverScreen)

    assert snap_compare(CompanionApp(), terminal_size=size, run_before=open_it)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_history_screen(snap_compare, utc, size):
    write_history(
        ("euphoria", "intermediate", "won"),
        ("euphoria", "intermediate", "lost"),
        ("ephios-solo", "normal", "won"),
        ("euphoria", "intermediate", "won"),
        ("euphoria", "intermediate", "won"),
    )

    async def open_it(pilot):
        await pilot.app.push_screen(HistoryScreen())
        await wait_for_screen(pilot, HistoryScreen)

    assert snap_compare(CompanionApp(), terminal_size=size, run_before=open_it)


def test_paths_of_the_fixture_live_in_the_data_folder():
    """The games of these tests are saved in the test's data folder."""
    path, _journal = make_game(turns=0, name="where")
    assert path.parent == paths.data_dir()


@sync
async def test_an_ephios_quick_game_won_in_the_app_is_recorded_and_undo_takes_it_out():
    """Quick game, End of the Game: 70% wins at once. Won in the app, the game enters the
    history with the winner's name; `z` on the end-of-game screen takes the win back and the
    game out of the history; `y` (redo) ends it again."""
    from companion.ephios import quick

    journal = quick.new_game(["Ann", "Bob"], seed=1)
    path = paths.data_dir() / "quick.toml"
    session.create_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, session.load_game(path, "ephios-quick"))
        await press(pilot, "a", "1", "1", "7", "0", "enter")  # Ann (her turn) +70%
        assert isinstance(app.screen, GameOverScreen), shown(app)
        assert [(r.game, r.result, r.winner) for r in records.load()] == [
            ("ephios-quick", "won", "Ann")
        ]
        await press(pilot, "z")
        assert app.screen is screen and records.load() == []
        await press(pilot, "y")  # redo: the game ends again, and is recorded again
        await wait_for_screen(pilot, GameOverScreen)
        assert [r.winner for r in records.load()] == ["Ann"]


@sync
async def test_the_ephios_solo_setup_preselects_the_suggested_level():
    """Ladder rule 1 for the Plot: two wins in a row at normal suggest hard, and the solo
    set-up pre-selects it."""
    write_history(("ephios-solo", "normal", "won"), ("ephios-solo", "normal", "won"))
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "2")
        setup = await wait_for_screen(pilot, TableSetupScreen)
        panel = setup.query_one(QuestionPanel)
        await until(pilot, lambda: panel.current is not None, "the difficulty asked")
        assert panel.defaults == {"difficulty": "hard"}
