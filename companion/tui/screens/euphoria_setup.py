"""The Euphoria set-up wizard: one question per step, then the set-up checklist."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from companion.core.catalog import N_, _, say, touch
from companion.core.errors import CompanionError
from companion.core.questions import NeedAnswers, Question
from companion.history.ladder import suggested_level
from companion.tui import keys
from companion.tui.access import companion_app
from companion.tui.euphoria_start import GameNotAvailable, start_euphoria_game
from companion.tui.euphoria_wizard import (
    all_questions,
    next_question,
    options_from_answers,
    previous_id,
    seed_from_answers,
    summary_lines,
)
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.questions import QuestionPanel

HELP = N_("""
# New Euphoria Automa game

One question per step: the number of humans, the recruits and markets
(Ignorance is Bliss or base game), the factions of your recruits (the first
is your active one), the difficulty (each level shows how many cards of each
pile go into the Automa deck and each add-in deck), who rolls the Automas'
dice, which cards are used (the bundled printed cards, or your physical cards
whose cards you name as you draw them), and, solo, the optional solo
variant, then who drew the Automas' faction cards (the app, or you at the table:
you enter them). The seed of the app's shuffles and rolls is picked at random
(`companion euphoria new --seed` sets it; the wide turn screen's status line
shows it). The last step asks to start; the set-up checklist comes next.
""")

# Below this width (a phone in portrait) the step line names the game shorter.
PHONE_WIDTH = 60

# The last step (its text is translated when it is asked).
START = Question(
    id="start",
    text=N_("Start the game with these options? (n or Backspace goes back a step)"),
    kind="yes_no",
)
START_ON_TOUCH = N_("Start the game with these options? (No goes back a step)")


class EuphoriaSetupScreen(Screen[None]):
    """The set-up wizard; it ends by starting the game and showing the set-up checklist."""

    HELP = HELP
    # Textual 8.2.8 declares Screen.HORIZONTAL_BREAKPOINTS as "ClassVar[...] | None", which mypy
    # reads as an instance variable; it is a class variable (Textual reads it from the class).
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (100, "-wide")]  # type: ignore[misc]
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        keys.home(
            "leave", N_("Leave"), tooltip=N_("leave the wizard (Backspace goes back one step)")
        )
    ]

    def __init__(self) -> None:
        super().__init__()
        self.answers: dict[str, str] = {}
        # The difficulty ladder's suggestion (docs/history.md) is the level pre-selected.
        self.defaults: dict[str, str] = {"level": suggested_level("euphoria")}
        self.options: dict[str, Any] | None = None
        self.seed: int | None = None
        # Questions the engine asked when starting (e.g. physical dice), and their answers.
        self.engine_questions: list[Question] = []
        self.engine_answers: dict[str, str] = {}
        self.step = ""  # "step 3 of 11", after the game's name on the step line

    def compose(self) -> ComposeResult:
        """Step line, the question (and the summary on wide screens), the footer."""
        yield Header()
        yield Static(id="wizard-step")
        with Horizontal(id="wizard-body"):
            with VerticalScroll(id="wizard-main"), Vertical(id="wizard-ask") as ask:
                # The answers so far, above the question (scrolled with it on a phone).
                yield Static(id="wizard-line")
                panel = QuestionPanel(id="wizard-question")
                panel.reveal = ask
                yield panel
            summary = Static(id="wizard-summary")
            summary.border_title = _("So far")
            yield summary
        yield Footer()

    def on_mount(self) -> None:
        """Ask the first step."""
        self._ask()

    # ----- steps --------------------------------------------------------------------------

    def _ask(self) -> None:
        question = next_question(self.answers) or START
        steps = len(all_questions(self.answers)) + 1
        done = len([q for q in all_questions(self.answers) if q.id in self.answers])
        self.step = say("step {step} of {steps}", step=done + 1, steps=steps)
        self._show_step()
        if question is START:
            text = _(START_ON_TOUCH) if touch() else _(START.text)
            question = Question(id="start", text=text, kind="yes_no")
        self.query_one(QuestionPanel).ask([question], defaults=self.defaults)
        self._show_summary()

    def _show_step(self) -> None:
        """The step line, in one row even on a phone."""
        line = say("New Euphoria Automa game — {step}", step=self.step)
        if self.size.width < PHONE_WIDTH:
            line = say("New Euphoria game — {step}", step=self.step)
            if len(line) > self.size.width - 2:  # the step line's padding
                line = say("New game — {step}", step=self.step)
        self.query_one("#wizard-step", Static).update(line)

    def on_resize(self) -> None:
        """Write the step line for the new width; keep the highlighted choice in view."""
        self._show_step()
        self.call_after_refresh(self.query_one(QuestionPanel).keep_in_view)

    def _show_summary(self) -> None:
        rows = summary_lines(self.answers)
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        for label, value in rows:
            table.add_row(label, value)
        self.query_one("#wizard-summary", Static).update(
            table if rows else Text(_("nothing yet"), style="italic")
        )
        line = self.query_one("#wizard-line", Static)
        line.update(" · ".join(f"{label} {value}" for label, value in rows))
        line.set_class(not rows, "-empty")  # no blank row above the first question

    def _back(self, current: str | None) -> None:
        target = previous_id(self.answers, current)
        if target is None:
            return
        ids = [q.id for q in all_questions(self.answers)]
        for qid in ids[ids.index(target) :]:
            if qid in self.answers:
                self.defaults[qid] = self.answers.pop(qid)
        self._ask()

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        if self.engine_questions:
            self.engine_answers.update(event.answers)
            self.engine_questions = []
            self.start()
            return
        if "start" in event.answers:
            if event.answers["start"] == "yes":
                self.start()
            else:
                self._back(None)
            return
        self.answers.update(event.answers)
        self.defaults.update(event.answers)
        self._ask()

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        current = event.panel.current
        if current is None:
            return
        if self.engine_questions:  # back from the engine's questions: to the start step
            self.engine_questions = []
            self._ask()
            return
        self._back(None if current.id == "start" else current.id)

    # ----- the end ------------------------------------------------------------------------

    def start(self) -> None:
        """Start the game with the chosen options and show the set-up checklist."""
        self.options = options_from_answers(self.answers)
        self.seed = seed_from_answers(self.answers)
        try:
            started = start_euphoria_game(
                self.options, self.seed, companion_app(self).data_dir, self.engine_answers
            )
        except NeedAnswers as need:
            self.engine_questions = list(need.questions)
            self.step = _("the app needs to know")
            self._show_step()
            self.query_one(QuestionPanel).ask(self.engine_questions)
            return
        except GameNotAvailable as exc:
            self.notify(str(exc), severity="warning")
            self._ask()
            return
        except CompanionError as exc:
            self.notify(str(exc), severity="error")
            self._ask()
            return
        from companion.tui.screens.euphoria_checklist import EuphoriaChecklistScreen

        self.app.switch_screen(
            EuphoriaChecklistScreen(started.path, started.journal, started.checklist)
        )

    def action_leave(self) -> None:
        """Leave the wizard (nothing is saved)."""
        self.dismiss(None)
