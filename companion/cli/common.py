"""What every headless command shares: one-line errors, exit codes, JSON output.

Exit status: 0 done, 2 bad input or a system error (one line, nothing
changed), 3 answers needed (the questions are printed, nothing changed), 4
the save changed elsewhere or is busy (``--revision`` did not match, or its
lock was not free in time; nothing changed). Output into a closed pipe
(``... | head -1``) ends quietly with status 0: a step that was saved stays
saved and is never reported as failed. ``COMPANION_DEBUG=1`` prints the
traceback of an internal error (for bug reports).
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import click

from companion.core.catalog import _, one_language, say
from companion.core.errors import CompanionError, ConflictError, InputError, SaveExists
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.core.validate import whole_number

EXIT_BAD_INPUT = 2
EXIT_QUESTIONS = 3
EXIT_CONFLICT = 4


class Whole(click.ParamType):  # type: ignore[type-arg, unused-ignore]  # generic from click 8.2
    """A whole number from ``minimum``, typed with ASCII digits only (``²`` is refused)."""

    name = "integer"

    def __init__(self, minimum: int | None = None) -> None:
        self.minimum = minimum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        """The number typed as ``value``; a click usage error (exit 2) if it is not one."""
        try:
            number = whole_number(value)
        except CompanionError:
            self.fail(say("{value!r} is not a whole number", value=value), param, ctx)
        if self.minimum is not None and number < self.minimum:
            self.fail(
                say("{number} is less than {minimum}", number=number, minimum=self.minimum),
                param,
                ctx,
            )
        return number


revision_option = click.option(
    "--revision",
    type=Whole(0),
    default=None,
    metavar="R",
    help="Change the save only if it is at revision R (from `show --json`); "
    "otherwise change nothing and exit 4.",
)


def quiet_pipe() -> None:
    """The reader of our output went away (``| head -1``): stop quietly with status 0."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(0)


def fail(message: str) -> NoReturn:
    """Print a one-line error on stderr and exit with status 2."""
    click.echo(say("error: {message}", message=message), err=True)
    sys.exit(EXIT_BAD_INPUT)


def print_json(data: object) -> None:
    """Print one JSON object on one line."""
    click.echo(json.dumps(data, ensure_ascii=False))


def ask(questions: Sequence[Question], as_json: bool) -> NoReturn:
    """Print the questions a step needs and exit with status 3 (nothing was changed)."""
    if as_json:
        print_json({"questions": [q.to_json() for q in questions]})
    else:
        click.echo(_("Need answers (give each as --answer ID=VALUE):"))
        for q in questions:
            # Only what can be answered now: a choice shown but not pickable (a site whose
            # market is built) is no answer. (The JSON lists it, with "disabled".)
            pickable = [c for c in q.choices if c not in q.disabled]
            choices = f" [{' | '.join(pickable)}]" if q.choices else ""
            if q.kind == "yes_no":
                choices = " [yes | no]"  # what the player types: not translated
            elif q.kind == "number":
                choices = f" [{q.minimum}..{q.maximum}]"
            elif q.kind == "many":
                choices = (
                    " ["
                    + say("comma-separated, any of: {choices}", choices=", ".join(pickable))
                    + "]"
                )
            click.echo(f"  {q.id}: {q.text}{choices}")
    sys.exit(EXIT_QUESTIONS)


def announce_lines(announcements: Sequence[Announcement]) -> list[str]:
    """What to do at the table as lines, one announcement a line (``*`` do, ``-`` info,
    ``!`` the end), each with its "why" below it."""
    lines = []
    for a in announcements:
        who = f"[{a.who}] " if a.who else ""
        mark = {"do": "*", "info": "-", "end": "!"}.get(a.kind, "*")
        lines.append(f"{mark} {who}{a.text}")
        if a.why:
            lines.append(say("    why: {why}", why=a.why))
    return lines


def announce(announcements: Sequence[Announcement]) -> None:
    """Print what to do at the table (:func:`announce_lines`)."""
    for line in announce_lines(announcements):
        click.echo(line)


def parse_answers(pairs: tuple[str, ...]) -> dict[str, str]:
    """Turn ``("id=value", ...)`` into a dict; a pair without '=' is a bad input, and so is
    one id given twice with two values (one of them would be ignored; the same value twice,
    in any case, is one answer)."""
    answers: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(say("--answer {pair!r}: expected ID=VALUE", pair=pair))
        key = key.strip()
        if key in answers and answers[key].strip().casefold() != value.strip().casefold():
            raise InputError(
                say(
                    "--answer {key} is given twice: {first} and {second}",
                    key=key,
                    first=answers[key],
                    second=value,
                )
            )
        answers[key] = value
    return answers


def guarded(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn CompanionError into a one-line error (status 2) and NeedAnswers into questions.

    Unexpected exceptions still end with one line (and status 2), never a traceback.
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        """Run the command; an error or a question ends it with one line and its exit status."""
        as_json = bool(kwargs.get("as_json"))
        try:
            # A command's texts (a `show --json` of a long game: hundreds of thousands)
            # read the player's language once, not each from the environment.
            with one_language():
                return func(*args, **kwargs)
        except BrokenPipeError:
            quiet_pipe()
        except NeedAnswers as need:
            try:
                ask(need.questions, as_json)
            except BrokenPipeError:
                quiet_pipe()
        except ConflictError as exc:
            click.echo(say("error: {message}", message=exc), err=True)
            sys.exit(EXIT_CONFLICT)
        except SaveExists as exc:  # only the `new` commands create saves, all with --force
            fail(say("{problem} (use --force to replace it)", problem=exc))
        except CompanionError as exc:
            fail(str(exc))
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            sys.exit(130)
        except Exception as exc:  # a bug, but the user still gets one line
            if os.environ.get("COMPANION_DEBUG"):
                import traceback

                traceback.print_exc(file=sys.stderr)
            fail(say("internal error: {kind}: {problem}", kind=type(exc).__name__, problem=exc))

    return wrapper
