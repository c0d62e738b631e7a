"""Spoken forms of announcements, for a player whose eyes stay on the board.

Each game says its moves its own way (``spoken.py`` of each engine: a table from an
announcement's ``what`` id to the line made from its data, through the catalog); what
is shared is here: which announcements are said, in what order, and which sound cue a
step gives (the cue ids of ``companion.speech.cues``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from companion.core.questions import Announcement

SpokenLine = Callable[[Announcement], str]


@dataclass(frozen=True)
class SpokenForms:
    """A game's spoken lines (by ``what``), its sound cues (by ``what``) and the "info"
    announcements that are said all the same (the player acts on them)."""

    lines: Mapping[str, SpokenLine]
    cue_of: Mapping[str, str]
    said_when_info: frozenset[str] = field(default_factory=frozenset)

    def line(self, announcement: Announcement) -> str | None:
        """The spoken form of one announcement, or None when it is only shown (an "info"
        line the player does nothing for, or a ``what`` with no spoken form)."""
        make = self.lines.get(announcement.what)
        if make is None:
            return None
        if announcement.kind == "info" and announcement.what not in self.said_when_info:
            return None
        return make(announcement)

    def spoken(self, announcements: Sequence[Announcement]) -> list[str]:
        """The spoken lines of a step, in the order the engine announced them."""
        lines = (self.line(a) for a in announcements)
        return [line for line in lines if line]

    def cues(self, announcements: Sequence[Announcement]) -> list[str]:
        """The sound cues of a step, in order (each cue once)."""
        out: list[str] = []
        for announcement in announcements:
            cue = self.cue_of.get(announcement.what)
            if cue and cue not in out:
                out.append(cue)
        return out
