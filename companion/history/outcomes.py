"""Each game's outcome from its journal, and the history kept right after a step is saved.

The shell that made a step and wrote its save calls :func:`step_saved`: it records a game
that has ended in the history, takes out again a game whose ending was undone, and says
whether this step is the one that ended the game (the screen then opens the end-of-game
screen). No global hook: each shell that writes a save says so (the app's live screens
through ``LiveSave.write_step``, the commands through their save helpers).
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


def step_saved(path: Path, journal: Journal) -> bool:
    """The step just saved at ``path`` (``journal`` as written): the history kept right (a
    game that has ended recorded, one whose ending was undone taken out; one outcome worked
    out), and whether this step ended the game (it
    is over now and was not before it). Never raises: a step already saved stands."""
    from companion.history import records

    try:
        result = outcome_of(journal, detail=False)
        if not result.ended:
            records.forget(path, journal)
            return False
        records.record(path, journal, result)
        before = Journal(journal.game, journal.seed, journal.options, journal.events[:-1])
        return bool(journal.events) and not outcome_of(before, detail=False).ended
    except Exception as error:  # a step already saved stands whatever happens to the history
        caught(error, f"recording the history of {path}")
        return False
