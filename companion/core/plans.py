"""Question plans: a report the player makes, asked one step at a time.

A *plan* is an engine function ``plan(state, answers)`` that, given the answers so
far (question id -> raw string, in the order given), returns the next :class:`Ask`
(one or more questions shown together, each with its pre-selected answer in
``Question.default``), the :class:`Report` it builds when nothing is left to ask
(an event kind and its fields, for the engine to record), or None when the player
declined it (nothing to record). A plan raises :class:`NothingToAsk` when the state
offers nothing to choose at all.

The TUI asks the steps one screen at a time (Backspace takes the last step back);
the CLI runs a plan with the ``--answer`` values given (:func:`run_plan`) and prints
the next questions (exit 3) when some are missing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from companion.core.errors import CompanionError
from companion.core.questions import NeedAnswers, Question

S = TypeVar("S")


class NothingToAsk(CompanionError):
    """The state offers nothing to choose for this report (the message says why)."""


@dataclass(frozen=True)
class Ask:
    """The next questions of a plan, asked together (usually one)."""

    questions: tuple[Question, ...]

    @classmethod
    def one(cls, question: Question) -> Ask:
        """A step of one question."""
        return cls((question,))


@dataclass(frozen=True)
class Report:
    """What a completed plan records: an event ``kind`` and its ``fields``."""

    kind: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def event(self) -> dict[str, Any]:
        """The report as one event mapping (``kind`` beside its fields)."""
        return {"kind": self.kind, **self.fields}


Next = Ask | Report | None
Plan = Callable[[S, Mapping[str, str]], Next]
Bound = Callable[[Mapping[str, str]], Next]


def bind(plan: Plan[S], state: S) -> Bound:
    """``plan`` with its state given: a function of the answers alone (what a dialog runs)."""

    def bound(answers: Mapping[str, str]) -> Next:
        """The next step of the plan for ``answers``."""
        return plan(state, answers)

    return bound


def run_plan(
    plan: Bound, answers: Mapping[str, str], facts: Mapping[str, str] | None = None
) -> Report | None:
    """Run ``plan`` with every answer given at once (the CLI's ``--answer``s), and the
    ``facts`` it reads that are no question (e.g. a name the player typed).

    Returns the report (None: declined); raises :class:`NeedAnswers` with the next
    questions when some are missing, and InputError for an answer that does not fit.
    Each answer is checked by its question before the plan reads it."""
    given: dict[str, str] = dict(facts or {})
    while True:
        step = plan(given)
        if not isinstance(step, Ask):
            return step
        if all(q.id in given for q in step.questions):  # a plan that asks again: a bug
            raise RuntimeError(f"the plan asked again: {', '.join(q.id for q in step.questions)}")
        missing = [q for q in step.questions if q.id not in answers]
        if missing:
            raise NeedAnswers(missing)
        for question in step.questions:
            question.parse(answers[question.id])
            given[question.id] = answers[question.id]


def run_plan_asking(
    plan: Bound, answers: Mapping[str, str], facts: Mapping[str, str] | None = None
) -> tuple[Report | None, set[str]]:
    """:func:`run_plan`, and the ids of the questions the plan asked: what a caller needs to
    refuse an answer no question asked (an input not used is refused, not ignored)."""
    asked: set[str] = set()

    def noting(given: Mapping[str, str]) -> Next:
        """The plan's next step, its questions noted."""
        step = plan(given)
        if isinstance(step, Ask):
            asked.update(q.id for q in step.questions)
        return step

    return run_plan(noting, answers, facts), asked
