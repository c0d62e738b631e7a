"""The answers of `companion ephios ...` commands: ``--answer ID=VALUE`` pairs, the
arguments given as answers, and a report's plan run with every answer at once.

An input that is not used is refused, not ignored: one id given twice with two values,
an answer that contradicts an argument, an answer the plan neither asked nor read
(InputError: one line, exit 2, nothing written).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.cli.common import parse_answers
from companion.core.catalog import say
from companion.core.errors import InputError
from companion.core.plans import Bound, Plan, Report, bind, run_plan_asking
from companion.core.questions import refuse_unasked
from companion.ephios import quick as quick_engine


def given_answers(values: Mapping[str, object]) -> dict[str, str]:
    """The arguments given on the command line, as answers to the report's questions."""
    return {key: str(value) for key, value in values.items() if value is not None}


def same(one: str, other: str) -> bool:
    return one.strip().lower() == other.strip().lower()


def answer_pairs(pairs: tuple[str, ...]) -> dict[str, str]:
    """The ``--answer ID=VALUE`` pairs; one id given twice with two values is refused (one of
    them would be ignored)."""
    return parse_answers(pairs)


def merged(pairs: tuple[str, ...], given: Mapping[str, str]) -> dict[str, str]:
    """The ``--answer`` pairs and the arguments given (``given``, as answers); an answer that
    contradicts an argument is refused."""
    answers = answer_pairs(pairs)
    for key, value in given.items():
        if key in answers and not same(answers[key], value):
            raise InputError(
                say(
                    "--answer {key}={answer} contradicts the argument {value}",
                    key=key,
                    answer=answers[key],
                    value=value,
                ),
                field="answer",
            )
    return {**answers, **given}


def planned_event(
    state: Any,
    plan: Plan[quick_engine.QuickState],
    answers: dict[str, Any],
    facts: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The event the report's ``plan`` builds from ``answers`` on the round being played (a
    campaign's current round); NeedAnswers with its next questions while some are missing.
    ``facts``: the ids the plan reads that are no question (a tile's name, who unites). An
    answer the plan neither asked nor read is refused, not ignored."""
    played = getattr(state, "round", state)
    report = run_every_answer(bind(plan, played), answers, facts)
    if report is None:
        raise InputError("not recorded: the unite was not confirmed")
    return report.event()


def run_every_answer(
    bound: Bound, answers: Mapping[str, str], facts: tuple[str, ...] = ()
) -> Report | None:
    """:func:`~companion.core.plans.run_plan` with the ``facts`` (ids the plan reads that are
    no question) taken from ``answers``; an answer the plan neither asked nor read is
    refused, not ignored (InputError, nothing changed)."""
    known = {key: answers[key] for key in facts if key in answers}
    report, asked = run_plan_asking(bound, answers, known)
    refuse_unasked(answers, [*sorted(asked), *known])
    return report
