"""Save files: the journal as human-readable, versioned TOML, written atomically.

A save is written to a temporary file in the same folder, flushed to disk,
then renamed over the old one, so a crash or a killed terminal leaves either
the old or the new save, never half of one. A file that cannot be read as a
save of the expected game raises SaveError naming the file and the problem,
and is never overwritten by the command that failed.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path

import tomli_w

from companion.core.errors import SaveError
from companion.core.hooks import run_after_write
from companion.core.journal import Journal

FORMAT = "companion-save"
VERSION = 1
SUFFIX = ".toml"


def _strip_none(value):
    """TOML has no null: drop None values from dicts (recursively)."""
    if isinstance(value, dict):
        return {k: _strip_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_strip_none(v) for v in value]
    return value


def journal_to_toml(journal: Journal) -> str:
    """The save-file text of a journal."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": journal.game,
        "seed": journal.seed,
        "created": journal.created,
        "updated": journal.updated,
        "summary": journal.summary,
        "options": _strip_none(journal.options),
        "events": _strip_none(journal.events),
        "redo": _strip_none(journal.redo_stack),
    }
    return tomli_w.dumps(data)


def write_save(path: Path, journal: Journal) -> None:
    """Write the journal to ``path`` atomically (temporary file, fsync, rename), then run the
    post-write hooks (``companion.core.hooks``)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = journal_to_toml(journal)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    run_after_write(path, journal)


def _expect(data: dict, key: str, kind: type | tuple[type, ...], path: Path):
    if key not in data:
        raise SaveError(f"{path}: not a companion save: missing {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SaveError(f"{path}: {key}: expected {getattr(kind, '__name__', kind)}")
    return value


def read_save(path: Path, game: str | tuple[str, ...] | None = None) -> Journal:
    """Read a save file; raise SaveError (naming the file) if it is missing, damaged or foreign.

    ``game`` restricts the accepted game kinds (e.g. ``"euphoria"``).
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read: {exc.strerror}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a companion save (not text)") from None
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"{path}: damaged save: {exc}") from None
    if data.get("format") != FORMAT:
        raise SaveError(f"{path}: not a companion save (format is not {FORMAT!r})")
    version = _expect(data, "version", int, path)
    if version > VERSION:
        raise SaveError(f"{path}: save version {version} is newer than this app ({VERSION})")
    kind = _expect(data, "game", str, path)
    wanted = (game,) if isinstance(game, str) else game
    if wanted and kind not in wanted:
        raise SaveError(f"{path}: this is a {kind} save, not {' or '.join(wanted)}")
    seed = _expect(data, "seed", int, path)
    options = data.get("options", {})
    events = data.get("events", [])
    redo = data.get("redo", [])
    if not isinstance(options, dict):
        raise SaveError(f"{path}: options: expected a table")
    for name, seq in (("events", events), ("redo", redo)):
        if not isinstance(seq, list) or not all(isinstance(e, dict) for e in seq):
            raise SaveError(f"{path}: {name}: expected a list of tables")
        for index, event in enumerate(seq, 1):
            if not isinstance(event.get("kind"), str):
                raise SaveError(f"{path}: {name} #{index}: kind: expected a string")
    return Journal(
        game=kind,
        seed=seed,
        options=options,
        events=events,
        redo_stack=redo,
        created=str(data.get("created", "")),
        updated=str(data.get("updated", "")),
        summary=str(data.get("summary", "")),
    )


def resolve_save_path(name: str | Path) -> Path:
    """Where a save named on the command line lives.

    A bare name (no slash, no ``.toml``) is ``<data_dir>/<name>.toml``, so the
    app's resume list finds it; anything else is a path.
    """
    from companion.core.errors import InputError
    from companion.paths import data_dir

    text = str(name)
    if not text.strip():
        raise InputError("the save name is empty")
    if "/" in text or "\\" in text or text.endswith(SUFFIX):
        return Path(text)
    return data_dir() / f"{text}{SUFFIX}"


def list_saves(folder: Path) -> list[tuple[Path, Journal]]:
    """Every readable save in ``folder``, newest first (damaged files are skipped)."""
    found: list[tuple[Path, Journal]] = []
    if not folder.is_dir():
        return found
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            found.append((path, read_save(path)))
        except SaveError:
            continue
    found.sort(key=lambda item: item[1].updated, reverse=True)
    return found
