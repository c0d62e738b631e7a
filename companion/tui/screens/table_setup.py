"""A new game of any game object: its set-up questions, then the table screen.

The set-up is the game's own plan (``TableGame.setup``), asked round by round with the one
question panel (a question with a default has it pre-selected); a typed answer (the
players' names) has a text field. Then the new game asks what the table must tell (the
physical dice of a set-up), the save is made, and the game opens on the table screen.
The screen names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from companion.core import registry, session
from companion.core import table as tables
from companion.core.catalog import N_, _, say
from companion.core.errors import CompanionError
from companion.core.game import TableGame
from companion.core.questions import NeedAnswers, Question
from companion.core.saves import new_save_path
from companion.tui import keys
from companion.tui.access import companion_app
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.questions import QuestionPanel

HELP = N_("""
## A new game

Answer the set-up questions one by one (a question's usual answer is
already chosen: Enter keeps it). Backspace goes back a question, Escape
goes back home. The game is saved as soon as it is set up.
""")


class TableSetupScreen(Screen[None]):
    """The set-up of a new game of ``game`` (a registered game with a game object)."""

    HELP = HELP
    BINDINGS: ClassVar[list[BindingType]] = [keys.home()]
    CSS = """
    TableSetupScreen #s-intro { height: auto; padding: 0 1; }
    TableSetupScreen #s-text { display: none; }
    TableSetupScreen.-typing #s-text { display: block; }
    TableSetupScreen.-typing #s-question { display: none; }
    """

    def __init__(self, game: str) -> None:
        super().__init__()
        found = registry.table(game)
        if found is None:
            raise CompanionError(say("{game!r} has no game object", game=game))
        self.game: TableGame[Any] = found
        self.answers: dict[str, str] = {}
        self.rounds: list[tuple[str, ...]] = []
        self.typing: Question | None = None

    def compose(self) -> ComposeResult:
        """The set-up's title, the question (or a text field), the keys."""
        yield Header()
        with Vertical():
            yield Static(id="s-intro")
            yield QuestionPanel(id="s-question")
            yield Input(id="s-text")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Ask the first question."""
        title = _(registry.get(self.game.id).title)
        self.sub_title = say("New game — {game}", game=title)
        self.query_one("#s-intro", Static).update(say("Set-up of a new {game}", game=title))
        self._next()

    def _next(self) -> None:
        """Make the game with the answers so far, or ask what it still needs."""
        try:
            journal = tables.begin(self.game, self.answers, defaults=False)
        except NeedAnswers as need:
            self._ask(need.questions)
            return
        except CompanionError as exc:
            self.notify(str(exc), severity="error")
            self._back()
            return
        path = new_save_path(companion_app(self).data_dir, self.game.id)
        try:
            session.create(self.game.rules, path, journal)
        except CompanionError as exc:
            self.notify(str(exc), severity="error")
            return
        companion_app(self).open_game(path, journal)

    def _ask(self, questions: Sequence[Question]) -> None:
        typed = [q for q in questions if q.kind == "text"]
        self.typing = typed[0] if typed else None
        self.set_class(self.typing is not None, "-typing")
        if self.typing is not None:
            field = self.query_one("#s-text", Input)
            field.placeholder = self.typing.text
            field.value = ""
            field.focus()
            return
        panel = self.query_one("#s-question", QuestionPanel)
        panel.ask(list(questions), {q.id: q.default for q in questions if q.default})
        panel.focus()

    def _give(self, answers: Mapping[str, str]) -> None:
        self.rounds.append(tuple(answers))
        self.answers.update(answers)
        self._next()

    def _back(self) -> None:
        """The round before (nothing before it: back home)."""
        if not self.rounds:
            companion_app(self).action_home()
            return
        for question_id in self.rounds.pop():
            self.answers.pop(question_id, None)
        self._next()

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        self._give(event.answers)

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        self._back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed answer: checked by its question, then the next step."""
        event.stop()
        if self.typing is None:
            return
        try:
            self.typing.parse(event.value)
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            return
        self._give({self.typing.id: event.value.strip()})
