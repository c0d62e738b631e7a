"""What the command-line tests share: every command's ``--help`` under the games' groups."""

from __future__ import annotations

from collections.abc import Iterator

import click
from click.testing import CliRunner

from companion.cli import main


def helps(
    path: tuple[str, ...], prog_name: str | None = None
) -> Iterator[tuple[tuple[str, ...], int, str]]:
    """The command line, exit code and output of ``companion PATH --help``, then of every
    command under it (a group's commands in their order, each subgroup's after it)."""
    named = {"prog_name": prog_name} if prog_name else {}
    shown = CliRunner().invoke(main, [*path, "--help"], **named)
    yield path, shown.exit_code, shown.stdout
    group: click.Command | None = main
    for name in path:
        assert isinstance(group, click.Group)
        group = group.get_command(click.Context(group, info_name=name), name)
    if not isinstance(group, click.Group):
        return
    context = click.Context(group, info_name=path[-1])
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            yield from helps((*path, name), prog_name)
        elif command is not None:
            text = CliRunner().invoke(main, [*path, name, "--help"], **named)
            yield (*path, name), text.exit_code, text.stdout
