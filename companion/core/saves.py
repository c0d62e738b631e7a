"""Save files: the journal as human-readable, versioned TOML, written atomically.

A save is written to a temporary file in the same folder, flushed to disk,
renamed over the old one, and the folder is flushed too, so a crash, a
killed terminal or a power cut leaves either the old or the new save, never
half of one. A file that cannot be read as a save of the expected game
raises SaveError naming the file and the problem, and is never overwritten
by the command that failed.

Reading is guarded against hostile files: only regular files (a FIFO or a
device never hangs a command), at most :data:`MAX_BYTES`, nested at most
:data:`~companion.core.validate.MAX_DEPTH` levels. Writing keeps the save's
file mode, writes a symlinked save through to its target, refuses a
read-only save, removes the temporary files a killed write left behind, and
turns permission, full-disk and file-size errors into one line saying the
save is intact.

Locking and the revision (who may write, and whether the writer saw the
latest save) live in :mod:`companion.core.session`.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.core.catalog import N_, _, say
from companion.core.errors import InputError, NotToml, SaveError
from companion.core.hooks import run_after_write
from companion.core.journal import Journal
from companion.core.outputs import fsync_path
from companion.core.tomlfile import file_in_the_way, parse_toml, read_limited
from companion.core.validate import Fields, is_int

FORMAT = "companion-save"
VERSION = 1
SUFFIX = ".toml"
# Files the app keeps in the data folder beside the saves (the history of finished
# games, companion.history; the voice and sound settings, companion.speech.settings):
# not saves, so not listed as unreadable ones.
NOT_SAVES = frozenset({"history.toml", "settings.toml"})
# A save of a long game is a few tens of kilobytes.
MAX_BYTES = 4 * 1024 * 1024
# The longest file name of a save (bytes of UTF-8), leaving room for ".NAME.toml.XXXXXXXX.tmp".
MAX_NAME_BYTES = 200


def _strip_none(value: Any) -> Any:
    """TOML has no null: drop None values from dicts (recursively)."""
    if isinstance(value, dict):
        return {k: _strip_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_strip_none(v) for v in value]
    return value


def journal_to_toml(journal: Journal) -> str:
    """The save-file text of a journal."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": journal.game,
        "seed": journal.seed,
        "revision": journal.revision,
        "created": journal.created,
        "updated": journal.updated,
        "summary": journal.summary,
        "summary_language": journal.summary_language,
        "options": _strip_none(journal.options),
        "events": _strip_none(journal.events),
        "redo": _strip_none(journal.redo_stack),
    }
    if journal.ended is not None:
        data["ended"] = journal.ended
    done, undone = journal.step_revisions()
    if any(done) or any(undone):
        data["event_revisions"], data["redo_revisions"] = done, undone
    return tomli_dumps(data)


def tomli_dumps(data: dict[str, Any]) -> str:
    """TOML text of ``data`` (tomli_w is imported only when something is written)."""
    import tomli_w

    return tomli_w.dumps(data)


# --- reading -------------------------------------------------------------------------------


def read_save(path: Path, game: str | tuple[str, ...] | None = None) -> Journal:
    """Read a save file; raise SaveError (naming the file) if it is missing, damaged or foreign.

    ``game`` restricts the accepted game kinds (a game id, or several).
    """
    path = Path(path)
    name = str(path)
    try:
        raw = read_limited(path, N_("save file"), MAX_BYTES)
    except InputError as exc:
        raise SaveError(exc.line()) from None
    try:
        data = parse_toml(raw, name, "companion save")
    except NotToml as exc:
        damaged = say("{path}: damaged save: {problem}", path=path, problem=exc.problem)
        raise SaveError(damaged) from None
    except InputError as exc:
        raise SaveError(exc.line()) from None
    if data.get("format") != FORMAT:
        raise SaveError(
            say("{path}: not a companion save (format is not {format!r})", path=path, format=FORMAT)
        )
    fields = Fields(data, file=name)
    try:
        for key in ("version", "game", "seed"):
            if key not in data:
                raise SaveError(
                    say("{path}: not a companion save: missing {key!r}", path=path, key=key)
                )
        version = fields.integer("version")
        if version > VERSION:
            raise SaveError(
                say(
                    "{path}: save version {version} is newer than this app ({supported})",
                    path=path,
                    version=version,
                    supported=VERSION,
                )
            )
        kind = fields.text("game")
        wanted = (game,) if isinstance(game, str) else game
        if wanted and kind not in wanted:
            raise SaveError(
                say(
                    "{path}: the save holds the game {game}, not {wanted}",
                    path=path,
                    game=kind,
                    wanted=_(" or ").join(wanted),
                )
            )
        seed = fields.integer("seed")
        options = fields.table("options", {})
        events = fields.tables("events", [])
        redo = fields.tables("redo", [])
        for label, seq in (("events", events), ("redo", redo)):
            for index, event in enumerate(seq, 1):
                Fields(event, file=name, item=f"{label} #{index}").text("kind")
        # Saves written before revisions existed start from their event count.
        revision = fields.integer("revision", minimum=0, default=len(events))
        done = _revisions(fields, "event_revisions", len(events))
        undone = _revisions(fields, "redo_revisions", len(redo))
    except InputError as exc:
        raise SaveError(exc.line()) from None
    return Journal(
        game=kind,
        seed=seed,
        options=options,
        events=events,
        redo_stack=redo,
        created=str(data.get("created", "")),
        updated=str(data.get("updated", "")),
        summary=str(data.get("summary", "")),
        summary_language=str(data.get("summary_language", "")),
        ended=data["ended"] if isinstance(data.get("ended"), bool) else None,
        revision=revision,
        event_revisions=done,
        redo_revisions=undone,
    )


def _revisions(fields: Fields, name: str, steps: int) -> list[int]:
    """The revision that wrote each step (0: not known), one per step; a save written before
    they were kept has none (all 0), and a list that is not one whole number ≥ 0 per step is
    refused, naming the field."""
    if not fields.has(name):
        return [0] * steps
    value = fields.data[name]
    if not (
        isinstance(value, list) and len(value) == steps and all(is_int(v) and v >= 0 for v in value)
    ):
        raise fields.error(
            name, say("expected one whole number ≥ 0 per step ({steps})", steps=steps)
        )
    return [int(v) for v in value]


# --- names ---------------------------------------------------------------------------------


def check_name(path: Path) -> None:
    """Refuse a save file name that no file system takes (too long, not UTF-8, control
    characters), before anything is created."""
    name = path.name
    try:
        size = len(name.encode("utf-8"))
    except UnicodeEncodeError:
        raise InputError(_("the save name is not valid UTF-8 text"), file=repr(name)) from None
    if size > MAX_NAME_BYTES:
        raise InputError(
            say(
                "the save name is too long ({size} bytes, at most {limit})",
                size=size,
                limit=MAX_NAME_BYTES,
            )
        )
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise InputError(_("the save name has control characters"), file=repr(name))


def resolve_save_path(name: str | Path) -> Path:
    """Where a save named on the command line lives.

    A bare name (no slash, no ``.toml``) is ``<data_dir>/<name>.toml``, so the
    app's resume list finds it; anything else is a path. The name is checked
    (length, encoding) here, before anything is created.
    """
    from companion.paths import data_dir

    text = str(name)
    if not text.strip():
        raise InputError(_("the save name is empty"))
    if "/" in text or "\\" in text or text.endswith(SUFFIX):
        path = Path(text)
    else:
        path = data_dir() / f"{text}{SUFFIX}"
    check_name(path)
    return path


# --- writing -------------------------------------------------------------------------------

_PROBLEMS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EFBIG: N_("the file would be too large for this system"),
}


def write_error(path: Path, exc: OSError, intact: bool = True) -> SaveError:
    """A one-line SaveError for a system error while writing ``path`` (saying the save is intact)."""
    known = _PROBLEMS.get(exc.errno or 0)
    problem = _(known) if known else exc.strerror or str(exc) or type(exc).__name__
    if intact and path.exists():
        return SaveError(
            say(
                "{path}: cannot be written: {problem}; the save is intact",
                path=path,
                problem=problem,
            )
        )
    return SaveError(
        say("{path}: cannot be written: {problem}; nothing was saved", path=path, problem=problem)
    )


@contextmanager
def new_folders(folder: Path) -> Iterator[None]:
    """Create ``folder`` (and missing parents) for the ``with`` block; if the block fails,
    remove the folders it created, so a refused command leaves no folder behind."""
    created: list[Path] = []
    current = folder
    while not current.exists() and current != current.parent:
        created.append(current)
        current = current.parent
    in_the_way = folder if os.path.lexists(folder) and not folder.is_dir() else None
    in_the_way = in_the_way or file_in_the_way(folder)
    if in_the_way is not None:  # (mkdir would say "File exists" of a name made up here)
        raise SaveError(
            say("{folder}: is a file, not a folder; nothing was saved", folder=in_the_way)
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise write_error(folder / "x", exc, intact=False) from None
    try:
        yield
    except BaseException:
        for made in created:  # deepest first
            try:
                made.rmdir()
            except OSError:
                break
        raise


def _remove_leftovers(target: Path) -> None:
    """Remove the temporary files of killed writes of ``target`` (called under its lock)."""
    for leftover in target.parent.glob(f".{glob_escape(target.name)}.*.tmp"):
        with suppress(OSError):
            leftover.unlink()


def glob_escape(text: str) -> str:
    """``text`` with the glob wildcards escaped."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in text)


# A file as a screen last saw it: (mtime in ns, size, inode). A rename keeps all three, so
# the signature of the temporary file written is the save's own once renamed.
Signature = tuple[int, int, int]


def file_signature(path: Path) -> Signature | None:
    """The signature of the file at ``path`` now, or None when it cannot be looked at."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)


def write_text_atomically(path: Path, text: str) -> Signature:
    """Write ``text`` to ``path`` atomically: temporary file, fsync, rename, fsync of the folder.
    Returns the signature of what was written (a screen that wrote it need not read it back).

    A symlink is written through to its target; an existing file keeps its mode; a
    read-only file or a folder at ``path`` is refused; system errors become one SaveError line.
    """
    path = Path(path)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(
            _("a name or value is not valid UTF-8 text; nothing was saved"), file=str(path)
        ) from None
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise SaveError(say("{path}: is a folder, not a save file; nothing was saved", path=path))
    mode = None
    if target.exists():
        info = target.stat()
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(say("{path}: is not a regular file; nothing was saved", path=path))
        if not os.access(target, os.W_OK) or not info.st_mode & 0o222:
            raise SaveError(
                say("{path}: the save is read-only; it is intact, nothing was saved", path=path)
            )
        mode = stat.S_IMODE(info.st_mode)
    with new_folders(target.parent):
        _remove_leftovers(target)
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        except OSError as exc:
            raise write_error(path, exc) from None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fchmod(handle.fileno(), mode if mode is not None else _default_mode())
                os.fsync(handle.fileno())
                info = os.fstat(handle.fileno())
            os.replace(tmp, target)
        except BaseException as exc:
            Path(tmp).unlink(missing_ok=True)
            if isinstance(exc, OSError):
                raise write_error(path, exc) from None
            raise
        fsync_path(target.parent)
    return (info.st_mtime_ns, info.st_size, info.st_ino)


def _default_mode() -> int:
    """The mode of a new file: 0o666 less the umask (what ``open()`` would give)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_save(path: Path, journal: Journal) -> Signature:
    """Write the journal to ``path`` atomically (see :func:`write_text_atomically`), then run
    the post-write hooks (``companion.core.hooks``); the signature of the file written.

    No lock and no revision check: writers go through :mod:`companion.core.session`.
    """
    written = write_text_atomically(Path(path), journal_to_toml(journal))
    run_after_write(Path(path), journal)
    return written


# --- the saves of a folder -----------------------------------------------------------------


@dataclass(frozen=True)
class SaveEntry:
    """A file of the saves folder: its journal, or why it cannot be read."""

    path: Path
    journal: Journal | None
    problem: str = ""


def scan_saves(folder: Path) -> list[SaveEntry]:
    """Every ``*.toml`` file of ``folder``: readable saves newest first, then the unreadable
    ones (with the reason) by name. Never hangs on a FIFO, never raises for a bad file."""
    readable: list[SaveEntry] = []
    unreadable: list[SaveEntry] = []
    try:
        if not folder.is_dir():
            return []
        paths = sorted(path for path in folder.glob(f"*{SUFFIX}") if path.name not in NOT_SAVES)
    except OSError:
        return []
    written: dict[Path, int] = {}
    for path in paths:
        try:
            readable.append(SaveEntry(path, read_save(path)))
        except SaveError as exc:
            problem = str(exc).removeprefix(f"{path}: ")
            unreadable.append(SaveEntry(path, None, problem))
            continue
        # Saves changed within the same second (a stamp to the second) by the time each
        # file was written last, to the nanosecond: the newest still first.
        with suppress(OSError):
            written[path] = path.stat().st_mtime_ns
    readable.sort(
        key=lambda entry: (
            entry.journal.updated if entry.journal else "",
            written.get(entry.path, 0),
        ),
        reverse=True,
    )
    return readable + unreadable


def list_saves(folder: Path) -> list[tuple[Path, Journal]]:
    """Every readable save in ``folder``, newest first (damaged files are skipped)."""
    return [(e.path, e.journal) for e in scan_saves(folder) if e.journal is not None]


def new_save_path(data_dir: Path, game: str, now: datetime | None = None) -> Path:
    """A save path that does not exist yet: ``<game>-YYYYMMDD-HHMM[-n].toml`` in ``data_dir``
    (a new game started from the app is named by its game and the minute it began)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M")
    path = Path(data_dir) / f"{game}-{stamp}{SUFFIX}"
    n = 2
    while path.exists():
        path = Path(data_dir) / f"{game}-{stamp}-{n}{SUFFIX}"
        n += 1
    return path
