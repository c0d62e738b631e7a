"""Shared test set-up: saves go to a temporary data directory, never the user's; English
unless a test says otherwise; each test marked with its tier.

The tiers (markers registered in pyproject.toml):
- ``engine``: the rules and the core, pure Python;
- ``cli``: the command line, through click's runner or a subprocess;
- ``ui``: the Textual app, through Pilot and SVG snapshots (and `companion serve`);
- ``browser``: `companion serve` in a real browser.
A test's tier is the folder it is in (``tests/engine/``, ``tests/cli/``, ``tests/ui/``,
``tests/browser/``); a module directly in ``tests/`` gets it from its name. The fast lane
is ``pytest -m "not ui and not browser"``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

TIERS = ("engine", "cli", "ui", "browser")
HERE = Path(__file__).resolve().parent
# The shared helpers (tui_helpers, euphoria_helpers, ...) live here, beside this file: a
# test module in a tier folder imports them as it does from here.
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


def tier_of(path: Path) -> str:
    """The tier of the test module at ``path``: its folder under tests/, else its name."""
    try:
        parts = path.resolve().relative_to(HERE).parts
    except ValueError:
        parts = path.parts
    for folder in parts[:-1]:
        if folder in TIERS:
            return folder
    name = path.stem
    if name.startswith("test_browser"):
        return "browser"
    if name.startswith("test_tui_"):
        return "ui"
    if "_cli" in name:
        return "cli"
    return "engine"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test with its tier (see the module's docstring)."""
    for item in items:
        item.add_marker(getattr(pytest.mark, tier_of(Path(str(item.path)))))


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (addopts): two workers per core.

    Most of a Pilot test is Textual waiting for the app to be idle (20 ms sleeps
    between key presses), and a browser test mostly waits for chromium and the
    server: on two cores, two workers leave the CPU idle about half the time
    (docs/performance.md). PYTEST_XDIST_AUTO_NUM_WORKERS still overrides this.
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    return 2 * len(os.sched_getaffinity(0))


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own COMPANION_DATA_DIR."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    # English unless a test says otherwise (the player's own LANG does not reach the tests).
    monkeypatch.setenv("COMPANION_LANG", "en")
    # Scripted key presses come faster than a hand: each is a separate press, not a double
    # press (tests/ui/test_tui_live.py sets the real half second to test one press, one step).
    monkeypatch.setenv("COMPANION_DOUBLE_PRESS", "0")


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is UTC during the test (the snapshots show times)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


# Hypothesis without its per-example deadline: a deadline is a timed assertion, and the
# suite must pass with both cores busy (speed is measured by benchmarks/, not by tests).
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")
