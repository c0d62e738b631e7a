"""A game's command group as data: which of the protocol's commands it has, the options
each takes, their help, how the game prints them, and the commands of its own.

``companion.cli.table`` builds every game's group from one :class:`GroupSpec`: the
protocol's generic commands (``new``, ``act``, ``show``, ``undo``, ``redo``: one body
each, for every game) with the options the game declares here, plus the commands truly of
its own (``euphoria decide``, ``ephios solo act`` with its action words...). A game
without a spec gets the protocol's commands with the protocol's options. This module is
data only and imports nothing heavy: a group's ``--help`` imports no engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import click

from companion.cli.common import Whole
from companion.core.catalog import N_

# The protocol's commands, in the order a group lists them.
GENERIC = ("new", "act", "show", "undo", "redo")


@dataclass(frozen=True)
class Option:
    """One option of a command, as data: click's declarations and attributes."""

    decls: tuple[str, ...]
    attrs: Mapping[str, Any] = field(default_factory=dict)

    def param(self) -> click.Option:
        """The click option this declares."""
        return click.Option(list(self.decls), **self.attrs)

    def but(self, **attrs: Any) -> Option:
        """This option with some attributes changed (its help, its type...)."""
        return Option(self.decls, {**self.attrs, **attrs})


def option(*decls: str, **attrs: Any) -> Option:
    """An :class:`Option` declared as ``click.option`` would be (its help a catalog message,
    translated when shown)."""
    return Option(decls, MappingProxyType(dict(attrs)))


# The options every game's commands share (a game may change their help or type: ``but``).
JSON = option("--json", "as_json", is_flag=True, help="Print one JSON object.")
ANSWER = option(
    "--answer",
    "answers",
    multiple=True,
    metavar="ID=VALUE",
    help="Answer a question of the step (repeat for each).",
)
REVISION = option(
    "--revision",
    type=Whole(0),
    default=None,
    metavar="R",
    help="Change the save only if it is at revision R (from `show --json`); "
    "otherwise change nothing and exit 4.",
)
STEPS = option("--steps", type=Whole(1), default=1, show_default=True)
SEED = option("--seed", type=Whole(0), default=None, help="The random seed (replayable).")
FORCE = option("--force", is_flag=True, help="Replace an existing save.")

# The protocol's options of each command (after its SAVE, and ACTION for ``act``).
OPTIONS: Mapping[str, tuple[Option, ...]] = {
    "new": (ANSWER, SEED, FORCE, JSON),
    "act": (ANSWER, REVISION, JSON),
    "show": (JSON,),
    "undo": (STEPS, REVISION, JSON),
    "redo": (STEPS, REVISION, JSON),
}
# The protocol's help of each command (a catalog message; the first sentence is the line in
# its group's list).
HELPS: Mapping[str, str] = {
    "new": N_("Start a new game; its set-up questions are answered with --answer."),
    "act": N_("Take an action (`show` lists them); its questions are answered with --answer."),
    "show": N_("Show how the game stands and the actions now."),
    "undo": N_("Take back the last steps (one unless --steps says more); redo brings them back."),
    "redo": N_("Bring back the last undone steps (one unless --steps says more)."),
}


@dataclass(frozen=True)
class GroupSpec:
    """A game's command group: ``game`` (its id), ``name`` (the group's, the game's id when
    empty) and ``help`` (a catalog message; the game's title when empty).

    ``generic``: the protocol's commands it has; ``options``: the options a game gives one of
    them instead of the protocol's, in the order its help lists them (after SAVE);
    ``helps``: their help instead of the protocol's, and ``short``: their line in the group's
    list where it is not their help's first sentence. ``face``: the ``"module:attribute"``
    of the :class:`~companion.cli.table.Face` that makes and prints its games (empty: the
    protocol's). ``own``: the commands of its own, each ``"module:attribute"`` and its line
    in the list, imported only when run.
    """

    game: str
    name: str = ""
    help: str = ""
    generic: tuple[str, ...] = GENERIC
    options: Mapping[str, tuple[Option, ...]] = field(default_factory=dict)
    helps: Mapping[str, str] = field(default_factory=dict)
    short: Mapping[str, str] = field(default_factory=dict)
    face: str = ""
    own: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def options_of(self, command: str) -> tuple[Option, ...]:
        """The options of the generic ``command`` in this group."""
        return self.options.get(command, OPTIONS[command])

    def help_of(self, command: str) -> str:
        """The help of the generic ``command`` in this group."""
        return self.helps.get(command, HELPS[command])
