"""A screen's F1 help in the player's language, made when it is shown.

Textual and the app read a screen's ``HELP`` when the help opens; :class:`ShownHelp`
makes it then, from catalog messages (the language is read when a text is shown,
not when a module is imported).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class ShownHelp:
    """A ``HELP`` attribute whose text ``make()`` builds each time it is read."""

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __get__(self, obj: object, owner: Any = None) -> str:
        """The help text, in the player's language now."""
        return self.make()
