"""A game's optional panels on the one table screen (its card pair, its markers, its board).

The table screen is built from the game protocol alone; a game may add widgets of its own
to it, never a screen. A game's panels are found through the ``companion.panels`` entry
points of the installed distribution (``[project.entry-points]`` in pyproject.toml): the
entry's name is the game's id, its value the ``"module:attribute"`` of a
:class:`GamePanels`. The core and the engines never see them; a game with no entry plays on
the bare table screen.

A :class:`GamePanels` gives what the table screen holds and does for the game:

- ``build``: the panel widgets of one screen (built anew for each), each a
  :class:`TablePanel`: redrawn from the table's :class:`~companion.core.table.View` after
  every step, and naming the status facts it shows (``covers``: left out of the status
  lines, so nothing is said twice);
- ``keys``: screen keys of the game's own (a log, a help page), each running a function
  with the screen and the view;
- ``beside``: a step's questions beside what to do (not over it) on a screen 60 columns
  wide or more;
- ``asks_main``: the table asks the main action's questions whenever it waits for the
  player, so they are on screen without a key (the solo game's menu of actions);
- ``help``: the game's own F1 help (Markdown), above the table screen's;
- ``words``: how the game words its table screen where the protocol's words are too few
  (:class:`TableWords`, the one home of every word a game's panels add: how a question,
  an announcement, a step's heading and its spoken form are shown);
- ``glance``: the panels folded to a line or two (Rich text, it may wrap) for a small
  screen (under 24 rows, or a phone's width under 40 rows): the few facts the player looks
  up between steps (an Automa's tokens left). A game that gives one takes part in the
  glance (docs/screens.md, "The layout rule"): its panels fold into it there, so the
  lines to do have the rows; a key (`i`) or a tap unfolds them. None (the default): the
  panels stay as they are on every screen.

A panel that also has ``show_asking`` (:class:`AskingPanel`) is redrawn while a step asks
its questions, from what the step has worked out so far (``NeedAnswers.context``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol, cast, runtime_checkable

from rich.console import RenderableType
from textual.screen import Screen
from textual.widget import Widget

from companion.core import entry_points, registry
from companion.core.game import Action
from companion.core.journal import Journal
from companion.core.questions import Announcement, Question
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


@runtime_checkable
class AskingPanel(Protocol):
    """A panel that shows the table so far while a step asks: ``show_asking`` gets the
    view, the action asked, its answers so far and the step's ``context``."""

    def show_asking(
        self, view: View, action: str, answers: Mapping[str, str], context: Mapping[str, Any]
    ) -> None:
        """Redraw from the table so far."""
        ...


def same_question(question: Question, view: View) -> Question:
    """A question left as the game asked it (the default ``dress``)."""
    return question


def no_info(view: View, action: str, answers: Mapping[str, str]) -> RenderableType | None:
    """No line above a step's questions (the default ``info``)."""
    return None


def spoken_texts(said: Sequence[Announcement]) -> tuple[list[str], list[str]]:
    """A step said as its announcements' texts, with no sound cue (the default ``speak``)."""
    return [a.text for a in said], []


def same_announcement(item: Announcement) -> Announcement:
    """An announcement shown as the game made it (the default ``tell``)."""
    return item


def own_label(action: Action) -> str:
    """An action's footer label as the game names it (the default ``label``)."""
    return action.shown_label()


def nothing_yet(view: View) -> Sequence[Announcement]:
    """Nothing to do before the first step (the default ``opening``)."""
    return ()


def same_setup_question(question: Question) -> Question:
    """A set-up question left as the game asked it (the default ``dress_setup``)."""
    return question


@dataclass(frozen=True)
class PanelKey:
    """A key of a game's own on its table screen: ``key``, its footer ``label`` (a catalog
    message, ``N_``) and ``run``, called with the screen and the view when it is pressed;
    ``show``: whether the footer shows it (else the help and the menu do)."""

    key: str
    label: str
    run: Callable[[Screen[Any], View], None]
    show: bool = True


@dataclass(frozen=True)
class TableWords:
    """A game's own words on its table screen, each optional (the default: the protocol's
    own words, as the game made them).

    What is shown of the game's steps and questions:

    - ``dress``: a question as the game's panels show it (a card named by its printed
      glyphs), the question's id and choices unchanged;
    - ``dress_setup``: a question of the game's set-up as its panels show it (there is no
      view yet), the question's id and choices unchanged;
    - ``info``: what a step asked so far comes to, shown above its next question (a unite's
      gain before it is confirmed);
    - ``tell``: an announcement as the table screen shows it (a hint naming the game's key);
    - ``narrow``: an announcement as a narrow screen words it, where ``marks`` say who (a
      phone's 34 columns: one row where the screen text takes two; the default: as it is);
    - ``speak``: a step's spoken lines and sound cues (the game's spoken forms; by default
      the announcements' texts);
    - ``label``: an action's footer label (a short word where the game's label is long; the
      menu keeps the game's);
    - ``bar``: the main action's bar, e.g. "Automa turn 5" (the action's label otherwise);
    - ``heading``: the heading of a step's lines, from the new view and the step's journal
      event ("Automa turn 5 — cards A3 / B7");
    - ``opening``: what to do at the table before the first step (the set-up steps);
    - ``last``: the last step's heading and lines as they were said (shown again when the
      game is opened and after a redo), or None.

    Taking a step back:

    - ``set_back``: what to set back on the table to undo the last ``steps`` steps of the
      journal, asked *before* they are undone;
    - ``undone``: the screen's one line naming a step *after* it was undone, from its
      journal event.

    Who a line is for:

    - ``names``: the name of each ``who`` of its lines (a catalog message, ``N_``: its
      Automas by colour; the solo game's "you" and "plot"); any other ``who`` (a player's
      name) is shown as it is;
    - ``marks``: a short mark for each ``who``, used where the screen is narrow (a phone);
    - ``folded``: the ``what`` of the lines that only inform (shown in the why of the line
      before them: one line per thing to do on the table).
    """

    dress: Callable[[Question, View], Question] = same_question
    dress_setup: Callable[[Question], Question] = same_setup_question
    info: Callable[[View, str, Mapping[str, str]], RenderableType | None] = no_info
    tell: Callable[[Announcement], Announcement] = same_announcement
    narrow: Callable[[Announcement], Announcement] = same_announcement
    speak: Callable[[Sequence[Announcement]], tuple[list[str], list[str]]] = spoken_texts
    label: Callable[[Action], str] = own_label
    bar: Callable[[View], str] | None = None
    heading: Callable[[View, Mapping[str, Any]], str] | None = None
    opening: Callable[[View], Sequence[Announcement]] = nothing_yet
    last: Callable[[Journal], tuple[str, list[Announcement]] | None] | None = None
    set_back: Callable[[Journal, int], list[Announcement]] | None = None
    undone: Callable[[Mapping[str, Any]], Sequence[Announcement]] | None = None
    names: Mapping[str, str] = field(default_factory=dict)
    marks: Mapping[str, str] = field(default_factory=dict)
    folded: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GamePanels:
    """What a game adds to its table screen (see the module's docstring)."""

    build: Callable[[], Sequence[Widget]]
    keys: tuple[PanelKey, ...] = ()
    beside: bool = False
    asks_main: bool = False
    help: Callable[[], str] | None = None
    words: TableWords = field(default_factory=TableWords)
    glance: Callable[[View], RenderableType] | None = None


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
    if game not in _loaded:
        value = _entries().get(game)
        _loaded[game] = NO_PANELS if value is None else cast(GamePanels, registry.load(value))
    return _loaded[game]


_loaded: dict[str, GamePanels] = {}  # the games' panels loaded from their entry points


@cache
def _entries() -> dict[str, str]:
    """The panels' entry points, read once a process (the set-up screen asks a game's
    panels at every question, the table screen at every opening)."""
    found: dict[str, str] = {}
    for name, value in entry_points.entries(ENTRY_POINTS):
        found.setdefault(name, value)  # the first of a name, as the loop before took it
    return found


def built(panels: GamePanels) -> list[Widget]:
    """The panel widgets of one screen; TypeError for one that is not a :class:`TablePanel`
    (a game's bug, found on the first screen that opens it)."""
    widgets = list(panels.build())
    for widget in widgets:
        if not isinstance(widget, TablePanel):
            raise TypeError(f"{type(widget).__name__} is not a table panel (covers, show)")
    return widgets
