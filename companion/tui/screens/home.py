"""The home screen: start a new game, or resume a saved one (newest first)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from companion.core import registry, session
from companion.core.catalog import N_, _, say, say_n, touch
from companion.core.debug import caught
from companion.core.journal import Journal
from companion.core.saves import SaveEntry, scan_saves
from companion.tui.access import companion_app
from companion.tui.live import not_lost_note
from companion.tui.routes import game_name
from companion.tui.screens.work_once import WorkOnceScreen
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.layout import TallChoices, local_time

__all__ = ["HomeScreen", "finished", "last_move", "local_time", "new_options", "save_row"]

# The most entries the new-game list gives a number key (1-9).
NUMBER_KEYS = 9

HELP = N_("""
# Home

Start a new game or resume a saved one. Games are saved after every step,
in the data folder (`COMPANION_DATA_DIR` overrides it). When a game is not
finished, the newest one is highlighted and **Enter resumes it** (the line
above the footer names it); new games stay on their number keys.

The resume list shows each save's game, the time of its last step (your
local time), its name, a short status (turn or round, what is left) and its
last move. A file of the
data folder that cannot be read as a save is listed as unreadable, with the
reason, and cannot be opened.
""")


# Below this width (a phone in portrait) the new games are listed without their hints.
PHONE_WIDTH = 60


def new_options(hints: bool) -> list[Option]:
    """The new-game list's options: number and name, with its hint if ``hints`` (every
    registered game's entries, in their order: keys 1, 2, ...)."""
    return [
        Option(
            Text.assemble(
                (f"{n}  ", "bold"),
                (_(entry.title), "bold"),
                f" — {entry.hint_text()}" if hints else "",
            ),
            id=entry.id,
        )
        for n, entry in enumerate(registry.new_games(), 1)
    ]


def unreadable_row(entry: SaveEntry) -> Text:
    """A resume-list row for a file the app cannot read as a save: its name and why."""
    text = Text()
    text.append(f"{_('unreadable'):<18}", style="bold red")
    text.append(f"{entry.path.name}: {entry.problem}", style="italic")
    return text


def last_move(journal: Journal) -> str:
    """The game's last step in a few words, by its engine's step describer ("Automa turn 12":
    the step's number needs the events before it; "" before the first)."""
    if not journal.events or registry.find(journal.game) is None:
        return ""
    try:
        return registry.describe_step(journal, len(journal.events))
    except Exception as error:  # a row is never worth a crash: the summary says where it stands
        caught(error, f"the last move of a {journal.game} game")
        return ""


def finished(journal: Journal) -> bool:
    """Whether the game has ended (as its save says, else its engine); an unreadable one
    counts as open (``registry.has_ended``)."""
    return registry.has_ended(journal)


def save_row(journal: Journal, name: str = "") -> Text:
    """One resume-list row: game, date, the save's name (the one to give the CLI, and what
    tells two games apart), status; the last move on a second line."""
    text = Text()
    text.append(f"{game_name(journal.game):<18}", style="bold")
    text.append(f"{local_time(journal.updated):<17}")
    if name:
        text.append(f"{name} · ", style="bold")
    text.append(session.status_line(journal) or "—", style="italic")
    move = last_move(journal)
    if move:
        text.append("\n  " + say("last: {move}", move=move), style="dim")
    return text


class SavesList(TallChoices):
    """The resume list: Enter resumes the highlighted game (the footer says so)."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding(
            "enter",
            "select",
            N_("Resume"),
            key_display="⏎",
            tooltip=N_("resume the highlighted saved game (at first the newest unfinished one)"),
        )
    ]


class HomeScreen(WorkOnceScreen[None]):
    """New games (a number key each) and the saved games (newest first)."""

    HELP = HELP
    DEFAULT_CSS = """
    HomeScreen #home-hint { padding: 0 1; height: auto; }
    """
    BINDINGS: ClassVar[list[Any]] = [
        *(
            Binding(
                str(n),
                f"new({n})",
                N_("New game") if n == 1 else "",
                show=n == 1,
                tooltip=N_("start the new game (or set-up) of that number") if n == 1 else "",
            )
            for n in range(1, NUMBER_KEYS + 1)
        ),
        Binding("r", "reload", N_("Reload"), tooltip=N_("reload the list of saved games")),
        Binding(
            "h",
            "history",
            N_("History"),
            tooltip=N_("the history of finished games and the difficulty ladder"),
        ),
        Binding("q", "app.quit", N_("Quit"), show=False, tooltip=N_("quit")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[tuple[Path, Journal]] = []
        self.newest_open: int | None = None  # index in ``saves`` of the newest unfinished game
        self.entries = registry.new_games()
        last = min(len(self.entries), NUMBER_KEYS)
        # The footer names the number keys the registered games have ("1-6"); on a touch
        # screen no key range (a finger taps a game in the list, as the hint above says).
        first = self._bindings.key_to_bindings["1"]
        self._bindings.key_to_bindings["1"] = [
            replace(b, key_display=f"1-{last}", show=b.show and not touch()) for b in first
        ]

    def compose(self) -> ComposeResult:
        """The two lists between the header and the footer."""
        yield Header()
        new = OptionList(*new_options(hints=True), id="new-games", classes="framed")
        new.border_title = _("New game")
        yield new
        saves = SavesList(id="saves", classes="framed")
        saves.border_title = _("Resume — newest first")
        yield saves
        yield Static(id="home-hint")
        yield Footer()

    def sized_for(self, size: Size) -> None:
        """On a phone the new games are listed by name only: the resume list gets the room.
        The size's classes are set before the screen is laid out at it (and before Textual
        sets the same ones), restyling only the widgets whose rules name them (Textual's
        restyles every widget of the screen)."""
        super().sized_for(size)
        hints = size.width >= PHONE_WIDTH
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
            saves.add_option(Option(Text(_("no saved games yet"), style="italic"), disabled=True))
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

    def on_descendant_focus(self, _event: events.DescendantFocus) -> None:
        """The hint follows the focus: Enter acts on the focused list."""
        self._hint()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The hint names the save Enter resumes: the one highlighted."""
        if event.option_list.id == "saves":
            self._hint()

    def _resumed_by_enter(self) -> int | None:
        """The index in ``saves`` of the save Enter resumes now: the resume list's
        highlighted save while that list has the focus (None: Enter does not resume)."""
        saves = self.query_one("#saves", OptionList)
        highlighted = saves.highlighted
        if self.focused is not saves or highlighted is None or highlighted >= len(self.saves):
            return None
        return highlighted

    def _hint(self) -> None:
        """The line above the footer: what Enter does (resume the save it names, with the
        resume list focused), and the new games' number keys; on a touch screen, what a tap does."""
        hint = self.query_one("#home-hint", Static)
        shown = self.newest_open if touch() else self._resumed_by_enter()
        if shown is None:
            hint.update(
                Text(
                    say("Tap a game above to start it")
                    if touch()
                    else say(
                        "1–{last}: start a new game · Tab: the saved games", last=len(self.entries)
                    ),
                    style="bold",
                )
            )
            return
        path, journal = self.saves[shown]
        text = Text()
        resume = (
            say("Tap a game to resume it; the newest: {save}", save=path.stem)
            if touch()
            else say("⏎ Enter: resume {save}", save=path.stem)
        )
        text.append(resume, style="bold reverse")
        if touch():
            text.append(" " + say("({game})", game=game_name(journal.game)))
        else:
            text.append(
                " "
                + say(
                    "({game}) · 1–{last}: a new game",
                    game=game_name(journal.game),
                    last=len(self.entries),
                )
            )
        note = not_lost_note(journal)
        if note:  # just after a restart: the step tapped before it was kept
            text.append("\n" + note, style="bold")
        hint.update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A number key beyond the new-game list is no key."""
        if action == "new":
            number = parameters[0]
            return isinstance(number, int) and number <= len(self.entries)
        return True

    def action_new(self, number: int) -> None:
        """Start new game ``number`` of the list."""
        companion_app(self).new_game(self.entries[number - 1].id)

    def action_history(self) -> None:
        """Open the history of finished games and the difficulty ladder."""
        companion_app(self).action_history()

    def action_reload(self) -> None:
        """Reload the saved games."""
        self.refresh_saves()
        self.notify(say_n("{n} saved game", "{n} saved games", len(self.saves)))

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "new-games":
            companion_app(self).new_game(event.option.id or "")
        elif self.saves:
            path, journal = self.saves[event.option_index]
            companion_app(self).open_game(path, journal)
