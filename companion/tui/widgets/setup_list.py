"""The physical set-up of a game as a tickable list: what to do on the table before playing.

A game's checklist items come from its object as data (``checklist``: announcements, the
first line of each its title, the rule behind it as its ``why`` or ``rule``, shown below
the list for the highlighted item). The list
fills the room it is given and scrolls itself: every item is reached by Up and Down (a
tall item row by row) and the highlighted one is kept wholly in view, whatever the
screen's size; the rule behind the highlighted item shows below the list, then how many
are done. Ticking is a help for the table only: nothing depends on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static

from companion.core.catalog import say, touch
from companion.core.questions import Announcement
from companion.tui.widgets.checklist import Checklist


def item_text(item: Announcement) -> str:
    """A checklist item as the list shows it: its text (its first line the title)."""
    return item.text


def why_text(item: Announcement) -> str:
    """The rule behind an item, as the line below the list says it (its why, else the
    rulebook section it applies)."""
    why = item.why or item.rule
    return say("why: {why}", why=why) if why else ""


class SetupList(Vertical):
    """The items, the why of the highlighted one, and how many are done.

    Args:
        items: the game's checklist items.
        done_action: the action a tap on the "all done" line runs (e.g. ``screen.play``);
            "" when there is nothing to start (the line only counts).
    """

    DEFAULT_CSS = """
    SetupList { height: 1fr; }
    SetupList > #setup-why { height: auto; padding: 0 1; color: $text-muted; }
    SetupList > #setup-done { height: auto; padding: 0 1; text-style: bold; }
    """

    def __init__(
        self, items: Sequence[Announcement], done_action: str = "", *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.items = list(items)
        self.done_action = done_action
        self.checklist = Checklist([item_text(i) for i in self.items], classes="framed")
        # The room left to the list, whatever a stylesheet says of framed lists (height:
        # auto would push the why and the count below the screen).
        self.checklist.styles.height = "1fr"

    def compose(self) -> ComposeResult:
        """The list, the why line and the count."""
        yield self.checklist
        yield Static(id="setup-why", markup=False)
        yield Static(id="setup-done")

    def on_mount(self) -> None:
        """Count what is done (nothing yet)."""
        self._count()

    def _count(self) -> None:
        checklist = self.checklist
        total = len(checklist.items)
        done = len(checklist.ticked)
        if self.done_action and not touch():  # s is not always in a narrow footer: say it
            text = Text(say("{done} of {total} done · s starts playing", done=done, total=total))
        else:
            text = Text(say("{done} of {total} done", done=done, total=total))
        if checklist.complete and self.done_action:
            words = (
                say("✓ all {total} done — tap here to start playing", total=total)
                if touch()
                else say("✓ all {total} done — press s to start playing", total=total)
            )
            # A tap (a click) on the line starts playing, as s does.
            text = Text(words, style=Style(bold=True, meta={"@click": self.done_action}))
        elif checklist.complete:
            text = Text(say("✓ all {total} done", total=total))
        self.query_one("#setup-done", Static).update(text)

    def _on_checklist_changed(self, event: Checklist.Changed) -> None:
        self._count()

    def _on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = event.option_index
        shown = why_text(self.items[index]) if 0 <= index < len(self.items) else ""
        self.query_one("#setup-why", Static).update(shown)
        # The why's rows change the list's height: keep the highlighted item in view after.
        self.call_after_refresh(self.checklist.scroll_to_highlight)
