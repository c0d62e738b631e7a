"""The journal: a game is its options and seed plus the list of events.

State is never stored; it is derived by replaying the events from set-up.
Undo moves the last event to the redo list; redo moves it back; a new event
clears the redo list. Events are plain dicts of TOML-friendly values (no
None), so the journal is exactly what the save file holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


def now_text() -> str:
    """The current time as an ISO-8601 string (UTC, seconds)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass
class Journal:
    """A game's options, seed, events, and the undone events that redo can bring back."""

    game: str
    seed: int
    options: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    redo_stack: list[dict[str, Any]] = field(default_factory=list)
    created: str = field(default_factory=now_text)
    updated: str = field(default_factory=now_text)
    # A short status line for the resume list ("turn 12, black 4 tokens left").
    summary: str = ""
    # The language the summary was written in (empty: not known, an older save): a list
    # in that language shows the line as it is, without replaying the game.
    summary_language: str = ""
    # Whether the game had ended when the save was written (None: not known, an older
    # save): the resume list knows which games are open without replaying them.
    ended: bool | None = None
    # Grows by at least 1 with every write of the save and never goes back (see core.session);
    # the revision of the save this journal was read from, or last written as.
    revision: int = 0
    # Beside ``events`` and ``redo_stack``, one each: the revision of the save that wrote
    # that step (0: not known, a save written before they were kept).
    event_revisions: list[int] = field(default_factory=list)
    redo_revisions: list[int] = field(default_factory=list)

    def _align(self) -> None:
        """One revision per step (a journal built with events only has 0s for them)."""
        for steps, revisions in (
            (self.events, self.event_revisions),
            (self.redo_stack, self.redo_revisions),
        ):
            del revisions[len(steps) :]
            revisions.extend([0] * (len(steps) - len(revisions)))

    def step_revisions(self) -> tuple[list[int], list[int]]:
        """The revision that wrote each step and each undone step (0: not known)."""
        self._align()
        return list(self.event_revisions), list(self.redo_revisions)

    def revision_of(self, index: int) -> int | None:
        """The revision of the save that wrote step ``index`` (1 = the first), None if not
        known."""
        self._align()
        return self.event_revisions[index - 1] or None

    def append(self, event: dict[str, Any], revision: int = 0) -> None:
        """Record a new event (written by ``revision``); it clears what redo could bring
        back."""
        self._align()
        self.events.append(event)
        self.event_revisions.append(revision)
        self.redo_stack.clear()
        self.redo_revisions.clear()
        self.updated = now_text()

    def can_undo(self) -> bool:
        """Whether there is an event to undo."""
        return bool(self.events)

    def can_redo(self) -> bool:
        """Whether an undone event can be redone."""
        return bool(self.redo_stack)

    def undo(self) -> dict[str, Any]:
        """Take back the last event (it can be redone); return it."""
        self._align()
        event = self.events.pop()
        self.redo_stack.append(event)
        self.redo_revisions.append(self.event_revisions.pop())
        self.updated = now_text()
        return event

    def redo(self, revision: int = 0) -> dict[str, Any]:
        """Bring back the last undone event (written again by ``revision``, 0: the one that
        wrote it first); return it."""
        self._align()
        event = self.redo_stack.pop()
        first = self.redo_revisions.pop()
        self.events.append(event)
        self.event_revisions.append(revision or first)
        self.updated = now_text()
        return event
