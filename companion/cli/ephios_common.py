"""What every Ephios command group shares (the quick game, the campaign and the solo
game): the SAVE argument, ``--json`` and ``--answer``, the one-step undo and redo, the
helps of the protocol's commands where an Ephios game's differ, and how a step's
announcements and questions are printed."""

from __future__ import annotations

import sys
from typing import Any

import click

from companion.cli.common import EXIT_QUESTIONS, ask, fail, print_json
from companion.cli.ephios_answers import answer_pairs
from companion.cli.ephios_faces import announcement_lines, report, reveal_answers
from companion.cli.table_spec import JSON, REVISION
from companion.core.catalog import N_, _
from companion.core.errors import InputError
from companion.core.questions import Announcement, NeedAnswers
from companion.core.saves import resolve_save_path

JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")


def save_path(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """A bare name is a save in the data folder (as for Euphoria); anything else a path.
    A name no file system takes is one line and exit 2, before anything is created."""
    try:
        return str(resolve_save_path(value))
    except InputError as exc:
        fail(str(exc))
        raise  # not reached: fail() exits


SAVE_ARG = click.argument("save", callback=save_path)
NUMBERS = {"ignore_unknown_options": True}  # lets a negative DELTA like -10 through


def print_announcements(out: list[Announcement]) -> None:
    """Print each announcement on a line with its why (and the shell's hint for it)."""
    for line in announcement_lines(out):
        click.echo(line)


def report_step(
    out: list[Announcement], state: dict[str, Any], as_json: bool, lines: list[str]
) -> None:
    """Print a step's announcements and the game after it (``--json``: one object)."""
    report(out, state, lines).print(as_json)


def given_cards(reveals: tuple[str, ...], pairs: tuple[str, ...]) -> dict[str, str]:
    """The ``--reveal`` cards and the ``--answer`` pairs as one set of answers."""
    return reveal_answers(reveals, answer_pairs(pairs))


def ask_with_progress(need: NeedAnswers, as_json: bool) -> None:
    """Print a step's questions (exit 3) after what the step worked out so far, which is
    not saved until every answer is given (``--json``: one object with both)."""
    done = need.announcements
    if as_json:
        print_json(
            {
                "questions": [q.to_json() for q in need.questions],
                "announcements": [a.to_json() for a in done],
            }
        )
        sys.exit(EXIT_QUESTIONS)
    if done:
        click.echo(_("So far (nothing is saved until every answer is given):"))
        print_announcements(done)
    ask(need.questions, as_json)


# The helps of the generic commands where an Ephios game's differ from the protocol's.
ROUND_HELPS = {
    "new": N_("Start a new game with 2-4 players (give them in seating order, clockwise)."),
    "show": N_("Show popularity, direction token, whose turn it is, the winner."),
    "undo": N_("Take back the last step."),
    "redo": N_("Bring back the last undone step."),
}
# One step at a time: an Ephios game's undo and redo take no --steps.
ONE_STEP = {"undo": (REVISION, JSON), "redo": (REVISION, JSON)}


ANSWER_OPTION = click.option(
    "--answer", "answers", multiple=True, help="ID=VALUE answer to a question (repeat)."
)
