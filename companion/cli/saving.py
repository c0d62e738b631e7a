"""The commands' writes of a save: the session core's, then the history kept right.

A command that writes a save is the shell that made the step, so it keeps the history of
finished games right itself (``companion.history.outcomes.step_saved``): a game that has
just ended is recorded, one whose ending was undone is taken out. Every command writes
through these, never through the session directly.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from companion.core import registry, session
from companion.core.journal import Journal
from companion.core.rules import Rules
from companion.history.outcomes import step_saved


@contextmanager
def editing(rules: Rules[Any], path: str | Path, revision: int | None = None) -> Iterator[Journal]:
    """``with editing(RULES, path, revision) as journal:`` the session's
    :func:`~companion.core.session.editing`, and the history kept right once written."""
    with session.editing(rules, path, revision) as journal:
        yield journal
    step_saved(Path(path), journal)


def editing_game(
    path: str | Path, game: str, revision: int | None = None
) -> AbstractContextManager[Journal]:
    """:func:`editing` with the rules of the registered game ``game``."""
    return editing(registry.rules(game), path, revision)


def create(
    rules: Rules[Any],
    path: str | Path,
    journal: Journal,
    force: bool = False,
    revision: int | None = None,
) -> None:
    """Save the new game ``journal`` (:func:`companion.core.session.create`); a finished game
    it replaced (``--force``) leaves the history."""
    session.create(rules, path, journal, force, revision)
    step_saved(Path(path), journal)


def create_game(
    path: str | Path, journal: Journal, force: bool = False, revision: int | None = None
) -> None:
    """:func:`create` with the rules of the journal's own game."""
    create(registry.rules(journal.game), path, journal, force, revision)
