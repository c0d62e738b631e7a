"""The history file: one record per finished game, in the user data folder.

``<data_dir>/history.toml`` holds ``version`` and a list ``[[games]]``. A game
is keyed by its save's resolved path plus the save's ``created`` stamp, so
the same save finished, undone and finished again is one record, and a new
game written over an old save's path is another. All file work goes through
the core, as for saves: the file is read with the size limit of
:func:`companion.core.tomlfile.read_limited`, written atomically by
:func:`companion.core.saves.write_text_atomically` and changed under the lock
of :mod:`companion.core.lock` (the one the saves of its folder take), so two
writers (the app and the CLI) never lose each other's records. A damaged or
too large file is never overwritten: reading it raises HistoryError naming it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.core import registry
from companion.core.catalog import N_, say
from companion.core.errors import CompanionError, InputError, NotToml
from companion.core.journal import Journal, now_text
from companion.core.lock import locked
from companion.core.outcome import RESULTS, Outcome, Result
from companion.core.saves import new_folders, tomli_dumps, write_text_atomically
from companion.core.tomlfile import parse_toml, read_limited
from companion.core.validate import is_int
from companion.paths import data_dir

FILE = "history.toml"
VERSION = 1
# A record is about 250 bytes: this is some 16,000 finished games.
MAX_BYTES = 4 * 1024 * 1024
# The keys of a game in `companion history --json` (and the columns of --csv), in order.
KEYS = (
    "game",
    "save",
    "finished",
    "result",
    "winner",
    "difficulty",
    "turns",
    "corrected",
    "confirmed",
)


class HistoryError(CompanionError):
    """The history file cannot be read (it names the file and the problem)."""


@dataclass(frozen=True)
class Record:
    """One finished game: which game, its save, when it finished, how, at what level;
    ``corrected``: its end came by a correction, ``confirmed``: the player confirmed that end
    (the ladder counts a corrected win only when confirmed)."""

    game: str
    save: str
    created: str
    finished: str
    result: Result
    winner: str
    difficulty: str | None
    turns: int
    corrected: bool = False
    confirmed: bool = False

    @property
    def key(self) -> tuple[str, str]:
        """What identifies the game: its save's resolved path and its created stamp."""
        return (self.save, self.created)

    def to_json(self) -> dict[str, Any]:
        """The game as `companion history --json` prints it (exactly ``KEYS``)."""
        return {
            "game": self.game,
            "save": self.save,
            "finished": self.finished,
            "result": self.result,
            "winner": self.winner,
            "difficulty": self.difficulty,
            "turns": self.turns,
            "corrected": self.corrected,
            "confirmed": self.confirmed,
        }

    @property
    def counts_as_won(self) -> bool:
        """A win the ladder counts: not one a correction brought, unless confirmed."""
        return self.result == "won" and (self.confirmed or not self.corrected)

    @property
    def to_confirm(self) -> bool:
        """A win a correction brought, which the player has not confirmed yet."""
        return self.result == "won" and self.corrected and not self.confirmed

    def to_toml(self) -> dict[str, Any]:
        """The table stored in the history file (no difficulty key when the game has none, no
        corrected or confirmed key unless true: a file earlier versions read alike)."""
        data = {**self.to_json(), "created": self.created}
        for key in ("difficulty", "corrected", "confirmed"):
            if data[key] in (None, False):
                del data[key]
        return data


def history_path() -> Path:
    """Where the history file lives: ``history.toml`` in the user data folder."""
    return data_dir() / FILE


def save_key(path: str | Path) -> str:
    """The save's resolved path as text (the first half of a game's key)."""
    return str(Path(path).expanduser().resolve())


def _record(raw: object, number: int, path: Path) -> Record:
    where = say("{path}: games #{number}", path=path, number=number)
    if not isinstance(raw, dict):
        raise HistoryError(say("{where}: expected a table", where=where))

    def text(key: str, allowed: tuple[str, ...] = ()) -> str:
        """Field ``key`` as a string (one of ``allowed`` when given)."""
        value = raw.get(key)
        if not isinstance(value, str) or (allowed and value not in allowed):
            if allowed:
                problem = say(
                    "{where}: {key}: expected one of {allowed}",
                    allowed=", ".join(allowed),
                    where=where,
                    key=key,
                )
            else:
                problem = say("{where}: {key}: expected a string", where=where, key=key)
            raise HistoryError(problem)
        return value

    turns = raw.get("turns")
    if not is_int(turns) or turns < 0:
        raise HistoryError(say("{where}: turns: expected a whole number", where=where))
    difficulty = raw.get("difficulty")
    if difficulty is not None and not isinstance(difficulty, str):
        raise HistoryError(say("{where}: difficulty: expected a string", where=where))
    flags = {}
    for key in ("corrected", "confirmed"):
        flag = raw.get(key, False)
        if not isinstance(flag, bool):
            raise HistoryError(say("{where}: {key}: expected true or false", where=where, key=key))
        flags[key] = flag
    result = text("result", RESULTS)
    return Record(
        game=text("game", registry.ids()),
        save=text("save"),
        created=text("created"),
        finished=text("finished"),
        result="won" if result == "won" else "lost",
        winner=text("winner"),
        difficulty=difficulty,
        turns=turns,
        corrected=flags["corrected"],
        confirmed=flags["confirmed"],
    )


def load(path: Path | None = None) -> list[Record]:
    """Every recorded game, oldest finished first; [] when there is no history yet.
    HistoryError (one line naming the file) if it cannot be read, is too large or damaged."""
    path = path or history_path()
    if not os.path.lexists(path):
        return []
    try:
        raw = read_limited(path, N_("history file"), MAX_BYTES)
    except InputError as exc:
        if not os.path.lexists(path):  # removed since
            return []
        raise HistoryError(exc.line()) from None
    try:
        data = parse_toml(raw, str(path))
    except NotToml as exc:
        raise HistoryError(
            say("{path}: damaged history: {problem}", path=path, problem=exc.detail)
        ) from None
    except InputError as exc:  # nested too deeply
        raise HistoryError(exc.line()) from None
    version = data.get("version")
    if not is_int(version):
        raise HistoryError(
            say("{path}: not a history file: version: expected a whole number", path=path)
        )
    if version > VERSION:
        raise HistoryError(
            say(
                "{path}: history version {version} is newer than this app",
                path=path,
                version=version,
            )
        )
    games = data.get("games", [])
    if not isinstance(games, list):
        raise HistoryError(say("{path}: games: expected a list of tables", path=path))
    found = [_record(g, n, path) for n, g in enumerate(games, 1)]
    return sorted(found, key=lambda r: r.finished)


def _write(path: Path, found: list[Record]) -> None:
    """Write the records atomically (the caller holds the lock)."""
    text = tomli_dumps({"version": VERSION, "games": [r.to_toml() for r in found]})
    write_text_atomically(path, text)


def record(save: str | Path, journal: Journal, outcome: Outcome) -> tuple[Record, bool]:
    """Add (or update) the finished game saved at ``save`` in the history; a game already
    recorded keeps the time it first finished. Returns the record and whether it is new."""
    path = history_path()
    key = (save_key(save), journal.created)
    with new_folders(path.parent), locked(path):
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
            corrected=outcome.corrected,
            confirmed=outcome.corrected and old is not None and old.confirmed,
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
    with locked(path):
        found = load(path)
        kept = [r for r in found if r.key != key]
        if len(kept) == len(found):
            return False
        _write(path, kept)
    return True


def confirm(save: str | Path, created: str | None = None) -> Record:
    """Confirm the end of the game last finished at ``save`` (the one created at ``created``
    when given), which a correction brought: the ladder then counts it as it ended.
    InputError (nothing written) when no such finished game was saved there or its end came
    by no correction."""
    path = history_path()
    where = save_key(save)
    with new_folders(path.parent), locked(path):
        found = load(path)
        mine = [r for r in found if r.save == where and created in (None, r.created)]
        if not mine:
            raise InputError(say("no finished game was saved at {save}", save=where))
        game = mine[-1]
        if not game.corrected:
            raise InputError(
                say(
                    "the game saved at {save} did not end by a correction: nothing to confirm",
                    save=where,
                )
            )
        if not game.confirmed:
            new = replace(game, confirmed=True)
            _write(path, [new if r.key == game.key else r for r in found])
            game = new
    return game
