"""The Ephios solo screen: the crossroads, the Plot zone, your hand; your action, the Plot's answer.

A thin shell over `companion.ephios.solo`: the actions offered come from
``legal_actions``, the engine asks what it cannot know (revealed cards,
costs) one question at a time, and its announcements say what to do on the
table. The game is saved after every step.

What a key press or an answer means depends on the screen's mode, one at a time:

- ``menu``: the legal actions are offered (its key or its number);
- ``arg``: a verb is chosen, its target asked (a slot, an alliance, a card);
- ``preacher``: which card of the hand is the Preacher being armed;
- ``engine``: the action is played and the engine asks what it cannot know
  (a revealed card, a hand-limit discard); nothing is saved until it completes;
- ``over``: the game is over, the only answer goes home.

Cancel, Back and undo leave ``arg``, ``preacher`` and ``engine`` for the menu; a
completed action is saved and drawn (:meth:`EphiosSoloScreen._saved`). No rules here:
the legal actions, their targets, refusals, warnings and questions are the engine's
(:mod:`companion.ephios.solo_action_plans`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from companion.core import session
from companion.core.catalog import N_, _, say, touch
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.plans import Ask, NothingToAsk, Report
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.ephios import solo, solo_action_plans, spoken
from companion.ephios.solo_rules import RULE_NUMBERS
from companion.tui import keys
from companion.tui.access import companion_app
from companion.tui.live import LiveSave
from companion.tui.screens.ephios_solo_menu import (
    PREACHER_KEY,
    VERB_NAMES,
    VERBS,
    keyed,
    log_lines,
    solo_help,
    undo_items,
)
from companion.tui.voice import SpeaksMoves
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.ephios_board import (
    Alliances,
    EphiosLogScreen,
    alliance_grid,
    card_label,
    crossroads_table,
    end_banner,
    hand_text,
    labelled,
    next_text,
    status_text,
)
from companion.tui.widgets.popularity import PopularityBar
from companion.tui.widgets.questions import QuestionPanel

Mode = Literal["menu", "arg", "preacher", "engine", "over"]
# The modes in which an action is being chosen (its keys are offered).
CHOOSING: frozenset[Mode] = frozenset({"menu", "arg"})
# The modes that hold an action not yet played: Cancel, Back and undo leave them.
PENDING: frozenset[Mode] = frozenset({"arg", "engine", "preacher"})

# A phone in portrait (under 60 columns), a narrow terminal, a wide one (the board's right
# column grows).
SIZE_CLASSES = [(0, "-phone"), (60, "-narrow"), (100, "-wide")]

# Kept importable from here: the one describer of a solo journal event is the engine's.
describe_event = solo.describe_event


class Page(VerticalScroll):
    """The board (and on a phone the announcements) over the question: it takes the focus
    (Tab, then the arrows and Page Up/Down scroll it) only while it has rows to scroll, as
    on a phone; otherwise Tab goes from the question to the announcements."""

    @property
    def can_focus(self) -> bool:  # a class flag in Textual, a property here
        """Whether Tab stops here: only while the page is taller than its view."""
        return self.max_scroll_y > 0

    @can_focus.setter
    def can_focus(self, value: bool) -> None:
        """Textual sets the flag on the class; the page decides by its rows (above)."""


class EphiosSoloScreen(LiveSave, SpeaksMoves, Screen[None]):
    """A solo game against the Plot.

    Args:
        path: the save file (rewritten after every step).
        journal: the game's journal.
        announcements: what to show at first (e.g. the set-up steps).
    """

    @property
    def HELP(self) -> str:  # type: ignore[override]  # a property: translated when shown
        """The F1 help, in the player's language (read when it is shown)."""
        return solo_help()

    # Textual 8.2.8 declares Screen.HORIZONTAL_BREAKPOINTS as "ClassVar[...] | None", which mypy
    # reads as an instance variable; it is a class variable (Textual reads it from the class).
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = SIZE_CLASSES  # type: ignore[misc]
    # The question takes the focus itself (the first focusable widget would be the phone's
    # announcements, and focusing them scrolls the board away).
    AUTO_FOCUS = ""
    # One press, one step (companion.tui.live): these keys run one step per half second.
    STEP_ACTIONS: ClassVar[frozenset[str]] = frozenset({"verb"})
    # Bindings are made when the class is: their words are marked (N_) and translated where
    # the footer and the help show them.
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        *(
            Binding(
                key,
                f"verb('{verb}')",
                VERB_NAMES[verb],
                show=False,
                tooltip=keys.filled(label, **RULE_NUMBERS),
            )
            for verb, key, label in VERBS
        ),
        Binding(
            PREACHER_KEY,
            "preacher",
            N_("Preacher"),
            show=False,
            tooltip=N_("arm the Preacher for this action (again: put it away)"),
        ),
        keys.undo(
            key_display="z", tooltip=N_("take back the action being chosen, else the last turn")
        ),
        Binding("ctrl+z", "undo", N_("Undo"), show=False),
        keys.redo(),
        keys.log(tooltip=N_("the move log: every action so far, the table after each")),
        keys.correct(
            description=N_("Correct"),
            tooltip=N_("correct the table: move a card, set popularity, persuasion, affinities"),
        ),
        keys.home(
            "cancel", N_("Cancel"), tooltip=N_("cancel the action being chosen; otherwise home")
        ),
        *keys.voice_keys(),
    ]

    # On a phone (under 60 columns) the board stands over the announcements in one column
    # that scrolls, and the question is under them, always in view: the choices stay in
    # reach while the table above is scrolled. The phone's announcements are a second list
    # (#solo-news-phone) because they move out of the row they share with the question.
    DEFAULT_CSS = """
    EphiosSoloScreen #solo-page { height: auto; max-height: 60%; }
    EphiosSoloScreen #solo-board { height: auto; }
    EphiosSoloScreen #solo-left { width: 1fr; height: auto; }
    EphiosSoloScreen #solo-crossroads { height: auto; }
    EphiosSoloScreen #solo-right { width: auto; min-width: 30; max-width: 50%; height: auto; }
    EphiosSoloScreen.-wide #solo-right { width: 44; }
    EphiosSoloScreen #solo-alliances { height: auto; }
    EphiosSoloScreen #solo-alliances-short { height: auto; display: none; padding: 0 1; }
    EphiosSoloScreen .solo-next { height: auto; padding: 0 1; }
    EphiosSoloScreen #solo-next-phone { display: none; }
    EphiosSoloScreen .solo-line { height: auto; padding: 0 1; }
    EphiosSoloScreen #solo-pop { padding: 0 1; }
    EphiosSoloScreen #solo-lower { height: 1fr; }
    EphiosSoloScreen #solo-ask { width: 19fr; height: 1fr; }
    EphiosSoloScreen #solo-question { height: 1fr; }
    EphiosSoloScreen #solo-question ChoiceList { height: 1fr; max-height: 100%; }
    EphiosSoloScreen #solo-banner { height: auto; display: none; }
    EphiosSoloScreen #solo-news {
        width: 21fr; height: 1fr; max-height: 100%; scrollbar-gutter: stable;
    }
    EphiosSoloScreen #solo-news-phone { display: none; }
    EphiosSoloScreen.-over #solo-banner { display: block; }
    EphiosSoloScreen.-over #solo-ask { overflow-y: auto; }
    EphiosSoloScreen.-over #solo-question { height: auto; }
    EphiosSoloScreen.-over #solo-question ChoiceList { height: auto; }
    EphiosSoloScreen .solo-next.-sofar { background: $warning 30%; text-style: bold; }
    EphiosSoloScreen.-phone #solo-page {
        height: 1fr; max-height: 100%; overflow-y: auto; scrollbar-size-vertical: 1;
    }
    EphiosSoloScreen.-phone #solo-board { layout: vertical; }
    EphiosSoloScreen.-phone #solo-right { width: 1fr; max-width: 100%; }
    EphiosSoloScreen.-phone #solo-next { display: none; }
    EphiosSoloScreen.-phone #solo-next-phone { display: block; }
    EphiosSoloScreen.-phone #solo-alliances { display: none; }
    EphiosSoloScreen.-phone #solo-alliances-short { display: block; }
    EphiosSoloScreen.-phone #solo-news { display: none; }
    EphiosSoloScreen.-phone #solo-news-phone { display: block; height: auto; max-height: 999; }
    EphiosSoloScreen.-phone #solo-lower { height: auto; border-top: solid $accent; }
    EphiosSoloScreen.-phone #solo-ask { height: auto; }
    EphiosSoloScreen.-phone #solo-question { height: auto; }
    EphiosSoloScreen.-phone #solo-question #qp-text { margin-bottom: 0; }
    EphiosSoloScreen.-phone #solo-question ChoiceList {
        height: auto; max-height: 40vh; scrollbar-size-vertical: 1;
    }
    """

    def __init__(
        self, path: Path, journal: Journal, announcements: Sequence[Announcement] = ()
    ) -> None:
        super().__init__()
        self.mode: Mode = "menu"
        self.verb: str | None = None
        self.action: solo.Action | None = None
        self.options: dict[str, solo.Action] = {}
        self.answers: dict[str, str] = {}
        self.preacher: str | None = None  # the hand card armed as the Preacher for this action
        self.path = Path(path)
        self.journal = journal
        self.state = solo.replay(journal, str(self.path))
        self.first_news = list(announcements) or [
            Announcement(
                say("Turn {turn}: tap your action; ≡ Menu has the rules.", turn=self.state.turn)
                if touch()
                else say(
                    "Turn {turn}: choose your action (its key or its number); F1 has the rules.",
                    turn=self.state.turn,
                ),
                kind="info",
            )
        ]
        # what the last step said, shown again when an action is given up
        self.last_news: list[Announcement] = list(self.first_news)
        self.last_title = ""

    # ----- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The board on top; the question and the announcements below."""
        yield Header()
        with Page(id="solo-page"):
            with Horizontal(id="solo-board"):
                with Vertical(id="solo-left"):
                    yield Static(id="solo-crossroads")
                    # a phone: the Plot's next move (and its threats) right under the cards
                    yield Static(id="solo-next-phone", classes="solo-next")
                    yield PopularityBar(
                        0,
                        goal=None,
                        low=-solo.RESHUFFLE_LOSS,
                        high=solo.MAX_POPULARITY,
                        label=_("Popularity"),
                        id="solo-pop",
                    )
                    yield Static(id="solo-status", classes="solo-line")
                    yield Static(id="solo-hand", classes="solo-line")
                with Vertical(id="solo-right"):
                    yield Static(id="solo-alliances")
                    yield Static(id="solo-alliances-short")
            # the Plot's next move and its threat across the screen: a long warning takes
            # two rows there, not eight in the right column
            yield Static(id="solo-next", classes="solo-next")
            yield self._news("solo-news-phone")
        with Horizontal(id="solo-lower"):
            # the question fills its column and its list scrolls itself (its highlighted
            # choice in view); the end banner stands over it
            with Vertical(id="solo-ask"):
                yield Static(id="solo-banner")
                yield QuestionPanel(id="solo-question")
            yield self._news("solo-news")
        yield Footer()

    def _news(self, id: str) -> AnnouncementList:
        news = AnnouncementList(self.first_news, id=id, classes="framed solo-news")
        news.border_title = _("What to do")
        return news

    def on_mount(self) -> None:
        """Draw the board and offer the actions."""
        # the save's name alone ("ephios-solo-…" says the game): the header holds it whole
        self.sub_title = self.path.stem
        from companion.tui.widgets.layout import apply_breakpoints

        # the phone's layout from the first frame: its question list is measured once
        apply_breakpoints(self, self.app.size.width, self.app.size.height)
        self._refresh_board()
        self._menu()

    # ----- drawing ------------------------------------------------------------------------

    def _refresh_board(self, context: Mapping[str, Any] | None = None) -> None:
        """Draw the saved state, or with ``context`` (NeedAnswers.context) the table so far."""
        context = context or {}
        state = context.get("state")
        so_far = isinstance(state, solo.SoloState)
        s = state if isinstance(state, solo.SoloState) else self.state
        row = context.get("crossroads", s.row()) if so_far else s.row()
        # The screen says it shows the table so far, and only its next-step lines change
        # look: a class changed on the screen restyles all of its widgets, at every step.
        self.set_class(so_far, "-sofar", update=False)
        asking = bool(so_far and str(self._question_id()).startswith("reveal-"))
        self.query_one("#solo-crossroads", Static).update(crossroads_table(row, asking=asking))
        self.query_one("#solo-alliances", Static).update(Alliances(s.plot_zone, s.affinities))
        self.query_one("#solo-alliances-short", Static).update(
            alliance_grid(s.plot_zone, s.affinities)
        )
        self.query_one("#solo-pop", PopularityBar).value = s.popularity
        self.query_one("#solo-status", Static).update(status_text(s))
        # the Preacher's flag until it is played (the table so far may show it played)
        armed = None if context.get("preacher_used") else self.preacher
        self.query_one("#solo-hand", Static).update(hand_text(s.hand, armed))
        for line in self.query(".solo-next").results(Static):
            line.set_class(so_far, "-sofar")
            line.update(next_text(s, so_far))
        self.set_class(s.result is not None, "-over")
        if s.result:
            self.query_one("#solo-banner", Static).update(end_banner(s))
        self.refresh_bindings()

    def _show_news(
        self, items: Sequence[Announcement], title: str = "", latest: bool = False
    ) -> None:
        """Show ``items`` under ``title`` ("What to do" when empty); ``latest`` highlights
        (scrolls to) the newest."""
        for news in self.query(".solo-news").results(AnnouncementList):
            news.border_title = title or _("What to do")
            news.show(items)
            if latest and items:
                news.highlighted = len(items) - 1
                # the whole newest item in view (its wrapped lines too), after the layout
                self.call_after_refresh(news.scroll_end, animate=False)

    def _show_last_news(self) -> None:
        """Show again what the last step said (an action given up leaves it as it was)."""
        self._show_news(self.last_news, self.last_title)

    def _show_on_phone(self, what: str) -> None:
        """On a phone, scroll the page to ``what`` ("board" or "news") after the layout."""
        if not self.has_class("-phone"):
            return
        page = self.query_one("#solo-page")
        if what == "news":
            news = self.query_one("#solo-news-phone")

            def newest() -> None:
                """The news from its top when it fits the view, else its end: the newest
                steps (the Plot's move) in view, the first ones a key (Up) away."""
                if news.outer_size.height <= page.scrollable_content_region.height:
                    page.scroll_to_widget(news, animate=False, top=True)
                else:
                    page.scroll_end(animate=False)

            self.call_after_refresh(newest)
        else:
            self.call_after_refresh(page.scroll_home, animate=False)

    # ----- after a step ----------------------------------------------------------------

    def _saved(self, out: Sequence[Announcement], title: str = "") -> None:
        """After a step: save, redraw, announce, offer the next action."""
        try:
            if not self.write_step(lambda: session.save_game(self.path, self.journal)):
                return
        except OSError as exc:
            self.notify(say("could not save: {error}", error=exc), severity="error")
        self.state = solo.replay(self.journal, str(self.path))
        self.last_news, self.last_title = list(out), title
        if self.preacher not in self.state.hand:
            self.preacher = None
        self._refresh_board()
        self._show_news(out, title, latest=True)  # the newest step in view
        self._show_on_phone("news")
        self._menu()

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

    # ----- undo, redo, log, corrections ---------------------------------------------------

    def _undo_redo(self, which: str) -> None:
        before = self.state
        try:
            event = getattr(session, which)(self.journal)[0]
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.journal.summary = solo.summary(solo.replay(self.journal, str(self.path)))
        if which == "undo":
            items = undo_items(event)
        else:
            items = [
                Announcement(
                    say("Brought back: {step}.", step=solo.describe_event(event)), kind="info"
                )
            ]
            with contextlib.suppress(CompanionError):  # the steps again, to redo on the table
                items += solo.apply_event(before, event)[1]
        self._saved(items, _("Undo") if which == "undo" else _("Redo"))

    def action_undo(self) -> None:
        """Take back the action being chosen, else the last turn (with the Plot's turns after it)."""
        if self.mode in PENDING:
            self.action_cancel()
            self.notify(_("Action cancelled (nothing was saved); z again undoes the last turn."))
            return
        self._undo_redo("undo")

    def action_redo(self) -> None:
        """Bring back the last turn taken back."""
        self._undo_redo("redo")

    def log_lines(self) -> list[str]:
        """Every step so far, in words, each followed by the table after it (turn, %, Plot zone)."""
        return log_lines(self.journal)

    def action_log(self) -> None:
        """Show the move log."""
        self.app.push_screen(EphiosLogScreen(_("Moves so far"), self.log_lines(), numbered=False))

    def action_correct(self) -> None:
        """Correct the table (move a card, set popularity, persuasion, affinities) via the engine."""
        from companion.tui.screens import ephios_correct

        def done(event: dict[str, Any] | None) -> None:
            """Record the correction the dialog returned (None: cancelled) and show what to do."""
            if event is None:
                return
            try:
                out = ephios_correct.record(self.journal, event, str(self.path))
            except CompanionError as exc:
                self.notify(str(exc), severity="error")
                return
            self._saved(out, _("Corrected"))

        self._show_last_news()
        self._menu()
        self.app.push_screen(ephios_correct.correction_dialog(self.state), done)

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Command-palette entries of this screen."""
        yield SystemCommand(_("Undo the last turn"), _("z / Ctrl+Z"), self.action_undo)
        yield SystemCommand(_("Redo"), "y", self.action_redo)
        yield SystemCommand(_("Move log"), _("Every action so far (g)"), self.action_log)
        yield SystemCommand(
            _("Correct the table"),
            _("Move a card, set popularity or tokens (x)"),
            self.action_correct,
        )
