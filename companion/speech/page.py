"""Spoken moves in a browser tab, headless: the packet an app sends its page to speak.

Under `companion serve`, and in the phone build, the app runs behind a page, and the
page says the lines with the browser's own speech synthesis (``web/static/speech.js``).
The app hands the page one meta packet per step (``companion.tui.voice`` sends it through
the app's driver); `companion serve` checks it and forwards it over the tab's websocket
(``companion.web.sessions``). This module is what both sides agree on: the packet's type
and fields, their bounds, and the environment variable by which `serve --voice/--no-voice`
tells each app session whether its page speaks. No Textual, no web server here.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from companion.core.catalog import language
from companion.speech.settings import DEFAULT_RATE

# The meta packet's type, and the websocket message the server makes of it.
SPEAK = "companion_speak"
# Set by the server in every app session's environment: "1" the page speaks, "0" it does not.
VOICE_ENV = "COMPANION_SERVE_VOICE"
# The most a packet may carry (a turn is a handful of short lines).
MAX_LINES = 40
MAX_LINE = 300
ACTIONS = ("say", "stop")
CUES = ("draw", "shuffle", "penalty", "game-end")


def page_voice_on() -> bool | None:
    """Whether `companion serve` set the sessions' voice on (None: not served)."""
    value = os.environ.get(VOICE_ENV)
    return None if value is None else value == "1"


def page_lang() -> str:
    """The player's language as a BCP 47 tag for the browser (``fr_FR`` -> ``fr-FR``)."""
    name = language()
    return "en" if name.startswith("en") else name.replace("_", "-")


def say_packet(
    lines: Sequence[str], *, rate: int = DEFAULT_RATE, cues: Sequence[str] = ()
) -> dict[str, object] | None:
    """The packet that has the page say ``lines`` in order and play ``cues``, bounded;
    None when there is nothing to say or play. ``rate`` is in words a minute (the
    settings' scale); the page says the lines in the player's language."""
    said = [str(line)[:MAX_LINE] for line in lines][:MAX_LINES]
    played = [cue for cue in cues if cue in CUES][:MAX_LINES]
    if not (said or played):
        return None
    return {
        "type": SPEAK,
        "action": "say",
        "lines": said,
        "cues": played,
        "rate": rate,
        "lang": page_lang(),
    }


def stop_packet() -> dict[str, object]:
    """The packet that has the page stop what it is saying (a skip)."""
    return {"type": SPEAK, "action": "stop"}
