"""The protocol's commands of every game (``companion.core.game``), one body each.

``companion GAME new / act / show / undo / redo`` for every game: a game's group
(:mod:`companion.cli.table_group`, built from its
:class:`~companion.cli.table_spec.GroupSpec`) is these commands with the options its spec
declares, made and printed by its :class:`Face`, plus the commands truly of its own; a game
registered with a game object and no group of its own gets the protocol's commands as they
are. Nothing here names a game. ``--answer ID=VALUE`` answers a step's questions (exit 3
prints them when some are missing), ``--json`` prints one JSON object, ``--revision R``
changes the save only at that revision (exit 4 otherwise); a bad input is one line and
exit 2, and changes nothing. This module is imported when one of these commands runs,
never for a group's ``--help``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from companion.cli import saving
from companion.cli.common import announce_lines, parse_answers, print_json
from companion.cli.table_spec import GroupSpec
from companion.core import registry, session
from companion.core import table as tables
from companion.core.catalog import say, say_n
from companion.core.game import TableGame
from companion.core.journal import Journal
from companion.core.saves import resolve_save_path


@dataclass(frozen=True)
class Reply:
    """What a command prints: one JSON object with ``--json``, else its lines of text."""

    json: Mapping[str, Any]
    lines: Sequence[str] = field(default_factory=list)

    def print(self, as_json: bool) -> None:
        """Print the JSON object on one line, or the lines."""
        if as_json:
            print_json(dict(self.json))
            return
        for line in self.lines:
            click.echo(line)


class LaterJSON(Mapping[str, Any]):
    """A reply's JSON object whose ``later`` values are made only when read, after the
    others: a command printed as text never reads them (``show`` without ``--json`` prints
    no journal, a line per event of the game)."""

    def __init__(self, now: Mapping[str, Any], later: Mapping[str, Callable[[], Any]]) -> None:
        """The values of ``now``, then those ``later`` makes when they are read."""
        self._now, self._later = dict(now), dict(later)

    def __getitem__(self, key: str) -> Any:
        """The value of ``key`` (made now if it is a later one)."""
        if key in self._later:
            self._now[key] = self._later.pop(key)()
        return self._now[key]

    def __iter__(self) -> Iterator[str]:
        """The keys, the later ones last."""
        return iter([*self._now, *self._later])

    def __len__(self) -> int:
        """How many keys."""
        return len(self._now) + len(self._later)


def shown(game: TableGame[Any], path: Path, journal: Journal) -> dict[str, Any]:
    """The protocol's JSON of a game between steps (`show --json`, and the rest of every
    protocol command's JSON)."""
    view = tables.view(game, journal, str(path))
    return {
        "game": game.id,
        "save": str(path),
        "revision": journal.revision,
        "summary": game.rules.summary(view.state),
        "status": view.status.to_json(),
        "actions": [a.to_json() for a in view.actions],
        "can_undo": journal.can_undo(),
        "can_redo": journal.can_redo(),
    }


def table_lines(game: TableGame[Any], path: Path, journal: Journal) -> list[str]:
    """The protocol's lines of a game between steps: its status, then the actions now."""
    view = tables.view(game, journal, str(path))
    lines = view.status.lines()
    if view.actions:
        listed = ", ".join(f"{a.id} ({a.shown_label()})" for a in view.actions)
        lines.append(say("Actions: {actions}", actions=listed))
    return lines


class Face:
    """How the generic commands make and print one game. This one is the protocol's own
    (its status and actions); a game whose commands printed their own JSON keys and lines
    before the protocol keeps them with a face of its own, overriding what differs."""

    def journal(
        self,
        game: TableGame[Any],
        values: Mapping[str, Any],
        answers: dict[str, str],
        seed: int | None,
    ) -> Journal:
        """A new game from the options the game declared for ``new`` (``values``) and the
        ``--answer``s: by default the set-up plan, every question answered at once."""
        return tables.begin(game, answers, seed)

    def created(self, game: TableGame[Any], path: Path, journal: Journal, save: str) -> Reply:
        """What ``new`` prints once the game is saved (``save``: the save as typed)."""
        text = [say("New game saved: {path}", path=path), *table_lines(game, path, journal)]
        return Reply(shown(game, path, journal), text)

    def shown(self, game: TableGame[Any], path: Path, journal: Journal) -> Reply:
        """What ``show`` prints."""
        return Reply(shown(game, path, journal), table_lines(game, path, journal))

    def before(self, journal: Journal, steps: int, undo: bool) -> Any:
        """What ``undo`` or ``redo`` must read before the journal moves (nothing here)."""
        return None

    def moved(
        self,
        game: TableGame[Any],
        path: Path,
        journal: Journal,
        moved: list[dict[str, Any]],
        steps: int,
        before: Any,
        undo: bool,
    ) -> Reply:
        """What ``undo`` (``undo``) or ``redo`` prints: the steps ``moved`` back or forth."""
        if undo:
            text = [say("Took back: {step}", step=game.describe(event)) for event in moved]
        else:
            text = [say_n("Redid {n} step.", "Redid {n} steps.", len(moved))]
        data = {"undone" if undo else "redone": steps, **shown(game, path, journal)}
        return Reply(data, [*text, *table_lines(game, path, journal)])


PROTOCOL = Face()


class Bound:
    """The game a group's commands play, found when a command runs (importing its engine
    and its face only then)."""

    def __init__(self, spec: GroupSpec) -> None:
        self.spec = spec

    def game(self) -> TableGame[Any]:
        """The game object; a one-line error if the game has none."""
        found = registry.table(self.spec.game)
        if found is None:  # a group is made only for a game with a game object
            raise click.UsageError(say("{game!r} has no game object", game=self.spec.game))
        return found

    def face(self) -> Face:
        """The game's face (the protocol's when it declares none)."""
        if not self.spec.face:
            return PROTOCOL
        found: Face = registry.load(self.spec.face)
        return found


def _new(bound: Bound) -> Callable[..., None]:
    """The body of ``new``: the declared options and the answers make the game, saved."""

    def new(
        save: str,
        as_json: bool,
        force: bool = False,
        seed: int | None = None,
        revision: int | None = None,
        answers: tuple[str, ...] = (),
        **values: Any,
    ) -> None:
        """Start a new game in SAVE (refusing an existing save without --force)."""
        game, face = bound.game(), bound.face()
        path = resolve_save_path(save)
        session.check_new(path, force)
        journal = face.journal(game, values, parse_answers(answers), seed)
        saving.create_game(path, journal, force=force, revision=revision)
        face.created(game, path, journal, save).print(as_json)

    return new


def _act(bound: Bound) -> Callable[..., None]:
    """The body of ``act``: one action of the game, played through the protocol."""

    def act(
        save: str, action: str, as_json: bool, revision: int | None, answers: tuple[str, ...]
    ) -> None:
        """Play ACTION in SAVE and say what to do at the table."""
        game = bound.game()
        path = resolve_save_path(save)
        with saving.editing_game(path, game.id, revision) as journal:
            stepped = tables.act(game, journal, action, parse_answers(answers), str(path))
        said = [a.to_json() for a in stepped.announcements]
        data = {"action": action, "announcements": said, **shown(game, path, journal)}
        lines = [*announce_lines(stepped.announcements), *table_lines(game, path, journal)]
        Reply(data, lines).print(as_json)

    return act


def _show(bound: Bound) -> Callable[..., None]:
    """The body of ``show``."""

    def show(save: str, as_json: bool) -> None:
        """Print how the game in SAVE stands: as its face prints it, and with ``--json``
        the protocol's keys it does not print (``game``, ``status``, ``actions``...)."""
        game = bound.game()
        path = resolve_save_path(save)
        journal = session.load_game(path, game.id)
        reply = bound.face().shown(game, path, journal)
        if as_json:  # every game's JSON has the protocol's keys too (status, actions...)
            protocol = shown(game, path, journal)
            extra = {key: value for key, value in protocol.items() if key not in reply.json}
            reply = Reply({**reply.json, **extra}, reply.lines)
        reply.print(as_json)

    return show


def _back_or_forth(bound: Bound, undo: bool) -> Callable[..., None]:
    """The body of ``undo`` (``undo``) or ``redo``."""

    def move(save: str, as_json: bool, revision: int | None = None, steps: int = 1) -> None:
        """Take back or bring back ``steps`` steps in SAVE, save, and say what moved."""
        game, face = bound.game(), bound.face()
        path = resolve_save_path(save)
        with saving.editing_game(path, game.id, revision) as journal:
            before = face.before(journal, steps, undo)
            moved = session.undo(journal, steps) if undo else session.redo(journal, steps)
        face.moved(game, path, journal, moved, steps, before, undo).print(as_json)

    return move


BODIES: Mapping[str, Callable[[Bound], Callable[..., None]]] = {
    "new": _new,
    "act": _act,
    "show": _show,
    "undo": lambda bound: _back_or_forth(bound, undo=True),
    "redo": lambda bound: _back_or_forth(bound, undo=False),
}
