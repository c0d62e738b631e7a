"""Shared test set-up: saves go to a temporary data directory, never the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    """Every test gets its own COMPANION_DATA_DIR."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
