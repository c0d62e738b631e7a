"""Page load to a usable home screen in a real browser: `companion serve` + Debian's chromium.

Starts `companion serve` on 127.0.0.1 (an empty data folder), then opens the
page again and again in headless chromium (Playwright, /usr/bin/chromium),
at a tablet size and a phone size, each load in a fresh browser context (no
cache, no cookies). The time of one load is measured in the page, from the
start of the navigation (`performance.timeOrigin`) to the arrival of the
websocket message after which the home screen is complete: its new-game list
and its resume list, read by feeding every message to a terminal
emulator (pyte). Also printed: when the page's own scripts were done
(DOMContentLoaded) and when the websocket opened. Between loads the
benchmark waits (`--pause`) as a player would between opening the page on
two devices, so the server has its spare app process ready.

Usage: python benchmarks/bench_serve.py [--runs 10] [--pause 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET, serving  # noqa: E402

TARGET_MS = 1500
SIZES = {"tablet": (TABLET, False), "phone": (PHONE, True)}
# In the page: when each binary websocket message (terminal output) arrived.
STAMPS = """
window.__frames = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(url, protocols) {
    super(url, protocols);
    window.__wsCreated = performance.now();
    this.addEventListener("open", () => { window.__wsOpen = performance.now(); });
    this.addEventListener("message", (event) => {
      if (typeof event.data !== "string") window.__frames.push(performance.now());
    });
  }
};
"""


def load_once(browser, url: str, viewport: dict, phone: bool) -> dict[str, float]:
    """One page load in a fresh context; the milestones in ms from the navigation start."""
    import pyte

    context = browser.new_context(
        viewport=viewport, has_touch=True, is_mobile=phone, device_scale_factor=3 if phone else 1
    )
    context.add_init_script(STAMPS)
    page = context.new_page()
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    state = {"frames": 0, "home": None}

    def on_websocket(websocket) -> None:
        from urllib.parse import parse_qsl, urlsplit

        query = dict(parse_qsl(urlsplit(websocket.url).query))
        screen.resize(int(query.get("height", 24)), int(query.get("width", 80)))

        def sent(payload) -> None:
            if isinstance(payload, str) and payload.startswith('["resize"'):
                size = json.loads(payload)[1]
                screen.resize(size["height"], size["width"])

        def received(payload) -> None:
            if isinstance(payload, bytes):
                state["frames"] += 1
                stream.feed(payload)
                text = "\n".join(screen.display)
                if state["home"] is None and "New Euphoria" in text and "Resume" in text:
                    state["home"] = state["frames"] - 1

        websocket.on("framesent", sent)
        websocket.on("framereceived", received)

    page.on("websocket", on_websocket)
    page.goto(url, wait_until="commit")
    deadline = time.monotonic() + 30
    while state["home"] is None:
        if time.monotonic() > deadline:
            raise SystemExit(
                "the home screen did not come within 30 s:\n" + "\n".join(screen.display)
            )
        page.wait_for_timeout(10)
    marks = page.evaluate(
        """(index) => {
          const nav = performance.getEntriesByType("navigation")[0];
          return {dcl: nav.domContentLoadedEventEnd, ws: window.__wsOpen,
                  first: window.__frames[0], home: window.__frames[index]};
        }""",
        state["home"],
    )
    context.close()
    return marks


def main() -> None:
    """Load the page ``--runs`` times at each size and print the medians against the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--pause", type=float, default=2.0, help="seconds between loads")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict[str, float]]] = {name: [] for name in SIZES}
    with tempfile.TemporaryDirectory() as data, serving(Path(data)) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        time.sleep(args.pause)
        for viewport, phone in SIZES.values():  # one warm-up load each
            load_once(browser, url, viewport, phone)
            time.sleep(args.pause)
        for _ in range(args.runs):
            for name, (viewport, phone) in SIZES.items():
                results[name].append(load_once(browser, url, viewport, phone))
                time.sleep(args.pause)
        browser.close()
    print(
        f"runs: {args.runs} per size, pause {args.pause} s, nproc {os.cpu_count()}, "
        f"load average {os.getloadavg()[0]:.1f}, python {sys.version.split()[0]}"
    )
    met = True
    for name, runs in results.items():
        median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        worst = max(run["home"] for run in runs)
        met &= median["home"] <= TARGET_MS
        print(
            f"{name:6}  page scripts done {median['dcl']:5.0f} ms  websocket open "
            f"{median['ws']:5.0f} ms  first output {median['first']:5.0f} ms  "
            f"home usable {median['home']:5.0f} ms (max {worst:.0f})"
        )
    print(f"target: home usable within {TARGET_MS} ms (median) -> {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
