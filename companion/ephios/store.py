"""Saving and loading Ephios games (solo, quick game, campaign): the session core's file API.

The CLI resolves SAVE (a bare name lives in the data folder). Every step is
written atomically right after it succeeds, as the save's next revision,
under the save's lock (``companion.core.session``); a step that fails writes
nothing, and a file that is not a valid save of the expected game is never
overwritten.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.core import registry, session
from companion.core.journal import Journal


def rules(game: str) -> session.Rules[Any]:
    """The session rules of an Ephios ``game`` (``ephios-solo``, ``ephios-quick``, ...), from
    the game registry (its engine imported now)."""
    return registry.rules(game)


def load(path: str | Path, game: str) -> Journal:
    """Read the save at ``path`` and check that it replays; SaveError naming the file if it is
    missing, damaged or of another game."""
    return session.load(rules(game), path)


def save(path: str | Path, journal: Journal) -> None:
    """Write the journal to ``path`` as its next revision (ConflictError if the save changed
    elsewhere since it was read)."""
    session.save(rules(journal.game), path, journal)


def create(
    path: str | Path, journal: Journal, force: bool = False, revision: int | None = None
) -> None:
    """Write a new game to ``path``; refuse to replace an existing file unless ``force`` (and,
    with ``revision``, unless the replaced save is at that revision: ConflictError)."""
    session.create(rules(journal.game), path, journal, force, revision)


def check_new(path: str | Path, force: bool = False) -> None:
    """Refuse at once a new save that would replace a file without ``force``, or a folder."""
    session.check_new(path, force)


@contextmanager
def editing(path: str | Path, game: str, revision: int | None = None) -> Iterator[Journal]:
    """``with editing(path, game, revision) as journal:`` change the save under its lock;
    written when the block ends normally (see ``companion.core.session.editing``)."""
    with session.editing(rules(game), path, revision) as journal:
        yield journal


def undo(journal: Journal) -> dict[str, Any]:
    """Take back the last step; CompanionError if there is none."""
    return session.undo(journal)[0]


def redo(journal: Journal) -> dict[str, Any]:
    """Bring back the last undone step; CompanionError if there is none."""
    return session.redo(journal)[0]
