"""One lifecycle for every game: create, load, save (lock + revision), replay, play, undo/redo.

A game is a :class:`~companion.core.journal.Journal` (options, seed, events)
and a :class:`Rules` object that knows how to set it up and apply one event.
This module does the rest, the same way for every game:

- **Replay with a cache.** :func:`replay` derives the state from the
  journal; the states of recent journals are cached (by game, seed, options
  and events), so replaying after one more step applies only that step.
- **Steps.** :func:`record` appends an event whose new state the caller has
  already worked out; :func:`play` applies an event and records it. A step
  that fails (NeedAnswers, InputError) leaves the journal unchanged.
  :func:`undo` and :func:`redo` move steps between the events and the redo
  list.
- **Saves.** Every write holds the save's lock (:mod:`companion.core.lock`)
  and checks the save's **revision**: a number that grows by one with every
  write and never goes back. :func:`save` refuses (ConflictError, nothing
  changed) when the file is no longer at the revision the journal was read
  at: another screen or program wrote it meanwhile. A command that changes a
  save runs inside :func:`editing`, which holds the lock from reading the
  save to renaming the new one, so N concurrent commands give N steps.
- **Any registered game by its id.** :func:`load_game`, :func:`save_game`,
  :func:`create_game` and :func:`editing_game` do the same for a game named by
  its id (or the journal's own ``game``), its rules from the game registry
  (:func:`companion.core.registry.rules`): the shells open, save, create and
  edit every game's saves through them, with no file API of the game's own.
- **After every write** the hooks of :mod:`companion.core.hooks` run (the phone
  build's copy of the saves); the history of finished games is kept by the shell that
  made the step (``companion.history.outcomes.step_saved``). :meth:`Rules.outcome` says how a game stands, as data (:mod:`companion.core.outcome`):
  the one source of the history, the end-of-game screen and ``companion history``.
"""

from __future__ import annotations

import copy
import os
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from companion.core import checkpoints, registry
from companion.core.catalog import _, language, one_language, say, say_n
from companion.core.checkpoints import Prefixes
from companion.core.debug import caught
from companion.core.errors import CompanionError, ConflictError, SaveError, SaveExists
from companion.core.journal import Journal, now_text
from companion.core.lock import locked, real_path
from companion.core.outcome import Outcome
from companion.core.questions import Announcement, NeedAnswers
from companion.core.rules import Rules
from companion.core.saves import Signature, new_folders, read_save, write_save
from companion.core.validate import Reader

S = TypeVar("S")


def outcome(rules: Rules[Any], journal: Journal, source: str | None = None) -> Outcome:
    """How the game of ``journal`` stands, from its rules (replayed from the cache; errors
    as :func:`replay`'s)."""
    return rules.outcome(replay(rules, journal, source))


# --- replay --------------------------------------------------------------------------------

_CACHE: OrderedDict[str, Any] = OrderedDict()
CACHE_SIZE = 64
# Errors that mean "this event (or option) does not fit": a hostile or outdated save.
_BAD = (CompanionError, KeyError, ValueError, TypeError, AttributeError, IndexError)


def _remember(rules: Rules[S], key: str, state: S) -> None:
    _CACHE[key] = rules.clone(state)
    _CACHE.move_to_end(key)
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)


def clear_cache() -> None:
    """Forget every cached state (tests; a changed deck file)."""
    _CACHE.clear()


def replay(rules: Rules[S], journal: Journal, source: str | None = None) -> S:
    """The state of a game: set-up from its options and seed, then every event in order.

    Raises SaveError (naming ``source`` when given, and the event number) when the set-up
    or an event cannot be replayed. Cached: replaying after one more step is cheap.
    """
    if journal.game != rules.game:
        raise SaveError(
            _at(
                source,
                say(
                    "this is a {game} game, not {expected}", game=journal.game, expected=rules.game
                ),
            )
        )
    rules.migrate(journal)
    events = journal.events
    prefixes = Prefixes(journal)
    full = prefixes.digest(len(events))
    if full in _CACHE:
        _CACHE.move_to_end(full)
        return rules.clone(_CACHE[full])
    start, state = 0, None
    if events:
        prefix = prefixes.digest(len(events) - 1)
        if prefix in _CACHE:
            start, state = len(events) - 1, rules.clone(_CACHE[prefix])
    if state is None:  # a long game: from its nearest checkpoint, if one can be trusted
        start, state = checkpoints.restore(rules, journal, prefixes, len(events))
    if state is None:
        try:
            state = rules.start(journal)
        except _BAD as exc:
            problem = say("set-up cannot be replayed: {problem}", problem=_text(exc))
            raise SaveError(_at(source, problem)) from None
    with one_language():  # the events' announcements: thousands of texts in a long game
        for index in range(start + 1, len(events) + 1):
            state = _apply(rules, state, events[index - 1], index, source)
            if index % checkpoints.EVERY == 0:
                checkpoints.keep(rules, journal, prefixes, [(index, state)])
    _remember(rules, full, state)
    return rules.clone(state)


def ending_events(
    rules: Rules[Any], journal: Journal, source: str | None = None
) -> list[dict[str, Any]]:
    """The events from the one that ended the game to the last ([] while the game goes on, or
    when it ended at its set-up): what a game asks to know whether its end came by one of its
    corrections (errors as :func:`replay`'s)."""
    if not rules.outcome(replay(rules, journal, source)).ended:
        return []
    n = len(journal.events)
    while n > 0:
        before = Journal(journal.game, journal.seed, journal.options, journal.events[: n - 1])
        if not rules.outcome(replay(rules, before, source)).ended:
            break
        n -= 1
    return journal.events[n - 1 :] if n else []


def _apply(rules: Rules[S], state: S, event: dict[str, Any], index: int, source: str | None) -> S:
    """``state`` after journal event number ``index``; SaveError (naming ``source`` and the
    event) when it cannot be replayed."""
    try:
        return rules.apply(state, event, index)[0]
    except NeedAnswers as need:
        problem = say(
            "event #{index} ({kind}) cannot be replayed: it lacks the answer to {questions}",
            index=index,
            kind=event.get("kind"),
            questions=need,
        )
        raise SaveError(_at(source, problem)) from None
    except _BAD as exc:
        problem = say(
            "event #{index} ({kind}) cannot be replayed: {problem}",
            index=index,
            kind=event.get("kind"),
            problem=_text(exc),
        )
        raise SaveError(_at(source, problem)) from None


def _at(source: str | None, problem: str) -> str:
    """``problem`` located in ``source`` (the save's name) when there is one."""
    return say("{source}: {problem}", source=source, problem=problem) if source else problem


def _text(exc: BaseException) -> str:
    return str(exc) if isinstance(exc, CompanionError) else f"{type(exc).__name__}: {exc}"


# --- steps ---------------------------------------------------------------------------------


def record(rules: Rules[S], journal: Journal, event: dict[str, Any], state: S) -> None:
    """Append ``event`` (whose resulting ``state`` the caller worked out) to the journal:
    the redo list is cleared, the state cached, the summary updated."""
    journal.append(event, journal.revision + 1)  # the revision its save is written as
    prefixes = Prefixes(journal)
    _remember(rules, prefixes.digest(len(journal.events)), state)
    if len(journal.events) % checkpoints.EVERY == 0:  # a game played long in one process
        checkpoints.keep(rules, journal, prefixes, [(len(journal.events), state)])
    _sum_up(rules, journal, state)


def _sum_up(rules: Rules[S], journal: Journal, state: S) -> None:
    """What a save keeps of its state for a list (its line, the line's language, whether
    the game has ended), so the list never replays it."""
    journal.summary, journal.summary_language = rules.summary(state), language()
    try:
        journal.ended = rules.outcome(state).ended
    except Exception as error:  # the step stands; the list will replay this one
        caught(error, f"whether a {journal.game} game has ended")
        journal.ended = None


def play(
    rules: Rules[S], journal: Journal, event: dict[str, Any], source: str | None = None
) -> tuple[S, list[Announcement]]:
    """Apply ``event`` to the game of ``journal`` and record it; returns the new state and
    the announcements. NeedAnswers or InputError leave the journal unchanged."""
    state = replay(rules, journal, source)
    new, out = rules.apply(state, event, len(journal.events) + 1)
    record(rules, journal, dict(event), new)
    return new, out


def _check_steps(steps: int) -> None:
    Reader().whole_number(steps, "steps", 1, expected="1 or more")


def undo(journal: Journal, steps: int = 1) -> list[dict[str, Any]]:
    """Take back the last ``steps`` steps (they can be redone); returns them, last first.
    CompanionError (nothing changed) if there are fewer."""
    _check_steps(steps)
    if not journal.events:
        raise CompanionError(_("nothing to undo"))
    if steps > len(journal.events):
        raise CompanionError(
            say_n(
                "only {n} step to undo back to the set-up, not {steps}",
                "only {n} steps to undo back to the set-up, not {steps}",
                len(journal.events),
                steps=steps,
            )
        )
    return [journal.undo() for _ in range(steps)]


def redo(journal: Journal, steps: int = 1) -> list[dict[str, Any]]:
    """Bring back the last ``steps`` undone steps; returns them, first first. CompanionError
    (nothing changed) if there are fewer."""
    _check_steps(steps)
    if not journal.redo_stack:
        raise CompanionError(_("nothing to redo"))
    if steps > len(journal.redo_stack):
        raise CompanionError(
            say_n(
                "only {n} step to redo, not {steps}",
                "only {n} steps to redo, not {steps}",
                len(journal.redo_stack),
                steps=steps,
            )
        )
    return [journal.redo(journal.revision + 1) for _ in range(steps)]


# --- files ---------------------------------------------------------------------------------


def load(rules: Rules[Any], path: str | Path) -> Journal:
    """Read a save and check that it replays; SaveError names the file and the problem (the
    event number when an event fails)."""
    path = Path(path)
    journal = read_save(path, rules.game)
    replay(rules, journal, str(path))
    return journal


def revision_of(path: str | Path) -> int | None:
    """The revision of the save at ``path`` as it is now, or None if it cannot be read."""
    try:
        return read_save(Path(path)).revision
    except CompanionError:
        return None


class StaleRevision(ConflictError):
    """The save is not at the revision the command or the screen expected."""

    def __init__(self, path: Path, expected: int, found: int) -> None:
        self.path, self.expected, self.found = path, expected, found
        super().__init__(
            say(
                "{path}: expected revision {expected}, but the save is at revision {found} "
                "(changed elsewhere); nothing changed",
                path=path,
                expected=expected,
                found=found,
            )
        )


def _check_revision(path: Path, expected: int) -> None:
    """Under the lock: refuse unless the save at ``path`` is at revision ``expected``."""
    if not os.path.lexists(path):
        return  # removed meanwhile: writing it again loses nothing
    found = read_save(path).revision  # SaveError if it became unreadable: never overwritten
    if found != expected:
        raise StaleRevision(path, expected, found)


def _write(rules: Rules[S], path: Path, journal: Journal, state: S) -> Signature:
    """Write ``journal`` as the next revision (the caller holds the lock); the signature of
    the file written."""
    _sum_up(rules, journal, state)
    before = (journal.revision, journal.updated)
    journal.revision += 1
    journal.updated = now_text()
    try:
        return write_save(path, journal)
    except BaseException:
        journal.revision, journal.updated = before
        raise


def save(rules: Rules[S], path: str | Path, journal: Journal) -> Signature:
    """Write ``journal`` to ``path`` as its next revision, holding the save's lock; the
    signature of the file written (a screen that knows it does not read its own write back).

    Refused (StaleRevision, a ConflictError; nothing written) when the save on disk is no
    longer at ``journal.revision``: it was changed elsewhere since it was read.
    """
    path = Path(path)
    state = replay(rules, journal, str(path))
    with locked(path):
        _check_revision(path, journal.revision)
        return _write(rules, path, journal, state)


def check_new(path: str | Path, force: bool = False) -> None:
    """Refuse, before any set-up work, a new save at ``path`` that would replace a file
    without ``force``, or that would be a folder."""
    path = Path(path)
    if real_path(path).is_dir():
        raise SaveError(say("{path}: is a folder, not a save file; nothing was saved", path=path))
    if os.path.lexists(path) and not force:
        raise SaveExists(say("{path}: a save already exists", path=path))


def create(
    rules: Rules[S],
    path: str | Path,
    journal: Journal,
    force: bool = False,
    revision: int | None = None,
) -> None:
    """Save a new game at ``path``; refuses to replace an existing file unless ``force``.

    A replaced save's revision is carried on (the new game's first revision is higher),
    so a screen showing the old game notices the change. ``revision``: the revision the
    replaced save must be at (0 for no save); StaleRevision otherwise.
    """
    path = Path(path)
    state = replay(rules, journal, str(path))
    check_new(path, force=True)
    with new_folders(real_path(path).parent), locked(path):
        check_new(path, force)
        found = 0
        if os.path.lexists(path):
            with suppress(CompanionError):
                found = read_save(path).revision
        if revision is not None and found != revision:
            raise StaleRevision(path, revision, found)
        journal.revision = max(journal.revision, found)
        _write(rules, path, journal, state)


@contextmanager
def editing(rules: Rules[Any], path: str | Path, revision: int | None = None) -> Iterator[Journal]:
    """Read the save at ``path`` for a change, holding its lock until the change is written.

    ``with editing(RULES, path) as journal: <change journal>``: the save is read (and
    replayed) under the lock; when the block ends normally the journal is written as the
    next revision; when it raises, nothing is written. ``revision``: the revision the
    caller saw (``--revision R``); StaleRevision (nothing changed) if the save is elsewhere.
    """
    path = Path(path)
    with locked(path):
        journal = load(rules, path)
        if revision is not None and journal.revision != revision:
            raise StaleRevision(path, revision, journal.revision)
        yield journal
        save(rules, path, journal)


# --- any registered game, by its id --------------------------------------------------------


def load_game(path: str | Path, game: str) -> Journal:
    """Read the save of the registered game ``game`` at ``path`` and check that it replays
    (:func:`load`); SaveError naming the file if it is missing, damaged or of another game,
    UnknownGame if no installed game is ``game``."""
    return load(registry.rules(game), path)


def save_game(path: str | Path, journal: Journal) -> Signature:
    """Write ``journal`` to ``path`` as its next revision (:func:`save`), by the rules of its
    own game; StaleRevision if the save changed elsewhere since it was read."""
    return save(registry.rules(journal.game), path, journal)


def create_game(
    path: str | Path, journal: Journal, force: bool = False, revision: int | None = None
) -> None:
    """Save the new game ``journal`` at ``path`` (:func:`create`), by the rules of its own game:
    refused without ``force`` when a file is there (and, with ``revision``, unless the replaced
    save is at that revision)."""
    create(registry.rules(journal.game), path, journal, force, revision)


def editing_game(
    path: str | Path, game: str, revision: int | None = None
) -> AbstractContextManager[Journal]:
    """``with editing_game(path, game, revision) as journal:`` change the save of the registered
    game ``game`` under its lock, written when the block ends normally (:func:`editing`)."""
    return editing(registry.rules(game), path, revision)


@dataclass(frozen=True)
class FunctionRules(Generic[S]):
    """Rules made of plain functions, for games whose ``apply(state, event)`` returns a new
    state and works on a copy; states are copied with ``deepcopy``."""

    game: str
    start_fn: Callable[[Journal], S]
    apply_fn: Callable[[S, Mapping[str, Any]], tuple[S, list[Announcement]]]
    summary_fn: Callable[[S], str]
    outcome_fn: Callable[[S], Outcome]
    migrate_fn: Callable[[Journal], object] | None = None

    def migrate(self, journal: Journal) -> None:
        """Bring an older journal to today's form (``migrate_fn``), if the game has one."""
        if self.migrate_fn is not None:
            self.migrate_fn(journal)

    def start(self, journal: Journal) -> S:
        """The state right after set-up."""
        return self.start_fn(journal)

    def apply(self, state: S, event: Mapping[str, Any], index: int) -> tuple[S, list[Announcement]]:
        """Apply one event (``index`` is not needed by these games)."""
        return self.apply_fn(state, event)

    def clone(self, state: S) -> S:
        """A deep copy of ``state``."""
        return copy.deepcopy(state)

    def summary(self, state: S) -> str:
        """The resume list's status line."""
        return self.summary_fn(state)

    def outcome(self, state: S) -> Outcome:
        """How the game stands (``outcome_fn``)."""
        return self.outcome_fn(state)


def status_line(journal: Journal) -> str:
    """How the game of ``journal`` stands, in one line in the player's language now. A save
    keeps the line written when it was saved, and the language of that moment: a list in
    that language shows it as it is, without replaying the game; in another language the
    line is made again (a long save written before the language was kept shows its own
    line: listing it never replays thousands of steps). A save its engine cannot replay
    keeps its own line (a list's row is never worth a crash)."""
    if journal.summary and journal.summary_language == language():
        return journal.summary
    if journal.summary and len(journal.events) > checkpoints.EVERY:
        return journal.summary
    try:
        game_rules = registry.rules(journal.game)
        return game_rules.summary(replay(game_rules, journal))
    except Exception as error:  # a list's row is never worth a crash
        caught(error, f"the status line of a {journal.game} game")
        return journal.summary
