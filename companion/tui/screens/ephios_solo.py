"""The Ephios solo screen: the crossroads, the Plot zone, your hand; your action, the Plot's answer.

A thin shell over `companion.ephios.solo`: the actions offered come from
``legal_actions``, the engine asks what it cannot know (revealed cards,
costs) one question at a time, and its announcements say what to do on the
table. The game is saved after every step.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.ephios import solo, store
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.ephios_board import (
    EphiosLogScreen,
    alliance_name,
    alliance_table,
    banner,
    card_label,
    cards_in_words,
    crossroads_table,
    hand_text,
    labelled,
    plot_next_text,
    tokens_text,
)
from companion.tui.widgets.popularity import PopularityBar
from companion.tui.widgets.questions import QuestionPanel

HELP = """
# Ephios solo — you against the Plot

**Goal.** Unite each of the 5 alliances (take its affinity the first time)
before your popularity falls to 0% or the Plot gathers the 5 Dignitaries
(the personalities of persuasion value 3, marked `◆ DIG`).

**Your turn: one action.**

| Key | Action |
|---|---|
| r | **Recruit** a personality from the crossroads: pay its value in persuasion tokens (a Dignitary 3) |
| t | **Recruit** the top card of the draw pile for 1 token (then say which card you drew) |
| d | **Debate**: discard a personality from the crossroads, take 2 tokens (5 at most) |
| u | **Unite** an alliance: discard your whole hand, +10% (whatever the alliance); with the Banker only the Company gives the 10% |
| c | **Corrupt**: discard a Dignitary from the Plot zone, then the Plot plays **twice** |
| p | use the **Perceptive**: take a Dignitary from the Plot zone into your hand |
| x | **Use** another card of your hand (apply its effect yourself; "replay" lets you act again) |
| a | arm the **Preacher** for this action (say which card of your hand it is): the first time the Plot debates, the debated personality goes to your hand; `a` again puts it away |

**The Plot's turn.** If a Dignitary is on the crossroads, the Plot recruits
the rightmost one into its zone; otherwise it debates: it discards the
rightmost personality. The line *Plot next* shows what it would do now.

**End of each turn** (yours and the Plot's): more than 3 cards in hand,
discard down to 3 (no effect); then slide the crossroads right and reveal
new cards into the empty slots, slot 1 (left) first. Shuffling the discard
pile into a new draw pile costs 10% popularity.

The app asks for each card you reveal (only the cards still in the draw pile
are offered) and then lists what to do on the table. While it asks, the
board shows the table *so far* (marked "SO FAR" on the right): the cards
already moved, and `? reveal into here` on the slot to fill.

## Keys

| Key | Does |
|---|---|
| 1–9 / click / ↑ ↓ Enter | choose an answer |
| Backspace | back one question |
| Escape | cancel the action being chosen; otherwise back home |
| z or Ctrl+Z / y | undo / redo a whole turn (several times) |
| l | the move log: every action so far |
| e | correct the table (if the engine offers corrections) |
| w / W | show the *why* of the highlighted / every announcement |
| Tab | move between the questions and the announcements |
"""

# The actions of the menu: (verb, key, label).
VERBS: tuple[tuple[str, str, str], ...] = (
    ("recruit", "r", "Recruit from the crossroads"),
    ("recruit-top", "t", "Recruit top of the draw pile"),
    ("debate", "d", "Debate: discard, +2 tokens"),
    ("unite", "u", "Unite an alliance (+10%)"),
    ("corrupt", "c", "Corrupt a Plot Dignitary"),
    ("perceptive", "p", "Perceptive: take from the Plot"),
    ("use", "x", "Use another card in hand"),
)
PREACHER_KEY = "a"


def in_words(items: Iterable[Announcement]) -> list[Announcement]:
    """The engine's announcements with card ids in words ('the Order ◆ DIG'), for display."""
    return [replace(item, text=cards_in_words(item.text)) for item in items]


def verb_of(action: Sequence[str]) -> str:
    """The menu verb of a legal action ('use perceptive X' is 'perceptive')."""
    if action[:2] == ["use", "perceptive"]:
        return "perceptive"
    return action[0]


def action_label(action: Sequence[str], crossroads: Sequence[str]) -> str:
    """A legal action in words, e.g. 'slot 2: Order (value 1–2)' or 'Cult, with the Banker'."""
    verb = verb_of(action)
    if verb in ("recruit", "debate"):
        slot = int(action[1])
        card = crossroads[slot - 1] if slot <= len(crossroads) else "?"
        low, high = solo.recruit_cost(card) if card != "?" else (1, 2)
        cost = f" ({low} tokens)" if low == high else f" (value {low}–{high})"
        return f"slot {slot}: {card_label(card)}" + (cost if verb == "recruit" else "")
    if verb == "unite":
        name = alliance_name(action[1])
        return f"{name}, with the Banker" if "banker" in action[2:] else name
    if verb in ("corrupt", "perceptive"):
        return f"{alliance_name(action[-1])} ◆ DIG"
    if verb == "use":
        label = card_label(action[1])
        return f"{label} — it says Replay: act again" if "replay" in action[2:] else label
    return " ".join(action)


def describe_event(event: dict) -> str:
    """One journal event as a log line: the action and the answers given."""
    if event.get("kind") == "move":
        return f"correction: move {event.get('card')} from {event.get('from')} to {event.get('to')}"
    if event.get("kind") == "set":
        value = event.get("value")
        shown = ", ".join(value) or "none" if isinstance(value, list) else value
        return f"correction: set {event.get('what')} to {shown}"
    if event.get("kind") != "act":
        rest = {k: v for k, v in event.items() if k != "kind"}
        return f"{event.get('kind', '?')}: " + ", ".join(f"{k} {v}" for k, v in rest.items())
    action = [str(w) for w in event.get("action", [])]
    if action[:1] in (["recruit"], ["debate"]) and len(action) > 1:
        action[1] = f"slot {action[1]}"
    words = " ".join(action)
    answers = dict(event.get("answers", {}))
    reveals = [
        answers.pop(k) for k in sorted(answers, key=_answer_order) if k.startswith("reveal-")
    ]
    names = {"preacher": "Preacher", "drawn": "drew", "perceptive-card": "Perceptive"}
    parts = [f"{names.get(k, k)} {v}" for k, v in answers.items()]
    if reveals:
        parts.append("revealed " + ", ".join(str(r) for r in reveals))
    return cards_in_words(words + (f" — {'; '.join(parts)}" if parts else ""))


def _reveals(event: dict) -> list[str]:
    """The cards an action revealed, in order (empty for a correction)."""
    answers = dict(event.get("answers", {})) if event.get("kind") == "act" else {}
    keys = sorted((k for k in answers if k.startswith("reveal-")), key=_answer_order)
    return [str(answers[k]) for k in keys]


def _answer_order(key: str) -> tuple[str, int]:
    head, _, tail = key.rpartition("-")
    return (head, int(tail)) if tail.isdigit() else (key, 0)


class EphiosSoloScreen(Screen[None]):
    """A solo game against the Plot.

    Args:
        path: the save file (rewritten after every step).
        journal: the game's journal.
        announcements: what to show at first (e.g. the set-up steps).
    """

    HELP = HELP
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (100, "-wide")]
    BINDINGS: ClassVar[list] = [
        *(
            Binding(key, f"verb('{verb}')", label.split(" ")[0].split(":")[0], show=False)
            for verb, key, label in VERBS
        ),
        Binding(PREACHER_KEY, "preacher", "Preacher", show=False),
        Binding("z,ctrl+z", "undo", "Undo", key_display="z"),
        Binding("y", "redo", "Redo"),
        Binding("l", "log", "Log"),
        Binding("e", "correct", "Correct"),
        Binding("escape", "cancel", "Cancel"),
    ]

    DEFAULT_CSS = """
    EphiosSoloScreen #solo-board { height: auto; }
    EphiosSoloScreen #solo-left { width: 1fr; height: auto; }
    EphiosSoloScreen #solo-crossroads { height: auto; }
    EphiosSoloScreen #solo-right { width: 30; height: auto; }
    EphiosSoloScreen.-wide #solo-right { width: 44; }
    EphiosSoloScreen #solo-alliances { height: auto; }
    EphiosSoloScreen #solo-next { height: auto; padding: 0 1; }
    EphiosSoloScreen .solo-line { height: auto; padding: 0 1; }
    EphiosSoloScreen #solo-pop { padding: 0 1; }
    EphiosSoloScreen #solo-lower { height: 1fr; }
    EphiosSoloScreen #solo-ask { width: 1fr; height: 1fr; }
    EphiosSoloScreen #solo-banner { height: auto; display: none; }
    EphiosSoloScreen #solo-news { width: 1fr; height: 1fr; max-height: 100%; }
    EphiosSoloScreen.-over #solo-banner { display: block; }
    EphiosSoloScreen.-sofar #solo-next { background: $warning 30%; text-style: bold; }
    """

    def __init__(
        self, path: Path, journal: Journal, announcements: Sequence[Announcement] = ()
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.journal = journal
        self.state = solo.replay(journal, str(self.path))
        self.first_news = in_words(announcements) or [
            Announcement(
                f"Turn {self.state.turn}: choose your action (its key or its number); "
                "F1 has the rules.",
                kind="info",
            )
        ]
        self.mode = "menu"  # menu | arg | preacher | engine | over
        self.verb: str | None = None
        self.words: list[str] | None = None
        self.answers: dict[str, str] = {}
        self.preacher: str | None = None  # the hand card armed as the Preacher for this action

    # ----- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The board on top; the question and the announcements below."""
        yield Header()
        with Horizontal(id="solo-board"):
            with Vertical(id="solo-left"):
                yield Static(id="solo-crossroads")
                yield PopularityBar(
                    0, goal=None, low=-10, high=100, label="Popularity", id="solo-pop"
                )
                yield Static(id="solo-status", classes="solo-line")
                yield Static(id="solo-hand", classes="solo-line")
            with Vertical(id="solo-right"):
                yield Static(id="solo-alliances")
                yield Static(id="solo-next")
        with Horizontal(id="solo-lower"):
            with VerticalScroll(id="solo-ask"):
                yield Static(id="solo-banner")
                yield QuestionPanel(id="solo-question")
            news = AnnouncementList(self.first_news, id="solo-news", classes="framed")
            news.border_title = "What to do"
            yield news
        yield Footer()

    def on_mount(self) -> None:
        """Draw the board and offer the actions."""
        self.sub_title = f"Ephios solo — {self.path.name}"
        self._refresh_board()
        self._menu()

    # ----- drawing ------------------------------------------------------------------------

    def _refresh_board(self, context: dict | None = None) -> None:
        """Draw the saved state, or with ``context`` (NeedAnswers.context) the table so far."""
        so_far = bool(context and isinstance(context.get("state"), solo.SoloState))
        s = context["state"] if so_far else self.state
        row = context.get("crossroads", s.crossroads) if so_far else s.crossroads
        data = s.to_json()
        self.set_class(so_far, "-sofar")
        self.query_one("#solo-crossroads", Static).update(crossroads_table(row))
        self.query_one("#solo-alliances", Static).update(alliance_table(s.plot_zone, s.affinities))
        self.query_one("#solo-pop", PopularityBar).value = s.popularity
        status = tokens_text(s.tokens, s.supply)
        top = f" (top {card_label(s.discard_top)})" if s.discard_top else ""
        status.append("\n")
        status.append(f"Draw pile {s.draw_count()} · Discard {s.discard_count()}{top}")
        self.query_one("#solo-status", Static).update(status)
        self.query_one("#solo-hand", Static).update(hand_text(s.hand, self.preacher))
        if so_far:
            nxt = Text("SO FAR: the table up to this question (nothing saved yet)")
        elif s.result:
            nxt = Text(f"The game is over: you {s.result}.", style="bold")
        else:
            nxt = plot_next_text(data["plot_next"])
        self.query_one("#solo-next", Static).update(nxt)
        self.set_class(s.result is not None, "-over")
        if s.result:
            won = s.result == "won"
            line = (
                "You hold the 5 affinities: the alliances stand by you."
                if won
                else (
                    "Your popularity fell to 0%."
                    if s.popularity <= 0
                    else "The 5 Dignitaries are in the Plot zone."
                )
            )
            self.query_one("#solo-banner", Static).update(
                banner("VICTORY" if won else "DEFEAT", line, won)
            )
        self.refresh_bindings()

    def _show_news(
        self, items: Sequence[Announcement], title: str = "What to do", latest: bool = False
    ) -> None:
        """Show ``items`` (card ids in words); ``latest`` highlights (scrolls to) the newest."""
        news = self.query_one("#solo-news", AnnouncementList)
        news.border_title = title
        news.show(in_words(items))
        if latest and items:
            news.highlighted = len(items) - 1

    def _ask(self, question: Question) -> None:
        self.query_one("#solo-question", QuestionPanel).ask([question])

    # ----- the action menu ----------------------------------------------------------------

    def _legal(self) -> list[list[str]]:
        return solo.legal_actions(self.state)

    def _menu(self) -> None:
        """Offer the legal actions (or say the game is over)."""
        self.verb, self.words, self.answers = None, None, {}
        if self.state.result:
            self.mode = "over"
            self.query_one("#solo-question", QuestionPanel).ask(
                [
                    Question(
                        "over",
                        "The game is over. z takes back the last turn; Escape goes home.",
                        "one",
                        ("home",),
                        labels=("Back to the home screen",),
                    )
                ]
            )
            return
        self.mode = "menu"
        legal = self._legal()
        verbs = {verb_of(a) for a in legal}
        offered = [(v, k, label) for v, k, label in VERBS if v in verbs]
        if "unite" in verbs and not any(a[0] == "unite" and "banker" not in a for a in legal):
            offered = [
                (v, k, "Unite with the Banker (no pair)" if v == "unite" else label)
                for v, k, label in offered
            ]
        if self.state.hand:
            offered.append(("preacher", PREACHER_KEY, self._preacher_label()))
        again = " (act again: Replay)" if self.state.again else ""
        self._ask(
            Question(
                "action",
                f"Turn {self.state.turn} ({self.state.difficulty}): your action?{again}",
                "one",
                tuple(v for v, _, _ in offered),
                labels=tuple(f"{k} · {label}" for _, k, label in offered),
            )
        )
        self.refresh_bindings()

    def _preacher_label(self) -> str:
        if self.preacher:
            return f"Preacher ⚑ armed: {card_label(self.preacher)}"
        return "Arm the Preacher"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer an action key only when the engine says that action is legal now."""
        if action == "verb":
            if self.mode not in ("menu", "arg"):
                return None
            return True if parameters[0] in {verb_of(a) for a in self._legal()} else None
        if action == "preacher":
            return True if self.mode in ("menu", "arg") and self.state.hand else None
        if action == "undo":
            return True if self.journal.can_undo() else None
        if action == "redo":
            return True if self.journal.can_redo() else None
        if action == "correct":
            return bool(_corrections())
        return True

    def action_preacher(self) -> None:
        """Arm the Preacher for the next action (asking which hand card it is), or put it away."""
        if self.mode not in ("menu", "arg"):
            return
        if self.preacher:
            self.preacher = None
            self.notify("The Preacher is put away: it stays in your hand.")
            self._refresh_board()
            self._menu()
            return
        cards = list(dict.fromkeys(self.state.hand))
        if not cards:
            self.notify(
                "The Preacher must be in your hand: your hand is empty.", severity="warning"
            )
            return
        if len(cards) == 1:
            self._arm(cards[0])
            return
        self.mode = "preacher"
        self._ask(
            labelled(
                Question(
                    "preacher",
                    "Which card of your hand is the Preacher?",
                    "one",
                    tuple(cards),
                )
            )
        )

    def _arm(self, card: str) -> None:
        self.preacher = card
        self.notify(
            f"Preacher armed ({card_label(card)}): if the Plot debates during this action, "
            "the debated personality goes to your hand."
        )
        self._refresh_board()
        self._menu()

    def action_verb(self, verb: str) -> None:
        """Choose an action: ask its target from the legal actions (or play it at once)."""
        if self.mode not in ("menu", "arg"):
            return
        if verb == "preacher":
            self.action_preacher()
            return
        options = [a for a in self._legal() if verb_of(a) == verb]
        if not options:
            self.notify(f"{verb}: not possible now", severity="warning")
            return
        self.verb = verb
        if verb == "recruit-top":
            self._start(["recruit-top"])
            return
        if verb == "use":  # the same card may say "replay"
            options = [variant for a in options for variant in (a, [*a, "replay"])]
        texts = {
            "recruit": "Recruit which personality?",
            "debate": "Debate: discard which personality?",
            "unite": "Unite which alliance? (hand discarded, +10%)",
            "corrupt": "Corrupt which Dignitary of the Plot zone?",
            "perceptive": "The Perceptive takes which Dignitary?",
            "use": "Use which card of your hand?",
        }
        self.mode = "arg"
        self._ask(
            Question(
                "arg",
                texts.get(verb, "Which one?"),
                "one",
                tuple(" ".join(a) for a in options),
                labels=tuple(action_label(a, self.state.crossroads) for a in options),
            )
        )

    # ----- playing through the engine -----------------------------------------------------

    def _start(self, words: list[str]) -> None:
        self.words = words
        self.answers = {}
        self._run()

    def _run(self) -> None:
        """Play the chosen action with the answers so far; ask the next question if needed."""
        assert self.words is not None
        answers = dict(self.answers)
        if self.preacher:
            answers["preacher"] = self.preacher
        try:
            out = solo.play(self.journal, self.words, answers, source=str(self.path))
        except NeedAnswers as need:
            self.mode = "engine"
            so_far = list(getattr(need, "announcements", []) or [])
            self._refresh_board(getattr(need, "context", None))
            self._show_news(so_far, "So far (nothing saved yet)", latest=True)
            self._ask(labelled(need.questions[0]))
            return
        except CompanionError as exc:
            self.notify(str(exc), severity="error")
            self._refresh_board()
            self._menu()
            return
        self.preacher = None
        self._saved(out)

    def _saved(self, out: Sequence[Announcement], title: str = "What to do") -> None:
        """After a step: save, redraw, announce, offer the next action."""
        try:
            store.save(self.path, self.journal)
        except OSError as exc:
            self.notify(f"could not save: {exc}", severity="error")
        self.state = solo.replay(self.journal, str(self.path))
        if self.preacher not in self.state.hand:
            self.preacher = None
        self._refresh_board()
        self._show_news(out, title)
        self._menu()

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        answers = event.answers
        if self.mode == "over":
            self.app.action_home()
        elif self.mode == "menu" and "action" in answers:
            self.action_verb(answers["action"])
        elif self.mode == "arg" and "arg" in answers:
            self._start(answers["arg"].split())
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
        elif self.mode in ("engine", "arg", "preacher"):
            self._show_news([], "What to do")
            self._refresh_board()
            self._menu()

    def action_cancel(self) -> None:
        """Cancel the action being chosen; with none, go back home."""
        if self.mode in ("arg", "engine", "preacher"):
            self._show_news([], "What to do")
            self._refresh_board()
            self._menu()
            return
        self.app.action_home()

    # ----- undo, redo, log, corrections ---------------------------------------------------

    def _undo_redo(self, which: str) -> None:
        before = self.state
        try:
            event = getattr(store, which)(self.journal)
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.journal.summary = solo.summary(solo.replay(self.journal, str(self.path)))
        if which == "undo":
            items = [
                Announcement(
                    f"Took back: {describe_event(event)}. Put the table back as the board shows.",
                    kind="info",
                )
            ]
            reveals = _reveals(event)
            if reveals:
                items.append(
                    Announcement(
                        "Put the revealed cards back on the draw pile, "
                        f"{'this one on top' if len(reveals) == 1 else 'from the top'}: "
                        f"{', '.join(card_label(c) for c in reveals)} (if the discard pile was "
                        "shuffled meanwhile, rebuild the piles as the board counts them).",
                        kind="info",
                    )
                )
        else:
            items = [Announcement(f"Brought back: {describe_event(event)}.", kind="info")]
            with contextlib.suppress(CompanionError):  # the steps again, to redo on the table
                items += solo.apply_event(before, event)[1]
        self._saved(items, "Undo" if which == "undo" else "Redo")

    def action_undo(self) -> None:
        """Take back the action being chosen, else the last turn (with the Plot's turns after it)."""
        if self.mode in ("arg", "engine", "preacher"):
            self.action_cancel()
            self.notify("Action cancelled (nothing was saved); z again undoes the last turn.")
            return
        self._undo_redo("undo")

    def action_redo(self) -> None:
        """Bring back the last turn taken back."""
        self._undo_redo("redo")

    def log_lines(self) -> list[str]:
        """Every step so far, in words, each followed by the table after it (turn, %, Plot zone)."""
        lines = []
        try:
            state = solo.replay(Journal(game=solo.GAME, seed=0, options=self.journal.options))
        except CompanionError:
            state = None
        for event in self.journal.events:
            lines.append(describe_event(event))
            if state is None:
                continue
            try:
                state, _ = solo.apply_event(state, event)
            except CompanionError:
                state = None
                continue
            plot = ", ".join(alliance_name(a) for a in state.plot_zone) or "empty"
            lines.append(
                f"     ⇒ {state.popularity}% · Plot zone ({len(state.plot_zone)}◆): {plot} · "
                f"affinities {len(state.affinities)}"
                + (f" · {state.result}" if state.result else "")
            )
        return lines

    def action_log(self) -> None:
        """Show the move log."""
        self.app.push_screen(EphiosLogScreen("Moves so far", self.log_lines()))

    def action_correct(self) -> None:
        """Correct the table (move a card, set popularity, persuasion, affinities) via the engine."""
        if not _corrections():
            self.notify("corrections are not available", severity="warning")
            return
        from companion.tui.screens import ephios_correct

        def done(event: dict | None) -> None:
            """Record the correction the dialog returned (None: cancelled) and show what to do."""
            if event is None:
                return
            try:
                out = ephios_correct.record(self.journal, event, str(self.path))
            except CompanionError as exc:
                self.notify(str(exc), severity="error")
                return
            self._saved(out, "Corrected")

        self._show_news([], "What to do")
        self._menu()
        self.app.push_screen(ephios_correct.correction_dialog(self.state), done)

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Command-palette entries of this screen."""
        yield SystemCommand("Undo the last turn", "z / Ctrl+Z", self.action_undo)
        yield SystemCommand("Redo", "y", self.action_redo)
        yield SystemCommand("Move log", "Every action so far (l)", self.action_log)
        if _corrections():
            yield SystemCommand(
                "Correct the table",
                "Move a card, set popularity or tokens (e)",
                self.action_correct,
            )


def _corrections() -> bool:
    """Whether the engine offers table corrections (card moves, set popularity/persuasion)."""
    try:
        from companion.tui.screens import ephios_correct
    except ImportError:
        return False
    return ephios_correct.available()
