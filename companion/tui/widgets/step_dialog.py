"""The one way a report is asked: an engine's question plan, one step at a time.

:class:`PlanSteps` walks a plan (:mod:`companion.core.plans`): the answers so far,
the next step, Backspace taking the last step back. The Euphoria turn screen asks
its steps inline; :class:`StepDialog` asks them in a frame over the screen (the
Ephios quick game and campaign, the solo correction). Both render the questions
with the one :class:`QuestionPanel`.
A tap closes it as Escape does: on its Cancel control or outside its frame
(`TapCloses`, shared by the other Ephios dialogs).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from companion.core.catalog import N_, _
from companion.core.plans import Ask, Bound, Next, NothingToAsk
from companion.tui.widgets.chrome import Footer
from companion.tui.widgets.questions import QuestionPanel, takes_answers


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
        Button(_("⌫ Back"), id="dialog-back", compact=True),
        Button(_("✕ Cancel"), id="dialog-cancel", compact=True),
        classes="dialog-buttons",
    )


DIALOG_BUTTONS_CSS = """
.dialog-buttons { height: auto; margin-top: 1; }
.dialog-buttons Button { margin-right: 2; min-width: 8; }
"""


class PlanSteps:
    """Where the player is in a plan: the answers given, step by step.

    Args:
        plan: the engine's plan with its state bound (a function of the answers).
    """

    def __init__(self, plan: Bound) -> None:
        self.plan = plan
        self.answers: dict[str, str] = {}
        self._steps: list[tuple[str, ...]] = []

    def next(self) -> Next:
        """The next step for the answers so far (NothingToAsk: nothing can be reported)."""
        return self.plan(self.answers)

    def give(self, answers: Mapping[str, str]) -> None:
        """The answers of the step on screen."""
        self.answers.update(answers)
        self._steps.append(tuple(answers))

    def back(self) -> bool:
        """Take the last step back; False when there was none (the first question)."""
        if not self._steps:
            return False
        for question_id in self._steps.pop():
            self.answers.pop(question_id, None)
        return True


class StepDialog(TapCloses):
    """A plan's questions asked one step at a time; dismisses with the event mapping of its
    report (``kind`` and its fields), or None when declined or cancelled.

    Args:
        title: the frame's title.
        plan: the engine's plan, its state bound.
        info: a line shown above the question for the answers so far (e.g. the gain).
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]
    DEFAULT_CSS = (
        """
    StepDialog { align: center middle; }
    StepDialog > Vertical {
        width: 90%; max-width: 90; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    StepDialog #dialog-info { height: auto; padding: 0 1; }
    StepDialog VerticalScroll { height: auto; max-height: 20; }
    StepDialog.-short VerticalScroll { max-height: 60vh; }
    StepDialog.-short VerticalScroll ChoiceList { max-height: 40vh; }
    StepDialog.-phone > Vertical { width: 100%; }
    """
        + DIALOG_BUTTONS_CSS
    )

    def __init__(
        self,
        title: str,
        plan: Bound,
        info: Callable[[Mapping[str, str]], Text | str] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.steps = PlanSteps(plan)
        self.info = info

    @property
    def answers(self) -> dict[str, str]:
        """The answers given so far."""
        return self.steps.answers

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
        try:
            step = self.steps.next()
        except NothingToAsk as exc:
            self.notify(str(exc), severity="warning")
            self.dismiss(None)
            return
        if not isinstance(step, Ask):
            self.dismiss(None if step is None else step.event())
            return
        self.query_one(QuestionPanel).ask(list(step.questions))

    @takes_answers
    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        self.steps.give(event.answers)
        self._ask()

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        if self.steps.back():
            self._ask()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        """Close the dialog; nothing is recorded."""
        self.dismiss(None)
