"""The Ephios solo screen's mode machine: what a key press or an answer means right now.

The screen is in one mode at a time:

- ``menu``: the legal actions are offered (its key or its number);
- ``arg``: a verb is chosen, its target asked (a slot, an alliance, a card);
- ``preacher``: which card of the hand is the Preacher being armed;
- ``engine``: the action is played and the engine asks what it cannot know
  (a revealed card, a hand-limit discard); nothing is saved until it completes;
- ``over``: the game is over, the only answer goes home.

Cancel, Back and undo leave ``arg``, ``preacher`` and ``engine`` for the menu;
a completed action is saved and drawn by the screen (:meth:`SoloModes._saved`).
No rules here: the legal actions, their targets, refusals, warnings and questions are
the engine's (:mod:`companion.ephios.solo_action_plans`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from textual.screen import Screen

from companion.core.catalog import _, say, touch
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.plans import Ask, NothingToAsk, Report
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.ephios import solo, solo_action_plans, spoken
from companion.tui.access import companion_app
from companion.tui.screens.ephios_solo_menu import keyed
from companion.tui.voice import SpeaksMoves
from companion.tui.widgets.ephios_board import card_label, labelled
from companion.tui.widgets.questions import QuestionPanel

Mode = Literal["menu", "arg", "preacher", "engine", "over"]
# The modes in which an action is being chosen (its keys are offered).
CHOOSING: frozenset[Mode] = frozenset({"menu", "arg"})
# The modes that hold an action not yet played: Cancel, Back and undo leave them.
PENDING: frozenset[Mode] = frozenset({"arg", "engine", "preacher"})


class SoloModes(SpeaksMoves, Screen[None]):
    """The mode machine of the solo screen (see the module): the menu, the target, the
    Preacher and the engine's questions; the screen draws and saves.
    """

    path: Path
    journal: Journal
    state: solo.SoloState

    def __init__(self) -> None:
        super().__init__()
        self.mode: Mode = "menu"
        self.verb: str | None = None
        self.action: solo.Action | None = None
        self.options: dict[str, solo.Action] = {}
        self.answers: dict[str, str] = {}
        self.preacher: str | None = None  # the hand card armed as the Preacher for this action

    # ----- what the screen draws (see EphiosSoloScreen) ------------------------------------

    def _refresh_board(self, context: Mapping[str, Any] | None = None) -> None:
        """Draw the saved state, or with ``context`` the table so far."""
        raise NotImplementedError

    def _show_news(
        self, items: Sequence[Announcement], title: str = "", latest: bool = False
    ) -> None:
        """Show ``items`` under ``title`` (the default title when empty)."""
        raise NotImplementedError

    def _show_last_news(self) -> None:
        """Show again what the last step said (an action given up leaves it as it was)."""
        raise NotImplementedError

    def _show_on_phone(self, what: str) -> None:
        """On a phone, scroll the page to ``what`` ("board" or "news")."""
        raise NotImplementedError

    def _saved(self, out: Sequence[Announcement], title: str = "") -> None:
        """After a step: save, redraw, announce, offer the next action."""
        raise NotImplementedError

    # ----- the modes ----------------------------------------------------------------------

    def _question_id(self) -> str | None:
        panel = self.query_one("#solo-question", QuestionPanel)
        return panel.current.id if panel.current else None

    def _ask(self, question: Question) -> None:
        self.query_one("#solo-question", QuestionPanel).ask([question])

    # ----- the action menu ----------------------------------------------------------------

    def _legal(self) -> list[solo.Action]:
        return solo.legal_actions(self.state)

    def _menu(self) -> None:
        """Offer the legal actions (or say the game is over)."""
        self.verb, self.action, self.answers = None, None, {}
        if self.state.result:
            self.mode = "over"
            self.query_one("#solo-question", QuestionPanel).ask(
                [
                    Question(
                        "over",
                        _("The game is over. ≡ Menu takes back the last turn.")
                        if touch()
                        else _("The game is over. z takes back the last turn; Escape goes home."),
                        "one",
                        ("home",),
                        labels=(_("Back to the home screen"),),
                    )
                ]
            )
            return
        self.mode = "menu"
        self._ask(keyed(solo_action_plans.menu_question(self.state, self.preacher)))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer an action key only when the engine says that action is legal now."""
        if action == "verb":
            if self.mode not in CHOOSING:
                return None
            return True if parameters[0] in {a.verb for a in self._legal()} else None
        if action == "preacher":
            return True if self.mode in CHOOSING and self.state.hand else None
        if action == "undo":
            return True if self.journal.can_undo() else None
        if action == "redo":
            return True if self.journal.can_redo() else None
        return True

    def action_preacher(self) -> None:
        """Arm the Preacher for the next action (asking which hand card it is), or put it away."""
        if self.mode not in CHOOSING:
            return
        if self.preacher:
            self.preacher = None
            self.notify(_("The Preacher is put away: it stays in your hand."))
            self._refresh_board()
            self._menu()
            return
        try:
            step = solo_action_plans.preacher_plan(self.state, {})
        except NothingToAsk as exc:
            self.notify(str(exc), severity="warning")
            return
        if isinstance(step, Report):  # one kind of card in the hand: armed at once
            self._arm(str(step.fields["card"]))
            return
        if isinstance(step, Ask):
            self.mode = "preacher"
            self._ask(labelled(step.questions[0]))

    def _arm(self, card: str) -> None:
        self.preacher = card
        self.notify(
            say(
                "Preacher armed ({card}): if the Plot debates during this action, "
                "the debated personality goes to your hand.",
                card=card_label(card),
            )
        )
        self._refresh_board()
        self._menu()

    def action_verb(self, verb: str) -> None:
        """Choose an action: ask its target from the legal actions (or play it at once)."""
        if self.mode not in CHOOSING:
            return
        if verb == "preacher":
            self.action_preacher()
            return
        legal = self._legal()
        if not any(a.verb == verb for a in legal):
            self.notify(say("{verb}: not possible now", verb=verb), severity="warning")
            return
        self.verb = verb
        if verb == "recruit-top":
            self._start(solo.RecruitTop())
            return
        sole = solo_action_plans.sole_target(verb, self.state, legal)
        if sole is not None:  # one possible target: taken, and said
            self.notify(sole[1])
            self._start(sole[0])
            return
        self.mode = "arg"
        question, self.options = solo_action_plans.target_question(verb, self.state, legal)
        warned = self._warnings(self.options.values())
        if warned:
            self._show_news(warned, _("Before you choose"))
        self._ask(question)

    def _warnings(self, actions: Iterable[solo.Action]) -> list[Announcement]:
        """The engine's warnings for the actions offered (each once), shown, never blocking."""
        seen: dict[str, Announcement] = {}
        for action in actions:
            for item in solo.warnings(self.state, action):
                seen.setdefault(item.text, item)
        return list(seen.values())

    def _choose(self, key: str) -> None:
        """The target chosen: refuse a slot the engine refuses (staying on it), else play."""
        action = self.options.get(key)
        if action is None:
            return
        refused = solo.refusal(self.state, action)
        if refused:
            self.notify(refused, severity="warning")
            question, self.options = solo_action_plans.target_question(
                self.verb or action.verb, self.state
            )
            self._ask(question)
            return
        self._start(action)

    # ----- playing through the engine -----------------------------------------------------

    def _start(self, action: solo.Action) -> None:
        self.action = action
        self.answers = {}
        self._run()

    def _run(self) -> None:
        """Play the chosen action with the answers so far; ask the next question if needed."""
        assert self.action is not None
        answers = dict(self.answers)
        if self.preacher:
            answers["preacher"] = self.preacher
        try:
            out = solo.play(self.journal, self.action, answers, source=str(self.path))
        except NeedAnswers as need:
            self.mode = "engine"
            so_far = list(need.announcements or [])
            self._ask(labelled(need.questions[0]))
            self._refresh_board(need.context)
            self._show_news(so_far, _("So far"), latest=True)
            self._show_on_phone("board")
            return
        except CompanionError as exc:
            self.notify(str(exc), severity="error")
            if self.answers:  # a refused value: ask only that value again
                self.answers.popitem()
                self._run()
                return
            self._refresh_board()
            self._menu()
            return
        self.preacher = None
        self._saved(out)
        # Said in the order announced: your action, the Plot's turn, the end of the turn.
        self.say_step(spoken.spoken(out), spoken.cues(out))

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        answers = event.answers
        if self.mode == "over":
            companion_app(self).action_home()
        elif self.mode == "menu" and "action" in answers:
            self.action_verb(answers["action"])
        elif self.mode == "arg" and "arg" in answers:
            self._choose(answers["arg"])
        elif self.mode == "preacher" and "preacher" in answers:
            self._arm(answers["preacher"])
        elif self.mode == "engine":
            self.answers.update(answers)
            self._run()

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        if self.mode == "engine" and self.answers:
            self.answers.popitem()
            self._run()
        elif self.mode in PENDING:
            self._show_last_news()
            self._refresh_board()
            self._menu()

    def action_cancel(self) -> None:
        """Cancel the action being chosen; with none, go back home."""
        if self.mode in PENDING:
            self._show_last_news()
            self._refresh_board()
            self._menu()
            return
        companion_app(self).action_home()
