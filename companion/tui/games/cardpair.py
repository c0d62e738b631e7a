"""The Automa card pair drawn like the cards on the table.

Left: the right half of the action card (Bazaar indicator, black action,
white action). Right: the left half of the support card (camping, black
faction icon, white faction icon). Every icon carries a letter code and a
word; colours only decorate.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rich import box
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from companion.core.catalog import _, say
from companion.core.questions import Question
from companion.euphoria.cards import AutomaCard, look_alike, other_half
from companion.tui.games.glyphs import (
    ACTION_CODES,
    AUTOMA_MARKS,
    action_label,
    bazaar_label,
    camping_label,
    faction_code,
    faction_label,
    faction_style,
)


def card_pair_table(action: AutomaCard | None, support: AutomaCard | None) -> Table:
    """A Rich table of the centre of the pair: the action half beside the support half."""
    table = Table(box=box.ROUNDED, show_header=True, header_style="bold", expand=True)
    table.add_column(
        say("action {card}", card=action.id) if action else _("action: no card"), ratio=1
    )
    table.add_column(
        say("support {card}", card=support.id) if support else _("support: no card"), ratio=1
    )
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


def half_glyphs(card: AutomaCard, half: str) -> str:
    """One half of a printed card with the glyphs of the card pair: the support half
    (camping, ■ black's and □ white's faction icons) or the action half (Bazaar, actions)."""
    if half == "support":
        parts = [camping_label(card.camping)]
        parts += [
            f"{AUTOMA_MARKS[a]} {faction_label(card.faction_for(a))}" for a in ("black", "white")
        ]
    else:
        parts = [bazaar_label(card.bazaar).split(" discard")[0].replace(" – no", " –")]
        parts += [
            f"{AUTOMA_MARKS[a]} {action_label(card.action_for(a))}" for a in ("black", "white")
        ]
    return "  ".join(parts)


def half_codes(card: AutomaCard, half: str) -> str:
    """One half of a card in its codes only (to tell apart two cards alike on the other)."""
    if half == "support":
        camp = "▲" if card.camping else "·"
        icons = [faction_code(card.faction_for(a)) for a in ("black", "white")]
        return f"{camp} ■{icons[0]} □{icons[1]}"
    bazaar = f"Bz{card.bazaar}" if card.bazaar else "Bz–"
    codes = [ACTION_CODES.get(card.action_for(a), "?") for a in ("black", "white")]
    return f"{bazaar} ■{codes[0]} □{codes[1]}"


def card_question(question: Question, cards: Mapping[str, AutomaCard]) -> Question:
    """A "which card was drawn" question with each candidate as the player sees it: the half
    read now in the card pair's glyphs (and the other half where two look alike), named by
    the id printed on the card (typed: S7, B3), its key from turn to turn."""
    half = "support" if question.id == "deck.support" else "action"
    drawn = [cards[c] for c in question.choices if c in cards]
    if len(drawn) != len(question.choices):
        return question
    alike = look_alike(drawn, half)
    labels = []
    for card in drawn:
        text = half_glyphs(card, half)
        if card.id in alike:
            text += f"  | {half_codes(card, other_half(half))}"
        labels.append(text)
    return replace(question, labels=tuple(labels), keys=tuple(c.id for c in drawn))
