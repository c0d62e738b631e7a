"""Shared test set-up: saves go to a temporary data directory, never the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    """Every test gets its own COMPANION_DATA_DIR."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    # Scripted key presses come faster than a hand: each is a separate press, not a double
    # press (tests/test_tui_live.py sets the real half second to test one press, one step).
    monkeypatch.setenv("COMPANION_DOUBLE_PRESS", "0")
