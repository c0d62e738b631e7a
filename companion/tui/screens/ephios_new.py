"""Set-up screens of the Ephios games: solo (difficulty, the 4 first cards), quick game, campaign.

Each ends by saving the new game in the data folder
(``<game>-YYYYMMDD-HHMM[-n].toml``) and opening its game screen.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.questions import NeedAnswers, Question
from companion.ephios import campaign, quick, solo, store
from companion.history.ladder import suggested_level
from companion.tui.access import companion_app
from companion.tui.euphoria_start import new_save_path
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.ephios_board import card_label, labelled
from companion.tui.widgets.questions import QuestionPanel

SOLO_HELP = """
# New Ephios solo game

1. **Difficulty**: your popularity marker starts at 30% (easy), 20% (normal)
   or 10% (hard).
2. **The first crossroads** (steps 2 to 5): shuffle the 14 personalities
   (the inhabitants stay in the box), reveal 4 cards in a row and say which
   card lies in each slot, slot 1 (left) first. Only the cards still in the
   deck are offered; `◆ DIG` marks a Dignitary (persuasion 3).
3. **Set-up steps**: what to place on the table; then play.

| Key | Does |
|---|---|
| 1–9, 0 / click / ↑ ↓ Enter | choose an answer (0: the 10th card) |
| Backspace | back one step |
| Escape | leave (before the last step nothing is saved) |
"""

PLAYERS_HELP = """
# New Ephios {what}

Type the names of 2 to 4 players **in seating order, clockwise** (Enter
goes to the next name; Enter on an empty name, or the *Continue* button,
goes on), then choose who plays first. Everyone starts at 0% popularity;
70% wins{campaign}.

| Key | Does |
|---|---|
| letters, Enter / Tab | type a name, next field |
| 1–4 / click | choose the first player |
| Backspace | back to the names (on the first-player question) |
| Escape | leave (nothing is saved) |
"""

DIFFICULTY = Question(
    "difficulty",
    "Difficulty: where does your popularity marker start?",
    "one",
    tuple(solo.DIFFICULTIES),
    labels=tuple(f"{name} — {start}%" for name, start in solo.DIFFICULTIES.items()),
)
SETUP_STEPS = 6  # difficulty, 4 crossroads cards, the set-up steps
START = Question(
    "start",
    "Table set up as listed? The game is saved; play when ready.",
    "one",
    ("play",),
    labels=("Start playing",),
)


class EphiosSoloSetupScreen(Screen[None]):
    """Difficulty, the 4 first crossroads cards, the set-up steps; then the solo screen."""

    HELP = SOLO_HELP
    BINDINGS: ClassVar[list] = [Binding("escape", "leave", "Leave")]
    DEFAULT_CSS = """
    EphiosSoloSetupScreen #new-step { padding: 0 1; text-style: bold; background: $boost; }
    EphiosSoloSetupScreen #new-line { padding: 0 1; color: $text-muted; height: auto; }
    EphiosSoloSetupScreen #new-main { height: 1fr; }
    EphiosSoloSetupScreen.-ready #new-main { height: auto; max-height: 60%; }
    EphiosSoloSetupScreen #new-steps { display: none; }
    EphiosSoloSetupScreen.-ready #new-steps { display: block; }
    """
    # Screen CSS (not DEFAULT_CSS) so that it wins over the app's `.framed { height: auto }`:
    # the set-up steps take the rest of the screen and scroll (the Start answer stays in view).
    CSS = """
    #new-steps { height: 1fr; min-height: 4; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.answers: dict[str, str] = {}
        self.path: Path | None = None
        self.journal: Journal | None = None

    def compose(self) -> ComposeResult:
        """Step line, what was chosen, the question, the set-up steps (at the end)."""
        yield Header()
        yield Static(id="new-step")
        yield Static(id="new-line")
        with VerticalScroll(id="new-main"):
            yield QuestionPanel(id="new-question")
        steps = AnnouncementList(id="new-steps", classes="framed")
        steps.border_title = "Set up the table"
        yield steps
        yield Footer()

    def on_mount(self) -> None:
        """Ask the first step."""
        self.sub_title = "New Ephios solo game"
        self._ask()

    def _next_question(self) -> Question | None:
        if "difficulty" not in self.answers:
            return DIFFICULTY
        reveals = {k: v for k, v in self.answers.items() if k.startswith("reveal-")}
        try:
            solo.setup_questions(reveals)
        except NeedAnswers as need:
            question = need.questions[0]
            slot = question.id.rsplit("-", 1)[1]
            return labelled(
                Question(
                    question.id,
                    f"Crossroads slot {slot} (1 = left): which card?",
                    question.kind,
                    question.choices,
                )
            )
        return None

    def _ask(self) -> None:
        question = self._next_question()
        done = len(self.answers)
        self.query_one("#new-step", Static).update(
            f"New Ephios solo game — step {min(done + 1, SETUP_STEPS - 1)} of {SETUP_STEPS}"
        )
        chosen = []
        for key, value in self.answers.items():
            if key.startswith("reveal-"):
                chosen.append(f"slot {key.rsplit('-', 1)[1]} {card_label(value)}")
            else:
                chosen.append(f"{key} {value}")
        line = " · ".join(chosen) or "nothing chosen yet"
        if question is not None and question.id == "reveal-1":
            line += (
                "\nShuffle the 14 personalities (the inhabitants stay in the box) and "
                "reveal 4 cards in a row."
            )
        self.query_one("#new-line", Static).update(line)
        if question is None:
            self._create()
            return
        # The difficulty ladder's suggestion (docs/history.md) is the level pre-selected.
        suggested = {"difficulty": suggested_level(solo.GAME)}
        self.query_one(QuestionPanel).ask([question], defaults=suggested)

    def _create(self) -> None:
        reveals = {k: v for k, v in self.answers.items() if k.startswith("reveal-")}
        try:
            journal = solo.new_game(self.answers["difficulty"], None, reveals)
            path = new_save_path(companion_app(self).data_dir, journal.game)
            store.create(path, journal)
        except (CompanionError, OSError) as exc:
            self.notify(str(exc), severity="error")
            self.answers.pop(list(self.answers)[-1])
            self._ask()
            return
        self.path, self.journal = path, journal
        self.query_one("#new-step", Static).update(
            f"New Ephios solo game — step {SETUP_STEPS} of {SETUP_STEPS}: set up the table "
            f"(saved as {path.name})"
        )
        self.add_class("-ready")
        steps = solo.setup_steps(solo.replay(journal))
        self.query_one(AnnouncementList).show(steps)
        self.query_one(QuestionPanel).ask([START])

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        if "start" in event.answers:
            self._play()
            return
        self.answers.update(event.answers)
        self._ask()

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        if self.journal is not None or not self.answers:
            return
        self.answers.popitem()
        self._ask()

    def _play(self) -> None:
        from companion.tui.screens.ephios_solo import EphiosSoloScreen

        assert self.path is not None and self.journal is not None
        self.app.switch_screen(EphiosSoloScreen(path=self.path, journal=self.journal))

    def action_leave(self) -> None:
        """Leave the set-up (a game already saved stays in the resume list)."""
        companion_app(self).action_home()


class PlayersSetupScreen(Screen[None]):
    """Player names in seating order and the first player; then the game screen.

    Subclasses set ``engine`` (quick or campaign), ``title_text`` and ``screen_path``.
    """

    engine: ModuleType = quick
    title_text = "quick game"
    BINDINGS: ClassVar[list] = [Binding("escape", "leave", "Leave")]
    DEFAULT_CSS = """
    PlayersSetupScreen #players-step { padding: 0 1; text-style: bold; background: $boost; }
    PlayersSetupScreen #players-form { height: auto; padding: 0 1; }
    PlayersSetupScreen .player-row { height: 3; }
    PlayersSetupScreen .player-row Label { width: 12; padding: 1 1 0 0; }
    PlayersSetupScreen .player-row Input { width: 1fr; max-width: 40; }
    PlayersSetupScreen #players-go { margin: 0 0 0 12; }
    PlayersSetupScreen #players-first { height: auto; display: none; }
    PlayersSetupScreen.-first #players-first { display: block; }
    PlayersSetupScreen.-first #players-form { display: none; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.players: list[str] = []

    def compose(self) -> ComposeResult:
        """The four name fields and the button; the first-player question after them."""
        yield Header()
        yield Static(id="players-step")
        with Vertical(id="players-form"):
            for n in range(1, quick.MAX_PLAYERS + 1):
                with Horizontal(classes="player-row"):
                    yield Label(f"Player {n}")
                    yield Input(
                        placeholder="name" if n <= 2 else "name (optional)", id=f"player-{n}"
                    )
            yield Button("Continue", id="players-go", variant="primary")
        with VerticalScroll(id="players-first"):
            yield QuestionPanel(id="players-question")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the first name."""
        self.sub_title = f"New Ephios {self.title_text}"
        self._step("names in seating order, clockwise (2 to 4)")
        self.query_one("#player-1", Input).focus()

    def _step(self, text: str) -> None:
        self.query_one("#players-step", Static).update(f"New Ephios {self.title_text} — {text}")

    def _names(self) -> list[str]:
        return [
            value
            for n in range(1, quick.MAX_PLAYERS + 1)
            if (value := self.query_one(f"#player-{n}", Input).value.strip())
        ]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: the next field, or go on (an empty field or the last one)."""
        event.stop()
        number = int((event.input.id or "player-1").rsplit("-", 1)[1])
        if event.value.strip() and number < quick.MAX_PLAYERS:
            self.query_one(f"#player-{number + 1}", Input).focus()
        else:
            self._continue()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The Continue button."""
        event.stop()
        self._continue()

    def _continue(self) -> None:
        names = self._names()
        try:
            names = quick.check_players(names)
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.players = names
        self.add_class("-first")
        self._step("who plays first?")
        self.query_one(QuestionPanel).ask(
            [
                Question(
                    "first",
                    "Who plays first?",
                    "one",
                    tuple(names),
                    labels=tuple(f"{name} (seat {n})" for n, name in enumerate(names, 1)),
                )
            ]
        )

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        self.remove_class("-first")
        self._step("names in seating order, clockwise (2 to 4)")
        self.query_one("#player-1", Input).focus()

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        try:
            journal = self.engine.new_game(self.players, event.answers["first"])
            path = new_save_path(companion_app(self).data_dir, journal.game)
            store.create(path, journal)
        except (CompanionError, OSError) as exc:
            self.notify(str(exc), severity="error")
            return
        self.app.switch_screen(self.game_screen(path, journal))

    def game_screen(self, path, journal) -> Screen:
        """The screen that plays the new game."""
        from companion.tui.screens.ephios_quick import EphiosQuickScreen

        return EphiosQuickScreen(path=path, journal=journal, setup=True)

    def action_leave(self) -> None:
        """Leave the set-up (nothing is saved)."""
        companion_app(self).action_home()


class EphiosQuickSetupScreen(PlayersSetupScreen):
    """A new quick game: 2-4 players, the first player."""

    HELP = PLAYERS_HELP.format(what="quick game", campaign="")


class EphiosCampaignSetupScreen(PlayersSetupScreen):
    """A new campaign: 2-4 players, the first player of round 1."""

    HELP = PLAYERS_HELP.format(
        what="campaign", campaign=" a round; two round wins take the campaign"
    )
    engine = campaign
    title_text = "campaign"

    def game_screen(self, path, journal) -> Screen:
        """The campaign screen."""
        from companion.tui.screens.ephios_campaign import EphiosCampaignScreen

        return EphiosCampaignScreen(path=path, journal=journal, setup=True)
