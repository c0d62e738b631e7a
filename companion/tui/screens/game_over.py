"""The end-of-game screen: how the game ended and a picture of how it went.

A thin shell over the engines' outcomes (``companion.history.outcomes``): the
headline, the level and turns, the chart of the outcome's series (Euphoria:
each Automa's authority tokens; Ephios solo: popularity and the Plot zone;
the quick game: each player's popularity; the campaign: round wins) and the
milestones with their turns. It opens by itself when a game ends, and with
`o` on the screen of a finished game; opened over the game's screen, it also shows
the last step's moves (what the winning turn does on the table), which it covers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Protocol, runtime_checkable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from companion.core import registry
from companion.core.catalog import N_, _, say
from companion.core.journal import Journal
from companion.core.outcome import Outcome
from companion.core.questions import Announcement
from companion.history.outcomes import outcome_of
from companion.tui.access import companion_app
from companion.tui.panels import panels_of
from companion.tui.screens.work_once import WorkOnceScreen
from companion.tui.widgets.announcements import announcement_text
from companion.tui.widgets.bgstats_play import (
    BgStatsCodeScreen,
    BgStatsPlay,
    copy_link,
    play_link_of,
)
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.turn_chart import TurnChart


def end_title(game: str) -> str:
    """The game's name on the end-of-game screen and the ladder ("Euphoria"); its id if no
    installed game has it."""
    found = registry.find(game)
    return _(found.end_title) if found is not None else game


def level_name(game: str, level: str) -> str:
    """A level of ``game`` by its name in the player's language (the record holds its id);
    an id no registration names is shown as it is."""
    for levels in registry.levels():
        if levels.game == game and level in levels.names:
            return levels.names[level]
    return level


HELP = N_("""
# The end of the game

How the game ended and how it went, turn by turn: the chart's bars share one
scale (10 authority tokens, 100% popularity, 5 Dignitaries, 2 round wins), and
◆ on the turn axis marks a turn with a milestone (listed below the chart).

| Key | Does |
|---|---|
| Escape | back |
| z | over the game's screen: back to it, taking the ending back (undo) |
| h | the history of finished games and the difficulty ladder |
| b | the QR code that opens BG Stats with the play filled in |
| c | copy the BG Stats link |
| F1, ? | this help |
""")


@runtime_checkable
class TableMoves(Protocol):
    """A game's screen that says what its last step does on the table (the end-of-game
    screen opened over it shows these too: the winning turn's moves are still to be made)."""

    def table_moves(self) -> tuple[str, list[Announcement]]:
        """The last step's title and its lines, one per thing to do on the table."""
        ...


def facts(outcome: Outcome) -> Text:
    """The line under the headline: game, level, turns, result."""
    game = registry.find(outcome.game)
    parts = [end_title(outcome.game)]
    if outcome.difficulty:
        parts.append(level_name(outcome.game, outcome.difficulty))
    parts.append(game.turns_text(outcome.turns) if game else registry.turns_text(outcome.turns))
    if game is not None and game.solo and outcome.result:
        parts.append(_("you won") if outcome.result == "won" else _("you lost"))
    elif outcome.winner:
        parts.append(say("{winner} won", winner=outcome.winner))
    return Text(" · ".join(parts))


class GameOverScreen(WorkOnceScreen[None]):
    """The end of one game: headline, chart, milestones."""

    HELP = HELP
    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape", "app.pop_screen", N_("Back"), id="back"),
        Binding("z", "undo", N_("Undo the end"), id="undo"),
        Binding("h", "history", N_("History"), id="history"),
        Binding("b", "bgstats", N_("BG Stats"), id="bgstats"),
        Binding("c", "copy_link", N_("Copy link"), show=False, id="copy-link"),
        Binding("question_mark", "app.help", N_("Help"), show=False, id="help"),
    ]
    DEFAULT_CSS = """
    GameOverScreen #go-headline { padding: 0 1; text-style: bold; color: $success; }
    GameOverScreen.-lost #go-headline { color: $warning; }
    GameOverScreen #go-facts { padding: 0 1; color: $text-muted; }
    GameOverScreen #go-label { padding: 1 1 0 1; text-style: italic; }
    GameOverScreen TurnChart { padding: 0 1; }
    GameOverScreen #go-body { height: 1fr; }
    GameOverScreen #go-moves-title { padding: 1 1 0 1; text-style: bold; }
    GameOverScreen #go-moves { padding: 0 1; height: auto; }
    GameOverScreen #go-milestones { padding: 0 1; height: auto; }
    """

    def __init__(self, path: Path, journal: Journal, over_game: bool = False) -> None:
        outcome = outcome_of(journal)
        # The colour of the headline (a loss is not a success), set before the screen is
        # styled: set on mounting, the class restyled every widget of the screen again.
        super().__init__(classes="-lost" if outcome.result == "lost" else None)
        self.path = Path(path)
        self.journal = journal
        self.outcome = outcome
        # Opened over the game's own screen (when the game ended, or with `o` there).
        self.over_game = over_game
        self.bgstats_link = play_link_of(path, journal, self.outcome) if self.outcome.ended else ""

    def compose(self) -> ComposeResult:
        """Headline, facts, chart, milestones."""
        out = self.outcome
        yield Header()
        # A star for a win only: a defeat's headline is marked as the board's banner is
        mark = ("✗ " if out.result == "lost" else "★ ") if out.ended else ""
        yield Static(Text(mark + out.headline), id="go-headline")
        yield Static(facts(out), id="go-facts")
        names = panels_of(out.game).words.names  # who, as the game names it (its Automas)
        # One scroller for the rest (keys and a swipe move it): the last moves, the chart,
        # the milestones.
        with VerticalScroll(id="go-body"):
            title, moves = self._last_moves()
            if moves:
                yield Static(title, id="go-moves-title")
                with Vertical(id="go-moves"):
                    for number, move in enumerate(moves, 1):
                        yield Static(announcement_text(move, number, False, names=names))
            yield Static(out.series_label, id="go-label")
            rows = 2 if len(out.series) <= 2 else 1
            game = registry.find(out.game)
            unit = game.unit if game is not None else ""
            yield TurnChart(
                out.series, out.milestones, rows=rows, unit=unit, rounds=out.rounds, names=names
            )
            text = Text()
            for m in out.milestones:
                text.append("◆ ", style="dim")
                at = (
                    say("round {turn:>3}", turn=m.turn)
                    if out.rounds
                    else say("turn {turn:>3}", turn=m.turn)
                )
                text.append(at, style="bold")
                text.append(f"  {m.text}\n")
            if not out.milestones:
                text.append(_("No milestone."), style="italic")
            yield Static(text, id="go-milestones")
            if self.bgstats_link:  # its own section: BG Stats' link (the QR code on `b`)
                yield BgStatsPlay(self.bgstats_link, id="go-bgstats")
        yield Footer()

    def _last_moves(self) -> tuple[str, list[Announcement]]:
        """The last step's moves, from the game's screen below (when opened over it)."""
        stack = self.app.screen_stack
        if not self.over_game or not stack:
            return "", []
        # Composed once pushed (on the stack) or just before (the game's screen on top).
        below = stack[stack.index(self) - 1] if self in stack[1:] else stack[-1]
        if isinstance(below, TableMoves):
            return below.table_moves()
        return "", []

    def on_mount(self) -> None:
        """The title."""
        self.title = say("{game} — the end of the game", game=end_title(self.outcome.game))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`z` only over the game's own screen (from the history there is nothing to undo)."""
        if action == "undo":
            return self.over_game
        if action in ("bgstats", "copy_link"):
            return bool(self.bgstats_link)
        return True

    async def action_undo(self) -> None:
        """Back to the game's screen and undo the last step there: the ending."""
        below = self.app.screen_stack[-2]
        await self.app.pop_screen()
        await self.app.run_action("undo", below)

    def action_bgstats(self) -> None:
        """Show the QR code that opens BG Stats with the play filled in (`b`)."""
        if self.bgstats_link:
            self.app.push_screen(BgStatsCodeScreen(self.bgstats_link))

    def action_copy_link(self) -> None:
        """Copy the BG Stats link (`c`)."""
        if self.bgstats_link:
            copy_link(self.app, self.bgstats_link)

    def action_history(self) -> None:
        """Open the history screen."""
        companion_app(self).action_history()
