"""Spoken moves in the browser: the app sends a step's lines, the page says them.

Under `companion serve` each tab's app is a process behind the server, run by
Textual's web driver. :func:`speak_in_page` sends the lines as one of that
driver's meta packets (``write_meta``, the way ``App.open_url`` reaches the
browser); the server checks the packet and forwards it over the tab's websocket
(``sessions.WarmAppService.on_meta``); the page (``templates/app_index.html``)
says the lines in order with the browser's own speech synthesis (``static/speech.js``),
and has stop and repeat. Nothing is said on the machine that serves: the tab's device
speaks. In the phone build the app runs in the page itself (Pyodide), on
:class:`~companion.web.page_driver.PageDriver`: its ``write_meta`` hands the same
packet to ``phone/boot.js``, which gives it to the same ``speech.js``.

A game screen makes its voice with :func:`voice_for`: in a browser tab a
:class:`PageVoice` (the page speaks, on or off as ``serve --voice/--no-voice``
set it for the sessions), in a terminal the platform's :class:`Voice`. The
screen then calls ``announce``, ``toggle``, ``repeat`` and ``stop`` the same way
in both. Outside the browser, :func:`speak_in_page` and :func:`stop_in_page` do
nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textual.app import App
from textual.drivers.web_driver import WebDriver

from companion.core.catalog import language
from companion.speech.settings import DEFAULT_RATE, VoiceSettings, load_settings
from companion.speech.voice import Voice
from companion.web.page_driver import PageDriver

# The meta packet's type, and the websocket message the server makes of it.
SPEAK = "companion_speak"
# Set by the server in every app session's environment: "1" the page speaks, "0" it does not.
VOICE_ENV = "COMPANION_SERVE_VOICE"
# The most a packet may carry (a turn is a handful of short lines).
MAX_LINES = 40
MAX_LINE = 300
ACTIONS = ("say", "stop")
CUES = ("draw", "shuffle", "penalty", "game-end")


# The drivers of an app in a browser tab: `companion serve`'s, and the phone build's
# (Pyodide in the page); both send the page a meta message with ``write_meta``.
PAGE_DRIVERS = (WebDriver, PageDriver)


def in_page(app: App[Any]) -> bool:
    """Whether ``app`` runs in a browser tab (`companion serve` or the phone build)."""
    return isinstance(getattr(app, "_driver", None), PAGE_DRIVERS)


def page_voice_on() -> bool | None:
    """Whether `companion serve` set the sessions' voice on (None: not served)."""
    value = os.environ.get(VOICE_ENV)
    return None if value is None else value == "1"


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
    said = [str(line)[:MAX_LINE] for line in lines][:MAX_LINES]
    played = [cue for cue in cues if cue in CUES][:MAX_LINES]
    if not (said or played) or not in_page(app):
        return False
    return _send(
        app,
        {"action": "say", "lines": said, "cues": played, "rate": rate, "lang": _page_lang()},
    )


def stop_in_page(app: App[Any]) -> bool:
    """Have the page stop what it is saying (a skip); whether it was told."""
    if not in_page(app):
        return False
    return _send(app, {"action": "stop"})


def _send(app: App[Any], packet: dict[str, object]) -> bool:
    driver = getattr(app, "_driver", None)
    if not isinstance(driver, PAGE_DRIVERS):
        return False
    driver.write_meta({"type": SPEAK, **packet})
    return True


def _page_lang() -> str:
    """The player's language as a BCP 47 tag for the browser (``fr_FR`` -> ``fr-FR``)."""
    name = language()
    return "en" if name.startswith("en") else name.replace("_", "-")


class PageVoice(Voice):
    """The voice of a browser tab: the page says the lines; the serving machine stays silent.

    On or off for this tab only (``toggle`` is not written to the settings file: `serve
    --voice/--no-voice` sets every tab's start); the rate and cues come from the settings.
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

    def toggle(self) -> bool:
        """Turn this tab's spoken moves on or off; returns whether they are on."""
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
