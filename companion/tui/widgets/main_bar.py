"""The bar above the footer of a table screen: what Enter does now, and a button for it.

A tap (a click) on its button runs the game's main action, as Enter does: a phone has no
Enter key, and its tests tap this bar. While questions are asked it says how to answer
them, with a button that drops the step (a phone has no Escape key); when the game offers
nothing (it is over) it says how the game stands. Its own colours (8.4:1 in either theme)
stay under the pointer a tap leaves on the button (hover).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from companion.core.catalog import _, say

BUTTON_TEXT, BUTTON_BACK = "#FFFFFF", "#0B4F8A"


def button(action: str) -> Style:
    """The style of a tap control that runs ``action`` of the screen."""
    return Style(bold=True, color=BUTTON_TEXT, bgcolor=BUTTON_BACK, meta={"@click": action})


class MainBar(Static):
    """What Enter does now (a button), how to answer a question, or how the game ended."""

    DEFAULT_CSS = f"""
    MainBar {{
        padding: 0 1; height: auto; text-style: bold;
        link-color: {BUTTON_TEXT}; link-background: {BUTTON_BACK}; link-style: bold;
        link-color-hover: {BUTTON_TEXT}; link-background-hover: {BUTTON_BACK};
        link-style-hover: bold;
    }}
    MainBar.-over {{ background: $warning 30%; }}
    """

    def main(self, words: str, short: bool, keys: str = "") -> None:
        """The button of the main action, worded ``words`` ("Automa turn 5"); ``short`` (a
        phone, a touch screen): the button and where the other actions are (the button alone
        where both do not fit one row), else Enter named and ``keys`` (the other actions'
        keys) after it."""
        self.set_class(False, "-over")
        text = Text()
        if short:
            text.append(say("⏎ {action}", action=words), style=button("screen.main_action"))
            more = _("  · more: ≡ Menu")
            # One row: where the words are too long for it (a longer language on a phone),
            # the button alone; the footer's ≡ Menu is there all the same.
            if cell_len(text.plain + more) <= self._row():
                text.append(more)
        else:
            text.append(say("⏎ Enter: {action}", action=words), style=button("screen.main_action"))
            if keys:
                text.append(say("  ·  {keys}  ·  z undo  ·  F1 help", keys=keys))
        self.update(text)

    def asking(self, short: bool, touch: bool) -> None:
        """How to answer the questions above, and a button that drops the step; in one row
        (where the words do not fit one, shorter ones, or the button alone)."""
        self.set_class(False, "-over")
        cancel = _("✕ cancel")
        hint = _("Tap your answer above") if touch else _("Answer above (Enter confirms)")
        if not short and not touch:
            hint += _(" · Backspace: back · Escape:")
        if cell_len(f"{hint} {cancel}") > self._row():
            hint = _("Tap above") if touch else _("Answer above")
        text = Text()
        if cell_len(f"{hint} {cancel}") <= self._row():
            text.append(f"{hint} ")
        text.append(cancel, style=Style(bold=True, reverse=True, meta={"@click": "screen.escape"}))
        self.update(text)

    def _row(self) -> int:
        """The columns of the bar's row (the screen's, less the padding)."""
        return self.app.size.width - 2

    def over(self, status: str, touch: bool) -> None:
        """No action left: the game's first status line (who won) and what is still possible;
        on a phone's width, in one row where the words allow (the ★ says the game is over,
        the footer has the undo key and the menu)."""
        self.set_class(True, "-over")
        text = Text()
        phone = self.screen.has_class("-phone")
        if phone:
            text.append(say("★ {status}", status=status))
        else:
            text.append(say("★ GAME OVER — {status}", status=status))
        if touch:
            text.append(_(" · ≡ Menu: how it went, undo"))
        else:
            text.append(_(" · o: recap") if phone else _(" · o: how it went · z: undo"))
        self.update(text)
