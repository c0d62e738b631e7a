"""Benchmark: the CPU of a game's steps as the table makes them, and of one text looked up
in the catalog.

For every registered game, a seeded game is played step by step as the table screen and
the CLI play it (``table.view`` for the legal actions, then ``table.act`` with the step's
questions answered at random, the save replayed from the session's cache at each step);
each run plays a game of its own (seeds ``--seed`` on), and the medians of the CPU of a
game and of a step are printed, with the steps of all the runs. Then ``_()`` of one message, the cost every text on a screen, in a log
line and in an announcement pays. A measurement, not a test: docs/performance.md ("The
test suite") gives the figures.

    python3 benchmarks/bench_steps.py [--steps 40] [--runs 7] [--seed 1]

To compare with another checkout, run it there with ``PYTHONPATH=THAT_CHECKOUT``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from companion.core import registry, session, table
from companion.core.catalog import _
from companion.core.errors import CompanionError
from companion.core.game import TableGame
from companion.core.questions import NeedAnswers

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from random_play import answer, new_game


def play(game: TableGame[Any], seed: int, steps: int) -> int:
    """Play up to ``steps`` random steps of a new game; the number of steps made."""
    rng = random.Random(seed)
    journal = new_game(game, rng)
    made = 0
    while made < steps:
        actions = table.view(game, journal).actions
        if not actions:
            break
        main = [a for a in actions if a.main]  # the turn, the move: what a table plays most
        action = main[0] if main and rng.random() < 0.9 else rng.choice(actions)
        answers: dict[str, str] = {}
        for _question in range(40):
            try:
                table.act(game, journal, action.id, answers)
                made += 1
                break
            except NeedAnswers as need:
                answers.update({q.id: answer(q, rng) for q in need.questions})
            except CompanionError:
                break
    return made


def main() -> None:
    """Time each game's steps and the catalog's lookup, and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<18}{'steps':>6}{'CPU a game (ms)':>18}{'CPU a step (ms)':>18}")
    for entry in registry.table_games():
        game = registry.table(entry.id)
        assert game is not None
        cpu, steps = [], []
        for run in range(args.runs):  # a game of its own each run: nothing is remembered
            session.clear_cache()
            start = time.process_time()
            made = play(game, args.seed + run, args.steps)
            cpu.append((time.process_time() - start) * 1000)
            steps.append(made)
        each = statistics.median(c / max(s, 1) for c, s in zip(cpu, steps, strict=True))
        median = statistics.median(cpu)
        print(f"{game.id:<18}{sum(steps):>6}{median:>18.1f}{each:>18.2f}")
    count = 100_000
    looks = []
    for _run in range(args.runs):
        start = time.process_time()
        for _n in range(count):
            _("Undo")
        looks.append((time.process_time() - start) / count * 1e6)
    print(f"_() of one message: {statistics.median(looks):.2f} µs of CPU (median of {args.runs})")


if __name__ == "__main__":
    main()
