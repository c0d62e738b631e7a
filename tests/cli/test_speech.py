"""Speaking the moves and the sound cues: the settings kept between runs (off by default),
the platform's engine found at run time and never waited for, one notice when there is
none, `companion voice --test [--to FILE.wav]`, and the project's own cue sounds."""

from __future__ import annotations

import shutil
import stat
import threading
import wave
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.core.catalog import set_language
from companion.core.errors import InputError
from companion.speech import cues, engines
from companion.speech.settings import (
    DEFAULT_RATE,
    VoiceSettings,
    load_settings,
    save_settings,
    settings_path,
)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def seconds(path: Path) -> float:
    with wave.open(str(path)) as sound:
        return sound.getnframes() / sound.getframerate()


# --- settings -------------------------------------------------------------------------------


def test_settings_are_off_by_default_and_kept_between_runs():
    """No file: everything off. Saved settings read back the same, from the data folder."""
    assert load_settings() == VoiceSettings(False, "", DEFAULT_RATE, False)
    chosen = VoiceSettings(voice=True, voice_name="en-gb", rate=200, sound_cues=True)
    path = save_settings(chosen)
    assert path == settings_path() and path.parent.name == "data"
    assert load_settings() == chosen


def test_a_damaged_settings_file_reads_as_the_defaults_and_other_tables_are_kept():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("not [ toml")
    assert load_settings() == VoiceSettings()
    path.write_text('[voice]\non = "yes"\nrate = 9999\n[theme]\nname = "dark"\n')
    assert load_settings() == VoiceSettings()  # wrong types: the defaults
    save_settings(VoiceSettings(voice=True))
    text = path.read_text()
    assert "[theme]" in text and 'name = "dark"' in text
    assert load_settings().voice is True


def test_a_rate_out_of_range_is_refused():
    with pytest.raises(InputError):
        VoiceSettings().changed(rate=5)
    assert run("voice", "--rate", "5").exit_code == 2
    assert load_settings() == VoiceSettings()  # nothing changed


# --- the engine -----------------------------------------------------------------------------


def _which(*present: str):
    return lambda name: f"/usr/bin/{name}" if name in present else None


@pytest.mark.parametrize(
    ("platform", "present", "kind"),
    [
        ("linux", ("espeak-ng", "spd-say"), "espeak"),
        ("linux", ("spd-say",), "spd-say"),
        ("linux", (), None),
        ("darwin", ("say",), "say"),
        ("win32", ("powershell",), "sapi"),
    ],
)
def test_the_platform_engine_is_found_at_run_time(platform, present, kind):
    engine = engines.find_engine(_which(*present), platform)
    assert (engine.kind if engine else None) == kind


def test_spd_say_cannot_write_a_wav():
    assert engines.find_wav_engine(_which("spd-say"), "linux") is None
    assert engines.find_wav_engine(_which("espeak-ng"), "linux") is not None


def test_the_windows_text_is_passed_in_the_environment_never_in_the_script():
    engine = engines.SpeechEngine("sapi", "powershell")
    args, env = engine.command('"; Remove-Item x', VoiceSettings(), Path("o.wav"))
    assert not any("Remove-Item" in a for a in args)
    assert env["COMPANION_SPEECH_TEXT"] == '"; Remove-Item x'
    assert env["COMPANION_SPEECH_WAV"] == "o.wav"


def test_espeak_writes_with_w():
    set_language("en")
    args, _env = engines.SpeechEngine("espeak", "espeak-ng").command(
        "hi", VoiceSettings(voice_name="en-gb", rate=200), Path("x.wav")
    )
    assert args == ["espeak-ng", "-s", "200", "-v", "en-gb", "-w", "x.wav", "--", "hi"]
    set_language("fr_FR")
    try:
        args, _env = engines.SpeechEngine("espeak", "espeak-ng").command("salut", VoiceSettings())
    finally:
        set_language(None)
    assert args[args.index("-v") + 1] == "fr"  # no voice chosen: the player's language


def test_no_engine_is_told_once_then_silent():
    told: list[str] = []
    speaker = engines.Speaker(VoiceSettings(voice=True), told.append, which=_which())
    assert speaker.say(["Black: the Farm, worker 3."]) is False
    assert speaker.say(["again"]) is False
    assert speaker.repeat() is False
    assert len(told) == 1


def test_voice_off_says_nothing():
    told: list[str] = []
    speaker = engines.Speaker(VoiceSettings(voice=False), told.append, which=_which())
    assert speaker.say(["Black: the Farm, worker 3."]) is False and not told


def test_speaking_never_blocks_and_can_be_stopped_and_repeated(tmp_path):
    """A slow engine (a program that speaks until it is let go, which this test never
    does): `say` returns while it still speaks, `stop` ends it, `repeat` says the same
    lines again. Untimed: the engine cannot end before `say` has returned."""
    release = tmp_path / "let-go"
    slow = tmp_path / "slow-espeak"
    slow.write_text(f"#!/bin/sh\nwhile [ ! -e '{release}' ]; do sleep 0.1; done\n")
    slow.chmod(slow.stat().st_mode | stat.S_IEXEC)
    speaker = engines.Speaker(
        VoiceSettings(voice=True), engine=engines.SpeechEngine("espeak", str(slow))
    )
    said: list[bool] = []
    saying = threading.Thread(
        target=lambda: said.append(
            speaker.say(["Black: the Farm, worker 3.", "White: the Farm, worker 2."])
        )
    )
    try:
        saying.start()
        saying.join(timeout=120)  # a hang guard: a `say` that waited would never return
        assert said == [True]
        assert speaker.speaking()
        speaker.stop()
        assert not speaker.speaking()
        assert speaker.repeat() and speaker.last == [
            "Black: the Farm, worker 3.",
            "White: the Farm, worker 2.",
        ]
        speaker.stop()
    finally:
        release.touch()  # whatever is left of the engine ends


# --- companion voice ------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="Debian's espeak-ng is not installed")
def test_voice_test_writes_a_wav_of_the_sample_move(tmp_path):
    """With espeak-ng: `voice --test --to x.wav` writes a WAV longer than half a second."""
    out = tmp_path / "x.wav"
    result = run("voice", "--test", "--to", str(out))
    assert result.exit_code == 0, result.output
    assert seconds(out) > 0.5


def test_voice_test_without_a_wav_engine_exits_2_with_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(engines, "find_wav_engine", lambda: None)
    result = run("voice", "--test", "--to", str(tmp_path / "x.wav"))
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "x.wav").exists()


def test_voice_settings_are_changed_by_the_command():
    assert run("voice", "--on", "--rate", "200", "--cues").exit_code == 0
    assert load_settings() == VoiceSettings(voice=True, rate=200, sound_cues=True)
    result = run("voice", "--json")
    assert '"voice": true' in result.output


def test_the_sample_move_is_the_spoken_forms():
    from companion.cli.voice import sample_lines

    assert sample_lines()[0] == "Black: the Farm, worker 3."


# --- sound cues -----------------------------------------------------------------------------


@pytest.mark.parametrize("cue", cues.CUES)
def test_every_cue_is_a_short_wav_made_here(tmp_path, cue):
    path = cues.cue_file(cue, tmp_path)
    assert 0.05 < seconds(path) < 1.5


def test_an_unknown_cue_is_refused(tmp_path):
    with pytest.raises(InputError):
        cues.make_cue("fanfare", tmp_path / "x.wav")


def test_without_a_player_the_bell_rings(tmp_path):
    rung: list[bool] = []
    how = cues.play_cue(
        cues.DRAW, folder=tmp_path, which=_which(), platform="linux", bell=lambda: rung.append(True)
    )
    assert how == "bell" and rung == [True]


def test_a_player_plays_the_cue_in_the_background(tmp_path):
    player = tmp_path / "aplay"
    player.write_text("#!/bin/sh\nexit 0\n")
    player.chmod(player.stat().st_mode | stat.S_IEXEC)
    how = cues.play_cue(
        cues.SHUFFLE,
        folder=tmp_path,
        which=lambda n: str(player) if n == "aplay" else None,
        platform="linux",
        bell=lambda: None,
    )
    assert how == "player"
    assert cues.find_player(lambda n: str(player) if n == "aplay" else None, "linux") == [
        str(player),
        "-q",
    ]


# --- what a game screen holds ---------------------------------------------------------------


def test_a_screen_voice_is_off_by_default_and_its_toggle_is_kept(tmp_path):
    from companion.speech.voice import Voice

    rung: list[bool] = []
    told: list[str] = []
    voice = Voice(told.append, bell=lambda: rung.append(True))
    voice.speaker._which = _which()  # no engine on this "computer"
    voice.announce(["Black: the Farm, worker 3."], ["draw"])
    assert not rung and not told  # everything off: silent, no notice
    assert voice.toggle() is True and voice.toggle_cues() is True
    assert load_settings() == VoiceSettings(voice=True, sound_cues=True)
    voice.announce(["Black: the Farm, worker 3."], ["draw"])
    voice.announce(["White: the Farm, worker 2."], [])
    assert len(told) == 1  # no voice found: told once
    assert voice.toggle() is False and load_settings().voice is False
