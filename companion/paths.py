"""Where the bundled data files and the user's saves live."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path


def decks_dir() -> Path:
    """The folder of bundled deck files: the package data `companion/decks`.

    In the source tree it is a link to the top-level `decks/` (where the deck
    files are edited); a built wheel carries the files themselves.
    """
    return Path(str(files("companion").joinpath("decks")))


def bundled_deck(name: str) -> Path:
    """The path of a bundled deck file, e.g. ``bundled_deck("euphoria-automa.toml")``."""
    return decks_dir() / name


def data_dir() -> Path:
    """The folder where games are saved by default.

    `COMPANION_DATA_DIR` overrides it (tests and a second profile use this);
    otherwise it is the platform's user data directory for the app.
    """
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("companion", appauthor=False))


def cache_dir() -> Path:
    """The folder of what the app keeps only to save time (the replay checkpoints of long
    games): anything in it may be removed at any time.

    `COMPANION_CACHE_DIR` overrides it (tests use this); otherwise it is the platform's
    user cache directory for the app.
    """
    override = os.environ.get("COMPANION_CACHE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("companion", appauthor=False))
