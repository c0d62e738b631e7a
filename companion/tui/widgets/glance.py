"""The table's status folded to a line or two on a small screen (the glance), and the size
rule that folds it.

On a small screen what to do now comes first: the game's panels (the card pair, the
Automas, the board) fold into the game's own short summary (its panels' ``glance``), and
the rows they leave go to the lines to do. A key (`i`) or a tap on the summary unfolds the
panels; the next step folds them again, so the first line of what to do is at the top.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.widgets import Static

from companion.core.catalog import _

# The glance folds the status on a screen under this many rows (a phone's 40×20), or on a
# phone's width (under this many columns) under ``PHONE_ROWS`` rows (the phone build's
# 41×33 at 390×844 CSS px).
GLANCE_ROWS = 24
PHONE_COLUMNS = 60
PHONE_ROWS = 40
# A screen this wide has the panels in a column of their own, beside what to do: they
# take no row from it.
WIDE_COLUMNS = 110
# The columns a game's summary has on one line of a phone's 40 (the padding and the ▾ take
# the rest): a fact that would not fit them is left to the unfolded panels.
GLANCE_COLUMNS = 37


def glance_size(width: int, height: int) -> bool:
    """Whether a screen of ``width`` × ``height`` cells folds the status to its glance."""
    if width >= WIDE_COLUMNS:
        return False
    return height < GLANCE_ROWS or (width < PHONE_COLUMNS and height < PHONE_ROWS)


class Glance(Static):
    """The folded status: the game's summary and a ▾ (a tap or `i` unfolds the panels); while
    unfolded, a ▴ line (a tap or `i` folds them again)."""

    DEFAULT_CSS = """
    Glance { height: auto; padding: 0 1; text-style: bold; }
    """

    def fold(self, summary: RenderableType) -> None:
        """Show ``summary`` (the game's glance) with the mark that unfolds it."""
        text = Text()
        if isinstance(summary, Text):
            text.append_text(summary)
        else:
            text.append(str(summary))
        text.append(" ")
        text.append(_("▾"), style="bold reverse")  # `i` is in the help and the menu
        self.update(text)

    def unfolded(self, touch: bool) -> None:
        """The line above the unfolded panels: what folds them again."""
        words = _("▴ fewer lines: tap here") if touch else _("▴ fewer lines: i")
        self.update(Text(words, style="bold"))

    async def on_click(self, event: events.Click) -> None:
        """A tap anywhere on the line folds or unfolds the panels (the whole line is the
        control, its colours the game's: no link style over them)."""
        event.stop()
        await self.run_action("screen.toggle_status")
