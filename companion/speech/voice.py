"""What a game screen holds to speak its moves and play its cues: one object, headless.

A screen makes one :class:`Voice` (the settings read from the data folder), calls
:meth:`Voice.announce` with the spoken lines and sound cues of each step (from
``companion.euphoria.words`` / ``companion.ephios.words``), and binds keys to
:meth:`Voice.toggle` (on/off, kept between runs), :meth:`Voice.repeat` and :meth:`Voice.stop`.
Nothing here waits for the speech engine or the sound player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from companion.speech.cues import play_cue
from companion.speech.engines import Speaker
from companion.speech.settings import VoiceSettings, load_settings, save_settings


class Voice:
    """The spoken moves and sound cues of one app: ``notify`` shows a one-line notice (the
    "no voice was found" told once), ``bell`` rings where no sound player exists."""

    def __init__(
        self,
        notify: Callable[[str], None] | None = None,
        bell: Callable[[], None] | None = None,
        settings: VoiceSettings | None = None,
        path: Path | None = None,
    ) -> None:
        self.path = path
        self.settings = settings if settings is not None else load_settings(path)
        self.speaker = Speaker(self.settings, notify)
        self.bell = bell

    def announce(self, lines: Sequence[str], cues: Sequence[str] = ()) -> None:
        """Play the step's cues (when cues are on) and say its lines (when the voice is on)."""
        if self.settings.sound_cues:
            for cue in cues:
                if self.bell is None:
                    play_cue(cue)
                else:
                    play_cue(cue, bell=self.bell)
        self.speaker.say(lines)

    def _keep(self, settings: VoiceSettings) -> None:
        self.settings = settings
        self.speaker.settings = settings
        save_settings(settings, self.path)

    def toggle(self) -> bool:
        """Turn the spoken moves on or off (kept between runs); returns whether they are on.
        Turning them off stops what is being said."""
        self._keep(self.settings.changed(voice=not self.settings.voice))
        if not self.settings.voice:
            self.speaker.stop()
        return self.settings.voice

    def toggle_cues(self) -> bool:
        """Turn the sound cues on or off (kept between runs); returns whether they are on."""
        self._keep(self.settings.changed(sound_cues=not self.settings.sound_cues))
        return self.settings.sound_cues

    def repeat(self) -> bool:
        """Say the last step's lines again (False if nothing can be said)."""
        return self.speaker.repeat()

    def stop(self) -> None:
        """Stop what is being said (a skip)."""
        self.speaker.stop()
