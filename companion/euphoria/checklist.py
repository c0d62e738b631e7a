"""The set-up checklist of a game without Automas, and the items every checklist shares.

Rulebook Part 2: "Automa Set Up", "Give the Automas Their Components", "Set Up the
Decks", "Automa Faction Selection", "Difficulty Levels", "Optional Solo Variant"; Part 1:
"Set Up Changes", "Selecting Recruits", "Minority Starting Bonus", "Setting Up the New
Antiques Bazaar", "Miner Meeples", "Minor Rule Changes", "First Time Set Up", "The New
Antiques Bazaar", "Factionless Recruits" (and its variant), "Clarifications". The rules they compute (the decks,
the factions, the minority bonus) are in ``setup.py``; this module words them, and
``automa_checklist.py`` the checklist of an Automa game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.catalog import _, say, say_n
from companion.core.errors import InputError
from companion.core.questions import Announcement, Question
from companion.euphoria.board import RECRUIT_FACTIONS, faction_name
from companion.euphoria.setup import (
    ARTIFACT_SPACES,
    ARTIFACTS,
    BAZAAR_COST,
    minority_bonus,
)


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

    def announcement(self) -> Announcement:
        """The item as the game protocol gives a checklist item: its title and lines as one
        text (a line each), the rule behind it as the why."""
        return Announcement("\n".join((self.title, *self.lines)), why=self.why, what=self.what)


# "Minority Starting Bonus": the commodities a player outside the majority gains.
BONUS_COMMODITIES = 2
# "First Time Set Up": the tunnel stickers placed on the board, and the extra ones (Black &
# White) for the original Kickstarter double-sided boards.
TUNNEL_STICKERS = 3
EXTRA_STICKERS = 3
# "Selecting Recruits": the factionless recruits in the new recruit deck.
FACTIONLESS_RECRUITS = 6
# The answer that skips a player's active recruit (the bonus is then stated, not worked out).
SKIP = "skip"


def faction_names(factions: Sequence[str]) -> str:
    """Factions as a list in words ('Icarite, Subterran'; 'none')."""
    return ", ".join(faction_name(f) for f in factions) or _("none")


def bonus_lines(
    actives: Sequence[str], automa_factions: Sequence[str], who: Sequence[str]
) -> list[str]:
    """ "Minority Starting Bonus" worked out: the majority, then each player (``who``)
    with its active recruit (``actives``) and whether it gains the commodities."""
    bonus = minority_bonus(actives, automa_factions)
    factions = faction_names(bonus.majority)
    if automa_factions:
        head = say_n(
            "Majority faction among the active recruits and the Automas' factions: {factions}.",
            "Majority factions among the active recruits and the Automas' factions: {factions}.",
            len(bonus.majority),
            factions=factions,
        )
    else:
        head = say_n(
            "Majority faction among the active recruits: {factions}.",
            "Majority factions among the active recruits: {factions}.",
            len(bonus.majority),
            factions=factions,
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


def set_up_changes(automas: bool) -> tuple[str, ...]:
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
        "After revealing recruits, find the faction with the most active recruits, or the "
        "factions tied for the most (the majority). Each player whose active recruit is "
        "not in the majority and not factionless gains any {n} commodity.",
        "After revealing recruits, find the faction with the most active recruits, or the "
        "factions tied for the most (the majority). Each player whose active recruit is "
        "not in the majority and not factionless gains any {n} commodities.",
        BONUS_COMMODITIES,
    )


def common_items(players: int, base_game: bool) -> list[ChecklistItem]:
    """The items of every game with the expansion, Automas or not: the miners, and the Bazaar
    and the factionless recruits (or, base game, the original recruits and markets)."""
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


def active_questions(players: int, base_game: bool) -> list[Question]:
    """Part 1, "Minority Starting Bonus": each player's active recruit, one question each
    (``active-1``...), to work the bonus out; each may be skipped (``skip``). Factionless
    recruits are in the new set only ("Selecting Recruits")."""
    factions = [f for f in RECRUIT_FACTIONS if not (base_game and f == "factionless")]
    choices = {f: faction_name(f) for f in factions}
    choices[SKIP] = _("skip (the rule is stated instead)")
    return [
        Question.one_of(
            f"active-{n}", say("Player {n}'s active recruit?", n=n), choices, default=SKIP
        )
        for n in range(1, players + 1)
    ]


def actives_from(answers: Mapping[str, str], players: int) -> tuple[str, ...]:
    """Every player's active recruit from the answers to :func:`active_questions`; () when
    any was skipped (the bonus needs them all: the majority is counted over every player)."""
    actives = tuple(str(answers.get(f"active-{n}", SKIP)) for n in range(1, players + 1))
    return () if SKIP in actives else actives


def first_time_item() -> ChecklistItem:
    """Part 1, "First Time Set Up": the tunnel stickers."""
    return ChecklistItem(
        "first_time",
        _("First time with the expansion"),
        (
            say_n(
                "Place the {n} tunnel sticker on your Euphoria board (once, the first time).",
                "Place the {n} tunnel stickers on your Euphoria board (once, the first time).",
                TUNNEL_STICKERS,
            ),
            say_n(
                "The extra {n} sticker (Black & White) is for the original Kickstarter "
                "double-sided boards.",
                "The extra {n} stickers (Black & White) are for the original Kickstarter "
                "double-sided boards.",
                EXTRA_STICKERS,
            ),
        ),
        _("Part 1, First Time Set Up."),
    )


def new_set_items() -> list[ChecklistItem]:
    """The rules of the new recruits and markets during the game: the factionless recruits
    (and the variant without them) and the New Antiques Bazaar."""
    return [
        ChecklistItem(
            "factionless_in_play",
            _("Factionless recruits during the game"),
            (
                _(
                    "A factionless recruit cannot be gained during the game: if you draw one "
                    "(e.g. through your ethical dilemma), discard it and draw a replacement."
                ),
                say(
                    "Variant: to play without factionless recruits, remove the {n} of them "
                    "from the recruit deck before the game and put them back in the box.",
                    n=FACTIONLESS_RECRUITS,
                ),
            ),
            _("Part 1, Factionless Recruits (and its Variant)."),
        ),
        ChecklistItem(
            "bazaar_in_play",
            _("The New Antiques Bazaar during the game"),
            (
                say(
                    "Never take an artifact from the top of the deck: whenever you gain one, "
                    "take any 1 of the {spaces} in the Bazaar (the rightmost is free).",
                    spaces=ARTIFACT_SPACES,
                ),
                say(
                    "Then slide the artifacts left of the empty space to the right, and draw "
                    "the top card of the deck onto the leftmost space ({cost} commodities); "
                    "do both for every artifact you gain.",
                    cost=BAZAAR_COST[ARTIFACT_SPACES],
                ),
                _(
                    "An empty deck: shuffle the discard pile into a new one; if there is none, "
                    "the queue is refilled from the right as soon as an artifact is discarded."
                ),
            ),
            _("Part 1, The New Antiques Bazaar."),
        ),
    ]


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
    rules of the new set during the game, the minor rule changes and clarifications; the
    first-time tunnel stickers first."""
    _check_multiplayer(players, base_game, actives)
    items = [
        first_time_item(),
        ChecklistItem(
            "set_up",
            _("Set up"),
            (
                say(
                    "Set up a {players}-player game as in the original game, with these changes.",
                    players=players,
                ),
                *set_up_changes(automas=False),
            ),
            _("Part 1, Set Up Changes."),
        ),
        *common_items(players, base_game),
    ]
    if actives:
        who = [say("Player {number}", number=i) for i in range(1, players + 1)]
        lines = tuple(bonus_lines(actives, (), who))
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
    if not base_game:
        items.extend(new_set_items())
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
    reminders += (
        _(
            "A recruit's ability can be used only once per trigger event (e.g. once at the "
            "end of your turn)."
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
