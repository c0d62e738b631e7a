"""The rule text of the Euphoria table screen's F1 help (the screen adds its key table)."""

from __future__ import annotations

from companion.core.catalog import N_, say
from companion.euphoria.board import MINER_ACTIVATES, RECRUITS_ACTIVATED

HELP_TEXT = N_("""
# Euphoria Automa turns

Keep this screen open beside the board. After the humans' turns press
**Enter** (or Space): the app plays one Automa turn and says what to do on
the table, numbered. An item with `?` after its mark (`→?`) has a *why*: `w`
(or a click) shows the rule behind it, `W` all of them. On a small screen
(a phone) the Automas and the deck fold to one line at the top (`i` or a tap
on it shows them whole until the next step), and a line that only informs
waits in the why of the move before it. When the app needs a fact from the
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
    """The F1 help of the Euphoria table screen in the player's language."""
    return say(HELP_TEXT, activated=RECRUITS_ACTIVATED, miner=MINER_ACTIVATES)
