"""Driving `companion serve` in a real browser: Debian's chromium through Playwright.

The page draws the app on a canvas, so the tests read the screen the way a
terminal would: every byte the websocket brings (but the colours) is fed to
a terminal emulator (pyte) sized as the page's terminal. A tap goes to the middle of
the cell where a text is shown.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from companion.core.saves import NOT_SAVES

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# The tests' chromium also compiles WebAssembly with V8's baseline compiler only: each
# phone test starts Pyodide in a new tab, and optimising its interpreter again there cost
# more CPU than it saved (the phone tests' chromium: 57 s of CPU, 48 s with this). Nothing
# they check depends on it; the benchmarks (benchmarks/) keep chromium's own tiering.
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
HOW_TO_INSTALL = (
    "needs Debian's chromium (`apt-get install chromium`) and the test extra "
    "(`pip install -e '.[test]'`: playwright, pyte)"
)
TABLET = {"width": 1024, "height": 768}
# A 390 px phone in portrait, as a phone shows it: device-width viewport, touch, 3 pixels a point.
# The tests read the screen's text (pyte), not its pixels: headless chromium's emulated pixel
# ratio and the size it reports for xterm.js's canvas disagree, so a screenshot at 3 pixels a
# point shows the glyphs three times too large and cut (a headless artefact: with
# --force-device-scale-factor it is the other way round). Look at a phone's screen in a
# screenshot taken at device_scale_factor 1.
PHONE = {"width": 390, "height": 664}
# The colours of a frame (SGR: ESC [ ... m), dropped from what the websocket brings before
# the terminal emulator reads it (``Terminal``): they never move a letter, and the served
# page's tests read letters only. (Textual writes one before almost every run of text,
# 24-bit colours of about 20 bytes each: pyte parses escape sequences a character at a
# time, a third of its work.) A sequence cut between two frames is left whole to pyte.
COLOURS = re.compile(rb"\x1b\[[0-9;:]*m")
# Milliseconds between a page's looks at a condition the tests wait for with Playwright's
# `wait_for_function` where the condition, once true, stays true (a mark made, a text shown, a
# focus kept): by default it looks at every animation frame, which kept a phone tab's renderer
# busy for as long as the wait lasted (about 0.06 s of CPU a second, against 0.01 s at this).
POLLING = 100
# Seconds a wait for the next frame lasts at most before it looks at the screen again
# (a frame wakes it sooner): the bound on noticing what came without a frame.
POLL = 0.25


def missing_for_browser() -> list[str]:
    """What the real-browser tests need and this machine lacks (the libraries, chromium)."""
    missing = []
    for module in ("playwright", "pyte"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        missing.append(CHROMIUM)
    return missing


def need_browser() -> None:
    """Skip (locally) or fail (under CI) when the browser or the libraries are missing."""
    missing = missing_for_browser()
    if missing:
        reason = f"real-browser test: {', '.join(missing)} missing; {HOW_TO_INSTALL}"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def until_listening(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    """Return once a server listens on 127.0.0.1:``port``; fail naming ``what`` when
    ``process`` ends first or ``SERVER_START_GUARD`` passes (a server that cannot start)."""
    deadline = time.monotonic() + SERVER_START_GUARD
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"{what} did not start") from None
            time.sleep(0.05)


# `companion serve` with its spare app processes capped (tests/serve_spares.py).
SERVE_SPARES = Path(__file__).resolve().parent / "serve_spares.py"


@contextlib.contextmanager
def serving(data_dir: Path, *args: str, sessions: int | None = None) -> Iterator[str]:
    """`companion serve` on 127.0.0.1 at a free port, its data in ``data_dir``; yields its URL.

    ``sessions``: the app sessions the test opens. The server starts that many spare app
    processes in all (tests/serve_spares.py), each taken by a page: none is started that
    no page takes; a session more than that starts its app process as without a spare.
    None: as many as `companion serve` starts (benchmarks/bench_serve.py's loads).
    """
    port = free_port()
    env = {**os.environ, "COMPANION_DATA_DIR": str(data_dir)}
    command = [sys.executable, "-m", "companion", "serve"]
    if sessions is not None:
        command = [sys.executable, str(SERVE_SPARES), str(sessions)]
    process = subprocess.Popen(
        [*command, "--port", str(port), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        until_listening(port, process, "companion serve")
        yield f"http://127.0.0.1:{port}/"
    except BaseException:
        stop(process)
        raise
    # The tabs are still open: the server closes their sessions and stops at once (Ctrl+C).
    assert stop(process), f"companion serve did not stop within {STOP_GUARD} s of SIGTERM"


# Seconds a server may take to stop on SIGTERM, its tabs open: a hang guard, not a timing
# (well under a second on an idle machine; 10 s was passed at a load of 20 to 30, the
# server doing its work; how fast it stops is in the stress lane's durations, docs/performance.md).
STOP_GUARD = 120
# Seconds a server may take to listen before its test fails: a guard, not a timing (on a
# loaded machine four lanes starting their servers at once took 25–31 s each, beside
# chromium and the phone build; a server that cannot start still fails, later).
SERVER_START_GUARD = 120


def stop(process: subprocess.Popen[bytes]) -> bool:
    """SIGTERM ``process``; whether it ended within STOP_GUARD seconds (else it is killed)."""
    process.terminate()
    try:
        process.wait(timeout=STOP_GUARD)
        return True
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return False


class Terminal:
    """One browser tab of the app: its page, the screen as text (its letters: the colours
    of what the websocket brings are dropped, ``COLOURS``), taps on what it shows."""

    def __init__(self, page: Any) -> None:
        import pyte

        self.page = page
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.shown: str | None = None  # the screen's text, while no row has changed since
        self.requests: list[str] = []
        self.frames = 0
        self.last_tap = (0.0, 0.0, 0.0)
        self.websocket: Any = None
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("websocket", self._on_websocket)

    def _on_websocket(self, websocket: Any) -> None:
        self.requests.append(websocket.url)
        self.websocket = websocket
        query = dict(parse_qsl(urlsplit(websocket.url).query))
        if "width" in query and "height" in query:  # the size the app starts at
            self.screen.resize(int(query["height"]), int(query["width"]))
        websocket.on("framesent", self._sent)
        websocket.on("framereceived", self._received)

    def _sent(self, payload: Any) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            self.screen.resize(size["height"], size["width"])

    def _received(self, payload: Any) -> None:
        if isinstance(payload, bytes):
            self.frames += 1
            self.stream.feed(COLOURS.sub(b"", payload))

    @property
    def size(self) -> tuple[int, int]:
        """(columns, rows) of the terminal."""
        return self.screen.columns, self.screen.lines

    def text(self) -> str:
        """The screen, one line per row. Made again only once a row has changed (pyte marks
        each row it changes "dirty"): the waits read it after every frame and every look."""
        if self.shown is None or self.screen.dirty:
            self.screen.dirty.clear()
            self.shown = "\n".join(line.rstrip() for line in self.screen.display)
        return self.shown

    def next_frame(self, within: float = POLL) -> None:
        """Wait until the next frame reaches the screen, at most ``within`` seconds.

        Woken by the frame itself (Playwright's event), not by asking the browser every
        few milliseconds: a poll every 20 ms cost about a tenth of a core in the test's
        process and Playwright's driver for as long as a test waited.
        """
        from playwright.sync_api import Error, TimeoutError

        socket = self.websocket
        try:
            if socket is None or socket.is_closed():  # the page is loading: its socket comes
                self.page.wait_for_event("websocket", timeout=within * 1000)
            else:
                socket.wait_for_event("framereceived", timeout=within * 1000)
        except TimeoutError:
            pass
        except Error:
            if socket is None or not socket.is_closed():
                raise  # the page closed or crashed: said at once, not as a timeout later

    def wait_until(self, done: Callable[[], bool], failure: str, timeout: float = 60) -> None:
        """Wait (frame by frame) until ``done()``; else fail with ``failure`` and the screen."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{failure}:\n{self.text()}")
            self.next_frame(within=min(POLL, left))

    def wait_for(self, needle: str, timeout: float = 60) -> None:
        """Wait until ``needle`` shows on the screen."""
        self.wait_until(lambda: needle in self.text(), f"{needle!r} not on the screen", timeout)

    def wait_for_words(self, words: str, timeout: float = 60) -> None:
        """Wait until ``words`` show on the screen, read as one text (wherever a line of
        them wraps: a wrapped line joined, runs of blanks one space)."""
        self.wait_until(
            lambda: words in " ".join(self.text().split()),
            f"{words!r} not on the screen",
            timeout,
        )

    def wait_change(self, gone: str, timeout: float = 60) -> None:
        """Wait until ``gone`` (e.g. "step 3 of 11") is no longer on the screen."""
        self.wait_until(
            lambda: not gone or gone not in self.text(), f"{gone!r} still on the screen", timeout
        )

    def settle(self, quiet: float = 0.3, timeout: float = 10) -> None:
        """Wait until the screen has not changed for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        seen, since = self.frames, time.monotonic()
        while (now := time.monotonic()) < deadline:
            if self.frames != seen:
                seen, since = self.frames, now
            elif now - since >= quiet:
                return
            self.next_frame(within=max(0.01, min(quiet - (now - since), deadline - now)))

    def find(self, needle: str, last: bool = False) -> tuple[int, int]:
        """(row, column) of the first (or last) place ``needle`` shows."""
        rows = list(enumerate(self.screen.display))
        for row, line in reversed(rows) if last else rows:
            column = line.find(needle)
            if column >= 0:
                return row, column
        raise AssertionError(f"{needle!r} not on the screen:\n{self.text()}")

    def point(self, row: int, column: int) -> tuple[float, float]:
        """The page coordinates of the middle of a cell."""
        box = self.page.locator(".xterm-screen").bounding_box()
        assert box is not None
        columns, rows = self.size
        return (
            box["x"] + (column + 0.5) * box["width"] / columns,
            box["y"] + (row + 0.5) * box["height"] / rows,
        )

    def tap(self, needle: str, last: bool = False) -> None:
        """Tap the middle of the first letter of ``needle`` where it shows (a finger, no key)."""
        # A busy machine may draw a screen in parts (the footer's keys a frame after the
        # rest): wait for the needle, then tap once the screen has been still.
        self.wait_for(needle)
        self.settle(quiet=0.5)
        row, column = self.find(needle, last=last)
        x, y = self.point(row, column + min(1, len(needle) - 1))
        # Two taps on one spot within a moment are a double tap: wait as a finger would.
        last_x, last_y, last_time = self.last_tap
        if abs(x - last_x) < 20 and abs(y - last_y) < 20:
            self.page.wait_for_timeout(max(0, 600 - (time.monotonic() - last_time) * 1000))
        self.page.touchscreen.tap(x, y)
        self.last_tap = (x, y, time.monotonic())

    def tap_to(self, needle: str, shows: str, last: bool = False, tries: int = 3) -> None:
        """Tap ``needle`` until ``shows`` is on the screen: for a tap that opens something
        (a saved game, the menu, a report), safe to repeat while ``needle`` is still shown
        and nothing opened. A machine under load can lose a tap made while the page lays
        out; a step (an Automa turn) is never tapped this way."""
        for attempt in range(tries):
            self.tap(needle, last=last)
            deadline = time.monotonic() + (60 if attempt == tries - 1 else 8)
            while shows not in self.text():
                if time.monotonic() > deadline:
                    if attempt == tries - 1 or needle not in self.text():
                        raise AssertionError(f"{shows!r} not on the screen:\n{self.text()}")
                    break
                self.next_frame()
            else:
                return

    def swipe(self, needle: str, rows: int) -> None:
        """Drag a finger ``rows`` rows up (negative: down) from where ``needle`` shows."""
        row, column = self.find(needle)
        x, y = self.point(row, column)
        height = self.point(1, 0)[1] - self.point(0, 0)[1]
        session = self.page.context.new_cdp_session(self.page)
        steps = [y - height * rows * step / 10 for step in range(11)]
        session.send(
            "Input.dispatchTouchEvent",
            {"type": "touchStart", "touchPoints": [{"x": x, "y": steps[0]}]},
        )
        for step in steps[1:]:
            session.send(
                "Input.dispatchTouchEvent",
                {"type": "touchMove", "touchPoints": [{"x": x, "y": step}]},
            )
        session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        session.detach()

    def outside(self) -> list[str]:
        """Every request of the page that went anywhere but 127.0.0.1."""
        return [url for url in self.requests if urlsplit(url).hostname != "127.0.0.1"]


def touch_screen(phone: bool) -> dict[str, Any]:
    """A browser context's options for a touch screen: a phone's (mobile, 3 pixels a point)
    if ``phone``, else a tablet's."""
    return {"has_touch": True, "is_mobile": phone, "device_scale_factor": 3 if phone else 1}


# What the served page's tabs run before the page's own scripts: xterm.js (textual.js) then
# draws nothing on its canvases. It still parses every frame into its buffer, measures its
# cells, lays out its screen (where a tap lands) and turns taps into the app's mouse
# events; only the drawing is skipped: each glyph of each new colour drawn into its texture
# atlas and read back (getImageData, putImageData), each changed row drawn from it. Nothing
# of the tests reads a pixel: they read the letters the websocket brings (``Terminal``).
# A page load and four Automa turns cost chromium's renderer 0.75 + 0.73 s of CPU drawn,
# 0.42 + 0.23 s undrawn (docs/performance.md). The phone build's tests add it to their
# contexts too (they read what the page's driver sends, ``PhoneBuildTab``): each start drew
# its glyph atlas and first frames, each step its rows. A person looking at the page (a
# screenshot) opens it without this script, in a context of their own.
NO_DRAWING = """
(() => {
  const context = CanvasRenderingContext2D.prototype;
  for (const name of ["fillText", "fillRect", "strokeRect", "clearRect", "drawImage",
      "putImageData", "save", "restore", "clip", "rect", "beginPath", "fill", "stroke",
      "moveTo", "lineTo"]) {
    context[name] = function () {};
  }
  context.getImageData = function (x, y, width, height) {
    return new ImageData(Math.max(1, width), Math.max(1, height));
  };
})();
"""
# A page at 127.0.0.1 no server answers: the lane's keeper tab (``LaneTabs``), made here.
KEEPER_URL = "http://127.0.0.1:9/"
# chromium -> its lane's shared contexts: (phone?) -> the context, its keeper tab open.
_LANE_CONTEXTS: weakref.WeakKeyDictionary[Any, dict[bool, Any]] = weakref.WeakKeyDictionary()


def lane_context(browser: Any, phone: bool = False) -> Any:
    """The context this chromium shares between its lane's tests' tabs (a tablet's, or a
    phone's if ``phone``), made on first use with its keeper: a blank tab at 127.0.0.1 left
    open, in whose renderer process the tabs of every `companion serve` of the lane run.

    A tab of its own renderer process (a new context, or the last tab of one closed) cost
    chromium 1.7–2.2 s of CPU to load the page to its home screen (the renderer's start, and
    the browser's share), one beside a running renderer 0.7–1.0 s; the keeper costs about
    0.3 s once. The served page keeps nothing in the browser (no cookie on
    127.0.0.1 without a key, no storage, no service worker, its page not cached), so
    one test's tabs leave nothing to the next's; a test of cookies clears them when it ends.
    Its pages draw nothing on their canvases (``NO_DRAWING``).
    """
    contexts = _LANE_CONTEXTS.setdefault(browser, {})
    if phone not in contexts:
        context = browser.new_context(**touch_screen(phone), viewport=PHONE if phone else TABLET)
        context.add_init_script(NO_DRAWING)
        keeper = context.new_page()
        keeper.route(
            f"{KEEPER_URL}**", lambda route: route.fulfill(body="", content_type="text/html")
        )
        keeper.goto(KEEPER_URL)
        contexts[phone] = context
    return contexts[phone]


class LaneTabs:
    """A test's tabs of the served page, in its lane's shared contexts (``lane_context``),
    each closed at the test's end (``close``)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.pages: list[Any] = []

    def open(
        self,
        url: str,
        viewport: dict[str, int],
        phone: bool = False,
        init_script: str | None = None,
    ) -> Terminal:
        """A new tab at ``url``, ``viewport`` large, with touch, a phone's if ``phone``;
        ``init_script`` runs in the page before its own scripts."""
        page = self.page(viewport, phone)
        if init_script is not None:
            page.add_init_script(init_script)
        terminal = Terminal(page)
        page.goto(url)
        return terminal

    def page(self, viewport: dict[str, int], phone: bool = False) -> Any:
        """A new blank page (Playwright's) of the lane's context, ``viewport`` large."""
        page = lane_context(self.browser, phone).new_page()
        self.pages.append(page)
        page.set_viewport_size(viewport)
        return page

    def close(self) -> None:
        """Close every tab this test opened (the lane's keeper stays)."""
        for page in self.pages:
            page.close()
        self.pages.clear()


@contextlib.contextmanager
def lane_tabs(browser: Any) -> Iterator[LaneTabs]:
    """A test's ``LaneTabs``, closed when it ends (a module's ``tabs`` fixture)."""
    tabs = LaneTabs(browser)
    try:
        yield tabs
    finally:
        tabs.close()


def wizard_answer(screen: str) -> tuple[str, bool]:
    """What to tap on a step of the new-game set-up: the first answer, no variant.

    (text to tap, whether to tap its last place on the screen)
    """
    if "y  Yes" in screen:
        return ("No", True)
    # The choice with its key: its name alone may be in the step line too ("Euphoria").
    option = re.search(r"^ (1  \S.{5})", screen, re.M)
    if option:
        return option.group(1), False
    return "OK", True  # a number (the seed): its default


def companion(data_dir: Path, *args: str) -> dict[str, Any]:
    """Run a `companion` command on ``data_dir``'s saves (the laptop's CLI); its JSON output
    (empty when it printed none)."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COMPANION_DATA_DIR": str(data_dir)},
    )
    return json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}


def companion_here(data_dir: Path, *args: str) -> dict[str, Any]:
    """Run a `companion` command on ``data_dir``'s saves in this process (click's runner),
    as `companion` would (the CLI tier tests it as a program); its JSON output (empty when it
    printed none). A command that fails fails the test, with what it said. (A `companion`
    process of its own cost about 0.15 s of CPU, to start Python and import the CLI.)"""
    from click.testing import CliRunner

    from companion.cli import main

    done = CliRunner().invoke(main, list(args), env={"COMPANION_DATA_DIR": str(data_dir)})
    assert done.exit_code == 0, f"companion {' '.join(args)}: {done.output}{done.exception!r}"
    return json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}


@contextlib.contextmanager
def launched_chromium() -> Iterator[Any]:
    """One headless Debian chromium (skipped locally, failing under CI, when it is missing),
    closed at the end: a module's browser fixture."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=TEST_CHROMIUM_ARGS)
        yield chromium
        chromium.close()


# What the phone build's page draws, passed on as a console message (see PhoneBuildTab).
FRAME_MARK = "companion-frame:"
SEND_FRAMES = f"""
window.companionOutput = (text, columns, rows) =>
  console.debug({json.dumps(FRAME_MARK)} + JSON.stringify([text, columns, rows]));
"""


class PhoneBuildTab(Terminal):
    """A tab of the phone build: the screen is fed what the page's driver draws (no socket:
    the page calls ``window.companionOutput`` when a tool defines it, docs/phone.md).

    This one writes each frame to the console: a console message is a Playwright event,
    which wakes a wait (``next_frame``) the moment it comes, in the order it was drawn.
    """

    def __init__(self, page: Any) -> None:
        super().__init__(page)
        page.add_init_script(SEND_FRAMES)
        page.on("console", self._console)

    def _console(self, message: Any) -> None:
        text = message.text
        if text.startswith(FRAME_MARK):
            frame, columns, rows = json.loads(text[len(FRAME_MARK) :])
            if (columns, rows) != self.size:
                self.screen.resize(rows, columns)
            self.frames += 1
            self.stream.feed(frame.encode())

    def next_frame(self, within: float = POLL) -> None:
        """Wait until the page draws its next frame, at most ``within`` seconds."""
        from playwright.sync_api import TimeoutError

        with contextlib.suppress(TimeoutError):
            self.page.wait_for_event(
                "console",
                predicate=lambda message: message.text.startswith(FRAME_MARK),
                timeout=within * 1000,
            )

    def open(self, url: str) -> None:
        """Load (or reload) the page; the screen is read anew."""
        self.screen.reset()
        # Not waiting for "load": after a crashed tab the service worker may be restarting.
        self.page.goto(url, wait_until="commit")

    def picked(self, save: Path) -> None:
        """Hand the page ``save`` as Import's file picker would, and show the home screen anew."""
        self.page.evaluate(
            "([name, text]) => { window.companion.saves.picked(name, text);"
            " window.companion.boot.refresh_home(); }",
            [save.name, save.read_text(encoding="utf-8")],
        )

    def menu(self, entry: str) -> None:
        """Run ``entry`` of the app's menu (the footer's ≡ Menu)."""
        self.tap_to("Menu", shows="─ Menu ", last=True)  # a tap lost under load is made again
        for _ in range(5):  # a game screen's menu is longer than the phone: swipe it up
            if entry in self.text():
                break
            self.settle()
            self.swipe("Help  f1", rows=8)
            self.settle()
        self.tap(entry)


PHONE_DATA_DIR = "/home/pyodide/.local/share/companion"
# The revision of every save in the page's data folder (as the app left it in memory; the
# history and the settings are no saves: companion.core.saves.NOT_SAVES).
REVISIONS = f"""() => {{
  const FS = window.companion.pyodide.FS;
  const others = {json.dumps(sorted(NOT_SAVES))};
  const saves = FS.readdir("{PHONE_DATA_DIR}").filter((n) => n.endsWith(".toml") && !others.includes(n));
  return Object.fromEntries(saves.map((n) => [n,
    Number(FS.readFile("{PHONE_DATA_DIR}/" + n, {{ encoding: "utf8" }}).match(/^revision = (\\d+)/m)[1])]));
}}"""


def phone_tab(context: Any, url: str) -> PhoneBuildTab:
    """A new tab of the phone build in ``context`` (a phone's browser: its storage)."""
    tab = PhoneBuildTab(context.new_page())
    tab.open(url)
    return tab


@contextlib.contextmanager
def static_site(folder: Path) -> Iterator[str]:
    """``folder`` served by ``python3 -m http.server`` on 127.0.0.1 (a static host); its URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "-b", "127.0.0.1", "-d", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            assert time.monotonic() < deadline, "the static server did not start"
            time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(server)


def tap_through_the_wizard(
    tab: Any, answer: Callable[[str], tuple[str, bool]] = wizard_answer
) -> None:
    """Tap the new-game wizard's answers (``answer`` picks each from the screen) until its
    checklist shows, waiting for each step to go before the next tap."""
    for _ in range(20):
        screen = tab.text()
        if "Start playing" in screen or "Set up the table" in screen:
            return
        step = re.search(r"step \d+", screen)
        tab.tap(*answer(screen))
        tab.wait_change(step.group(0) if step else "")


# The solo game the browser tests play a turn of (`play_ephios_solo_turn` taps its cards):
# the arguments of `companion` that start it.
NEW_SOLO_GAME = (
    "ephios", "solo", "new", "solo1", "--difficulty", "normal",
    "--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary",
    "--reveal", "academy",
)  # fmt: skip


def play_ephios_solo_turn(tab: Terminal) -> None:
    """A solo turn of the setup the tests make (debate, then the two cards revealed), by taps."""
    tab.wait_for("your action")
    tab.tap("Debate")
    tab.wait_for("slot 2: Order")
    # The list runs below the phone's screen: a swipe up scrolls it.
    tab.settle()
    tab.swipe("slot 2: Order", rows=4)
    tab.wait_for("slot 4:")
    tab.tap("slot 4:")
    # The card revealed after your turn, then the one after the Plot's (its question, not the
    # Plot's line in the moves so far: a touch screen's taller rows may leave that below).
    for question, card in (("Card revealed", "Company"), ("Plot's turn)?", "Syndicate")):
        tab.wait_for(question)
        # The card's own line, not its Dignitary's.
        option = re.compile(rf"^ *(\d+  {card})(?=  |$)", re.M)
        for _ in range(6):  # swipe the list of cards up until the card shows
            if option.search(tab.text()):
                break
            anchor = re.search(r"^ *(\d+  [A-Z])", tab.text(), re.M)  # an option's line
            assert anchor, tab.text()
            tab.swipe(anchor.group(1), rows=3)
            tab.settle()
        found = option.search(tab.text())
        assert found, tab.text()
        tab.tap(found.group(1), last=True)
    tab.wait_for("Turn 2 (normal): your action?")  # the next turn's actions
