"""Answers given and sent to their screen, not yet taken by it.

A question panel's last answer, and a typed answer's Enter, reach the screen as a message
it takes in its own turn; a key typed ahead meanwhile belongs to the next question, not yet
asked. The app holds such a key until the answers are taken (``CompanionApp._held``); the
widget that gave them keeps one :class:`Given`, and the screen's handler marks them taken
(``questions.takes_answers``).
"""

from __future__ import annotations

import asyncio


class Given:
    """Whether answers given are waiting for their screen to take them."""

    def __init__(self) -> None:
        self._event: asyncio.Event | None = None

    def sent(self) -> None:
        """Answers are given: keys typed from now wait until they are taken."""
        self._event = asyncio.Event()

    def waiting(self) -> asyncio.Event | None:
        """Set once the answers given last are taken; None when they are (or none are)."""
        return self._event

    def taken(self) -> None:
        """The screen has taken the answers (asked on, refused them, or is done with
        them; or the widget that gave them is gone): the keys held go on."""
        if self._event is not None:
            self._event.set()
            self._event = None
