"""Sound cues: a card drawn, a deck rebuilt (shuffled), a penalty card flipped, the game's end.

The sounds are the project's own (MIT, like the code): short tones made here with the
``wave`` module the first time they are needed, into the ``sounds`` folder of the data
folder. They are played by the platform's player found at run time (aplay or paplay on
Linux, afplay on macOS, winsound on Windows) in the background; where none is found, the
terminal bell rings instead.
"""

from __future__ import annotations

import math
import random
import shutil
import struct
import subprocess
import sys
import wave
from collections.abc import Callable
from pathlib import Path

from companion.core.catalog import say
from companion.core.errors import InputError
from companion.paths import data_dir

RATE = 22_050  # samples a second, 16-bit mono
VOLUME = 0.35  # of full scale: a cue, not an alarm
DRAW, SHUFFLE, PENALTY, GAME_END = "draw", "shuffle", "penalty", "game-end"

# Each cue as notes (frequency in Hz, 0 for noise; seconds): a short tick for a draw, a
# riffle of noise for a shuffle, a falling pair for a penalty, a rising arpeggio for the end.
NOTES: dict[str, tuple[tuple[float, float], ...]] = {
    DRAW: ((1320.0, 0.06),),
    SHUFFLE: ((0.0, 0.05), (0.0, 0.05), (0.0, 0.05), (0.0, 0.05), (0.0, 0.05)),
    PENALTY: ((440.0, 0.12), (330.0, 0.2)),
    GAME_END: ((523.25, 0.12), (659.25, 0.12), (783.99, 0.12), (1046.5, 0.3)),
}
CUES = tuple(NOTES)
Finder = Callable[[str], str | None]


def _samples(frequency: float, seconds: float, noise: random.Random) -> list[int]:
    count = int(RATE * seconds)
    fade = max(1, count // 8)  # a short fade in and out: no click at either end
    out = []
    for i in range(count):
        if frequency:
            value = math.sin(2 * math.pi * frequency * i / RATE)
        else:
            value = noise.uniform(-1.0, 1.0) * (1 - i / count)
        envelope = min(1.0, i / fade, (count - i) / fade)
        out.append(int(value * envelope * VOLUME * 32767))
    return out


def make_cue(cue: str, path: Path) -> Path:
    """Write the cue ``cue`` as a 16-bit mono WAV at ``path`` (the project's own sound)."""
    if cue not in NOTES:
        raise InputError(
            say("no sound cue {cue} (the cues: {cues})", cue=cue, cues=", ".join(CUES))
        )
    noise = random.Random(cue)  # the same riffle every time
    samples: list[int] = []
    for frequency, seconds in NOTES[cue]:
        samples += _samples(frequency, seconds, noise)
        samples += [0] * int(RATE * 0.02)  # a breath between notes
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))
    return path


def cue_file(cue: str, folder: Path | None = None) -> Path:
    """The WAV of ``cue`` in ``folder`` (default: the data folder's ``sounds``), made now
    if it is not there yet."""
    path = (folder or data_dir() / "sounds") / f"{cue}.wav"
    if not path.exists():
        make_cue(cue, path)
    return path


def find_player(which: Finder = shutil.which, platform: str = sys.platform) -> list[str] | None:
    """The command that plays a WAV file here (the file's path goes last), or None."""
    names = ["afplay"] if platform == "darwin" else ["paplay", "aplay"]
    for name in names:
        found = which(name)
        if found:
            return [found, "-q"] if name == "aplay" else [found]
    return None


def _bell() -> None:
    stream = sys.__stderr__
    if stream is not None:
        stream.write("\a")
        stream.flush()


def play_cue(
    cue: str,
    *,
    folder: Path | None = None,
    which: Finder = shutil.which,
    platform: str = sys.platform,
    bell: Callable[[], None] = _bell,
) -> str:
    """Play ``cue`` in the background and return how: ``"player"``, ``"winsound"`` or
    ``"bell"`` (no player found, or the sound could not be made). The TUI passes its own
    ``bell`` (the app's bell) so the terminal is not written to behind its back."""
    try:
        path = cue_file(cue, folder)
    except OSError:
        bell()
        return "bell"
    if platform.startswith("win"):
        import winsound  # only on Windows

        winsound.PlaySound(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC)  # type: ignore[attr-defined,unused-ignore]
        return "winsound"
    player = find_player(which, platform)
    if player is None:
        bell()
        return "bell"
    try:
        subprocess.Popen(
            [*player, str(path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    except OSError:
        bell()
        return "bell"
    return "player"
