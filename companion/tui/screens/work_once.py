"""The screen every screen of the app is: Textual's work on a screen, each piece done once.

Textual lays a screen out and styles it again where nothing changed; the table screen found
such pieces, and every screen pays them (the home screen and the set-up screen at every
game's start):

- a resize is laid out twice: the layout at the new size tells the screen of the size it
  laid it out at, and Textual's handler lays the whole screen out again at that size (the
  screen's own resize handler run twice with it). That report is dropped here, before any
  handler of the screen sees it;
- a layout pass that changes widgets' virtual sizes asks for a second pass of the whole
  screen that finds the same (:func:`~companion.tui.widgets.layout.sizes_from_layout`).

What the player sees is the same (the SVG snapshots, the fit tests and the footer's frames
say so); tests/ui/test_tui_screen_work.py counts the work of each screen kind.
"""

from __future__ import annotations

import asyncio
from typing import Any, TypeVar

from textual import events
from textual.geometry import Size
from textual.screen import ModalScreen, Screen

from companion.tui.widgets.layout import apply_breakpoints, sizes_from_layout

ResultT = TypeVar("ResultT")


class WorkOnceScreen(Screen[ResultT]):
    """A screen laid out once a resize, and once a layout pass. Its own ``on_resize``
    handles each new size once.

    (Its first show restyles every widget on it, as Textual does: restyling the screen
    alone, each widget having been styled as it mounted, left the phone build's table
    screen laid out with rules missing, its list short of the bar and a blank box below.)"""

    # The size of the last resize handled (None: none yet, the screen's first layout).
    _resized_to: Size | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Set once the screen's mount handlers have run (its first question asked): a key
        # typed ahead of it waits for it (the app's ``_held``); the table acts on none before.
        self.opened = asyncio.Event()

    async def on_event(self, event: events.Event) -> None:
        """Textual's dispatch of ``event``, but the report of the screen's own layout at
        the size it handled last (:meth:`_own_resize`): no handler sees that one."""
        if isinstance(event, events.Resize):
            if self._own_resize(event):
                return
            self.sized_for(event.size)
        await super().on_event(event)
        if isinstance(event, events.Mount):
            self.opened.set()

    def sized_for(self, size: Size) -> None:
        """Before Textual lays the screen out at a new ``size``: set what that size decides
        (its classes, words worded for its width), so that one layout and one draw at that
        size see it. Set in a resize handler, it came after Textual's layout and draw at
        the new size, and asked for a second of each. The size's classes by default
        (Textual's breakpoints, which Textual sets after that layout)."""
        apply_breakpoints(self, size.width, size.height)

    def _own_resize(self, event: events.Resize) -> bool:
        """Whether ``event`` is the report of the screen's own layout at the size it handled
        last (it is then stopped: Textual's handler would lay the screen out again at this
        size). A screen shown again after a resize under another is told of the app's size,
        not the one it handled."""
        if event.size == self._resized_to and self.size == event.size:
            event.prevent_default()
            event.stop()
            return True
        self._resized_to = event.size
        return False

    # Textual's private size setter, its name and arguments: check them at a Textual upgrade.
    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """The screen's own size set by a layout pass, without the repaint of the whole
        screen its new virtual size asked for: the pass that sets it draws every region it
        changed at once (a resize: the whole screen), and that repaint drew it all again."""
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    # Textual's private layout pass, its name and arguments: check them at a Textual upgrade
    # (tests/ui/test_tui_app_work.py and test_tui_screen_work.py count the passes).
    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        """Textual's layout pass, the widgets' new virtual sizes asking for no second pass
        (:func:`~companion.tui.widgets.layout.sizes_from_layout`)."""
        with sizes_from_layout():
            super()._refresh_layout(size, scroll)


class WorkOnceModalScreen(WorkOnceScreen[ResultT], ModalScreen[ResultT]):
    """A modal screen (over another, its keys first) doing Textual's work once, as
    :class:`WorkOnceScreen`."""
