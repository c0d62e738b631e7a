"""What the screens know of the app, and what the app knows of a game screen: protocols.

Textual types ``self.app`` as a plain ``App``; the screens of this package run
inside a `CompanionApp` and use what :class:`CompanionShell` lists (the data
folder, opening a game, the home, the history and the end-of-game screens),
without importing the app: the app is above the screens (the layers contract
in pyproject.toml), so a screen asks the app to open another screen rather
than importing it. The app reads the screen on top through :class:`GameScreen`
(the screen of a saved game) and :class:`PaletteSource` (its own palette
commands), never by looking for attributes.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol, cast, runtime_checkable

from textual.app import SystemCommand
from textual.dom import DOMNode

from companion.core.journal import Journal


class CompanionShell(Protocol):
    """The app as its screens use it."""

    data_dir: Path

    def new_game(self, kind: str) -> None:
        """Open the first screen of a new game (or set-up) of ``kind``."""
        ...

    def open_game(self, path: Path, journal: Journal, replace: bool = False) -> None:
        """Open the screen that plays the saved game at ``path`` (in place of the screen
        showing, with ``replace``)."""
        ...

    def action_home(self) -> None:
        """Back to the home screen."""
        ...

    def action_history(self) -> None:
        """Open the history of finished games and the difficulty ladder."""
        ...

    def show_game_over(self, path: Path, journal: Journal, over_game: bool = False) -> None:
        """Open the end-of-game screen of the game saved at ``path``."""
        ...

    def game_ended(self, path: Path, journal: Journal) -> None:
        """The step just saved on the game screen on top ended its game."""
        ...


@runtime_checkable
class GameScreen(Protocol):
    """A screen that plays one saved game: the save's place and its journal as shown."""

    path: Path
    journal: Journal


@runtime_checkable
class PaletteSource(Protocol):
    """A screen that adds its own commands to the command palette."""

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The screen's own palette commands."""
        ...


def companion_app(node: DOMNode) -> CompanionShell:
    """The app ``node`` runs in, as the screens use it."""
    app: Any = node.app
    return cast(CompanionShell, app)
