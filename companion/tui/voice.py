"""The spoken moves of the game screens: one voice for the whole app, three keys on each screen.

Every game screen (the Euphoria turn screen, Ephios solo, the quick game, the campaign)
mixes in :class:`SpeaksMoves`: after a step it hands the step's spoken lines and sound
cues (``companion.euphoria.spoken`` / ``companion.ephios.spoken``, made from the
announcements' data) to :meth:`SpeaksMoves.say_step`, and binds `v`, `r` and `.`
(``keys.voice_keys()``) to the actions here.

The voice belongs to the app, not to a screen (:func:`voice_of`): a game screen is
rebuilt whenever its save changes elsewhere (``companion.tui.live``), and the line being
said, the last lines to repeat and the "no voice was found" notice (told once) must
outlive it. In a browser tab it is the page's voice (``companion.web.speak``). Nothing
here waits for the speech engine.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

from textual.app import App

from companion.core.catalog import _
from companion.speech.voice import Voice
from companion.web.speak import voice_for

_VOICES: weakref.WeakKeyDictionary[App[Any], Voice] = weakref.WeakKeyDictionary()


def voice_of(app: App[Any]) -> Voice:
    """The voice of ``app``, made the first time a game screen needs it (the settings read
    from the data folder then; off by default)."""
    voice = _VOICES.get(app)
    if voice is None:

        def notify(message: str) -> None:
            app.notify(message, severity="warning")

        voice = voice_for(app, notify=notify, bell=app.bell)
        _VOICES[app] = voice
    return voice


class SpeaksMoves:
    """Mixin of a game screen that says its steps aloud (the `v`, `r` and `.` keys)."""

    app: App[Any]

    @property
    def voice(self) -> Voice:
        """The app's voice (shared by every game screen)."""
        return voice_of(self.app)

    def say_step(self, lines: Sequence[str], cues: Sequence[str] = ()) -> None:
        """Say a step's lines in order and play its cues, as the settings allow; never waits.

        Nothing is said when the save on disk is not the one this screen shows: the step's
        write was refused (the game moved on elsewhere) and the screen is being replaced by
        the latest (``companion.tui.live``)."""
        moved_on = getattr(self, "save_moved_on", None)
        if callable(moved_on) and moved_on():
            return
        self.voice.announce(lines, cues)

    def action_voice(self) -> None:
        """`v`: spoken moves on or off (kept between runs; in a browser tab, for that tab)."""
        if self.voice.toggle():
            self.app.notify(_("Spoken moves on: r says the last step again, . stops speaking."))
        else:
            self.app.notify(_("Spoken moves off."))

    def action_say_again(self) -> None:
        """`r`: say the last spoken step again."""
        if not self.voice.settings.voice:
            self.app.notify(_("The moves are not spoken: v turns the voice on."))
            return
        if not self.voice.repeat():
            self.app.notify(_("Nothing to say again yet."))

    def action_hush(self) -> None:
        """`.`: stop what is being said (the next step is said all the same)."""
        self.voice.stop()
