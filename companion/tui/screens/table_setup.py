"""A new game of any game object: its set-up questions, its checklist, then the table screen.

The set-up is the game's own plan (``TableGame.setup``), asked round by round with the one
question panel: a question's usual answer is pre-selected (its default; the difficulty
ladder's suggestion for a game's levels; an answer given before going back). A typed answer
(the players' names) has a text field. Then the new game asks what the table must tell (the
physical dice of a set-up), the save is made, and the game's physical set-up
(``checklist``, as data) is ticked through before the game opens on its screen. A new-game
entry may instead name a set-up with no game after it (``TableSetup``): its questions, then
its checklist, nothing saved. The screen names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from companion.core import registry, session
from companion.core import table as tables
from companion.core.catalog import N_, _, say
from companion.core.errors import CompanionError
from companion.core.game import TableGame, TableSetup
from companion.core.journal import Journal
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.core.saves import new_save_path
from companion.tui import keys, restyle
from companion.tui.access import companion_app
from companion.tui.panels import panels_of
from companion.tui.screens.work_once import WorkOnceScreen
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.questions import QuestionPanel, takes_answers
from companion.tui.widgets.setup_list import SetupList
from companion.tui.widgets.typed_answer import TypedAnswer

HELP = N_("""
## A new game

Answer the set-up questions one by one (a question's usual answer is
already chosen: Enter keeps it). Backspace goes back a question, Escape
goes back home. The game is saved as soon as it is set up.

Then set up the table: tick each item as you do it (Space, Enter or a
click; `a` ticks all; Up and Down reach every item). `s` starts playing;
Escape goes home (the game is saved: resume it there).
""")


class TableSetupScreen(WorkOnceScreen[None]):
    """The set-up of a new game of ``game`` (a new-game entry: a game with a game object, or
    a set-up with no game after it)."""

    HELP = HELP
    BINDINGS: ClassVar[list[BindingType]] = [
        keys.home(),
        Binding("s", "play", N_("Start playing"), tooltip=N_("start playing (the game's screen)")),
    ]
    CSS = """
    TableSetupScreen #s-intro { height: auto; padding: 0 1; text-style: bold; }
    TableSetupScreen #s-prompt { height: auto; padding: 0 1; display: none; }
    TableSetupScreen #s-text { display: none; }
    TableSetupScreen.-typing #s-text { display: block; }
    TableSetupScreen.-typing #s-prompt { display: block; }
    TableSetupScreen.-typing #s-ask { display: none; }
    TableSetupScreen.-listing #s-ask { display: none; }
    TableSetupScreen #s-body { height: 1fr; }
    TableSetupScreen #s-ask { height: 1fr; }
    """

    def __init__(self, game: str) -> None:
        super().__init__()
        entry = registry.new_game(game)
        # A set-up with no game after it, else the game object of the game of that id.
        self.only: TableSetup | None = (
            cast(TableSetup, registry.load(entry.setup)) if entry and entry.setup else None
        )
        found = None if self.only or registry.find(game) is None else registry.table(game)
        if found is None and self.only is None:
            raise CompanionError(say("{game!r} has no game object", game=game))
        self.kind = game
        self.game: TableGame[Any] | None = found
        self.answers: dict[str, str] = {}
        self.rounds: list[tuple[str, ...]] = []
        self.typing: Question | None = None
        # Answers taken back (Backspace): pre-selected when their question is asked again.
        self.kept: dict[str, str] = {}
        self.saved: tuple[Path, Journal] | None = None

    def compose(self) -> ComposeResult:
        """The set-up's title, the question (or a text field), then its checklist."""
        yield Header()
        with Vertical(id="s-body"):
            yield Static(id="s-intro")
            yield Static(id="s-prompt", markup=False)
            yield TypedAnswer(id="s-text")
            # The question takes the room left; its choices scroll themselves (the
            # highlighted one in view), the question's text and buttons stay on screen.
            with VerticalScroll(id="s-ask") as ask:
                panel = QuestionPanel(id="s-question")
                panel.fit_to = panel.reveal = ask
                yield panel
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Ask the first question."""
        self.sub_title = say("New game — {game}", game=self.title_text())
        self._next()

    def on_resize(self, event: events.Resize) -> None:
        """A new size: the choices take the rows left to them again, the highlighted one
        in view."""
        panel = self.query_one(QuestionPanel)
        self.call_after_refresh(panel.fit_choices)
        self.call_after_refresh(panel.keep_in_view)

    def title_text(self) -> str:
        """The name of what is set up, in the player's language."""
        entry = registry.new_game(self.kind)
        return _(entry.name) if entry is not None else self.kind

    def _intro(self, text: str) -> None:
        self.query_one("#s-intro", Static).update(text)

    def _next(self) -> None:
        """Make the game with the answers so far, or ask what it still needs."""
        if self.game is None:
            if self.only is not None:
                self._next_setup(self.only)
            return
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
        self.saved = (path, journal)
        items = tables.setup_list(self.game, journal)
        if not items:
            self.action_play()
            return
        self._list(items, _("Set up the table: tick each item"))

    def _next_setup(self, setup: TableSetup) -> None:
        """A set-up with no game: its next questions, or its checklist."""
        try:
            chosen, _asked = tables.options(setup, self.answers, defaults=False)
        except NeedAnswers as need:
            self._ask(need.questions)
            return
        except CompanionError as exc:
            self.notify(str(exc), severity="error")
            self._back()
            return
        self._list(setup.checklist(chosen), _("Set up the table: tick each item"))

    def _ask(self, questions: Sequence[Question]) -> None:
        self._intro(
            say(
                "{game} — step {step}",
                game=self.title_text(),
                step=len(self.rounds) + 1,
            )
        )
        typed = [q for q in questions if q.kind == "text"]
        self.typing = typed[0] if typed else None
        restyle.set_class(self, self.typing is not None, "-typing")
        if self.typing is not None:
            self.query_one("#s-prompt", Static).update(self.typing.text)
            field = self.query_one("#s-text", Input)
            field.placeholder = ""
            field.value = self.kept.get(self.typing.id, "")
            field.focus()
            return
        dress = panels_of(self.kind).words.dress_setup
        shown = [dress(q) for q in questions]
        panel = self.query_one("#s-question", QuestionPanel)
        panel.ask(shown, self._defaults(shown))
        # The choices focused at once (the panel focused first, then its choices after the
        # refresh, restyled the panel and all in it twice a question).
        panel.focus_answer()

    def _defaults(self, questions: Sequence[Question]) -> dict[str, str]:
        """Each question's pre-selected answer: the one given before going back, else the
        ladder's suggested level for a question of the game's levels, else its default."""
        found = {q.id: q.default for q in questions if q.default}
        levels = next((lv for lv in registry.levels() if lv.game == self.kind), None)
        for question in questions:
            if levels is not None and set(question.choices) == set(levels.ids):
                from companion.history.ladder import suggested_level

                found[question.id] = suggested_level(levels.game)
            if question.id in self.kept:
                found[question.id] = self.kept[question.id]
        return found

    def _list(self, items: Sequence[Announcement], intro: str) -> None:
        """The checklist of the table's set-up, in place of the questions."""
        self.typing = None
        restyle.update_classes(self, {"-typing": False, "-listing": True})
        self._intro(intro)
        listing = SetupList(items, "screen.play" if self.saved else "", id="s-list")
        self.query_one("#s-body", Vertical).mount(listing)
        self.call_after_refresh(listing.checklist.focus)
        self.refresh_bindings()

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
            if question_id in self.answers:
                self.kept[question_id] = self.answers.pop(question_id)
        self._next()

    @takes_answers
    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        self._give(event.answers)

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        self._back()

    @takes_answers
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Start playing only once the game is saved and its checklist shows."""
        if action == "play":
            return self.saved is not None and self.has_class("-listing")
        return True

    def action_play(self) -> None:
        """Open the new game on its screen, in place of this one."""
        if self.saved is None:
            return
        path, journal = self.saved
        companion_app(self).open_game(path, journal, replace=True)
