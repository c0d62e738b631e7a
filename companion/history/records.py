"""The history file: one record per finished game, in the user data folder.

``<data_dir>/history.toml`` holds ``version`` and a list ``[[games]]``. A game
is keyed by its save's resolved path plus the save's ``created`` stamp, so
the same save finished, undone and finished again is one record, and a new
game written over an old save's path is another. The file is written
atomically (temporary file, fsync, rename) under a lock file, so two writers
(the app and the CLI) never lose each other's records. A damaged file is
never overwritten: reading it raises HistoryError naming it.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from companion.core import registry
from companion.core.errors import CompanionError
from companion.core.journal import Journal, now_text
from companion.core.outcome import RESULTS, Outcome
from companion.core.validate import is_int
from companion.paths import data_dir

FILE = "history.toml"
VERSION = 1
# The keys of a game in `companion history --json` (and the columns of --csv), in order.
KEYS = ("game", "save", "finished", "result", "winner", "difficulty", "turns")


class HistoryError(CompanionError):
    """The history file cannot be read (it names the file and the problem)."""


@dataclass(frozen=True)
class Record:
    """One finished game: which game, its save, when it finished, how, at what level."""

    game: str
    save: str
    created: str
    finished: str
    result: str
    winner: str
    difficulty: str | None
    turns: int

    @property
    def key(self) -> tuple[str, str]:
        """What identifies the game: its save's resolved path and its created stamp."""
        return (self.save, self.created)

    def to_json(self) -> dict:
        """The game as `companion history --json` prints it (exactly ``KEYS``)."""
        return {
            "game": self.game,
            "save": self.save,
            "finished": self.finished,
            "result": self.result,
            "winner": self.winner,
            "difficulty": self.difficulty,
            "turns": self.turns,
        }

    def to_toml(self) -> dict:
        """The table stored in the history file (no difficulty key when the game has none)."""
        data = {**self.to_json(), "created": self.created}
        if self.difficulty is None:
            del data["difficulty"]
        return data


def history_path() -> Path:
    """Where the history file lives: ``history.toml`` in the user data folder."""
    return data_dir() / FILE


def save_key(path: str | Path) -> str:
    """The save's resolved path as text (the first half of a game's key)."""
    return str(Path(path).expanduser().resolve())


def _record(raw: object, number: int, path: Path) -> Record:
    where = f"{path}: games #{number}"
    if not isinstance(raw, dict):
        raise HistoryError(f"{where}: expected a table")

    def text(key: str, allowed: tuple[str, ...] = ()) -> str:
        """Field ``key`` as a string (one of ``allowed`` when given)."""
        value = raw.get(key)
        if not isinstance(value, str) or (allowed and value not in allowed):
            expected = f"one of {', '.join(allowed)}" if allowed else "a string"
            raise HistoryError(f"{where}: {key}: expected {expected}")
        return value

    turns = raw.get("turns")
    if not is_int(turns) or turns < 0:
        raise HistoryError(f"{where}: turns: expected a whole number")
    difficulty = raw.get("difficulty")
    if difficulty is not None and not isinstance(difficulty, str):
        raise HistoryError(f"{where}: difficulty: expected a string")
    return Record(
        game=text("game", registry.ids()),
        save=text("save"),
        created=text("created"),
        finished=text("finished"),
        result=text("result", RESULTS),
        winner=text("winner"),
        difficulty=difficulty,
        turns=turns,
    )


def load(path: Path | None = None) -> list[Record]:
    """Every recorded game, oldest finished first; [] when there is no history yet."""
    path = path or history_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise HistoryError(f"{path}: cannot be read: {exc.strerror}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise HistoryError(f"{path}: damaged history: {' '.join(str(exc).split())}") from None
    version = data.get("version")
    if not is_int(version):
        raise HistoryError(f"{path}: not a history file: version: expected a whole number")
    if version > VERSION:
        raise HistoryError(f"{path}: history version {version} is newer than this app")
    games = data.get("games", [])
    if not isinstance(games, list):
        raise HistoryError(f"{path}: games: expected a list of tables")
    found = [_record(g, n, path) for n, g in enumerate(games, 1)]
    return sorted(found, key=lambda r: r.finished)


def _write(path: Path, found: list[Record]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = tomli_w.dumps({"version": VERSION, "games": [r.to_toml() for r in found]})
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


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the history's lock file while reading and rewriting it (POSIX; elsewhere no lock)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    with open(path.with_name(f".{path.name}.lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def record(save: str | Path, journal: Journal, outcome: Outcome) -> tuple[Record, bool]:
    """Add (or update) the finished game saved at ``save`` in the history; a game already
    recorded keeps the time it first finished. Returns the record and whether it is new."""
    path = history_path()
    key = (save_key(save), journal.created)
    with _locked(path):
        found = load(path)
        old = next((r for r in found if r.key == key), None)
        new = Record(
            game=outcome.game,
            save=key[0],
            created=journal.created,
            finished=old.finished if old else now_text(),
            result=outcome.result or "lost",
            winner=outcome.winner or "",
            difficulty=outcome.difficulty,
            turns=outcome.turns,
        )
        if new != old:
            _write(path, [r for r in found if r.key != key] + [new])
    return new, old is None


def forget(save: str | Path, journal: Journal) -> bool:
    """Take the game saved at ``save`` out of the history (its ending was undone); returns
    whether it was there. Without a history file nothing is written."""
    path = history_path()
    if not path.exists():
        return False
    key = (save_key(save), journal.created)
    if all(r.key != key for r in load(path)):  # the usual case: no lock, no write
        return False
    with _locked(path):
        found = load(path)
        kept = [r for r in found if r.key != key]
        if len(kept) == len(found):
            return False
        _write(path, kept)
    return True
