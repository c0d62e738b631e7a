"""The phone build's compiled parts, kept in the build cache between builds.

Compiling Pyodide's standard library and the pinned wheels to ``.pyc`` takes most of a
build, yet both depend on pinned inputs alone. Each is kept as one zip named by a hash of
those inputs: a build whose inputs are the same reuses it, any change of them makes
another name (the old zip is never read again). No Pyodide nor node here: the caller
says how to make the zip. The large files gzipped for the wire are kept the same way,
each under a hash of its bytes (:func:`cached_gzip`).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import tempfile
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

# Part of every key: raise it when what goes into a cached zip changes with no input
# changing (the staging or zipping code), so that older zips are not reused.
FORMAT = "1"


def input_key(*parts: str) -> str:
    """A short hash of ``parts`` (and the cache's format), for a cached zip's name."""
    text = json.dumps([FORMAT, *parts])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def intact(archive: Path) -> bool:
    """Whether ``archive`` is a whole zip whose every member reads back with its CRC."""
    try:
        with zipfile.ZipFile(archive) as zipped:
            return zipped.testzip() is None
    except (zipfile.BadZipFile, zlib.error, EOFError, FileNotFoundError):
        return False  # (gone: another build removed it as corrupt meanwhile)


def cached_zip(path: Path, make: Callable[[Path], None]) -> Path:
    """``path`` if it holds an intact zip, else made by ``make(temp)`` and kept there.

    A corrupt zip (a disk fault, a hand edit) is removed and made again rather than
    shipped. ``make`` writes a temp file beside ``path``, moved in place only once
    whole (``os.replace``): a killed build leaves no half zip under the cached name.
    """
    if path.exists():
        if intact(path):
            return path
        path.unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f"{path.stem}-", suffix=".part", dir=path.parent)
    os.close(handle)
    temp = Path(name)
    try:
        make(temp)
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)
    return path


def keep_newest(folder: Path, pattern: str, count: int) -> None:
    """Remove all but the ``count`` newest files of ``folder`` matching ``pattern`` (a
    cache whose key changes with every edit would otherwise grow by one at each)."""

    def made_at(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except FileNotFoundError:  # removed meanwhile by another build
            return 0.0

    for old in sorted(folder.glob(pattern), key=made_at, reverse=True)[count:]:
        old.unlink(missing_ok=True)


# The gzipped twins kept (``cached_gzip``): the runtime's few large files of each
# Pyodide, and the page's files of the last few builds.
KEPT_GZIPPED = 32


def cached_gzip(data: bytes, folder: Path) -> bytes:
    """``data`` gzipped at level 9 with no name or time in it, as ``gzip.compress`` gives
    it, kept in ``folder`` under a hash of ``data`` and the zlib that made it.

    Level 9 of the runtime's 10 MB of wasm and scripts took most of a build once its
    compiled parts were cached, for the same bytes each time. A kept file is used only if
    it unzips to ``data`` (else made again); the newest :data:`KEPT_GZIPPED` are kept.
    """
    key = input_key(hashlib.sha256(data).hexdigest(), zlib.ZLIB_RUNTIME_VERSION, "gzip-9")
    path = folder / f"{key}.gz"
    try:
        zipped = path.read_bytes()
        if gzip.decompress(zipped) == data:
            os.utime(path)  # used now: among the newest kept
            return zipped
    except (OSError, EOFError, zlib.error):
        pass  # not kept yet, or damaged: made again
    zipped = gzip.compress(data, compresslevel=9, mtime=0)
    folder.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f"{key}-", suffix=".part", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(zipped)
        os.replace(name, path)
    finally:
        Path(name).unlink(missing_ok=True)
    keep_newest(folder, "*.gz", KEPT_GZIPPED)
    return zipped
