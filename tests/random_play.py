"""Random play of any registered game through the table's protocol: a question answered at
random, and a new game whose set-up questions are answered so, until the game takes it. The
conformance suite plays every game so; `benchmarks/bench_steps.py` times such games."""

from __future__ import annotations

import random
from typing import Any

from companion.core import table
from companion.core.errors import CompanionError
from companion.core.game import TableGame
from companion.core.journal import Journal
from companion.core.questions import NeedAnswers, Question


def answer(question: Question, rng: random.Random) -> str:
    """A random answer that fits ``question`` (its default half the time)."""
    if question.default and rng.random() < 0.5:
        return question.default
    choices = [c for c in question.choices if c not in question.disabled]
    if question.kind == "yes_no":
        return rng.choice(["yes", "no"])
    if question.kind == "one":
        return rng.choice(choices)
    if question.kind == "many":
        return ",".join(rng.sample(choices, rng.randint(0, len(choices))))
    if question.kind == "text":
        return "Ann, Bob, Cy"
    low = question.minimum if question.minimum is not None else 0
    high = question.maximum if question.maximum is not None else low + 10
    return str(rng.randint(low, high))


def new_game(game: TableGame[Any], rng: random.Random) -> Journal:
    """A new game, its set-up answered at random until it is one the game takes."""
    for _attempt in range(50):
        answers: dict[str, str] = {}
        for _question in range(60):
            try:
                return table.begin(game, answers, seed=rng.randint(1, 10**6))
            except NeedAnswers as need:
                answers.update({q.id: answer(q, rng) for q in need.questions})
            except CompanionError:
                break
    raise AssertionError(f"no set-up of {game.id} was taken")
