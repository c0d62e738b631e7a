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

from companion.core.catalog import N_, _, say, say_n
from companion.core.questions import Announcement
from companion.ephios.cards import PRINTED_NAMES, Alliance, EphiosDeck, alliance_name, load_deck
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

# The rulebook sections the steps cite (a step's ``rule``, shown under it).
QUICK = N_("Quick Game > Components and Setup")
CAMPAIGN = N_("Campaign > Components and Setup")
COURSE = N_("Campaign > Course of a Campaign")
GOAL = N_("Goal of the Game > 1st player")
SAME_SETUP = N_("Campaign > Course of a Campaign (setup identical to the previous round)")
WINNER_STARTS = N_("Campaign > Course of a Campaign (the player who won the previous round starts)")


def _step(text: str, rule: str, what: str, **data: Any) -> Announcement:
    return Announcement(text, rule, what=what, rule=rule, **data)


def _section(section: str, part: str | int | None = None) -> str:
    """A rulebook section in the player's language, with its step number or part."""
    if part is None:
        return _(section)
    return say("{section} {part}", section=_(section), part=part)


def _board(players: int) -> str:
    """Set-up step 1: the popularity board (and, with 3 or 4 players, the direction token)."""
    markers = {"markers": MARKERS_PER_PLAYER}
    if players >= 3:
        board = say(
            "Place the popularity board, classic side up, in the centre of the table. "
            "With 3 or 4 players: place the direction token on it, clockwise side up. "
            "Each player takes {markers} identical markers: one on the 0% space, "
            "the other kept as a reminder.",
            **markers,
        )
    else:
        board = say(
            "Place the popularity board, classic side up, in the centre of the table. "
            "Each player takes {markers} identical markers: one on the 0% space, "
            "the other kept as a reminder.",
            **markers,
        )
    return board


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
    names = ", ".join(
        alliance_name(a.id) if a.name in PRINTED_NAMES else a.name for a in alliances.values()
    )
    board = _board(n)
    return [
        _step(board, _section(QUICK, 1), "setup.board"),
        _step(
            say(
                "Form a supply of {supply} persuasion tokens ({per} per player); each player "
                "takes {start} from it ({most} held at most: return any excess).",
                supply=n * TOKENS_PER_PLAYER,
                per=TOKENS_PER_PLAYER,
                start=START_TOKENS,
                most=MAX_TOKENS,
            ),
            _section(QUICK, 2),
            "setup.tokens",
        ),
        _step(
            _(
                "Each player receives an alliance card / player aid; put the remaining ones "
                "back in the box."
            ),
            _section(QUICK, 3),
            "setup.aids",
        ),
        _step(
            say_n(
                "Shuffle the {characters} character cards ({personalities} personalities of "
                "the {names}, {n} inhabitant) into a face-down draw pile.",
                "Shuffle the {characters} character cards ({personalities} personalities of "
                "the {names}, {n} inhabitants) into a face-down draw pile.",
                deck.inhabitants,
                characters=characters,
                personalities=personalities,
                names=names,
            ),
            _section(QUICK, 4),
            "setup.characters",
        ),
        _step(
            say(
                "Shuffle the {n} affinity cards and deal one face down to each player; "
                "discard the others without revealing them. Look at yours secretly.",
                n=len(alliances),
            ),
            _section(QUICK, 5),
            "setup.affinities",
        ),
        _step(
            say(
                "Reveal the first {n} cards of the draw pile to form the crossroads; "
                "leave a space for the discard pile.",
                n=CROSSROADS_SIZE,
            ),
            _section(QUICK, 6),
            "setup.crossroads",
        ),
        _step(say("{player} plays first.", player=first), _section(GOAL), "setup.first", who=first),
    ]


def quick_steps(players: Sequence[str], first: str) -> list[Announcement]:
    """The whole set-up of a quick game (the campaign elements go back in the box first)."""
    deck = load_deck()
    box = _step(
        _(
            "Put back in the box every element bearing the bookmark-star symbol: they are not "
            "used in a quick game."
        ),
        _section(QUICK, _("(Warning)")),
        "setup.box",
    )
    return [box, *table_steps(players, first, deck.alliances, deck)]


def campaign_steps(players: Sequence[str], first: str) -> list[Announcement]:
    """The whole set-up of a campaign: the quick game's, then the campaign cards and option."""
    deck = load_deck()
    return [
        *table_steps(players, first, deck.alliances, deck),
        _step(
            _(
                "Take the Campaign cards (bookmark-star symbol) and set them all aside without "
                'revealing them, except the alliances card (the back of the "Warning campaign '
                'mode" card): place it, alliances side up, next to the popularity board. The '
                "set-aside pile is used from round 2."
            ),
            _section(CAMPAIGN),
            "setup.campaign-cards",
        ),
        _step(
            _("Keep the Book of Victories at hand and set the alliance tiles aside for now."),
            _section(CAMPAIGN),
            "setup.book",
        ),
        _step(
            say(
                "Option, the campaign inhabitants: set the Concierge aside, shuffle the "
                "{others} other campaign inhabitants and draw {drawn}; these {drawn} and the "
                "Concierge join the character deck for the whole campaign, the others go back "
                "in the box.",
                others=CAMPAIGN_INHABITANTS,
                drawn=CAMPAIGN_INHABITANTS_DRAWN,
            ),
            _section(CAMPAIGN, _("(Option)")),
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
    kept = ", ".join(
        alliance_name(a.id) if a.name in PRINTED_NAMES else a.name for a in alliances.values()
    )
    changes = []
    if pages:
        changes.append(say("victory pages read: {pages}", pages=", ".join(pages)))
    if added:
        changes.append(say("alliance tiles placed: {tiles}", tiles=", ".join(added)))
    if removed:
        changes.append(say("alliances left the game: {alliances}", alliances=", ".join(removed)))
    same = _(SAME_SETUP)
    # Its parts as data too: a shell may word them shorter (the alliances in its why).
    parts = {"number": number, "changes": "; ".join(changes) or _("none so far"), "kept": kept}
    steps = [
        _step(
            say(
                "Round {number}: set up as for the last round, keeping the modifications of the "
                "victory pages read ({changes}). Alliances in play: {kept}.",
                **parts,
            ),
            _(COURSE),
            "round.keep",
            args=parts,
        ),
        _step(
            say(
                "Everyone's marker back on 0%; each player takes {start} persuasion tokens "
                "from the supply.",
                start=START_TOKENS,
            ),
            same,
            "round.tokens",
        ),
        _step(
            _(
                "Gather every character card in play (with the cards the victory pages added, "
                "without those they removed) and shuffle them into a face-down draw pile."
            ),
            same,
            "round.characters",
        ),
        _step(
            _(
                "Shuffle the affinity cards in play (with those the victory pages added) and "
                "deal one face down to each player; discard the others without revealing them."
            ),
            same,
            "round.affinities",
        ),
        _step(
            say("Reveal the first {n} cards to form the crossroads.", n=CROSSROADS_SIZE),
            same,
            "round.crossroads",
        ),
        _step(
            say("{player} won the last round and plays first.", player=first),
            _(WINNER_STARTS),
            "round.first",
            who=first,
        ),
    ]
    return steps
