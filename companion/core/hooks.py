"""Hooks run right after a save is written (core imports no game and no shell: they register).

The storage under the saves uses them: the phone build copies every save written to the
browser's IndexedDB (``companion.web.page_boot``), whoever wrote it. The history is not a
hook: the shell that made a step keeps it right (``companion.history.outcomes.step_saved``).
Kept apart from ``saves`` so that installing a hook imports nothing heavy.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.core.journal import Journal

AfterWrite = Callable[[Path, "Journal"], None]
_AFTER_WRITE: list[AfterWrite] = []


def add_after_write(hook: AfterWrite) -> None:
    """Run ``hook(path, journal)`` after every save written from now on (once per hook)."""
    if hook not in _AFTER_WRITE:
        _AFTER_WRITE.append(hook)


def run_after_write(path: Path, journal: Journal) -> None:
    """Run the hooks for the save just written at ``path``."""
    for hook in list(_AFTER_WRITE):
        hook(path, journal)
