"""Benchmark: drawing the phone build's PNG icons from the package's favicon.svg.

`companion web build` draws four icons (192, 512, a maskable 512 and the 180 px
apple-touch-icon) in pure Python (companion.web.icons). This draws them afresh several
times and prints the median CPU time. A measurement, not a test: see docs/performance.md.

    python3 benchmarks/bench_icons.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from companion.web import icons, phone_build


def main() -> None:
    """Draw the four icons ``--runs`` times (no cache) and print the median CPU time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    svg = (phone_build.STATIC / "favicon.svg").read_text(encoding="utf-8")
    times = []
    for _ in range(args.runs):
        start = time.process_time()
        drawn = [icons.png(icons.draw(svg, size, bleed)) for _name, size, bleed in icons.ICONS]
        times.append(time.process_time() - start)
    size = sum(len(data) for data in drawn)
    print(f"icons: {len(drawn)}, {size:,} bytes of PNG, runs: {args.runs}")
    print(f"drawing them, CPU: median {statistics.median(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
