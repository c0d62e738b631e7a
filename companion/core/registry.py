"""The games this companion plays, each registered once, by its own package.

A game package describes itself with one :class:`Game` (its id, its titles,
where its session rules, event describer, outcome, screens and commands
live) and registers it from a small registration module that imports
nothing heavy. The packages are found through the ``companion.games`` entry
points of the installed distribution (``[project.entry-points]`` in
pyproject.toml): each names a registration module, imported the first time
the registry is read. Adding a game is one new package and one entry point;
this module, and the whole core, names no game.

Everything a descriptor points at is a lazy ``"module:attribute"`` string,
imported only when used: a headless command never imports a screen (nor
Textual), ``companion --help`` imports no engine. Titles and hints are
catalog messages marked with ``N_`` and translated where they are shown.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from companion.core import entry_points
from companion.core.catalog import N_plural, say, say_n
from companion.core.debug import caught
from companion.core.errors import CompanionError
from companion.core.outcome import Seat

if TYPE_CHECKING:
    from companion.core.game import TableGame
    from companion.core.journal import Journal
    from companion.core.outcome import Outcome
    from companion.core.rules import Rules

ENTRY_POINTS = "companion.games"


class UnknownGame(CompanionError):
    """A game id that no installed game registered."""

    def __init__(self, game: str) -> None:
        super().__init__(say("{game!r} is not a game this companion knows", game=game))
        self.game = game


@dataclass(frozen=True)
class NewGame:
    """One entry of the home screen's new-game list (and, with ``palette``, of the menu).

    ``id`` is what the new-game route is asked for (a game id, or a set-up of its own such
    as a game without Automas); ``screen`` the ``"module:Class"`` of its first screen,
    built with no argument ("": the set-up asked from the game's object). ``order`` places it in the list (smallest first).
    ``palette``: the command palette's (title, help), None to leave it out. ``fields``
    (optional): the ``"module:function"`` giving the data its hint is filled with (a rule
    constant, such as the popularity that wins). ``setup`` (optional, with ``screen`` ""):
    the ``"module:attribute"`` of a set-up with no game after it
    (:class:`companion.core.game.TableSetup`: its questions, then a checklist), asked in
    place of a game object's set-up.
    """

    id: str
    name: str
    title: str
    hint: str
    screen: str
    order: int
    palette: tuple[str, str] | None = None
    fields: str | None = None
    setup: str | None = None

    def hint_text(self) -> str:
        """The hint in the player's language, its fields filled."""
        data = cast("Callable[[], dict[str, Any]]", load(self.fields))() if self.fields else {}
        return say(self.hint, **data)


@dataclass(frozen=True)
class CommandGroup:
    """A game's command group of the CLI (``companion NAME ...``): ``target`` is the
    ``"module:attribute"`` of its click group, imported only when the command is run;
    ``help`` its one line in ``companion --help``. Games of one family share one group."""

    name: str
    target: str
    help: str


@dataclass(frozen=True)
class Levels:
    """A game's difficulty levels, easiest first, with their names and the standard one."""

    game: str
    ids: tuple[str, ...]
    names: Mapping[str, str]
    standard: str


@dataclass(frozen=True)
class Game:
    """Everything the shells need to know about one kind of saved game.

    Titles (catalog messages, ``N_``): ``title`` in lists and notes (the game and its
    opponent), ``end_title`` on the end-of-game screen and the ladder (the game alone),
    ``short_title`` in the history's narrow column.

    Lazy targets (``"module:attribute"``): ``table`` the game object
    (:class:`companion.core.game.TableGame`: its rules, actions, steps, status and outcome,
    from which the shells are built); ``rules`` the session rules object, ``describer`` a
    function event -> words, ``step_describer`` (optional) a function (journal, number) ->
    words for event ``number`` of a journal when the event alone does not say enough,
    ``outcome`` a function (journal, detail) -> Outcome: each optional when ``table`` is
    given (the game object's own serve). ``resume``: the screen class that plays a save
    (``cls(path=..., journal=...)``) for a game that still has one of its own. ``levels``
    (optional) a function returning the game's :class:`Levels`. ``seats`` (optional) a
    function (journal or None, result, winner) -> the players of a finished game
    (:class:`companion.core.outcome.Seat`, the humans first) for a logged play, the journal
    None when the save is gone; ``play_title`` the game's title where plays are logged
    (BG Stats, BoardGameGeek: a name, never translated; the game's id when empty).

    ``new``: its entries in the new-game list. ``cli``: its command group. ``solo``: played
    against the game's own opponent (an Automa, the Plot), so the result is the player's
    ("you won"); otherwise the winner is named. ``turns``: how its turns are counted
    (a singular and a plural message with ``{turns}``, ``N_plural``; said by
    :meth:`turns_text`); ``unit``: the unit of its chart's values ("%" or "").
    ``order``: its place wherever the games are listed (smallest first).
    """

    id: str
    title: str
    end_title: str
    short_title: str
    rules: str | None = None
    describer: str | None = None
    outcome: str | None = None
    resume: str | None = None
    table: str | None = None
    new: tuple[NewGame, ...] = ()
    cli: CommandGroup | None = None
    solo: bool = False
    turns: tuple[str, str] = N_plural("{turns} turn", "{turns} turns")
    unit: str = ""
    levels: str | None = None
    step_describer: str | None = None
    order: int = 100
    seats: str | None = None
    play_title: str = ""

    def turns_text(self, turns: int) -> str:
        """How many turns a game of this kind lasted, in its words ("1 turn", "12 rounds")."""
        return turns_text(turns, self.turns)


def turns_text(turns: int, words: tuple[str, str] = Game.turns) -> str:
    """``turns`` said with ``words`` (a singular and a plural message with ``{turns}``; by
    default a game's turns)."""
    singular, plural = words
    return say_n(singular, plural, turns, turns=turns)


_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Make ``game`` known by its id (a later registration of the same id replaces it)."""
    _GAMES[game.id] = game
    return game


def unregister(game: str) -> None:
    """Forget the game registered as ``game`` (a game registered by tests alone)."""
    _GAMES.pop(game, None)


def discover(modules: Iterable[str] | None = None) -> None:
    """Import the registration modules (by default those of the ``companion.games`` entry
    points), once; each registers its game when imported."""
    global _loaded
    if modules is None:
        if _loaded:
            return
        _loaded = True
        modules = sorted(entry_points.values(ENTRY_POINTS))
    for name in modules:
        importlib.import_module(name)


def games() -> tuple[Game, ...]:
    """Every registered game, in their order."""
    discover()
    return tuple(sorted(_GAMES.values(), key=lambda game: game.order))


def ids() -> tuple[str, ...]:
    """The id of every registered game (the ``game`` of a save)."""
    return tuple(game.id for game in games())


def find(game: str) -> Game | None:
    """The game registered as ``game``, or None."""
    discover()
    return _GAMES.get(game)


def get(game: str) -> Game:
    """The game registered as ``game``; UnknownGame if none is."""
    found = find(game)
    if found is None:
        raise UnknownGame(game)
    return found


def new_games() -> tuple[NewGame, ...]:
    """Every entry of the new-game list, in their order: each game's own entries, and one
    for each game with a game object and none of its own (its set-up asked from the object:
    ``screen`` is empty)."""
    entries = [n for g in games() for n in g.new]
    for game in games():
        if not game.new and game.table is not None:
            entries.append(NewGame(game.id, game.title, game.title, "", "", game.order))
    return tuple(sorted(entries, key=lambda n: n.order))


def new_game(entry: str) -> NewGame | None:
    """The new-game entry ``entry``, or None."""
    return next((n for n in new_games() if n.id == entry), None)


def command_groups() -> tuple[CommandGroup, ...]:
    """The CLI's game command groups, one per name (games of a family share theirs)."""
    groups: dict[str, CommandGroup] = {}
    for game in games():
        if game.cli is not None:
            groups.setdefault(game.cli.name, game.cli)
    return tuple(groups.values())


def load(target: str) -> Any:
    """The attribute named by ``"module:attribute"``, importing its module now."""
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def table(game: str) -> TableGame[Any] | None:
    """The game object of ``game`` (importing its engine now), None for a game registered
    without one."""
    target = get(game).table
    return None if target is None else cast("TableGame[Any]", load(target))


def table_games() -> tuple[Game, ...]:
    """Every registered game that has a game object, in their order."""
    return tuple(game for game in games() if game.table is not None)


def rules(game: str) -> Rules[Any]:
    """The session rules of ``game`` (importing its engine now)."""
    target = get(game).rules
    if target is not None:
        return cast("Rules[Any]", load(target))
    return _table(game).rules


def _table(game: str) -> TableGame[Any]:
    """The game object of ``game``, which a game registered without rules must have."""
    found = table(game)
    if found is None:
        raise TypeError(f"the game {game!r} is registered with neither rules nor a game object")
    return found


def outcome(journal: Journal, detail: bool = True) -> Outcome:
    """How the game of ``journal`` stands, from its engine (with ``detail``, the per-turn
    series and milestones too)."""
    target = get(journal.game).outcome
    if target is None:
        return _table(journal.game).outcome(journal, detail)
    function = cast("Callable[[Journal, bool], Outcome]", load(target))
    return function(journal, detail)


def has_ended(journal: Journal) -> bool:
    """Whether the game of ``journal`` has ended: as its save says (written with every
    step), else from its engine; a long save written before saves said so counts as open
    (a list never replays thousands of steps), and so does one that cannot be replayed."""
    from companion.core import checkpoints

    if journal.ended is not None:
        return journal.ended
    if len(journal.events) > checkpoints.EVERY:
        return False
    try:
        return outcome(journal, detail=False).ended
    except Exception as error:  # a row is never worth a crash: it counts as open
        caught(error, f"whether a {journal.game} game has ended")
        return False


def describe(game: str, event: Mapping[str, Any]) -> str:
    """One journal event of ``game`` in words, by its engine's describer (or its game
    object's)."""
    target = get(game).describer
    if target is None:
        return _table(game).describe(event)
    function = cast("Callable[[Mapping[str, Any]], str]", load(target))
    return function(event)


def describe_step(journal: Journal, number: int) -> str:
    """Event ``number`` (from 1) of ``journal`` in words: the game's step describer when it
    has one (it may read the events before), else its event describer."""
    game = get(journal.game)
    if game.step_describer is not None:
        function = cast("Callable[[Journal, int], str]", load(game.step_describer))
        return function(journal, number)
    return describe(journal.game, journal.events[number - 1])


def seats(journal: Journal | None, game: str, result: str, winner: str) -> tuple[Seat, ...]:
    """The players of a finished ``game`` (its journal None when its save is gone), by the
    game's ``seats``; without one, the winner alone (when the game names one)."""
    target = get(game).seats
    if target is None:
        return (Seat(winner, winner, True, True),) if winner else ()
    function = cast("Callable[[Journal | None, str, str], tuple[Seat, ...]]", load(target))
    return function(journal, result, winner)


def levels() -> tuple[Levels, ...]:
    """The levels of every game that has them, in the games' order."""
    out = []
    for game in games():
        if game.levels is not None:
            function = cast("Callable[[], Levels]", load(game.levels))
            out.append(function())
    return tuple(out)
