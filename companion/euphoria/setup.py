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
from typing import Any

from companion.core.errors import InputError
from companion.core.rng import stream
from companion.euphoria.board import AREAS, FACTION_NAMES, RECRUIT_FACTIONS
from companion.euphoria.cards import PILES, AutomaDeck, Level

# "Automa Set Up": what to take out of the game.
REMOVE_EXPANSION = ("Dilemma's Prison (market)", "Khaleef the Bruiser (Subterran recruit)")
REMOVE_BASE = (
    "Fountain of Youthful Thinking (market)",
    "Amanda the Broker (Icarite recruit)",
    "Ben the Ludologist (Euphorian recruit)",
)
REMOVE_ALSO = (
    "Josiah the Hacker (Subterran recruit)",
    "Lee the Gossip (Icarite recruit)",
    "Maxime the Ambassador (Icarite recruit)",
    "Phil the Spy (Subterran recruit)",
    "Rebecca the Peddler (Icarite recruit)",
)
BAZAAR_SLOTS = {
    1: "the rightmost (free) artifact",
    2: "the 2nd artifact from the right (cost 1 commodity)",
    3: "the 3rd artifact from the right (cost 1 commodity)",
    4: "the leftmost artifact (cost 2 commodities)",
}
# What to do for each slot, in a short line ("Bazaar: discard the 2nd from the right, ...").
BAZAAR_SHORT = {
    1: "discard the rightmost (free), slide, refill the leftmost",
    2: "discard the 2nd from the right, slide, refill the leftmost",
    3: "discard the 3rd from the right, slide, refill the leftmost",
    4: "discard the leftmost artifact and refill its space",
}


@dataclass(frozen=True)
class ChecklistItem:
    """One step of the set-up checklist: a title, the lines to do, and the rule behind it."""

    title: str
    lines: tuple[str, ...]
    why: str

    def to_json(self) -> dict[str, Any]:
        """{"title", "lines", "why"}"""
        return {"title": self.title, "lines": list(self.lines), "why": self.why}


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


def _names(factions: Sequence[str]) -> str:
    return ", ".join(FACTION_NAMES[f] for f in factions) or "none"


def _bonus_lines(
    actives: Sequence[str], automa_factions: Sequence[str], who: Sequence[str]
) -> list[str]:
    bonus = minority_bonus(actives, automa_factions)
    counted = " and the Automas' factions" if automa_factions else ""
    lines = [f"Majority faction(s) among the active recruits{counted}: {_names(bonus.majority)}."]
    for name, faction, gains in zip(who, actives, bonus.gains, strict=True):
        if gains:
            lines.append(f"{name} (active {FACTION_NAMES[faction]}): gain any 2 commodities.")
        elif faction == "factionless":
            lines.append(f"{name} (active factionless recruit): no bonus.")
        else:
            lines.append(f"{name} (active {FACTION_NAMES[faction]}, in the majority): no bonus.")
    return lines


def _set_up_changes(automas: bool) -> tuple[str, ...]:
    """Part 1, "Set Up Changes" (every game with the expansion, Automas or not)."""
    who = "human player" if automas else "player"
    rest = " (the Automas have no morale or knowledge)" if automas else ""
    return (
        "Place the player aid card on the Key box of the board (or below the Farm).",
        f"Give each {who} a player mat: morale and knowledge are tracked on it{rest}.",
    )


BONUS_RULE = (
    "After revealing recruits, find the faction(s) with the most active recruits (the "
    "majority). Each player whose active recruit is not in the majority and not factionless "
    "gains any 2 commodities."
)


def _common_items(players: int, base_game: bool) -> list[ChecklistItem]:
    items = [
        ChecklistItem(
            "Miners",
            (f'Place each miner meeple on the tunnel space labelled "{players}".',),
            "Part 1, Miner Meeples: the miners start on the space of the number of players.",
        )
    ]
    if base_game:
        items.append(
            ChecklistItem(
                "Recruits and markets",
                (
                    "Use the original recruits and markets only (do not mix the sets).",
                    "Do not use the New Antiques Bazaar: ignore every rule about it.",
                ),
                "Part 1, Selecting Recruits and Setting Up the New Antiques Bazaar.",
            )
        )
    else:
        items.append(
            ChecklistItem(
                "The New Antiques Bazaar",
                (
                    "Place the New Antiques Bazaar board next to the game board.",
                    "Shuffle the 36 artifact cards; put the deck to the left of the "
                    "2-commodity slot, leave room for a discard pile on the right.",
                    "Place 1 artifact face up on each of the 4 artifact spaces.",
                ),
                "Part 1, Setting Up the New Antiques Bazaar (expansion recruits and markets).",
            )
        )
        items.append(
            ChecklistItem(
                "Factionless recruits",
                (
                    "Use the new recruits and markets only (do not mix the sets).",
                    "After dealing 4 recruits each: a player with more than 1 factionless "
                    "recruit discards one of them and draws another, until only 1 of the 4 is "
                    "factionless.",
                    "A factionless recruit you select must be your active recruit.",
                ),
                "Part 1, Selecting Recruits.",
            )
        )
    return items


def multiplayer_checklist(
    players: int, base_game: bool = False, actives: Sequence[str] = ()
) -> list[ChecklistItem]:
    """The set-up checklist of a game without Automas (2–6 humans): miners, the Bazaar, the
    factionless rule, the minority bonus (computed when every active recruit is given), the
    minor rule changes."""
    if not 2 <= players <= 6:
        raise InputError(f"{players} players: a game without Automas has 2 to 6", field="players")
    for f in actives:
        if f not in RECRUIT_FACTIONS:
            raise InputError(f"{f!r} is not one of {', '.join(RECRUIT_FACTIONS)}", field="active")
    if base_game and "factionless" in actives:
        raise InputError(
            "factionless recruits are in the new recruit set only, not with the original recruits",
            field="active",
        )
    if actives and len(actives) != players:
        raise InputError(
            f"give one active recruit per player ({players}), got {len(actives)}", field="active"
        )
    items = [
        ChecklistItem(
            "Set up",
            (
                f"Set up a {players}-player game as in the original game, with these changes.",
                *_set_up_changes(automas=False),
            ),
            "Part 1, Set Up Changes.",
        ),
        *_common_items(players, base_game),
    ]
    if actives:
        who = [f"Player {i}" for i in range(1, players + 1)]
        lines = tuple(_bonus_lines(actives, (), who))
    else:
        lines = (BONUS_RULE,)
    items.append(
        ChecklistItem("Minority starting bonus", lines, "Part 1, Minority Starting Bonus.")
    )
    items.append(
        ChecklistItem(
            "Minor rule changes (reminders)",
            (
                "Placing several workers of the same number on one turn costs 1 morale for "
                "each worker beyond the first (you need the morale to lose).",
                "On a constructed market without your authority token you may place the token "
                "on that market instead of the territory.",
            )
            + (
                ("With 2 players, Dilemma's Prison lets the other player retrieve only 1 worker.",)
                if players == 2 and not base_game
                else ()
            ),
            "Part 1, Minor Rule Changes and Clarifications.",
        )
    )
    return items


def automa_checklist(
    *,
    humans: int,
    base_game: bool,
    recruits: Sequence[str],
    solo_variant: bool,
    factions: dict[str, str],
    set_aside: Sequence[str],
    workers: dict[str, list[int]],
    level_text: str,
    initial: Sequence[str],
    add_ins: Sequence[Sequence[str]],
    support: str | None,
    physical_deck: bool,
    physical_dice: bool,
    drawn_at_table: bool,
    deal: Sequence[str] = (),
) -> list[ChecklistItem]:
    """The set-up checklist of an Automa game, in the order to do it at the table.

    ``deal``: with the player's own cards, how to build the decks (`deal_lines`); the
    app never names the cards of a deck in advance."""
    players = humans + 2
    remove = (REMOVE_BASE if base_game else REMOVE_EXPANSION) + REMOVE_ALSO
    which = "original" if base_game else "expansion"
    items = [
        ChecklistItem(
            "Remove from the game",
            tuple(f"Remove {x}." for x in remove),
            f"Part 2, Automa Set Up (you play the {which} recruits and markets).",
        ),
        ChecklistItem(
            "Set up",
            (
                f"Set up a {players}-player game ({humans} human{'s' if humans > 1 else ''} "
                "and the 2 Automas) as in the original game, with these changes.",
                *_set_up_changes(automas=True),
            ),
            "Part 2, Automa Set Up: the Automas count towards the player count; "
            "Part 1, Set Up Changes.",
        ),
    ]
    component_lines = []
    for automa in ("black", "white"):
        dice = ", ".join(str(k) for k in workers[automa])
        rolled = "you rolled" if physical_dice else "the app rolled"
        component_lines.append(
            f"{automa.capitalize()} Automa: 4 workers showing {dice} ({rolled}), "
            f"10 authority tokens, the {FACTION_NAMES[factions[automa]]} faction/penalty card "
            "with the non-penalty side up."
        )
    component_lines.append(
        "Turn order: the human" + ("s" if humans > 1 else "") + ", then black, then white."
    )
    items.append(
        ChecklistItem(
            "The Automas' components",
            tuple(component_lines),
            "Part 2, Give the Automas Their Components, Automa Faction Selection step 4.",
        )
    )
    if drawn_at_table:
        how = "You drew the faction/penalty cards at the table."
    elif humans == 1 and not solo_variant:
        aside = f" (set aside while drawing: {_names(set_aside)})" if set_aside else ""
        how = (
            "Shuffled the 4 faction/penalty cards and drew one at a time: black's differs from "
            "both your recruits, white's also from black's" + aside + "."
        )
    else:
        why = "the optional solo variant" if humans == 1 else "2 humans"
        how = f"Shuffled the 4 faction/penalty cards and drew one for each Automa ({why}: any)."
    items.append(
        ChecklistItem(
            "The Automas' factions",
            (
                f"Black: {FACTION_NAMES[factions['black']]} ({factions['black']}).",
                f"White: {FACTION_NAMES[factions['white']]} ({factions['white']}).",
                how,
                "Return the unused faction/penalty cards to the box.",
            ),
            "Part 2, Automa Faction Selection"
            + (" and Optional Solo Variant." if solo_variant else "."),
        )
    )

    if physical_deck:
        deck_lines = (
            f"Difficulty {level_text}.",
            *deal,
            "Turn the top card of the Automa deck face up to its right, leaving room for 1 "
            "card: the support card of the first turn. The app will ask which card it is.",
        )
    else:
        deck_lines = (
            f"Difficulty {level_text}.",
            "The app shuffles and draws the Automa cards (it never shows what comes next); "
            "lay out the printed cards it names if you like to see them.",
            f"First support card: {support}.",
        )
    items.append(
        ChecklistItem(
            "The Automa decks",
            deck_lines,
            "Part 2, Set Up the Decks and Difficulty Levels: each pile shuffled, the cards "
            "drawn from it, each deck shuffled.",
        )
    )
    items += _common_items(players, base_game)
    automa_factions = (factions["black"], factions["white"])
    if humans == 1 and recruits:
        lines = _bonus_lines(recruits[:1], automa_factions, ["You"])
    elif humans == 2 and recruits:
        lines = _bonus_lines(recruits, automa_factions, ["Human 1", "Human 2"])
    else:
        lines = [
            BONUS_RULE,
            f"Count the Automas' factions as active recruits: {_names(automa_factions)}.",
        ]
    items.append(
        ChecklistItem(
            "Minority starting bonus",
            tuple(lines),
            "Part 1, Minority Starting Bonus; Part 2, Automa Faction Selection step 6.",
        )
    )
    return items


def deal_lines(level: Level, piles: dict[str, str]) -> tuple[str, ...]:
    """How the player builds the Automa decks of ``level`` from the printed cards ("Set Up
    the Decks"): which piles to shuffle and how many cards to deal from each into each deck,
    never which cards (``piles``: pile -> its id letter)."""

    def counts(deck: dict[str, int]) -> str:
        return (
            " and ".join(f"{n} {pile} ({piles.get(pile, '?')})" for pile, n in deck.items() if n)
            or "no card"
        )

    used = [p for p in piles if level.deck.get(p) or any(a.get(p) for a in level.add_in)]
    lines = [
        "Shuffle each of these Automa piles face down: " + ", ".join(used) + ".",
        f"Automa deck: deal {counts(level.deck)} from the top of the piles; shuffle it.",
    ]
    lines += [
        f"Add-in deck {n}: deal {counts(add)}; shuffle it and set it aside."
        for n, add in enumerate(level.add_in, 1)
    ]
    lines.append("Return the rest of the Automa cards to the box without looking at them.")
    return tuple(lines)
