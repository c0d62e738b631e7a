"""The field a typed answer is written in (players' names, a number typed whole).

Textual's Input takes a printed key at once, in the field, but Enter only once the key has
gone round to the app's bindings: a key typed right behind Enter went into the field first
(the names "Ann, Bob" then a quick 2 for the first player gave a player "Bob2"). Here Enter
gives the answer at once, in the order of the keys; the keys typed behind it are not the
field's but the next question's, which the app holds them for until the screen has taken
the answer (its :class:`Given`, as a question panel's answers).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Input

from companion.tui.widgets.given import Given
from companion.tui.widgets.layout import displayed


class TypedAnswer(Input):
    """An Input whose Enter gives the answer at once; the keys after it wait for the next
    question until the screen has taken the answer (``given``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.given = Given()  # the answer, sent, until the screen takes it

    # Textual's private key handler of Input, run before Input's own (each class's handler
    # runs in turn unless one prevents the default): check it at a Textual upgrade.
    async def _on_key(self, event: events.Key) -> None:
        """Enter: the answer given now. After it, until it is taken: no key is the field's
        (each goes on to the app, held for the next question)."""
        if self.given.waiting() is not None:
            event.prevent_default()  # not typed in the field; it goes on up to the app
            return
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.give()

    async def give(self) -> None:
        """Give the answer typed: the keys after it wait until the screen has taken it."""
        self.given.sent()
        await self.action_submit()

    async def take_key(self, event: events.Key) -> bool:
        """A key typed before the field had the focus (the screen asking it opening), taken
        as the field takes its own: a printed character typed at the cursor, Enter gives
        the answer; whether it was one of those."""
        if event.key == "enter":
            await self.give()
            return True
        if event.is_printable and event.character is not None:
            self.insert_text_at_cursor(event.character)
            return True
        return False

    def open_to_keys(self) -> bool:
        """Whether a key typed now is the field's: no answer waits to be taken, and the
        field is shown (it and every container it is in)."""
        return self.given.waiting() is None and displayed(self)

    def on_unmount(self) -> None:
        """A field gone takes no more answers: no key waits for it."""
        self.given.taken()
