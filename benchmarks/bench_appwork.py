"""Benchmark: the app's own work on a table screen's open, a resize and a focus move, and
on the home and set-up screens' (every Pilot flow starts home, most go through the set-up).

One Pilot app (no terminal; frames laid out, not drawn, as the ui tests'
``tests/ui/conftest.py`` has it), a Euphoria table screen at 80x24 after three Automa
turns. It prints the process CPU of each (``time.process_time``: the machine is shared,
so CPU, not the wall clock), the best of ``--repeat`` apps:

- open: from the home screen (just shown, as the tests open a game) to the table screen
  opened and a pause after;
- resize: one resize and a pause, 80x24 to 40x20 and back, the mean of ``--resizes``;
- tab: a Tab (focus move) and a pause, the mean of ``--tabs``;
- home open: another app, from its start to its home screen shown (at_home);
- home resize, home key: as above on the home screen (the key: Down in its list);
- setup open: `1` on the home screen to the set-up screen shown and a pause;
- setup resize, setup key: as above on the set-up screen (the key: Down in its choices);

and what each asked of Textual (counted in the last app): layout passes, widgets
restyled, footer recomposes and footer keys mounted.

``--steps``: a step instead, from its key to the settled screen (the key pressed, then
pauses while the app has work queued, as the tests' ``press``), at 80x24 and 40x20, the
median of ``--repeat`` apps of each game: a Euphoria Automa turn by Enter (the app's
deck), an undo and a redo; a turn of physical cards (Enter asks the support card, typed
``S``, ``7``; the action card typed, which plays the turn); an Ephios solo step (an
action, its slot, the cards revealed), an undo and a redo.

    python3 benchmarks/bench_appwork.py
    python3 benchmarks/bench_appwork.py --steps
    python3 benchmarks/bench_appwork.py --root /tmp/before   # another checkout's code
    python3 benchmarks/bench_appwork.py --product   # the product's CSS parsing (no patch)

``--root`` runs the code of another checkout (the before of a change, in the same minutes
as the after: the load alike). A measurement, not a test: the figures are in
docs/performance.md ("The test suite").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

COUNTS: Counter[str] = Counter()


def use_root(root: Path) -> None:
    """Import the project (and its test helpers) from ``root``."""
    for folder in (root, root / "tests", root / "tests" / "ui"):
        sys.path.insert(0, str(folder))


def patch(product_css: bool) -> None:
    """The ui tests' patches (frames not drawn; CSS parsed once a process where the
    checkout's tests patch it, unless ``product_css``), and counters around Textual's
    layout passes, restyles, CSS parses and the footer's key mounts."""
    import conftest as ui_conftest  # tests/ui/conftest.py
    from textual.css.stylesheet import Stylesheet
    from textual.screen import Screen
    from textual.widget import Widget

    Screen._compositor_refresh = ui_conftest._lay_out_without_drawing  # type: ignore[method-assign]
    once = getattr(ui_conftest, "_parse_rules_once", None)
    if once is not None and not product_css:
        Stylesheet._parse_rules = once  # type: ignore[method-assign]
    parse = sys.modules["textual.css.stylesheet"].parse

    def counted_parse(*args: Any, **kwargs: Any) -> Any:
        COUNTS["css sources parsed"] += 1
        return parse(*args, **kwargs)

    sys.modules["textual.css.stylesheet"].parse = counted_parse
    refresh_layout = Screen._refresh_layout
    update_nodes = Stylesheet.update_nodes
    mount_all = Widget.mount_all

    def counted_layout(self: Any, *args: Any, **kwargs: Any) -> Any:
        COUNTS["layout passes"] += 1
        return refresh_layout(self, *args, **kwargs)

    def counted_restyle(self: Any, nodes: Any, animate: bool = False) -> Any:
        nodes = list(nodes)
        COUNTS["widgets restyled"] += len(nodes)
        return update_nodes(self, nodes, animate=animate)

    def counted_mount(self: Any, widgets: Any, *args: Any, **kwargs: Any) -> Any:
        widgets = list(widgets)
        if type(self).__name__ == "Footer":
            COUNTS["footer keys mounted"] += len(widgets)
        return mount_all(self, widgets, *args, **kwargs)

    Screen._refresh_layout = counted_layout  # type: ignore[method-assign]
    Stylesheet.update_nodes = counted_restyle  # type: ignore[method-assign]
    Widget.mount_all = counted_mount  # type: ignore[method-assign]
    from companion.tui.widgets import chrome

    compose = chrome.Footer.compose

    def counted_compose(self: Any) -> Any:
        COUNTS["footer composes"] += 1
        return compose(self)

    chrome.Footer.compose = counted_compose  # type: ignore[method-assign]


async def on_screen(
    pilot: Any,
    found: dict[str, tuple[float, Counter[str]]],
    resizes: tuple[str, int],
    presses: tuple[str, int],
    key: str,
) -> None:
    """The mean CPU and counts of ``resizes`` (its label, how many) between 40x20 and 80x24
    and of ``presses`` (its label, how many) of ``key`` on the screen shown, each with a
    pause; the screen left at 80x24."""
    label, n = resizes
    COUNTS.clear()
    start = time.process_time()
    for step in range(n):
        await pilot.resize_terminal(*((40, 20) if step % 2 == 0 else (80, 24)))
        await pilot.pause()
    found[label] = ((time.process_time() - start) / n, per(COUNTS, n))
    if n % 2:
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
    for _ in range(3):
        await pilot.pause()
    label, n = presses
    COUNTS.clear()
    start = time.process_time()
    for _ in range(n):
        await pilot.press(key)
        await pilot.pause()
    found[label] = ((time.process_time() - start) / n, per(COUNTS, n))


async def run_screens(n: int) -> dict[str, tuple[float, Counter[str]]]:
    """One app: the CPU and counts of its start to the home screen, the home screen's
    resize and key, then the set-up screen's open, resize and key."""
    import tui_helpers as th

    from companion.tui.app import CompanionApp

    found: dict[str, tuple[float, Counter[str]]] = {}
    COUNTS.clear()
    start = time.process_time()
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await th.at_home(pilot)
        await pilot.pause()
        found["home open"] = (time.process_time() - start, Counter(COUNTS))
        for _ in range(3):
            await pilot.pause()
        await on_screen(pilot, found, ("home resize", n), ("home key", n), "down")
        await measured_open(pilot, found, "setup open", open_setup(pilot))
        await on_screen(pilot, found, ("setup resize", n), ("setup key", n), "down")
    return found


async def measured_open(
    pilot: Any, found: dict[str, tuple[float, Counter[str]]], label: str, opening: Awaitable[Any]
) -> None:
    """Await ``opening`` (a screen opened) and one pause; note its CPU and counts under
    ``label``, then let the app settle before the next measure."""
    COUNTS.clear()
    start = time.process_time()
    await opening
    await pilot.pause()
    found[label] = (time.process_time() - start, Counter(COUNTS))
    for _ in range(3):
        await pilot.pause()


async def open_setup(pilot: Any) -> None:
    """The new Euphoria game's set-up, opened by its key on the home screen."""
    import tui_helpers as th

    from companion.tui.screens.table_setup import TableSetupScreen

    await pilot.press("1")
    await th.wait_for_screen(pilot, TableSetupScreen)


async def run_once(resizes: int, tabs: int) -> dict[str, tuple[float, Counter[str]]]:
    """One app: the CPU (seconds) and the counts of the open, a resize and a Tab."""
    import tui_helpers as th

    from companion.tui.app import CompanionApp

    found: dict[str, tuple[float, Counter[str]]] = {}
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await th.at_home(pilot)
        path, journal = th.make_game(3, name=f"bench-{time.time_ns()}")
        # (the home screen's footer may not have settled: as in the tests)
        await measured_open(pilot, found, "open", th.open_turn_screen(pilot, app, path, journal))
        await on_screen(pilot, found, ("resize", resizes), ("tab", tabs), "tab")
    return found


STEPS: dict[tuple[str, int], list[tuple[float, Counter[str]]]] = {}


async def step(pilot: Any, label: str, *keys: str) -> None:
    """Press ``keys`` and let the app settle; note the CPU and the counts under ``label``."""
    import tui_helpers as th

    COUNTS.clear()
    start = time.process_time()
    for key in keys:
        await pilot.press(key)
    while th.pending(pilot.app):
        await pilot.pause()
    found = (time.process_time() - start, Counter(COUNTS))
    STEPS.setdefault((label, pilot.app.size.width), []).append(found)


def saved(journal: Any, name: str) -> Path:
    """``journal`` saved in the data folder under a new name."""
    from companion import paths
    from companion.core import session

    path = paths.data_dir() / f"{name}-{time.time_ns()}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    session.create_game(path, journal)
    return path


async def euphoria_steps(size: tuple[int, int]) -> None:
    """Automa turns by Enter (the app's deck), undone and redone."""
    import tui_helpers as th

    from companion.tui.app import CompanionApp

    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        path, journal = th.make_game(0, name=f"bench-{time.time_ns()}")
        screen = await th.open_turn_screen(pilot, app, path, journal)
        for _ in range(3):
            await pilot.pause()
        for _ in range(5):  # seed 6 asks nothing in its first five turns
            await step(pilot, "euphoria turn (Enter)", "enter")
            assert screen.pending is None
        for key, label in (("z", "euphoria undo"), ("y", "euphoria redo")):
            for _ in range(3):
                await step(pilot, label, key)


async def physical_steps(size: tuple[int, int]) -> None:
    """A turn of physical cards: asked, its cards typed, played."""
    import tui_helpers as th

    from companion.euphoria import game
    from companion.euphoria.state import GameOptions
    from companion.tui.app import CompanionApp

    options = GameOptions(
        recruits=("icarus", "euphoria"), physical_deck=True, report_sites=True, difficulty="expert"
    )
    journal = game.new_game(options, seed=5)
    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        screen = await th.open_turn_screen(pilot, app, saved(journal, "bench-physical"), journal)
        for _ in range(3):
            await pilot.pause()
        await step(pilot, "physical: Enter asks", "enter")
        await step(pilot, "physical: a letter typed", "S")
        await step(pilot, "physical: an answer", "7")
        panel = screen.query_one("#t-question")
        card = next(c for c in panel.current.choices if len(c) == 2)
        await step(pilot, "physical: a letter typed", card[0])
        await step(pilot, "physical: the turn played", card[1])
        assert screen.state.turn == 1


async def ephios_steps(size: tuple[int, int]) -> None:
    """An Ephios solo debate (the action, its slot, two cards revealed), undone, redone."""
    import tui_helpers as th

    from companion.ephios import solo
    from companion.tui.app import CompanionApp

    crossroads = {
        "reveal-1": "syndicate-dignitary",
        "reveal-2": "order",
        "reveal-3": "academy",
        "reveal-4": "company",
    }
    journal = solo.new_game("normal", 1, crossroads)
    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        screen = await th.open_save(pilot, saved(journal, "bench-ephios"), journal)
        if size[0] >= 60:  # the menu asked beside what to do (not on a phone's 40 columns)
            await th.until(pilot, lambda: screen.idle, "the menu")
        for _ in range(3):
            await pilot.pause()
        for key, label in (("d", "ephios: an action"), ("1", "ephios: an answer")):
            await step(pilot, label, key)
        for key in ("5", "7"):
            await step(pilot, "ephios: a card revealed", key)
        assert len(screen.journal.events) == 1
        await step(pilot, "ephios undo", "z")
        await step(pilot, "ephios redo", "y")


def run_steps(repeat: int) -> None:
    """``--steps``: every kind of step at both sizes, ``repeat`` apps each; print them."""
    for _ in range(repeat):
        for size in ((80, 24), (40, 20)):
            for steps in (euphoria_steps, physical_steps, ephios_steps):
                asyncio.run(steps(size))
    total = 0.0
    for (label, width), found in STEPS.items():
        times = sorted(1000 * cpu for cpu, _ in found)
        median = times[len(times) // 2]
        total += median
        counts = ", ".join(f"{k} {v}" for k, v in sorted(found[-1][1].items()))
        print(f"  {label} ({width} cols): {median:.1f} ms (best {times[0]:.1f}); {counts}")
    print(f"  the medians' sum: {total:.1f} ms")


def per(counts: Counter[str], n: int) -> Counter[str]:
    """``counts`` divided by ``n`` (rounded to tenths)."""
    return Counter({key: round(value / n, 1) for key, value in counts.items()})  # type: ignore[misc]


def main() -> None:
    """Run ``--repeat`` apps, print the best CPU of each part and the last app's counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--resizes", type=int, default=20)
    parser.add_argument("--tabs", type=int, default=20)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--steps", action="store_true", help="time the steps (see above)")
    parser.add_argument(
        "--product", action="store_true", help="CSS parsed as the product does (no test patch)"
    )
    args = parser.parse_args()
    use_root(args.root.resolve())
    os.environ.setdefault("COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="bench-appwork-"))
    os.environ.setdefault("COMPANION_DOUBLE_PRESS", "0")
    patch(args.product)
    if args.steps:
        print(
            f"root {args.root}, medians of {args.repeat} apps (ms of CPU), load {os.getloadavg()}"
        )
        run_steps(args.repeat)
        return
    runs = [
        asyncio.run(run_once(args.resizes, args.tabs)) | asyncio.run(run_screens(args.resizes))
        for _ in range(args.repeat)
    ]
    print(f"root {args.root}, best of {args.repeat} apps (ms of CPU), load {os.getloadavg()}")
    parts = ("open", "resize", "tab", "home open", "home resize", "home key", "setup open")
    for part in (*parts, "setup resize", "setup key"):
        times = sorted(1000 * run[part][0] for run in runs)
        counts = ", ".join(f"{k} {v}" for k, v in sorted(runs[-1][part][1].items()))
        print(f"  {part}: {times[0]:.1f} ms (median {times[len(times) // 2]:.1f}); {counts}")


if __name__ == "__main__":
    main()
