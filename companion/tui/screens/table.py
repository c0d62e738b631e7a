"""The one table screen: any game with a game object, played from the protocol alone.

Built from ``companion.core.game`` and nothing else: the status facts at the top, what to
do at the table after the last step, the questions of a step when it needs facts, and a
key for each action the game offers now (its ``key``; the main action also on Enter).
A step runs through ``companion.core.table.act`` (one replay, every answer used or
refused) and is saved at once; undo and redo are the session's. The screen names no game.

A game's panels (``companion.tui.panels``) sit beside what to do: above it on a phone or a
narrow terminal (where they fold to fewer lines), in a column of their own on a wide one.
On a small screen what to do comes first (docs/screens.md, "The layout rule"): the panels
of a game that gives a ``glance`` fold into it (`i` or a tap unfolds them until the next
step), the lines that only inform fold into the why of their move, and the lines have
no frame.
The bar above the footer (:class:`~companion.tui.widgets.main_bar.MainBar`) says what Enter
does, and a tap on it does it (a phone has no Enter key).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Size
from textual.widgets import Input, Static

from companion.core import registry, session
from companion.core import table as tables
from companion.core.catalog import N_, _, say, touch
from companion.core.errors import CompanionError
from companion.core.game import Action, TableGame
from companion.core.journal import Journal
from companion.core.plans import NothingToAsk
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.tui import keys, restyle
from companion.tui.access import companion_app
from companion.tui.live import LiveSave
from companion.tui.panels import AskingPanel, TablePanel, built, panels_of
from companion.tui.screens.work_once import WorkOnceScreen
from companion.tui.voice import SpeaksMoves
from companion.tui.widgets.announcements import AnnouncementList, one_line_per_step
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.glance import Glance, glance_size
from companion.tui.widgets.layout import FocusScroll, breakpoint_classes
from companion.tui.widgets.main_bar import MainBar
from companion.tui.widgets.questions import QuestionPanel, takes_answers
from companion.tui.widgets.typed_answer import TypedAnswer

HELP = N_("""
## The table

The lines at the top say how the game stands; below them, what to do at the
table after the last step. Each action of the game has its key in the footer
(Enter plays the main one). When a step needs a fact only the table knows,
its questions show here: answer them and the step is played and saved.
Backspace goes back a question, Escape drops the step. `z` undoes a step,
`y` redoes it.
""")
PHONE, NARROW, WIDE = "-phone", "-narrow", "-wide"
SHORT, TALL = "-short", "-tall"
GLANCE, FOLDED = "-glance", "-folded"  # a small screen; its panels folded to the glance
# A step asked (its moves so far above the question; a question typed): classes of the body
# (#t-body), not of the screen, so that asking restyles the body's widgets only, never the
# header, the bar and the footer's keys.
ASKING, SO_FAR, TYPING = "-asking", "-so-far", "-typing"
INFO = frozenset({"info"})  # the kinds of line that fold into a move's why on a small screen


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


class AskColumn(FocusScroll):
    """The column of a step's questions: when its rows change (the screen resized, a line
    above or below it grown or gone), the question's choices take the rows it now has."""

    def on_resize(self) -> None:
        """Fit the choices to the new height, once the layout has it."""
        for panel in self.query(QuestionPanel):
            self.call_after_refresh(panel.fit_choices)


class TableScreen(LiveSave, SpeaksMoves, WorkOnceScreen[None]):
    """A saved game of any game object: its status, what to do, its actions and questions.

    Args:
        path: the save file (rewritten after every step).
        journal: the game's journal.
    """

    HELP = TableHelp()
    AUTO_FOCUS = ""
    STEP_ACTIONS: ClassVar[frozenset[str]] = frozenset({"act", "main_action"})
    # Textual 8.2.8 declares Screen.HORIZONTAL_BREAKPOINTS as "ClassVar[...] | None", which mypy
    # reads as an instance variable; it is a class variable (Textual reads it from the class).
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [  # type: ignore[misc]
        (0, PHONE),
        (60, NARROW),
        (110, WIDE),
    ]
    # A short terminal (80×24, a phone's 40×20) drops the header and the frame of what to do.
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [  # type: ignore[misc]
        (0, SHORT),
        (30, TALL),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        keys.undo(key_display="z"),
        keys.redo(),
        keys.home(action="escape"),
        *keys.voice_keys(),
        *(Binding(str(n), f"count({n})", show=False) for n in range(10)),
        Binding("i", "toggle_status", N_("Status"), show=False),
    ]
    CSS = """
    TableScreen #t-body { height: 1fr; }
    TableScreen #t-left { height: auto; max-height: 60%; }
    /* The panels scroll on a phone: a column kept for the bar, so a scroll bar that comes
       when they grow (a banner at the end) never narrows the text measured before it. */
    TableScreen.-phone #t-left { scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    TableScreen #t-right { height: 1fr; }
    TableScreen #t-status { height: auto; padding: 0 1; text-style: bold; }
    TableScreen #t-panels { height: auto; }
    TableScreen #t-lower { height: 1fr; }
    TableScreen #t-news { height: 1fr; min-height: 4; }
    TableScreen #t-ask { height: 1fr; display: none; }
    TableScreen #t-question { height: auto; }
    TableScreen .-asking #t-ask { display: block; }
    TableScreen .-asking #t-news { height: auto; max-height: 40%; min-height: 0; }
    TableScreen #t-info { height: auto; padding: 0 1; display: none; }
    TableScreen #t-text { display: none; }
    TableScreen .-typing #t-text { display: block; }
    TableScreen .-typing #t-question { display: none; }
    TableScreen QuestionPanel ChoiceList { max-height: 1000; }
    TableScreen.-short Header { display: none; }
    TableScreen.-short #t-news, TableScreen.-short #t-news:focus { border: none; padding: 0; }
    TableScreen.-phone .-asking #t-left, TableScreen.-narrow.-short .-asking #t-left,
    TableScreen.-phone .-asking #t-news, TableScreen.-narrow.-short .-asking #t-news,
    TableScreen.-phone .-asking #t-heading, TableScreen.-narrow.-short .-asking #t-heading {
        display: none;
    }
    /* A step asked mid-way (a die to roll): its moves so far stay above the question. */
    TableScreen.-phone .-asking.-so-far #t-news, TableScreen.-short .-asking.-so-far #t-news,
    TableScreen.-phone .-asking.-so-far #t-heading,
    TableScreen.-short .-asking.-so-far #t-heading {
        display: block;
    }
    /* A game whose questions sit beside what to do (below it on a tall phone): the board
       and what to do stay while it asks (its menu is asked whenever the table waits); on a
       phone's 20 rows the question has the screen, as for any game. */
    TableScreen.-beside.-phone.-tall .-asking #t-left,
    TableScreen.-beside.-narrow.-short .-asking #t-left,
    TableScreen.-beside.-phone.-tall .-asking #t-news,
    TableScreen.-beside.-narrow.-short .-asking #t-news,
    TableScreen.-beside.-phone.-tall .-asking #t-heading,
    TableScreen.-beside.-narrow.-short .-asking #t-heading {
        display: block;
    }
    TableScreen.-beside.-phone .-asking #t-news { height: auto; max-height: 40%; }
    /* ... but where the board folds to its glance (a small screen; a larger one whose step
       needs the rows), it stays folded while the table asks (a tap on the glance unfolds
       it) and what to do takes the rows it needs first: the question has the rest, and
       scrolls. */
    TableScreen.-glance.-folded.-beside.-phone.-tall .-asking #t-left,
    TableScreen.-glance.-folded.-beside.-narrow.-short .-asking #t-left {
        display: none;
    }
    TableScreen.-glance.-beside.-phone.-tall .-asking #t-glance,
    TableScreen.-glance.-beside.-narrow.-short .-asking #t-glance {
        display: block;
    }
    TableScreen.-glance.-beside.-phone.-tall .-asking #t-news {
        max-height: 80%; scrollbar-gutter: stable;
    }
    TableScreen.-beside.-phone #t-left { max-height: 50%; }
    TableScreen.-beside #t-lower { layout: horizontal; }
    TableScreen.-beside #t-ask { width: 19fr; height: 1fr; }
    TableScreen.-beside #t-question { height: 1fr; }
    TableScreen.-beside #t-question ChoiceList { height: 1fr; max-height: 100%; }
    TableScreen.-beside #t-news { width: 21fr; height: 1fr; max-height: 100%; }
    TableScreen.-beside.-phone #t-lower { layout: vertical; }
    TableScreen.-beside.-phone #t-ask { width: 1fr; }
    TableScreen.-beside.-phone #t-news { width: 1fr; min-height: 3; }
    /* A finger's button a row apart from the footer's keys (a touch screen); a small
       terminal with keys keeps the row for what to do. */
    TableScreen.-touch MainBar { margin-bottom: 1; }
    TableScreen #t-heading { height: auto; padding: 0 1; text-style: bold; background: $boost; }
    TableScreen.-wide.-paneled #t-body { layout: horizontal; }
    TableScreen.-wide.-paneled #t-left { width: 66; height: 1fr; max-height: 100%; }
    TableScreen.-wide.-paneled #t-right { width: 1fr; }
    /* The glance (a small screen): the panels folded to the game's line or two; what to do
       has the rows, without a frame. */
    TableScreen #t-glance { display: none; }
    TableScreen.-glance #t-glance { display: block; }
    TableScreen.-glance.-folded #t-left { display: none; }
    TableScreen.-glance #t-news, TableScreen.-glance #t-news:focus { border: none; padding: 0; }
    TableScreen.-glance #t-news { scrollbar-size-vertical: 1; }
    TableScreen.-glance #t-heading, TableScreen.-glance #t-glance { padding: 0 0 0 1; }
    TableScreen.-phone .-asking #t-glance, TableScreen.-narrow.-short .-asking #t-glance {
        display: none;
    }
    """

    def __init__(self, path: Path, journal: Journal, set_up: bool = False) -> None:
        """The table of the game saved at ``path``; ``set_up``: its set-up was just done on
        the screen before (its checklist ticked there), so the table does not list it
        again as what to do first."""
        super().__init__()
        self.set_up = set_up
        self.path = Path(path)
        self.journal = journal
        self.game = game_of(journal)
        self.view = tables.view(self.game, journal, str(self.path))
        self.pending: tuple[str, dict[str, str]] | None = None  # the step being asked
        self.typing: Question | None = None  # the question answered in the text field
        self.rounds: list[tuple[str, ...]] = []  # the ids answered in each round of questions
        self.bound: set[str] = set()  # the actions given a key (check_action hides the rest)
        self.panels = panels_of(self.game.id)
        for action in self.view.actions:
            self._bind(action)
        self._actions_first()
        self.heading = ""  # the heading of the lines of what to do
        self.said: list[Announcement] = []  # those lines as the game said them (unfolded)
        self.last: tuple[str, list[Announcement]] = ("", [])  # the last step's heading, lines
        # Whether what to do is the line that says how to begin (worded by whether the main
        # action's questions are on screen: worded again when they come or go).
        self.ready = False
        self.count = 0  # a count typed before z / y
        self.idle = False  # the step asked is the main action the table offers unasked
        self.unfolded = False  # the panels unfolded from the glance (until the next step)
        self.small = False  # the screen is small: what to do first (glance_size)
        self.crowded = False  # a larger screen's panels folded: the step's lines need the rows
        self.set_class(self.panels.beside, "-beside")
        for number, key in enumerate(self.panels.keys):
            self._bindings.bind(key.key, f"panel_key({number})", _(key.label), show=key.show)

    def _bind(self, action: Action) -> None:
        """A key for ``action`` (and Enter for the main one), once: an action the game offers
        again after a step keeps the key it had."""
        if action.id in self.bound:
            return
        self.bound.add(action.id)
        label = action.shown_label()
        # The footer's word (a short one where the game gives one); the game's whole label is
        # then its help line.
        shown = self.panels.words.label(action)
        tooltip = label if shown != label else ""
        for key in (k.strip() for k in action.key.split(",")):
            if key != "enter":
                self._key(Binding(key, f"act('{action.id}')", shown, tooltip=tooltip))
        if action.main:
            # Before the list that has the focus (Enter would pick a line); not while a
            # question is asked (check_action), where Enter answers it.
            self._key(
                Binding(
                    "enter",
                    f"act('{action.id}')",
                    shown,
                    show=action.key == "enter",
                    priority=True,
                    key_display="⏎",
                    tooltip=tooltip,
                )
            )
        if action.main and action.key != "space":
            self._bindings.bind("space", f"act('{action.id}')", label, show=False, priority=True)

    def _actions_first(self) -> None:
        """The game's actions first in the footer (before undo, redo, home and the voice): a
        phone's footer shows the first few keys only."""
        by_key = self._bindings.key_to_bindings
        first = {k: v for k, v in by_key.items() if any(b.action.startswith("act(") for b in v)}
        self._bindings.key_to_bindings = {**first, **by_key}

    def _key(self, binding: Binding) -> None:
        """Bind one key of the screen (Textual's ``bind`` takes no help line)."""
        self._bindings.key_to_bindings.setdefault(binding.key, []).append(binding)

    def compose(self) -> ComposeResult:
        """The status, what to do, the questions of a step, the keys."""
        yield Header()
        with Vertical(id="t-body"):
            # The panels folded to a line or two on a small screen (a tap unfolds them).
            yield Glance(id="t-glance")
            # Scrolls where the panels need more rows than a phone can give them.
            with FocusScroll(id="t-left"):
                yield Static(id="t-status")
                with Vertical(id="t-panels"):
                    yield from built(self.panels)
            with Vertical(id="t-right"):
                # The heading of what to do: a line of its own, whole (a frame's title is cut).
                yield Static(id="t-heading", markup=False)
                # The questions of a step below what to do (beside it, for a game whose panels
                # ask so, on a screen 60 columns wide or more).
                with Vertical(id="t-lower"):
                    yield AnnouncementList(id="t-news", classes="framed")
                    # Scrolls: a question takes the rows it needs, every choice in reach.
                    with AskColumn(id="t-ask"):
                        yield Static(id="t-info")
                        yield QuestionPanel(id="t-question")
                        yield TypedAnswer(id="t-text")
        yield MainBar(id="t-bar")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Draw the status (laid out for the screen's size from the first frame), the last
        step's lines or how to begin, and the main action's questions when the game asks so."""
        # The size's classes, the glance's, and those of the device and the game's panels,
        # all in one restyle of the screen.
        paneled = bool(self.query_one("#t-panels").children)
        self._fold(*self.app.size, {"-touch": touch(), "-paneled": paneled})
        self.sub_title = say(
            "{game} — {file}", game=_(registry.get(self.journal.game).title), file=self.path.name
        )
        panel = self.query_one(QuestionPanel)
        panel.fit_to = self.query_one("#t-ask")
        panel.shows_answered = False  # the step asks again, or the panel is hidden
        self._draw()
        self._resumed()
        self.query_one("#t-news", AnnouncementList).focus()
        self._offer_main()

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
        self._draw_glance()
        self._draw_bar()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """An action the game does not offer now is no key; undo and redo when possible;
        none before the table is drawn (``opened``: a key pressed as the screen opens on a
        busy machine came before its widgets; the app holds it until then)."""
        if not self.opened.is_set():
            return False
        if action == "act":
            # While the table asks its own question (the main action's), another action's
            # key still plays it; Enter answers the question.
            if self.pending is not None and (not self.idle or parameters[0] == self.pending[0]):
                return False
            # Not offered now: dimmed while the game goes on; gone once it offers nothing.
            offered = any(a.id == parameters[0] for a in self.view.actions)
            return offered or (None if self.view.actions else False)
        asked = self.pending is not None and not self.idle
        if action == "toggle_status":
            return self.has_class(GLANCE) and not asked
        if asked and action in ("count", "undo", "redo", "panel_key"):
            return False  # the questions have the keys; Escape drops the step first
        if action == "undo":
            return True if self.journal.can_undo() else None
        if action == "redo":
            return True if self.journal.can_redo() else None
        return True

    # ----- a step -------------------------------------------------------------------------

    def action_act(self, action: str) -> None:
        """Play ``action``, asking its questions first when it needs facts."""
        asked = self._stop_asking(settle=False)
        self.rounds = []
        self._step(action, {})
        self._settle(asked)

    @property
    def _body(self) -> Vertical:
        """The body of the screen (all but the header, the bar and the footer): it holds the
        classes of a step asked."""
        return self.query_one("#t-body", Vertical)

    def _step(self, action: str, answers: Mapping[str, str]) -> None:
        try:
            stepped = tables.act(self.game, self.journal, action, answers, str(self.path))
        except NeedAnswers as need:
            self._ask(action, dict(answers), need)
            return
        except NothingToAsk as exc:  # declined (a "no" at a confirmation): the step dropped
            self._drop_step(str(exc))
            return
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            if self._ask_again(action, answers):
                return
            self._stop_asking()
            return
        asked = self._stop_asking(settle=False)
        self._saved(list(stepped.announcements), event=stepped.event, state=stepped.state)
        self._settle(asked)

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

    def _ask(self, action: str, answers: dict[str, str], need: NeedAnswers) -> None:
        self.pending = (action, answers)
        typed = next((q for q in need.questions if q.kind == "text"), None)
        # The body's classes of a step asked, in one restyle of its widgets.
        restyle.update_classes(
            self._body, {ASKING: True, SO_FAR: bool(need.announcements), TYPING: typed is not None}
        )
        self._show_info(action, answers)
        for panel in self.query_one("#t-panels").children:
            if isinstance(panel, AskingPanel):  # the table so far, drawn by the panel
                panel.show_asking(self.view, action, answers, need.context)
        if need.announcements:  # the moves so far: the question is about the latest
            self._show_lines(
                say("{step} (waiting for your answer)", step=self._action_label(action)),
                need.announcements,
            )
            # The latest move highlighted, so kept in view whatever the layout passes do
            # next (a scroll to the end is undone by the first line's highlight).
            news = self.query_one("#t-news", AnnouncementList)
            news.highlighted = news.option_count - 1
        elif not self.idle:
            self._show_lines(*self.last)
        if typed is not None:
            self._ask_typed(typed, self.panels.words.dress(typed, self.view))
            self._draw_bar()
            return
        panel = self.query_one("#t-question", QuestionPanel)
        panel.title = self._action_label(action)
        panel.ask([self.panels.words.dress(question, self.view) for question in need.questions])
        panel.focus_answer()
        self._draw_bar()

    def _show_info(self, action: str, answers: Mapping[str, str]) -> None:
        """What the step asked so far comes to (the game's ``info``), above its question."""
        info = self.panels.words.info(self.view, action, answers)
        shown = self.query_one("#t-info", Static)
        shown.update(info if info is not None else "")
        shown.display = info is not None

    def _ask_typed(self, question: Question, dressed: Question) -> None:
        """A question answered by typing (a name): a text field instead of the choices, the
        question above it when the game's ``info`` says nothing."""
        self.typing = question  # the body has the class TYPING (set by _ask)
        info = self.query_one("#t-info", Static)
        if not info.display:
            info.update(dressed.text)
            info.display = True
        field = self.query_one("#t-text", Input)
        field.placeholder = ""  # the line above asks it, whole (a narrow field would cut it)
        field.value = ""
        field.focus()

    @takes_answers
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
        restyle.set_class(self._body, False, TYPING)
        self.rounds.append((question.id,))
        self._step(action, {**answers, question.id: event.value.strip()})

    def _asks_main(self) -> bool:
        """Whether the main action's questions are on screen when the table waits: the
        game's panels ask so (``asks_main``), and the screen is not a small one with keys
        (under 60 columns and 30 rows), where each action is its key."""
        small_with_keys = self.has_class(PHONE) and self.has_class(SHORT) and not touch()
        return self.panels.asks_main and not small_with_keys

    def _offer_main(self) -> None:
        """With a game whose panels ask so (``asks_main``), the main action's first
        questions are on screen whenever the table waits (never a step played unasked).
        Not on a small screen with keys (under 60 columns and 30 rows): what to do keeps
        its rows there, and each action is its key (Enter asks the main one); a touch
        screen always has the question, to tap."""
        main = next((a for a in self.view.actions if a.main), None)
        if not self._asks_main() or main is None or self.pending is not None:
            return
        state = self.game.rules.clone(self.view.state)
        try:
            self.game.step(state, main.id, {}, len(self.journal.events) + 1)
        except NeedAnswers as need:
            self.rounds = []
            self.idle = True
            self._ask(main.id, {}, need)
        except CompanionError:
            return  # nothing to ask: the main action waits for its key

    def _drop_step(self, note: str = "") -> None:
        """The step being asked given up: nothing changed (its moves so far, shown while
        asking, were never played); the table as it was, with its last lines."""
        asked = self._stop_asking(settle=False)
        self.notify(note or _("Cancelled: nothing changed."))
        self._draw()
        if self.ready:  # how to begin, worded for the questions offered now or not
            self._resumed()
        else:
            self._show_lines(*self.last)
        self._offer_main()
        self._settle(asked)

    def _stop_asking(self, settle: bool = True) -> bool:
        """No step asked any more; whether one was. ``settle``: the body's classes of a
        step asked go, and the keys go back to the lines, now (else the caller settles
        them with :meth:`_settle` once it knows whether the table asks again)."""
        asked = self.pending is not None
        self.pending = None
        self.idle = False
        self.typing = None
        self.query_one("#t-info", Static).display = False
        if settle:
            self._settle(asked)
        self._draw_bar()
        return asked

    def _settle(self, asked: bool) -> None:
        """When the table asks nothing now, the body loses the classes of a step asked and,
        after a step was asked (``asked``), the keys go back to the lines (the question
        panel is hidden). Not while a question is asked again (the next step's, the
        table's own): the classes stay and the focus stays on its choices, where taking
        the classes off and on, and the focus to the lines and back, restyled the body's
        widgets and both lists twice."""
        if self.pending is not None:
            return
        restyle.set_class(self._body, False, ASKING, SO_FAR, TYPING)
        if asked:
            self.query_one("#t-news", AnnouncementList).focus()

    @takes_answers
    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        if self.pending is None:
            event.panel.show_answered()
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

    def _saved(
        self,
        said: Sequence[Announcement],
        title: str = "",
        event: Mapping[str, Any] | None = None,
        state: Any = None,
    ) -> None:
        """Write the save; then the new status and what to do (and say it), headed ``title``
        or as the game heads the step's ``event``. ``state``: the step's own new state (None
        after undo or redo: the journal's, from the cache)."""
        if not self.write_step(lambda: session.save(self.game.rules, self.path, self.journal)):
            return
        if state is None:
            self.view = tables.view(self.game, self.journal, str(self.path))
        else:
            self.view = tables.view_of(self.game, state)
        heading = self.panels.words.heading
        if event is not None and heading is not None:
            title = heading(self.view, event)
        for action in self.view.actions:
            self._bind(action)
        # What to do first again: folded on a small screen, and a larger screen's panels
        # unfolded from a fold the last step's lines needed (one restyle for both).
        self.unfolded = self.crowded = False
        glance = self.small and self.panels.glance is not None
        restyle.update_classes(self, {GLANCE: glance, FOLDED: glance})
        self._draw()
        self.last = (title, list(said))
        self.ready = False
        self._show_lines(title, said)
        self.say_step(*self.panels.words.speak(said))
        self._offer_main()

    # ----- undo, redo ---------------------------------------------------------------------

    def _back_or_forth(self, undo: bool) -> None:
        steps, self.count = max(1, self.count), 0
        set_back = self.panels.words.set_back
        before = self.view.state
        try:
            # What to do on the table to take the steps back (before they are undone).
            lines = set_back(self.journal, steps) if undo and set_back is not None else []
            moved = session.undo(self.journal, steps) if undo else session.redo(self.journal, steps)
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            self._draw_bar()
            self._offer_main()
            return
        step = self.game.describe(moved[0])
        if len(moved) > 1:
            step = say("{step} and {n} more", step=step, n=len(moved) - 1)
        if lines:
            title = say("Took back: {step} — set the table back (y redoes)", step=step)
            self._saved(lines, title)
            return
        if undo and self.panels.words.undone is not None and len(moved) == 1:
            self._saved(list(self.panels.words.undone(moved[0])), _("Undo"))
            return
        last = self.panels.words.last
        again = last(self.journal) if not undo and last is not None else None
        if again is not None:
            self._saved(again[1], say("Brought back: {step}", step=again[0]))
            return
        if not undo and len(moved) == 1:
            self._saved(self._redone(before, step, moved[0]), _("Redo"))
            return
        said = (
            say("Took back: {step}. Set the table as shown.", step=step)
            if undo
            else say("Brought back: {step}. Set the table as shown.", step=step)
        )
        self._saved([Announcement(said, kind="info")], _("Undo") if undo else _("Redo"))

    def _redone(self, before: Any, step: str, event: Mapping[str, Any]) -> list[Announcement]:
        """The step brought back, then its announcements again (to redo it on the table)."""
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
        asked = self._stop_asking(settle=False)
        self._back_or_forth(undo=True)
        self._settle(asked)

    def action_redo(self) -> None:
        """Bring back the last step taken back."""
        # As a step played (``action_act``): the classes of a step asked stay on while the
        # table asks its own question again after it (a game whose menu is always asked),
        # where taking them off and on restyled the body's widgets and both lists twice.
        asked = self._stop_asking(settle=False)
        self._back_or_forth(undo=False)
        self._settle(asked)

    def action_count(self, digit: int) -> None:
        """A digit typed before z or y: how many steps to undo or redo."""
        self.count = min(self.count * 10 + digit, 999)
        self._draw_bar()

    def action_panel_key(self, number: int) -> None:
        """A key of the game's own panels (a log, a help page)."""
        self.panels.keys[number].run(self, self.view)

    def action_escape(self) -> None:
        """Escape drops the step being asked; with none (or the table's own question), a
        count typed before z / y, else back to the home screen."""
        if self.pending is not None and not self.idle:
            self._drop_step()
            return
        if self.count:
            self.count = 0
            self._draw_bar()
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

    # ----- what to do, the bar ------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The game's state now (the view's)."""
        return self.view.state

    def _action_label(self, action: str) -> str:
        found = next((a for a in self.view.actions if a.id == action), None)
        if found is None:
            return action
        return self._main_words(found) if found.main else found.shown_label()

    def _show_lines(self, title: str, said: Sequence[Announcement]) -> None:
        """What to do, headed ``title``: one line per thing to do (details on demand)."""
        self.heading = title or _("What to do")
        news = self.query_one("#t-news", AnnouncementList)
        self.query_one("#t-heading", Static).update(self.heading)
        words = self.panels.words
        phone = self.has_class(PHONE)
        self.said = list(said)
        told = [words.tell(words.narrow(a) if phone else a) for a in self.said]
        kinds = INFO if self.small else frozenset()
        lines = one_line_per_step(told, words.folded, words.names, kinds)
        # The marks and the lines in one go: the list made once, not for each.
        news.show(lines, dict(words.marks) if phone else {}, words.names)
        news.scroll_home(animate=False, immediate=True)
        self.query_one("#t-left").scroll_home(animate=False, immediate=True)
        self.call_after_refresh(self._fit_lines)

    def _resumed(self) -> None:
        """On opening: what to do at the table first for a game not yet begun (its set-up,
        the panels' ``opening``), else the last step's lines as they were said (when the game
        words them), or how to begin."""
        self.ready = False
        fresh = not self.journal.events and not self.set_up
        opening = list(self.panels.words.opening(self.view)) if fresh else []
        if opening:
            self.last = (_("Set-up"), opening)
            self._show_lines(*self.last)
            return
        last = self.panels.words.last
        again = last(self.journal) if last is not None else None
        if again is not None:
            self.last = (again[0], list(again[1]))
            self._show_lines(*self.last)
            return
        if self.journal.events:  # the game's last step, named (it words no lines of its own)
            step = self.game.describe(self.journal.events[-1])
            line = Announcement(say("Last step: {step}.", step=step), kind="info")
            self.last = (_("What to do"), [line])
            self._show_lines(*self.last)
            return
        main = next((a for a in self.view.actions if a.main), None)
        if main is not None:
            if self._asks_main():  # its questions are on screen already: no key opens them
                begin = say("Ready: {action}, asked below.", action=self._main_words(main))
            elif touch():
                begin = say("Ready: tap “{action}” below to begin.", action=self._main_words(main))
            else:
                begin = say("Ready: press Enter for {action}.", action=self._main_words(main))
        elif touch():  # a game of several steps, none first: the footer's buttons tell them
            begin = _(
                "Ready: the table is set up. Play, and tell each step with the buttons below."
            )
        else:
            begin = _("Ready: the table is set up. Play, and tell each step with the keys below.")
        self.last = (_("What to do"), [Announcement(begin, kind="info")])
        self.ready = True
        self._show_lines(*self.last)

    def _main_words(self, action: Action) -> str:
        bar = self.panels.words.bar
        return bar(self.view) if bar is not None else action.shown_label()

    def _draw_bar(self) -> None:
        """The bar above the footer: the main action's button, how to answer, or the end."""
        bar = self.query_one("#t-bar", MainBar)
        short = self.has_class(PHONE) or touch()
        if self.pending is not None:
            bar.asking(short, touch())
            bar.display = True
            return
        main = next((a for a in self.view.actions if a.main), None)
        if main is not None:
            others = " ".join(a.key for a in self.view.actions if not a.main)
            if self.count:
                others = say("count {n}: z/y undo/redo {n} steps", n=self.count)
            bar.main(self._main_words(main), short, others)
            # A small screen with keys: the footer's key of the main action says it, and the
            # bar's row goes to what to do (a touch screen keeps its button to tap).
            bar.display = not (self.small and not touch() and not self.count)
            return
        facts = self.view.status.facts
        if not self.view.actions and facts:
            bar.over(facts[0].text, touch())
            bar.display = True
            return
        bar.display = False

    def _fold(self, width: int, height: int, more: Mapping[str, bool] | None = None) -> bool:
        """Lay the screen out for its size by the layout rule: on a small screen the panels
        fold to the game's glance (unless unfolded) and the info lines into their move's
        why; whether the screen changed between small and not.

        The size's classes (Textual's breakpoints, set here before Textual sets the same
        ones after this screen's resize handler), the glance's and ``more`` change in one
        update: the screen's widgets are restyled once, not once a class."""
        small = glance_size(width, height)
        changed = small != self.small
        self.small = small
        glance = small and self.panels.glance is not None
        classes = breakpoint_classes(self, width, height)
        classes.update(more or {})
        classes.update({GLANCE: glance, FOLDED: glance and not self.unfolded})
        restyle.update_classes(self, classes)
        return changed

    def _fit_lines(self) -> None:
        """What to do comes first on a larger screen too: while the table waits, when the
        step's lines run past their rows under the panels (a turn with a reshuffle beside a
        game's menu at 80×24), the panels fold to the game's glance until the next step."""
        if self.small or self.crowded or self.unfolded or self.panels.glance is None:
            return
        if self.has_class(WIDE) or (self.pending is not None and not self.idle):
            return  # panels in a column of their own; a step asked shows its table so far
        news = self.query_one("#t-news", AnnouncementList)
        if not news.display or news.max_scroll_y <= 0:
            return
        self.crowded = True
        restyle.set_class(self, True, GLANCE, FOLDED)
        self._draw_glance()

    def _draw_glance(self) -> None:
        """The folded status (the game's glance), or the line that folds it again."""
        glance = self.panels.glance
        shown = self.query_one("#t-glance", Glance)
        if glance is None or not self.has_class(GLANCE):
            return
        if self.unfolded:
            shown.unfolded(touch())
        else:
            shown.fold(glance(self.view))

    def action_toggle_status(self) -> None:
        """`i` or a tap on the glance: the panels unfolded (or folded again)."""
        if not self.has_class(GLANCE):
            return
        self.unfolded = not self.unfolded
        restyle.set_class(self, not self.unfolded, FOLDED)
        self._draw_glance()
        if self.unfolded:
            self.query_one("#t-left").scroll_home(animate=False)

    def sized_for(self, size: Size) -> None:
        """Before the screen is laid out at a new size: the layout rule's folds follow it
        (the lines shown again when the screen turns small or not, or a phone's width or
        not: its marks and narrow words), and the bar is worded for its width (a phone's is
        shorter)."""
        self.crowded = False  # the new size measures the lines again (_fold sets the glance)
        phone = self.has_class(PHONE)
        if self._fold(size.width, size.height) or self.has_class(PHONE) != phone:
            self._show_lines(self.heading, self.said)
            if self._body.has_class(SO_FAR):
                self.query_one("#t-news", AnnouncementList).scroll_end(animate=False)
        self._draw_bar()

    def on_resize(self, event: events.Resize) -> None:
        """Once laid out at the new size (its folds set before: :meth:`sized_for`): the
        glance drawn, the question's choices fitted to their rows, and the main action's
        questions asked while the table waits withdrawn on a small screen
        (:meth:`_fit_main`). Each new size once (the screen's own layout's report of it is
        dropped: WorkOnceScreen)."""
        self._draw_glance()
        panel = self.query_one(QuestionPanel)
        # The question's choices take the rows the new size gives (never fewer than they
        # need while rows are free), the highlighted one in view.
        self.call_after_refresh(panel.fit_choices)
        self.call_after_refresh(panel.keep_in_view)
        self.call_after_refresh(self._fit_main)
        self.call_after_refresh(self._fit_lines)

    def _fit_main(self) -> None:
        """After a resize to a small screen with keys: the main action's questions, asked
        while the table waits, are withdrawn (what to do keeps its rows there, as on opening;
        Enter asks them). A larger screen offers them again after the next step."""
        if self.idle and not self._asks_main():
            self._stop_asking()
            if self.ready:  # it said the questions were below: Enter asks them now
                self._resumed()

    def action_main_action(self) -> None:
        """A tap on the bar's button: the game's main action, as Enter."""
        main = next((a for a in self.view.actions if a.main), None)
        if main is not None and self.pending is None:
            self.action_act(main.id)

    def table_moves(self) -> tuple[str, list[Announcement]]:
        """The last step's heading and its lines (the end-of-game screen shows them too)."""
        news = self.query_one("#t-news", AnnouncementList)
        return self.heading, list(news.announcements)
