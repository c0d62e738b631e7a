"""The Euphoria turn screen's mode machine: what the question panel is asking, and why.

Three modes: ``turn`` (the engine's questions for the next Automa turn, asked one
screen at a time in the order the engine gives, :func:`turn_questions_to_ask`),
``report`` (a report's plan, :mod:`companion.euphoria.reports`, walked by
:class:`PlanSteps`) and ``event`` (the engine's own questions for the reported event,
e.g. physical dice). Each answered step goes on with its mode; every successful step
is saved at once. The screen draws; this class decides what comes next.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from companion.core import session
from companion.core.catalog import _, say
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.plans import Ask, NothingToAsk, bind
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.euphoria import game, spoken
from companion.euphoria.journal_text import describe_event
from companion.euphoria.reports import CARD_QUESTIONS, REPORTS, turn_questions_to_ask
from companion.euphoria.state import GameState
from companion.tui.voice import SpeaksMoves
from companion.tui.widgets.announcements import AnnouncementList, one_line_per_step
from companion.tui.widgets.cardpair import card_question
from companion.tui.widgets.euphoria_automa import EuphoriaCardPair
from companion.tui.widgets.questions import QuestionPanel
from companion.tui.widgets.step_dialog import PlanSteps

PHONE = "-phone"
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


class EuphoriaTurnFlow(SpeaksMoves, Screen[None]):
    """The turn screen's questions: the next turn, a report, the event's own questions."""

    path: Path
    journal: Journal
    state: GameState
    pending: Pending | None
    count: int

    # ----- what the screen draws (the screen defines these) -------------------------------

    def _announce(self, title: str, announcements: list[Announcement]) -> None:
        raise NotImplementedError

    def _refresh_state(self) -> None:
        raise NotImplementedError

    def _hint(self) -> None:
        raise NotImplementedError

    def write_step(self, write: Callable[[], object]) -> bool:
        """Write the step (the live view's own, :class:`companion.tui.live.LiveSave`)."""
        raise NotImplementedError

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
