"""The home screen: start a new game, or resume a saved one (newest first)."""

from __future__ import annotations

import importlib
import re
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from companion.core.journal import Journal
from companion.core.saves import SaveEntry, scan_saves
from companion.tui.access import companion_app
from companion.tui.routes import GAME_NAMES
from companion.tui.widgets.chrome import Footer, Header

NEW_ENTRIES = (
    ("euphoria", "New Euphoria Automa game", "two Automas beside your board"),
    ("ephios-solo", "New Ephios solo game", "against the Plot"),
    ("ephios-quick", "Ephios quick game", "popularity to 70%"),
    ("ephios-campaign", "Ephios campaign", "rounds, wins, pages"),
    ("euphoria-multiplayer", "Euphoria set-up, no Automas", "2–6 humans: the expansion's changes"),
)

HELP = """
# Home

Start a new game or resume a saved one. Games are saved after every step,
in the data folder (`COMPANION_DATA_DIR` overrides it). When a game is not
finished, the newest one is highlighted and **Enter resumes it** (the line
above the footer names it); new games stay on their number keys 1–5.

The resume list shows each save's game, the time of its last step (your
local time), its name, a short status (turn or round, what is left) and its
last move. A file of the
data folder that cannot be read as a save is listed as unreadable, with the
reason, and cannot be opened.
"""


# Below this width (a phone in portrait) the new games are listed without their hints.
PHONE_WIDTH = 60


def new_options(hints: bool) -> list[Option]:
    """The new-game list's options: number and name, with its hint if ``hints``."""
    return [
        Option(
            Text.assemble((f"{n}  ", "bold"), (title, "bold"), f" — {hint}" if hints else ""),
            id=kind,
        )
        for n, (kind, title, hint) in enumerate(NEW_ENTRIES, 1)
    ]


def local_time(stamp: str) -> str:
    """An ISO time stamp as 'YYYY-MM-DD HH:MM' in local time ('?' if unreadable)."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return "?"
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def unreadable_row(entry: SaveEntry) -> Text:
    """A resume-list row for a file the app cannot read as a save: its name and why."""
    text = Text()
    text.append(f"{'unreadable':<18}", style="bold red")
    text.append(f"{entry.path.name}: {entry.problem}", style="italic")
    return text


# game kind -> "module:function" describing one journal event of that game (its engine's).
DESCRIBERS: dict[str, str] = {
    "euphoria": "companion.euphoria.journal_text:describe_event",
    "ephios-solo": "companion.ephios.solo_words:describe_event",
    "ephios-quick": "companion.ephios.quick:describe_event",
    "ephios-campaign": "companion.ephios.campaign:describe_event",
}


def last_move(journal: Journal) -> str:
    """The game's last step in a few words, by its engine's describer ("" before the first)."""
    if not journal.events or journal.game not in DESCRIBERS:
        return ""
    module_name, _, attr = DESCRIBERS[journal.game].partition(":")
    try:
        describe = getattr(importlib.import_module(module_name), attr)
        return str(describe(journal.events[-1]))
    except Exception:  # a row is never worth a crash: the summary still says where it stands
        return ""


def finished(journal: Journal) -> bool:
    """Whether the game has ended (its engine says so); an unreadable one counts as open."""
    try:
        from companion.history.outcomes import outcome_of

        return outcome_of(journal, detail=False).ended
    except Exception:
        return False


def save_row(journal: Journal, name: str = "") -> Text:
    """One resume-list row: game, date, the save's name (unless it only repeats the game and
    the date, as the app's own names do), status; the last move on a second line."""
    text = Text()
    text.append(f"{GAME_NAMES.get(journal.game, journal.game):<18}", style="bold")
    text.append(f"{local_time(journal.updated):<17}")
    if name and not re.fullmatch(rf"{re.escape(journal.game)}-\d{{8}}-\d{{4}}", name):
        text.append(f"{name} · ", style="bold")
    text.append(journal.summary or "—", style="italic")
    move = last_move(journal)
    if move:
        text.append(f"\n  last: {move}", style="dim")
    return text


class SavesList(OptionList):
    """The resume list: Enter resumes the highlighted game (the footer says so)."""

    BINDINGS: ClassVar[list] = [
        Binding(
            "enter",
            "select",
            "Resume",
            key_display="⏎",
            tooltip="resume the highlighted saved game (at first the newest unfinished one)",
        )
    ]


class HomeScreen(Screen[None]):
    """New games (keys 1-5) and the saved games (newest first)."""

    HELP = HELP
    DEFAULT_CSS = """
    HomeScreen #home-hint { padding: 0 1; height: auto; }
    """
    BINDINGS: ClassVar[list] = [
        *(
            Binding(
                str(n),
                f"new({n})",
                "New game" if n == 1 else "",
                show=n == 1,
                key_display="1-5",
                tooltip="start the new game (or set-up) of that number" if n == 1 else "",
            )
            for n in range(1, len(NEW_ENTRIES) + 1)
        ),
        Binding("r", "reload", "Reload", tooltip="reload the list of saved games"),
        Binding(
            "h",
            "history",
            "History",
            tooltip="the history of finished games and the difficulty ladder",
        ),
        Binding("q", "app.quit", "Quit", show=False, tooltip="quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[tuple[Path, Journal]] = []
        self.newest_open: int | None = None  # index in ``saves`` of the newest unfinished game

    def compose(self) -> ComposeResult:
        """The two lists between the header and the footer."""
        yield Header()
        new = OptionList(*new_options(hints=True), id="new-games", classes="framed")
        new.border_title = "New game"
        yield new
        saves = SavesList(id="saves", classes="framed")
        saves.border_title = "Resume — newest first"
        yield saves
        yield Static(id="home-hint")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """On a phone the new games are listed by name only: the resume list gets the room."""
        hints = event.size.width >= PHONE_WIDTH
        new = self.query_one("#new-games", OptionList)
        if hints != any(" — " in str(option.prompt) for option in new.options):
            highlighted = new.highlighted
            new.set_options(new_options(hints=hints))
            new.highlighted = highlighted

    def on_mount(self) -> None:
        """Fill the resume list; focus the newest unfinished game (Enter resumes it), else the
        new-game list."""
        self.refresh_saves()
        if self.newest_open is not None:
            self.query_one("#saves", OptionList).focus()
        else:
            self.query_one("#new-games", OptionList).focus()

    def on_screen_resume(self) -> None:
        """Coming back from a game: the list may have changed."""
        self.refresh_saves()

    def refresh_saves(self) -> None:
        """Read the data folder again and rebuild the resume list."""
        entries = scan_saves(companion_app(self).data_dir)
        self.saves = [(e.path, e.journal) for e in entries if e.journal is not None]
        saves = self.query_one("#saves", OptionList)
        saves.clear_options()
        if not entries:
            saves.add_option(Option(Text("no saved games yet", style="italic"), disabled=True))
            self.newest_open = None
            self._hint()
            return
        saves.add_options([save_row(journal, path.stem) for path, journal in self.saves])
        # Files that cannot be read are listed (with the reason) after the games, unselectable.
        saves.add_options(
            [Option(unreadable_row(e), disabled=True) for e in entries if e.journal is None]
        )
        self.newest_open = next(
            (i for i, (_path, journal) in enumerate(self.saves) if not finished(journal)), None
        )
        saves.highlighted = (
            self.newest_open if self.newest_open is not None else (0 if self.saves else None)
        )
        self._hint()

    def _hint(self) -> None:
        """The line above the footer: what Enter resumes, and that new games are 1-5."""
        hint = self.query_one("#home-hint", Static)
        if self.newest_open is None:
            hint.update(Text("1–5: start a new game · Tab: the saved games", style="bold"))
            return
        path, journal = self.saves[self.newest_open]
        text = Text()
        text.append(f"⏎ Enter: resume {path.stem}", style="bold reverse")
        text.append(f" ({GAME_NAMES.get(journal.game, journal.game)}) · 1–5: a new game")
        hint.update(text)

    def action_new(self, number: int) -> None:
        """Start new game ``number`` (1-5) of the list."""
        companion_app(self).new_game(NEW_ENTRIES[number - 1][0])

    def action_history(self) -> None:
        """Open the history of finished games and the difficulty ladder."""
        from companion.tui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_reload(self) -> None:
        """Reload the saved games."""
        self.refresh_saves()
        self.notify(f"{len(self.saves)} saved game(s)")

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "new-games":
            companion_app(self).new_game(event.option.id or "")
        elif self.saves:
            path, journal = self.saves[event.option_index]
            companion_app(self).open_game(path, journal)
