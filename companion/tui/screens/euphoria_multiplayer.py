"""The Euphoria set-up checklist for a game without Automas (2–6 humans).

The expansion's set-up changes apply to every game, Automas or not: the
first-time tunnel stickers, the miners' start, the Bazaar, the factionless
re-draw, the minority bonus, the rules of the new set during the game and the
minor rule changes. Two questions (players, recruit set), then each player's
active recruit (one key each, skippable: the engine works the minority bonus
out from them), then the engine's checklist, tickable. Nothing is saved: there
is no game to run.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from companion.core.catalog import N_, _, say
from companion.core.questions import Question
from companion.euphoria.checklist import active_questions, actives_from, multiplayer_checklist
from companion.tui import keys
from companion.tui.access import companion_app
from companion.tui.euphoria_wizard import recruit_set_question
from companion.tui.screens.euphoria_checklist import item_text
from companion.tui.widgets.checklist import Checklist
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.questions import QuestionPanel

# The players of a game without Automas ("Set Up Changes": 2 to 6).
PLAYER_COUNTS = range(2, 7)


def players_question() -> Question:
    """How many players: the first of the two questions."""
    return Question.one_of(
        "players",
        _("How many players (all human)?"),
        {str(n): say("{n} players", n=n) for n in PLAYER_COUNTS},
    )


HELP = N_("""
# Euphoria set-up (no Automas)

The changes *Ignorance is Bliss* makes to the set-up of any game of 2–6
humans (rulebook Part 1): the first-time tunnel stickers, miners, the New
Antiques Bazaar, the factionless recruits, the minority starting bonus, the
rules of the new set during the game and the minor rule changes.

Answer the two questions, then each player's active recruit once revealed
(one key each; Enter skips it): with every one given the checklist says who
gains the minority starting bonus, else it states the rule. Then tick each
item as you do it. Backspace goes back a question.
""")


class EuphoriaMultiplayerScreen(Screen[None]):
    """Two questions, then the engine's multiplayer set-up checklist."""

    HELP = HELP
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        keys.home(tooltip=N_("back to the home screen"))
    ]

    def __init__(self) -> None:
        super().__init__()
        self.whys: list[str] = []
        # The answers to the first two questions, once given (then the active recruits).
        self.setup: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        """The questions; the checklist replaces them once they are answered."""
        yield Header()
        yield Static(_("Euphoria set-up without Automas"), id="mp-title")
        yield QuestionPanel(
            [players_question(), recruit_set_question("recruits")], title=_("Set-up")
        )
        yield Static(id="mp-why")
        yield Footer()

    def on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        """The players and the set answered: ask each player's active recruit; those answered
        (or skipped): show the checklist for that game."""
        event.stop()
        panel = self.query_one(QuestionPanel)
        if not self.setup:
            self.setup = dict(event.answers)
            players, base_game = int(self.setup["players"]), self.setup["recruits"] == "base"
            panel.ask(active_questions(players, base_game))
            return
        players = int(self.setup["players"])
        items = multiplayer_checklist(
            players,
            base_game=self.setup["recruits"] == "base",
            actives=actives_from(event.answers, players),
        )
        self.whys = [item.why for item in items]
        panel.display = False
        checklist = Checklist([item_text(i) for i in items], id="mp-checklist", classes="framed")
        checklist.border_title = say("{players} players — tick each item", players=players)
        self.mount(checklist, before="#mp-why")
        checklist.focus()

    def on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        """Backspace on the first question: back to the players and the set (from the active
        recruits), or home."""
        event.stop()
        if self.setup:
            self.setup = {}
            self.query_one(QuestionPanel).ask(
                [players_question(), recruit_set_question("recruits")]
            )
            return
        companion_app(self).action_home()

    def on_option_list_option_highlighted(self, event: Checklist.OptionHighlighted) -> None:
        """Show the rule behind the highlighted item."""
        if 0 <= event.option_index < len(self.whys):
            self.query_one("#mp-why", Static).update(
                " " + say("why: {why}", why=self.whys[event.option_index])
            )
