"""What every headless command shares: one-line errors, exit codes, JSON output."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable

import click

from companion.core.errors import CompanionError
from companion.core.questions import NeedAnswers

EXIT_BAD_INPUT = 2
EXIT_QUESTIONS = 3


def fail(message: str) -> None:
    """Print a one-line error on stderr and exit with status 2."""
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def print_json(data: object) -> None:
    """Print one JSON object on one line."""
    click.echo(json.dumps(data, ensure_ascii=False))


def ask(questions: list, as_json: bool) -> None:
    """Print the questions a step needs and exit with status 3 (nothing was changed)."""
    if as_json:
        print_json({"questions": [q.to_json() for q in questions]})
    else:
        click.echo("Need answers (give each as --answer ID=VALUE):")
        for q in questions:
            choices = f" [{' | '.join(q.choices)}]" if q.choices else ""
            if q.kind == "yes_no":
                choices = " [yes | no]"
            elif q.kind == "number":
                choices = f" [{q.minimum}..{q.maximum}]"
            elif q.kind == "many":
                choices = f" [comma-separated, any of: {', '.join(q.choices)}]"
            click.echo(f"  {q.id}: {q.text}{choices}")
    sys.exit(EXIT_QUESTIONS)


def parse_answers(pairs: tuple[str, ...]) -> dict[str, str]:
    """Turn ``("id=value", ...)`` into a dict; a pair without '=' is a bad input."""
    answers: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"--answer {pair!r}: expected ID=VALUE")
        answers[key.strip()] = value
    return answers


def guarded(func: Callable) -> Callable:
    """Turn CompanionError into a one-line error (status 2) and NeedAnswers into questions.

    Unexpected exceptions still end with one line (and status 2), never a traceback.
    """

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        """Run the command; an error or a question ends it with one line and its exit status."""
        as_json = bool(kwargs.get("as_json"))
        try:
            return func(*args, **kwargs)
        except NeedAnswers as need:
            ask(need.questions, as_json)
        except CompanionError as exc:
            fail(str(exc))
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            sys.exit(130)
        except Exception as exc:  # a bug, but the user still gets one line
            fail(f"internal error: {type(exc).__name__}: {exc}")

    return wrapper
