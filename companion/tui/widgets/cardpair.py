"""The Automa card pair drawn like the cards on the table.

Left: the right half of the action card (Bazaar indicator, black action,
white action). Right: the left half of the support card (camping, black
faction icon, white faction icon). Every icon carries a letter code and a
word; colours only decorate.
"""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from companion.euphoria.cards import AutomaCard
from companion.tui.glyphs import (
    AUTOMA_MARKS,
    action_label,
    bazaar_label,
    camping_label,
    faction_label,
    faction_style,
)


def card_pair_table(action: AutomaCard | None, support: AutomaCard | None) -> Table:
    """A Rich table of the centre of the pair: the action half beside the support half."""
    table = Table(box=box.ROUNDED, show_header=True, header_style="bold", expand=True)
    table.add_column(f"action {action.id}" if action else "action: no card", ratio=1)
    table.add_column(f"support {support.id}" if support else "support: no card", ratio=1)
    table.add_row(
        Text(bazaar_label(action.bazaar) if action else "", style="italic"),
        Text(camping_label(support.camping) if support else "", style="italic"),
    )
    for automa in ("black", "white"):
        mark = f"{AUTOMA_MARKS[automa]} {automa[0].upper()} "
        left = Text(mark, style="bold")
        if action:
            left.append(action_label(action.action_for(automa)))
        right = Text(mark, style="bold")
        if support:
            icon = support.faction_for(automa)
            right.append(faction_label(icon), style=faction_style(icon))
        table.add_row(left, right)
    return table


class CardPair(Widget):
    """The current Automa card pair (action card left, support card right).

    Args:
        action: the action card (its right half is shown), or None before the first draw.
        support: the support card (its left half is shown), or None.
    """

    DEFAULT_CSS = """
    CardPair { height: auto; min-height: 6; }
    """

    def __init__(
        self,
        action: AutomaCard | None = None,
        support: AutomaCard | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.action = action
        self.support = support

    def show(self, action: AutomaCard | None, support: AutomaCard | None) -> None:
        """Show another pair."""
        self.action = action
        self.support = support
        self.refresh(layout=True)

    def render(self) -> Table:
        """The pair as a table."""
        return card_pair_table(self.action, self.support)
