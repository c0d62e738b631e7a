"""Which screen opens a game: game kind -> screen class, imported on demand.

A *resume* route builds the screen of a saved game: ``cls(path=..., journal=...)``.
A *new* route builds the first screen of a new game: ``cls()``. Routes are
"module:Class" strings so a game screen only has to exist at its place to be
used; a route whose module does not exist yet yields None, and the app says
"not available yet". Tests and plug-ins may also :func:`register` a class.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from textual.screen import Screen

from companion.core.journal import Journal

GAME_NAMES: dict[str, str] = {
    "euphoria": "Euphoria Automa",
    "ephios-solo": "Ephios solo",
    "ephios-quick": "Ephios quick game",
    "ephios-campaign": "Ephios campaign",
    "euphoria-multiplayer": "Euphoria set-up (no Automas)",
}

# game kind -> "module:Class" of the screen that plays a saved game of that kind.
RESUME_ROUTES: dict[str, str] = {
    "euphoria": "companion.tui.screens.euphoria_turn:EuphoriaTurnScreen",
    "ephios-solo": "companion.tui.screens.ephios_solo:EphiosSoloScreen",
    "ephios-quick": "companion.tui.screens.ephios_quick:EphiosQuickScreen",
    "ephios-campaign": "companion.tui.screens.ephios_campaign:EphiosCampaignScreen",
}

# game kind -> "module:Class" of the first screen of a new game of that kind.
NEW_ROUTES: dict[str, str] = {
    "euphoria": "companion.tui.screens.euphoria_setup:EuphoriaSetupScreen",
    "ephios-solo": "companion.tui.screens.ephios_new:EphiosSoloSetupScreen",
    "ephios-quick": "companion.tui.screens.ephios_new:EphiosQuickSetupScreen",
    "ephios-campaign": "companion.tui.screens.ephios_new:EphiosCampaignSetupScreen",
    "euphoria-multiplayer": "companion.tui.screens.euphoria_multiplayer:EuphoriaMultiplayerScreen",
}

_registered: dict[tuple[str, str], type[Screen]] = {}


def register(route: str, kind: str, screen: type[Screen]) -> None:
    """Route ``kind`` to ``screen`` for ``route`` ("new" or "resume"), overriding the table."""
    _registered[(route, kind)] = screen


def _load(route: str, kind: str) -> Callable[..., Screen] | None:
    """The screen class of ``route`` for ``kind`` (its arguments depend on the route)."""
    if (route, kind) in _registered:
        return _registered[(route, kind)]
    table = NEW_ROUTES if route == "new" else RESUME_ROUTES
    target = table.get(kind)
    if target is None:
        return None
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:  # the screen is not written yet
            return None
        raise
    return getattr(module, attr, None)


def new_game_screen(kind: str) -> Screen | None:
    """The first screen of a new game of ``kind``, or None if there is none yet."""
    cls = _load("new", kind)
    return cls() if cls else None


def resume_screen(kind: str, path: Path, journal: Journal) -> Screen | None:
    """The screen that plays the saved game at ``path``, or None if there is none yet."""
    cls = _load("resume", kind)
    return cls(path=path, journal=journal) if cls else None
