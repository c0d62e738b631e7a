"""The platform's speech engine, found at run time, and a speaker that never blocks.

Linux: espeak-ng (or espeak), else speech-dispatcher's ``spd-say``; macOS: ``say``;
Windows: SAPI through PowerShell (System.Speech). Each is a program run in the background
(``subprocess.Popen``), so the caller goes on at once; :class:`Speaker` stops the line being
said, says the last lines again, and without an engine tells once that no voice was found
and then stays silent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.core.catalog import ENGLISH, PSEUDO, _, language
from companion.speech.settings import DEFAULT_RATE, VoiceSettings

Finder = Callable[[str], str | None]

# SAPI through PowerShell: the text comes in an environment variable (never quoted into
# the script), the rate is SAPI's -10..10, the voice chosen by name when given.
_SAPI = (
    "Add-Type -AssemblyName System.Speech;"
    "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer;"
    "$s.Rate = [int]$env:COMPANION_SPEECH_RATE;"
    "if ($env:COMPANION_SPEECH_VOICE) { $s.SelectVoice($env:COMPANION_SPEECH_VOICE) };"
    "if ($env:COMPANION_SPEECH_WAV) { $s.SetOutputToWaveFile($env:COMPANION_SPEECH_WAV) };"
    "$s.Speak($env:COMPANION_SPEECH_TEXT)"
)


def _espeak_voice(name: str) -> str:
    """espeak-ng's voice for a language ("fr_FR" -> "fr"; "" for English and en_XA)."""
    if name in (ENGLISH, PSEUDO) or name.startswith("en"):
        return ""
    return name.split("_", 1)[0].lower()


@dataclass(frozen=True)
class SpeechEngine:
    """One speech program: its kind (``espeak``, ``spd-say``, ``say``, ``sapi``) and path."""

    kind: str
    program: str

    @property
    def writes_wav(self) -> bool:
        """Whether this engine can write a WAV file instead of speaking (spd-say cannot)."""
        return self.kind in ("espeak", "say", "sapi")

    def command(
        self, text: str, settings: VoiceSettings, wav: Path | None = None
    ) -> tuple[list[str], dict[str, str]]:
        """The command line (and extra environment) that says ``text``, or writes it to ``wav``."""
        voice, rate = settings.voice_name, settings.rate
        if self.kind == "espeak":
            # No voice chosen: espeak-ng's voice of the player's language (its default for
            # English and the pseudo-locale).
            voice = voice or _espeak_voice(language())
            args = [self.program, "-s", str(rate)]
            args += ["-v", voice] if voice else []
            args += ["-w", str(wav)] if wav else []
            return [*args, "--", text], {}
        if self.kind == "spd-say":
            # spd-say's rate is -100..100 around its default.
            spd_rate = max(-100, min(100, (rate - DEFAULT_RATE) * 100 // DEFAULT_RATE))
            args = [self.program, "-w", "-r", str(spd_rate)]
            args += ["-y", voice] if voice else []
            return [*args, "--", text], {}
        if self.kind == "say":
            args = [self.program, "-r", str(rate)]
            args += ["-v", voice] if voice else []
            if wav:
                args += ["-o", str(wav), "--file-format=WAVE", "--data-format=LEI16@22050"]
            return [*args, "--", text], {}
        sapi_rate = max(-10, min(10, (rate - DEFAULT_RATE) // 20))
        env = {
            "COMPANION_SPEECH_TEXT": text,
            "COMPANION_SPEECH_RATE": str(sapi_rate),
            "COMPANION_SPEECH_VOICE": voice,
            "COMPANION_SPEECH_WAV": str(wav) if wav else "",
        }
        return [self.program, "-NoProfile", "-NonInteractive", "-Command", _SAPI], env


def find_engine(which: Finder = shutil.which, platform: str = sys.platform) -> SpeechEngine | None:
    """The platform's speech engine, looked for now on the PATH (None: there is none)."""
    if platform == "darwin":
        candidates = [("say", "say")]
    elif platform.startswith("win"):
        candidates = [("sapi", "powershell"), ("sapi", "pwsh")]
    else:
        candidates = [("espeak", "espeak-ng"), ("espeak", "espeak"), ("spd-say", "spd-say")]
    for kind, name in candidates:
        found = which(name)
        if found:
            return SpeechEngine(kind, found)
    return None


def find_wav_engine(
    which: Finder = shutil.which, platform: str = sys.platform
) -> SpeechEngine | None:
    """The platform's speech engine if it can write a WAV file (None: none can)."""
    engine = find_engine(which, platform)
    if engine is not None and engine.writes_wav:
        return engine
    return None


def write_wav(engine: SpeechEngine, text: str, settings: VoiceSettings, wav: Path) -> None:
    """Say ``text`` into the WAV file ``wav`` (waits for the engine: a file is wanted).

    OSError when the file was not written (espeak-ng exits 0 on a folder that does not
    exist, so the file itself is checked)."""
    if not wav.parent.is_dir():
        raise FileNotFoundError(f"{wav.parent}: no such folder")
    args, env = engine.command(text, settings, wav)
    subprocess.run(
        args,
        env={**os.environ, **env},
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=60,
    )
    if not wav.is_file() or wav.stat().st_size == 0:
        raise OSError(f"{wav}: the speech engine wrote nothing")


class Speaker:
    """Says lines through the platform's engine in the background, one utterance at a time.

    ``notify`` is told once, the first time something should be said and no engine was
    found ("no voice found"); after that the speaker is silent. A new utterance stops the
    one being said, so the newest move is the one heard.
    """

    def __init__(
        self,
        settings: VoiceSettings,
        notify: Callable[[str], None] | None = None,
        engine: SpeechEngine | None = None,
        which: Finder = shutil.which,
    ) -> None:
        self.settings = settings
        self.notify = notify or (lambda message: None)
        self._engine = engine
        self._which = which
        self._looked = engine is not None
        self._told = False
        self._process: subprocess.Popen[bytes] | None = None
        self.last: list[str] = []

    def engine(self) -> SpeechEngine | None:
        """The engine in use (looked for the first time it is needed)."""
        if not self._looked:
            self._engine = find_engine(self._which)
            self._looked = True
        return self._engine

    def say(self, lines: Sequence[str]) -> bool:
        """Say ``lines`` in order, without waiting; False when nothing is said (the voice is
        off, there is nothing to say, or no engine: then ``notify`` is told, once)."""
        if not self.settings.voice or not lines:
            return False
        self.last = list(lines)
        return self._start(" ".join(lines))

    def repeat(self) -> bool:
        """Say the last lines again (False if there were none or nothing can be said)."""
        return self.say(self.last) if self.last else False

    def stop(self) -> None:
        """Stop what is being said now (nothing happens if nothing is)."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                process.kill()

    def wait(self, timeout: float = 60) -> None:
        """Wait until what is being said now is said (for a command that then exits)."""
        if self._process is not None:
            try:
                self._process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.stop()

    def speaking(self) -> bool:
        """Whether an utterance is being said now."""
        return self._process is not None and self._process.poll() is None

    def _start(self, text: str) -> bool:
        engine = self.engine()
        if engine is None:
            if not self._told:
                self._told = True
                self.notify(_("No voice was found on this computer: the moves are not spoken."))
            return False
        self.stop()
        args, env = engine.command(text, self.settings)
        try:
            self._process = subprocess.Popen(
                args,
                env={**os.environ, **env},
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            self._engine, self._looked = None, True
            return self._start(text)
        return True
