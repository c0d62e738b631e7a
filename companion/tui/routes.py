"""Which screen opens a game: from the game registry (``companion.core.registry``).

A *resume* route builds the screen of a saved game: ``cls(path=..., journal=...,
set_up=...)`` (the game's ``resume``; ``set_up``: its set-up was just done on the screen
before). A *new* route builds the first screen of a new game or
set-up: ``cls()`` (a new-game entry's ``screen``). Routes are "module:Class"
strings, imported only when used; a route whose module does not exist yet
yields None, and the app says "not available yet". Tests may also
:func:`register` a class.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from textual.screen import Screen

from companion.core import registry
from companion.core.catalog import _
from companion.core.journal import Journal

Route = Literal["new", "resume"]

_registered: dict[tuple[Route, str], type[Screen[Any]]] = {}


def game_name(kind: str) -> str:
    """The name of a game or set-up ``kind`` in the player's language (the id if unknown)."""
    game = registry.find(kind)
    if game is not None:
        return _(game.title)
    entry = registry.new_game(kind)
    return _(entry.name) if entry is not None else kind


# The screens of every game with a game object and no screen of its own: the one table
# screen and the set-up asked from the object (built with the game's id).
TABLE_SCREEN = "companion.tui.screens.table:TableScreen"
TABLE_SETUP = "companion.tui.screens.table_setup:TableSetupScreen"


def targets() -> set[str]:
    """Every "module:Class" a route may open (the web server imports them ahead)."""
    found = {_target("resume", game.id) for game in registry.games()}
    found |= {_target("new", entry.id) for entry in registry.new_games()}
    return {target for target in found if target}


def register(route: Route, kind: str, screen: type[Screen[Any]]) -> None:
    """Route ``kind`` to ``screen`` for ``route`` ("new" or "resume"), overriding the registry."""
    _registered[(route, kind)] = screen


def _target(route: Route, kind: str) -> str | None:
    if route == "new":
        entry = registry.new_game(kind)
        if entry is None:
            return None
        return entry.screen or TABLE_SETUP
    game = registry.find(kind)
    if game is None:
        return None
    return game.resume or (TABLE_SCREEN if game.table is not None else None)


def _load(route: Route, kind: str) -> Callable[..., Screen[Any]] | None:
    """The screen class of ``route`` for ``kind`` (its arguments depend on the route)."""
    if (route, kind) in _registered:
        return _registered[(route, kind)]
    target = _target(route, kind)
    if target is None:
        return None
    module_name, _sep, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:  # the screen is not written yet
            return None
        raise
    found: Callable[..., Screen[Any]] | None = getattr(module, attr, None)
    return found


def new_game_screen(kind: str) -> Screen[Any] | None:
    """The first screen of a new game of ``kind``, or None if there is none yet."""
    cls = _load("new", kind)
    if cls is None:
        return None
    return cls(kind) if _target("new", kind) == TABLE_SETUP else cls()


def resume_screen(
    kind: str, path: Path, journal: Journal, set_up: bool = False
) -> Screen[Any] | None:
    """The screen that plays the saved game at ``path``, or None if there is none yet;
    ``set_up``: the game's set-up was just done on the screen before (its checklist ticked),
    so the table does not list it again."""
    cls = _load("resume", kind)
    if cls is None:
        return None
    return (
        cls(path=path, journal=journal, set_up=True) if set_up else cls(path=path, journal=journal)
    )
