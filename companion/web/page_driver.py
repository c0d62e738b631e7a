"""A Textual driver for the app inside the page (Pyodide): input from the page, output to xterm.js.

Textual's own drivers read the terminal on a thread, and CPython in WebAssembly has
none: here the page calls :func:`feed` with what xterm.js typed (the same text that
`companion serve` would get as a ``stdin`` message) and :func:`meta` with a
``resize``, ``focus`` or ``blur``; what the app draws goes to the output the boot
script gave :func:`attach`, and a meta message for the page itself (the spoken
moves, :func:`companion.tui.voice.speak_in_page`) goes, as JSON, to the ``meta``
callback it gave. Modelled on Textual's web driver and its xterm input
parser (``textual._xterm_parser``, a private module: the build pins Textual exactly).
A lone Escape is a key only once the parser has waited for what could follow it,
so a timer ticks the parser after each input.

Imported only in the page (the boot script gives it to the app).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size

Output = Callable[[str], None]

# What the page gave: where output and meta messages go, the size the terminal starts at;
# the driver now.
_page: dict[str, Any] = {"output": None, "meta": None, "size": (80, 24), "driver": None}


def attach(output: Output, columns: int, rows: int, meta: Output | None = None) -> None:
    """Where the app's output goes (the page's terminal), the size it starts at, and
    where the app's messages to the page itself go (``meta``, each one JSON text)."""
    _page["output"] = output
    _page["meta"] = meta
    _page["size"] = (columns, rows)


def feed(text: str) -> None:
    """What the player typed, tapped or clicked in the page's terminal (xterm.js's data)."""
    driver = _page["driver"]
    if isinstance(driver, PageDriver):
        driver.feed(text)


def meta(kind: str, width: int = 0, height: int = 0) -> None:
    """A message of the page: ``resize`` (to ``width`` x ``height`` cells), ``focus``, ``blur``."""
    driver = _page["driver"]
    if isinstance(driver, PageDriver):
        driver.meta(kind, width, height)


class PageDriver(Driver):
    """The app's terminal is the page's xterm.js; no thread, no file descriptor."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size or _page["size"])
        self._parser = XTermParser(debug=False)
        self._tick: asyncio.TimerHandle | None = None
        self._output: Output | None = _page["output"]
        self._meta: Output | None = _page["meta"]

    @property
    def is_web(self) -> bool:
        """The app is in a browser (it keeps its focus when the page's terminal has none)."""
        return True

    def write(self, data: str) -> None:
        """Draw on the page's terminal."""
        if self._output is not None:
            self._output(data)

    def write_meta(self, data: dict[str, object]) -> None:
        """Send the page a message of its own (as Textual's web driver does), as JSON text."""
        if self._meta is not None:
            self._meta(json.dumps(data))

    def start_application_mode(self) -> None:
        """Take the page's terminal: alternate screen, mouse, the first size."""
        _page["driver"] = self
        self.write("\x1b[?1049h")  # the alternate screen
        self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")  # every mouse event, SGR
        self.write("\x1b[?25l")  # no cursor
        self.write("\x1b[?2004h")  # bracketed paste
        size = Size(*(self._size or (80, 24)))
        self._app.post_message(events.Resize(size, size))

    def disable_input(self) -> None:
        """Take no more input (the app is closing)."""
        if _page["driver"] is self:
            _page["driver"] = None

    def stop_application_mode(self) -> None:
        """Give the terminal back."""
        self.disable_input()
        self.write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?1049l")

    def feed(self, text: str) -> None:
        """Parse what the page's terminal sent and post the keys and mouse events."""
        for event in self._parser.feed(text):
            self.process_message(event)
        # An Escape alone may be the start of a sequence: the parser knows after a moment.
        if self._tick is not None:
            self._tick.cancel()
        loop = asyncio.get_running_loop()
        self._tick = loop.call_later(constants.ESCAPE_DELAY * 1.5, self._tick_parser)

    def _tick_parser(self) -> None:
        self._tick = None
        for event in self._parser.tick():
            self.process_message(event)

    def meta(self, kind: str, width: int, height: int) -> None:
        """The page's ``resize``, ``focus`` and ``blur``."""
        if kind == "resize" and width > 0 and height > 0:
            self._size = (width, height)
            size = Size(width, height)
            self._app.post_message(events.Resize(size, size))
        elif kind == "focus":
            self._app.post_message(events.AppFocus())
        elif kind == "blur":
            self._app.post_message(events.AppBlur())
