"""Benchmark: how long the Euphoria engine takes to derive a game's state from its journal.

The TUI and every CLI command call ``game.replay(journal)``; a long game has a
few hundred events. This measures a 200-event journal replayed from scratch
(cache cleared) and again from the cache, over several runs, and prints the
medians: wall time, and the process's CPU time (steadier on a shared machine). A measurement, not a test: see docs/performance.md for the target.

    python3 benchmarks/bench_replay.py [--events 200] [--runs 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from companion.core import session
from companion.core.questions import NeedAnswers
from companion.euphoria import game
from companion.euphoria.state import GameOptions


def build_journal(events: int, seed: int = 3):
    """A 2-human game of ``events`` Automa turns (answers picked at random, seeded)."""
    rng = random.Random(seed)
    journal = game.new_game(GameOptions(humans=2, report_sites=True), seed=seed)
    while len(journal.events) < events:
        state = game.replay(journal)
        low = [a for a in ("black", "white") if state.automas[a].tokens_left <= 3]
        if low:  # keep the game going: an Automa about to win gets tokens back
            game.apply_event(journal, "correct", automa=low[0], tokens_left=8)
            continue
        answers: dict[str, str] = {}
        for _ in range(10):
            try:
                game.run_turn(journal, answers)
                break
            except NeedAnswers as need:
                for q in need.questions:
                    if q.kind == "number":
                        answers[q.id] = str(rng.randint(q.minimum or 0, q.maximum or 6))
                    elif q.kind == "yes_no":
                        answers[q.id] = "no"
                    elif q.kind == "many":
                        answers[q.id] = ""
                    else:
                        answers[q.id] = q.choices[0]
    return journal


def main() -> None:
    """Time cold and cached replays and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    journal = build_journal(args.events)
    cold, warm, cold_cpu = [], [], []
    for _ in range(args.runs):
        session.clear_cache()
        start, start_cpu = time.perf_counter(), time.process_time()
        game.replay(journal)
        cold.append(time.perf_counter() - start)
        cold_cpu.append(time.process_time() - start_cpu)
        start = time.perf_counter()
        game.replay(journal)
        warm.append(time.perf_counter() - start)
    print(f"events: {len(journal.events)}, runs: {args.runs}")
    print(f"replay from scratch: median {statistics.median(cold) * 1000:.1f} ms (target < 100 ms)")
    print(f"replay from scratch, CPU: median {statistics.median(cold_cpu) * 1000:.1f} ms")
    print(f"replay from the cache: median {statistics.median(warm) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
