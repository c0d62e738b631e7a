"""What one browser session may send to its app: the size of a message, its shape, its rate.

The page (textual-serve's script) sends JSON lists: ``["stdin", text]`` for what
the keyboard, the mouse or a paste produce, ``["resize", {"width", "height"}]``,
``["ping", stamp]``, ``["focus"]`` and ``["blur"]``. :class:`InputGuard` checks
each one before anything reaches the app process: a message of another shape,
a paste longer than :data:`MAX_INPUT` characters, a terminal size beyond
:data:`MAX_COLUMNS` x :data:`MAX_ROWS`, or input faster than a person (or a
paste) produces is refused whole, with the reason; nothing of it is fed to the
app. So is a message nested deeper than JSON's parser goes, or text holding a lone
surrogate (no UTF-8 for the app): refused, the session goes on. A reason quotes
at most :data:`LOGGED_CHARS` characters of what was sent (:func:`cut`), so a
hostile message cannot fill the log. A refused paste is not cut: a cut paste would lose the end of the
terminal's paste brackets and leave the app waiting for the rest.

The figures are far above what a person sends: a key is 1 to 10 characters, a
mouse report about 12 (some 60 a second while the pointer moves), and the
longest text the app asks for is a save's name; the longest paste allowed
still takes the app under a second to read.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

# aiohttp refuses (closes the websocket on) a frame longer than this, before reading it whole.
MAX_MESSAGE_BYTES: Final = 64 * 1024
# The longest text one "stdin" message may carry (a paste); longer is refused whole.
MAX_INPUT: Final = 4096
# Input characters per second a session may send, and the burst above that rate.
INPUT_RATE: Final = 2048
INPUT_BURST: Final = 2 * MAX_INPUT
# Messages per second a session may send (any kind), and the burst above that rate.
MESSAGE_RATE: Final = 100
MESSAGE_BURST: Final = 200
# The largest terminal a page may ask for (a 4K screen at a small font is about 400 x 120).
MAX_COLUMNS: Final = 500
MAX_ROWS: Final = 200
MAX_PING: Final = 64
# The most characters of a value sent by a page that a log line quotes.
LOGGED_CHARS: Final = 32


def cut(value: object, length: int = LOGGED_CHARS) -> str:
    """``value`` as text for the log, cut to ``length`` characters (an ellipsis says so),
    without control characters (a quoted value cannot make a line of its own)."""
    text = value if isinstance(value, str) else repr(value)
    text = "".join(c if c.isprintable() else "?" for c in text[: length + 1])
    return text if len(text) <= length else text[: length - 1] + "…"


@dataclass(frozen=True)
class Stdin:
    """Input for the app: keys, a paste, mouse reports."""

    text: str


@dataclass(frozen=True)
class Resize:
    """The page's terminal has a new size."""

    width: int
    height: int


@dataclass(frozen=True)
class Ping:
    """The page measures the round trip; the server answers at once."""

    stamp: str


@dataclass(frozen=True)
class Focus:
    """The page gained (``True``) or lost the focus."""

    focused: bool


Message = Stdin | Resize | Ping | Focus


class Refused(Exception):
    """A message the server does not pass on; ``reason`` says why (for the log)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` saved up."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self.stamp = self.clock()

    def take(self, amount: float) -> bool:
        """Spend ``amount`` tokens if there are that many (refilled since the last take)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if amount > self.tokens:
            return False
        self.tokens -= amount
        return True


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _utf8(text: str) -> str:
    """``text`` if it has a UTF-8 form (no lone surrogate: ``"\\ud800"`` in JSON)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("text with a lone surrogate (not UTF-8)") from None
    return text


def parse(text: str) -> Message:
    """One websocket text message as the page sends it; :class:`Refused` for anything else."""
    try:
        envelope = json.loads(text)
    except ValueError:
        raise Refused("not JSON") from None
    except RecursionError:
        raise Refused("JSON nested too deeply") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise Refused("not a list starting with its kind")
    kind, data = envelope[0], envelope[1:]
    if kind == "stdin" and len(data) == 1 and isinstance(data[0], str):
        if len(data[0]) > MAX_INPUT:
            raise Refused(f"input of {len(data[0])} characters (at most {MAX_INPUT})")
        return Stdin(_utf8(data[0]))
    if kind == "resize" and len(data) == 1 and isinstance(data[0], dict):
        width, height = data[0].get("width"), data[0].get("height")
        if not (_is_int(width) and _is_int(height)):
            raise Refused("a size without whole width and height")
        assert isinstance(width, int) and isinstance(height, int)
        if not (1 <= width <= MAX_COLUMNS and 1 <= height <= MAX_ROWS):
            size = f"{cut(width, 8)}x{cut(height, 8)}"
            raise Refused(f"a size of {size} (at most {MAX_COLUMNS}x{MAX_ROWS})")
        return Resize(width, height)
    if kind == "ping" and len(data) == 1 and isinstance(data[0], str | int):
        if isinstance(data[0], int) and not -(10**MAX_PING) < data[0] < 10**MAX_PING:
            raise Refused("a ping too long")  # (before making a string of a huge number)
        stamp = str(data[0])
        if len(stamp) > MAX_PING:
            raise Refused("a ping too long")
        return Ping(_utf8(stamp))
    if kind in ("focus", "blur") and not data:
        return Focus(kind == "focus")
    raise Refused(f"a {cut(kind)!r} message of an unknown shape")


class InputGuard:
    """The checks of one session's messages: shape, size, and rate (see the module)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.messages = Bucket(MESSAGE_RATE, MESSAGE_BURST, clock)
        self.characters = Bucket(INPUT_RATE, INPUT_BURST, clock)

    def check(self, text: str) -> Message:
        """The message ``text`` if it may go on to the app; :class:`Refused` with the reason."""
        if not self.messages.take(1):
            raise Refused(f"more than {MESSAGE_RATE} messages a second")
        message = parse(text)
        if isinstance(message, Stdin) and not self.characters.take(len(message.text)):
            raise Refused(f"input faster than {INPUT_RATE} characters a second")
        return message
