"""The soft keyboard of a phone or a tablet: open only while a text field of the app has the focus.

Every tap on the page's terminal focuses the textarea xterm.js reads keys from; on a touch
screen the page gives it ``inputmode="none"``, so a tap opens no keyboard over half the
screen (``companion/web/templates/app_index.html``). A text field of the app (a player's name, an
alliance's name: a Textual ``Input``) wants one: the app tells the page, with a meta message
(``write_meta``, as the spoken moves go), whenever the focus goes to or from such a field,
and the page opens or closes the keyboard (``window.companionKeyboard``). `companion serve`
passes the message on over its websocket (``sessions.WarmAppService.on_meta``), the phone
build's ``boot.js`` takes it from the page's driver.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

# Textual only where the app runs: `companion serve` reads KEYBOARD from here and never runs
# an app in its own process (importing Textual's app was half the CPU of its start).
if TYPE_CHECKING:
    from textual.app import App
    from textual.widget import Widget

# The meta packet's type, and the websocket message the server makes of it.
KEYBOARD = "companion_keyboard"

# What each app last told its page (True: the keyboard wanted), so it is told on a change only.
_told: weakref.WeakKeyDictionary[App[Any], bool] = weakref.WeakKeyDictionary()


def wants_keyboard(widget: Widget | None) -> bool:
    """Whether ``widget`` (the focused one, or None) is a text field: typing is its use."""
    from textual.widgets import Input, TextArea

    return isinstance(widget, Input | TextArea)


def focus_moved(app: App[Any]) -> bool:
    """Tell the page whether the app's focused widget wants the keyboard, if that changed;
    whether the page was told (never outside a browser tab)."""
    # A page's driver (a browser tab, the phone build) writes meta messages; a terminal's has
    # no ``write_meta``.
    write_meta = getattr(getattr(app, "_driver", None), "write_meta", None)
    if not callable(write_meta):
        return False
    from textual.app import ScreenStackError

    try:
        focused = app.focused
    except ScreenStackError:  # no screen yet (starting) or none left (closing): no field
        focused = None
    wanted = wants_keyboard(focused)
    if _told.get(app, False) == wanted:
        return False
    _told[app] = wanted
    write_meta({"type": KEYBOARD, "wanted": wanted})
    return True
