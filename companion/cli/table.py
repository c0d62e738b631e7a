"""The commands of a game, built from its game object alone (``companion.core.game``).

``companion GAME new / act / show / undo / redo`` for every registered game with a game
object and no command group of its own, and ``act`` in the groups the games have (``companion
euphoria act SAVE turn``, ``companion ephios quick act SAVE unite``): nothing here names a
game. ``--answer ID=VALUE``
answers a step's questions (exit 3 prints them when some are missing), ``--json`` prints
one JSON object, ``--revision R`` changes the save only at that revision (exit 4
otherwise); a bad input is one line and exit 2, and changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from companion.cli import saving, words
from companion.cli.common import (
    Whole,
    announce,
    guarded,
    parse_answers,
    print_json,
    revision_option,
)
from companion.core import registry, session
from companion.core import table as tables
from companion.core.catalog import _, say, say_n
from companion.core.game import TableGame
from companion.core.journal import Journal
from companion.core.saves import resolve_save_path

json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
answer_option = click.option(
    "--answer",
    "answers",
    multiple=True,
    metavar="ID=VALUE",
    help="Answer a question of the step (repeat for each).",
)
steps_option = click.option("--steps", type=Whole(1), default=1, show_default=True)


def _shown(game: TableGame[Any], path: Path, journal: Journal) -> dict[str, Any]:
    """What `show --json` prints, and the rest of every command's JSON."""
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


def _print_table(game: TableGame[Any], path: Path, journal: Journal) -> None:
    """The status lines and the actions now, as text."""
    view = tables.view(game, journal, str(path))
    for line in view.status.lines():
        click.echo(line)
    if view.actions:
        listed = ", ".join(f"{a.id} ({a.shown_label()})" for a in view.actions)
        click.echo(say("Actions: {actions}", actions=listed))


# The attribute of a command group that names its game (a group named otherwise than its
# game's id: `companion ephios quick` plays ``ephios-quick``).
GAME_OF_GROUP = "game_id"


def _game() -> TableGame[Any]:
    """The game object of the command's group: the game its group names (``game_id``), else
    the game of the group's name."""
    context = click.get_current_context()
    parent = context.parent
    game_id = None
    if parent is not None:
        game_id = getattr(parent.command, GAME_OF_GROUP, None) or parent.info_name
    found = registry.table(str(game_id))
    if found is None:  # the group is made only for games with a game object
        raise click.UsageError(say("{game!r} has no game object", game=game_id))
    return found


@click.command(cls=words.Command)
@click.argument("save")
@answer_option
@click.option("--seed", type=Whole(0), default=None, help="The random seed (replayable).")
@click.option("--force", is_flag=True, help="Replace an existing save.")
@json_option
@guarded
def new(save: str, answers: tuple[str, ...], seed: int | None, force: bool, as_json: bool) -> None:
    """Start a new game; its set-up questions are answered with --answer."""
    game = _game()
    path = resolve_save_path(save)
    session.check_new(path, force)
    journal = tables.begin(game, parse_answers(answers), seed)
    saving.create(game.rules, path, journal, force=force)
    if as_json:
        print_json(_shown(game, path, journal))
        return
    click.echo(say("New game saved: {path}", path=path))
    _print_table(game, path, journal)


@click.command(cls=words.Command)
@click.argument("save")
@click.argument("action")
@answer_option
@revision_option
@json_option
@guarded
def act(
    save: str, action: str, answers: tuple[str, ...], revision: int | None, as_json: bool
) -> None:
    """Take an action (`show` lists them); its questions are answered with --answer."""
    game = _game()
    path = resolve_save_path(save)
    with saving.editing(game.rules, path, revision) as journal:
        stepped = tables.act(game, journal, action, parse_answers(answers), str(path))
    if as_json:
        said = [a.to_json() for a in stepped.announcements]
        print_json({"action": action, "announcements": said, **_shown(game, path, journal)})
        return
    announce(stepped.announcements)
    _print_table(game, path, journal)


@click.command(cls=words.Command)
@click.argument("save")
@json_option
@guarded
def show(save: str, as_json: bool) -> None:
    """Show how the game stands and the actions now."""
    game = _game()
    path = resolve_save_path(save)
    journal = session.load(game.rules, path)
    if as_json:
        print_json(_shown(game, path, journal))
        return
    _print_table(game, path, journal)


def _step_back_or_forth(
    save: str, steps: int, revision: int | None, as_json: bool, undo: bool
) -> None:
    """Undo or redo ``steps`` steps, save, and say what was taken back or brought back."""
    game = _game()
    path = resolve_save_path(save)
    with saving.editing(game.rules, path, revision) as journal:
        moved = session.undo(journal, steps) if undo else session.redo(journal, steps)
    if as_json:
        print_json({"undone" if undo else "redone": steps, **_shown(game, path, journal)})
        return
    if undo:
        for event in moved:
            click.echo(say("Took back: {step}", step=game.describe(event)))
    else:
        click.echo(say_n("Redid {n} step.", "Redid {n} steps.", len(moved)))
    _print_table(game, path, journal)


@click.command(cls=words.Command)
@click.argument("save")
@steps_option
@revision_option
@json_option
@guarded
def undo(save: str, steps: int, revision: int | None, as_json: bool) -> None:
    """Take back the last steps (one unless --steps says more); redo brings them back."""
    _step_back_or_forth(save, steps, revision, as_json, undo=True)


@click.command(cls=words.Command)
@click.argument("save")
@steps_option
@revision_option
@json_option
@guarded
def redo(save: str, steps: int, revision: int | None, as_json: bool) -> None:
    """Bring back the last undone steps (one unless --steps says more)."""
    _step_back_or_forth(save, steps, revision, as_json, undo=False)


def add_act(group: click.Group, game_id: str) -> None:
    """Give an existing command group of the game ``game_id`` the protocol's ``act`` (beside
    its own commands, which stay as they are)."""
    setattr(group, GAME_OF_GROUP, game_id)
    group.add_command(act)


def group(game_id: str) -> click.Group:
    """The command group of the game ``game_id``, named by its id (its commands find the
    game object by that name)."""
    return words.Group(
        name=game_id,
        commands=[new, act, show, undo, redo],
        help=_(registry.get(game_id).title),
    )
