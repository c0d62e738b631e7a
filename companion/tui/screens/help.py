"""The help screen (F1): the keys and the rules of the part on screen, as Markdown."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

APP_KEYS = """
## Keys everywhere

| Key | Does |
|---|---|
| F1 | this help |
| F2 | switch between the dark and the light theme |
| Ctrl+P | command palette: new games, resume, theme, help, quit |
| Ctrl+Q | quit (games are saved after every step) |
"""


class HelpScreen(ModalScreen[None]):
    """A scrollable Markdown page over the current screen; Escape, F1 or q closes it.

    Args:
        text: the Markdown of the screen's help (the app-wide keys are added below it).
    """

    BINDINGS: ClassVar[list] = [
        Binding("escape,f1,q", "close", "Close"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        """The help text in a scrolling frame."""
        with VerticalScroll() as frame:
            frame.border_title = "Help"
            yield Markdown(self.text + "\n" + APP_KEYS)
        yield Footer()

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
