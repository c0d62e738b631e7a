"""Benchmark of the Automa decision engine (not a test: it only measures and prints).

1. In process: many varied, valid, seeded situations; each ``decide`` call is
   timed; prints decisions per second and the p50 / p99 / max latency
   (target: p99 < 1 ms on one core).
2. As a whole process: ``companion euphoria decide FILE`` against
   ``python3 -c 'import click, tomllib, json'``, run alternately, median of
   each (target: within 4x), and the modules the command imports (it must
   not import textual, platformdirs or tomli_w).

    python3 benchmarks/bench_decide.py [--count 20000] [--runs 20] [--seed 1]

Results and the machine they were taken on are recorded in docs/performance.md.
"""

from __future__ import annotations

import argparse
import compileall
import datetime
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.euphoria.board import (  # noqa: E402
    ACTIONS,
    AREAS,
    AUTOMAS,
    FACTION_ICONS,
    SINGLE_OCCUPANCY,
    SITES,
    SPACES,
    site_threshold,
)
from companion.euphoria.decide import decide  # noqa: E402
from companion.euphoria.model import PlacedWorker, Site, Situation  # noqa: E402
from companion.euphoria.situation import check_situation, situation_to_dict  # noqa: E402

FORBIDDEN = ("textual", "platformdirs", "tomli_w", "rich")


def random_situation(rng: random.Random) -> Situation:
    """One valid situation: sites built or not, workers spread over the board and the card."""
    players = rng.choice((3, 4))
    threshold = site_threshold(players)
    # A stage of the game: how many markets are built, how often an Automa has its token there.
    p_built = rng.choice((0.0, 0.3, 0.6, 0.9, 1.0))
    p_token = rng.choice((0.2, 0.6, 1.0))
    sites: dict[str, Site] = {}
    for site_id in SITES:
        if rng.random() < p_built:
            tokens = frozenset(a for a in AUTOMAS if rng.random() < p_token)
            sites[site_id] = Site(built=True, automa_tokens=tokens)
        elif rng.random() < 0.5:
            sites[site_id] = Site(workers=rng.randrange(threshold))
    construction = {x for x in SITES if not sites.get(x, Site()).built}
    room = {x: sites.get(x, Site()).workers for x in construction}
    dice = [rng.randint(1, 6) for _ in range(4)]
    n_available = rng.choice((0, 1, 2, 2, 3, 3, 4))
    placed: list[PlacedWorker] = []
    penalty: list[int] = []
    for knowledge in dice[n_available:]:
        if knowledge == 6 and rng.random() < 0.5:
            penalty.append(6)
            continue
        taken = {w.space for w in placed}
        free = [
            x
            for x in SPACES
            if (room.get(x, 0) > 0)
            or (x not in construction and (x not in SINGLE_OCCUPANCY or x not in taken))
        ]
        space = rng.choice(free)
        if space in construction:
            room[space] -= 1
        placed.append(PlacedWorker(knowledge, space))
    bumpable = sorted(x for x in SINGLE_OCCUPANCY if x not in construction)
    situation = Situation(
        players=players,
        automa=rng.choice(AUTOMAS),
        faction=rng.choice(AREAS),
        action=rng.choice(ACTIONS),
        support=rng.choice(FACTION_ICONS),
        camping=rng.random() < 0.5,
        available=tuple(dice[:n_available]),
        placed=tuple(placed),
        penalty_card=tuple(penalty),
        occupied=frozenset(x for x in bumpable if rng.random() < 0.3),
        sites=sites,
    )
    check_situation(situation)
    return situation


def bench_in_process(count: int, seed: int) -> dict:
    pinned = hasattr(os, "sched_setaffinity")
    if pinned:  # one core, as the target says
        cores = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {min(cores)})
    try:
        return _measure(count, seed)
    finally:
        if pinned:
            os.sched_setaffinity(0, cores)


def _measure(count: int, seed: int) -> dict:
    rng = random.Random(seed)
    situations = [random_situation(rng) for _ in range(count)]
    for s in situations[:200]:  # warm up
        decide(s)
    latencies = []
    clock = time.perf_counter_ns
    start = clock()
    for s in situations:
        t0 = clock()
        decide(s)
        latencies.append(clock() - t0)
    total = clock() - start
    latencies.sort()
    kinds: dict[str, int] = {}
    for s in situations:
        d = decide(s)
        key = d.decision if d.decision == "retrieve" else f"{s.action} row {d.row}"
        kinds[key] = kinds.get(key, 0) + 1
    return {
        "count": count,
        "per_second": count / (total / 1e9),
        "p50_us": latencies[len(latencies) // 2] / 1000,
        "p99_us": latencies[int(len(latencies) * 0.99)] / 1000,
        "max_us": latencies[-1] / 1000,
        "kinds": dict(sorted(kinds.items())),
    }


def _command() -> list[str]:
    script = shutil.which("companion")
    return [script] if script else [sys.executable, "-m", "companion"]


def _time(argv: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def bench_process(runs: int, seed: int) -> dict:
    import tomli_w  # only the benchmark writes TOML; the command never imports it

    # An installed package has compiled bytecode; make sure ours has too, even under
    # PYTHONDONTWRITEBYTECODE, so the first run's compile is not what gets measured.
    compileall.compile_dir(str(ROOT / "companion"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "situation.toml"
        path.write_text(tomli_w.dumps(situation_to_dict(random_situation(random.Random(seed)))))
        command = [*_command(), "euphoria", "decide", str(path)]
        baseline = [sys.executable, "-c", "import click, tomllib, json"]
        _time(command)
        _time(baseline)
        ours, theirs = [], []
        for _ in range(runs):
            ours.append(_time(command))
            theirs.append(_time(baseline))
        trace = subprocess.run(
            [
                sys.executable,
                "-X",
                "importtime",
                "-m",
                "companion",
                "euphoria",
                "decide",
                str(path),
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stderr
    modules = [
        line.rsplit("|", 1)[-1].strip()
        for line in trace.splitlines()
        if line.startswith("import time:") and not line.rstrip().endswith("package")
    ]
    return {
        "command": " ".join(command[:-1]) + " FILE",
        "runs": runs,
        "command_ms": statistics.median(ours) * 1000,
        "baseline_ms": statistics.median(theirs) * 1000,
        "ratio": statistics.median(ours) / statistics.median(theirs),
        "modules": len(modules),
        "forbidden": sorted({m for m in modules if m.split(".")[0] in FORBIDDEN}),
        "companion_modules": sorted(m for m in modules if m.startswith("companion")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20000, help="situations decided in process")
    parser.add_argument("--runs", type=int, default=20, help="process runs of each command")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print(f"date: {datetime.date.today().isoformat()}")
    print(
        f"machine: nproc {os.cpu_count()}, {platform.machine()}, Python {platform.python_version()}"
    )
    inproc = bench_in_process(args.count, args.seed)
    print(
        f"in process: {inproc['count']} decisions, {inproc['per_second']:,.0f} per second; "
        f"latency p50 {inproc['p50_us']:.1f} us, p99 {inproc['p99_us']:.1f} us, "
        f"max {inproc['max_us']:.1f} us (target p99 < 1000 us)"
    )
    print("  mix: " + ", ".join(f"{k} {v}" for k, v in inproc["kinds"].items()))
    proc = bench_process(args.runs, args.seed)
    print(
        f"process: `{proc['command']}` median {proc['command_ms']:.1f} ms vs "
        f"`python3 -c 'import click, tomllib, json'` median {proc['baseline_ms']:.1f} ms "
        f"over {proc['runs']} runs each: {proc['ratio']:.2f}x (target within 4x)"
    )
    print(
        f"imports: {proc['modules']} modules, forbidden: {proc['forbidden'] or 'none'}; "
        f"companion: {', '.join(proc['companion_modules'])}"
    )
    ok = inproc["p99_us"] < 1000 and proc["ratio"] <= 4 and not proc["forbidden"]
    print("targets met" if ok else "TARGETS MISSED")


if __name__ == "__main__":
    main()
