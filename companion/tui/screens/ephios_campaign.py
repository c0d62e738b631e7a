"""The Ephios campaign screen: the current round as a quick game, plus wins, history and pages.

A thin shell over `companion.ephios.campaign`: a round ends when someone
reaches 70% (the engine then starts the next round with the winner first);
two round wins take the campaign. Alliance tiles from the victory pages are
added with their name, gain and unite requirement.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from companion.core.catalog import N_, _, say, touch
from companion.core.plans import Ask, Next
from companion.core.questions import Announcement
from companion.ephios import campaign, quick, quick_plans
from companion.tui.help_text import ShownHelp
from companion.tui.screens.ephios_quick import (
    EphiosQuickScreen,
    alliance_columns,
    alliances_in_play,
    quick_help_body,
)
from companion.tui.widgets.chrome import Footer
from companion.tui.widgets.ephios_board import alliance_word
from companion.tui.widgets.questions import QuestionPanel
from companion.tui.widgets.step_dialog import (
    DIALOG_BUTTONS_CSS,
    PlanSteps,
    TapCloses,
    dialog_buttons,
)

CAMPAIGN_HELP = N_("""
# Ephios campaign

Each round is a quick game: the first to {win}% wins the round. The winner
reads the victory page of the last alliance united (a page already read
means: go straight to the next round) and starts the next round. The first
player to win **two rounds** wins the campaign.

The panel shows the round and who started it, the round wins (`★` per
win), who won each round and the pages read, and the alliances in play
(`Order 2→30%`: unite with 2, gain 30%).
""")


def campaign_help() -> str:
    """The F1 help of the campaign screen: its own, then the quick game's."""
    return say(CAMPAIGN_HELP, win=quick.WIN) + "\n" + quick_help_body()


HELP = ShownHelp(campaign_help)


def tile_name_prompt() -> str:
    """The line above the tile's name field: what goes on after the name (on a touch screen,
    the on-screen keyboard's Enter)."""
    if touch():
        return _("Name of the alliance on the tile (the keyboard's Enter goes on):")
    return _("Name of the alliance on the tile (Enter goes on):")


class AllianceDialog(TapCloses):
    """A new alliance tile: its name (typed), then the engine's tile questions (gain, unite
    requirement, the alliance it covers).

    Args:
        state: the round being played (a tile may cover one of its alliances).
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]
    DEFAULT_CSS = (
        """
    AllianceDialog { align: center middle; }
    AllianceDialog > Vertical {
        width: 90%; max-width: 80; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    AllianceDialog #tile-info { height: auto; padding: 0 1; }
    AllianceDialog VerticalScroll { height: auto; max-height: 16; display: none; }
    AllianceDialog.-numbers VerticalScroll { display: block; }
    AllianceDialog.-numbers Input { display: none; }
    AllianceDialog.-phone > Vertical { width: 100%; }
    AllianceDialog #dialog-back { display: none; }
    AllianceDialog.-numbers #dialog-back { display: block; }
    """
        + DIALOG_BUTTONS_CSS
    )

    def __init__(self, state: quick.QuickState) -> None:
        super().__init__()
        self.name_text = ""
        self.steps = PlanSteps(self._plan)
        self.round_state = state

    def _plan(self, answers: Mapping[str, str]) -> Next:
        """The engine's tile plan, with the name typed."""
        return quick_plans.tile_plan(self.round_state, {**answers, "name": self.name_text})

    def compose(self) -> ComposeResult:
        """The name field, then the questions."""
        with Vertical() as frame:
            frame.border_title = _("Add an alliance tile")
            yield Static(tile_name_prompt(), id="tile-info")
            yield Input(placeholder=_("e.g. The Guild"), id="tile-name")
            with VerticalScroll():
                yield QuestionPanel(id="tile-question")
            yield dialog_buttons()
        yield Footer()

    def on_mount(self) -> None:
        """Focus the name."""
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """The name is typed: ask the numbers."""
        event.stop()
        if not event.value.strip():
            self.notify(_("type the alliance's name"), severity="warning")
            return
        self.name_text = event.value.strip()
        self.add_class("-numbers")
        tile = say("Tile: {name}", name=self.name_text)
        self.query_one("#tile-info", Static).update(Text(tile, style="bold"))
        self._ask()

    def _ask(self) -> None:
        """The next step of the tile's plan: its questions, or the tile (dismissed with it)."""
        step = self.steps.next()
        if isinstance(step, Ask):
            self.query_one(QuestionPanel).ask(list(step.questions))
        else:
            self.dismiss(None if step is None else step.event())

    def _on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        event.stop()
        self.steps.give(event.answers)
        self._ask()

    def _on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        event.stop()
        if self.steps.back():
            self._ask()
            return
        self.remove_class("-numbers")
        self.query_one("#tile-info", Static).update(tile_name_prompt())
        self.query_one(Input).focus()

    def action_cancel(self) -> None:
        """Close; nothing is recorded."""
        self.dismiss(None)


class EphiosCampaignScreen(EphiosQuickScreen):
    """A campaign: the current round as a quick game, round wins, history, pages, alliance tiles.

    Args:
        path: the save file (rewritten after every step).
        journal: the campaign's journal.
    """

    HELP = HELP
    engine = campaign
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "t",
            "tile",
            N_("Tile"),
            tooltip=N_(
                "add an alliance tile from a victory page: name, gain, unite, what it covers"
            ),
        )
    ]

    @property
    def round(self) -> quick.QuickState:
        """The round being played."""
        played: quick.QuickState = self.state.round
        return played

    def title_word(self) -> str:
        """The game's name in the header."""
        return _("campaign")

    def game_over(self) -> tuple[str, str] | None:
        """The campaign winner's banner, or None."""
        champion = self.state.champion
        if champion:
            return (
                say("{player} WINS THE CAMPAIGN", player=champion.upper()),
                say("{player} won two rounds: the new High Governor of Ephios.", player=champion),
            )
        return None

    def extra(self, phone: bool = False) -> Table:
        """Round, wins, history and pages, alliances in play: four short rows (fits 80×24;
        on a phone without the reminders of the rules, which the help has)."""
        s = self.state
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        started = {"number": s.number, "player": s.started_by}
        round_line = (
            say("{number} · started by {player}", **started)
            if phone
            else say("{number} · started by {player} (its winner starts the next)", **started)
        )
        table.add_row(_("Round"), Text(round_line))
        wins = Text()
        for index, player in enumerate(s.players):
            if index:
                wins.append(" · ")
            wins.append(f"{player} ")
            wins.append("★" * s.wins[player] or "–", style="bold" if s.wins[player] else "dim")
        needed = campaign.WINS_NEEDED
        wins.append(
            say("  ({n} ★ win)", n=needed)
            if phone
            else say("  ({n} ★ take the campaign)", n=needed),
            style="dim",
        )
        table.add_row(_("Wins"), wins)
        history = ", ".join(
            say("R{n} {player}", n=n, player=w) for n, w in enumerate(s.round_winners, 1)
        ) or _("none yet")
        pages = ", ".join(
            alliance_word(s.round.alliances[p]) if p in s.round.alliances else p
            for p in s.pages_read
        )
        history_line = say(
            "{history} · pages read: {pages}", history=history, pages=pages or _("none")
        )
        table.add_row(_("History"), Text(history_line))
        in_play = alliances_in_play(s.round)
        table.add_row(
            _("Alliances"), alliance_columns(s.round) if phone else Text(" ").join(in_play)
        )
        return table

    def with_hint(self, item: Announcement) -> Announcement:
        """A victory page to read: the tiles it places are recorded with the key t."""
        if item.what == "page.read":
            return replace(item, text=say("{text} Key t records a tile.", text=item.text))
        return item

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The tile key too is greyed out once the campaign is over."""
        if action == "tile":
            return None if self.game_over() else True
        return super().check_action(action, parameters)

    def action_tile(self) -> None:
        """The alliance-tile dialog."""
        self.app.push_screen(AllianceDialog(self.round), self.play)

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Command-palette entries of this screen."""
        yield SystemCommand(_("Add an alliance tile"), "t", self.action_tile)
        yield from super().palette_commands()
