"""What the Euphoria turn screen shows of the game state: the Automas, the deck, the sites.

Pure rendering of a `companion.euphoria.state.GameState`: every fact is said
with letters or glyphs (``[!] PENALTY`` for the penalty side, ``■``/``□``
for black/white, ``[x]`` for a placed allegiance token); colours only
decorate. No rule is applied here: the panels only show what the engine knows.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from companion.core.catalog import N_, _, pgettext, say, say_n
from companion.euphoria.board import (
    COMMODITY_AREAS,
    LAST_TIER,
    RECRUITS_ACTIVATED,
    SITES,
    area_short,
    automa_name,
    commodity_area,
)
from companion.euphoria.cards import AutomaCard
from companion.euphoria.state import (
    ALLEGIANCE,
    CORRECTED,
    TERRITORY,
    TOKENS,
    AutomaState,
    GameState,
)
from companion.tui.games.cardpair import CardPair
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

# A market site's level, as the sites panel names it.
SITE_LEVEL_NAMES = {"lower": N_("lower"), "upper": N_("upper")}
PENALTY_ON = N_("[!] PENALTY side up")
PENALTY_OFF = N_("[ ] non-penalty side up")


def area_code(area: str) -> str:
    """The two-letter code of an area, e.g. 'Su'."""
    return faction_code(area)


def short_space(space: str, state: GameState | None = None) -> str:
    """A short name for a space id, e.g. 'Su tunnel', 'Eu lower site', 'Farm', 'Breeze Bar'.

    A market site reads 'site' while it is a construction site and 'market' once built
    (when ``state`` is given).
    """
    if space == "penalty_card":
        return _("penalty card")
    if space == "icarus.breeze_bar":
        return _("Breeze Bar")
    if space == "icarus.sky_lounge":
        return _("Sky Lounge")
    area, _dot, kind = space.partition(".")
    code = area_code(area)
    if kind == "commodity":  # as the board and the announcements name it: 'Farm'
        return commodity_area(area) if area in COMMODITY_AREAS else space
    if kind == "artifact_market":
        return say("{area} artifact mkt", area=code)
    if kind in ("lower", "upper"):
        return site_name(code, kind, state is not None and state.sites[space].built)
    if kind == "tunnel":
        return say("{area} tunnel", area=code)
    return space


def site_name(code: str, level: str, built: bool) -> str:
    """A market site shortly: 'Eu lower site' while it is a construction site, 'Eu lower
    market' once built."""
    if level == "lower":
        return (
            say("{area} lower market", area=code) if built else say("{area} lower site", area=code)
        )
    return say("{area} upper market", area=code) if built else say("{area} upper site", area=code)


def token_place(token: str) -> str:
    """Where an authority token went, shortly: 'Su lower market', 'territory Eu', 'track Su 8'."""
    if token.startswith(TERRITORY):
        return say("territory {area}", area=area_code(token.removeprefix(TERRITORY)))
    if token.startswith(ALLEGIANCE):
        area, _colon, level = token.removeprefix(ALLEGIANCE).partition(":")
        return say("track {area} {level}", area=area_code(area), level=level)
    if token == CORRECTED:
        return _("corrected")
    if token in SITES:
        area, _dot, kind = token.partition(".")
        return site_name(area_code(area), kind, True)
    return token


def automa_title(name: str, faction: str) -> Text:
    """'■ BLACK  Su Subterra' — the Automa's mark, name and faction."""
    text = Text(f"{AUTOMA_MARKS[name]} {automa_name(name).upper()}  ", style="bold")
    label = f"{area_code(faction)} {area_short(faction)}"
    text.append(label, style=faction_style(faction))
    return text


def workers_text(state: GameState, name: str, compact: bool) -> Text:
    """Each worker's die and place: available, on which space, or on the penalty card."""
    me = state.automas[name]
    parts: list[str] = []
    ready = sorted(me.available, reverse=True)
    if compact:
        if ready:
            parts.append(say("ready {dice}", dice=" ".join(str(k) for k in ready)))
        parts += [f"{w.knowledge} {short_space(w.space, state)}" for w in me.placed]
        if me.penalty_card:
            parts.append(say("card {dice}", dice=" ".join(str(k) for k in me.penalty_card)))
        return Text(" · ".join(parts) or _("no workers"))
    if ready:
        parts.append(say("{dice} available", dice=" ".join(str(k) for k in ready)))
    parts += [
        say("{die} on {space}", die=w.knowledge, space=short_space(w.space, state))
        for w in me.placed
    ]
    parts += [say("{die} on the penalty card", die=k) for k in me.penalty_card]
    return Text(say("workers: {workers}", workers=" · ".join(parts)))


def allegiance_text(state: GameState, name: str, compact: bool) -> Text:
    """The two allegiance tokens: [x] placed, [ ] not yet."""
    me = state.automas[name]
    act = "[x]" if me.has_allegiance_token(me.faction, RECRUITS_ACTIVATED) else "[ ]"
    last = "[x]" if me.has_allegiance_token(me.faction, LAST_TIER) else "[ ]"
    if compact:
        return Text(
            say(
                "alleg. {act}{activated} {last}{tier}",
                act=act,
                activated=RECRUITS_ACTIVATED,
                last=last,
                tier=LAST_TIER,
            )
        )
    return Text(
        say(
            "allegiance: {act} recruits activated ({activated})  {last} last tier ({tier})",
            act=act,
            activated=RECRUITS_ACTIVATED,
            last=last,
            tier=LAST_TIER,
        )
    )


def automa_lines(state: GameState, name: str, compact: bool = False, tiny: bool = False) -> Text:
    """Everything about one Automa, as lines of text (2 lines tiny, 3 compact, 5-6 otherwise)."""
    me = state.automas[name]
    left = me.tokens_left
    if tiny:  # a phone: faction code, tokens, side; then the workers (and allegiance tokens)
        out = Text(f"{AUTOMA_MARKS[name]} {automa_name(name).upper()} ", style="bold")
        out.append(area_code(me.faction), style=faction_style(me.faction))
        out.append(say("  {left}/{tokens} tokens  ", left=left, tokens=TOKENS), style="bold")
        out.append(_("[!] PENALTY") if me.penalty_side else _("[ ] normal"), style=_penalty(me))
        out.append("\n")
        out.append_text(workers_text(state, name, True))
        placed = [
            str(level)
            for level in (RECRUITS_ACTIVATED, LAST_TIER)
            if me.has_allegiance_token(me.faction, level)
        ]
        if placed:
            out.append(say(" · alleg. [x]{levels}", levels=" [x]".join(placed)))
        return out
    out = automa_title(name, me.faction)
    if compact:
        out.append(say("   tokens {left}/{tokens}", left=left, tokens=TOKENS), style="bold")
        out.append("\n")
        side = _("[!] PENALTY") if me.penalty_side else _("[ ] normal side")
        out.append(side, style=_penalty(me))
        out.append(" · ")
        out.append_text(allegiance_text(state, name, True))
        out.append("\n")
        out.append_text(workers_text(state, name, True))
        return out
    bar = "●" * (TOKENS - left) + "○" * left
    out.append(
        say("   tokens {left}/{tokens} left {bar}", left=left, tokens=TOKENS, bar=bar), style="bold"
    )
    out.append("\n")
    out.append(_(PENALTY_ON) if me.penalty_side else _(PENALTY_OFF), style=_penalty(me))
    markets = state.penalizing(name)
    if markets:
        out.append(
            say(" — penalizing: {markets}", markets=", ".join(token_place(m) for m in markets))
        )
    out.append("\n")
    out.append_text(workers_text(state, name, False))
    out.append("\n")
    out.append_text(allegiance_text(state, name, False))
    if me.tokens:
        out.append(
            "\n" + say("tokens on: {places}", places=", ".join(token_place(t) for t in me.tokens))
        )
    return out


def _penalty(me: AutomaState) -> str:
    return "bold reverse" if me.penalty_side else ""


def deck_line(state: GameState, short: bool = False) -> str:
    """The deck status: cards left, pass, add-in decks left (``short``: for a phone)."""
    deck = state.deck
    if short:
        return say(
            "deck {cards} · pass {passes} · add-ins {add_ins}",
            cards=len(deck.draw),
            passes=deck.passes,
            add_ins=len(deck.add_ins),
        )
    cards = len(deck.draw)
    counts = {"passes": deck.passes, "add_ins": len(deck.add_ins)}
    if deck.physical:
        return say_n(
            "deck (your cards): {n} card left · pass {passes} · add-in decks left {add_ins}",
            "deck (your cards): {n} cards left · pass {passes} · add-in decks left {add_ins}",
            cards,
            **counts,
        )
    return say_n(
        "deck: {n} card left · pass {passes} · add-in decks left {add_ins}",
        "deck: {n} cards left · pass {passes} · add-in decks left {add_ins}",
        cards,
        **counts,
    )


def sites_lines(state: GameState) -> Text:
    """One line per market site: built with its Automa tokens, or its construction site."""
    out = Text()
    for index, site in enumerate(SITES):
        info = state.sites[site]
        if index:
            out.append("\n")
        area, _dot, level = site.partition(".")
        out.append(f"{area_code(area)} {_(SITE_LEVEL_NAMES[level]):<6}", style="bold")
        if info.built:
            marks = [
                f"{AUTOMA_MARKS[a]} {a[0].upper()}"
                for a in state.automas
                if site in state.automas[a].tokens
            ]
            out.append(say(" ▣ built · tokens: {marks}", marks=" ".join(marks) or _("none")))
            continue
        workers = [f"{AUTOMA_MARKS[a]}{w.knowledge}" for a, w in state.automa_workers_on(site)]
        humans = f"{info.humans}" + ("" if info.humans_exact else "+")
        out.append(say(" □ site · Automas: {workers}", workers=" ".join(workers) or "–"))
        out.append(say(" · humans: {humans}", humans=humans))
    return out


class AutomaPanel(Widget):
    """One Automa: faction, penalty side, each worker, tokens left, allegiance tokens.

    Narrower than ``COMPACT_BELOW`` cells it shows 3 short lines, else one fact per line; on
    a terminal narrower or shorter than ``TINY_BELOW`` (a phone, 80×24), 2 lines.

    Args:
        automa: "black" or "white".
    """

    COMPACT_BELOW = 50
    # Two lines on a phone (fewer columns) or a short terminal (fewer rows: 80×24), so the
    # announcements of a whole turn fit below.
    TINY_BELOW = (60, 30)  # terminal (columns, rows)
    DEFAULT_CSS = """
    AutomaPanel { height: auto; padding: 0 1; }
    """

    def __init__(
        self,
        automa: str,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.automa = automa
        self.state: GameState | None = None
        self._measuring = 0
        # The width and the terminal's size of the panel's last measure (None: not yet).
        self._measured: tuple[int, object] | None = None

    def show(self, state: GameState) -> None:
        """Show this Automa as ``state`` has it."""
        self.state = state
        self.clear_cached_dimensions()
        self.refresh(layout=True)

    @property
    def compact(self) -> bool:
        """Whether the panel is too narrow for one fact per line."""
        width = self._measuring or self.content_size.width
        return 0 < width < self.COMPACT_BELOW

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The height of the lines at ``width`` (compact or not, by that width)."""
        self._measuring = width
        self._measured = (width, self.app.size)
        try:
            return super().get_content_height(container, viewport, width)
        finally:
            self._measuring = 0

    def on_resize(self) -> None:
        """Compact or not may change with the width: measured again when the panel's width
        is not the one it was last measured at (or the terminal's size changed). Not when
        only its height changed (new lines after a step): that resize laid the screen out
        once more for nothing."""
        if self._measured != (self.content_size.width, self.app.size):
            self.clear_cached_dimensions()
            self.refresh(layout=True)

    def render(self) -> Text:
        """The panel's lines."""
        if self.state is None:
            return Text("")
        size = self.app.size
        tiny = size.width < self.TINY_BELOW[0] or size.height < self.TINY_BELOW[1]
        return automa_lines(self.state, self.automa, self.compact, tiny)


class SitesPanel(Widget):
    """The six market sites: built (with the Automas' tokens) or under construction."""

    DEFAULT_CSS = """
    SitesPanel { height: auto; padding: 0 1; }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.state: GameState | None = None

    def show(self, state: GameState) -> None:
        """Show the sites as ``state`` has them."""
        self.state = state
        self.clear_cached_dimensions()
        self.refresh(layout=True)

    def render(self) -> Text:
        """The six lines."""
        return sites_lines(self.state) if self.state is not None else Text("")


# Short words for the actions where a card-pair column is narrow (a phone), beside their codes.
PHONE_ACTIONS = {
    "commodity": N_("commodity"),
    "tunnel_breeze_bar": N_("tunnel/Bar"),
    "tunnel_sky_lounge": N_("tunnel/Sky"),
    "artifact_market": N_("artifact mkt"),
    "construct_market": N_("market"),
}


def compact_pair_table(
    action: AutomaCard | None, support: AutomaCard | None, narrow: bool
) -> Table:
    """The card pair in three lines: each card's id with its Bazaar / camping indicator, then
    black's and white's rows (``narrow``: codes and short words, for a 40-column phone)."""
    table = Table.grid(expand=True)
    table.add_column(ratio=1, overflow="fold")  # a word too long for its cell wraps (never cut)
    table.add_column(width=3)
    table.add_column(ratio=1, overflow="fold")
    act, sup = (
        (pgettext("card pair, short", "act"), pgettext("card pair, short", "sup"))
        if narrow
        else (_("action"), _("support"))
    )
    top_left = Text(f"{act} {action.id}" if action else f"{act} –", style="bold")
    top_right = Text(f"{sup} {support.id}" if support else f"{sup} –", style="bold")
    if action:
        bazaar = bazaar_label(action.bazaar)
        if narrow:
            bazaar = f"Bz {action.bazaar}←" if action.bazaar else "Bz –"
        top_left.append(f" {bazaar}", style="italic")
    if support:
        top_right.append(f" {camping_label(support.camping)}", style="italic")
    table.add_row(top_left, " │ ", top_right)
    for automa in ("black", "white"):
        mark = (
            f"{AUTOMA_MARKS[automa]} " if narrow else f"{AUTOMA_MARKS[automa]} {automa[0].upper()} "
        )
        left = Text(mark, style="bold")
        if action:
            act = action.action_for(automa)
            left.append(
                f"{ACTION_CODES.get(act, '?')} {_(PHONE_ACTIONS[act]) if act in PHONE_ACTIONS else act}"
                if narrow
                else action_label(act)
            )
        right = Text(mark, style="bold")
        if support:
            icon = support.faction_for(automa)
            right.append(faction_label(icon), style=faction_style(icon))
        table.add_row(left, " │ ", right)
    return table


class EuphoriaCardPair(CardPair):
    """The shared :class:`CardPair`; on a short terminal (fewer than ``SHORT_BELOW`` rows) or
    a narrow one (a phone) a three-line pair without rules, so the announcements keep their
    room at 80×24 and on a phone."""

    SHORT_BELOW = 30  # terminal rows
    NARROW_BELOW = 60  # terminal columns: codes and short words
    DEFAULT_CSS = """
    EuphoriaCardPair { min-height: 3; }
    """

    def render(self) -> Table:
        """The pair as a table; three lines on a short or narrow terminal (a phone)."""
        size = self.app.size
        narrow = size.width < self.NARROW_BELOW
        if size.height < self.SHORT_BELOW or narrow:
            return compact_pair_table(self.action, self.support, narrow)
        return super().render()
