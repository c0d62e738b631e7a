"""A line of a board drawn again only when what it says changed.

A game's board is drawn whole after every step (``TablePanel.show``), and most of its lines
say what they said before: a zone or a count changes now and then. Textual's
``Static.update`` takes a new renderable as new content every time: the line is measured
again at the next layout pass, which lays out its column anew, and drawn again (a board's
table of a dozen rows, measured and drawn whole, about 10 ms of a step). Here a line whose
content is alike (its likeness: the words, their styles and the language) keeps what it
shows.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable

from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static

from companion.core.catalog import language
from companion.tui.widgets import layout

# What each line shows now, by its likeness (only lines updated through ``update_kept``).
_shown: weakref.WeakKeyDictionary[Static, Hashable] = weakref.WeakKeyDictionary()


def update_kept(widget: Static, content: VisualType, likeness: Hashable) -> bool:
    """``widget.update(content)`` unless ``widget`` shows content of the same ``likeness``
    (in the same language) already; whether it was updated. ``likeness`` must say all
    that the content draws (``layout.likeness`` for a ``Text``)."""
    key = (language(), likeness)
    if _shown.get(widget) == key:
        return False
    widget.update(content)
    _shown[widget] = key
    return True


def update_text(widget: Static, text: Text) -> bool:
    """``update_kept`` for a rich ``Text``."""
    return update_kept(widget, text, layout.likeness(text))
