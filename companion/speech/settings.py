"""The voice and sound settings, kept between runs in the data folder (off by default).

They live in ``settings.toml`` in the data folder (``companion.paths.data_dir``), as the
``[voice]`` and ``[sound]`` tables; other tables of the file are kept as they are. The file
is written atomically through the core; a missing or damaged file reads as the defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.core.catalog import say
from companion.core.errors import CompanionError, InputError
from companion.core.saves import tomli_dumps, write_text_atomically
from companion.core.tomlfile import read_toml
from companion.paths import data_dir

FILE_NAME = "settings.toml"
# Words a minute: espeak-ng's own default; the engines with another scale get it converted.
DEFAULT_RATE = 175
RATES = (80, 450)  # the slowest and fastest rate accepted (words a minute)


@dataclass(frozen=True)
class VoiceSettings:
    """Whether moves are spoken, by which voice (the engine's name; "" its default), how fast
    (words a minute), and whether sound cues play. Everything is off by default."""

    voice: bool = False
    voice_name: str = ""
    rate: int = DEFAULT_RATE
    sound_cues: bool = False

    def changed(self, **changes: Any) -> VoiceSettings:
        """These settings with ``changes``; InputError for a rate out of range."""
        new = replace(self, **changes)
        if not RATES[0] <= new.rate <= RATES[1]:
            raise InputError(
                say(
                    "the rate must be from {slowest} to {fastest} words a minute",
                    slowest=RATES[0],
                    fastest=RATES[1],
                )
            )
        return new


# Run with the path after every write of the settings (the phone build writes its data
# folder back to the browser's storage then, so the settings are kept between starts there too).
_AFTER_SAVE: list[Callable[[Path], None]] = []


def after_save(hook: Callable[[Path], None]) -> None:
    """Run ``hook(path)`` after every write of the settings from now on (once per hook)."""
    if hook not in _AFTER_SAVE:
        _AFTER_SAVE.append(hook)


def settings_path() -> Path:
    """Where the settings are kept: ``settings.toml`` in the data folder."""
    return data_dir() / FILE_NAME


def _read(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        return read_toml(path, "settings file")
    except CompanionError:
        return {}


def load_settings(path: Path | None = None) -> VoiceSettings:
    """The settings kept in ``path`` (default: the data folder's); the defaults for whatever
    is missing or not of its type (a damaged file never stops the app)."""
    data = _read(path or settings_path())
    voice = _table(data, "voice")
    sound = _table(data, "sound")
    default = VoiceSettings()
    rate = voice.get("rate", default.rate)
    ok_rate = isinstance(rate, int) and not isinstance(rate, bool) and RATES[0] <= rate <= RATES[1]
    on, name, cues = voice.get("on"), voice.get("name"), sound.get("cues")
    return VoiceSettings(
        voice=on if isinstance(on, bool) else default.voice,
        voice_name=name if isinstance(name, str) else default.voice_name,
        rate=rate if ok_rate else default.rate,
        sound_cues=cues if isinstance(cues, bool) else default.sound_cues,
    )


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    table = data.get(key)
    return table if isinstance(table, dict) else {}


def save_settings(settings: VoiceSettings, path: Path | None = None) -> Path:
    """Write ``settings`` (atomically, keeping the file's other tables); returns the path."""
    target = path or settings_path()
    data = _read(target)
    data["voice"] = {"on": settings.voice, "name": settings.voice_name, "rate": settings.rate}
    data["sound"] = {"cues": settings.sound_cues}
    write_text_atomically(target, tomli_dumps(data))
    for hook in list(_AFTER_SAVE):
        hook(target)
    return target
