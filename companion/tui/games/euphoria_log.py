"""The move log of a Euphoria Automa game (key `g`): every step so far with its announcements.

The steps come from the journal; their announcements from playing the
journal again through the engine's own API (`run_turn` / `apply_event` on a
copy), so the log says exactly what the turn screen said at the time.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from companion.core.catalog import N_, _, say, say_n
from companion.core.journal import Journal
from companion.euphoria.board import AUTOMA_WORDS
from companion.euphoria.journal_text import LoggedStep, replay_steps
from companion.tui import keys
from companion.tui.help_text import ShownHelp
from companion.tui.widgets.announcements import KIND_MARKS, who_name
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.layout import hanging

HELP_TEXT = N_("""
# Move log

Every step of the game so far, oldest first: each Automa turn (with its
cards and the answers you gave) and each event you reported, with what the
app announced. `w` shows or hides the rules behind the announcements.
""")
HELP = ShownHelp(lambda: _(HELP_TEXT))


def log_text(steps: list[LoggedStep], whys: bool) -> Group:
    """The whole log: a heading per step, then its numbered announcements (wrapped lines
    hang under the text)."""
    if not steps:
        return Group(Text(_("Nothing yet: no Automa turn has been played."), style="italic"))
    parts: list[RenderableType] = []
    for step in steps:
        if parts:
            parts.append(Text(""))
        parts.append(
            Text(
                say("Step {number} · {title}", number=step.number, title=step.title),
                style="bold reverse",
            )
        )
        for index, item in enumerate(step.announcements, 1):
            marker = Text(f" {index:>2} {KIND_MARKS.get(item.kind, '→')} ", style="bold")
            body = Text()
            if item.who:
                body.append(f"{who_name(item.who, AUTOMA_WORDS)}: ", style="bold")
            body.append(item.text)
            if whys and item.why:
                body.append("\n" + say("why: {why}", why=item.why), style="italic")
            parts.append(hanging(marker, body))
    return Group(*parts)


class EuphoriaLogScreen(Screen[None]):
    """Every step of the game so far with its announcements (`w` shows the whys).

    Args:
        journal: the game's journal.
    """

    HELP = HELP
    BINDINGS: ClassVar[list[BindingType]] = [
        keys.home("close", N_("Back"), tooltip=N_("back to the turn screen")),
        Binding("g,q", "close", N_("Back"), show=False, tooltip=N_("back to the turn screen")),
        Binding("w", "whys", N_("Whys"), tooltip=N_("show / hide the whys")),
    ]
    DEFAULT_CSS = """
    EuphoriaLogScreen #log-title { padding: 0 1; text-style: bold; background: $boost; }
    EuphoriaLogScreen #log-scroll { height: 1fr; padding: 0 1; }
    """

    def __init__(self, journal: Journal) -> None:
        super().__init__()
        self.journal = journal
        self.steps = replay_steps(journal)
        self.whys = False

    def compose(self) -> ComposeResult:
        """Title, the log, the footer."""
        yield Header()
        yield Static(
            say_n(
                "Move log — {n} step, oldest first (End: the latest)",
                "Move log — {n} steps, oldest first (End: the latest)",
                len(self.steps),
            ),
            id="log-title",
        )
        with VerticalScroll(id="log-scroll"):
            yield Static(log_text(self.steps, self.whys), id="log-text")
        yield Footer()

    def on_mount(self) -> None:
        """Scroll to the latest step."""
        scroll = self.query_one("#log-scroll", VerticalScroll)
        scroll.focus()
        self.call_after_refresh(scroll.scroll_end, animate=False)

    def action_whys(self) -> None:
        """Show or hide the whys."""
        self.whys = not self.whys
        self.query_one("#log-text", Static).update(log_text(self.steps, self.whys))

    def action_close(self) -> None:
        """Back to the turn screen."""
        self.dismiss(None)
