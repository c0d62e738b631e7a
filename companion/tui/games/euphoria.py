"""The Euphoria Automa game's panels on the one table screen (entry point ``euphoria``).

The card pair, both Automas (tokens, dice, workers, allegiance and penalty side) and the
market sites (on a wide screen), each redrawn from the table's view after every step; the
card questions dressed with the printed glyphs (a card typed by its id, S7); the move log
(`g`), the rules of an Automa turn as the F1 help; the heading of a turn with its cards,
the lines that take a step back on the table, the spoken form of each move; on a small
screen, the panels folded to one line (``glance``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from companion.core.catalog import N_, _, say, touch
from companion.core.game import Action, Status
from companion.core.journal import Journal
from companion.core.questions import Announcement, Question
from companion.core.table import View
from companion.euphoria import game
from companion.euphoria import words as move_words
from companion.euphoria.board import AUTOMA_WORDS, automa_name
from companion.euphoria.journal_text import describe_event, last_step, undo_lines
from companion.euphoria.reports import CARD_QUESTIONS
from companion.euphoria.state import TOKENS, GameState
from companion.tui.games.cardpair import card_question
from companion.tui.games.euphoria_automa import (
    AutomaPanel,
    EuphoriaCardPair,
    SitesPanel,
    area_code,
    automa_lines,
    deck_line,
)
from companion.tui.games.euphoria_help import turn_help
from companion.tui.games.euphoria_log import EuphoriaLogScreen
from companion.tui.games.glyphs import AUTOMA_MARKS, faction_style
from companion.tui.panels import GamePanels, PanelKey, TableWords

# Fewer terminal rows than this (a phone's 40×20): each Automa on one line, so a turn's
# lines are on the first screen.
FOLD_BELOW = 24
PHONE_BELOW = 60  # terminal columns: the deck's line in short words


def folded_line(state: GameState, name: str) -> Text:
    """One Automa on one line: its mark, faction, tokens left, side, dice ready."""
    me = state.automas[name]
    out = Text(f"{AUTOMA_MARKS[name]} {automa_name(name).upper()} ", style="bold")
    out.append(area_code(me.faction), style=faction_style(me.faction))
    out.append(say(" · {left}/{tokens}", left=me.tokens_left, tokens=TOKENS), style="bold")
    if me.penalty_side:
        out.append(" ")
        out.append(_("[!] PENALTY"), style="bold reverse")
    ready = sorted(me.available, reverse=True)
    if ready:
        out.append(" · " + say("ready {dice}", dice=" ".join(str(k) for k in ready)))
    return out


def glance(view: View) -> Text:
    """The panels folded to a line for a small screen: the turns played, then each Automa's
    mark, faction, tokens left and penalty side (the cards drawn are in the heading of what
    to do; the deck, when unfolded)."""
    state: GameState = view.state
    out = Text(say("Turn {turn}", turn=state.turn), style="bold")
    for name in ("black", "white"):
        me = state.automas[name]
        out.append(f" · {AUTOMA_MARKS[name]} ", style="bold")
        out.append(area_code(me.faction), style=faction_style(me.faction))
        out.append(say(" {left}/{tokens}", left=me.tokens_left, tokens=TOKENS))
        if me.penalty_side:  # against the tokens, so both Automas' penalties fit 39 columns
            out.append(_("[!]"), style="bold reverse")
    return out


class FoldingAutoma(AutomaPanel):
    """An Automa's panel that folds to one line on a short phone screen."""

    def render(self) -> Text:
        """One line below ``FOLD_BELOW`` rows on a narrow screen, else the panel's lines."""
        if self.state is None:
            return Text("")
        size = self.app.size
        if size.height < FOLD_BELOW and size.width < self.TINY_BELOW[0]:
            return folded_line(self.state, self.automa)
        tiny = size.width < self.TINY_BELOW[0] or size.height < self.TINY_BELOW[1]
        return automa_lines(self.state, self.automa, self.compact, tiny)


class EuphoriaCards(EuphoriaCardPair):
    """The card pair of the last Automa turn."""

    covers = frozenset({"cards"})

    def show(self, view: View) -> None:  # type: ignore[override]
        """The pair the state has drawn."""
        state: GameState = view.state
        deck, cards = state.deck, state.cards.cards
        super().show(
            cards.get(deck.action) if deck.action else None,
            cards.get(deck.support) if deck.support else None,
        )


class EuphoriaDeck(Static):
    """The turns played and the deck: cards left, pass, add-in decks left (short on a
    phone)."""

    covers = frozenset({"turn"})
    DEFAULT_CSS = """
    EuphoriaDeck { height: auto; padding: 0 1; }
    """

    def show(self, view: View) -> None:
        """The line as the state has it."""
        state: GameState = view.state
        text = Text(say("Turn {turn}", turn=state.turn), style="bold")
        text.append(f" · {deck_line(state, short=self.app.size.width < PHONE_BELOW)}")
        self.update(text)


class EuphoriaAutomas(Horizontal):
    """Both Automas, side by side (one above the other on a phone or a wide screen)."""

    covers = frozenset({"automa.black", "automa.white"})
    SCOPED_CSS = False  # its rules depend on the screen's layout classes (-phone, -wide)
    DEFAULT_CSS = """
    EuphoriaAutomas { height: auto; }
    EuphoriaAutomas AutomaPanel { width: 1fr; }
    .-phone EuphoriaAutomas, .-wide EuphoriaAutomas { layout: vertical; }
    .-phone EuphoriaAutomas AutomaPanel { width: 100%; }
    .-wide EuphoriaAutomas AutomaPanel {
        width: 100%; border: round $panel-lighten-2; border-title-align: left;
    }
    """

    def compose(self) -> ComposeResult:
        """Black's panel, then white's."""
        for name in ("black", "white"):
            panel = FoldingAutoma(name, id=f"automa-{name}")
            panel.border_title = say("{Automa} Automa", Automa=automa_name(name))
            yield panel

    def show(self, view: View) -> None:
        """Each Automa as the state has it."""
        for panel in self.query(FoldingAutoma):
            panel.show(view.state)


class EuphoriaSites(SitesPanel):
    """The six market sites, on a wide screen only (a narrow one keeps its rows for the
    moves)."""

    covers: frozenset[str] = frozenset()
    SCOPED_CSS = False  # shown on a wide screen only (the screen's -wide class)
    DEFAULT_CSS = """
    EuphoriaSites { display: none; }
    .-wide EuphoriaSites {
        display: block; border: round $panel-lighten-2; border-title-align: left;
    }
    """

    def on_mount(self) -> None:
        """Its title."""
        self.border_title = _("Market sites")

    def show(self, view: View) -> None:  # type: ignore[override]
        """The sites as the state has them."""
        super().show(view.state)


# The footer's words for the game's actions: short, so a phone's footer shows more keys.
FOOTER_LABELS = {
    "turn": N_("Turn"),
    "bump": N_("Bump"),
    "site": N_("Site"),
    "market": N_("Market"),
    "activation": N_("Activation"),
    "last_tier": N_("Last tier"),
    "human_won": N_("Human won"),
    "correct": N_("Fix"),
}


def build() -> list[Any]:
    """The card pair, the Automas, the sites."""
    return [
        EuphoriaDeck(id="deck"),
        EuphoriaCards(id="cards"),
        EuphoriaAutomas(id="automas"),
        EuphoriaSites(id="sites"),
    ]


def dress(question: Question, view: View) -> Question:
    """A card question with the printed glyphs of each card (typed by its id, S7)."""
    if question.id in CARD_QUESTIONS:
        return card_question(question, view.state.cards.cards)
    return question


def turn_title(state: GameState) -> str:
    """The heading of the Automa turn ``state`` has just played: its number and cards."""
    deck = state.deck
    cards = {"turn": state.turn, "action": deck.action, "support": deck.support}
    if deck.rebuilt:
        return say("Automa turn {turn} — cards {action} / {support}, new deck", **cards)
    return say("Automa turn {turn} — cards {action} / {support}", **cards)


def heading(view: View, event: Mapping[str, Any]) -> str:
    """An Automa turn's number and cards, or the event reported."""
    state: GameState = view.state
    if event.get("kind") == "turn" and state.deck.action and state.deck.support:
        return turn_title(state)
    return say("Reported: {event}", event=describe_event(event))


def last(journal: Journal) -> tuple[str, list[Announcement]]:
    """The last step's heading and lines as they were said; before the first turn, how to
    begin."""
    step = last_step(journal)
    if step is None:
        ready = (
            _("Ready: the humans play first, then tap “Automa turn 1” below.")
            if touch()
            else _("Ready: the humans play first, then press Enter for the first Automa turn.")
        )
        return _("What to do"), [Announcement(ready, kind="info")]
    state = game.replay(journal)
    return heading(View(state, Status(()), ()), journal.events[-1]), step.announcements


def narrow(item: Announcement) -> Announcement:
    """A move as a phone's narrow screen words it (one row where its words allow)."""
    return replace(item, text=move_words.render(item, "narrow"))


def said_aloud(said: Sequence[Announcement]) -> tuple[list[str], list[str]]:
    """A step's moves as said aloud (black's, then white's) and its sound cues."""
    return move_words.spoken(list(said)), move_words.cues(list(said))


# The lines of a turn that only inform, folded into the why of the line before them: the
# card pair drawn (shown above, the deck rebuilt in the heading) and a track that does not
# advance. What the player may have to do on the table stays a line of its own: a worker
# left on a space (camping), a human's worker bumped from a single space, a track report
# to make; so do die results (the die turned to a face).
FOLDED = frozenset({"deck.draw", "deck.rebuilt", "track.no_advance"})


def footer_label(action: Action) -> str:
    """An action's short word in the footer (the whole label is its help line)."""
    short = FOOTER_LABELS.get(action.id)
    return _(short) if short else action.shown_label()


def open_log(screen: Screen[Any], view: View) -> None:
    """The move log: every step so far with its lines."""
    journal = getattr(screen, "journal", None)
    if isinstance(journal, Journal):
        screen.app.push_screen(EuphoriaLogScreen(journal))


PANELS = GamePanels(
    build=build,
    keys=(PanelKey("g", N_("Log"), open_log),),
    help=turn_help,
    glance=glance,
    words=TableWords(
        dress=dress,
        speak=said_aloud,
        narrow=narrow,
        label=footer_label,
        bar=lambda view: say("Automa turn {turn}", turn=view.state.turn + 1),
        heading=heading,
        set_back=undo_lines,
        last=last,
        marks=AUTOMA_MARKS,
        names=AUTOMA_WORDS,
        folded=FOLDED,
    ),
)
