"""Benchmark: a long game stays fast (60,000 events: `show`, undo, a step, the home list).

Builds a Euphoria save of ``--events`` events (2 humans, seeded; Automa turns with their
questions answered, an Automa's tokens corrected before it would win, so the game never
ends) and a 100-event save, in a temporary data folder, then times what a player runs,
each a fresh ``companion`` process (CPU time, user + system, of the process: the machine
may be shared; the wall time beside it):

- reading and checking the long save alone (``read_save``, no replay): the floor;
- ``euphoria show`` of the 100-event save;
- ``euphoria show`` of the long save with no replay checkpoint (the first time), then
  with the checkpoints that first run kept (every time after);
- ``euphoria undo`` of the long save, and ``--steps 600`` (past a checkpoint);
- the home screen's list (``scan_saves``, each save's row and whether it has ended);
- a step on the 100-event save while an undo of the long one (from no checkpoint: the
  slowest) holds the long save's lock: the lock covers one save, so it is not held up.

A measurement, not a test; see docs/performance.md for the figures and the load.

    python3 benchmarks/bench_long_save.py [--events 60000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.core.journal import Journal
from companion.core.questions import NeedAnswers
from companion.core.saves import write_save
from companion.euphoria import game
from companion.euphoria.state import GameOptions

LIST = """
from companion import paths
from companion.core.saves import scan_saves
from companion.tui.screens.home import finished, save_row
for entry in scan_saves(paths.data_dir()):
    print(save_row(entry.journal, entry.path.stem), finished(entry.journal))
"""
READ = """
import sys
from pathlib import Path
from companion.core.saves import read_save
read_save(Path(sys.argv[1]))
"""


def build(events: int, seed: int = 3) -> Journal:
    """A Euphoria journal of ``events`` events, played through the rules (no session)."""
    rng = random.Random(seed)
    journal = game.new_game(GameOptions(humans=2), seed=seed)
    rules = game.RULES
    state = rules.start(journal)
    while len(journal.events) < events:
        index = len(journal.events) + 1
        low = [a for a in ("black", "white") if state.automas[a].tokens_left <= 3]
        event: dict[str, Any] = (
            {"kind": "correct", "automa": low[0], "tokens_left": 8} if low else {"kind": "turn"}
        )
        answers: dict[str, str] = {}
        for _try in range(10):
            if answers:
                event["answers"] = dict(answers)
            try:
                state = rules.apply(rules.clone(state), event, index)[0]
                break
            except NeedAnswers as need:
                for q in need.questions:
                    if q.kind == "number":
                        answers[q.id] = str(rng.randint(q.minimum or 0, q.maximum or 6))
                    elif q.kind in ("many", "yes_no"):
                        answers[q.id] = "" if q.kind == "many" else "no"
                    else:
                        answers[q.id] = q.choices[0]
        journal.events.append(event)
    journal.summary = rules.summary(state)
    return journal


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process running ``args``; it must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def row(name: str, runs: list[tuple[float, float]], floor: float | None = None) -> None:
    """Print the medians of ``runs`` (and their ratio to ``floor``)."""
    cpu = statistics.median(r[0] for r in runs)
    wall = statistics.median(r[1] for r in runs)
    ratio = f"  {cpu / floor:5.1f}× reading" if floor else ""
    print(f"{name:<58} cpu {cpu:7.2f} s  wall {wall:7.2f} s{ratio}")


def main() -> None:
    """Build the saves, time each command and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=60_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-long-"))
    data, cache = root / "data", root / "cache"
    data.mkdir()
    env = {**os.environ, "COMPANION_DATA_DIR": str(data), "COMPANION_CACHE_DIR": str(cache)}
    env["COMPANION_LANG"] = "en"
    companion = [sys.executable, "-m", "companion"]
    try:
        start = time.perf_counter()
        journal = build(args.events)
        print(f"built {args.events} events in {time.perf_counter() - start:.1f} s")
        write_save(data / "long.toml", journal)
        journal.events = journal.events[:100]
        write_save(data / "small.toml", journal)
        size = (data / "long.toml").stat().st_size
        print(f"long save: {size / 1e6:.2f} MB; load average {os.getloadavg()[0]:.1f}")
        pristine = (data / "long.toml").read_bytes()
        reading = [timed([sys.executable, "-c", READ, str(data / "long.toml")], env)]
        reading += [timed([sys.executable, "-c", READ, str(data / "long.toml")], env)]
        floor = statistics.median(r[0] for r in reading)
        row("read and check the long save (no replay)", reading)
        small = [timed([*companion, "euphoria", "show", "small"], env) for _ in range(args.runs)]
        row("show, 100 events", small, floor)
        row(
            "show, long, no checkpoint (the first time)",
            [timed([*companion, "euphoria", "show", "long"], env)],
            floor,
        )
        warm = [timed([*companion, "euphoria", "show", "long"], env) for _ in range(args.runs)]
        row("show, long, from its checkpoints", warm, floor)
        undo = []
        for _ in range(args.runs):
            (data / "long.toml").write_bytes(pristine)
            undo.append(timed([*companion, "euphoria", "undo", "long"], env))
        row("undo, long", undo, floor)
        (data / "long.toml").write_bytes(pristine)
        many = [timed([*companion, "euphoria", "undo", "long", "--steps", "600"], env)]
        row("undo --steps 600, long (each undone step described)", many, floor)
        listing = [timed([sys.executable, "-c", LIST], env) for _ in range(args.runs)]
        row("the home screen's list (both saves)", listing, floor)
        (data / "long.toml").write_bytes(pristine)
        shutil.rmtree(cache)
        slow = subprocess.Popen(
            [*companion, "euphoria", "undo", "long"], env=env, stdout=subprocess.DEVNULL
        )
        time.sleep(min(3.0, floor * 2))  # the undo has read the save and is replaying it
        step = timed([*companion, "euphoria", "undo", "small"], env)
        print(
            f"a step on another save meanwhile: exit 0, cpu {step[0]:.2f} s, wall "
            f"{step[1]:.2f} s (the long undo still running: {slow.poll() is None})"
        )
        slow.wait()
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
