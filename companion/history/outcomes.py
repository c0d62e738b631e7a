"""Each game's outcome from its journal, and the hook run right after a save is written.

The hook (:func:`after_save`) records a game that has ended in the history
and takes out again a game whose ending was undone; the shells install it
once (:func:`install`) on the save writer's post-write hooks, so every save
written by the CLI or the app keeps the history right, wherever it lives.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable
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


# Told when a save is written whose game has just ended (recorded now, not before): the
# app opens the end-of-game screen. Weak references: a closed app is forgotten.
_ON_END: list[weakref.WeakMethod[Callable[[Path, Journal], None]]] = []


def on_end(callback: Callable[[Path, Journal], None]) -> None:
    """Call the bound method ``callback(path, journal)`` when a game has just ended."""
    _ON_END[:] = [ref for ref in _ON_END if ref() is not None]
    _ON_END.append(weakref.WeakMethod(callback))


def _ended(path: Path, journal: Journal) -> None:
    for ref in list(_ON_END):
        callback = ref()
        if callback is None:
            continue
        with contextlib.suppress(Exception):  # one listener's trouble is not the others'
            callback(path, journal)


def after_save(path: Path, journal: Journal) -> None:
    """Record the game saved at ``path`` if it has ended (telling ``on_end`` listeners when it
    has just ended), or take it out of the history if it has not (its ending was undone).
    Never raises: a history that cannot be written
    must not undo a step already saved (``companion history`` names the problem)."""
    from companion.history import records

    try:
        result = outcome_of(journal, detail=False)
        if not result.ended:
            records.forget(path, journal)
            return
        if records.record(path, journal, result)[1]:
            _ended(path, journal)
    except Exception as error:  # a step already saved stands whatever happens to the history
        caught(error, f"recording the history of {path}")
        return


def install() -> None:
    """Run :func:`after_save` after every save written in this process (idempotent)."""
    from companion.core.hooks import add_after_write

    add_after_write(after_save)
