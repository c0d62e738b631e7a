"""The soak of `companion serve` (tests/serve_soak.py) at full length, with its figures.

4 sessions x 100 steps on 4 saves (Ephios quick game, "next player"; each step
written to the save) through the real server on 127.0.0.1, the abusive
messages beside them (the 1 MiB message, malformed messages, a flood). Prints
each app process's memory at step 10 and step 100, the slowest page answer
during the soak, how long each app process lived after its socket closed, and
the lines of the server's log; checks the targets: memory within 20% from step
10 to step 100, every process gone within 10 s, the server answering, its slowest
page within 5 s (the suite's short soak checks the same without the times: a timed
assertion fails on a loaded machine).

Usage: python benchmarks/bench_serve_soak.py [--sessions 4] [--turns 100]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from serve_soak import MIB, soak  # noqa: E402


def main() -> None:
    """Run the soak and print its figures against the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=4)
    parser.add_argument("--turns", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        result = soak(Path(folder), sessions=args.sessions, turns=args.turns)
    print(
        f"{args.sessions} sessions x {args.turns} steps in {result.seconds:.0f} s, "
        f"nproc {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}"
    )
    print("steps written:", ", ".join(f"{k} {v}" for k, v in sorted(result.turns.items())))
    growth = []
    for pid, (at_10, at_end) in sorted(result.memory.items()):
        growth.append(at_end / at_10 - 1)
        print(
            f"app {pid}: {at_10 / MIB:.1f} MiB at step 10, {at_end / MIB:.1f} MiB at step "
            f"{args.turns} ({growth[-1]:+.1%})"
        )
    print("gone after its socket closed: " + ", ".join(f"{s:.2f} s" for s in result.linger))
    print(f"page answers: {result.pages}, slowest {result.slowest_page * 1000:.0f} ms")
    print(f"abusive sessions closed with: {result.abuse_closed}")
    lines = result.log.splitlines()
    print(f"server log: {len(lines)} lines, {len(result.log)} bytes:")
    for line in lines:
        print("  " + line)
    met = (
        all(g <= 0.20 for g in growth)
        and all(s < 10 for s in result.linger)
        and result.slowest_page < 5
        and all(v == args.turns for v in result.turns.values())
        and "Traceback" not in result.log
    )
    print(
        "targets (memory within 20%, gone within 10 s, every step, the page within 5 s) -> "
        + ("met" if met else "NOT met")
    )


if __name__ == "__main__":
    main()
