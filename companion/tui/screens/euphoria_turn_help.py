"""The keys of the Euphoria turn screen and the rule text of its F1 help (the help's key
table is made from these bindings)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from companion.core.catalog import N_, say
from companion.euphoria.board import LAST_TIER, MINER_ACTIVATES, RECRUITS_ACTIVATED
from companion.tui import keys
from companion.tui.help_text import ShownHelp

HELP_TEXT = N_("""
# Euphoria Automa turns

Keep this screen open beside the board. After the humans' turns press
**Enter** (or Space): the app plays one Automa turn and says what to do on
the table, numbered. An item with `[?]` has a *why*: `w` (or a click) shows
the rule behind it, `W` all of them. When the app needs a fact from the
table it asks it under the list (keys 1–9, y/n, digits, or the mouse; a
physical card by the id printed on it: type `S7`), then finishes the turn. Every step is saved at once; `z` takes it back.

## An Automa turn (rulebook Part 2)

1. **Draw an Automa card.** The action card of the last turn slides right and
   becomes the support card (the old support card is discarded); a new card
   is drawn as the action card. Only the middle of the pair counts: the
   action card's right half (its actions and the Bazaar icon) and the
   support card's left half (camping icon and faction icons).
2. **The New Antiques Bazaar** (if played): discard the artifact the action
   card highlights (counted from the right), once per turn, and refill.
3. **Black's turn**, then 4. **White's turn**, both from the same pair: each
   retrieves its workers or places a single worker.

When the deck is empty it is rebuilt: every card of this pass-through plus
the next add-in deck (while one is left), shuffled; its top card becomes the
support card. The screen shows the cards left, the pass and the add-in decks
left.

## Retrieving

An Automa retrieves when it has no worker to place, or exactly one and its
action is commodity, tunnel + Breeze Bar or tunnel + Sky Lounge. It leaves
its workers on construction sites and, when the support card shows the
camping icon (`▲ camp`), one worker on a commodity area not of its faction
(the highest knowledge; the faction tiebreaker breaks ties) — but only if
it still retrieves at least one. Retrieved workers are rolled.

## Placing

Otherwise it places its highest worker (its lowest in its own commodity
area) as its row of the pair says: the action icon and the faction icon
(`◎` = its own faction).

- **Commodity area** of that faction.
- **Tunnel + Breeze Bar / Sky Lounge**: any tunnel, or that Icarus space.
- **Artifact market**, first row that gives a space: join a construction
  site that already has a worker (token only if it completes the market);
  an artifact market in an area with a penalizing market (token on that
  market); any artifact market (token on the territory).
- **Construct(ed) market**: join a started site; a site with no worker
  (bottommost); a penalizing market (token on it); any constructed market
  (token on the territory).

**Tiebreakers.** Faction area: start at the support card's icon and go
round the circle Icarus → Wastelands → Subterra → Euphoria. Construct(ed)
market: the bottommost space on the board.

Automas pay no costs, have no morale, knowledge checks or recruits; they
only place tokens, advance miners and advance allegiance tracks. Their
faction gets two tokens beside its track: at the first recruit activation
(track {activated} or its tunnel's miner {miner}) and at the last tier — the app reminds
you, report them with `a` and `l`.

## The penalty side

A constructed market without an Automa's token is *penalizing* for it.
While it has one, its faction/penalty card shows the **penalty side**
(`[!] PENALTY side up` on this screen): every 6 it rolls goes onto the card
and cannot be placed until it retrieves (workers already showing 6 stay).
The first Automa to place its 10th authority token wins.
""")


def turn_help() -> str:
    """The F1 help of the turn screen in the player's language."""
    return say(HELP_TEXT, activated=RECRUITS_ACTIVATED, miner=MINER_ACTIVATES)


HELP = ShownHelp(turn_help)


TURN_BINDINGS: list[BindingType] = [
    Binding(
        "enter",
        "next_turn",
        N_("Turn"),
        priority=True,
        key_display="⏎",
        tooltip=N_("run the next Automa turn"),
        id="next-turn",
    ),
    Binding(
        "space", "next_turn", N_("Next turn"), show=False, tooltip=N_("run the next Automa turn")
    ),
    Binding("b", "event('bump')", N_("Bump"), tooltip=N_("a human bumped an Automa worker")),
    Binding(
        "c",
        "event('site')",
        N_("Site"),
        tooltip=N_("a human placed / took a worker on a construction site (or every site's count)"),
    ),
    Binding("m", "event('market')", N_("Market"), tooltip=N_("a human built a market")),
    Binding(
        "a",
        "event('activation')",
        N_("Activation"),
        tooltip=keys.filled(
            N_(
                "recruits of a faction activated for the first time "
                "(track {track} or miner {miner})"
            ),
            track=RECRUITS_ACTIVATED,
            miner=MINER_ACTIVATES,
        ),
    ),
    Binding(
        "l",
        "event('last_tier')",
        N_("Last tier"),
        tooltip=keys.filled(
            N_("a faction's allegiance track reached its last tier ({tier})"), tier=LAST_TIER
        ),
    ),
    Binding(
        "h",
        "event('human_won')",
        N_("Human won"),
        show=False,
        tooltip=N_(
            "a human placed their last authority token and won: the game ends (z takes it back)"
        ),
    ),
    keys.correct(
        "event('correct')",
        tooltip=N_("correct what the app knows of an Automa (workers, penalty, tokens) or a site"),
    ),
    keys.undo(tooltip=N_("undo a step; type a count first (3z) for several")),
    keys.redo(show=False),
    keys.log(),
    *keys.voice_keys(),
    Binding(
        "w", "why", N_("Why"), show=False, tooltip=N_("show / hide the why of the highlighted line")
    ),
    Binding("W", "all_whys", N_("All whys"), show=False, tooltip=N_("show / hide every why")),
    Binding("down", "move(1)", N_("Next item"), show=False),
    Binding("up", "move(-1)", N_("Previous item"), show=False),
    Binding(
        "pagedown", "page(1)", N_("Page down"), show=False, tooltip=N_("scroll the announcements")
    ),
    Binding(
        "pageup", "page(-1)", N_("Page up"), show=False, tooltip=N_("scroll the announcements")
    ),
    Binding("home", "ends(-1)", N_("Top"), show=False, tooltip=N_("the first announcement")),
    Binding("end", "ends(1)", N_("Bottom"), show=False, tooltip=N_("the last announcement")),
    *(Binding(str(n), f"count({n})", show=False) for n in range(10)),
    keys.home("escape", N_("Cancel/Home"), show=False),
    Binding(
        "q", "app.quit", N_("Quit"), show=False, tooltip=N_("quit (everything is already saved)")
    ),
]
