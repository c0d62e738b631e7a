"""Spoken moves on the game screens: `v` on / off (kept between runs), `r` says the last step
again, `.` stops speaking; a turn is said in the order announced; no engine, one notice;
with the sound cues on, a turn plays its cues.

The speech engine is a stand-in found on the PATH as ``espeak-ng`` (a shell script that
writes each line it is asked to say to a file, and can take its time), so the tests hear
what a player would, through the same search the app makes at run time.
"""

from __future__ import annotations

import copy
import os
import stat
from pathlib import Path

import pytest
from textual.binding import Binding
from tui_helpers import (
    make_game,
    open_save,
    open_turn_screen,
    press,
    sync,
    until,
    wait_for_screen,
)

from companion import paths
from companion.core import session
from companion.core.questions import NeedAnswers
from companion.ephios import quick, solo
from companion.ephios import words as ephios_spoken
from companion.euphoria import game
from companion.euphoria import words as euphoria_spoken
from companion.speech import engines
from companion.speech.settings import VoiceSettings, load_settings, save_settings
from companion.tui import keys, live
from companion.tui.app import CompanionApp
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.table import TableScreen
from companion.tui.voice import voice_of

GAME_SCREENS = [TableScreen]
CROSSROADS = {
    "reveal-1": "syndicate-dignitary",
    "reveal-2": "order",
    "reveal-3": "academy",
    "reveal-4": "company",
}


@pytest.fixture
def said(tmp_path, monkeypatch) -> Path:
    """A stand-in ``espeak-ng`` first on the PATH; the file of what it was asked to say.

    ``STAND_IN_SLOW`` set: it takes 30 s after writing the line (to be stopped)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    log = tmp_path / "said.txt"
    program = folder / "espeak-ng"
    program.write_text(
        "#!/bin/sh\n"
        'for last; do :; done\nprintf "%s\\n" "$last" >> "$STAND_IN_LOG"\n'
        'if [ -n "$STAND_IN_SLOW" ]; then exec sleep 30; fi\n'
    )
    program.chmod(program.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("STAND_IN_LOG", str(log))
    return log


def lines_of(log: Path) -> list[str]:
    """What the stand-in engine was asked to say, one utterance a line."""
    return log.read_text().splitlines() if log.exists() else []


def next_turn_said(journal) -> str:
    """The spoken lines of the next Automa turn of ``journal`` (played on a copy), joined as
    the speaker says them."""
    copied = copy.deepcopy(journal)
    try:
        report = game.run_turn(copied)
    except NeedAnswers as need:
        report = game.run_turn(copied, {q.id: "" for q in need.questions})
    return " ".join(euphoria_spoken.spoken(report.announcements))


def test_every_game_screen_has_the_voice_keys_and_no_other_binding_on_them():
    """`v`, `r` and `.` on each game screen, with the shared ids; nothing else bound there."""
    for screen in GAME_SCREENS:
        bindings = [b for cls in screen.__mro__ for b in getattr(cls, "BINDINGS", [])]
        bindings = [b for b in bindings if isinstance(b, Binding)]
        by_id = {b.id: b for b in bindings if b.id}
        assert by_id["voice"].key == "v", screen
        assert by_id["say-again"].key == "r", screen
        assert by_id["hush"].key == "full_stop", screen
        for key in ("v", "r", "full_stop"):
            users = {b.action for b in bindings if key in b.key.split(",")}
            assert len(users) == 1, (screen, key, users)
    assert [b.id for b in keys.voice_keys()] == ["voice", "say-again", "hush"]


@sync
async def test_v_turns_the_voice_on_and_off_and_it_is_kept_between_runs(said):
    assert load_settings().voice is False  # off by default
    path, journal = make_game(turns=1)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "enter")
        await until(pilot, lambda: screen.state.turn == 2)
        assert lines_of(said) == []  # off: nothing said
        await press(pilot, "f1")  # the help lists the three keys (made from the bindings)
        help_screen = await wait_for_screen(pilot, HelpScreen)
        for row in ("| v | spoken moves on or off", "| r | say the last", "| . | stop speaking"):
            assert row in help_screen.text, help_screen.text
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is screen, "back from the help")
        await press(pilot, "v")
        assert load_settings().voice is True
        await press(pilot, "v")
        assert load_settings().voice is False
        await press(pilot, "v")
    # The next run of the app starts with the voice on and says the next turn.
    expected = next_turn_said(session.load_game(path, game.GAME))
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, session.load_game(path, game.GAME))
        assert voice_of(app).settings.voice is True
        await press(pilot, "enter")
        await until(pilot, lambda: lines_of(said) == [expected], "the turn said")


@sync
async def test_a_turn_is_said_in_order_then_r_says_it_again_and_dot_stops_it(said, monkeypatch):
    save_settings(VoiceSettings(voice=True))
    path, journal = make_game(turns=1)
    expected = next_turn_said(journal)
    assert expected.index("Black") < expected.index("White")  # black's moves, then white's
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "enter")
        await until(pilot, lambda: lines_of(said) == [expected], "the turn said")
        await press(pilot, "r")
        await until(pilot, lambda: lines_of(said) == [expected, expected], "said again")
        # A slow engine: the UI goes on while it speaks, and `.` stops it.
        monkeypatch.setenv("STAND_IN_SLOW", "1")
        speaker = voice_of(app).speaker
        await press(pilot, "r")
        await until(pilot, lambda: len(lines_of(said)) == 3, "said a third time")
        assert speaker.speaking()
        await press(pilot, "g")  # the move log opens while the line is being said
        await until(pilot, lambda: app.screen is not screen, "the log")
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is screen, "back")
        await press(pilot, "full_stop")
        await until(pilot, lambda: not speaker.speaking(), "the speaking stopped")


@sync
async def test_without_a_speech_engine_one_notice_then_silence(monkeypatch):
    monkeypatch.setattr(engines, "find_engine", lambda *args, **kwargs: None)
    save_settings(VoiceSettings(voice=True))
    path, journal = make_game(turns=1)
    app = CompanionApp()
    notices: list[str] = []
    notify = app.notify

    def told(message, **kwargs):
        notices.append(str(message))
        return notify(message, **kwargs)

    monkeypatch.setattr(app, "notify", told)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        for turn in (2, 3):
            await press(pilot, "enter")
            await until(pilot, lambda turn=turn: screen.state.turn == turn)
    no_voice = [n for n in notices if "No voice was found" in n]
    assert len(no_voice) == 1, notices


@sync
async def test_the_ephios_solo_screen_says_your_action_and_the_plots_turn(said):
    save_settings(VoiceSettings(voice=True))
    journal = solo.new_game("normal", 1, CROSSROADS)
    path = paths.data_dir() / "ephios-voice.toml"
    session.create_game(path, journal)
    before = solo.replay(copy.deepcopy(journal))
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        await until(pilot, lambda: screen.idle)
        panel = screen.query_one("#t-question")
        await press(pilot, "d", "1")  # debate the Syndicate Dignitary: reveals are asked
        await until(pilot, lambda: panel.current.id == "reveal-1")
        await press(pilot, "5")  # the Order Dignitary: the Plot recruits it, another reveal
        await until(pilot, lambda: screen.idle or panel.current.id == "reveal-2")
        if not screen.idle:
            await press(pilot, "7")
        await until(pilot, lambda: screen.idle and len(screen.journal.events) == 1)
        out = solo.apply_event(before, screen.journal.events[-1])[1]
        expected = " ".join(ephios_spoken.spoken(out))
        await until(pilot, lambda: lines_of(said) == [expected], "the step said")
        assert expected.index("Discard the Syndicate") < expected.index("The Plot recruits")
        await press(pilot, "e")  # recruit has its own key now: r says the step again
        await until(pilot, lambda: not screen.idle and panel.current.id == "arg")
        await press(pilot, "escape")
        await until(pilot, lambda: screen.idle)
        await press(pilot, "r")
        await until(pilot, lambda: lines_of(said) == [expected, expected], "said again")


@sync
async def test_the_quick_game_says_whose_turn_it_is(said):
    save_settings(VoiceSettings(voice=True))
    journal = quick.new_game(["Ann", "Bob"], "Ann")
    path = paths.data_dir() / "quick-voice.toml"
    session.create_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        await press(pilot, "n")
        # The end of Ann's turn (End of Turn), then whose turn it is.
        turn = "Ann: keep 3 personalities at most. Refill the crossroads to 4 cards. Bob's turn."
        await until(pilot, lambda: lines_of(said) == [turn], "the next player said")
        # A unite: said in the quick game's spoken forms, the turn that passes last (the
        # hand was discarded whole: only the crossroads to refill).
        await press(pilot, "u", "4", "1", "y")
        unite = (
            "Bob: discard the whole hand. Bob: discard the affinity card. "
            "Move Bob's marker. Refill the crossroads to 4 cards. Ann's turn."
        )
        await until(pilot, lambda: lines_of(said)[1:] == [unite], "the unite said")


@sync
async def test_a_step_refused_at_the_write_is_not_said(said, monkeypatch):
    """The save changed elsewhere between the key and the write: the step is not saved, so
    it is not said either (the screen shows the latest save instead)."""
    monkeypatch.setattr(live, "CHECK_EVERY", 60.0)  # the screen does not look by itself
    save_settings(VoiceSettings(voice=True))
    path, journal = make_game(turns=1)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        other = session.load_game(path, game.GAME)
        game.run_turn(other)
        session.save_game(path, other)  # e.g. the CLI
        screen.action_act("turn")  # the key got past the check just before the save changed
        await until(pilot, lambda: app.screen is not screen, "the latest save shown")
        assert len(session.load_game(path, game.GAME).events) == len(other.events)
    assert lines_of(said) == []


@sync
async def test_with_the_cues_on_a_turn_plays_its_cues_and_the_voice_stays_off(
    said, tmp_path, monkeypatch
):
    """The sound cues alone (a setting, off by default): a turn on the screen plays its cues,
    through the platform's player found at run time, and says nothing."""
    folder = tmp_path / "players"
    folder.mkdir()
    played = tmp_path / "played.txt"
    player = folder / "paplay"  # a stand-in: writes the sound file it was given
    player.write_text(f'#!/bin/sh\nprintf "%s\\n" "$1" >> "{played}"\n')
    player.chmod(player.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    save_settings(VoiceSettings(sound_cues=True))
    path, journal = make_game(turns=1)
    copied = copy.deepcopy(journal)
    try:
        report = game.run_turn(copied)
    except NeedAnswers as need:
        report = game.run_turn(copied, {q.id: "" for q in need.questions})
    expected = euphoria_spoken.cues(report.announcements)
    assert expected  # a turn draws a card pair at least
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        await press(pilot, "enter")
        await until(pilot, lambda: screen.state.turn == 2)
        await until(
            pilot,
            lambda: played.exists() and len(played.read_text().splitlines()) == len(expected),
            "the cues played",
        )
        # Each cue is played in the background: they may start in any order.
        assert sorted(Path(line).stem for line in played.read_text().splitlines()) == sorted(
            expected
        )
    assert lines_of(said) == []  # the voice is off
