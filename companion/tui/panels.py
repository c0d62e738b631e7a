"""A game's optional panels on the one table screen (its card pair, its markers, its board).

The table screen is built from the game protocol alone; a game may add widgets of its own
to it, never a screen. A game's panels are found through the ``companion.panels`` entry
points of the installed distribution (``[project.entry-points]`` in pyproject.toml): the
entry's name is the game's id, its value the ``"module:attribute"`` of a
:class:`GamePanels`. The core and the engines never see them; a game with no entry plays on
the bare table screen.

A :class:`GamePanels` gives:

- ``build``: the panel widgets of one screen (built anew for each), each a
  :class:`TablePanel`: redrawn from the table's :class:`~companion.core.table.View` after
  every step, and naming the status facts it shows (``covers``: left out of the status
  lines, so nothing is said twice);
- ``dress``: a question as the game's panels show it (a card named by its printed glyphs),
  the question's id and choices unchanged;
- ``keys``: screen keys of the game's own (a log, a help page), each running a function
  with the screen and the view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast, runtime_checkable

from textual.screen import Screen
from textual.widget import Widget

from companion.core import entry_points, registry
from companion.core.questions import Question
from companion.core.table import View

ENTRY_POINTS = "companion.panels"


@runtime_checkable
class TablePanel(Protocol):
    """A panel widget: ``covers`` the ids of the status facts it shows; ``show`` redraws it
    from the view after every step (and when the screen opens)."""

    covers: frozenset[str]

    def show(self, view: View) -> None:
        """Redraw from ``view``."""
        ...


def same_question(question: Question, view: View) -> Question:
    """A question left as the game asked it (the default ``dress``)."""
    return question


@dataclass(frozen=True)
class PanelKey:
    """A key of a game's own on its table screen: ``key``, its footer ``label`` (a catalog
    message, ``N_``) and ``run``, called with the screen and the view when it is pressed."""

    key: str
    label: str
    run: Callable[[Screen[Any], View], None]


@dataclass(frozen=True)
class GamePanels:
    """What a game adds to its table screen (see the module's docstring)."""

    build: Callable[[], Sequence[Widget]]
    dress: Callable[[Question, View], Question] = same_question
    keys: tuple[PanelKey, ...] = ()


NO_PANELS = GamePanels(build=tuple)

_registered: dict[str, GamePanels] = {}


def register(game: str, panels: GamePanels) -> None:
    """Give ``game`` these panels, before its entry point (tests register theirs so)."""
    _registered[game] = panels


def unregister(game: str) -> None:
    """Forget panels registered with :func:`register`."""
    _registered.pop(game, None)


def panels_of(game: str) -> GamePanels:
    """The panels of ``game`` (:data:`NO_PANELS` for a game with none)."""
    if game in _registered:
        return _registered[game]
    for name, value in entry_points.entries(ENTRY_POINTS):
        if name == game:
            return cast(GamePanels, registry.load(value))
    return NO_PANELS


def built(panels: GamePanels) -> list[Widget]:
    """The panel widgets of one screen; TypeError for one that is not a :class:`TablePanel`
    (a game's bug, found on the first screen that opens it)."""
    widgets = list(panels.build())
    for widget in widgets:
        if not isinstance(widget, TablePanel):
            raise TypeError(f"{type(widget).__name__} is not a table panel (covers, show)")
    return widgets
