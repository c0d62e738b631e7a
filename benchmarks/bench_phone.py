"""The phone build (`companion web build`): its load to a usable home screen, its size, a key.

Builds the site (or takes ``--site DIR``), serves it with ``python3 -m http.server`` on
127.0.0.1 and opens it in Debian's headless chromium (Playwright) at 390x844 with touch:

- **cold**: a fresh browser context each time (no HTTP cache, no service worker, an
  empty IndexedDB), from the start of the navigation (``performance.timeOrigin``) to the
  output after which the terminal shows the whole home screen (its new-game list and its
  empty resume list), read by feeding the output to a terminal emulator (pyte);
- **warm**: a reload of the same context, offline (the service worker serves every file);
- **key**: on the home screen, the time from a key (``1``: a new Euphoria game) to the
  output that shows the wizard's first question.

Also printed: where the cold and warm loads' time goes (the medians of the moments the
page's boot script marks: the tab owns the app, Pyodide started, the saves read from
IndexedDB, the bundle unpacked, the page's modules imported, the terminal asked for the
app, the app started; then its first output and the home screen), and the bundle's size,
raw and gzipped (each file at level 6, as a static host would send it). Targets: warm ≤ 1.5 s, cold ≤ 4 s, bundle ≤ 15 MB gzipped.

Usage: python benchmarks/bench_phone.py [--runs 5] [--site DIR]
"""

from __future__ import annotations

import argparse
import gzip
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402

VIEWPORT = {"width": 390, "height": 844}
# In the page: every piece of the app's output, with when it came (the page calls this).
STAMPS = """
window.__out = [];
window.companionOutput = (text, columns, rows) =>
  window.__out.push([performance.now(), text, columns, rows]);
"""
HOME = ("New Euphoria Automa game", "no saved games yet")


def usable_at(out: list[Any], needles: tuple[str, ...], since: int = 0) -> tuple[float, int]:
    """When (ms) the screen first showed every one of ``needles``, and the output's index."""
    import pyte

    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)
    for index, (stamp, text, columns, rows) in enumerate(out):
        if (columns, rows) != (screen.columns, screen.lines):
            screen.resize(rows, columns)
        stream.feed(text)
        if index >= since and all(n in "\n".join(screen.display) for n in needles):
            return stamp, index
    raise TimeoutError


def wait_home(page: Any, needles: tuple[str, ...] = HOME, since: int = 0) -> float:
    """Wait until the page's output shows ``needles``; when (ms in the page) it did."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return usable_at(page.evaluate("window.__out"), needles, since)[0]
        except TimeoutError:
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(100)


def bundle(site: Path) -> tuple[int, int]:
    """The site's bytes, raw and gzipped file by file."""
    files = [path for path in site.rglob("*") if path.is_file()]
    raw = sum(path.stat().st_size for path in files)
    zipped = sum(len(gzip.compress(path.read_bytes(), 6)) for path in files)
    return raw, zipped


def serve(site: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A static server of ``site`` on 127.0.0.1; it and its URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "-b", "127.0.0.1", "-d", str(site)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}/"


# The moments the page's boot script marked (ms since the navigation), in their order.
MARKS = """() => performance.getEntriesByType("mark")
  .filter((m) => m.name.startsWith("companion:"))
  .map((m) => [m.name.slice(10), m.startTime])"""
Moments = dict[str, float]


def moments(page: Any, home: float) -> Moments:
    """The page's marks, its first output and ``home`` (the home screen shown), in ms."""
    marked: Moments = dict(page.evaluate(MARKS))
    out = page.evaluate("window.__out")
    if out:
        marked["first output"] = out[0][0]
    marked["home screen"] = home
    return marked


def one_run(browser: Any, url: str) -> tuple[float, float, float, Moments, Moments]:
    """(cold, warm offline, key) in ms, and the cold and warm loads' moments, in a fresh
    context."""
    context = browser.new_context(viewport=VIEWPORT, has_touch=True)
    context.add_init_script(STAMPS)
    page = context.new_page()
    page.goto(url, wait_until="commit")
    cold = wait_home(page)
    cold_moments = moments(page, cold)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_timeout(500)  # the page settles (its first write-back, the worker's cache)
    context.set_offline(True)
    page.reload(wait_until="commit")
    warm = wait_home(page)
    warm_moments = moments(page, warm)
    page.wait_for_timeout(300)
    seen = len(page.evaluate("window.__out"))
    page.locator(".xterm-screen").click(position={"x": 200, "y": 400})
    page.wait_for_timeout(300)
    seen = len(page.evaluate("window.__out"))
    pressed = page.evaluate("performance.now()")
    page.keyboard.press("1")
    answered = wait_home(page, ("How many humans",), since=seen)
    context.close()
    return cold, warm, answered - pressed, cold_moments, warm_moments


def main() -> None:
    """Build (unless given a site), serve, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temp:
        site = args.site
        if site is None:
            site = Path(temp) / "site"
            started = time.monotonic()
            subprocess.run(
                [sys.executable, "-m", "companion", "web", "build", str(site)], check=True
            )
            print(f"build: {time.monotonic() - started:.1f} s (downloads cached)")
        raw, zipped = bundle(site)
        print(f"bundle: {raw / 1e6:.1f} MB raw, {zipped / 1e6:.1f} MB gzipped (target 15 MB)")
        server, url = serve(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                one_run(browser, url)  # warm-up: the browser's own first start
                runs = [one_run(browser, url) for _ in range(args.runs)]
                browser.close()
        finally:
            server.terminate()
            server.wait()
    for name, column, target in (("cold", 0, 4000), ("warm offline", 1, 1500), ("key", 2, None)):
        values = [run[column] for run in runs]
        goal = f" (target {target} ms)" if target else ""
        print(
            f"{name}: median {statistics.median(values):.0f} ms, "
            f"min {min(values):.0f}, max {max(values):.0f}{goal}"
        )
    for name, column in (("cold", 3), ("warm offline", 4)):
        print(f"{name}, where the time goes (median ms since the navigation):")
        for moment in runs[0][column]:
            at = [run[column][moment] for run in runs if moment in run[column]]
            print(f"  {moment:<14} {statistics.median(at):6.0f}")


if __name__ == "__main__":
    main()
