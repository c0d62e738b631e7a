"""The help screen (F1): the keys and the rules of the part on screen, as Markdown."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.core.catalog import N_, _
from companion.tui.screens.work_once import WorkOnceModalScreen
from companion.tui.widgets.chrome import Footer


def rendered(markdown: str, width: int) -> Text:
    """The Markdown laid out once at ``width`` columns, as styled text.

    A `Text` is cheap to lay out again; a live Markdown renderable is parsed and
    rendered at every layout pass, which made F1 slow on the long helps.
    """
    console = Console(width=max(20, width), force_terminal=True, color_system="truecolor")
    text = Text()
    for line in console.render_lines(Markdown(markdown), pad=False):
        for segment in line:
            text.append(segment.text, segment.style)
        text.append("\n")
    text.rstrip()
    return text


class HelpText(Static):
    """The help's Markdown, laid out once for the width it gets (again when it changes)."""

    def __init__(self, markdown: str, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self.markdown = markdown
        self._width = 0

    def on_resize(self) -> None:
        """Lay the text out for the new width."""
        width = self.content_size.width or self.size.width
        if width and width != self._width:
            self._width = width
            self.update(rendered(self.markdown, width))


class HelpScreen(WorkOnceModalScreen[None]):
    """A scrollable Markdown page over the current screen; Escape, F1 or q closes it.

    Args:
        text: the Markdown of the help (`companion.tui.keys.help_markdown`).
    """

    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape,f1,question_mark,q", "close", N_("Close"), id="help-close"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        """The help text in a scrolling frame."""
        with VerticalScroll() as frame:
            frame.border_title = _("Help")
            yield HelpText(self.text, id="help-text")
        yield Footer()

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
