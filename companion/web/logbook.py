"""The log of `companion serve`: one line per thing, and never a flood.

Whatever logs (the server, aiohttp, asyncio), each record is one line: a traceback
becomes the exception's type and words, cut short (``COMPANION_DEBUG=1`` keeps the
tracebacks). And the log itself is rate-limited: at most :data:`LINES_PER_SECOND`
lines a second after a burst of :data:`BURST`; the lines left out are counted, and
said in one line when the log may speak again.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Final

from companion.web.limits import Bucket, cut

LINES_PER_SECOND: Final = 10
BURST: Final = 50
SUMMARY_EVERY: Final = 10.0  # seconds between two lines counting the lines left out
LONGEST: Final = 300  # characters of one line


class OneLine(logging.Filter):
    """A record becomes one line: a traceback is the exception named, cut short; a message
    of several lines (asyncio's) is joined, and cut to :data:`LONGEST` characters."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Always kept; made one line."""
        message = record.getMessage()
        if record.exc_info:
            message = f"{message}: {cut(record.exc_info[1], 80)}"
        if record.exc_info or "\n" in message or len(message) > LONGEST:
            record.msg = cut(" · ".join(message.split("\n")), LONGEST)
            record.args = None
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True


class RateLimit(logging.Filter):
    """At most ``rate`` lines a second after ``burst``; the rest counted, then said in one."""

    def __init__(
        self,
        rate: float = LINES_PER_SECOND,
        burst: float = BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.bucket = Bucket(rate, burst, clock)
        self.clock = clock
        self.left_out = 0
        self.said = clock() - SUMMARY_EVERY
        self.saying = False

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` is written (a line counting those left out goes first, at most
        once in :data:`SUMMARY_EVERY` seconds)."""
        if self.saying:
            return True
        if not self.bucket.take(1):
            self.left_out += 1
            return False
        if self.left_out and self.clock() - self.said >= SUMMARY_EVERY:
            left_out, self.left_out = self.left_out, 0
            self.said = self.clock()
            self.saying = True
            try:
                logging.getLogger("companion.web").warning(
                    "log lines left out: %d (more than %d a second)",
                    left_out,
                    self.bucket.rate,
                )
            finally:
                self.saying = False
        return True


def quieten(handler: logging.Handler, debugging: bool) -> None:
    """Put the filters on ``handler``: one line a record (unless debugging), rate-limited."""
    if not debugging:
        handler.addFilter(OneLine())
    handler.addFilter(RateLimit())
