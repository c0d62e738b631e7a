"""The one table screen: any game with a game object, played from the protocol alone.

Built from ``companion.core.game`` and nothing else: the status facts at the top, what to
do at the table after the last step, the questions of a step when it needs facts, and a
key for each action the game offers now (its ``key``; the main action also on Enter).
A step runs through ``companion.core.table.act`` (one replay, every answer used or
refused) and is saved at once; undo and redo are the session's. The screen names no game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from companion.core import registry, session
from companion.core import table as tables
from companion.core.catalog import N_, _, say
from companion.core.errors import CompanionError
from companion.core.game import Action, TableGame
from companion.core.journal import Journal
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.tui import keys
from companion.tui.access import companion_app
from companion.tui.live import LiveSave
from companion.tui.panels import TablePanel, built, panels_of
from companion.tui.voice import SpeaksMoves
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.questions import QuestionPanel

HELP = N_("""
## The table

The lines at the top say how the game stands; below them, what to do at the
table after the last step. Each action of the game has its key in the footer
(Enter plays the main one). When a step needs a fact only the table knows,
its questions show here: answer them and the step is played and saved.
Backspace goes back a question, Escape drops the step. `z` undoes a step,
`y` redoes it.
""")


class TableHelp:
    """The F1 help of a table screen: the game's own (its panels' ``help``), then the
    table's."""

    def __get__(self, obj: object, owner: Any = None) -> str:
        """The help text, in the player's language now."""
        own = getattr(obj, "panels", None)
        made = own.help() if own is not None and own.help is not None else ""
        return made + _(HELP)


def game_of(journal: Journal) -> TableGame[Any]:
    """The game object of the game of ``journal`` (the screen is opened for those only)."""
    game = registry.table(journal.game)
    if game is None:
        raise CompanionError(say("{game!r} has no game object", game=journal.game))
    return game


class TableScreen(LiveSave, SpeaksMoves, Screen[None]):
    """A saved game of any game object: its status, what to do, its actions and questions.

    Args:
        path: the save file (rewritten after every step).
        journal: the game's journal.
    """

    HELP = TableHelp()
    STEP_ACTIONS: ClassVar[frozenset[str]] = frozenset({"act"})
    BINDINGS: ClassVar[list[BindingType]] = [
        keys.undo(key_display="z"),
        Binding("ctrl+z", "undo", N_("Undo"), show=False),
        keys.redo(),
        keys.home(action="escape"),
        *keys.voice_keys(),
    ]
    CSS = """
    TableScreen #t-top { height: auto; }
    TableScreen #t-status { height: auto; padding: 0 1; text-style: bold; }
    TableScreen #t-panels { height: auto; }
    TableScreen #t-news { height: 1fr; min-height: 4; }
    TableScreen #t-question { height: auto; display: none; }
    TableScreen.-asking #t-question { display: block; }
    TableScreen #t-info { height: auto; padding: 0 1; display: none; }
    TableScreen #t-text { display: none; }
    TableScreen.-typing #t-text { display: block; }
    TableScreen.-typing #t-question { display: none; }
    """

    def __init__(self, path: Path, journal: Journal) -> None:
        super().__init__()
        self.path = Path(path)
        self.journal = journal
        self.game = game_of(journal)
        self.view = tables.view(self.game, journal, str(self.path))
        self.pending: tuple[str, dict[str, str]] | None = None  # the step being asked
        self.typing: Question | None = None  # the question answered in the text field
        self.rounds: list[tuple[str, ...]] = []  # the ids answered in each round of questions
        self.bound: set[str] = set()  # the actions given a key (check_action hides the rest)
        self.panels = panels_of(self.game.id)
        self._bind_actions_first()
        for number, key in enumerate(self.panels.keys):
            self._bindings.bind(key.key, f"panel_key({number})", _(key.label), show=key.show)

    def _bind_actions_first(self) -> None:
        """The game's actions' keys, before the screen's own in the footer (a footer too
        narrow for every key keeps the game's)."""
        own = dict(self._bindings.key_to_bindings)
        self._bindings.key_to_bindings.clear()
        for action in self.view.actions:
            self._bind(action)
        for key, bindings in own.items():
            self._bindings.key_to_bindings.setdefault(key, []).extend(bindings)

    def _bind(self, action: Action) -> None:
        """A key for ``action`` (and Enter for the main one), once: an action the game offers
        again after a step keeps the key it had."""
        if action.id in self.bound:
            return
        self.bound.add(action.id)
        label = self.panels.label(action)
        # The footer's word, the game's whole label in the help's key table (its tooltip).
        for key in (k.strip() for k in action.key.split(",")):
            binding = Binding(key, f"act('{action.id}')", label, tooltip=action.shown_label())
            self._bindings.key_to_bindings.setdefault(key, []).append(binding)
        if action.main and action.key != "enter":
            # Before the list that has the focus (Enter would pick a line); not while a
            # question is asked (check_action), where Enter answers it.
            self._bindings.bind("enter", f"act('{action.id}')", label, show=False, priority=True)

    def compose(self) -> ComposeResult:
        """The status, what to do, the questions of a step, the keys."""
        yield Header()
        with Vertical(id="t-top"):
            yield Static(id="t-status")
            with Vertical(id="t-panels"):
                yield from built(self.panels)
            yield Static(id="t-info")
            yield QuestionPanel(id="t-question")
            yield Input(id="t-text")
        news = AnnouncementList(id="t-news", classes="framed")
        news.border_title = _("What to do")
        yield news
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Draw the status."""
        self.sub_title = say(
            "{game} — {file}", game=_(registry.get(self.journal.game).title), file=self.path.name
        )
        self._draw()
        news = self.query_one("#t-news", AnnouncementList)
        if not self.journal.events:
            self._show_opening(news)
        news.focus()

    def _show_opening(self, news: AnnouncementList) -> None:
        """A game not yet started: what to do at the table first (its set-up), if any."""
        opening = [self.panels.tell(a) for a in self.panels.opening(self.view)]
        if opening:
            news.border_title = _("Set-up")
            news.show(opening)

    def _draw(self) -> None:
        covered: set[str] = set()
        for panel in self.query_one("#t-panels").children:
            if isinstance(panel, TablePanel):
                panel.show(self.view)
                covered |= panel.covers
        lines = [fact.text for fact in self.view.status.facts if fact.what not in covered]
        status = self.query_one("#t-status", Static)
        status.update("\n".join(lines))
        status.display = bool(lines)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """An action the game does not offer now is no key; undo and redo when possible."""
        if action == "act":
            if self.pending is not None:
                return False
            return any(a.id == parameters[0] for a in self.view.actions) or None
        if action == "undo":
            return True if self.journal.can_undo() else None
        if action == "redo":
            return True if self.journal.can_redo() else None
        return True

    # ----- a step -------------------------------------------------------------------------

    def action_act(self, action: str) -> None:
        """Play ``action``, asking its questions first when it needs facts."""
        self.rounds = []
        self._step(action, {})

    def _step(self, action: str, answers: Mapping[str, str]) -> None:
        try:
            stepped = tables.act(self.game, self.journal, action, answers, str(self.path))
        except NeedAnswers as need:
            self._ask(action, dict(answers), need.questions)
            return
        except CompanionError as exc:
            self._stop_asking()
            self.notify(str(exc), severity="warning")
            return
        self._stop_asking()
        self._saved(list(stepped.announcements))

    def _ask(self, action: str, answers: dict[str, str], questions: Sequence[Question]) -> None:
        self.pending = (action, answers)
        self.add_class("-asking")
        self._show_info(action, answers)
        typed = next((q for q in questions if q.kind == "text"), None)
        if typed is not None:
            self._ask_typed(typed, self.panels.dress(typed, self.view))
            return
        panel = self.query_one("#t-question", QuestionPanel)
        panel.ask([self.panels.dress(question, self.view) for question in questions])
        panel.focus()

    def _show_info(self, action: str, answers: Mapping[str, str]) -> None:
        """What the step asked so far comes to (the game's ``info``), above its question."""
        info = self.panels.info(self.view, action, answers)
        shown = self.query_one("#t-info", Static)
        shown.update(info if info is not None else "")
        shown.display = info is not None

    def _ask_typed(self, question: Question, dressed: Question) -> None:
        """A question answered by typing (a name): a text field instead of the choices, the
        question above it when the game's ``info`` says nothing."""
        self.typing = question
        self.add_class("-typing")
        info = self.query_one("#t-info", Static)
        if not info.display:
            info.update(dressed.text)
            info.display = True
        field = self.query_one("#t-text", Input)
        field.placeholder = ""  # the line above asks it, whole (a narrow field would cut it)
        field.value = ""
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed answer: checked by its question, then the step goes on."""
        event.stop()
        if self.pending is None or self.typing is None:
            return
        try:
            self.typing.parse(event.value)
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            return
        action, answers = self.pending
        question, self.typing = self.typing, None
        self.remove_class("-typing")
        self.rounds.append((question.id,))
        self._step(action, {**answers, question.id: event.value.strip()})

    def _stop_asking(self) -> None:
        self.pending = None
        self.typing = None
        self.remove_class("-asking")
        self.remove_class("-typing")
        self.query_one("#t-info", Static).display = False

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        if self.pending is None:
            return
        action, answers = self.pending
        self.rounds.append(tuple(event.answers))
        self._step(action, {**answers, **event.answers})

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        """Back at a round's first question: the round before, or the step is dropped."""
        event.stop()
        if self.pending is None or not self.rounds:
            self._stop_asking()
            return
        action, answers = self.pending
        for question_id in self.rounds.pop():
            answers.pop(question_id, None)
        self._step(action, answers)

    def _saved(self, said: Sequence[Announcement], title: str = "") -> None:
        """Write the save; then the new status and what to do (and say it)."""
        if not self.write_step(lambda: session.save(self.game.rules, self.path, self.journal)):
            return
        self.view = tables.view(self.game, self.journal, str(self.path))
        for action in self.view.actions:
            self._bind(action)
        self._draw()
        news = self.query_one("#t-news", AnnouncementList)
        news.border_title = title or _("What to do")
        news.show([self.panels.tell(a) for a in said])
        self.say_step(*self.panels.speak(said))

    # ----- undo, redo ---------------------------------------------------------------------

    def _back_or_forth(self, undo: bool) -> None:
        try:
            moved = session.undo(self.journal) if undo else session.redo(self.journal)
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            return
        step = self.game.describe(moved[0])
        said = (
            say("Took back: {step}. Set the table as shown.", step=step)
            if undo
            else say("Brought back: {step}. Set the table as shown.", step=step)
        )
        self._saved([Announcement(said, kind="info")], _("Undo") if undo else _("Redo"))

    def action_undo(self) -> None:
        """Take back the last step."""
        self._stop_asking()
        self._back_or_forth(undo=True)

    def action_redo(self) -> None:
        """Bring back the last step taken back."""
        self._stop_asking()
        self._back_or_forth(undo=False)

    def action_panel_key(self, number: int) -> None:
        """A key of the game's own panels (a log, a help page)."""
        self.panels.keys[number].run(self, self.view)

    def action_escape(self) -> None:
        """Escape drops the step being asked; with none, back to the home screen."""
        if self.pending is not None:
            self._stop_asking()
            return
        companion_app(self).action_home()

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Command-palette entries of this screen: the game's actions, undo and redo."""
        for action in self.view.actions:
            yield SystemCommand(
                action.shown_label(), action.key, lambda a=action.id: self.action_act(a)
            )
        for number, key in enumerate(self.panels.keys):
            yield SystemCommand(_(key.label), key.key, lambda n=number: self.action_panel_key(n))
        yield SystemCommand(_("Undo"), "z", self.action_undo)
        yield SystemCommand(_("Redo"), "y", self.action_redo)
