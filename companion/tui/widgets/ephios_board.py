"""Ephios pieces drawn as text: cards, the crossroads, the Plot zone and affinities, the log.

Pure rendering of the engine's state: every alliance is written as a word
(colour only decorates it) and a Dignitary is marked ``◆ DIG``. Nothing here
decides anything; the screens pass what the engine returned.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from companion.core.questions import Question
from companion.ephios.cards import card_alliance, is_dignitary, load_deck

# Alliance id -> decorative colour (the word always names the alliance).
ALLIANCE_STYLES: dict[str, str] = {
    "syndicate": "bold yellow",
    "academy": "bold dodger_blue2",
    "order": "bold bright_white",
    "company": "bold green",
    "cult": "bold magenta",
}
DIGNITARY_MARK = "◆ DIG"


def alliance_name(alliance: str) -> str:
    """The printed name of an alliance id (its id in title case if the deck does not know it)."""
    known = load_deck().alliances.get(alliance)
    return known.name if known else alliance.replace("-", " ").title()


def alliance_style(alliance: str) -> str:
    """The decorative colour of an alliance (its name already says which it is)."""
    return ALLIANCE_STYLES.get(alliance, "bold")


def card_label(card: str) -> str:
    """A card in words: 'Order' or 'Order ◆ DIG' (a Dignitary)."""
    name = alliance_name(card_alliance(card))
    return f"{name} {DIGNITARY_MARK}" if is_dignitary(card) else name


def card_text(card: str) -> Text:
    """A card as styled text: the alliance word in its colour, then the Dignitary mark."""
    text = Text(alliance_name(card_alliance(card)), style=alliance_style(card_alliance(card)))
    if is_dignitary(card):
        text.append(f" {DIGNITARY_MARK}", style="bold")
    return text


def labelled(question: Question) -> Question:
    """The question with readable labels when its choices are cards (e.g. 'Order ◆ DIG')."""
    if question.kind != "one" or question.labels:
        return question
    deck = load_deck()
    if not question.choices or not all(c in deck.personalities() for c in question.choices):
        return question
    # Each card keeps its key (its place in the deck order, the 10th is 0) while the
    # cards still possible come and go, so a card is always the same key.
    order = deck.card_order()
    keys = tuple(str((order.index(c) + 1) % 10) for c in question.choices)
    return replace(question, labels=tuple(card_label(c) for c in question.choices), keys=keys)


def crossroads_table(crossroads: Sequence[str | None], size: int = 4) -> Table:
    """The crossroads as cards side by side, slot 1 on the left (empty slots dotted).

    ``crossroads`` may hold ``None`` for an empty slot (a refill under way):
    the first one is marked as the slot the next card is revealed into. The
    row shows ``size`` slots, more if the crossroads holds more (the Medium).
    """
    size = max(size, len(crossroads))
    grid = Table.grid(expand=True, padding=(0, 0))
    for _ in range(size):
        grid.add_column(ratio=1, min_width=10)
    cards = []
    asking = next((n for n, c in enumerate(crossroads, 1) if c is None), None)
    for slot in range(1, size + 1):
        card = crossroads[slot - 1] if slot <= len(crossroads) else None
        if card is not None:
            alliance = card_alliance(card)
            body = Text(alliance_name(alliance), style=alliance_style(alliance))
            if is_dignitary(card):
                body.append(f"\n{DIGNITARY_MARK} (3)", style="bold")
            else:
                body.append("\nvalue 1–2", style="dim")
            cards.append(
                Panel(
                    body,
                    title=f"slot {slot}",
                    title_align="left",
                    box=box.HEAVY if is_dignitary(card) else box.ROUNDED,
                    padding=(0, 0),
                )
            )
        elif slot == asking:
            cards.append(
                Panel(
                    Text("? reveal\ninto here", style="bold reverse"),
                    title=f"slot {slot}",
                    title_align="left",
                    box=box.DOUBLE,
                    padding=(0, 0),
                )
            )
        else:
            cards.append(
                Panel(
                    Text("(empty)\n", style="dim"),
                    title=f"slot {slot}",
                    title_align="left",
                    box=box.ASCII,
                    padding=(0, 0),
                )
            )
    grid.add_row(*cards)
    return grid


def alliance_table(plot_zone: Sequence[str], affinities: Sequence[str]) -> Table:
    """One row per alliance: its Dignitary in the Plot zone (`[◆]`/`[ ]`), its affinity (`[✓]`/`[ ]`)."""
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=False)
    table.add_column("Alliance", no_wrap=True)
    table.add_column("Plot", no_wrap=True)
    table.add_column("Affin.", no_wrap=True)
    for alliance in load_deck().alliances:
        in_plot = alliance in plot_zone
        have = alliance in affinities
        table.add_row(
            Text(alliance_name(alliance), style=alliance_style(alliance)),
            Text("[◆] DIG" if in_plot else "[ ]", style="bold red" if in_plot else "dim"),
            Text("[✓] got" if have else "[ ]", style="bold green" if have else "dim"),
        )
    return table


def hand_text(hand: Sequence[str], preacher: str | None = None) -> Text:
    """The player's hand: 'Hand (2/3): Order, Cult ◆ DIG' (the armed Preacher marked ``⚑``)."""
    text = Text(f"Hand ({len(hand)}/3): ", style="bold")
    if not hand:
        text.append("empty", style="dim")
    marked = False
    for index, card in enumerate(hand):
        if index:
            text.append(", ")
        text.append_text(card_text(card))
        if card == preacher and not marked:
            text.append(" ⚑Preacher", style="bold reverse")
            marked = True
    return text


def tokens_text(tokens: int, supply: int) -> Text:
    """Persuasion tokens as filled and empty dots and numbers: '●●○○○ 2 · supply 3'."""
    text = Text("Persuasion ", style="bold")
    text.append("●" * tokens + "○" * supply)
    text.append(f" {tokens} · supply {supply}")
    return text


def plot_next_text(plot_next: dict) -> Text:
    """What the Plot would do now, from ``state.to_json()["plot_next"]``."""
    text = Text("Plot next: ", style="bold")
    action, slot, card = plot_next.get("action"), plot_next.get("slot"), plot_next.get("card")
    if action == "recruit" and card:
        text.append("recruits ")
        text.append_text(card_text(card))
        text.append(f" (slot {slot})")
    elif action == "debate" and card:
        text.append("debates ")
        text.append_text(card_text(card))
        text.append(f" (slot {slot})")
    else:
        text.append("nothing (the crossroads is empty)")
    return text


def cards_in_words(text: str) -> str:
    """A text with the engine's card ids in words: 'the order-dignitary' → 'the Order ◆ DIG'.

    Display only (the log, the undo line): an id the deck does not know stays as it is.
    """
    deck = load_deck()

    def word(match: re.Match) -> str:
        """One card id found in the text, in words if the deck knows it."""
        card = match.group(0)
        return card_label(card) if card in deck.personalities() else card

    names = "|".join(sorted(deck.alliances, key=len, reverse=True))
    return re.sub(rf"\b(?:{names})(?:-dignitary)?\b", word, text)


def banner(title: str, line: str, won: bool) -> Panel:
    """A big end-of-game banner: heavy frame, stars or crosses, the reason."""
    mark = "★" if won else "✗"
    body = Text(justify="center")
    body.append(f"{mark} {mark} {mark}  {title}  {mark} {mark} {mark}\n", style="bold reverse")
    body.append(line, style="bold")
    return Panel(body, box=box.HEAVY, style="green" if won else "red", padding=(0, 1))


class EphiosLogScreen(ModalScreen[None]):
    """Every step of the game so far, numbered (Escape, l or q closes it).

    Args:
        title: the frame's title.
        lines: one line per step, oldest first; a line starting with a space
            continues the step above it (shown dim, not numbered).
    """

    BINDINGS: ClassVar[list] = [Binding("escape,l,q", "close", "Close")]
    DEFAULT_CSS = """
    EphiosLogScreen { align: center middle; }
    EphiosLogScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        """The numbered steps in a scrolling frame."""
        with VerticalScroll() as frame:
            frame.border_title = self.title_text
            body = (
                Group(*self._numbered())
                if self.lines
                else Text("nothing played yet", style="italic")
            )
            yield Static(body)
        yield Footer()

    def _numbered(self) -> list[Text]:
        """Each step numbered; a line starting with a space continues the step above (dim)."""
        out: list[Text] = []
        number = 0
        for line in self.lines:
            if line.startswith(" "):
                out.append(Text(f"    {line}", style="dim"))
                continue
            number += 1
            out.append(Text(f"{number:>3}. {line}"))
        return out

    def on_mount(self) -> None:
        """Scroll to the newest step."""
        self.query_one(VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        """Close the log."""
        self.dismiss(None)
