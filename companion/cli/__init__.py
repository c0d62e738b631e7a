"""The `companion` command: a click group whose subcommands load on demand.

Headless commands (`companion euphoria ...`, `companion ephios ...`) must not
import Textual, so each subcommand group lives in its own module and is
imported only when it is invoked; `companion` with no arguments opens the
Textual app.
"""

from __future__ import annotations

import importlib

import click

from companion import __version__

# name -> ("module:attribute" of the click command, its one-line help); the
# module is imported only when the command is invoked, not for `--help`.
_SUBCOMMANDS = {
    "euphoria": (
        "companion.cli.euphoria:euphoria",
        "Euphoria: run the two Automas beside the board.",
    ),
    "ephios": (
        "companion.cli.ephios:ephios",
        "Ephios: the solo Plot, quick-game and campaign keeping.",
    ),
    "serve": ("companion.cli.serve:serve", "Serve the app to a browser (textual-serve)."),
    "history": (
        "companion.cli.history:history",
        "Finished games and the difficulty ladder (text, --json or --csv).",
    ),
    "voice": (
        "companion.cli.voice:voice",
        "Spoken moves and sound cues: the settings, and a sample (--test).",
    ),
}


class LazyGroup(click.Group):
    """A click group that imports a subcommand's module only when it is used.

    ``lazy`` maps a command name to ``("module:attribute", "one-line help")``;
    the help is shown by ``--help`` without importing the module.
    """

    def __init__(self, *args, lazy: dict[str, tuple[str, str]] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every subcommand name, the lazy ones included, sorted (for completion and help)."""
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command named ``cmd_name``, importing its module only now if it is a lazy one."""
        if cmd_name in self.lazy:
            module_name, attr = self.lazy[cmd_name][0].split(":")
            return getattr(importlib.import_module(module_name), attr)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The Commands section of ``--help``; a lazy command shows its stored help, unimported."""
        rows = [(name, self.lazy[name][1]) for name in sorted(self.lazy)]
        for name in super().list_commands(ctx):
            command = super().get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str()))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(sorted(rows))


@click.group(cls=LazyGroup, lazy=_SUBCOMMANDS, invoke_without_command=True)
@click.version_option(__version__, prog_name="companion")
@click.pass_context
def main(ctx: click.Context) -> None:
    """A table companion: the Automas of Euphoria and the Plot of Ephios.

    With no command, opens the app.
    """
    from companion.history.outcomes import install

    install()  # every save written from here on keeps the history of finished games right
    if ctx.invoked_subcommand is None:
        from companion.tui.app import run_app

        run_app()
