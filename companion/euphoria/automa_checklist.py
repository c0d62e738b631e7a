"""The set-up checklist of an Automa game, in the order to do it at the table.

Rulebook Part 2: "Automa Set Up", "Give the Automas Their Components", "Set Up the
Decks", "Automa Faction Selection", "Difficulty Levels", "Optional Solo Variant"; the
items every game shares come from ``checklist.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core.catalog import N_, _, say, say_n
from companion.euphoria.board import AREAS, AUTOMAS, area_short, automa_name, faction_name
from companion.euphoria.cards import Level, pile_name
from companion.euphoria.checklist import (
    ChecklistItem,
    bonus_lines,
    bonus_rule,
    common_items,
    faction_names,
    set_up_changes,
)
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
    players = humans + len(AUTOMAS)
    items = [
        _remove_item(base_game),
        ChecklistItem(
            "set_up",
            _("Set up"),
            (
                say_n(
                    "Set up a {players}-player game ({n} human and the {automas} Automas) as in "
                    "the original game, with these changes.",
                    "Set up a {players}-player game ({n} humans and the {automas} Automas) as in "
                    "the original game, with these changes.",
                    humans,
                    players=players,
                    automas=len(AUTOMAS),
                ),
                *set_up_changes(automas=True),
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
    items += common_items(players, base_game)
    automa_factions = (factions["black"], factions["white"])
    if humans == 1 and recruits:
        lines = bonus_lines(recruits[:1], automa_factions, [_("You")])
    elif humans == 2 and recruits:
        lines = bonus_lines(
            recruits, automa_factions, [say("Human {number}", number=n) for n in (1, 2)]
        )
    else:
        lines = [
            bonus_rule(),
            say(
                "Count the Automas' factions as active recruits: {factions}.",
                factions=faction_names(automa_factions),
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
                "Shuffled the {cards} faction/penalty cards and drew one at a time: black's "
                "differs from both your recruits, white's also from black's (set aside while "
                "drawing: {factions}).",
                cards=len(AREAS),
                factions=faction_names(set_aside),
            )
        else:
            how = say(
                "Shuffled the {cards} faction/penalty cards and drew one at a time: black's "
                "differs from both your recruits, white's also from black's.",
                cards=len(AREAS),
            )
    elif humans == 1:
        how = say(
            "Shuffled the {cards} faction/penalty cards and drew one for each Automa (the "
            "optional solo variant: any).",
            cards=len(AREAS),
        )
    else:
        how = say_n(
            "Shuffled the {cards} faction/penalty cards and drew one for each Automa ({n} "
            "human: any).",
            "Shuffled the {cards} faction/penalty cards and drew one for each Automa ({n} "
            "humans: any).",
            humans,
            cards=len(AREAS),
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
                "Black: {faction} ({area}).",
                faction=faction_name(factions["black"]),
                area=area_short(factions["black"]),
            ),
            say(
                "White: {faction} ({area}).",
                faction=faction_name(factions["white"]),
                area=area_short(factions["white"]),
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


def deal_lines(level: Level, piles: Mapping[str, str]) -> tuple[str, ...]:
    """How the player builds the Automa decks of ``level`` from the printed cards ("Set Up
    the Decks"): which piles to shuffle and how many cards to deal from each into each deck,
    never which cards (``piles``: pile -> its id letter)."""

    def counts(deck: Mapping[str, int]) -> str:
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
