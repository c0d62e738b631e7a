"""A game object played on a journal: the one path of a step, for every game and shell.

:func:`act` replays the journal once (from the session's cache), checks that the
action is one the game offers now, plays it, refuses every answer the step did
not use (an input not used is refused, not ignored), and records the event:
what the screen shows is the step's own result, never a second replay.
:func:`begin` runs a game's set-up plan and makes its journal; :func:`view` is
what a table shows between steps (the state, its status and the actions).
Undo and redo are :func:`companion.core.session.undo` / ``redo``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from companion.core import session
from companion.core.catalog import _, one_language, say
from companion.core.errors import InputError
from companion.core.game import Action, Status, Stepped, TableGame, TableSetup, checklist
from companion.core.journal import Journal
from companion.core.plans import NothingToAsk, Report
from companion.core.questions import Announcement, NeedAnswers, refuse_unasked

S = TypeVar("S")


def offered(game: TableGame[S], state: S, action: str) -> Action:
    """The action ``action`` if the game offers it now; InputError naming those it offers."""
    actions = game.actions(state)
    for candidate in actions:
        if candidate.id == action:
            return candidate
    if not actions:
        raise InputError(say("{action}: the game is over; nothing changed", action=action))
    raise InputError(
        say(
            "{action} is not an action now (one of {actions}); nothing changed",
            action=action,
            actions=", ".join(a.id for a in actions),
        )
    )


def act(
    game: TableGame[S],
    journal: Journal,
    action: str,
    answers: Mapping[str, str] | None = None,
    source: str | None = None,
) -> Stepped[S]:
    """Play ``action`` with ``answers`` on the game of ``journal`` and record its event.

    Raises NeedAnswers (the next questions), InputError or NothingToAsk, and then the
    journal is unchanged. The returned step is what to show: its state is the journal's new
    state (cached by the session, so the next step replays nothing). The step's texts (its
    announcements, its questions, its menus' labels: hundreds) read the player's language
    once (``one_language``)."""
    given = dict(answers or {})
    with one_language():
        state = session.replay(game.rules, journal, source)
        offered(game, state, action)
        stepped = game.step(state, action, given, len(journal.events) + 1)
        refuse_unasked(given, sorted(stepped.used))
        session.record(game.rules, journal, dict(stepped.event), stepped.state)
    return Stepped(
        game.rules.clone(stepped.state), stepped.event, stepped.announcements, stepped.used
    )


def options(
    game: TableGame[Any] | TableSetup,
    answers: Mapping[str, str] | None = None,
    defaults: bool = True,
) -> tuple[Mapping[str, Any], set[str]]:
    """The options of a new game from its set-up plan and ``answers`` (every set-up answer
    at once), and the ids of the set-up questions asked. With ``defaults`` (a command) a
    question left unanswered takes its default; without (a screen asks each) it is asked.
    NeedAnswers with the next questions when one is missing; InputError for an answer that
    does not fit."""
    given = dict(answers or {})
    asked: set[str] = set()
    known: dict[str, str] = {}
    while True:
        step = game.setup(known)
        if step is None:
            raise NothingToAsk(_("Not set up."))
        if isinstance(step, Report):
            return dict(step.fields), asked
        if all(q.id in known for q in step.questions):
            raise RuntimeError(f"the set-up of {game.id} asked again")
        missing = [q for q in step.questions if q.id not in given and not (defaults and q.default)]
        if missing:
            raise NeedAnswers(missing)
        for question in step.questions:
            raw = given.get(question.id, question.default)
            question.parse(raw)
            asked.add(question.id)
            known[question.id] = raw


def begin(
    game: TableGame[Any],
    answers: Mapping[str, str] | None = None,
    seed: int | None = None,
    defaults: bool = True,
) -> Journal:
    """A new game's journal from its set-up answers (see :func:`options`) and the answers
    its new game asks (physical dice); an answer neither asks is refused."""
    given = dict(answers or {})
    chosen, asked = options(game, given, defaults)
    rest = {k: v for k, v in given.items() if k not in asked}
    journal = game.new(chosen, seed, rest)
    if rest:
        try:
            game.new(chosen, journal.seed, {})
        except NeedAnswers as need:
            asked |= {q.id for q in need.questions}
        refuse_unasked(given, sorted(asked))
    return journal


def setup_list(game: TableGame[Any], journal: Journal) -> tuple[Announcement, ...]:
    """The physical set-up of the game of ``journal`` as checklist items (one replay, from
    the cache): the game object's ``checklist``, none for a game without one."""
    return checklist(game, session.replay(game.rules, journal))


@dataclass(frozen=True)
class View:
    """What a table shows between steps: the state, its status and the actions now."""

    state: Any
    status: Status
    actions: tuple[Action, ...]


def view(game: TableGame[S], journal: Journal, source: str | None = None) -> View:
    """The game of ``journal`` as a table shows it now (one replay, from the cache)."""
    return view_of(game, session.replay(game.rules, journal, source))


def view_of(game: TableGame[S], state: S) -> View:
    """The table's view of ``state`` (a step's own new state: no replay); its texts read
    the player's language once."""
    with one_language():
        return View(state, game.status(state), game.actions(state))
