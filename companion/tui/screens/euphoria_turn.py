"""The Euphoria Automa turn screen: one key runs the next Automa turn beside the board.

A thin shell over `companion.euphoria.game`: it shows the card pair, the
deck, both Automas and the announcements of the last step; Enter (or Space)
calls `run_turn`; the engine's questions are asked inline and the turn is
run again with the answers; the keys of the human events walk the engine's
report plans (`companion.euphoria.reports`) and call `apply_event`. Every
successful step is saved at once.

What the question panel is asking, and why, is the screen's mode (:class:`Pending`):
``turn`` (the engine's questions for the next Automa turn, asked one screen at a
time in the order the engine gives, :func:`turn_questions_to_ask`), ``report`` (a
report's plan, :mod:`companion.euphoria.reports`, walked by :class:`PlanSteps`) and
``event`` (the engine's own questions for the reported event, e.g. physical dice).
Each answered step goes on with its mode.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, Literal

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from companion.core import session
from companion.core.catalog import _, say, say_n, touch
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.plans import Ask, NothingToAsk, bind
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.euphoria import game, spoken
from companion.euphoria.board import LAST_TIER, RECRUITS_ACTIVATED
from companion.euphoria.journal_text import describe_event, last_step, undo_lines
from companion.euphoria.reports import CARD_QUESTIONS, REPORTS, turn_questions_to_ask
from companion.tui.access import companion_app
from companion.tui.glyphs import AUTOMA_MARKS
from companion.tui.live import LiveSave
from companion.tui.screens.euphoria_log import EuphoriaLogScreen
from companion.tui.screens.euphoria_turn_help import HELP, TURN_BINDINGS
from companion.tui.voice import SpeaksMoves
from companion.tui.widgets.announcements import AnnouncementList, one_line_per_step
from companion.tui.widgets.cardpair import card_question
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.euphoria_automa import (
    AutomaPanel,
    EuphoriaCardPair,
    SitesPanel,
    deck_line,
)
from companion.tui.widgets.questions import QuestionPanel
from companion.tui.widgets.step_dialog import PlanSteps

PHONE, NARROW, WIDE = "-phone", "-narrow", "-wide"
# The bar above the footer that says what Enter does: a tap (a click) on it does it. Its
# own colours (8.4:1 in either theme), kept under the pointer a tap leaves on it (hover).
BUTTON_TEXT, BUTTON_BACK = "#FFFFFF", "#0B4F8A"
NEXT_TURN = Style(
    bold=True, color=BUTTON_TEXT, bgcolor=BUTTON_BACK, meta={"@click": "screen.next_turn"}
)
SHORT, TALL = "-short", "-tall"
Mode = Literal["turn", "report", "event"]


def turn_title(turn: int, action: str, support: str, rebuilt: bool) -> str:
    """The title of an Automa turn's moves: its number, its cards, whether the deck was
    rebuilt (short enough to share the row with the deck's line at 80 columns)."""
    cards = {"turn": turn, "action": action, "support": support}
    if rebuilt:
        return say("Automa turn {turn} — cards {action} / {support}, new deck", **cards)
    return say("Automa turn {turn} — cards {action} / {support}", **cards)


# The screen's mode classes, and the widgets whose rules in EuphoriaTurnScreen's CSS depend
# on them (each with what is inside it: #turn-left holds #automas, #ask the question panel).
# tests/ui/test_tui_euphoria_turn.py checks that a full restyle changes nothing after them.
MODES = ("-asking", "-reporting", "-so-far", "-rolling")
MODE_DEPENDENTS = ("#turn-left", "#ann-head", "#announcements", "#ask")


@dataclass
class Pending:
    """What the question panel is asking for.

    ``mode``: "turn" (the engine's questions for the next turn), "report" (the
    questions of a report's plan, in ``steps``) or "event" (the engine's questions for
    the event the report built: ``kind`` and ``fields``).
    """

    mode: Mode
    title: str = ""
    answers: dict[str, str] = field(default_factory=dict)
    steps: PlanSteps | None = None
    kind: str = ""
    fields: dict[str, Any] = field(default_factory=dict)


class EuphoriaTurnScreen(LiveSave, SpeaksMoves, Screen[None]):
    """Run the two Automas: the card pair, the Automas, the announcements, the keys.

    Args:
        path: the save file of the game (written after every step).
        journal: the game's journal (loaded from ``path``).
    """

    HELP = HELP
    AUTO_FOCUS = ""
    # Textual 8.2.8 declares Screen.HORIZONTAL_BREAKPOINTS as "ClassVar[...] | None", which mypy
    # reads as an instance variable; it is a class variable (Textual reads it from the class).
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [  # type: ignore[misc]
        (0, PHONE),
        (60, NARROW),
        (110, WIDE),
    ]
    # A short terminal (80×24, a phone's 40×20) drops the header and draws the card pair in
    # three lines, so a whole Automa turn's lines fit below it.
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [  # type: ignore[misc]
        (0, SHORT),
        (30, TALL),
    ]
    # One press, one step (companion.tui.live): these keys run one step per half second.
    STEP_ACTIONS: ClassVar[frozenset[str]] = frozenset({"next_turn"})
    BINDINGS: ClassVar[list[BindingType]] = TURN_BINDINGS
    DEFAULT_CSS = """
    EuphoriaTurnScreen #turn-status { padding: 0 1; background: $boost; height: auto; }
    EuphoriaTurnScreen #turn-body { height: 1fr; }
    EuphoriaTurnScreen #turn-left { height: auto; }
    EuphoriaTurnScreen #automas { height: auto; }
    EuphoriaTurnScreen #automas AutomaPanel { width: 1fr; }
    EuphoriaTurnScreen #sites { display: none; }
    EuphoriaTurnScreen #turn-right { height: 1fr; }
    EuphoriaTurnScreen #ann-head { height: auto; }
    EuphoriaTurnScreen #ann-title { padding: 0 1; text-style: bold; height: auto; width: 1fr; }
    EuphoriaTurnScreen #ann-deck { width: auto; height: 1; display: none; padding: 0 1 0 0; }
    EuphoriaTurnScreen #ann-pages { width: auto; height: 1; color: $text-muted; }
    EuphoriaTurnScreen #announcements { height: 1fr; border: none; padding: 0 1; }
    EuphoriaTurnScreen #announcements:focus { border-left: heavy $accent; padding: 0 0; }
    EuphoriaTurnScreen #ask { height: 1fr; display: none; border-top: heavy $accent; }
    EuphoriaTurnScreen.-asking #ask { display: block; }
    EuphoriaTurnScreen.-short Header { display: none; }
    /* 80×24: the deck's line joins the announcements' title row (one row more for them). */
    EuphoriaTurnScreen.-short.-narrow #turn-status { display: none; }
    EuphoriaTurnScreen.-short.-narrow #ann-deck { display: block; }
    EuphoriaTurnScreen.-short #cards { padding: 0 1; }
    EuphoriaTurnScreen.-phone #cards { padding: 0 1; }
    EuphoriaTurnScreen.-narrow.-asking #announcements { display: none; }
    EuphoriaTurnScreen.-narrow.-asking #ann-head { display: none; }
    EuphoriaTurnScreen.-narrow.-asking #automas { display: none; }
    /* A question takes the rows it needs: the question's scroller (#ask) scrolls, and
       moving the highlight scrolls it (ChoiceList), so every choice is in reach. */
    EuphoriaTurnScreen QuestionPanel ChoiceList { max-height: 1000; }
    /* A die (or a site) asked mid-turn: the moves so far stay in view above the question,
       so the player has placed the worker before rolling it (on a phone: for dice only,
       the sites' choices need the room). */
    EuphoriaTurnScreen.-narrow.-asking.-so-far #announcements,
    EuphoriaTurnScreen.-phone.-asking.-so-far.-rolling #announcements {
        display: block; height: auto; max-height: 50%;
    }
    EuphoriaTurnScreen.-phone.-asking.-so-far.-rolling #announcements { max-height: 4; }
    EuphoriaTurnScreen.-phone #turn-left { max-height: 60%; }
    EuphoriaTurnScreen.-phone #automas { layout: vertical; }
    EuphoriaTurnScreen.-phone #automas AutomaPanel { width: 100%; }
    EuphoriaTurnScreen.-phone.-asking #announcements { display: none; }
    EuphoriaTurnScreen.-phone.-asking #ann-head { display: none; }
    EuphoriaTurnScreen.-phone.-asking #automas { display: none; }
    EuphoriaTurnScreen.-phone #announcements { padding: 0; }
    EuphoriaTurnScreen.-short.-reporting #turn-left { display: none; }
    EuphoriaTurnScreen #turn-hint {
        padding: 0 1; height: auto; text-style: bold;
        link-color: #FFFFFF; link-background: #0B4F8A; link-style: bold;
        link-color-hover: #FFFFFF; link-background-hover: #0B4F8A; link-style-hover: bold;
    }
    EuphoriaTurnScreen.-over #turn-hint { background: $warning 30%; }
    /* A finger: the turn button a row above the footer's keys (Bump, Site...), not on them. */
    EuphoriaTurnScreen.-phone #turn-hint, EuphoriaTurnScreen.-touch #turn-hint {
        margin-bottom: 1;
    }
    EuphoriaTurnScreen.-wide #turn-body { layout: horizontal; }
    EuphoriaTurnScreen.-wide #turn-left { width: 66; height: 1fr; }
    EuphoriaTurnScreen.-wide #automas { layout: vertical; }
    EuphoriaTurnScreen.-wide #automas AutomaPanel {
        width: 100%; border: round $panel-lighten-2; border-title-align: left;
    }
    EuphoriaTurnScreen.-wide #sites {
        display: block; border: round $panel-lighten-2; border-title-align: left;
    }
    EuphoriaTurnScreen.-wide #turn-right { width: 1fr; }
    EuphoriaTurnScreen.-wide.-asking #announcements { height: auto; max-height: 40%; }
    """

    def __init__(self, path: Path, journal: Journal) -> None:
        super().__init__()
        self.path = Path(path)
        self.journal = journal
        self.state = game.replay(journal)
        self.pending: Pending | None = None
        self.count = 0  # a count typed before z / y
        self.said: list[Announcement] = []  # the announcements on screen, unfolded

    # ----- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Status line; card pair and Automas; announcements and questions; hint; footer."""
        yield Header()
        yield Static(id="turn-status")
        with Vertical(id="turn-body"):
            # Scrolls (Tab reaches it) where the pair and the Automas need more rows than
            # a phone can give them beside the moves (longer words, en_XA).
            with VerticalScroll(id="turn-left"):
                yield EuphoriaCardPair(id="cards")
                with Horizontal(id="automas"):
                    yield AutomaPanel("black", id="black")
                    yield AutomaPanel("white", id="white")
                sites = SitesPanel(id="sites")
                sites.border_title = _("Market sites")
                yield sites
            with Vertical(id="turn-right"):
                with Horizontal(id="ann-head"):
                    yield Static(id="ann-title")
                    yield Static(id="ann-deck", markup=False)
                    # Visible tap controls that page the list (a phone has no PageUp/PageDown).
                    yield Static(
                        "[@click=screen.page_up]▲[/] [@click=screen.page_down]▼[/] ",
                        id="ann-pages",
                    )
                yield AnnouncementList(id="announcements")
                with VerticalScroll(id="ask"):
                    yield QuestionPanel(id="questions")
        yield Static(id="turn-hint")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        """Show the state and the announcements of the last step (after a resume)."""
        self.query_one("#black", AutomaPanel).border_title = _("Black Automa")
        self.query_one("#white", AutomaPanel).border_title = _("White Automa")
        self.set_class(touch(), "-touch")  # the turn button a row apart from the footer's keys
        # A question takes the rows it needs, up to the question area's (the screen's).
        self.query_one(QuestionPanel).fit_to = self.query_one("#ask")
        self._refresh_state()
        step = last_step(self.journal)
        if step is None:
            ready = (
                _("Ready: the humans play first, then tap “Automa turn 1” below.")
                if touch()
                else _("Ready: the humans play first, then press Enter for the first Automa turn.")
            )
            self._announce(ready, [])
        else:
            self._announce(self._last_title(), step.announcements)

    def _last_title(self) -> str:
        """The title of the last step's moves, as it was when the step was made: an Automa
        turn's number and cards, or the event reported (the log shows the answers)."""
        event = self.journal.events[-1]
        deck = self.state.deck
        if event.get("kind") == "turn" and deck.action and deck.support:
            return turn_title(self.state.turn, deck.action, deck.support, deck.rebuilt)
        return say("Reported: {event}", event=describe_event(event))

    def on_resize(self) -> None:
        """The layout may change with the size (phone, narrow, wide): redraw the status line
        and the hint, which are worded for it; a question takes the rows it now has."""
        self.call_after_refresh(self._hint if self.pending else self._refresh_state)
        self.call_after_refresh(self.query_one(QuestionPanel).keep_in_view)

    @property
    def wide(self) -> bool:
        """Whether the wide layout (two columns) is in use."""
        return self.has_class(WIDE)

    def _refresh_state(self) -> None:
        """Show ``self.state``: status line, card pair, Automas, sites, hint."""
        state = self.state
        cards = state.cards.cards
        deck = state.deck
        self.query_one(EuphoriaCardPair).show(
            cards.get(deck.action) if deck.action else None,
            cards.get(deck.support) if deck.support else None,
        )
        for name in ("black", "white"):
            self.query_one(f"#{name}", AutomaPanel).show(state)
        self.query_one(SitesPanel).show(state)
        status = Text()
        status.append(say("Turn {turn}", turn=state.turn), style="bold")
        status.append(f" · {deck_line(state, short=self.has_class(PHONE))}")
        if self.wide:
            status.append(
                say(
                    " · {players} players · {difficulty}",
                    players=state.players,
                    difficulty=state.options.difficulty,
                )
            )
            status.append(say(" · seed {seed}", seed=state.seed))
        self.query_one("#turn-status", Static).update(status)
        self.query_one("#ann-deck", Static).update(f"{deck_line(state, short=True)} ·")
        # A phone says who by the Automa's mark (■ black, □ white), as the panels do.
        self.query_one(AnnouncementList).use_marks(AUTOMA_MARKS if self.has_class(PHONE) else {})
        self.set_class(state.over, "-over")
        self._hint()

    def _hint(self) -> None:
        """The line above the footer: what Enter does now (or why it does nothing)."""
        state = self.state
        text = Text()
        if self.pending is not None:
            text.append(
                _("Tap your answer above") if touch() else _("Answer above (Enter confirms)"),
                style="bold",
            )
            if not self.has_class(PHONE) and not touch():  # a phone's footer shows Back
                text.append(_(" · Backspace: back · Escape:"))
            # A tap on it cancels too (a phone has no Escape key).
            text.append(" ")
            text.append(
                _("✕ cancel"),
                style=Style(bold=True, reverse=True, meta={"@click": "screen.escape"}),
            )
        elif state.over:
            text.append(say("★ GAME OVER — {winner} won", winner=state.winner_name), style="bold")
            text.append(
                _(" (placed the last token) · ≡ Menu: how it went, undo, log")
                if touch()
                else _(" (placed the last token) · o: how it went · z: undo · g: log")
            )
        elif self.has_class(PHONE) or touch():  # the footer's ≡ Menu holds the other actions
            # The bar is the button: a tap on it runs the turn, as Enter does.
            text.append(say("⏎ Automa turn {turn}", turn=state.turn + 1), style=NEXT_TURN)
            text.append(_("  · reports: ≡ Menu"))
        else:
            text.append(
                say("⏎ Enter: run Automa turn {turn}", turn=state.turn + 1), style=NEXT_TURN
            )
            if self.count:
                text.append(say("  count {n}: z/y undo/redo {n} steps", n=self.count))
            else:
                text.append(self._reminder())
        self.query_one("#turn-hint", Static).update(text)

    def _reminder(self) -> str:
        """The keys to mention after Enter: the track reports when the engine asked for one."""
        if any(a.what == "track.report" for a in self.said):
            return say(
                "  ·  track reached {activated} / {last}? press a / l",
                activated=RECRUITS_ACTIVATED,
                last=LAST_TIER,
            )
        return _("  ·  b c m a l h x: report  ·  z undo  ·  F1 help")

    def table_moves(self) -> tuple[str, list[Announcement]]:
        """The last step's title and its lines (the end-of-game screen shows them too)."""
        return str(self.query_one("#ann-title", Static).render()), list(
            self.query_one(AnnouncementList).announcements
        )

    def _announce(self, title: str, announcements: list[Announcement]) -> None:
        self.query_one("#ann-title", Static).update(title)
        self.said = list(announcements)  # as the engine said them (the list folds details)
        self.query_one(AnnouncementList).show(one_line_per_step(announcements))
        self._hint()

    # ----- asking -------------------------------------------------------------------------

    def _set_modes(self, modes: Mapping[str, bool]) -> None:
        """Set the screen's mode classes, restyling only the widgets that look different in
        a mode (and what is inside them): a class of the screen restyles every widget of it
        (Textual cannot know which rules depend on it), the footer's keys and the card pair
        too, twice a question."""
        if all(self.has_class(name) == on for name, on in modes.items()):
            return
        for name, on in modes.items():
            self.set_class(on, name, update=False)
        for selector in MODE_DEPENDENTS:
            self.query_one(selector).update_node_styles()

    def _ask(self, questions: list[Question], modes: Mapping[str, bool] | None = None) -> None:
        """Ask ``questions``; ``modes``: more of the screen's classes to set as it asks."""
        assert self.pending is not None
        # A report (not the turn's own questions): on a short screen the card pair makes room.
        self._set_modes(
            {"-asking": True, "-reporting": self.pending.mode != "turn", **(modes or {})}
        )
        panel = self.query_one(QuestionPanel)
        panel.title = self.pending.title
        cards = self.state.cards.cards
        questions = [card_question(q, cards) if q.id in CARD_QUESTIONS else q for q in questions]
        panel.ask(questions)
        self.refresh_bindings()
        self._hint()

    def _stop_asking(self) -> None:
        self.pending = None
        self._set_modes(dict.fromkeys(MODES, False))
        self.query_one(QuestionPanel).ask([])
        self.set_focus(None)
        self.refresh_bindings()
        self._hint()

    def on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        """Every question on screen answered: go on with the turn, the report or the event."""
        event.stop()
        pending = self.pending
        if pending is None:
            return
        if pending.mode == "report" and pending.steps is not None:
            pending.steps.give(event.answers)
            self._report_step()
            return
        pending.answers.update(event.answers)
        if pending.mode == "turn":
            self._run_turn()
        else:
            self._apply_event()

    def on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        """Backspace on the first question: the report's previous question, or cancel."""
        event.stop()
        pending = self.pending
        if (
            pending is not None
            and pending.mode == "report"
            and pending.steps is not None
            and pending.steps.back()
        ):
            self._report_step()
            return
        self._cancel()

    def _cancel(self) -> None:
        if self.pending is not None:
            self.notify(_("Cancelled: nothing changed."))
            if self.pending.mode == "turn":  # back to the saved turn's cards and steps
                self._stop_asking()
                self._refresh_state()
                self._announce(_("Cancelled: the turn was not played"), [])
                return
        self._stop_asking()

    # ----- steps --------------------------------------------------------------------------

    def _saved(self) -> None:
        """Save after a successful step and show the new state."""
        if not self.write_step(lambda: session.save_game(self.path, self.journal)):
            return
        self.state = game.replay(self.journal)
        self._refresh_state()

    def _run_turn(self) -> None:
        answers = self.pending.answers if self.pending else {}
        try:
            report = game.run_turn(self.journal, answers)
        except NeedAnswers as need:
            if self.pending is None:
                title = say("Automa turn {turn}", turn=self.state.turn + 1)
                self.pending = Pending("turn", title=title)
            self._show_pending_turn(need)
            step = turn_questions_to_ask(need.questions, self.pending.answers)
            modes = {
                "-so-far": bool(need.announcements) and not step.cards,
                "-rolling": all(q.kind == "number" for q in step.questions),
            }
            self._ask(step.questions, modes)
            return
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            self._stop_asking()
            return
        self._stop_asking()
        self._saved()
        title = turn_title(report.turn, report.action, report.support, report.rebuilt)
        self._announce(title, report.announcements)
        # Said in the order the engine announced the turn: black's moves, then white's.
        self.say_step(spoken.spoken(report.announcements), spoken.cues(report.announcements))

    def _show_pending_turn(self, need: NeedAnswers) -> None:
        """While a turn waits for answers: the card pair it drew and its steps so far."""
        cards = self.state.cards.cards
        action, support = need.context.get("action", ""), need.context.get("support", "")
        if action not in cards or support not in cards:
            return
        self.query_one(EuphoriaCardPair).show(cards[action], cards[support])
        turn = need.context.get("turn", "")
        title = say(
            "Automa turn {turn} — cards {action} / {support} (waiting for your answer)",
            turn=turn,
            action=action,
            support=support,
        )
        self.query_one("#ann-title", Static).update(title)
        moves = self.query_one(AnnouncementList)
        moves.show(one_line_per_step(need.announcements))
        moves.scroll_end(animate=False)  # the die asked belongs to the latest move
        status = Text()
        status.append(say("Turn {turn}", turn=turn), style="bold")
        if self.has_class(PHONE):
            status.append(_(" · waiting for your answer"))
        else:
            status.append(_(" · cards drawn, waiting for your answer (nothing saved yet)"))
        self.query_one("#turn-status", Static).update(status)

    def _report_step(self) -> None:
        pending = self.pending
        assert pending is not None and pending.steps is not None
        try:
            step = pending.steps.next()
        except NothingToAsk as exc:
            self.notify(str(exc), severity="warning")
            self._stop_asking()
            return
        if isinstance(step, Ask):
            self._ask(list(step.questions))
            return
        if step is None:
            self._stop_asking()
            return
        pending.kind, pending.fields = step.kind, dict(step.fields)
        pending.mode, pending.answers = "event", {}
        self._apply_event()

    def _apply_event(self) -> None:
        pending = self.pending
        assert pending is not None
        try:
            said = game.apply_event(self.journal, pending.kind, pending.answers, **pending.fields)
        except NeedAnswers as need:
            self._ask([q for q in need.questions if q.id not in pending.answers])
            return
        except CompanionError as exc:
            self.notify(str(exc), title=_("Not reported"), severity="error", timeout=8)
            self._stop_asking()
            return
        self._stop_asking()
        self._saved()
        title = say("Reported: {event}", event=describe_event(self.journal.events[-1]))
        self._announce(title, said)
        self.say_step(spoken.spoken(said), spoken.cues(said))

    # ----- the keys that start a mode -----------------------------------------------------

    def action_next_turn(self) -> None:
        """Run the next Automa turn (asking what the engine needs)."""
        self.count = 0
        if self.state.over:
            self.notify(
                say(
                    "The game is over: {winner} won. z takes back the last step.",
                    winner=self.state.winner_name,
                ),
                title=_("No more turns"),
            )
            return
        self._run_turn()

    def action_event(self, key: str) -> None:
        """Start a report (bump, site, market, activation, last tier, a human won, correct)."""
        self.count = 0
        report = REPORTS[key]
        if self.state.over and key != "correct":
            self.notify(_("The game is over: only a correction (x) or undo (z) is possible."))
            return
        steps = PlanSteps(bind(report.plan, self.state))
        self.pending = Pending("report", title=report.shown_title(), steps=steps)
        self._report_step()

    # ----- actions ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While questions are on screen only Escape works here (the panel has the keys)."""
        if self.pending is not None:  # the voice's keys too: hush or repeat while answering
            return action in ("escape", "voice", "say_again", "hush")
        if action in ("why", "all_whys", "move", "page", "ends"):
            return not self.query_one(AnnouncementList).has_focus
        return True

    def action_count(self, digit: int) -> None:
        """A digit typed before z or y: how many steps to undo or redo."""
        self.count = min(self.count * 10 + digit, 999)
        self._hint()

    def _steps(self) -> int:
        steps, self.count = max(1, self.count), 0
        return steps

    def action_undo(self) -> None:
        """Take back the last step (or the typed count of steps)."""
        steps = min(self._steps(), len(self.journal.events))
        if not steps:
            self.notify(_("Nothing to undo: this is the set-up."))
            self._hint()
            return
        # What to do on the table to take the steps back (before they are undone).
        lines = undo_lines(self.journal, steps)
        turn_before = self.state.turn
        session.undo(self.journal, steps)
        self._saved()
        back = turn_before - self.state.turn
        undone = say_n("{n} step", "{n} steps", steps)
        if back:
            title = say(
                "Undid {steps}, {back} — take back on the table (y redoes)",
                steps=undone,
                back=say_n("{n} Automa turn", "{n} Automa turns", back),
            )
        else:
            title = say("Undid {steps} — take back on the table (y redoes)", steps=undone)
        if not lines:
            lines = [Announcement(_("Nothing to change on the table."), kind="info")]
        self._announce(title, lines)

    def action_redo(self) -> None:
        """Bring back the last undone step (or the typed count)."""
        steps = min(self._steps(), len(self.journal.redo_stack))
        if not steps:
            self.notify(_("Nothing to redo."))
            self._hint()
            return
        session.redo(self.journal, steps)
        self._saved()
        step = last_step(self.journal)
        title = (
            say_n(
                "Redid {n} step; the last: {title}",
                "Redid {n} steps; the last: {title}",
                steps,
                title=step.title,
            )
            if step
            else _("Redone")
        )
        self._announce(title, step.announcements if step else [])

    def action_log(self) -> None:
        """Show the move log."""
        self.app.push_screen(EuphoriaLogScreen(self.journal))

    def action_move(self, delta: int) -> None:
        """Move the highlight in the announcements (scrolling them) without focusing them."""
        listing = self.query_one(AnnouncementList)
        if not listing.option_count:
            return
        current = listing.highlighted if listing.highlighted is not None else 0
        if listing.highlighted is not None and listing.scroll_through(delta):
            return  # through a line taller than the list (a why shown on a phone) first
        listing.highlighted = max(0, min(listing.option_count - 1, current + delta))

    def action_page(self, direction: int) -> None:
        """Scroll the announcements one page (PageUp / PageDown) without focusing them."""
        listing = self.query_one(AnnouncementList)
        # OptionList's page actions are untyped in Textual.
        if direction > 0:
            listing.action_page_down()  # type: ignore[no-untyped-call, unused-ignore]
        else:
            listing.action_page_up()  # type: ignore[no-untyped-call, unused-ignore]

    def action_page_up(self) -> None:
        """The ▲ control: one page up."""
        self.action_page(-1)

    def action_page_down(self) -> None:
        """The ▼ control: one page down."""
        self.action_page(1)

    def action_ends(self, direction: int) -> None:
        """Jump to the first (Home) or the last (End) announcement without focusing them."""
        listing = self.query_one(AnnouncementList)
        if direction > 0:
            listing.action_last()
        else:
            listing.action_first()

    def action_why(self) -> None:
        """Show / hide the why of the highlighted announcement."""
        self.query_one(AnnouncementList).action_toggle_why()

    def action_all_whys(self) -> None:
        """Show / hide every why."""
        self.query_one(AnnouncementList).action_toggle_all()

    def action_escape(self) -> None:
        """Cancel the questions; with none, go back to the home screen."""
        if self.pending is not None:
            self._cancel()
        elif self.count:
            self.count = 0
            self._hint()
        else:
            companion_app(self).action_home()

    def palette_commands(self) -> Iterable[SystemCommand]:
        """This screen's commands for the command palette."""
        yield SystemCommand(_("Next Automa turn"), _("Enter"), self.action_next_turn)
        for key, report in REPORTS.items():
            yield SystemCommand(
                report.shown_title(), _("A human event"), partial(self.action_event, key)
            )
        yield SystemCommand(_("Undo"), _("Take back the last step (z)"), self.action_undo)
        yield SystemCommand(_("Redo"), _("Bring back an undone step (y)"), self.action_redo)
        yield SystemCommand(_("Move log"), _("Every step so far (g)"), self.action_log)
