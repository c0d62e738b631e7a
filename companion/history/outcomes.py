"""Each game's outcome from its journal, and the hook run right after a save is written.

The hook (:func:`after_save`) records a game that has ended in the history
and takes out again a game whose ending was undone; the shells install it
once (:func:`install`) on the save writer's post-write hooks, so every save
written by the CLI or the app keeps the history right, wherever it lives. It
tells no screen: the screen that made a step knows from the step that the game
has just ended (:func:`ended_by_last_step`).
"""

from __future__ import annotations

from pathlib import Path

from companion.core import registry
from companion.core.catalog import say
from companion.core.debug import caught
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.outcome import Outcome


def outcome_of(journal: Journal, detail: bool = True) -> Outcome:
    """How the game of ``journal`` stands (any registered game), from its engine."""
    if registry.find(journal.game) is None:
        raise CompanionError(say("{game!r} is not a game the history knows", game=journal.game))
    return registry.outcome(journal, detail)


def after_save(path: Path, journal: Journal) -> None:
    """Record the game saved at ``path`` if it has ended, or take it out of the history if it
    has not (its ending was undone). Never raises: a history that cannot be written must not
    undo a step already saved (``companion history`` names the problem). The screen that made
    the step opens the end-of-game screen itself (``companion.tui.live``)."""
    from companion.history import records

    try:
        result = outcome_of(journal, detail=False)
        if not result.ended:
            records.forget(path, journal)
            return
        records.record(path, journal, result)
    except Exception as error:  # a step already saved stands whatever happens to the history
        caught(error, f"recording the history of {path}")
        return


def install() -> None:
    """Run :func:`after_save` after every save written in this process (idempotent)."""
    from companion.core.hooks import add_after_write

    add_after_write(after_save)


def ended_by_last_step(journal: Journal) -> bool:
    """Whether the last step of ``journal`` ended its game (it is over now, and was not
    before that step): a step just saved, or brought back by redo, that the end-of-game
    screen follows."""
    if not journal.events:
        return False
    if not outcome_of(journal, detail=False).ended:
        return False
    before = Journal(journal.game, journal.seed, journal.options, journal.events[:-1])
    return not outcome_of(before, detail=False).ended
