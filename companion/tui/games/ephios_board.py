"""Ephios pieces drawn as text: cards, the crossroads, the Plot zone and affinities, the log.

Pure rendering of the engine's state: every alliance is written as a word
(colour only decorates it) and a Dignitary is marked ``◆ DIG``. Nothing here
decides anything; the screens pass what the engine returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.core.catalog import N_, _, say
from companion.core.questions import Question
from companion.ephios import cards, solo_words
from companion.ephios.cards import PRINTED_NAMES, Alliance, card_alliance, is_dignitary, load_deck
from companion.ephios.plot import PlotDecision
from companion.ephios.solo import HAND_LIMIT, MIN_POPULARITY, recruit_cost
from companion.ephios.solo_state import SoloState
from companion.tui.widgets.chrome import Footer
from companion.tui.widgets.glance import GLANCE_COLUMNS
from companion.tui.widgets.layout import Hanging, hanging
from companion.tui.widgets.step_dialog import TapCloses

# Alliance id -> decorative colour (the word always names the alliance).
ALLIANCE_STYLES: dict[str, str] = {
    "syndicate": "bold yellow",
    "academy": "bold dodger_blue2",
    "order": "bold bright_white",
    "company": "bold green",
    "cult": "bold magenta",
}
DIGNITARY_MARK = N_("◆ DIG")


def dignitary_mark() -> str:
    """The Dignitary mark in the player's language ('◆ DIG')."""
    return _(DIGNITARY_MARK)


def alliance_name(alliance: str) -> str:
    """The printed name of an alliance id (its id in title case if the deck does not know it)."""
    return cards.alliance_name(alliance)


def alliance_word(alliance: Alliance) -> str:
    """An alliance's name as the player reads it: a printed name (the bundled deck's) in the
    player's language, a name the player gave a campaign tile as it was typed."""
    return _(alliance.name) if alliance.name in PRINTED_NAMES else alliance.name


def alliance_style(alliance: str) -> str:
    """The decorative colour of an alliance (its name already says which it is)."""
    return ALLIANCE_STYLES.get(alliance, "bold")


def card_label(card: str) -> str:
    """A card in words: 'Order' or 'Order ◆ DIG' (a Dignitary)."""
    name = alliance_name(card_alliance(card))
    return f"{name} {dignitary_mark()}" if is_dignitary(card) else name


def card_text(card: str) -> Text:
    """A card as styled text: the alliance word in its colour, then the Dignitary mark."""
    text = Text(alliance_name(card_alliance(card)), style=alliance_style(card_alliance(card)))
    if is_dignitary(card):
        text.append(f" {dignitary_mark()}", style="bold")
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


def short_name(alliance: str) -> str:
    """An alliance's short form for narrow screens ('Synd', 'Acad', 'Order', 'Comp', 'Cult'),
    a word of the catalog (a translation shortens its own name: the first letters of a
    longer word cut would be no word, as en_XA's '⟦ÀÀç' was); another alliance's name cut."""
    short = SHORT_NAMES.get(alliance)
    if short is not None:
        return _(short)
    name = alliance_name(alliance)
    return name if len(name) <= SHORT_LENGTH + 1 else name[:SHORT_LENGTH]


# The printed alliances' short forms (Order and Cult stay whole).
SHORT_NAMES = {
    "syndicate": N_("Synd"),
    "academy": N_("Acad"),
    "order": N_("Order"),
    "company": N_("Comp"),
    "cult": N_("Cult"),
}
# Another name longer than this plus one is cut to it in the short form.
SHORT_LENGTH = 4
# A framed card needs this many columns ("Syndicate" and its frame).
CARD_WIDTH = 11


def _fit(width: int, *variants: str) -> str:
    """The first of ``variants`` (longest first) that fits in ``width`` columns, else the last."""
    return next((v for v in variants if len(v) <= width), variants[-1])


class Crossroads:
    """The crossroads as it lies on the table, drawn for the width it is given.

    Framed cards side by side when each card has room for its frame; otherwise (a phone)
    a frameless row of the same slots, the alliance names in their short form when a
    column is narrower than the longest name. Nothing is cut: every form says the
    alliance, the Dignitary mark and the persuasion value.
    """

    def __init__(self, crossroads: Sequence[str | None], size: int, asking: bool) -> None:
        self.size = max(size, len(crossroads))
        self.cards = [crossroads[n] if n < len(crossroads) else None for n in range(self.size)]
        self.filled = len(crossroads)
        first_empty = next((n for n, c in enumerate(crossroads, 1) if c is None), None)
        self.asked = first_empty if asking else None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Framed cards when they fit in ``options.max_width``, else the frameless row."""
        if options.max_width >= self._framed_width():
            yield self._framed()
        else:
            yield self._row(max(1, (options.max_width - (self.size - 1)) // self.size))

    def _framed_width(self) -> int:
        """The columns the framed cards need: each card's title ("slot 1") whole in its
        frame, and its longest word, in the player's language (a longer language frames
        only on a wider screen)."""
        words = [_("(gap)"), _("(empty)"), *_("? reveal").split(), *_("into here").split()]
        for card in self.cards:
            if card is not None:
                words += [alliance_name(card_alliance(card)), *dignitary_mark().split()]
                low, high = recruit_cost(card)
                words += say("value {low}–{high}", low=low, high=high).split()
        title = max(len(say("slot {slot}", slot=slot)) for slot in range(1, self.size + 1))
        widest = max(CARD_WIDTH, title + 5, max(len(w) for w in words) + 2)
        return widest * self.size

    def _framed(self) -> Table:
        grid = Table.grid(expand=True, padding=(0, 0))
        for _column in range(self.size):
            grid.add_column(ratio=1, min_width=10)
        panels = []
        for slot, card in enumerate(self.cards, 1):
            if card is not None:
                alliance = card_alliance(card)
                body = Text(alliance_name(alliance), style=alliance_style(alliance))
                if is_dignitary(card):
                    body.append(f"\n{dignitary_mark()} ({recruit_cost(card)[0]})", style="bold")
                else:
                    low, high = recruit_cost(card)
                    body.append("\n" + say("value {low}–{high}", low=low, high=high), style="dim")
                frame = box.HEAVY if is_dignitary(card) else box.ROUNDED
            elif slot == self.asked:
                ask = _("? reveal") + "\n" + _("into here")
                body, frame = Text(ask, style="bold reverse"), box.DOUBLE
            else:
                gap = _("(gap)") if slot <= self.filled else _("(empty)")
                body, frame = Text(f"{gap}\n", style="dim"), box.ASCII
            title = say("slot {slot}", slot=slot)
            panels.append(Panel(body, title=title, title_align="left", box=frame, padding=(0, 0)))
        grid.add_row(*panels)
        return grid

    def _row(self, width: int) -> Table:
        """Three lines per slot in columns of ``width``: the slot, the alliance, the value."""
        grid = Table.grid(padding=(0, 1))
        for _column in range(self.size):
            grid.add_column(width=width, no_wrap=True, overflow="crop")
        heads, names, values = [], [], []
        for slot, card in enumerate(self.cards, 1):
            heads.append(Text(_fit(width, say("slot {slot}", slot=slot), str(slot)), style="bold"))
            if card is not None:
                alliance = card_alliance(card)
                name = _fit(width, alliance_name(alliance), short_name(alliance))
                names.append(Text(name, style=alliance_style(alliance)))
                low, high = recruit_cost(card)
                if is_dignitary(card):
                    values.append(
                        Text(_fit(width, say("◆DIG {value}", value=low), f"◆{low}"), style="bold")
                    )
                else:
                    values.append(
                        Text(
                            _fit(
                                width, say("val {low}–{high}", low=low, high=high), f"{low}–{high}"
                            ),
                            style="dim",
                        )
                    )
            elif slot == self.asked:
                names.append(Text(_fit(width, _("? reveal"), "?"), style="bold reverse"))
                values.append(Text(_fit(width, _("into here"), _("here")), style="bold reverse"))
            else:
                gap = _("(gap)") if slot <= self.filled else _("(empty)")
                names.append(Text(_fit(width, gap, "—"), style="dim"))
                values.append(Text(""))
        for line in (heads, names, values):
            grid.add_row(*line)
        return grid


def crossroads_table(
    crossroads: Sequence[str | None], size: int = 4, *, asking: bool = False
) -> Crossroads:
    """The crossroads as cards side by side, slot 1 on the left, as it lies on the table.

    ``crossroads`` holds ``None`` for an empty slot: a gap where a card left (until the
    End of Turn slides the row right) or, during a refill, a slot still to fill; with
    ``asking`` the first empty slot is marked as the one the next card is revealed into.
    The row shows ``size`` slots, more if the crossroads holds more (the Medium); its
    form follows the width it is drawn in (see :class:`Crossroads`).
    """
    return Crossroads(crossroads, size, asking)


def alliance_table(plot_zone: Sequence[str], affinities: Sequence[str]) -> Table:
    """One row per alliance: its Dignitary in the Plot zone (`[◆]`/`[ ]`), its affinity (`[✓]`/`[ ]`)."""
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=False)
    # Wrapped, never cut with "…", when a longer language needs more than the column has.
    table.add_column(_("Alliance"), overflow="fold")
    table.add_column(_("Plot"), overflow="fold")
    table.add_column(_("Affin."), overflow="fold")
    for alliance in load_deck().alliances:
        in_plot = alliance in plot_zone
        have = alliance in affinities
        table.add_row(
            Text(alliance_name(alliance), style=alliance_style(alliance)),
            Text(_("[◆] DIG") if in_plot else "[ ]", style="bold red" if in_plot else "dim"),
            Text(_("[✓] got") if have else "[ ]", style="bold green" if have else "dim"),
        )
    return table


# Wider than any screen: the width a renderable is measured at to find its unwrapped width.
UNBOUNDED = 10_000


class Alliances:
    """The alliance table where it fits unwrapped in the width it is given, else the
    phone's grid (a longer language: one row each, not two per alliance)."""

    def __init__(self, plot_zone: Sequence[str], affinities: Sequence[str]) -> None:
        self.plot_zone = list(plot_zone)
        self.affinities = list(affinities)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """As wide as the table unwrapped (a column of width auto takes that)."""
        return Measurement.get(console, options, alliance_table(self.plot_zone, self.affinities))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """The table, or the grid when the table would wrap."""
        table = alliance_table(self.plot_zone, self.affinities)
        # measured unbounded: a measurement is clamped to the width it is given
        unwrapped = Measurement.get(console, options.update_width(UNBOUNDED), table).maximum
        if unwrapped <= options.max_width:
            yield table
        else:
            yield alliance_grid(self.plot_zone, self.affinities)


def alliance_grid(plot_zone: Sequence[str], affinities: Sequence[str]) -> Table:
    """The alliance table for a phone: one column per alliance (short names), a row for the
    Plot zone (`[◆]` its Dignitary is there) and one for the affinities (`[✓]` you hold it)."""
    table = Table.grid(padding=(0, 1))
    alliances = list(load_deck().alliances)
    table.add_column(overflow="fold")
    for _alliance in alliances:
        table.add_column(overflow="fold")
    table.add_row(
        Text(_("Alliance"), style="bold"),
        *(Text(short_name(a), style=alliance_style(a)) for a in alliances),
    )
    table.add_row(
        Text(_("Plot zone"), style="bold"),
        *(
            Text("[◆]", style="bold red") if a in plot_zone else Text("[ ]", style="dim")
            for a in alliances
        ),
    )
    table.add_row(
        Text(_("Affinity"), style="bold"),
        *(
            Text("[✓]", style="bold green") if a in affinities else Text("[ ]", style="dim")
            for a in alliances
        ),
    )
    return table


def hand_text(hand: Sequence[str], preacher: str | None = None) -> Text:
    """The player's hand: 'Hand (2/3): Order, Cult ◆ DIG' (the armed Preacher marked ``⚑``)."""
    text = Text(say("Hand ({held}/{limit}): ", held=len(hand), limit=HAND_LIMIT), style="bold")
    if not hand:
        text.append(_("empty"), style="dim")
    marked = False
    for index, card in enumerate(hand):
        if index:
            text.append(", ")
        text.append_text(card_text(card))
        if card == preacher and not marked:
            text.append(" " + _("⚑Preacher"), style="bold reverse")
            marked = True
    return text


def tokens_text(state: SoloState) -> Text:
    """Persuasion tokens as dots and the engine's numbers: '●●○○○ 2 · supply 3'; while an
    unasked value leaves a range, the tokens you may hold are half dots and the numbers are
    the range the menus say too: '●◐○○○ 1–2 · supply 3–4'."""
    text = Text(_("Persuasion") + " ", style="bold")
    low, high = state.token_range()
    text.append("●" * low + "◐" * (high - low) + "○" * state.supply)
    words = say(
        "{tokens} · supply {supply}", tokens=state.persuasion_text(), supply=state.supply_text()
    )
    text.append(" " + words)
    return text


def plot_next_text(decision: PlotDecision | None) -> Text:
    """What the Plot would do now (the engine's decision; None once the game is over)."""
    text = Text(_("Plot next:") + " ", style="bold")
    if decision is None:
        text.append(_("nothing (the game is over)"))
    elif decision.action in ("recruit", "debate") and decision.card:
        # The card keeps its colour: the sentence is cut where the card goes.
        message = (
            _("recruits {card} (slot {slot})")
            if decision.action == "recruit"
            else _("debates {card} (slot {slot})")
        )
        before, _field, after = message.partition("{card}")
        text.append(before.format(slot=decision.slot))
        text.append_text(card_text(decision.card))
        text.append(after.format(slot=decision.slot))
    else:
        text.append(_("nothing (the crossroads is empty)"))
    return text


def status_text(state: SoloState) -> Text:
    """Persuasion tokens, then the piles: 'Draw pile 9 · Discard 1 (top Cult)'."""
    status = tokens_text(state)
    piles = {"draw": state.draw_count(), "discard": state.discard_count()}
    status.append("\n")
    if state.discard_top:
        top = card_label(state.discard_top)
        status.append(say("Draw pile {draw} · Discard {discard} (top {top})", top=top, **piles))
    else:
        status.append(say("Draw pile {draw} · Discard {discard}", **piles))
    return status


def next_text(state: SoloState, so_far: bool = False) -> Text:
    """The line under the alliances: the Plot's next move and the engine's threats, or why
    the board shows the table so far, or the end of the game."""
    if so_far:
        return Text(_("SO FAR: the table up to this question (nothing saved yet)"))
    if state.result == "won":
        return Text(_("The game is over: you won."), style="bold")
    if state.result:
        return Text(_("The game is over: you lost."), style="bold")
    threats = solo_words.threats(state)
    # A threat of the Plot's next move says that move: the plain line would say it twice.
    plain = not any(threat.what == "threat.plot" for threat in threats)
    text = plot_next_text(state.plot_next()) if plain else Text()
    for threat in threats:
        text.append(("\n" if text.plain else "") + threat.text, style="bold red")
    return text


def end_banner(state: SoloState) -> Panel:
    """The end-of-game banner of a solo game: VICTORY or DEFEAT and the reason."""
    won = state.result == "won"
    n = len(load_deck().alliances)
    if won:
        line = say("You hold the {n} affinities: the alliances stand by you.", n=n)
    elif state.popularity <= MIN_POPULARITY:
        line = say("Your popularity fell to {least}%.", least=MIN_POPULARITY)
    else:
        line = say("The {n} Dignitaries are in the Plot zone.", n=n)
    return banner(_("VICTORY") if won else _("DEFEAT"), line, won)


def banner(title: str, line: str, won: bool) -> Panel:
    """A big end-of-game banner: heavy frame, stars or crosses, the reason."""
    mark = "★" if won else "✗"
    body = Text(justify="center")
    body.append(f"{mark} {mark} {mark}  {title}  {mark} {mark} {mark}\n", style="bold reverse")
    body.append(line, style="bold")
    return Panel(body, box=box.HEAVY, style="green" if won else "red", padding=(0, 1))


class EphiosLogScreen(TapCloses):
    """Every step of the game so far, numbered (Escape, g, q or a tap outside closes it).

    Args:
        title: the frame's title.
        lines: one line per step, oldest first; a line starting with a space
            continues the step above it (shown dim, not numbered).
        numbered: whether the steps are numbered here (False: each line says its turn).
    """

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("escape,g,q", "close", N_("Close"))
    ]
    DEFAULT_CSS = """
    EphiosLogScreen { align: center middle; }
    EphiosLogScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    EphiosLogScreen.-phone > VerticalScroll { width: 100%; height: 100%; }
    """

    def __init__(self, title: str, lines: Sequence[str], numbered: bool = True) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        # False: the lines carry their own numbers (the solo log: each step's turn)
        self.numbered = numbered

    def compose(self) -> ComposeResult:
        """The numbered steps in a scrolling frame."""
        with VerticalScroll() as frame:
            frame.border_title = self.title_text
            body = (
                Group(*self._numbered())
                if self.lines
                else Text(_("nothing played yet"), style="italic")
            )
            yield Static(body)
        yield Footer()

    def _numbered(self) -> list[Hanging]:
        """Each step numbered; a line starting with a space continues the step above (dim).
        Wrapped lines hang under the text, not under the numbers (a phone wraps most)."""
        out: list[Hanging] = []
        number = 0
        for line in self.lines:
            if line.startswith(" "):
                out.append(hanging("     ", Text(line.strip(), style="dim")))
                continue
            number += 1
            out.append(hanging(f"{number:>3}. " if self.numbered else " ", line))
        return out

    def on_mount(self) -> None:
        """Scroll to the newest step."""
        self.query_one(VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        """Close the log."""
        self.dismiss(None)


def plot_glance(decision: PlotDecision | None) -> str:
    """The Plot's next move in a few words ('▸ recruits 3': the slot of the card), or ''
    when it does nothing."""
    if decision is None or not decision.card:
        return ""
    if decision.action == "recruit":
        return say("▸ recruits {slot}", slot=decision.slot)
    if decision.action == "debate":
        return say("▸ debates {slot}", slot=decision.slot)
    return ""


def solo_glance(state: SoloState) -> Text:
    """The solo board folded to a line for a small screen: your tokens (dots and the
    engine's number or range), your popularity, the Dignitaries in the Plot zone of those
    that lose the game, and the Plot's next move when the line has room for it."""
    low, high = state.token_range()
    text = Text("●" * low + "◐" * (high - low) + "○" * state.supply + " ")
    text.append(state.persuasion_text(), style="bold")
    text.append(" · ")
    text.append(say("{popularity}%", popularity=state.popularity), style="bold")
    text.append(" · ")
    lose = len(load_deck().alliances)  # the Plot gathers one Dignitary per alliance
    text.append(say("Plot {plot}/{lose}", plot=len(set(state.plot_zone)), lose=lose))
    move = plot_glance(state.plot_next()) if state.result is None else ""
    if move and text.cell_len + 1 + cell_len(move) <= GLANCE_COLUMNS:
        text.append(" " + move, style="bold red")
    return text
