"""What a broad ``except`` caught is never lost: it is logged, with its traceback when
``COMPANION_DEBUG=1``.

A few places must not stop on any error (a step already saved stands whatever happens to
the history; a row of a list is never worth a crash), so they catch every exception. They
call :func:`caught`, which logs what was caught and where on the ``companion`` logger:
quiet by default (a player sees the one-line fallback), written to standard error with the
whole traceback when ``COMPANION_DEBUG`` is set (for a bug report). A test can read the
log with pytest's ``caplog``.
"""

from __future__ import annotations

import logging
import os
import sys

DEBUG_ENV = "COMPANION_DEBUG"
LOG = logging.getLogger("companion")
LOG.addHandler(logging.NullHandler())  # quiet unless debugging or a caller configures it
_shown = False


def debugging() -> bool:
    """Whether ``COMPANION_DEBUG`` asks for tracebacks."""
    return bool(os.environ.get(DEBUG_ENV))


def _show_when_debugging() -> None:
    """With ``COMPANION_DEBUG``, the log goes to standard error (once a process)."""
    global _shown
    if _shown or not debugging():
        return
    _shown = True
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("companion: %(message)s"))
    LOG.addHandler(handler)


def caught(error: BaseException, where: str) -> None:
    """Log ``error``, caught by a broad ``except`` in ``where`` (what was being done), with
    its traceback when debugging."""
    _show_when_debugging()
    LOG.warning(
        "%s: caught %s: %s",
        where,
        type(error).__name__,
        error,
        exc_info=error if debugging() else None,
    )
