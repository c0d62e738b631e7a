"""What a game tells the session core (:mod:`companion.core.session`): how to set up,
apply one event, copy a state and sum it up. Its own module, so the game protocol
(:mod:`companion.core.game`) and the registry name it without importing the session.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from companion.core.journal import Journal
from companion.core.outcome import Outcome
from companion.core.questions import Announcement

S = TypeVar("S")


class Rules(Protocol[S]):
    """What a game tells the session core: how to set up, apply an event, and sum up.

    ``apply`` may change the ``state`` it is given (the core hands it a copy it
    owns) and returns the new state with the announcements; it raises
    NeedAnswers or a CompanionError (InputError) when the event cannot apply.
    """

    @property
    def game(self) -> str:
        """The game kind this rules object plays (the save's ``game``)."""
        ...

    def migrate(self, journal: Journal) -> None:
        """Bring a journal written by an older version to today's form (in place), before
        it is replayed; nothing to do for most games."""
        ...

    def start(self, journal: Journal) -> S:
        """The state right after set-up, from the journal's options and seed."""
        ...

    def apply(self, state: S, event: Mapping[str, Any], index: int) -> tuple[S, list[Announcement]]:
        """Apply journal event number ``index`` (from 1) to ``state``."""
        ...

    def clone(self, state: S) -> S:
        """An independent copy of ``state`` (the cache keeps its own)."""
        ...

    def summary(self, state: S) -> str:
        """A short status line for the resume list ("turn 12 · black 4 tokens left")."""
        ...

    def outcome(self, state: S) -> Outcome:
        """How the game stands: whether it has ended, its result and winner, the turns,
        the level and a headline (the per-turn series come from the game's outcome module)."""
        ...
