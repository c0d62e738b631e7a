"""Set-up: the decks of a difficulty level, the Automas' factions, the set-up checklist.

Rulebook Part 2: "Automa Set Up", "Give the Automas Their Components", "Set Up
the Decks", "Automa Faction Selection", "Difficulty Levels", "Optional Solo
Variant"; Part 1: "Selecting Recruits", "Minority Starting Bonus", "Setting
Up the New Antiques Bazaar", "Miner Meeples", "Minor Rule Changes".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.core.catalog import N_, _, say_n
from companion.core.errors import InputError
from companion.core.rng import stream
from companion.euphoria.board import (
    AREAS,
)
from companion.euphoria.cards import PILES, AutomaDeck

# The New Antiques Bazaar's slots, counted from the right (an action card's Bazaar number),
# and what an artifact there costs: left to right 2, 1, 1 commodities and free.
BAZAAR_COST = {1: 0, 2: 1, 3: 1, 4: 2}
# "Setting Up the New Antiques Bazaar": the artifact deck and the artifact spaces.
ARTIFACTS = 36
ARTIFACT_SPACES = len(BAZAAR_COST)
# What to do for each slot, in a short line ("Bazaar: discard the 2nd from the right, ...").
BAZAAR_SHORT = {
    1: N_("discard the rightmost (free), slide, refill the leftmost"),
    2: N_("discard the 2nd from the right, slide, refill the leftmost"),
    3: N_("discard the 3rd from the right, slide, refill the leftmost"),
    4: N_("discard the leftmost artifact and refill its space"),
}


def bazaar_slot(slot: int) -> str:
    """The artifact of a Bazaar slot (counted from the right) with its cost, in words."""
    cost = BAZAAR_COST[slot]
    if slot == 1:
        return _("the rightmost (free) artifact")
    if slot == 2:
        return say_n(
            "the 2nd artifact from the right (cost {n} commodity)",
            "the 2nd artifact from the right (cost {n} commodities)",
            cost,
        )
    if slot == 3:
        return say_n(
            "the 3rd artifact from the right (cost {n} commodity)",
            "the 3rd artifact from the right (cost {n} commodities)",
            cost,
        )
    return say_n(
        "the leftmost artifact (cost {n} commodity)",
        "the leftmost artifact (cost {n} commodities)",
        cost,
    )


def bazaar_short(slot: int) -> str:
    """What to do with the Bazaar for an action card's slot, in a short line."""
    return _(BAZAAR_SHORT[slot])


@dataclass(frozen=True)
class DeckSetup:
    """The initial Automa deck (top first) and the add-in decks, after shuffling."""

    initial: list[str]
    add_ins: list[list[str]]


def build_decks(cards: AutomaDeck, level_id: str, seed: int) -> DeckSetup:
    """The three decks of a difficulty level ("Set Up the Decks"): shuffle each pile, take
    from it the cards the level names for the Automa deck, then add-in deck 1, then
    add-in deck 2, and shuffle each of the decks."""
    if level_id not in cards.levels:
        raise InputError(
            f"{level_id!r} is not a level of this deck file (one of {', '.join(cards.levels)})",
            file=cards.path,
        )
    level = cards.levels[level_id]
    piles = {}
    for pile in PILES:
        ids = cards.pile(pile)
        stream(seed, "setup", "pile", pile).shuffle(ids)
        piles[pile] = ids
    decks: list[list[str]] = []
    for number, counts in enumerate((level.deck, *level.add_in)):
        deck = []
        for pile in PILES:
            n = counts.get(pile, 0)
            deck += piles[pile][:n]
            piles[pile] = piles[pile][n:]
        stream(seed, "setup", "deck", number).shuffle(deck)
        decks.append(deck)
    if len(decks[0]) < 2:
        raise InputError(
            "the initial Automa deck needs at least 2 cards (a support and an action card)",
            file=cards.path,
            item=f"level {level_id}",
        )
    return DeckSetup(initial=decks[0], add_ins=decks[1:])


def draw_factions(
    seed: int, humans: int, recruits: Sequence[str] = (), solo_variant: bool = False
) -> tuple[str, str, list[str]]:
    """The black and white Automas' factions ("Automa Faction Selection").

    Shuffle the 4 faction/penalty cards and draw one at a time: with 1 human
    (not the solo variant), black's must differ from both the human's
    recruits, white's also from black's; otherwise any card. Returns (black,
    white, the cards set aside while drawing).
    """
    pile = list(AREAS)
    stream(seed, "setup", "factions").shuffle(pile)
    constrained = humans == 1 and not solo_variant
    refused = set(recruits) if constrained else set()
    set_aside: list[str] = []
    chosen: list[str] = []
    for _automa in ("black", "white"):
        while True:
            card = pile.pop(0)
            if card not in refused:
                break
            set_aside.append(card)
        chosen.append(card)
        if constrained:
            refused.add(card)
    return chosen[0], chosen[1], set_aside


def faction_choices(
    humans: int, recruits: Sequence[str], solo_variant: bool, black: str | None = None
) -> tuple[str, ...]:
    """The factions the card drawn at the table can show ("Automa Faction Selection"):
    for black (``black`` None), or for white once black's is known. With 1 human (not
    the solo variant) black's differs from both the human's recruits and white's also
    from black's; white's card is always another card than black's. Asked so that a
    player entering the table's draw is offered only what the procedure can give."""
    refused = set(recruits) if humans == 1 and not solo_variant else set()
    if black is not None:
        refused.add(black)
    return tuple(f for f in AREAS if f not in refused)


def check_factions(
    black: str, white: str, humans: int, recruits: Sequence[str], solo_variant: bool
) -> None:
    """Raise InputError if factions drawn at the table break "Automa Faction Selection"."""
    if white == black:
        # Each Automa draws its own card from the 4 faction/penalty cards, one per faction.
        raise InputError(
            f"black and white cannot both be {black}: each draws its own faction/penalty card",
            field="factions",
        )
    if black not in faction_choices(humans, recruits, solo_variant):
        raise InputError(
            f"black's faction ({black}) must differ from both your recruits", field="factions"
        )
    if white not in faction_choices(humans, recruits, solo_variant, black):
        raise InputError(
            f"white's faction ({white}) must differ from your recruits and from black's",
            field="factions",
        )


@dataclass(frozen=True)
class MinorityBonus:
    """The majority factions and, per human's active recruit, whether it gains 2 commodities."""

    majority: tuple[str, ...]
    gains: tuple[bool, ...]


def minority_bonus(human_actives: Sequence[str], automa_factions: Sequence[str]) -> MinorityBonus:
    """ "Minority Starting Bonus": the factions with the most active recruits (the Automas'
    factions count, "Automa Faction Selection" step 6) are the majority; a human whose
    active recruit is neither in the majority nor factionless gains 2 commodities."""
    counts = Counter(f for f in (*human_actives, *automa_factions) if f != "factionless")
    top = max(counts.values(), default=0)
    majority = tuple(f for f in AREAS if counts.get(f) == top and top > 0)
    gains = tuple(f != "factionless" and f not in majority for f in human_actives)
    return MinorityBonus(majority=majority, gains=gains)
