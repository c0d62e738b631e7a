"""The Euphoria set-up checklist: what to do on the table before the first turn."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from companion.core.catalog import N_, _, say, touch
from companion.core.journal import Journal
from companion.core.questions import Announcement
from companion.tui import keys, routes
from companion.tui.widgets.checklist import Checklist
from companion.tui.widgets.chrome import Footer, Header

HELP = N_("""
# Set-up checklist

What to do on the table before the first turn, from the game the app just
set up: the factions drawn for the black and the white Automa, the recruits
and markets to remove, the miners, the Bazaar, the minority bonus. Tick each
item as you do it; ticking is only a help for you, nothing depends on it.
""")


def item_text(item: object) -> str:
    """A checklist item as text: its title, then its lines (one per line)."""
    if isinstance(item, str):
        return item
    if isinstance(item, Announcement):
        return item.text
    title = getattr(item, "title", None)
    if title is not None:
        return "\n".join([title, *getattr(item, "lines", ())])
    return str(item)


class EuphoriaChecklistScreen(Screen[None]):
    """Tickable set-up items; `s` opens the game's turn screen.

    Args:
        path: the save file of the new game.
        journal: its journal.
        items: the checklist from the engine: items with ``title``, ``lines`` and ``why``
            (`companion.euphoria.checklist.ChecklistItem`), Announcements, or plain texts.
    """

    HELP = HELP
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding(
            "s", "play", N_("Start playing"), tooltip=N_("start playing (the Automa turn screen)")
        ),
        keys.home(tooltip=N_("back to the home screen (the game is saved; resume it there)")),
    ]

    def __init__(self, path: Path, journal: Journal, items: Sequence[str | Announcement]) -> None:
        super().__init__()
        self.path = Path(path)
        self.journal = journal
        self.items = [item_text(i) for i in items]
        self.whys = [getattr(i, "why", "") for i in items]

    def compose(self) -> ComposeResult:
        """Title, the checklist, a status line, the footer."""
        yield Header()
        yield Static(_("Set up the table — tick each item as you do it"), id="checklist-title")
        yield Checklist(self.items, id="checklist", classes="framed")
        yield Static(id="checklist-why")
        yield Static(id="checklist-status")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the list and show the count."""
        self.query_one(Checklist).focus()
        self._status()

    def _status(self) -> None:
        checklist = self.query_one(Checklist)
        done = len(checklist.ticked)
        total = len(checklist.items)
        text = Text(say("{done} of {total} done", done=done, total=total))
        if checklist.complete:
            words = (
                say("✓ all {total} done — tap here to start playing", total=total)
                if touch()
                else say("✓ all {total} done — press s to start playing", total=total)
            )
            # A tap (a click) on the line starts playing, as s does.
            text = Text(words, style=Style(bold=True, meta={"@click": "screen.play"}))
        self.query_one("#checklist-status", Static).update(text)

    def _on_checklist_changed(self, event: Checklist.Changed) -> None:
        self._status()

    def _on_option_list_option_highlighted(self, event: Checklist.OptionHighlighted) -> None:
        why = self.whys[event.option_index] if event.option_index < len(self.whys) else ""
        self.query_one("#checklist-why", Static).update(say("why: {why}", why=why) if why else "")
        # The why's rows change the list's height: keep the highlighted item in view after.
        self.call_after_refresh(self.query_one(Checklist).scroll_to_highlight)

    def action_play(self) -> None:
        """Open the game's turn screen in place of this one."""
        screen = routes.resume_screen(self.journal.game, self.path, self.journal)
        if screen is None:
            self.notify(_("Euphoria turn screen: not available yet"), severity="warning")
            return
        self.app.switch_screen(screen)
