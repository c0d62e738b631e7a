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
from companion.core.catalog import N_, _, say, touch
from companion.core.errors import CompanionError
from companion.core.game import Action, TableGame
from companion.core.journal import Journal
from companion.core.plans import NothingToAsk
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.tui import keys
from companion.tui.access import companion_app
from companion.tui.live import LiveSave
from companion.tui.panels import AskingPanel, TablePanel, built, panels_of
from companion.tui.voice import SpeaksMoves
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.layout import ScrollsWhenCut, apply_breakpoints
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
    TableScreen #t-main { height: auto; max-height: 60%; }
    TableScreen.-beside.-phone #t-main { max-height: 50%; }
    TableScreen #t-status { height: auto; padding: 0 1; text-style: bold; }
    TableScreen #t-panels { height: auto; }
    TableScreen #t-lower { height: 1fr; }
    TableScreen #t-news { height: 1fr; min-height: 4; }
    TableScreen #t-question { height: auto; }
    TableScreen #t-ask { height: auto; display: none; }
    TableScreen.-asking #t-ask { display: block; }
    TableScreen #t-info { height: auto; padding: 0 1; display: none; }
    TableScreen #t-text { display: none; }
    TableScreen.-typing #t-text { display: block; }
    TableScreen.-typing #t-question { display: none; }
    TableScreen.-beside #t-lower { layout: horizontal; }
    TableScreen.-beside #t-ask { width: 19fr; height: 1fr; }
    TableScreen.-beside #t-question { height: 1fr; }
    TableScreen.-beside #t-question ChoiceList { height: 1fr; max-height: 100%; }
    TableScreen.-beside #t-news { width: 21fr; }
    TableScreen.-beside.-phone #t-lower { layout: vertical; }
    TableScreen.-beside.-phone #t-ask { width: 1fr; }
    TableScreen.-beside.-phone #t-news { width: 1fr; min-height: 3; }
    TableScreen.-beside.-phone.-asking #t-news { height: auto; max-height: 40%; }
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
        self.idle = False  # the step asked is the main action the table offers unasked
        self.set_class(self.panels.beside, "-beside")
        self.said: tuple[list[Announcement], str] = ([], "")  # the last step's news, title

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
        if action.main:
            # Before the list that has the focus (Enter would pick a line); not while a
            # question is asked (check_action), where Enter answers it.
            self._bindings.bind("enter", f"act('{action.id}')", label, show=False, priority=True)

    def compose(self) -> ComposeResult:
        """The status, what to do, the questions of a step, the keys."""
        yield Header()
        with ScrollsWhenCut(id="t-main"):
            yield Static(id="t-status")
            with Vertical(id="t-panels"):
                yield from built(self.panels)
        # The questions of a step over what to do (beside it, for a game whose panels ask
        # so, on a screen 60 columns wide or more).
        with Vertical(id="t-lower"):
            with Vertical(id="t-ask"):
                yield Static(id="t-info")
                yield QuestionPanel(id="t-question")
                yield Input(id="t-text")
            news = AnnouncementList(id="t-news", classes="framed")
            news.border_title = _("What to do")
            yield news
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Draw the status (laid out for the screen's size from the first frame)."""
        apply_breakpoints(self, self.app.size.width, self.app.size.height)
        self.sub_title = say(
            "{game} — {file}", game=_(registry.get(self.journal.game).title), file=self.path.name
        )
        self._draw()
        self.query_one("#t-news", AnnouncementList).focus()
        self._first_news()
        self._offer_main()

    def _first_news(self) -> None:
        """Before the first step here: what to do at the table first (the game's set-up,
        its ``opening``), else how to play the main action."""
        opening = list(self.panels.opening(self.view)) if not self.journal.events else []
        if opening:
            self.said = (opening, _("Set-up"))
            self._show_news(*self.said)
            return
        main = next((a for a in self.view.actions if a.main), None)
        if main is None:
            return
        line = (
            say("Tap {action} or ≡ Menu (the rules are there too).", action=main.shown_label())
            if touch()
            else say("Enter: {action}. F1 has the keys and the rules.", action=main.shown_label())
        )
        self.said = ([Announcement(line, kind="info")], "")
        self._show_news(*self.said)

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
            # While the table asks its own question (the main action's), another action's
            # key still plays it; Enter answers the question.
            if self.pending is not None and (not self.idle or parameters[0] == self.pending[0]):
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
        self.idle = False
        self._step(action, {})

    def _step(self, action: str, answers: Mapping[str, str]) -> None:
        try:
            stepped = tables.act(self.game, self.journal, action, answers, str(self.path))
        except NeedAnswers as need:
            self._ask(action, dict(answers), need.questions)
            self._so_far(action, answers, need)
            return
        except NothingToAsk as exc:  # declined (a "no" at a confirmation): the step dropped
            self.notify(str(exc), severity="information")
            self._drop_step()
            return
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            if self._ask_again(action, answers):
                return
            self._stop_asking()
            return
        self._stop_asking()
        self._saved(list(stepped.announcements), state=stepped.state)

    def _ask_again(self, action: str, answers: Mapping[str, str]) -> bool:
        """An answer the step refused: its round of questions is asked again, the answers
        before it kept (False when no answer was given: the step itself was refused)."""
        if self.pending is None or not self.rounds:
            return False
        kept = dict(answers)
        for question_id in self.rounds.pop():
            kept.pop(question_id, None)
        self._step(action, kept)
        return True

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

    def _so_far(self, action: str, answers: Mapping[str, str], need: NeedAnswers) -> None:
        """While a step asks: what it has worked out so far in the news (the move the
        question is about), and the panels that can, drawn from the table so far."""
        for panel in self.query_one("#t-panels").children:
            if isinstance(panel, AskingPanel):
                panel.show_asking(self.view, action, answers, need.context)
        if need.announcements:
            self._show_news(list(need.announcements), _("So far"))
        elif not self.idle:
            self._show_news(*self.said)

    def _show_news(self, said: Sequence[Announcement], title: str = "") -> None:
        news = self.query_one("#t-news", AnnouncementList)
        news.border_title = title or _("What to do")
        news.show([self.panels.tell(a) for a in said])

    def _offer_main(self) -> None:
        """With a game whose panels ask so (``asks_main``), the main action's first
        questions are on screen whenever the table waits (never a step played unasked).
        Not on a small screen with keys (under 60 columns and 30 rows): what to do keeps
        its rows there, and each action is its key (Enter asks the main one); a touch
        screen always has the question, to tap."""
        main = next((a for a in self.view.actions if a.main), None)
        if not self.panels.asks_main or main is None or self.pending is not None:
            return
        if self.has_class("-phone") and self.has_class("-short") and not touch():
            return
        state = self.game.rules.clone(self.view.state)
        try:
            self.game.step(state, main.id, {}, len(self.journal.events) + 1)
        except NeedAnswers as need:
            self.rounds = []
            self._ask(main.id, {}, need.questions)
            self.idle = True
            self._so_far(main.id, {}, need)
        except CompanionError:
            return  # nothing to ask: the main action waits for its key

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
        self.idle = False
        self.typing = None
        self.remove_class("-asking")
        self.remove_class("-typing")
        self.query_one("#t-info", Static).display = False

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        if self.pending is None:
            return
        self.idle = False
        action, answers = self.pending
        self.rounds.append(tuple(event.answers))
        self._step(action, {**answers, **event.answers})

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        """Back at a round's first question: the round before, or the step is dropped."""
        event.stop()
        if self.idle:
            return  # the table's own question: nothing to go back to
        if self.pending is None or not self.rounds:
            self._drop_step()
            return
        action, answers = self.pending
        for question_id in self.rounds.pop():
            answers.pop(question_id, None)
        self._step(action, answers)

    def _drop_step(self) -> None:
        """The step being asked given up: the table as it was, and its last news."""
        self._stop_asking()
        self._draw()
        self._show_news(*self.said)
        self._offer_main()

    def _saved(self, said: Sequence[Announcement], title: str = "", state: Any = None) -> None:
        """Write the save; then the new status and what to do (and say it). ``state``: the
        step's own new state (None after undo or redo: the journal's, from the cache)."""
        if not self.write_step(lambda: session.save(self.game.rules, self.path, self.journal)):
            return
        if state is None:
            self.view = tables.view(self.game, self.journal, str(self.path))
        else:
            self.view = tables.view_of(self.game, state)
        for action in self.view.actions:
            self._bind(action)
        self._draw()
        self.said = (list(said), title)
        self._show_news(said, title)
        self._speak(said)
        self._offer_main()

    def _speak(self, said: Sequence[Announcement]) -> None:
        """Say a step: the game's spoken lines and cues (by default the announcements')."""
        self.say_step(*self.panels.speak(said))

    def table_moves(self) -> tuple[str, list[Announcement]]:
        """The last step's title and its lines (the end-of-game screen opened over this one
        shows them too: the winning step's moves are still to be made at the table)."""
        news = self.query_one("#t-news", AnnouncementList)
        return str(news.border_title or ""), list(news.announcements)

    # ----- undo, redo ---------------------------------------------------------------------

    def _back_or_forth(self, undo: bool) -> None:
        before = self.view.state
        try:
            moved = session.undo(self.journal) if undo else session.redo(self.journal)
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            self._drop_step()
            return
        said = self._undone(moved[0]) if undo else self._redone(before, moved[0])
        self._saved(said, _("Undo") if undo else _("Redo"))

    def _undone(self, event: Mapping[str, Any]) -> list[Announcement]:
        """What to do at the table after ``event`` was taken back."""
        if self.panels.undone is not None:
            return list(self.panels.undone(event))
        step = self.game.describe(event)
        said = say("Took back: {step}. Set the table as shown.", step=step)
        return [Announcement(said, kind="info")]

    def _redone(self, before: Any, event: Mapping[str, Any]) -> list[Announcement]:
        """The step brought back, then its announcements again (to redo it on the table)."""
        step = self.game.describe(event)
        said = [Announcement(say("Brought back: {step}.", step=step), kind="info")]
        try:
            index = len(self.journal.events)
            said += self.game.rules.apply(self.game.rules.clone(before), event, index)[1]
        except CompanionError:
            said[0] = Announcement(
                say("Brought back: {step}. Set the table as shown.", step=step), kind="info"
            )
        return said

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
        """Escape drops the step being asked; with none (or the table's own), back home."""
        if self.pending is not None and not self.idle:
            self._drop_step()
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
