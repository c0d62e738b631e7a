"""A dialog that asks questions one at a time, each chosen from the answers so far.

Used by the Ephios quick-game and campaign screens (unite, popularity, alliance
tiles) and the solo correction dialog; it renders the engine's Question objects.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from companion.core.questions import Question
from companion.tui.widgets.chrome import Footer
from companion.tui.widgets.questions import QuestionPanel


class StepDialog(ModalScreen[dict | None]):
    """Questions asked one at a time, each chosen from the answers so far; dismisses with the result.

    Args:
        title: the frame's title.
        next_question: the next question for the answers so far, or None when done.
        finish: the result built from all answers (dismissed with it).
        info: a line shown above the question for the answers so far (e.g. the gain).
        defaults: the answers to pre-select for the answers so far, by question id.
    """

    BINDINGS: ClassVar[list] = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    StepDialog { align: center middle; }
    StepDialog > Vertical {
        width: 90%; max-width: 90; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    StepDialog #dialog-info { height: auto; padding: 0 1; }
    StepDialog VerticalScroll { height: auto; max-height: 20; }
    """

    def __init__(
        self,
        title: str,
        next_question: Callable[[Mapping[str, str]], Question | None],
        finish: Callable[[Mapping[str, str]], dict | None],
        info: Callable[[Mapping[str, str]], Text | str] | None = None,
        defaults: Callable[[Mapping[str, str]], Mapping[str, str]] | None = None,
    ) -> None:
        super().__init__()
        self.defaults = defaults
        self.title_text = title
        self.next_question = next_question
        self.finish = finish
        self.info = info
        self.answers: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        """The info line and the question in a frame."""
        with Vertical() as frame:
            frame.border_title = self.title_text
            yield Static(id="dialog-info")
            with VerticalScroll():
                yield QuestionPanel(id="dialog-question")
        yield Footer()

    def on_mount(self) -> None:
        """Ask the first question."""
        self._ask()

    def _ask(self) -> None:
        info = self.query_one("#dialog-info", Static)
        line = self.info(self.answers) if self.info else ""
        info.update(line)
        info.display = bool(line)
        question = self.next_question(self.answers)
        if question is None:
            self.dismiss(self.finish(self.answers))
            return
        defaults = self.defaults(self.answers) if self.defaults else None
        self.query_one(QuestionPanel).ask([question], defaults=defaults)

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        self.answers.update(event.answers)
        self._ask()

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        if self.answers:
            self.answers.popitem()
            self._ask()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        """Close the dialog; nothing is recorded."""
        self.dismiss(None)
