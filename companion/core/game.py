"""The game protocol: one kind of game as one object, the shells built from it.

A game object says everything a shell needs of a game, as data, and names no
shell: its id, its titles, its set-up plan and ``new`` game, the **actions**
the player can take at this moment (each with its key and label), ``step``
(one action played on a state, with the answers it needed: the new state,
the journal event and the announcements), ``status`` (the few facts a table
needs, as data), and ``outcome`` (how the game stands, for the history).
Undo and redo are the session's (:mod:`companion.core.session`): a game is its
journal, whatever the game.

:mod:`companion.core.table` plays a game object on a journal (one replay, one
step, every answer used or refused, the event recorded); the command line's
``companion GAME new / act / show / undo / redo`` and the conformance suite
are written against this protocol alone.

A step either completes or raises :class:`~companion.core.questions.NeedAnswers`
with the questions it needs (changing nothing), exactly as every engine step
does; a refused action raises an InputError or
:class:`~companion.core.plans.NothingToAsk`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from companion.core.catalog import _
from companion.core.journal import Journal
from companion.core.outcome import Outcome
from companion.core.plans import Ask, Report
from companion.core.questions import Announcement
from companion.core.rules import Rules

S = TypeVar("S")


@dataclass(frozen=True)
class Action:
    """One thing the player can do now: ``id`` (stable: the command line's ``act ID``, and
    the journal's event kind where they are one), ``label`` (a catalog message, ``N_``),
    ``key`` (the app's key for it) and ``main``: the one action that plays the game on when
    nothing is unknown (the Automa turn: Enter)."""

    id: str
    label: str
    key: str
    main: bool = False

    def shown_label(self) -> str:
        """The label in the player's language now."""
        return _(self.label)

    def to_json(self) -> dict[str, Any]:
        """``{"id", "label", "key", "main"}`` (the label in the player's language)."""
        return {"id": self.id, "label": self.shown_label(), "key": self.key, "main": self.main}


@dataclass(frozen=True)
class Fact:
    """One line of a game's status: ``what`` it is (a stable id: ``turn``, ``deck``,
    ``automa.black``...), its ``text`` in the player's language, and its ``fields`` as data
    (the numbers and ids the text was made from)."""

    what: str
    text: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"what", "text", "fields"}``."""
        return {"what": self.what, "text": self.text, "fields": dict(self.fields)}


@dataclass(frozen=True)
class Status:
    """How a game stands, as the few facts a table needs, most important first (the first
    is the one line a small screen keeps)."""

    facts: tuple[Fact, ...]

    def lines(self) -> list[str]:
        """The facts' texts, in order."""
        return [fact.text for fact in self.facts]

    def fact(self, what: str) -> Fact | None:
        """The fact ``what``, or None."""
        return next((f for f in self.facts if f.what == what), None)

    def to_json(self) -> list[dict[str, Any]]:
        """Every fact as a JSON object."""
        return [fact.to_json() for fact in self.facts]


@dataclass(frozen=True)
class Stepped(Generic[S]):
    """One action played: the new ``state``, the journal ``event`` that records it (with the
    answers it used), what to do at the table (``announcements``), and the ids of the
    answers the step read (``used``): an answer given and not used is refused."""

    state: S
    event: dict[str, Any]
    announcements: tuple[Announcement, ...]
    used: frozenset[str] = frozenset()


class TableGame(Protocol[S]):
    """One kind of game, as the shells see it (see the module's docstring)."""

    @property
    def id(self) -> str:
        """The game's id: the ``game`` of its saves, its entry in the registry."""
        ...

    @property
    def rules(self) -> Rules[S]:
        """The session rules that replay its journal."""
        ...

    def setup(self, answers: Mapping[str, str]) -> Ask | Report | None:
        """The set-up, asked as a plan: the next set-up questions (each with its default), or
        the options of the new game (a :class:`Report` of kind ``"new"``) once every one is
        answered (None: declined). InputError for an answer that does not fit."""
        ...

    def new(
        self,
        options: Mapping[str, Any],
        seed: int | None = None,
        answers: Mapping[str, str] | None = None,
    ) -> Journal:
        """A new game's journal from the set-up's options (no events yet). It may raise
        NeedAnswers for a fact of the set-up the table has to tell (physical dice), which
        ``answers`` then gives."""
        ...

    def actions(self, state: S) -> tuple[Action, ...]:
        """The actions the player can take now, in the order a screen lists them (none when
        the game is over)."""
        ...

    def step(self, state: S, action: str, answers: Mapping[str, str], index: int) -> Stepped[S]:
        """Play ``action`` on ``state`` (the game's ``index``-th step, from 1) with the answers
        given so far. Raises NeedAnswers (the next questions), InputError or NothingToAsk,
        having changed nothing: ``state`` is the caller's to keep."""
        ...

    def status(self, state: S) -> Status:
        """How the game stands, as the few facts a table needs."""
        ...

    def describe(self, event: Mapping[str, Any]) -> str:
        """One journal event in a few words (the undo note, the resume list's last move)."""
        ...

    def outcome(self, journal: Journal, detail: bool = True) -> Outcome:
        """How the game of ``journal`` stands or ended (with ``detail``, the per-turn series and
        milestones too): what the history records."""
        ...


class SetsUpTable(Protocol):
    """A game object whose new game is set up on the table by hand first (optional: a game
    without it starts at once): ``checklist`` gives the physical set-up of a new game as
    data, one :class:`Announcement` an item (``text``: a title, more lines below it;
    ``why`` or ``rule``: the rule behind it), in the order they are done."""

    def checklist(self, state: Any) -> tuple[Announcement, ...]:
        """What to do on the table before the first step of the game in ``state``."""
        ...


class TableSetup(Protocol):
    """A set-up with no game after it (a game played without the app's opponents): its
    questions asked as a plan, as :meth:`TableGame.setup` (a :class:`Report` of kind
    ``"checklist"`` with its options once every one is answered), then ``checklist`` from
    those options (see :class:`SetsUpTable`); nothing is saved."""

    @property
    def id(self) -> str:
        """The set-up's id: its entry in the new-game list."""
        ...

    def setup(self, answers: Mapping[str, str]) -> Ask | Report | None:
        """The next set-up questions, or the options once every one is answered."""
        ...

    def checklist(self, options: Mapping[str, Any]) -> tuple[Announcement, ...]:
        """What to do on the table, for the set-up's options."""
        ...


def checklist(game: object, state: Any) -> tuple[Announcement, ...]:
    """The physical set-up of the game in ``state`` (:class:`SetsUpTable`); none for a game
    object without one."""
    found = getattr(game, "checklist", None)
    return tuple(found(state)) if callable(found) else ()
