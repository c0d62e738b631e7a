"""The spoken moves of the game screens: one voice for the whole app, three keys on each screen.

Every game screen (the Euphoria turn screen, Ephios solo, the quick game, the campaign)
mixes in :class:`SpeaksMoves`: after a step it hands the step's spoken lines and sound
cues (``companion.euphoria.words`` / ``companion.ephios.words``, made from the
announcements' data) to :meth:`SpeaksMoves.say_step`, and binds `v`, `r` and `.`
(``keys.voice_keys()``) to the actions here.

The voice belongs to the app, not to a screen (:func:`voice_of`): a game screen is
rebuilt whenever its save changes elsewhere (``companion.tui.live``), and the line being
said, the last lines to repeat and the "no voice was found" notice (told once) must
outlive it. In a browser tab (`companion serve`, the phone build) it is the page's voice,
:class:`PageVoice`: the lines go to the page as a meta packet of the app's driver
(``companion.speech.page``) and the page says them; nothing is said on the machine that
serves. Nothing here waits for the speech engine.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textual.app import App

from companion.core.catalog import _
from companion.speech.page import page_voice_on, say_packet, stop_packet
from companion.speech.settings import DEFAULT_RATE, VoiceSettings, load_settings, save_settings
from companion.speech.voice import Voice

_VOICES: weakref.WeakKeyDictionary[App[Any], Voice] = weakref.WeakKeyDictionary()


def _page_meta(app: App[Any]) -> Callable[[dict[str, object]], None] | None:
    """Where ``app`` hands its page a meta packet, None when it runs in no page.

    In a browser tab the app's driver writes meta packets to the page: Textual's web
    driver under `companion serve`, ``companion.web.page_driver.PageDriver`` in the phone
    build. A terminal's drivers have no ``write_meta``."""
    write_meta = getattr(getattr(app, "_driver", None), "write_meta", None)
    return write_meta if callable(write_meta) else None


def in_page(app: App[Any]) -> bool:
    """Whether ``app`` runs in a browser tab (`companion serve` or the phone build)."""
    return _page_meta(app) is not None


def speak_in_page(
    app: App[Any],
    lines: Sequence[str],
    *,
    rate: int = DEFAULT_RATE,
    cues: Sequence[str] = (),
) -> bool:
    """Have the page say ``lines`` in order (and play ``cues``); whether anything was sent.

    Does nothing outside the browser, or with nothing to say or play. ``rate`` is in
    words a minute (the settings' scale); the page says the lines in the player's language.
    """
    write_meta = _page_meta(app)
    packet = say_packet(lines, rate=rate, cues=cues)
    if write_meta is None or packet is None:
        return False
    write_meta(packet)
    return True


def stop_in_page(app: App[Any]) -> bool:
    """Have the page stop what it is saying (a skip); whether it was told."""
    write_meta = _page_meta(app)
    if write_meta is None:
        return False
    write_meta(stop_packet())
    return True


class PageVoice(Voice):
    """The voice of a browser tab: the page says the lines; the serving machine stays silent.

    Its settings are the data folder's (the phone's in the phone build, the serving
    computer's under `companion serve`): turned on or off, they are kept for the next start,
    unless `serve --voice/--no-voice` set every tab's voice for this run: then a change is for
    this tab only (the settings file is not written).
    """

    def __init__(
        self,
        app: App[Any],
        notify: Callable[[str], None] | None = None,
        bell: Callable[[], None] | None = None,
        settings: VoiceSettings | None = None,
        path: Path | None = None,
    ) -> None:
        super().__init__(notify, bell, settings, path)
        self.app = app
        self.last: list[str] = []

    def announce(self, lines: Sequence[str], cues: Sequence[str] = ()) -> None:
        """Send the step's lines (when the voice is on) and cues (when on) to the page."""
        self.last = list(lines)
        said = self.last if self.settings.voice else []
        played = list(cues) if self.settings.sound_cues else []
        speak_in_page(self.app, said, rate=self.settings.rate, cues=played)

    def _keep(self, settings: VoiceSettings) -> None:
        self.settings = settings
        self.speaker.settings = settings
        if page_voice_on() is None:  # not set for the run by `serve --voice/--no-voice`
            save_settings(settings, self.path)

    def toggle(self) -> bool:
        """Turn the tab's spoken moves on or off (kept, as :meth:`_keep` says); returns whether
        they are on."""
        self._keep(self.settings.changed(voice=not self.settings.voice))
        if not self.settings.voice:
            stop_in_page(self.app)
        return self.settings.voice

    def repeat(self) -> bool:
        """Have the page say the last step's lines again (False if nothing can be said)."""
        if not (self.settings.voice and self.last):
            return False
        return speak_in_page(self.app, self.last, rate=self.settings.rate)

    def stop(self) -> None:
        """Have the page stop what it is saying (a skip)."""
        stop_in_page(self.app)


def voice_for(
    app: App[Any],
    notify: Callable[[str], None] | None = None,
    bell: Callable[[], None] | None = None,
    path: Path | None = None,
) -> Voice:
    """The voice a game screen of ``app`` uses: the page's in a browser tab, else the platform's.

    In a tab, the voice starts on or off as `companion serve` set it for its sessions.
    """
    settings = load_settings(path)
    if not in_page(app):
        return Voice(notify, bell, settings, path)
    served = page_voice_on()
    if served is not None:
        settings = settings.changed(voice=served)
    return PageVoice(app, notify, bell, settings, path)


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


def toggle_voice(app: App[Any]) -> bool:
    """Turn ``app``'s spoken moves on or off and say so; returns whether they are on (`v` on a
    game screen, the menu's Spoken moves entry on any)."""
    if voice_of(app).toggle():
        app.notify(_("Spoken moves on: r says the last step again, . stops speaking."))
        return True
    app.notify(_("Spoken moves off."))
    return False


def toggle_cues(app: App[Any]) -> bool:
    """Turn ``app``'s sound cues on or off and say so; returns whether they are on (the menu's
    Sound cues entry)."""
    if voice_of(app).toggle_cues():
        app.notify(_("Sound cues on: a card drawn, a shuffle, a penalty and the end of a game."))
        return True
    app.notify(_("Sound cues off."))
    return False


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
        """`v`: spoken moves on or off (kept between runs, unless `serve` set them for its run)."""
        toggle_voice(self.app)

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
