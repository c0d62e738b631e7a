"""Spoken moves in the browser: the app sends a step's lines, the page says them.

Under `companion serve` each tab's app is a process behind the server, run by
Textual's web driver. The app's game screens speak through their voice
(``companion.tui.voice``): in a browser tab a :class:`PageVoice` sends the lines as one
of the driver's meta packets (``write_meta``, the way ``App.open_url`` reaches the
browser), made by ``companion.speech.page``; the server checks the packet and forwards
it over the tab's websocket (``sessions.WarmAppService.on_meta``); the page
(``templates/app_index.html``) says the lines in order with the browser's own speech
synthesis (``static/speech.js``), and has stop and repeat. Nothing is said on the
machine that serves: the tab's device speaks. In the phone build the app runs in the
page itself (Pyodide), on :class:`~companion.web.page_driver.PageDriver`: its
``write_meta`` hands the same packet to ``phone/boot.js``, which gives it to the same
``speech.js``.

The names here are kept for those who import them from this module: the packet lives in
``companion.speech.page`` (below the shells) and the tab's voice in ``companion.tui.voice``
(the app decides what it runs in; the app never imports the web server).
"""

from __future__ import annotations

from textual.drivers.web_driver import WebDriver

from companion.speech.page import (
    ACTIONS,
    CUES,
    MAX_LINE,
    MAX_LINES,
    SPEAK,
    VOICE_ENV,
    page_voice_on,
)
from companion.tui.voice import PageVoice, in_page, speak_in_page, stop_in_page, voice_for
from companion.web.page_driver import PageDriver

__all__ = [
    "ACTIONS",
    "CUES",
    "MAX_LINE",
    "MAX_LINES",
    "PAGE_DRIVERS",
    "SPEAK",
    "VOICE_ENV",
    "PageVoice",
    "in_page",
    "page_voice_on",
    "speak_in_page",
    "stop_in_page",
    "voice_for",
]

# The drivers of an app in a browser tab: `companion serve`'s, and the phone build's
# (Pyodide in the page); both send the page a meta message with ``write_meta``.
PAGE_DRIVERS = (WebDriver, PageDriver)
