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

Usage: python benchmarks/bench_phone_reopen.py [--runs 5] [--site DIR]
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
MOMENTS: dict[int, list[Moments]] = {}


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
            MOMENTS.setdefault(slower, []).append(moments(page, at))
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


def reopens(playwright: Any, url: str, app: bool, runs: int, slower: int) -> list[float]:
    """``runs`` reopens of the page in new browser processes on one profile (ms)."""
    with tempfile.TemporaryDirectory(prefix="companion-profile-") as profile:
        first_visit(playwright, Path(profile), url, app)
        opened(playwright, Path(profile), url, app, slower)  # a warm-up reopen, not counted
        if app:
            MOMENTS.pop(slower, None)  # the warm-up's
        return [opened(playwright, Path(profile), url, app, slower) for _ in range(runs)]


def where_the_time_goes(slower: int) -> str:
    """The medians of the app's reopens' moments (ms since the navigation), in their order."""
    runs = MOMENTS.get(slower, [])
    if not runs:
        return ""
    names = list(runs[0])
    medians = [statistics.median(run[name] for run in runs if name in run) for name in names]
    return "  app: " + ", ".join(f"{n} {m:.0f}" for n, m in zip(names, medians, strict=True))


def line(name: str, values: list[float]) -> str:
    """``name: median (min-max)`` in seconds."""
    return (
        f"{name}: {statistics.median(values) / 1000:.2f} s "
        f"({min(values) / 1000:.2f}-{max(values) / 1000:.2f})"
    )


def main() -> None:
    """Build (unless given a site), serve the app and the bare page, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path)
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
        bare = bare_site(site, Path(temp) / "bare")
        (app_server, app_url), (bare_server, bare_url) = serve(site), serve(bare)
        started = time.monotonic()
        try:
            with sync_playwright() as playwright:
                for slower in (1, 4):
                    mine = reopens(playwright, app_url, True, args.runs, slower)
                    theirs = reopens(playwright, bare_url, False, args.runs, slower)
                    ratio = statistics.median(mine) / statistics.median(theirs)
                    cpu = "CPU as it is" if slower == 1 else f"CPU {slower}x slower"
                    print(f"{cpu}: {line('app', mine)}; {line('bare Pyodide', theirs)}; "
                          f"ratio {ratio:.2f} (target 1.5)")  # fmt: skip
                    print(where_the_time_goes(slower))
        finally:
            for server in (app_server, bare_server):
                server.terminate()
                server.wait()
        print(f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
