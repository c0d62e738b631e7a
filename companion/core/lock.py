"""A cross-process lock per save file, held from reading a save to renaming its new version.

Every writer (a CLI command, each app process, a browser tab's app) takes
the lock of a save before it reads it for a change and keeps it until the
new version is renamed into place, so N concurrent steps give N steps.

The lock is an OS advisory lock (``fcntl.flock``) on the folder that holds
the save (the folder of its target, for a symlinked save): never on the save
itself, which each write replaces (a lock on the old file would not exclude
a writer that opened the new one), and no lock file is left beside the
saves. Writers of saves in one folder take turns; a write takes
milliseconds. The OS releases the lock when the process ends, however it
ends, so a killed writer never leaves a save locked. Standard library only
(no dependency); where there is no ``fcntl`` (Windows) there is no lock.

Re-entrant within a process: a step that holds the lock may call code that
takes it again (the nested call is a no-op).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.core.catalog import say
from companion.core.errors import ConflictError, SaveError

# How long a writer waits for another one before giving up (seconds); a step takes
# milliseconds, so a wait this long means a writer is stuck. COMPANION_LOCK_TIMEOUT overrides.
TIMEOUT = 5.0
_POLL = 0.01

_held: dict[str, int] = {}  # locked folder -> nesting depth, for this process


class LockTimeout(ConflictError):
    """Another process kept the save locked for longer than the timeout (CLI exit 4)."""


def lock_path(save: Path) -> Path:
    """What is locked for ``save``: the folder of its target."""
    return real_path(save).parent


def _timeout() -> float:
    text = os.environ.get("COMPANION_LOCK_TIMEOUT", "")
    try:
        return float(text) if text else TIMEOUT
    except ValueError:
        return TIMEOUT


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no advisory locks on folders
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def is_held(save: Path) -> bool:
    """Whether this process holds the lock of ``save``."""
    return str(lock_path(save)) in _held


def real_path(save: Path) -> Path:
    """The file a save path stands for: a symlinked save is written through to its target."""
    return Path(os.path.realpath(save))


@contextmanager
def locked(save: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the lock of ``save`` for the ``with`` block; LockTimeout after ``timeout`` seconds.

    The save's folder must exist (a new save's folder is created by the caller first);
    an OSError if it cannot be opened.
    """
    path = lock_path(Path(save))
    key = str(path)
    if key in _held:
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return
    wait = _timeout() if timeout is None else timeout
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as exc:
        raise SaveError(
            say(
                "{save}: cannot be locked ({problem}: {folder}); nothing changed",
                save=save,
                problem=exc.strerror or exc,
                folder=path,
            )
        ) from None
    try:
        deadline = time.monotonic() + wait
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise LockTimeout(
                    say(
                        "{save}: another program has been changing this save for over "
                        "{seconds:g} seconds; nothing changed, try again",
                        save=save,
                        seconds=wait,
                    )
                )
            time.sleep(_POLL)
        _held[key] = 1
        try:
            yield
        finally:
            del _held[key]
    finally:
        os.close(fd)  # closing the folder releases the lock
