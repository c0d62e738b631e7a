"""Benchmark: the CPU a step costs on the table screen (Pilot, no terminal), and where it goes.

Plays Euphoria Automa turns (physical set-up: each turn asks the printed cards and the dice,
so questions come and go) and Ephios solo steps with their questions, at each size, and
prints the process CPU time of the steps of each run (``time.process_time`` from the table
screen up to the last step: the machine is shared, so CPU, not the wall clock). With
``--profile`` one more run of each under cProfile shows the share of the restyles
(Textual's ``Stylesheet.update_nodes``), the layout (``Screen._refresh_layout``), the
footer's recompose and the game's own step.

    python3 benchmarks/bench_restyle.py                     # both games, 80x24 and 40x20
    python3 benchmarks/bench_restyle.py --turns 12 --repeat 3 --profile
    python3 benchmarks/bench_restyle.py --root /tmp/before  # the same flows on another tree

``--root`` plays the code of another checkout of the project (the before of a change, in
the same run as the after: the load alike). A measurement, not a test: the figures are in
docs/performance.md ("A step's CPU on the table screen").
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SIZES = ((80, 24), (40, 20))
FLOWS: dict[str, tuple[dict[str, str], list[str]]] = {
    # game: its set-up answers, the actions each turn picks from (none: the main one)
    "euphoria": ({"deck": "physical", "dice": "physical"}, []),
    "ephios-solo": ({}, ["recruit", "recruit-top", "debate", "unite"]),
}
# Where the CPU goes: a label and the (file's tail, function) whose cumulative time it is.
PARTS = (
    ("restyle", "css/stylesheet.py", "update_nodes"),
    ("layout", "textual/screen.py", "_refresh_layout"),
    ("footer recompose", "widgets/chrome.py", "_recompose"),
    ("the game's step", "core/table.py", "act"),
)


def use_root(root: Path) -> None:
    """Import the project (and its test helpers) from ``root``."""
    sys.path.insert(0, str(root / "tests"))
    sys.path.insert(0, str(root / "benchmarks"))
    sys.path.insert(0, str(root))


async def play(game_id: str, size: tuple[int, int], turns: int, seed: int) -> tuple[int, float]:
    """Play ``turns`` steps of a new game of ``game_id`` at ``size``, every question answered
    by the keys a player presses; the steps played and their CPU time (from the table
    screen up to the last step's redraw: not the start of the app)."""
    from key_answers import begun, tell_step, waits
    from tui_helpers import until, wait_for_screen

    from companion import paths
    from companion.core import registry, session
    from companion.tui.app import CompanionApp
    from companion.tui.screens.table import TableScreen

    set_up, mix = FLOWS[game_id]
    rng = random.Random(seed)
    game = registry.table(game_id)
    assert game is not None, f"{game_id} has no game object"
    answers = dict(set_up)
    journal = begun(game, answers, rng, seed)
    path = paths.data_dir() / f"bench-{game_id}-{size[0]}x{size[1]}.toml"
    session.create(game.rules, path, journal, force=True)
    played = 0
    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        app.open_game(path, journal)
        screen = await wait_for_screen(pilot, TableScreen)
        await pilot.pause()
        SPENT.clear()  # the steps' own restyles and layout passes, not the app's start
        COUNTS.clear()
        start = time.process_time()
        for _turn in range(turns):
            actions = screen.view.actions
            if not actions or app.screen is not screen:
                break
            wanted = [a for a in actions if a.id in mix]
            main = next((a for a in actions if a.main), actions[0])
            action = rng.choice(wanted) if wanted else main
            await tell_step(pilot, screen, action.key, rng)
            await until(pilot, lambda: waits(screen) or app.screen is not screen)
            played += 1
        spent = time.process_time() - start
    return played, spent


SPENT: dict[str, float] = {}  # each timed part's CPU in the run now (see ``timed``)
COUNTS: dict[str, int] = {}  # the run's restyles, nodes restyled and layout passes


def timed() -> None:
    """Time the restyles and the layout passes with the process clock (no profiler, so
    the run's own figure): each call's CPU added to ``SPENT``, the outermost call only;
    and count them (``COUNTS``: the restyles, the nodes and the component classes'
    virtual nodes they style, the layout passes), figures the machine's load leaves alone."""
    from textual.css.stylesheet import Stylesheet
    from textual.dom import DOMNode
    from textual.screen import Screen
    from textual.widget import Widget

    for label, owner, name in (
        ("restyle", Stylesheet, "update_nodes"),
        ("layout", Screen, "_refresh_layout"),
    ):
        original = getattr(owner, name)
        depth = [0]

        def wrapper(
            *args: Any, _f: Any = original, _l: str = label, _d: Any = depth, **kw: Any
        ) -> Any:
            _d[0] += 1
            if _d[0] == 1:
                COUNTS[_l] = COUNTS.get(_l, 0) + 1
            start = time.process_time()
            try:
                return _f(*args, **kw)
            finally:
                _d[0] -= 1
                if not _d[0]:
                    SPENT[_l] = SPENT.get(_l, 0.0) + time.process_time() - start

        setattr(owner, name, wrapper)
    apply = Stylesheet.apply

    def counted(self: Any, node: DOMNode, *args: Any, **kw: Any) -> Any:
        kind = "nodes" if isinstance(node, Widget) else "component nodes"
        COUNTS[kind] = COUNTS.get(kind, 0) + 1
        return apply(self, node, *args, **kw)

    Stylesheet.apply = counted  # type: ignore[method-assign]


def parts(profile: cProfile.Profile) -> tuple[float, dict[str, float]]:
    """The profile's total time and each part's cumulative time."""
    stats = pstats.Stats(profile)
    total = stats.total_tt  # type: ignore[attr-defined]
    found = dict.fromkeys((label for label, _f, _n in PARTS), 0.0)
    for (file, _line, name), row in stats.stats.items():  # type: ignore[attr-defined]
        for label, tail, function in PARTS:
            if name == function and file.replace(os.sep, "/").endswith(tail):
                found[label] += row[3]
    return total, found


def main() -> None:
    """Play each flow at each size, print its CPU time (and, asked, where it goes)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--game", action="append", default=[], choices=sorted(FLOWS))
    parser.add_argument("--size", action="append", default=[], metavar="COLSxROWS")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    use_root(args.root.resolve())
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.size] or list(SIZES)
    os.environ.setdefault("COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="bench-restyle-"))
    os.environ.setdefault("COMPANION_DOUBLE_PRESS", "0")
    print(f"root {args.root}, {args.turns} turns, seed {args.seed}")
    timed()
    for game_id in args.game or list(FLOWS):
        for size in sizes:
            runs = []
            spent: dict[str, list[float]] = {}
            for _run in range(args.repeat):
                SPENT.clear()
                played, cpu = asyncio.run(play(game_id, size, args.turns, args.seed))
                runs.append(cpu)
                for label, seconds in SPENT.items():
                    spent.setdefault(label, []).append(seconds)
            best = min(runs)
            print(
                f"  {game_id} {size[0]}x{size[1]}: {played} steps, CPU {best:.2f} s "
                f"(best of {len(runs)}: {', '.join(f'{r:.2f}' for r in runs)}), "
                f"{1000 * best / max(played, 1):.0f} ms a step; "
                + ", ".join(f"{k} {min(v):.2f} s" for k, v in sorted(spent.items()))
            )
            print("    counts (last run): " + ", ".join(f"{k} {v}" for k, v in COUNTS.items()))
            if args.profile:
                profile = cProfile.Profile()
                profile.runcall(asyncio.run, play(game_id, size, args.turns, args.seed))
                total, found = parts(profile)
                shares = ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in found.items())
                print(f"    profile: {shares}")


if __name__ == "__main__":
    main()
