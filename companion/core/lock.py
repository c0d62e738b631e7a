"""A cross-process lock per save file, held from reading a save to renaming its new version.

Every writer (a CLI command, each app process, a browser tab's app) takes
the lock of a save before it reads it for a change and keeps it until the
new version is renamed into place, so N concurrent steps give N steps.

The lock is an OS advisory lock (``fcntl.flock``) on **the save itself** (its target, for
a symlinked save), so writers of different saves never wait for each other, however
long one of them takes. Each write renames a new file over the save, so a lock on the
old file must not be taken for a lock on the save: a writer that gets the lock checks
that the file it locked is still the one at the save's path, and if another writer
replaced it meanwhile, it locks the new one instead. A save that does not exist yet (a
new game) is locked through its folder, and a writer that finds the save made meanwhile
locks the save instead. No lock file is left beside the saves, and the OS releases the
lock when the process ends, however it ends, so a killed writer never leaves a save
locked. Standard library only (no dependency); where there is no ``fcntl`` (Windows)
there is no lock.

Re-entrant within a process: a step that holds the lock may call code that
takes it again (the nested call is a no-op).
"""

from __future__ import annotations

import os
import stat
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

# Opening a FIFO or a terminal at a save's path neither waits nor takes the terminal.
_NOT_WAITING = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_held: dict[str, int] = {}  # what is locked (a save, or a folder) -> nesting depth, here


class LockTimeout(ConflictError):
    """Another process kept the save locked for longer than the timeout (CLI exit 4)."""


def lock_path(save: Path) -> Path:
    """What is locked for ``save``: its target when it is there, else the folder of it."""
    target = real_path(save)
    return target if target.is_file() else target.parent


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
    return str(real_path(save)) in _held


def real_path(save: Path) -> Path:
    """The file a save path stands for: a symlinked save is written through to its target."""
    return Path(os.path.realpath(save))


@contextmanager
def locked(save: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the lock of ``save`` for the ``with`` block; LockTimeout after ``timeout`` seconds.

    The save's folder must exist (a new save's folder is created by the caller first);
    SaveError if it cannot be opened.
    """
    target = real_path(Path(save))
    key = str(target)
    if key in _held:
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return
    wait = _timeout() if timeout is None else timeout
    deadline = time.monotonic() + wait
    while True:
        fd, held = _open(save, target)
        try:
            if held in _held:  # the folder, held here for another new save: nested
                found = _nested(target)
            else:
                _wait(fd, deadline, save, wait)
                found = _still(target, fd, held)
            if found:
                _held[key] = 1
                if held != key:
                    _held[held] = _held.get(held, 0) + 1
                try:
                    yield
                finally:
                    del _held[key]
                    if held != key:
                        _drop(held)
                return
        finally:
            os.close(fd)  # closing the file (or folder) releases the lock


def _open(save: Path, target: Path) -> tuple[int, str]:
    """An open descriptor of what to lock for ``target`` and its name: the save when it is
    a regular file, else its folder."""
    try:
        fd = os.open(target, os.O_RDONLY | _NOT_WAITING)
    except OSError:
        fd = -1
    if fd >= 0:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd, str(target)
        os.close(fd)
    folder = target.parent
    try:
        return os.open(folder, os.O_RDONLY), f"{folder}{os.sep}"
    except OSError as exc:
        raise SaveError(
            say(
                "{save}: cannot be locked ({problem}: {folder}); nothing changed",
                save=save,
                problem=exc.strerror or exc,
                folder=folder,
            )
        ) from None


def _wait(fd: int, deadline: float, save: Path, wait: float) -> None:
    """Take the lock of ``fd``, waiting until ``deadline``; LockTimeout after."""
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


def _still(target: Path, fd: int, held: str) -> bool:
    """Whether the lock just taken is the save's: the file locked is still the one at its
    path (not replaced by another writer's new version), or, for a folder's lock, the save
    is still not there."""
    try:
        now = os.stat(target)
    except FileNotFoundError:
        return held.endswith(os.sep)
    if held.endswith(os.sep):
        return not stat.S_ISREG(now.st_mode)
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)


def _nested(target: Path) -> bool:
    """A new save's lock taken through a folder this process already holds: the same
    check as :func:`_still` (the save may have been made meanwhile by this process)."""
    return not target.is_file()


def _drop(held: str) -> None:
    """One nesting less of the lock ``held`` in this process."""
    _held[held] -= 1
    if not _held[held]:
        del _held[held]
