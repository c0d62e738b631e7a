"""The table set-up of an Ephios quick game and campaign, step by step, from the rulebook.

"Quick Game > Components and Setup" (steps 1-6 and the first player) and
"Campaign > Components and Setup" (the quick game's set-up, the campaign
cards set aside with the alliances card, the optional inhabitants); between
campaign rounds, "Course of a Campaign" (what stays, what the victory pages
changed, the winner starts). Each step is an Announcement with its
rulebook section (``rule``) and a stable id (``what``): the CLI prints them
(``quick new``/``campaign new``, ``--json``), the app shows them as a
tickable checklist.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.questions import Announcement
from companion.ephios.cards import Alliance, EphiosDeck, load_deck
from companion.ephios.plot import CROSSROADS_SIZE
from companion.ephios.solo_rules import MAX_TOKENS, START_TOKENS

# "Take 5 persuasion tokens per player in the game to form a supply."
TOKENS_PER_PLAYER = 5
# "each player receives 2 identical markers"
MARKERS_PER_PLAYER = 2
# Campaign option: "set aside the Concierge, take the 7 other inhabitant cards, shuffle them,
# and draw 3 at random."
CAMPAIGN_INHABITANTS = 7
CAMPAIGN_INHABITANTS_DRAWN = 3

QUICK = "Quick Game > Components and Setup"
CAMPAIGN = "Campaign > Components and Setup"
COURSE = "Campaign > Course of a Campaign"
GOAL = "Goal of the Game > 1st player"


def _step(text: str, rule: str, what: str, **data: Any) -> Announcement:
    return Announcement(text, rule, what=what, rule=rule, **data)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def table_steps(
    players: Sequence[str],
    first: str,
    alliances: Mapping[str, Alliance],
    deck: EphiosDeck | None = None,
) -> list[Announcement]:
    """Steps 1 to 6 of the quick game's set-up and the first player, for these players."""
    deck = deck or load_deck()
    n = len(players)
    personalities = sum(a.cards for a in alliances.values())
    characters = personalities + deck.inhabitants
    names = ", ".join(a.name for a in alliances.values())
    board = "Place the popularity board, classic side up, in the centre of the table."
    if n >= 3:
        board += " With 3 or 4 players: place the direction token on it, clockwise side up."
    board += (
        f" Each player takes {MARKERS_PER_PLAYER} identical markers: one on the 0% space, "
        "the other kept as a reminder."
    )
    return [
        _step(board, f"{QUICK} 1", "setup.board"),
        _step(
            f"Form a supply of {n * TOKENS_PER_PLAYER} persuasion tokens ({TOKENS_PER_PLAYER} "
            f"per player); each player takes {START_TOKENS} from it ({MAX_TOKENS} held at most: "
            "return any excess).",
            f"{QUICK} 2",
            "setup.tokens",
        ),
        _step(
            "Each player receives an alliance card / player aid; put the remaining ones back "
            "in the box.",
            f"{QUICK} 3",
            "setup.aids",
        ),
        _step(
            f"Shuffle the {characters} character cards ({personalities} personalities of the "
            f"{names}, {_plural(deck.inhabitants, 'inhabitant')}) into a face-down draw pile.",
            f"{QUICK} 4",
            "setup.characters",
        ),
        _step(
            f"Shuffle the {len(alliances)} affinity cards and deal one face down to each player; "
            "discard the others without revealing them. Look at yours secretly.",
            f"{QUICK} 5",
            "setup.affinities",
        ),
        _step(
            f"Reveal the first {CROSSROADS_SIZE} cards of the draw pile to form the crossroads; "
            "leave a space for the discard pile.",
            f"{QUICK} 6",
            "setup.crossroads",
        ),
        _step(f"{first} plays first.", GOAL, "setup.first", who=first),
    ]


def quick_steps(players: Sequence[str], first: str) -> list[Announcement]:
    """The whole set-up of a quick game (the campaign elements go back in the box first)."""
    deck = load_deck()
    box = _step(
        "Put back in the box every element bearing the bookmark-star symbol: they are not "
        "used in a quick game.",
        f"{QUICK} (Warning)",
        "setup.box",
    )
    return [box, *table_steps(players, first, deck.alliances, deck)]


def campaign_steps(players: Sequence[str], first: str) -> list[Announcement]:
    """The whole set-up of a campaign: the quick game's, then the campaign cards and option."""
    deck = load_deck()
    return [
        *table_steps(players, first, deck.alliances, deck),
        _step(
            "Take the Campaign cards (bookmark-star symbol) and set them all aside without "
            'revealing them, except the alliances card (the back of the "Warning campaign '
            'mode" card): place it, alliances side up, next to the popularity board. The '
            "set-aside pile is used from round 2.",
            CAMPAIGN,
            "setup.campaign-cards",
        ),
        _step(
            "Keep the Book of Victories at hand and set the alliance tiles aside for now.",
            CAMPAIGN,
            "setup.book",
        ),
        _step(
            "Option, the campaign inhabitants: set the Concierge aside, shuffle the "
            f"{CAMPAIGN_INHABITANTS} other campaign inhabitants and draw "
            f"{CAMPAIGN_INHABITANTS_DRAWN}; these {CAMPAIGN_INHABITANTS_DRAWN} and the "
            "Concierge join the character deck for the whole campaign, the others go back in "
            "the box.",
            f"{CAMPAIGN} (Option)",
            "setup.inhabitants",
        ),
    ]


def next_round_steps(
    number: int,
    players: Sequence[str],
    first: str,
    alliances: Mapping[str, Alliance],
    added: Sequence[str],
    removed: Sequence[str],
    pages: Sequence[str],
) -> list[Announcement]:
    """The set-up of campaign round ``number``: identical to the last one, keeping the
    modifications of the victory pages read (the alliances in play, the cards swapped)."""
    kept = ", ".join(a.name for a in alliances.values())
    changes = []
    if pages:
        changes.append("victory pages read: " + ", ".join(pages))
    if added:
        changes.append("alliance tiles placed: " + ", ".join(added))
    if removed:
        changes.append("alliances left the game: " + ", ".join(removed))
    steps = [
        _step(
            f"Round {number}: set up as for the last round, keeping the modifications of the "
            f"victory pages read ({'; '.join(changes) or 'none so far'}). Alliances in play: "
            f"{kept}.",
            COURSE,
            "round.keep",
        ),
        _step(
            "Everyone's marker back on 0%; each player takes "
            f"{START_TOKENS} persuasion tokens from the supply.",
            f"{COURSE} (setup identical to the previous round)",
            "round.tokens",
        ),
        _step(
            "Gather every character card in play (with the cards the victory pages added, "
            "without those they removed) and shuffle them into a face-down draw pile.",
            f"{COURSE} (setup identical to the previous round)",
            "round.characters",
        ),
        _step(
            "Shuffle the affinity cards in play (with those the victory pages added) and deal "
            "one face down to each player; discard the others without revealing them.",
            f"{COURSE} (setup identical to the previous round)",
            "round.affinities",
        ),
        _step(
            f"Reveal the first {CROSSROADS_SIZE} cards to form the crossroads.",
            f"{COURSE} (setup identical to the previous round)",
            "round.crossroads",
        ),
        _step(
            f"{first} won the last round and plays first.",
            f"{COURSE} (the player who won the previous round starts)",
            "round.first",
            who=first,
        ),
    ]
    return steps
