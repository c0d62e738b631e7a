"""Shared test set-up: saves go to a temporary data directory, never the user's."""

from __future__ import annotations

import os

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config):
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
def _isolated_data_dir(tmp_path, monkeypatch):
    """Every test gets its own COMPANION_DATA_DIR."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    # English unless a test says otherwise (the player's own LANG does not reach the tests).
    monkeypatch.setenv("COMPANION_LANG", "en")
    # Scripted key presses come faster than a hand: each is a separate press, not a double
    # press (tests/test_tui_live.py sets the real half second to test one press, one step).
    monkeypatch.setenv("COMPANION_DOUBLE_PRESS", "0")
