"""Saving and loading Ephios games: the journal in a save file, undo and redo.

The CLI resolves SAVE (a bare name lives in the data folder). Every
step is written atomically right after it succeeds; a step that fails
writes nothing, and a file that is not a valid save of the expected game is
never overwritten.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from companion.core.errors import CompanionError, InputError, SaveError
from companion.core.journal import Journal
from companion.core.questions import NeedAnswers
from companion.core.saves import read_save, write_save

State = TypeVar("State")


def replay_events(
    start: Callable[[], State],
    events: Iterable[dict],
    apply: Callable[[State, dict], tuple],
    source: str,
) -> State:
    """Rebuild a game's state: ``start()`` then each event through ``apply(state, event)``
    (which returns the new state first). A bad option or event is a SaveError naming
    ``source`` and the event number."""
    try:
        state = start()
    except (InputError, TypeError) as exc:
        raise SaveError(f"{source}: options: {exc}") from None
    for number, event in enumerate(events, 1):
        try:
            state = apply(state, event)[0]
        except NeedAnswers as need:
            raise SaveError(f"{source}: event #{number}: missing answer {need}") from None
        except InputError as exc:
            raise SaveError(f"{source}: event #{number}: {exc}") from None
    return state


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
