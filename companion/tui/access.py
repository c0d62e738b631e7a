"""The app of a screen or widget as the `CompanionApp` it is (for the type checker).

Textual types ``self.app`` as a plain ``App``; the screens of this package run
inside a `CompanionApp` and use its attributes (``data_dir``, ``action_home``,
``new_game``...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from companion.tui.app import CompanionApp


def companion_app(node: DOMNode) -> CompanionApp:
    """The app ``node`` runs in, typed as the `CompanionApp`."""
    return cast("CompanionApp", node.app)
