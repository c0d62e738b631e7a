"""Saving and loading Ephios games: the journal in a save file, undo and redo.

SAVE is a path (relative paths are taken from the current folder). Every
step is written atomically right after it succeeds; a step that fails
writes nothing, and a file that is not a valid save of the expected game is
never overwritten.
"""

from __future__ import annotations

from pathlib import Path

from companion.core.errors import CompanionError, SaveError
from companion.core.journal import Journal
from companion.core.saves import read_save, write_save


def load(path: str | Path, game: str) -> Journal:
    """Read the save at ``path``; SaveError naming the file if it is missing, damaged or of another game."""
    return read_save(Path(path), game)


def save(path: str | Path, journal: Journal) -> None:
    """Write the journal to ``path`` atomically."""
    write_save(Path(path), journal)


def create(path: str | Path, journal: Journal, force: bool = False) -> None:
    """Write a new game to ``path``; refuse to replace an existing file unless ``force``."""
    target = Path(path)
    if target.exists() and not force:
        raise SaveError(f"{target}: already exists (use --force to replace it)")
    if target.is_dir():
        raise SaveError(f"{target}: is a folder, not a save file")
    write_save(target, journal)


def undo(journal: Journal) -> dict:
    """Take back the last step; CompanionError if there is none."""
    if not journal.can_undo():
        raise CompanionError("nothing to undo")
    return journal.undo()


def redo(journal: Journal) -> dict:
    """Bring back the last undone step; CompanionError if there is none."""
    if not journal.can_redo():
        raise CompanionError("nothing to redo")
    return journal.redo()
