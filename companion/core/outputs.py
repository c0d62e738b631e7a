"""Files and folders a command writes where the player says (``voice --test --to FILE``,
``web build DIR``): never over something already there without the player's leave, and
whole or not at all.

:func:`refuse_existing` refuses, before any work, a path that holds a file (or a folder
with anything in it) unless ``force``: a save named by mistake stays as it was. An empty
folder holds nothing to lose. :func:`file_replaced` and :func:`folder_replaced` give a
temporary path beside the target to write; once it is written it is flushed to disk
and renamed onto the target, so a crash or a failed write leaves the old file (or
nothing), never half of the new one. (The saves have their own writer,
:func:`companion.core.saves.write_text_atomically`.)
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from companion.core.catalog import say
from companion.core.errors import SaveExists


class OutputExists(SaveExists):
    """The path a command would write holds something the command did not make; the message
    names the path (how to allow it, ``--force``, is the shell's word)."""


def refuse_existing(path: Path, force: bool) -> None:
    """Refuse (:class:`OutputExists`) to write at ``path`` when something is there, unless
    ``force``; an empty folder is no obstacle."""
    if force or not os.path.lexists(path):
        return
    if path.is_dir() and not path.is_symlink():
        with os.scandir(path) as entries:
            if next(entries, None) is None:
                return
        raise OutputExists(say("{path}: the folder is not empty", path=path))
    raise OutputExists(say("{path}: a file already exists", path=path))


def fsync_path(path: Path, flags: int = os.O_RDONLY) -> None:
    """Flush ``path`` (a file or a folder) to disk, so that a rename is durable once done; a
    system that cannot (a folder on Windows, a file system that refuses) is let be."""
    try:
        fd = os.open(path, flags)
    except OSError:  # pragma: no cover - a folder we cannot open (Windows)
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse fsync on a folder
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    """The process's umask (read by setting it, then set back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def file_replaced(path: Path) -> Iterator[Path]:
    """``with file_replaced(path) as temp:`` write the file ``temp`` (beside ``path``, empty);
    when the block ends it is flushed and renamed onto ``path`` (an existing file keeps its
    mode). If the block fails, ``temp`` is removed and ``path`` is as it was."""
    target = Path(os.path.realpath(path))
    # The target's suffix kept last: a speech engine picks the format by it (``.wav``).
    suffix = ".tmp" + target.suffix
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
    os.close(fd)
    temp = Path(name)
    try:
        yield temp
        if target.exists():
            os.chmod(temp, stat.S_IMODE(target.stat().st_mode))
        else:
            os.chmod(temp, 0o666 & ~_umask())
        fsync_path(temp)
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    fsync_path(target.parent)


@contextmanager
def folder_replaced(path: Path) -> Iterator[Path]:
    """``with folder_replaced(path) as temp:`` fill the folder ``temp`` (beside ``path``,
    empty); when the block ends its files are flushed and it takes the place of ``path``
    (an old folder there is moved aside, then removed). If the block fails, ``temp`` is
    removed and ``path`` is as it was."""
    target = Path(os.path.abspath(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    old: Path | None = None
    try:
        os.chmod(temp, 0o777 & ~_umask())  # as mkdir makes it (mkdtemp's is the owner's only)
        yield temp
        for folder, _folders, names in os.walk(temp):
            for name in names:
                fsync_path(Path(folder) / name)
            fsync_path(Path(folder))
        if os.path.lexists(target):
            old = Path(
                tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent)
            )
            os.replace(target, old / "replaced")
        os.replace(temp, target)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        if old is not None and not os.path.lexists(target):
            with suppress(OSError):
                os.replace(old / "replaced", target)  # the old folder back where it was
                old.rmdir()
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    fsync_path(target.parent)
