"""Time from launch to the first screen: the companion app vs a bare Textual app.

Each run is a fresh Python process that starts a headless app and prints a
line once its first screen is mounted and painted (``call_after_refresh`` in
``on_mount``), then exits. The parent measures the wall time from spawning
the process to that line. The companion app's first screen is the home
screen, which reads the saved games of the data folder (an empty temporary
folder here). The two apps run alternately, after one warm-up run each;
the medians are compared with the target (within 1.5x).

Usage: python benchmarks/bench_startup.py [--runs 15]

``--cli``: the command line's start instead, in CPU time (user + system, read with
``resource.getrusage`` around each process: what a test's subprocess costs a loaded machine,
where wall time measures the load): ``companion --help``, ``companion euphoria show SAVE
--json`` of a ten-turn game, and a headless ``turn`` (and its undo), each against a bare
click command (a process that imports click and runs an empty command); the runs alternate.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMPANION = """
from pathlib import Path

from companion.tui import app

class Bench(app.CompanionApp):
    CSS_PATH = str(Path(app.__file__).parent / "app.tcss")  # no file to resolve from here

    def on_mount(self):
        self.call_after_refresh(self.ready)

    def ready(self):
        print(type(self.screen).__name__, flush=True)
        self.exit()

Bench().run(headless=True, size=(80, 24))
"""

BARE = """
from textual.app import App
from textual.widgets import Footer, Header, OptionList

class Bare(App):
    def compose(self):
        yield Header()
        yield OptionList("one", "two")
        yield Footer()

    def on_mount(self):
        self.call_after_refresh(self.ready)

    def ready(self):
        print("Bare", flush=True)
        self.exit()

Bare().run(headless=True, size=(80, 24))
"""


def launch(code: str, env: dict) -> tuple[float, str]:
    """Seconds from spawning the process to its first line, and that line."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, env=env, text=True, cwd=ROOT
    )
    line = proc.stdout.readline().strip()
    elapsed = time.perf_counter() - start
    proc.wait(timeout=30)
    return elapsed, line


BARE_CLICK = """
import click

@click.command()
def empty():
    pass

empty()
"""


def cpu_of(command: list[str], env: dict) -> float:
    """The CPU seconds (user + system) of one run of ``command``, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cli(runs: int) -> None:
    """The CPU of the command line's start: each command's median against a bare click
    command's, the runs alternating."""
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "COMPANION_DATA_DIR": data, "COMPANION_CACHE_DIR": data}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        save = str(Path(data) / "evening.toml")
        companion = [sys.executable, "-m", "companion"]
        new = [*companion, "euphoria", "new", save, "--humans", "2", "--seed", "3"]
        subprocess.run([*new, "--report-sites"], env=env, stdout=subprocess.DEVNULL, check=True)
        for _ in range(10):
            turn = [*companion, "euphoria", "turn", save]
            subprocess.run(turn, env=env, stdout=subprocess.DEVNULL, check=True)
        commands = {
            "bare click command": [sys.executable, "-c", BARE_CLICK],
            "companion --help": [*companion, "--help"],
            "euphoria show --json": [*companion, "euphoria", "show", save, "--json"],
            "euphoria turn + undo": [*companion, "euphoria", "turn", save],
        }
        undo = [*companion, "euphoria", "undo", save]
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs + 1):  # the first round warms the caches, and is not counted
            for name, command in commands.items():
                seconds = cpu_of(command, env)
                if name.endswith("+ undo"):
                    seconds += cpu_of(undo, env)
                times[name].append(seconds)
    bare = statistics.median(times["bare click command"][1:])
    print(f"runs: {runs} each, python {sys.version.split()[0]}, nproc {os.cpu_count()}")
    for name, seconds in times.items():
        median = statistics.median(seconds[1:])
        print(
            f"{name:22} CPU median {median * 1000:4.0f} ms (min {min(seconds[1:]) * 1000:3.0f})"
            f", {median / bare:.2f}x the bare click command"
        )


def main() -> None:
    """Run both apps alternately and print the medians and the ratio (``--cli``: the
    command line's start, in CPU time)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--cli", action="store_true", help="the command line's start, CPU")
    args = parser.parse_args()
    if args.cli:
        cli(args.runs)
        return
    compileall.compile_dir(ROOT / "companion", quiet=1)
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "COMPANION_DATA_DIR": data, "PYTHONPATH": str(ROOT)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        launch(COMPANION, env)
        launch(BARE, env)
        ours, bare = [], []
        for _ in range(args.runs):
            seconds, screen = launch(COMPANION, env)
            assert screen == "HomeScreen", screen
            ours.append(seconds)
            bare.append(launch(BARE, env)[0])
    a, b = statistics.median(ours), statistics.median(bare)
    print(f"runs: {args.runs} each, python {sys.version.split()[0]}, nproc {os.cpu_count()}")
    print(
        f"companion app to the home screen: median {a * 1000:.0f} ms (min {min(ours) * 1000:.0f})"
    )
    print(
        f"bare Textual app to its screen:   median {b * 1000:.0f} ms (min {min(bare) * 1000:.0f})"
    )
    print(f"ratio: {a / b:.2f}x (target: within 1.5x) -> {'met' if a / b <= 1.5 else 'NOT met'}")


if __name__ == "__main__":
    main()
