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

from companion.core.catalog import N_, _, say, say_n
from companion.core.errors import InputError
from companion.core.rng import stream
from companion.euphoria.board import AREAS, RECRUIT_FACTIONS, automa_name, faction_name
from companion.euphoria.cards import PILES, AutomaDeck, Level, pile_name
from companion.euphoria.state import TOKENS

# "Automa Set Up": what to take out of the game.
REMOVE_EXPANSION = (N_("Dilemma's Prison (market)"), N_("Khaleef the Bruiser (Subterran recruit)"))
REMOVE_BASE = (
    N_("Fountain of Youthful Thinking (market)"),
    N_("Amanda the Broker (Icarite recruit)"),
    N_("Ben the Ludologist (Euphorian recruit)"),
)
REMOVE_ALSO = (
    N_("Josiah the Hacker (Subterran recruit)"),
    N_("Lee the Gossip (Icarite recruit)"),
    N_("Maxime the Ambassador (Icarite recruit)"),
    N_("Phil the Spy (Subterran recruit)"),
    N_("Rebecca the Peddler (Icarite recruit)"),
)
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
class ChecklistItem:
    """One step of the set-up checklist: its stable id (``what``: "miners", "bazaar",
    "minority_bonus", ...), a title, the lines to do, and the rule behind it."""

    what: str
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


# "Minority Starting Bonus": the commodities a player outside the majority gains.
BONUS_COMMODITIES = 2


def _names(factions: Sequence[str]) -> str:
    return ", ".join(faction_name(f) for f in factions) or _("none")


def _bonus_lines(
    actives: Sequence[str], automa_factions: Sequence[str], who: Sequence[str]
) -> list[str]:
    bonus = minority_bonus(actives, automa_factions)
    if automa_factions:
        head = say(
            "Majority faction(s) among the active recruits and the Automas' factions: {factions}.",
            factions=_names(bonus.majority),
        )
    else:
        head = say(
            "Majority faction(s) among the active recruits: {factions}.",
            factions=_names(bonus.majority),
        )
    lines = [head]
    for name, faction, gains in zip(who, actives, bonus.gains, strict=True):
        if gains:
            line = say_n(
                "{who} (active {faction}): gain any {n} commodity.",
                "{who} (active {faction}): gain any {n} commodities.",
                BONUS_COMMODITIES,
                who=name,
                faction=faction_name(faction),
            )
        elif faction == "factionless":
            line = say("{who} (active factionless recruit): no bonus.", who=name)
        else:
            line = say(
                "{who} (active {faction}, in the majority): no bonus.",
                who=name,
                faction=faction_name(faction),
            )
        lines.append(line)
    return lines


def _set_up_changes(automas: bool) -> tuple[str, ...]:
    """Part 1, "Set Up Changes" (every game with the expansion, Automas or not)."""
    if automas:
        mat = _(
            "Give each human player a player mat: morale and knowledge are tracked on it "
            "(the Automas have no morale or knowledge)."
        )
    else:
        mat = _("Give each player a player mat: morale and knowledge are tracked on it.")
    return (_("Place the player aid card on the Key box of the board (or below the Farm)."), mat)


def bonus_rule() -> str:
    """The "Minority Starting Bonus" rule, for a checklist that cannot compute it."""
    return say_n(
        "After revealing recruits, find the faction(s) with the most active recruits (the "
        "majority). Each player whose active recruit is not in the majority and not "
        "factionless gains any {n} commodity.",
        "After revealing recruits, find the faction(s) with the most active recruits (the "
        "majority). Each player whose active recruit is not in the majority and not "
        "factionless gains any {n} commodities.",
        BONUS_COMMODITIES,
    )


def _common_items(players: int, base_game: bool) -> list[ChecklistItem]:
    items = [
        ChecklistItem(
            "miners",
            _("Miners"),
            (
                say(
                    'Place each miner meeple on the tunnel space labelled "{players}".',
                    players=players,
                ),
            ),
            _("Part 1, Miner Meeples: the miners start on the space of the number of players."),
        )
    ]
    if base_game:
        items.append(
            ChecklistItem(
                "recruits_and_markets",
                _("Recruits and markets"),
                (
                    _("Use the original recruits and markets only (do not mix the sets)."),
                    _("Do not use the New Antiques Bazaar: ignore every rule about it."),
                ),
                _("Part 1, Selecting Recruits and Setting Up the New Antiques Bazaar."),
            )
        )
    else:
        items.append(_bazaar_item())
        items.append(
            ChecklistItem(
                "factionless",
                _("Factionless recruits"),
                (
                    _("Use the new recruits and markets only (do not mix the sets)."),
                    _(
                        "After dealing 4 recruits each: a player with more than 1 factionless "
                        "recruit discards one of them and draws another, until only 1 of the 4 "
                        "is factionless."
                    ),
                    _("A factionless recruit you select must be your active recruit."),
                ),
                _("Part 1, Selecting Recruits."),
            )
        )
    return items


def _bazaar_item() -> ChecklistItem:
    """Part 1, "Setting Up the New Antiques Bazaar"."""
    return ChecklistItem(
        "bazaar",
        _("The New Antiques Bazaar"),
        (
            _("Place the New Antiques Bazaar board next to the game board."),
            say(
                "Shuffle the {artifacts} artifact cards; put the deck to the left of the "
                "{cost}-commodity slot, leave room for a discard pile on the right.",
                artifacts=ARTIFACTS,
                cost=BAZAAR_COST[ARTIFACT_SPACES],
            ),
            say(
                "Place 1 artifact face up on each of the {spaces} artifact spaces.",
                spaces=ARTIFACT_SPACES,
            ),
        ),
        _("Part 1, Setting Up the New Antiques Bazaar (expansion recruits and markets)."),
    )


def _check_multiplayer(players: int, base_game: bool, actives: Sequence[str]) -> None:
    """Raise InputError if a game without Automas cannot be set up with these options."""
    if not 2 <= players <= 6:
        raise InputError(
            say("{players} players: a game without Automas has 2 to 6", players=players),
            field="players",
        )
    for f in actives:
        if f not in RECRUIT_FACTIONS:
            raise InputError(
                say(
                    "{faction} is not one of {factions}",
                    faction=repr(f),
                    factions=", ".join(RECRUIT_FACTIONS),
                ),
                field="active",
            )
    if base_game and "factionless" in actives:
        raise InputError(
            _(
                "factionless recruits are in the new recruit set only, not with the original "
                "recruits"
            ),
            field="active",
        )
    if actives and len(actives) != players:
        raise InputError(
            say(
                "give one active recruit per player ({players}), got {given}",
                players=players,
                given=len(actives),
            ),
            field="active",
        )


def multiplayer_checklist(
    players: int, base_game: bool = False, actives: Sequence[str] = ()
) -> list[ChecklistItem]:
    """The set-up checklist of a game without Automas (2–6 humans): miners, the Bazaar, the
    factionless rule, the minority bonus (computed when every active recruit is given), the
    minor rule changes."""
    _check_multiplayer(players, base_game, actives)
    items = [
        ChecklistItem(
            "set_up",
            _("Set up"),
            (
                say(
                    "Set up a {players}-player game as in the original game, with these changes.",
                    players=players,
                ),
                *_set_up_changes(automas=False),
            ),
            _("Part 1, Set Up Changes."),
        ),
        *_common_items(players, base_game),
    ]
    if actives:
        who = [say("Player {number}", number=i) for i in range(1, players + 1)]
        lines = tuple(_bonus_lines(actives, (), who))
    else:
        lines = (bonus_rule(),)
    items.append(
        ChecklistItem(
            "minority_bonus",
            _("Minority starting bonus"),
            lines,
            _("Part 1, Minority Starting Bonus."),
        )
    )
    reminders: tuple[str, ...] = (
        _(
            "Placing several workers of the same number on one turn costs 1 morale for "
            "each worker beyond the first (you need the morale to lose)."
        ),
        _(
            "On a constructed market without your authority token you may place the token "
            "on that market instead of the territory."
        ),
    )
    if players == 2 and not base_game:
        reminders += (
            _("With 2 players, Dilemma's Prison lets the other player retrieve only 1 worker."),
        )
    items.append(
        ChecklistItem(
            "minor_rules",
            _("Minor rule changes (reminders)"),
            reminders,
            _("Part 1, Minor Rule Changes and Clarifications."),
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
    items = [
        _remove_item(base_game),
        ChecklistItem(
            "set_up",
            _("Set up"),
            (
                say_n(
                    "Set up a {players}-player game ({n} human and the 2 Automas) as in the "
                    "original game, with these changes.",
                    "Set up a {players}-player game ({n} humans and the 2 Automas) as in the "
                    "original game, with these changes.",
                    humans,
                    players=players,
                ),
                *_set_up_changes(automas=True),
            ),
            _(
                "Part 2, Automa Set Up: the Automas count towards the player count; "
                "Part 1, Set Up Changes."
            ),
        ),
        _components_item(humans, workers, factions, physical_dice),
        _factions_item(humans, solo_variant, factions, set_aside, drawn_at_table),
        _decks_item(level_text, support, physical_deck, deal),
    ]
    items += _common_items(players, base_game)
    automa_factions = (factions["black"], factions["white"])
    if humans == 1 and recruits:
        lines = _bonus_lines(recruits[:1], automa_factions, [_("You")])
    elif humans == 2 and recruits:
        lines = _bonus_lines(
            recruits, automa_factions, [say("Human {number}", number=n) for n in (1, 2)]
        )
    else:
        lines = [
            bonus_rule(),
            say(
                "Count the Automas' factions as active recruits: {factions}.",
                factions=_names(automa_factions),
            ),
        ]
    items.append(
        ChecklistItem(
            "minority_bonus",
            _("Minority starting bonus"),
            tuple(lines),
            _("Part 1, Minority Starting Bonus; Part 2, Automa Faction Selection step 6."),
        )
    )
    return items


def _remove_item(base_game: bool) -> ChecklistItem:
    """Part 2, "Automa Set Up": the markets and recruits to take out of the game."""
    remove = (REMOVE_BASE if base_game else REMOVE_EXPANSION) + REMOVE_ALSO
    if base_game:
        why = _("Part 2, Automa Set Up (you play the original recruits and markets).")
    else:
        why = _("Part 2, Automa Set Up (you play the expansion recruits and markets).")
    return ChecklistItem(
        "remove",
        _("Remove from the game"),
        tuple(say("Remove {what}.", what=_(x)) for x in remove),
        why,
    )


def _components_item(
    humans: int, workers: dict[str, list[int]], factions: dict[str, str], physical_dice: bool
) -> ChecklistItem:
    """Part 2, "Give the Automas Their Components"."""
    lines = []
    for automa in ("black", "white"):
        data = {
            "automa": automa_name(automa),
            "workers": len(workers[automa]),
            "dice": ", ".join(str(k) for k in workers[automa]),
            "tokens": TOKENS,
            "faction": faction_name(factions[automa]),
        }
        if physical_dice:
            line = say(
                "{automa} Automa: {workers} workers showing {dice} (you rolled), {tokens} "
                "authority tokens, the {faction} faction/penalty card with the non-penalty "
                "side up.",
                **data,
            )
        else:
            line = say(
                "{automa} Automa: {workers} workers showing {dice} (the app rolled), {tokens} "
                "authority tokens, the {faction} faction/penalty card with the non-penalty "
                "side up.",
                **data,
            )
        lines.append(line)
    lines.append(
        say_n(
            "Turn order: the human, then black, then white.",
            "Turn order: the humans, then black, then white.",
            humans,
        )
    )
    return ChecklistItem(
        "components",
        _("The Automas' components"),
        tuple(lines),
        _("Part 2, Give the Automas Their Components, Automa Faction Selection step 4."),
    )


def _factions_item(
    humans: int,
    solo_variant: bool,
    factions: dict[str, str],
    set_aside: Sequence[str],
    drawn_at_table: bool,
) -> ChecklistItem:
    """Part 2, "Automa Faction Selection" (and the "Optional Solo Variant")."""
    if drawn_at_table:
        how = _("You drew the faction/penalty cards at the table.")
    elif humans == 1 and not solo_variant:
        if set_aside:
            how = say(
                "Shuffled the 4 faction/penalty cards and drew one at a time: black's differs "
                "from both your recruits, white's also from black's (set aside while drawing: "
                "{factions}).",
                factions=_names(set_aside),
            )
        else:
            how = _(
                "Shuffled the 4 faction/penalty cards and drew one at a time: black's differs "
                "from both your recruits, white's also from black's."
            )
    elif humans == 1:
        how = _(
            "Shuffled the 4 faction/penalty cards and drew one for each Automa (the optional "
            "solo variant: any)."
        )
    else:
        how = _(
            "Shuffled the 4 faction/penalty cards and drew one for each Automa (2 humans: any)."
        )
    if solo_variant:
        why = _("Part 2, Automa Faction Selection and Optional Solo Variant.")
    else:
        why = _("Part 2, Automa Faction Selection.")
    return ChecklistItem(
        "factions",
        _("The Automas' factions"),
        (
            say(
                "Black: {faction} ({id}).",
                faction=faction_name(factions["black"]),
                id=factions["black"],
            ),
            say(
                "White: {faction} ({id}).",
                faction=faction_name(factions["white"]),
                id=factions["white"],
            ),
            how,
            _("Return the unused faction/penalty cards to the box."),
        ),
        why,
    )


def _decks_item(
    level_text: str, support: str | None, physical_deck: bool, deal: Sequence[str]
) -> ChecklistItem:
    """Part 2, "Set Up the Decks" and "Difficulty Levels"."""
    difficulty = say("Difficulty {level}.", level=level_text)
    if physical_deck:
        deck_lines: tuple[str, ...] = (
            difficulty,
            *deal,
            _(
                "Turn the top card of the Automa deck face up to its right, leaving room for 1 "
                "card: the support card of the first turn. The app will ask which card it is."
            ),
        )
    else:
        deck_lines = (
            difficulty,
            _(
                "The app shuffles and draws the Automa cards (it never shows what comes next); "
                "lay out the printed cards it names if you like to see them."
            ),
            say("First support card: {card}.", card=support),
        )
    return ChecklistItem(
        "decks",
        _("The Automa decks"),
        deck_lines,
        _(
            "Part 2, Set Up the Decks and Difficulty Levels: each pile shuffled, the cards "
            "drawn from it, each deck shuffled."
        ),
    )


def deal_lines(level: Level, piles: dict[str, str]) -> tuple[str, ...]:
    """How the player builds the Automa decks of ``level`` from the printed cards ("Set Up
    the Decks"): which piles to shuffle and how many cards to deal from each into each deck,
    never which cards (``piles``: pile -> its id letter)."""

    def counts(deck: dict[str, int]) -> str:
        return _(" and ").join(
            say(
                "{n} {pile} ({letter})",
                n=n,
                pile=pile_name(pile),
                letter=piles.get(pile, "?"),
            )
            for pile, n in deck.items()
            if n
        ) or _("no card")

    used = [p for p in piles if level.deck.get(p) or any(a.get(p) for a in level.add_in)]
    lines = [
        say(
            "Shuffle each of these Automa piles face down: {piles}.",
            piles=", ".join(pile_name(p) for p in used),
        ),
        say(
            "Automa deck: deal {cards} from the top of the piles; shuffle it.",
            cards=counts(level.deck),
        ),
    ]
    lines += [
        say("Add-in deck {n}: deal {cards}; shuffle it and set it aside.", n=n, cards=counts(add))
        for n, add in enumerate(level.add_in, 1)
    ]
    lines.append(_("Return the rest of the Automa cards to the box without looking at them."))
    return tuple(lines)
