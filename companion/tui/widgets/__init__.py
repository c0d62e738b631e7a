"""Reusable widgets: pure rendering of plain data (questions, announcements, bars); a game's
own widgets are its panels' (``companion.tui.games``).

The names below are imported from their modules when first asked for: a screen that
imports one widget module (the home screen its header and footer) does not import them
all, and the app's first screen comes sooner.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.tui.widgets.announcements import AnnouncementList
    from companion.tui.widgets.checklist import Checklist
    from companion.tui.widgets.popularity import PopularityBar
    from companion.tui.widgets.questions import QuestionPanel

__all__ = ["AnnouncementList", "Checklist", "PopularityBar", "QuestionPanel"]

# Each name's module, under this package.
_MODULES = {
    "AnnouncementList": "announcements",
    "Checklist": "checklist",
    "PopularityBar": "popularity",
    "QuestionPanel": "questions",
}


def __getattr__(name: str) -> Any:
    """One of ``__all__``, imported from its module when first asked for."""
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_MODULES[name]}"), name)
