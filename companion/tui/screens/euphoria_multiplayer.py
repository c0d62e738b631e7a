"""The Euphoria set-up checklist for a game without Automas (2–6 humans).

The expansion's set-up changes apply to every game, Automas or not: the
miners' start, the Bazaar, the factionless re-draw, the minority bonus and
the minor rule changes. Two questions (players, recruit set), then the
engine's checklist, tickable. Nothing is saved: there is no game to run.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from companion.core.catalog import N_, _, say
from companion.core.questions import Question
from companion.euphoria.setup import multiplayer_checklist
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
humans (rulebook Part 1): miners, the New Antiques Bazaar, the factionless
recruits, the minority starting bonus and the minor rule changes. Answer
the two questions, then tick each item as you do it.
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
        """Both answered: show the checklist for that game."""
        event.stop()
        items = multiplayer_checklist(
            int(event.answers["players"]), base_game=event.answers["recruits"] == "base"
        )
        self.whys = [item.why for item in items]
        self.query_one(QuestionPanel).display = False
        checklist = Checklist([item_text(i) for i in items], id="mp-checklist", classes="framed")
        checklist.border_title = say(
            "{players} players — tick each item", players=event.answers["players"]
        )
        self.mount(checklist, before="#mp-why")
        checklist.focus()

    def on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        """Backspace on the first question: home."""
        event.stop()
        companion_app(self).action_home()

    def on_option_list_option_highlighted(self, event: Checklist.OptionHighlighted) -> None:
        """Show the rule behind the highlighted item."""
        if 0 <= event.option_index < len(self.whys):
            self.query_one("#mp-why", Static).update(
                " " + say("why: {why}", why=self.whys[event.option_index])
            )
