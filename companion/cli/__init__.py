"""The `companion` command: a click group whose subcommands load on demand.

Headless commands (`companion euphoria ...`, `companion ephios ...`) must not
import Textual, so each subcommand group lives in its own module and is
imported only when it is invoked; `companion` with no arguments opens the
Textual app.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import click

from companion import __version__
from companion.cli import words
from companion.core import registry
from companion.core.catalog import N_, _, say

words.install()  # click's own messages through our catalog

# name -> ("module:attribute" of the click command, its one-line help); the
# module is imported only when the command is invoked, not for `--help`. The
# games' own command groups come from the game registry (``game_commands``).
_SUBCOMMANDS = {
    "serve": ("companion.cli.serve:serve", N_("Serve the app to a browser (textual-serve).")),
    "history": (
        "companion.cli.history:history",
        N_("Finished games and the difficulty ladder (text, --json or --csv)."),
    ),
    "web": (
        "companion.cli.web_build:web",
        N_("The phone build: the app in a phone's browser alone (`web build DIR`)."),
    ),
    "voice": (
        "companion.cli.voice:voice",
        N_("Spoken moves and sound cues: the settings, and a sample (--test)."),
    ),
}


# A lazy target of this scheme is the command group built from a game object
# (``companion.cli.table``): ``table:GAME``.
TABLE = "table:"


def game_commands() -> dict[str, tuple[str, str]]:
    """The command group of every registered game family (``companion euphoria``, ...), and
    of every game with a game object and no group of its own (built from the object)."""
    commands = {group.name: (group.target, group.help) for group in registry.command_groups()}
    for game in registry.table_games():
        if game.cli is None:
            commands.setdefault(game.id, (TABLE + game.id, game.title))
    return commands


class LazyGroup(words.Group):
    """A click group that imports a subcommand's module only when it is used.

    ``lazy`` maps a command name to ``("module:attribute", "one-line help")``;
    the help is shown by ``--help`` without importing the module.
    """

    def __init__(
        self,
        *args: Any,
        lazy: dict[str, tuple[str, str]] | None = None,
        lazy_source: Callable[[], dict[str, tuple[str, str]]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._lazy = dict(lazy or {})
        self._lazy_source = lazy_source

    @property
    def lazy(self) -> dict[str, tuple[str, str]]:
        """The lazy commands: the given ones and those of ``lazy_source`` (read when needed:
        the game registry is read only when a command or the help is asked for)."""
        if self._lazy_source is not None:
            return {**self._lazy_source(), **self._lazy}
        return self._lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every subcommand name, the lazy ones included, sorted (for completion and help)."""
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command named ``cmd_name``, importing its module only now if it is a lazy one."""
        if cmd_name in self.lazy and self.lazy[cmd_name][0].startswith(TABLE):
            from companion.cli.table_group import protocol_group

            return protocol_group(self.lazy[cmd_name][0].removeprefix(TABLE))
        if cmd_name in self.lazy:
            module_name, attr = self.lazy[cmd_name][0].split(":")
            command: click.Command = getattr(importlib.import_module(module_name), attr)
            return command
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The Commands section of ``--help``; a lazy command shows its stored help, unimported."""
        lazy = self.lazy
        rows = [(name, _(lazy[name][1])) for name in sorted(lazy)]
        eager = [(name, self.commands.get(name)) for name in super().list_commands(ctx)]
        shown = [(name, command) for name, command in eager if command and not command.hidden]
        # a command's help cut to the width left beside the names, as click's groups do
        limit = (
            formatter.width - 6 - max((len(name) for name in self.list_commands(ctx)), default=0)
        )
        rows += [(name, command.get_short_help_str(limit)) for name, command in shown]
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(sorted(rows))


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the program's name and version, then exit."""
    if value and not ctx.resilient_parsing:
        click.echo(say("{prog}, version {version}", prog="companion", version=__version__))
        ctx.exit()


@click.group(
    cls=LazyGroup, lazy=_SUBCOMMANDS, lazy_source=game_commands, invoke_without_command=True
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help=N_("Show the version and exit."),
)
@click.pass_context
def main(ctx: click.Context) -> None:
    """A table companion: the Automas of Euphoria and the Plot of Ephios.

    With no command, opens the app.
    """
    if ctx.invoked_subcommand is None:
        from companion.tui.app import run_app

        run_app()
