"""A dialog that asks questions one at a time, each chosen from the answers so far.

Used by the Ephios quick-game and campaign screens (unite, popularity, alliance
tiles) and the solo correction dialog; it renders the engine's Question objects.
A tap closes it as Escape does: on its Cancel control or outside its frame
(`TapCloses`, shared by the other Ephios dialogs).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from companion.core.questions import Question
from companion.tui.widgets.chrome import Footer
from companion.tui.widgets.questions import QuestionPanel


class TapCloses(ModalScreen[Any]):
    """A dialog a tap closes with nothing (as Escape does): outside its frame, or on a
    button with the id ``dialog-cancel``; ``dialog-back`` goes back a question."""

    def on_click(self, event: events.Click) -> None:
        """A tap outside the frame (on the dimmed screen) closes the dialog."""
        if event.widget is self:
            self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Cancel closes; Back answers as Backspace does."""
        if event.button.id == "dialog-cancel":
            event.stop()
            self.dismiss(None)
        elif event.button.id == "dialog-back":
            event.stop()
            self.query_one(QuestionPanel).action_back()


def dialog_buttons() -> Horizontal:
    """The Back and Cancel controls of a dialog of questions (for a tap; keys: ⌫, Escape)."""
    return Horizontal(
        Button("⌫ Back", id="dialog-back", compact=True),
        Button("✕ Cancel", id="dialog-cancel", compact=True),
        classes="dialog-buttons",
    )


DIALOG_BUTTONS_CSS = """
.dialog-buttons { height: auto; margin-top: 1; }
.dialog-buttons Button { margin-right: 2; min-width: 8; }
"""


class StepDialog(TapCloses):
    """Questions asked one at a time, each chosen from the answers so far; dismisses with the result.

    Args:
        title: the frame's title.
        next_question: the next question for the answers so far, or None when done.
        finish: the result built from all answers (dismissed with it).
        info: a line shown above the question for the answers so far (e.g. the gain).
        defaults: the answers to pre-select for the answers so far, by question id.
    """

    BINDINGS: ClassVar[list] = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = (
        """
    StepDialog { align: center middle; }
    StepDialog > Vertical {
        width: 90%; max-width: 90; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    StepDialog #dialog-info { height: auto; padding: 0 1; }
    StepDialog VerticalScroll { height: auto; max-height: 20; }
    StepDialog.-phone > Vertical { width: 100%; }
    """
        + DIALOG_BUTTONS_CSS
    )

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
            yield dialog_buttons()
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
