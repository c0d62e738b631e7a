"""The history screen (from home, `h`): the difficulty ladder with a chart of wins per level,
and the finished games, newest first (Enter opens a game's end-of-game screen).

A thin shell over ``companion.history``: the ladder's numbers, the suggested
level and its reason all come from there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from companion.core import registry
from companion.core.catalog import N_, _, say, say_n
from companion.core.errors import CompanionError
from companion.core.saves import read_save
from companion.history.ladder import ladder
from companion.history.records import HistoryError, Record, confirm, history_path, load
from companion.tui.access import companion_app
from companion.tui.screens.game_over import level_name
from companion.tui.screens.work_once import WorkOnceScreen
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.layout import local_time

# A result as a word (the records hold the ids "won" and "lost").
RESULT_WORDS = {"won": N_("won"), "lost": N_("lost")}


def _result(result: str) -> str:
    return _(RESULT_WORDS[result]) if result in RESULT_WORDS else result


def _title(game: str, short: bool = False) -> str:
    """A game's name on this screen: its end-of-game title, or its short one in the list."""
    found = registry.find(game)
    if found is None:
        return game
    return _(found.short_title if short else found.end_title)


HELP = N_("""
# History

The games you finished (a game whose ending you undo leaves the history
until it ends again) and the difficulty ladder of the games with levels.

The ladder's bars are the games played at each level: green the wins, red
the losses. ▶ marks the level suggested next, with its reason:

1. Two wins in a row at a level: one level up.
2. Three losses in a row at a level: one level down.
3. Otherwise: the level of your last game.
4. No game yet: the standard level (Euphoria Intermediate, the Plot normal).

The Euphoria wizard and the Ephios solo set-up pre-select the suggested level.

A win that a correction brought (you set the end by hand: Euphoria's `x`,
the Ephios solo corrections) is marked in the list and left off the ladder
until you confirm it: `c` on that game (`companion history --confirm SAVE`
from a shell).

| Key | Does |
|---|---|
| ↑ ↓ | move in the list of games |
| Enter | the end-of-game screen of that game (if its save is still there) |
| c | confirm the win of that game, which a correction brought: the ladder counts it |
| Escape | back |
| F1, ? | this help |
""")


def level_row(
    row: dict[str, Any], suggested: bool, bar: int, scale: int, streak: bool = True
) -> Text:
    """One ladder row: marker, level name, a bar of wins and losses, the numbers (and the
    streak, when there is room)."""
    text = Text()  # wraps on a phone, never cut
    text.append("▶ " if suggested else "  ", style="bold")
    text.append(f"{row['name']:<14} ", style="bold" if suggested else "")
    won = round(row["won"] * bar / scale) if scale else 0
    lost = round(row["lost"] * bar / scale) if scale else 0
    if row["won"] and not won:
        won = 1
    if row["lost"] and not lost:
        lost = 1
    text.append("█" * won, style="green")
    text.append("█" * lost, style="red")
    text.append(" " * max(0, bar - won - lost) + " ")
    if row["played"]:
        text.append(say("{won} won {lost} lost", won=row["won"], lost=row["lost"]))
        run = row["streak"]
        if streak:
            text.append(
                " · "
                + say("streak {count} {result}", count=run["count"], result=_result(run["result"])),
                style="dim",
            )
    else:
        text.append("—", style="dim")
    waiting = row.get("unconfirmed", 0)
    if waiting:
        text.append(
            " · "
            + say_n("{count} win to confirm", "{count} wins to confirm", waiting, count=waiting),
            style="yellow",
        )
    return text


class LadderChart(Widget):
    """The ladder of one game: a row per level, the suggestion and its reason."""

    DEFAULT_CSS = """
    LadderChart { height: auto; padding: 0 1; }
    """

    def __init__(self, game: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game

    def render(self) -> Text:
        """The rows at the widget's width (the bars shrink on a phone)."""
        game = self.game
        width = self.size.width or 80
        bar = max(4, min(20, width - 44))
        scale = max([1, *(r["played"] for r in game["levels"])])
        out = Text()
        out.append(f"{_title(game['game'])}\n", style="bold underline")
        for row in game["levels"]:
            suggested = row["level"] == game["suggested"]
            out.append_text(level_row(row, suggested, bar, scale, streak=width >= 64))
            out.append("\n")
        out.append(say("Next: {reason}", reason=game["reason"]), style="italic")
        return out


def game_row(record: Record) -> Text:
    """One finished game: when, which, how, at what level, how long."""
    text = Text()  # wraps on a phone, never cut
    text.append(f"{local_time(record.finished)}  ")
    text.append(f"{_title(record.game, short=True):<16}", style="bold")
    style = "green" if record.result == "won" else "red"
    game = registry.find(record.game)
    if game is not None and game.solo:
        text.append(f"{_result(record.result):<5}", style=style)
    else:
        text.append(say("{winner} won", winner=record.winner), style="green")
    if record.to_confirm:
        text.append(" · " + _("by a correction: c confirms it"), style="yellow")
    elif record.corrected:
        text.append(" · " + _("by a correction"), style="dim")
    if record.difficulty:
        text.append(f" · {level_name(record.game, record.difficulty)}")
    turns = game.turns_text(record.turns) if game else registry.turns_text(record.turns)
    text.append(
        " · " + say("{turns} · {save}", turns=turns, save=Path(record.save).stem), style="dim"
    )
    return text


class HistoryScreen(WorkOnceScreen[None]):
    """The ladder of each game with levels and the finished games."""

    HELP = HELP
    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape", "app.pop_screen", N_("Back"), id="back"),
        Binding("c", "confirm", N_("Confirm win"), id="confirm"),
        Binding("question_mark", "app.help", N_("Help"), show=False, id="help"),
    ]
    DEFAULT_CSS = """
    HistoryScreen #history-body { height: 1fr; min-height: 6; }
    HistoryScreen #history-games { height: auto; max-height: 45%; }
    HistoryScreen #history-problem { padding: 0 1; color: $error; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.records: list[Record] = []
        self.problem = ""
        try:
            self.records = list(reversed(load()))
        except HistoryError as exc:
            self.problem = str(exc)

    def compose(self) -> ComposeResult:
        """The ladders, then the games."""
        yield Header()
        with VerticalScroll(id="history-body"):
            if self.problem:
                yield Static(self.problem, id="history-problem")
            for game in ladder(list(reversed(self.records))):
                yield LadderChart(game)
        games = OptionList(id="history-games", classes="framed")
        games.border_title = say("Finished games ({count}), newest first", count=len(self.records))
        yield games
        yield Footer()

    def on_mount(self) -> None:
        """Fill the list of games and focus it."""
        self.title = _("History and difficulty ladder")
        games = self.query_one("#history-games", OptionList)
        if not self.records:
            empty = say("No finished game yet ({place}).", place=history_path())
            games.add_option(Option(Text(empty, style="italic"), disabled=True))
        else:
            games.add_options([game_row(r) for r in self.records])
            games.highlighted = 0
        games.focus()

    def _highlighted(self) -> Record | None:
        """The game highlighted in the list, if any."""
        try:
            index = self.query_one("#history-games", OptionList).highlighted
        except NoMatches:  # not composed yet
            return None
        return self.records[index] if self.records and index is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`c` only on a win a correction brought and not confirmed yet."""
        if action == "confirm":
            record = self._highlighted()
            return record is not None and record.to_confirm
        return True

    def _on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    def action_confirm(self) -> None:
        """Confirm the highlighted game's win, which a correction brought: the ladder counts
        it now (the screen is drawn again from the history)."""
        record = self._highlighted()
        if record is None or not record.to_confirm:
            return
        try:
            confirm(record.save, record.created)
        except CompanionError as exc:
            self.notify(str(exc), title=_("Cannot confirm"), severity="warning")
            return
        self.notify(_("Confirmed: that win counts on the ladder."))
        self.app.switch_screen(HistoryScreen())

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.records:
            return
        record = self.records[event.option_index]
        try:
            journal = read_save(Path(record.save), record.game)
        except CompanionError as exc:
            self.notify(str(exc), title=_("Cannot open"), severity="warning")
            return
        if journal.created != record.created:
            self.notify(_("That save now holds another game."), severity="warning")
            return
        try:
            companion_app(self).show_game_over(Path(record.save), journal)
        except CompanionError as exc:
            self.notify(str(exc), title=_("Cannot open"), severity="warning")
