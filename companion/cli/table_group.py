"""A game's command group built from its :class:`~companion.cli.table_spec.GroupSpec`: the
protocol's generic commands with the options the game declares, and its own commands.

Building a group imports only what its ``--help`` needs: a generic command's body
(``companion.cli.table``: the session, the game object, its face) is imported when the
command runs, so ``companion euphoria decide`` and every ``--help`` start as light as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from companion.cli import LazyGroup, words
from companion.cli.common import guarded
from companion.cli.table_spec import GroupSpec
from companion.core import registry


def _body(spec: GroupSpec, name: str) -> Callable[..., None]:
    """The body of the generic command ``name`` for ``spec``'s game, imported when it runs."""

    def run(**params: Any) -> None:
        """Run the protocol's ``name`` on the game of the group."""
        from companion.cli.table import BODIES, Bound

        BODIES[name](Bound(spec))(**params)

    return run


def command(spec: GroupSpec, name: str) -> click.Command:
    """The generic command ``name`` of the group ``spec``, with its declared options."""
    arguments = [click.Argument(["save"])]
    if name == "act":
        arguments.append(click.Argument(["action"]))
    return words.Command(
        name,
        callback=guarded(_body(spec, name)),
        params=[*arguments, *(o.param() for o in spec.options_of(name))],
        help=spec.help_of(name),
        short_help=spec.short.get(name),
    )


class TableGroup(LazyGroup):
    """A game's command group, built from its :class:`GroupSpec` (kept as ``spec``: which
    game its commands play)."""

    def __init__(self, spec: GroupSpec) -> None:
        super().__init__(
            name=spec.name or spec.game,
            lazy=dict(spec.own),
            commands=[command(spec, name) for name in spec.generic],
            help=spec.help or registry.get(spec.game).title,
        )
        self.spec = spec


def group(spec: GroupSpec) -> TableGroup:
    """The command group of ``spec``: its generic commands and its own (imported when run)."""
    return TableGroup(spec)


def protocol_group(game_id: str) -> TableGroup:
    """The command group of a game with a game object and no group of its own."""
    return group(GroupSpec(game=game_id))
