"""The real-browser tests' shared set-up: their lanes, chromium per lane, the phone build
per session.

The tests run in lanes, one xdist group each (``browser_lanes``): two lanes per core, each
a chain of tests one worker runs with one chromium, while the third worker of each core
(``-n auto``, tests/conftest.py) runs the other tiers from the start. A test's
``@pytest.mark.takes(seconds)`` (about what it takes in a whole run) spreads them: the
longest first, each into the lane with the fewest seconds so far. What they share is
shared so that it does not cost more:
- chromium is launched once on each worker for its lane, and closed before the worker
  goes on to another tier's tests (the ``browser`` fixture's package scope; the
  real-browser tests are first in the queue): Playwright's sync API keeps an event loop
  running in the thread, in which Textual's own could not start;
- the phone build is made once per session, by whichever worker comes first, into the
  folder all workers of the session share (pytest's base temporary folder), under a file
  lock; it starts as soon as the session does, beside the served page's tests, so the
  phone tests find it made.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import launched_chromium, missing_for_browser, need_browser, static_site

# Seconds a real-browser test takes when it says nothing (``@pytest.mark.takes``).
TAKES = 15


def browser_lanes(items: list[pytest.Item], lanes: int) -> dict[pytest.Item, int]:
    """The lane of each test: the longest first (by ``takes``, then in collection order),
    each into the lane with the fewest seconds so far (the lowest lane on a tie)."""

    takes = {}
    for item in items:
        marker = item.get_closest_marker("takes")
        takes[item] = float(marker.args[0]) if marker is not None else TAKES
    load = [0.0] * lanes
    chosen: dict[pytest.Item, int] = {}
    for item in sorted(items, key=lambda item: -takes[item]):  # sorted() keeps ties in order
        chosen[item] = lane = load.index(min(load))
        load[lane] += takes[item]
    return chosen


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put each real-browser test in its lane: an xdist group (see the module)."""
    here = [item for item in items if Path(str(item.path)).parent == Path(__file__).parent]
    lanes = 2 * len(os.sched_getaffinity(0))
    for item, lane in browser_lanes(here, lanes).items():
        item.add_marker(pytest.mark.xdist_group(f"browser-lane-{lane}"))


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """One headless chromium for this worker's lane of real-browser tests (see the module)."""
    with launched_chromium() as chromium:
        yield chromium


class PhoneSite:
    """The phone build of this session, made once for all workers (see the module)."""

    def __init__(self, shared: Path) -> None:
        self.folder = shared / "phone-site"
        self.lock = shared / "phone-site.lock"
        self.failed = shared / "phone-site.failed"
        self.made = self.folder / "index.html"
        self.thread = threading.Thread(target=self._make, name="phone-build", daemon=True)

    def _make(self) -> None:
        """Build the site unless another worker has (or has failed to: its error is kept)."""
        with self.lock.open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait here while one builds
            if self.made.exists() or self.failed.exists():
                return
            done = subprocess.run(
                [sys.executable, "-m", "companion", "web", "build", str(self.folder)],
                capture_output=True,
                text=True,
                timeout=600,
                check=False,
            )
            if done.returncode != 0:
                self.failed.write_text(done.stdout + done.stderr, encoding="utf-8")

    def wait(self) -> Path:
        """The site's folder, once made (the build's error if it could not be)."""
        self.thread.join()
        if self.failed.exists():
            pytest.fail(f"companion web build failed:\n{self.failed.read_text()}")
        assert self.made.exists(), "the phone build left no site"
        return self.folder


def shared_folder(factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The temporary folder every worker of this session sees (the session's own base
    folder: pytest keeps the last few and removes the older ones)."""
    base = factory.getbasetemp()
    return base if worker_id == "master" else base.parent


@pytest.fixture(scope="session", autouse=True)
def _phone_site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, worker_id: str
) -> Iterator[PhoneSite | None]:
    """Start the phone build in the background if a phone test is to run (and chromium is
    there to run it: without, those tests skip or fail with how to install it)."""
    wanted = any(item.path.name.startswith("test_phone") for item in request.session.items)
    if not wanted or missing_for_browser():
        yield None
        return
    site = PhoneSite(shared_folder(tmp_path_factory, worker_id))
    site.thread.start()
    yield site
    site.thread.join()  # no build left running past the session


@pytest.fixture(scope="session")
def phone_site(_phone_site: PhoneSite | None) -> Path:
    """The folder of this session's phone build (made once, see the module)."""
    need_browser()  # skips locally, fails under CI, saying how to install what is missing
    assert _phone_site is not None, "the phone build was not started"
    return _phone_site.wait()


@pytest.fixture(scope="module")
def site(phone_site: Path) -> Iterator[str]:
    """The session's phone build, served on 127.0.0.1 as a static host would; its URL."""
    with static_site(phone_site) as url:
        yield url
