"""The phone build reopened: a new browser process, against a bare Pyodide page served the same way.

A player closes the browser and opens the app again later: a new browser process, its
profile (the service worker's cache, IndexedDB, the compiled code the browser kept) as the
last visit left it. This benchmark builds the site (or takes ``--site DIR``), makes beside it
a **bare page** (the same ``pyodide/`` folder, a page that only starts Pyodide and runs
``1 + 1``, the same service worker made by ``companion.web.phone_sw``: the same compressed
twins, cache first), serves both with ``python3 -m http.server`` on 127.0.0.1 and, for each,
in Debian's headless chromium (Playwright, a persistent profile, 390x844 with touch):

1. a first visit (the offline copy made), then the browser closed;
2. ``--runs`` times: a new browser process on that profile, offline, the page opened, and the
   time from the start of the navigation to **ready**: the app's home screen shown whole (read
   with pyte, as ``bench_phone.py``), or the bare page's ``1 + 1`` done; the browser closed.

Each is run as the machine is and with the page's CPU slowed 4x (Chrome DevTools Protocol
``Emulation.setCPUThrottlingRate``: a mid-range phone). Printed: medians (min-max), the
ratio app / bare, and the first visit's bytes on the wire (the worker's list) with the time
they take at 9 Mbps. Targets: the app's reopen <= 1.5x the bare page's and <= 1.5 s idle.

``--before DIR`` measures another build too (the build before a change), and the reopens of
the pages are taken in turn (one of each, then again), so that a loaded machine weighs on each
alike; ``--cpu 1`` only as the CPU is.

Usage: python benchmarks/bench_phone_reopen.py [--runs 5] [--site DIR] [--before DIR] [--cpu 1 4]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_phone import STAMPS, VIEWPORT, Moments, moments, serve, wait_home  # noqa: E402
from browser_helpers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from companion.web import phone_build, phone_sw  # noqa: E402

BARE_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title></head><body>
<script type="module">
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", document.baseURI).href });
  pyodide.runPython("1 + 1");
  window.__ready = performance.now();
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
</script></body></html>
"""
MBPS = 9


def bare_site(site: Path, folder: Path) -> Path:
    """The bare page beside ``site``'s runtime, with a service worker made the same way."""
    folder.mkdir()
    shutil.copytree(site / "pyodide", folder / "pyodide", ignore=shutil.ignore_patterns("*.gz"))
    (folder / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    template = (phone_build.PHONE / "sw.js").read_text(encoding="utf-8")
    (folder / "sw.js").write_text(phone_sw.service_worker(folder, template), encoding="utf-8")
    return folder


def on_the_wire(site: Path) -> int:
    """The bytes a first visit downloads: the sizes in the service worker's list."""
    worker = (site / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    if all(isinstance(row, str) for row in listed):  # a build before the gzipped twins
        named = [site / ("index.html" if row == "./" else row) for row in listed]
        return sum(path.stat().st_size for path in named)
    return sum(int(row[2]) for row in listed)


def ready(page: Any, app: bool) -> float:
    """When (ms since the navigation) the page was ready: the home screen, or 1 + 1 done."""
    if app:
        return wait_home(page)
    page.wait_for_function("() => window.__ready !== undefined", timeout=60_000)
    return float(page.evaluate("window.__ready"))


# The app's reopens' moments (the boot script's marks: the memory snapshot loaded, the
# saves read, the app started, its first output, the home screen), for where the time goes.
MOMENTS: dict[tuple[str, int], list[Moments]] = {}


def opened(playwright: Any, profile: Path, url: str, app: bool, slower: int) -> float:
    """A new browser process on ``profile``, offline: the page opened; ms until ready."""
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        viewport=VIEWPORT,
        has_touch=True,
    )
    try:
        context.add_init_script(STAMPS)
        page = context.pages[0] if context.pages else context.new_page()
        if slower > 1:
            session = context.new_cdp_session(page)
            session.send("Emulation.setCPUThrottlingRate", {"rate": slower})
        context.set_offline(True)
        page.goto(url, wait_until="commit")
        at = ready(page, app)
        if app:
            MOMENTS.setdefault((url, slower), []).append(moments(page, at))
        return at
    finally:
        context.close()


def first_visit(playwright: Any, profile: Path, url: str, app: bool) -> None:
    """The first visit on ``profile``: the page ready and its offline copy made."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=VIEWPORT
    )
    try:
        context.add_init_script(STAMPS)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url, wait_until="commit")
        ready(page, app)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.wait_for_timeout(1500)  # the first write-back, the browser's code cache
    finally:
        context.close()


# A page measured: its name, its URL, whether it is the app (else the bare page).
Page = tuple[str, str, bool]


def reopens(
    playwright: Any, pages: list[Page], runs: int, slower: int, temp: Path
) -> dict[str, list[float]]:
    """``runs`` reopens of each page in new browser processes, each on its own profile (ms),
    taken in turn (one of each, then again, each page first in its turn) so that the machine's
    load weighs on them alike."""
    profiles = {}
    for name, url, app in pages:
        profiles[name] = Path(tempfile.mkdtemp(prefix=f"companion-profile-{name}-", dir=temp))
        first_visit(playwright, profiles[name], url, app)
        opened(playwright, profiles[name], url, app, slower)  # a warm-up reopen, not counted
        MOMENTS.pop((url, slower), None)  # the warm-up's
    times: dict[str, list[float]] = {name: [] for name, _, _ in pages}
    for run in range(runs):
        # Each page first in turn: the same build measured twice came out 0.4 s slower as
        # the first of each round (it follows the last page's browser closing).
        turn = run % len(pages)
        for name, url, app in pages[turn:] + pages[:turn]:
            times[name].append(opened(playwright, profiles[name], url, app, slower))
    return times


def where_the_time_goes(url: str, slower: int) -> str:
    """The medians of an app's reopens' moments (ms since the navigation), in their order."""
    runs = MOMENTS.get((url, slower), [])
    if not runs:
        return ""
    names = sorted(runs[0], key=lambda name: statistics.median(run.get(name, 0) for run in runs))
    medians = [statistics.median(run[name] for run in runs if name in run) for name in names]
    return ", ".join(f"{n} {m:.0f}" for n, m in zip(names, medians, strict=True))


def line(name: str, values: list[float]) -> str:
    """``name: median (min-max)`` in seconds."""
    return (
        f"{name}: {statistics.median(values) / 1000:.2f} s "
        f"({min(values) / 1000:.2f}-{max(values) / 1000:.2f})"
    )


def main() -> None:
    """Build (unless given a site), serve the app, the build before and the bare page,
    measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path)
    parser.add_argument("--before", type=Path, help="another build, measured in the same run")
    parser.add_argument("--cpu", type=int, nargs="+", default=[1, 4], help="CPU slowdowns")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temp:
        site = args.site
        if site is None:
            site = Path(temp) / "site"
            subprocess.run(
                [sys.executable, "-m", "companion", "web", "build", str(site)], check=True
            )
        wire = on_the_wire(site)
        print(
            f"first visit: {wire / 1e6:.1f} MB on the wire, {wire * 8 / MBPS / 1e6:.0f} s at {MBPS} Mbps"
        )
        sites = [("app", site, True)]
        if args.before:
            sites.append(("before", args.before, True))
        sites.append(("bare Pyodide", bare_site(site, Path(temp) / "bare"), False))
        servers = [serve(folder) for _, folder, _ in sites]
        pages = [(name, url, app) for (name, _, app), (_, url) in zip(sites, servers, strict=True)]
        started = time.monotonic()
        try:
            with sync_playwright() as playwright:
                for slower in args.cpu:
                    times = reopens(playwright, pages, args.runs, slower, Path(temp))
                    bare = statistics.median(times["bare Pyodide"])
                    cpu = "CPU as it is" if slower == 1 else f"CPU {slower}x slower"
                    print(f"{cpu}: " + "; ".join(line(name, times[name]) for name, _, _ in pages))
                    for name, url, app in pages:
                        if app:
                            ratio = statistics.median(times[name]) / bare
                            print(f"  {name}: ratio to bare {ratio:.2f} (target 1.5); "
                                  f"{where_the_time_goes(url, slower)}")  # fmt: skip
        finally:
            for server, _ in servers:
                server.terminate()
                server.wait()
        print(f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
