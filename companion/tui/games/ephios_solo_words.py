"""The Ephios solo game's own words on the table screen: its help, its move log, and what
to do at the table after a step is taken back.

No rules here: the steps and their words are the engine's (:mod:`companion.ephios.solo`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.catalog import N_, _, say, say_n
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.questions import Announcement
from companion.ephios import solo
from companion.ephios.cards import load_deck
from companion.ephios.solo_rules import MIN_POPULARITY, RULE_NUMBERS, result_text
from companion.tui.games.ephios_board import alliance_name, card_label

HELP = N_("""# Ephios solo — you against the Plot

**Goal.** Unite each of the {alliances} alliances (take its affinity the first time)
before your popularity falls to {least}% or the Plot gathers the {alliances} Dignitaries
(the personalities of persuasion value {dignitary}, marked `◆ DIG`).

**Your turn: one action.**

| Key | Action |
|---|---|
| e | **Recruit** a personality from the crossroads (then its slot number, then the value printed on an ordinary one: 1 or 2): pay its value in persuasion tokens (a Dignitary {dignitary}) |
| t | **Recruit** the top card of the draw pile for {top_cost} token (then say which card you drew) |
| d | **Debate** (then the slot number): discard a personality from the crossroads, take {debate_gain} tokens ({max_tokens} at most) |
| u | **Unite** an alliance: discard your whole hand, +{unite_gain}% (whatever the alliance); with the Banker only the Company gives the {unite_gain}% |
| c | **Corrupt**: discard a Dignitary from the Plot zone, then the Plot plays **twice** |
| p | use the **Perceptive**: take a Dignitary from the Plot zone into your hand |
| s | **Use** another card of your hand (apply its effect yourself; "replay" lets you act again) |
| a | arm the **Preacher** for this action (say which card of your hand it is): the first time the Plot debates, the debated personality goes to your hand; Escape puts it away |

A slot's key is the number printed over it on the board, whatever you can
afford: a slot you cannot pay is shown and refused with the reason. A value
the engine refuses asks that value again. `⚠` marks a move after which the
Plot's known next move or a reshuffle loses the game (a warning only).

**The Plot's turn.** If a Dignitary is on the crossroads, the Plot recruits
the rightmost one into its zone; otherwise it debates: it discards the
rightmost personality. The line *Plot next* shows what it would do now.

**End of each turn** (yours and the Plot's): more than {hand_limit} cards in hand,
discard down to {hand_limit} (no effect); then slide the crossroads right and reveal
new cards into the empty slots, slot 1 (left) first. Until then a card that
left the crossroads leaves a gap where it was. Shuffling the discard pile
into a new draw pile costs {loss}% popularity.

The app asks for each card you reveal (only the cards still in the draw pile
are offered) and then lists what to do on the table. While it asks, the
board shows the table *so far* (marked "SO FAR" on the right): the cards
already moved, and `? reveal into here` on the slot to fill.

## Answering

1–9, a click, or ↑ ↓ Enter choose an answer; Backspace goes back one
question; w / W show the *why* of the highlighted / every announcement; Tab
moves between the questions and the announcements.
""")


def solo_help() -> str:
    """The F1 help of the solo screen in the player's language, its numbers from the rules."""
    numbers = {
        **RULE_NUMBERS,
        "least": MIN_POPULARITY,
        "dignitary": load_deck().dignitary_persuasion,
    }
    return say(HELP, **numbers)


def log_lines(journal: Journal) -> list[str]:
    """Every step so far, in the engine's words, under the turn it was played in, each
    followed by the table after it."""
    lines = []
    try:
        state: solo.SoloState | None = solo.replay(
            Journal(game=solo.GAME, seed=0, options=dict(journal.options))
        )
    except CompanionError:  # a damaged save still shows its steps
        state = None
    for event in journal.events:
        # Each step under the turn it was played in (a correction is no turn of its own:
        # counting the steps would drift from the turns after one).
        step = solo.describe_event(event)
        lines.append(say("turn {turn}: {step}", turn=state.turn, step=step) if state else step)
        if state is None:
            continue
        try:
            state, _out = solo.apply_event(state, event)
        except CompanionError:
            state = None
            continue
        plot = ", ".join(alliance_name(a) for a in state.plot_zone) or _("empty")
        # The indent stays outside the message: it marks the line as the table after a step.
        line = "     " + say(
            "⇒ {popularity}% · Plot zone ({n}◆): {plot} · affinities {affinities}",
            popularity=state.popularity,
            n=len(state.plot_zone),
            plot=plot,
            affinities=len(state.affinities),
        )
        lines.append(f"{line} · {result_text(state.result)}" if state.result else line)
    return lines


def undo_items(event: Mapping[str, Any]) -> list[Announcement]:
    """What to do on the table after undoing ``event``: the step, the revealed cards back."""
    items = [
        Announcement(
            say(
                "Took back: {step}. Put the table back as the board shows.",
                step=solo.describe_event(event),
            ),
            kind="info",
            what="undo",
        )
    ]
    reveals = solo.event_reveals(event)
    if reveals:
        items.append(
            Announcement(
                say_n(
                    "Put the revealed cards back on the draw pile, this one on top: {cards} "
                    "(if the discard pile was shuffled meanwhile, rebuild the piles as the "
                    "board counts them).",
                    "Put the revealed cards back on the draw pile, from the top: {cards} "
                    "(if the discard pile was shuffled meanwhile, rebuild the piles as the "
                    "board counts them).",
                    len(reveals),
                    cards=", ".join(card_label(c) for c in reveals),
                ),
                kind="info",
                what="undo.reveals",
                cards=tuple(reveals),
            )
        )
    return items
