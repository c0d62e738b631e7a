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

from companion.core import session
from companion.core.catalog import N_, _, say
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.plans import Ask
from companion.core.questions import Question
from companion.core.saves import new_save_path
from companion.ephios import campaign, quick, setup_plans, solo
from companion.ephios.cards import load_deck
from companion.ephios.plot import CROSSROADS_SIZE
from companion.history.ladder import suggested_level
from companion.tui import routes
from companion.tui.access import companion_app
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.ephios_board import card_label, labelled
from companion.tui.widgets.questions import QuestionPanel
from companion.tui.widgets.setup_checklist import SetupChecklist

SOLO_HELP = N_("""# New Ephios solo game

1. **Difficulty**: your popularity marker starts at {easy}% (easy), {normal}% (normal)
   or {hard}% (hard).
2. **The first crossroads** (steps 2 to 5): shuffle the {personalities} personalities
   (the inhabitants stay in the box), reveal {crossroads} cards in a row and say which
   card lies in each slot, slot 1 (left) first. Only the cards still in the
   deck are offered; `◆ DIG` marks a Dignitary (persuasion {dignitary}).
3. **Set-up steps**: what to place on the table; then play.

| Key | Does |
|---|---|
| 1–9, 0 / click / ↑ ↓ Enter | choose an answer (0: the 10th card) |
| Backspace | back one step |
| Escape | leave (before the last step nothing is saved) |
""")

PLAYERS_HELP = N_("""# New Ephios {what}

Type the names of {fewest} to {most} players **in seating order, clockwise** (Enter
goes to the next name; Enter on an empty name, or the *Continue* button,
goes on), then choose who plays first. Everyone starts at 0% popularity;
{win}% wins{campaign}.

| Key | Does |
|---|---|
| letters, Enter / Tab | type a name, next field |
| 1–4 / click | choose the first player |
| Backspace | back to the names (on the first-player question) |
| Escape | leave (nothing is saved) |
""")
CAMPAIGN_WINS = N_(" a round; two round wins take the campaign")


def solo_help() -> str:
    """The F1 help of the solo set-up, its numbers from the rules and the deck."""
    deck = load_deck()
    return say(
        SOLO_HELP,
        **solo.DIFFICULTIES,
        personalities=sum(deck.personalities().values()),
        crossroads=CROSSROADS_SIZE,
        dignitary=deck.dignitary_persuasion,
    )


def players_help(what: str, campaign_line: str = "") -> str:
    """The F1 help of the quick game's or the campaign's set-up (``what``: its name)."""
    return say(
        PLAYERS_HELP,
        what=what,
        campaign=campaign_line,
        fewest=quick.MIN_PLAYERS,
        most=quick.MAX_PLAYERS,
        win=quick.WIN,
    )


def start_question() -> Question:
    """The last step: the table is set up, play."""
    return Question(
        "start",
        _("Table set up as listed? The game is saved; play when ready."),
        "one",
        ("play",),
        labels=(_("Start playing"),),
    )


SETUP_STEPS = 2 + CROSSROADS_SIZE  # difficulty, 4 crossroads cards, the set-up steps
_BINDINGS = list[Binding | tuple[str, str] | tuple[str, str, str]]


class EphiosSoloSetupScreen(Screen[None]):
    """Difficulty, the 4 first crossroads cards, the set-up steps; then the solo screen."""

    BINDINGS: ClassVar[_BINDINGS] = [Binding("escape", "leave", N_("Leave"))]

    @property
    def HELP(self) -> str:  # type: ignore[override]  # a property: translated when shown
        """The F1 help, in the player's language."""
        return solo_help()

    DEFAULT_CSS = """
    EphiosSoloSetupScreen #new-step { padding: 0 1; text-style: bold; background: $boost; }
    EphiosSoloSetupScreen #new-line { padding: 0 1; color: $text-muted; height: auto; }
    EphiosSoloSetupScreen #new-main { height: 1fr; }
    EphiosSoloSetupScreen #new-question { height: 1fr; }
    EphiosSoloSetupScreen #new-question ChoiceList { height: 1fr; max-height: 100%; }
    EphiosSoloSetupScreen.-ready #new-main { height: auto; max-height: 60%; }
    EphiosSoloSetupScreen.-ready #new-question { height: auto; }
    EphiosSoloSetupScreen.-ready #new-question ChoiceList { height: auto; }
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
        # the question fills the room left and its list scrolls itself (the highlighted
        # card in view)
        with Vertical(id="new-main"):
            yield QuestionPanel(id="new-question")
        steps = AnnouncementList(id="new-steps", classes="framed")
        steps.border_title = _("Set up the table")
        yield steps
        yield Footer()

    def on_mount(self) -> None:
        """Ask the first step."""
        self.sub_title = _("New Ephios solo game")
        self._ask()

    def _next_question(self) -> Question | None:
        step = setup_plans.solo_setup_plan(None, self.answers)
        if not isinstance(step, Ask):
            return None
        return labelled(step.questions[0])

    def _ask(self) -> None:
        question = self._next_question()
        done = len(self.answers)
        self.query_one("#new-step", Static).update(
            say(
                "New Ephios solo game — step {step} of {steps}",
                step=min(done + 1, SETUP_STEPS - 1),
                steps=SETUP_STEPS,
            )
        )
        chosen = []
        for key, value in self.answers.items():
            if key.startswith("reveal-"):
                slot = key.rsplit("-", 1)[1]
                chosen.append(say("slot {slot} {card}", slot=slot, card=card_label(value)))
            elif key == "difficulty":
                chosen.append(say("difficulty {level}", level=solo.difficulty_text(value)))
            else:
                chosen.append(f"{key} {value}")
        line = " · ".join(chosen) or _("nothing chosen yet")
        if question is not None and question.id == "reveal-1":
            line += "\n" + say(
                "Shuffle the {n} personalities (the inhabitants stay in the box) and "
                "reveal {size} cards in a row.",
                n=sum(load_deck().personalities().values()),
                size=CROSSROADS_SIZE,
            )
        self.query_one("#new-line", Static).update(line)
        if question is None:
            self._create()
            return
        # The difficulty ladder's suggestion (docs/history.md) is the level pre-selected.
        suggested = {"difficulty": suggested_level(solo.GAME)}
        self.query_one(QuestionPanel).ask([question], defaults=suggested)

    def _create(self) -> None:
        reveals = setup_plans.reveals_of(self.answers)
        try:
            journal = solo.new_game(self.answers["difficulty"], None, reveals)
            path = new_save_path(companion_app(self).data_dir, journal.game)
            session.create_game(path, journal)
        except (CompanionError, OSError) as exc:
            self.notify(str(exc), severity="error")
            self.answers.pop(list(self.answers)[-1])
            self._ask()
            return
        self.path, self.journal = path, journal
        self.query_one("#new-step", Static).update(
            say(
                "New Ephios solo game — step {step} of {steps}: set up the table (saved as {file})",
                step=SETUP_STEPS,
                steps=SETUP_STEPS,
                file=path.name,
            )
        )
        self.add_class("-ready")
        steps = solo.setup_steps(solo.replay(journal))
        self.query_one(AnnouncementList).show(steps)
        self.query_one(QuestionPanel).ask([start_question()])

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
        assert self.path is not None and self.journal is not None
        screen = routes.resume_screen(self.journal.game, self.path, self.journal)
        assert screen is not None  # the solo game plays on the table screen
        self.app.switch_screen(screen)

    def action_leave(self) -> None:
        """Leave the set-up (a game already saved stays in the resume list)."""
        companion_app(self).action_home()


class PlayersSetupScreen(Screen[None]):
    """Player names in seating order and the first player; then the game screen.

    Subclasses set ``engine`` (quick or campaign), ``title_text`` and ``screen_path``.
    """

    engine: ModuleType = quick
    title_text = N_("quick game")
    BINDINGS: ClassVar[_BINDINGS] = [Binding("escape", "leave", N_("Leave"))]
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
                    yield Label(say("Player {n}", n=n))
                    yield Input(
                        placeholder=_("name") if n <= quick.MIN_PLAYERS else _("name (optional)"),
                        id=f"player-{n}",
                    )
            yield Button(_("Continue"), id="players-go", variant="primary")
        with VerticalScroll(id="players-first"):
            yield QuestionPanel(id="players-question")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the first name."""
        self.sub_title = say("New Ephios {what}", what=_(self.title_text))
        self._step(self._names_step())
        self.query_one("#player-1", Input).focus()

    def _names_step(self) -> str:
        return say(
            "names in seating order, clockwise ({fewest} to {most})",
            fewest=quick.MIN_PLAYERS,
            most=quick.MAX_PLAYERS,
        )

    def _step(self, text: str) -> None:
        self.query_one("#players-step", Static).update(
            say("New Ephios {what} — {step}", what=_(self.title_text), step=text)
        )

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
            step = setup_plans.players_plan(names, {})
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            return
        if not isinstance(step, Ask):
            return
        names = [str(n) for n in step.questions[0].choices]
        self.players = names
        self.add_class("-first")
        self._step(_("who plays first?"))
        self.query_one(QuestionPanel).ask(list(step.questions))

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        self.remove_class("-first")
        self._step(self._names_step())
        self.query_one("#player-1", Input).focus()

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        try:
            journal = self.engine.new_game(self.players, event.answers["first"])
            path = new_save_path(companion_app(self).data_dir, journal.game)
            session.create_game(path, journal)
        except (CompanionError, OSError) as exc:
            self.notify(str(exc), severity="error")
            return
        screen = routes.resume_screen(journal.game, path, journal)
        if screen is None:
            return
        self.app.switch_screen(screen)
        # The set-up checklist opens first, over the new game.
        steps = self.engine.setup_steps(self.engine.replay(journal))
        title = say(
            "Set-up — {game}, {players} players", game=_(self.title_text), players=len(self.players)
        )
        self.app.push_screen(SetupChecklist(title, steps))

    def action_leave(self) -> None:
        """Leave the set-up (nothing is saved)."""
        companion_app(self).action_home()


class EphiosQuickSetupScreen(PlayersSetupScreen):
    """A new quick game: 2-4 players, the first player."""

    @property
    def HELP(self) -> str:  # type: ignore[override]  # a property: translated when shown
        """The F1 help, in the player's language."""
        return players_help(_("quick game"))


class EphiosCampaignSetupScreen(PlayersSetupScreen):
    """A new campaign: 2-4 players, the first player of round 1."""

    engine = campaign
    title_text = N_("campaign")

    @property
    def HELP(self) -> str:  # type: ignore[override]  # a property: translated when shown
        """The F1 help, in the player's language."""
        return players_help(_("campaign"), _(CAMPAIGN_WINS))
