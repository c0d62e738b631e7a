"""A game's physical set-up as a tickable checklist over its screen (opened again from the
game, e.g. a campaign round's set-up).

The steps come from the engine as data (announcements, each with the rule behind it);
ticking is a help for the table only, nothing depends on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from companion.core.catalog import N_, _, touch
from companion.core.questions import Announcement
from companion.tui.widgets.checklist import Checklist
from companion.tui.widgets.chrome import Footer
from companion.tui.widgets.setup_list import SetupList
from companion.tui.widgets.step_dialog import TapCloses


class SetupChecklist(TapCloses):
    """The set-up steps, tickable; Escape, `k`, `s` or a tap outside closes (the game is
    already saved).

    Args:
        title: the frame's title (e.g. "Set-up — quick game, 3 players").
        steps: the engine's set-up steps.
    """

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("escape,k,s", "close", N_("Close"), id="back"),
    ]
    DEFAULT_CSS = """
    SetupChecklist { align: center middle; }
    SetupChecklist > Vertical {
        width: 96%; max-width: 100; height: 94%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    SetupChecklist #setup-title { height: auto; text-style: bold; color: $accent; }
    SetupChecklist #setup-hint { height: auto; color: $text-muted; }
    """

    def __init__(self, title: str, steps: Sequence[Announcement]) -> None:
        super().__init__()
        self.title_text = title
        self.steps = list(steps)

    def compose(self) -> ComposeResult:
        """The hint line and the checklist in a frame."""
        with Vertical():
            # The title is a line of its own, not the frame's: a frame's title is cut with
            # "…" when it is wider than the frame (a phone, a longer language); this wraps.
            yield Static(self.title_text, id="setup-title", markup=False)
            yield Static(
                _(
                    "Tick each step as you do it (Space, Enter or a click; a: all). Escape or s: play."
                ),
                id="setup-hint",
            )
            yield SetupList(self.steps, id="setup-list")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the list."""
        self.query_one(Checklist).focus()

    def on_checklist_completed(self, event: Checklist.Completed) -> None:
        """Every step ticked: say so (the player closes when ready)."""
        self.notify(
            _("Set-up done: tap Close below to play.")
            if touch()
            else _("Set-up done: Escape or s to play.")
        )

    def action_close(self) -> None:
        """Close the checklist."""
        self.dismiss(None)
