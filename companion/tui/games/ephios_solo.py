"""The Ephios solo game's panels on the one table screen: its board, its questions dressed
with the board's labels, its move log, its help, its spoken steps and its undo lines.

The board (:class:`SoloBoard`) is the crossroads as it lies on the table, your popularity,
tokens, piles and hand, the Plot zone and the affinities, what the Plot does next (and the
threats), and the end banner once the game is over. While a step asks (a card revealed, a
card to discard), it shows the table *so far*: the cards already moved and the slot to
fill. Nothing here decides anything: the state, the questions and the words are the
engine's (:mod:`companion.ephios.solo`, :mod:`companion.ephios.solo_action_plans`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from companion.core.catalog import N_, _, say
from companion.core.errors import CompanionError
from companion.core.plans import Report
from companion.core.questions import Announcement, Question
from companion.core.table import View
from companion.ephios import solo
from companion.ephios import words as move_words
from companion.ephios.cards import load_deck
from companion.ephios.solo_action_plans import ARMED_VERB, PREACHER, preacher_plan
from companion.tui.access import GameScreen
from companion.tui.games.ephios_board import (
    Alliances,
    EphiosLogScreen,
    crossroads_table,
    end_banner,
    hand_text,
    labelled,
    next_text,
    short_name,
    solo_glance,
    status_text,
    tokens_text,
)
from companion.tui.games.ephios_solo_words import log_lines, solo_help, undo_items
from companion.tui.panels import GamePanels, PanelKey, TableWords
from companion.tui.widgets.kept import update_kept, update_text
from companion.tui.widgets.popularity import PopularityBar

# The questions that pick your action: the menu, and the menu again once the Preacher is armed.
MENU_QUESTIONS = frozenset({"action", ARMED_VERB})


class SoloBoard(Vertical):
    """The solo game's board (see the module's docstring): a table panel that covers the
    status facts it shows (the turn, the tokens, the Plot zone)."""

    covers = frozenset({"turn", "tokens", "plot"})

    # Folded on a short screen (under 30 rows: the popularity, tokens and piles on one line)
    # and on a phone (under 60 columns: the board in one column, the Plot zone and the
    # affinities on one line), so the question and what to do keep the rows they need.
    # Not scoped: the size classes are the screen's.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    SoloBoard { height: auto; }
    SoloBoard #sb-top { height: auto; }
    SoloBoard #sb-left { width: 1fr; height: auto; }
    SoloBoard #sb-alliances { width: auto; min-width: 28; max-width: 50%; height: auto; }
    SoloBoard .sb-line { height: auto; padding: 0 1; }
    SoloBoard #sb-pop { padding: 0 1; }
    SoloBoard #sb-counts { display: none; }
    SoloBoard #sb-zone { display: none; }
    SoloBoard #sb-next.-sofar { background: $warning 30%; text-style: bold; }
    SoloBoard #sb-banner { height: auto; display: none; }
    SoloBoard.-over #sb-banner { display: block; }
    .-short SoloBoard #sb-pop, .-short SoloBoard #sb-status { display: none; }
    .-short SoloBoard #sb-counts { display: block; }
    .-phone SoloBoard #sb-alliances { display: none; }
    .-phone SoloBoard #sb-zone { display: block; }
    .-phone SoloBoard #sb-next.-sofar { display: none; }
    SoloBoard #sb-mini { display: none; }
    .-phone.-short SoloBoard #sb-counts, .-phone.-short SoloBoard #sb-hand,
    .-phone.-short SoloBoard #sb-zone { display: none; }
    .-phone.-short SoloBoard #sb-mini { display: block; }
    """

    def compose(self) -> ComposeResult:
        """The crossroads, the counts and the hand beside the alliances; the Plot's next move."""
        yield Static(id="sb-banner")
        with Horizontal(id="sb-top"):
            with Vertical(id="sb-left"):
                yield Static(id="sb-crossroads")
                yield PopularityBar(
                    0,
                    goal=None,
                    low=-solo.RESHUFFLE_LOSS,
                    high=solo.MAX_POPULARITY,
                    label=_("Popularity"),
                    id="sb-pop",
                )
                yield Static(id="sb-status", classes="sb-line")
                yield Static(id="sb-counts", classes="sb-line")
                yield Static(id="sb-hand", classes="sb-line")
            yield Static(id="sb-alliances", classes="sb-line")
        yield Static(id="sb-zone", classes="sb-line")
        yield Static(id="sb-mini", classes="sb-line")
        yield Static(id="sb-next", classes="sb-line")

    def show(self, view: View) -> None:
        """The saved table."""
        self._draw(cast(solo.SoloState, view.state))

    def show_asking(
        self, view: View, action: str, answers: Mapping[str, str], context: Mapping[str, Any]
    ) -> None:
        """The table so far while a step asks (the cards moved, the slot to fill; a phone
        says so by the slot's mark and the news' title alone), the Preacher flagged in the hand while it is armed and not yet played."""
        saved = cast(solo.SoloState, view.state)
        so_far = context.get("state")
        state = so_far if isinstance(so_far, solo.SoloState) else saved
        row = context.get("crossroads", state.row()) if so_far is not None else None
        armed = None if context.get("preacher_used") else armed_preacher(saved, action, answers)
        self._draw(state, row, armed, so_far is not None)

    def _draw(
        self,
        state: solo.SoloState,
        row: Sequence[str | None] | None = None,
        preacher: str | None = None,
        so_far: bool = False,
    ) -> None:
        # Each line drawn again only when what it says changed (``update_kept``): most
        # say after a step what they said before it.
        asking = so_far and row is not None and None in row
        slots = tuple(row if row is not None else state.row())
        update_kept(
            self.query_one("#sb-crossroads", Static),
            crossroads_table(slots, asking=asking),
            ("crossroads", slots, asking),
        )
        self.query_one("#sb-pop", PopularityBar).value = state.popularity
        update_text(self.query_one("#sb-status", Static), status_text(state))
        update_text(self.query_one("#sb-counts", Static), counts_text(state))
        update_text(self.query_one("#sb-zone", Static), zone_text(state))
        update_text(self.query_one("#sb-mini", Static), mini_text(state))
        update_text(self.query_one("#sb-hand", Static), hand_text(state.hand, preacher))
        update_kept(
            self.query_one("#sb-alliances", Static),
            Alliances(state.plot_zone, state.affinities),
            ("alliances", tuple(state.plot_zone), tuple(state.affinities)),
        )
        line = self.query_one("#sb-next", Static)
        line.set_class(so_far, "-sofar")
        update_text(line, next_text(state, so_far))
        self.set_class(state.result is not None, "-over")
        if state.result:
            self.query_one("#sb-banner", Static).update(end_banner(state))


def counts_text(state: solo.SoloState) -> Text:
    """The popularity and the piles, then the tokens (a short screen's board: two lines
    where the popularity bar, the tokens and the piles take three)."""
    text = Text(_("Popularity") + " ", style="bold")
    text.append(say("{popularity}%", popularity=state.popularity), style="bold")
    piles = {"draw": state.draw_count(), "discard": state.discard_count()}
    text.append(" · " + say("Draw pile {draw} · Discard {discard}", **piles) + "\n")
    text.append_text(tokens_text(state))
    return text


def mini_text(state: solo.SoloState) -> Text:
    """The board under the crossroads in one line (a phone's 20 rows, where what to do
    needs every row: the hand, the Plot zone and the affinities are on the table and in
    the sub-menus): your tokens, popularity, hand and the Plot zone's count."""
    low, high = state.token_range()
    text = Text("●" * low + "◐" * (high - low) + "○" * state.supply + " ")
    text.append(
        say(
            "{tokens} · {popularity}% · hand {hand} · Plot {plot}/{lose}",
            tokens=state.persuasion_text(),
            popularity=state.popularity,
            hand=len(state.hand),
            plot=len(set(state.plot_zone)),
            lose=len(load_deck().alliances),  # the Plot gathers one Dignitary per alliance
        ),
        style="bold",
    )
    return text


def zone_text(state: solo.SoloState) -> Text:
    """The Plot zone and your affinities on one line (a phone's board)."""
    text = Text(_("Plot zone") + " ", style="bold")
    text.append(", ".join(short_name(a) for a in state.plot_zone) or "—", style="bold red")
    text.append(" · ")
    text.append(_("Affinity") + " ", style="bold")
    text.append(", ".join(short_name(a) for a in state.affinities) or "—", style="bold green")
    return text


def armed_preacher(state: solo.SoloState, action: str, answers: Mapping[str, str]) -> str | None:
    """The card armed as the Preacher by the step being asked (None when it is not armed, or
    its card is still being asked)."""
    if PREACHER not in (action, answers.get("action")):
        return answers.get(PREACHER)
    try:
        step = preacher_plan(state, answers)
    except CompanionError:
        return None
    return str(step.fields["card"]) if isinstance(step, Report) else None


def dress(question: Question, view: View) -> Question:
    """A question as the board names things: cards by their labels (each card its own key);
    the menu of actions with each entry's key (the key of its action on the table screen)."""
    if question.id in MENU_QUESTIONS:
        keys = {action.id: action.key for action in view.actions}
        if all(choice in keys for choice in question.choices):
            return replace(question, keys=tuple(keys[c] for c in question.choices))
        return question
    return labelled(question)


def glance(view: View) -> Text:
    """The board folded to a line on a small screen (docs/screens.md, "The layout rule")."""
    return solo_glance(cast(solo.SoloState, view.state))


def show_log(screen: Screen[Any], view: View) -> None:
    """The move log: every step so far, under its turn, the table after each."""
    journal = cast(GameScreen, screen).journal
    screen.app.push_screen(EphiosLogScreen(_("Moves so far"), log_lines(journal), numbered=False))


def speak(said: Sequence[Announcement]) -> tuple[list[str], list[str]]:
    """A step said aloud in the order announced: your action, the Plot's turn, the end of
    the turn (and its sound cues)."""
    return move_words.spoken(said), move_words.cues(said)


def undone(event: Mapping[str, Any]) -> list[Announcement]:
    """After a step is taken back: the step, and the revealed cards back on the draw pile."""
    return undo_items(event)


# Who the solo game's lines are for: the player and the Plot.
NAMES = {"you": N_("you"), "plot": N_("plot")}

PANELS = GamePanels(
    build=lambda: [SoloBoard(id="solo-board")],
    keys=(PanelKey("g", N_("Log"), show_log),),
    beside=True,
    asks_main=True,
    help=solo_help,
    words=TableWords(dress=dress, speak=speak, undone=undone, names=NAMES),
    glance=glance,
)
