"""Automa cards and difficulty levels, loaded from a deck file (docs/deck-format.md).

The loader validates every field and raises InputError with the file, the
card and the field, e.g. ``decks/x.toml: card S7: black_action: 'comodity'
is not one of commodity, ...``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.core.catalog import N_, _, say
from companion.core.tomlfile import read_toml
from companion.core.validate import Reader
from companion.euphoria.board import ACTIONS, FACTION_ICONS
from companion.paths import bundled_deck

DECK_FORMAT = "euphoria-automa-deck"
DEFAULT_DECK = "euphoria-automa.toml"
PILES: tuple[str, ...] = ("green", "black", "white", "purple")
# Level ids in the order of the rulebook's "Difficulty Levels".
LEVEL_IDS: tuple[str, ...] = (
    "beginner",
    "intermediate",
    "experienced",
    "veteran",
    "expert",
    "i-want-to-cry",
)
# The levels' names in the bundled deck file, for the catalog: a bundled level's name is
# shown translated, a name a deck file of the player's own gives is shown as written.
LEVEL_NAMES = {
    "beginner": N_("Beginner"),
    "intermediate": N_("Intermediate"),
    "experienced": N_("Experienced"),
    "veteran": N_("Veteran"),
    "expert": N_("Expert"),
    "i-want-to-cry": N_("I Want To Cry"),
}
# The piles as a sentence names them ("2 green, 1 black").
PILE_NAMES = {
    "green": N_("green"),
    "black": N_("black"),
    "white": N_("white"),
    "purple": N_("purple"),
}
CARD_FIELDS = (
    "id",
    "pile",
    "camping",
    "black_faction",
    "white_faction",
    "bazaar",
    "black_action",
    "white_action",
)


@dataclass(frozen=True)
class AutomaCard:
    """One Automa card: its support half (camping, faction icons) and action half."""

    id: str
    pile: str
    camping: bool
    black_faction: str
    white_faction: str
    bazaar: int  # 0 = no indicator; else the slot counted from the right (1 = free rightmost)
    black_action: str
    white_action: str

    def faction_for(self, automa: str) -> str:
        """The faction icon this card's support half shows for ``automa`` (black/white)."""
        return self.black_faction if automa == "black" else self.white_faction

    def action_for(self, automa: str) -> str:
        """The action this card's action half shows for ``automa`` (black/white)."""
        return self.black_action if automa == "black" else self.white_action


@dataclass(frozen=True)
class Level:
    """A difficulty level: cards per pile in the initial Automa deck and in each add-in deck."""

    id: str
    name: str
    deck: Mapping[str, int]
    add_in: tuple[Mapping[str, int], ...]

    def title(self) -> str:
        """The level's name as shown: translated when it is the bundled deck's own name."""
        if LEVEL_NAMES.get(self.id) == self.name:
            return _(self.name)
        return self.name

    def composition(self) -> str:
        """A one-line description, e.g. 'deck: 6 green; add-ins: 2 green, 1 black, ...'."""
        adds = " | ".join(pile_counts(a) for a in self.add_in)
        return say("deck: {deck}; add-in decks: {adds}", deck=pile_counts(self.deck), adds=adds)


def pile_name(pile: str) -> str:
    """A pile as a sentence names it: 'green' (a pile of a deck file of one's own: its id)."""
    name = PILE_NAMES.get(pile)
    return pile if name is None else _(name)


def pile_counts(counts: Mapping[str, int]) -> str:
    """Cards per pile as words, e.g. '2 green, 1 black' ('nothing' when empty)."""
    words = [say("{n} {pile}", n=n, pile=pile_name(pile)) for pile, n in counts.items() if n]
    return ", ".join(words) or _("nothing")


@dataclass(frozen=True)
class AutomaDeck:
    """A whole deck file: the cards (in file order), the levels, and the retrieval rule."""

    path: str
    name: str
    cards: Mapping[str, AutomaCard]
    piles: Mapping[str, str]  # pile -> id letter
    levels: Mapping[str, Level]
    retrieve_with_one_worker: frozenset[str]

    def pile(self, pile: str) -> list[str]:
        """The ids of the cards of one pile, in file order."""
        return [c.id for c in self.cards.values() if c.pile == pile]


def _card(raw: object, index: int, piles: dict[str, str], path: str) -> AutomaCard:
    read = Reader(path, say("card #{index}", index=index))
    fields = read.table(raw, None)
    if isinstance(fields.get("id"), str) and fields["id"]:
        read = read.at(say("card {id}", id=fields["id"]))
    read.known_keys(
        fields, CARD_FIELDS, say("unknown field (expected {fields})", fields=", ".join(CARD_FIELDS))
    )
    for key in CARD_FIELDS:
        if key not in fields:
            raise read.error(key, _("missing"))
    card_id = read.name(fields["id"], "id")
    pile = read.choice(fields["pile"], "pile", tuple(piles))
    if not card_id.startswith(piles[pile]):
        raise read.error(
            "id",
            say(
                "id {id} of a {pile} card must start with {letter}",
                id=repr(card_id),
                pile=pile,
                letter=repr(piles[pile]),
            ),
        )
    return AutomaCard(
        id=card_id,
        pile=pile,
        camping=read.flag(fields["camping"], "camping"),
        black_faction=read.choice(fields["black_faction"], "black_faction", FACTION_ICONS),
        white_faction=read.choice(fields["white_faction"], "white_faction", FACTION_ICONS),
        bazaar=read.whole_number(fields["bazaar"], "bazaar", 0, 4),
        black_action=read.choice(fields["black_action"], "black_action", ACTIONS),
        white_action=read.choice(fields["white_action"], "white_action", ACTIONS),
    )


def _counts(read: Reader, raw: object, field: str, piles: Collection[str]) -> dict[str, int]:
    counts = read.table(raw, field, why=_("expected a table of pile = count"))
    for pile, n in counts.items():
        read.choice(pile, f"{field}.{pile}", tuple(piles))
        read.whole_number(n, f"{field}.{pile}", 0, 99)
    return counts


def _level(
    level_id: str, raw: object, cards: dict[str, AutomaCard], piles: Collection[str], path: str
) -> Level:
    read = Reader(path, say("level {id}", id=level_id))
    fields = read.table(raw, None)
    read.known_keys(
        fields,
        ("name", "deck", "add_in"),
        say("unknown field (expected {fields})", fields="name, deck, add_in"),
    )
    name = read.text(fields.get("name", level_id), "name")
    deck = _counts(read, fields.get("deck", {}), "deck", piles)
    adds_raw = read.items(fields.get("add_in", []), "add_in", why=_("expected a list of tables"))
    adds = tuple(_counts(read, a, f"add_in[{i}]", piles) for i, a in enumerate(adds_raw, 1))
    for pile in piles:
        need = deck.get(pile, 0) + sum(a.get(pile, 0) for a in adds)
        have = sum(1 for c in cards.values() if c.pile == pile)
        if need > have:
            raise read.error(
                None,
                say(
                    "needs {need} {pile} cards but the deck has {have}",
                    need=need,
                    pile=pile,
                    have=have,
                ),
            )
    if sum(deck.values()) == 0:
        raise read.error("deck", _("the initial Automa deck is empty"))
    return Level(
        id=level_id,
        name=name,
        deck=MappingProxyType(deck),
        add_in=tuple(MappingProxyType(add) for add in adds),
    )


TOP_FIELDS = ("format", "version", "name", "retrieve_with_one_worker", "piles", "levels", "cards")


def parse_deck(data: dict[str, Any], path: str) -> AutomaDeck:
    """Validate the parsed TOML of a deck file and build the deck."""
    read = Reader(path)
    if data.get("format") != DECK_FORMAT:
        raise read.error("format", say("expected {format}", format=repr(DECK_FORMAT)))
    read.known_keys(data, TOP_FIELDS, _("unknown top-level field"))
    if data.get("version", 1) != 1:
        raise read.error(
            None,
            say(
                "version {version} is not supported (expected 1)",
                version=repr(data.get("version")),
            ),
        )
    piles = read.table(
        data.get("piles", {"green": "S", "black": "B", "white": "W", "purple": "D"}),
        "piles",
        why=_("expected a table of pile = letter"),
    )
    for pile, letter in piles.items():
        read.choice(pile, "piles", PILES)
        if not isinstance(letter, str) or not letter:
            raise read.error("piles", say("{pile}: expected a letter", pile=pile))
    letters = list(piles.values())
    for pile, letter in piles.items():
        if letters.count(letter) > 1:
            raise read.error(
                "piles",
                say("{pile}: letter {letter} is used by two piles", pile=pile, letter=repr(letter)),
            )
    retrieve = read.items(
        data.get(
            "retrieve_with_one_worker", ["commodity", "tunnel_sky_lounge", "tunnel_breeze_bar"]
        ),
        "retrieve_with_one_worker",
        why=_("expected a list of actions"),
    )
    for action in retrieve:
        read.choice(action, "retrieve_with_one_worker", ACTIONS)
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise read.error("cards", _("expected a non-empty list of [[cards]]"))
    cards: dict[str, AutomaCard] = {}
    for index, raw in enumerate(raw_cards, 1):
        card = _card(raw, index, piles, path)
        if card.id in cards:
            raise read.at(say("card {id}", id=card.id)).error("id", _("duplicate card id"))
        cards[card.id] = card
    levels_raw = data.get("levels", {})
    if not isinstance(levels_raw, dict) or not levels_raw:
        raise read.error("levels", _("expected a table of [levels.<id>]"))
    levels = {lid: _level(lid, raw, cards, piles, path) for lid, raw in levels_raw.items()}
    return AutomaDeck(
        path=path,
        name=read.text(data.get("name", Path(path).stem), "name"),
        # Read-only: the bundled deck is one object shared by every caller (``load_deck``).
        cards=MappingProxyType(cards),
        piles=MappingProxyType(piles),
        levels=MappingProxyType(levels),
        retrieve_with_one_worker=frozenset(retrieve),
    )


def load_deck(path: str | Path | None = None) -> AutomaDeck:
    """Load and validate a deck file (the bundled printed cards when ``path`` is None).

    The bundled deck is read once per process: the set-up questions and the screens ask
    for it at every step. It is shared, so it cannot be changed: its tables are read-only.
    A deck file of the player's own is read again each time (it may have been edited)."""
    if path is None:
        return _bundled()
    return _load(Path(path))


@functools.cache
def _bundled() -> AutomaDeck:
    return _load(bundled_deck(DEFAULT_DECK))


def _load(file: Path) -> AutomaDeck:
    return parse_deck(read_toml(file, "deck file"), str(file))


def half_text(card: AutomaCard, half: str) -> str:
    """One half of a printed card in words: the support half (camping, black's and white's
    faction icons) or the action half (Bazaar, black's and white's actions)."""
    if half == "support":
        camp = _("camping") if card.camping else _("no camping")
        return say(
            "{camping} · black {black} · white {white}",
            camping=camp,
            black=card.black_faction,
            white=card.white_faction,
        )
    bazaar = say("Bazaar {slot}", slot=card.bazaar) if card.bazaar else _("no Bazaar")
    return say(
        "{bazaar} · black {black} · white {white}",
        bazaar=bazaar,
        black=card.black_action,
        white=card.white_action,
    )


def half_key(card: AutomaCard, half: str) -> tuple[object, ...]:
    """What a player sees on one half of a card (two cards alike there look the same)."""
    if half == "support":
        return (card.camping, card.black_faction, card.white_faction)
    return (card.bazaar, card.black_action, card.white_action)


def other_half(half: str) -> str:
    """The card's other half: "action" for "support" and the other way round."""
    return "action" if half == "support" else "support"


def look_alike(cards: list[AutomaCard], half: str) -> set[str]:
    """The ids of the cards that look like another of ``cards`` on ``half`` (a player tells
    them apart by the other half)."""
    seen = Counter(half_key(card, half) for card in cards)
    return {card.id for card in cards if seen[half_key(card, half)] > 1}


def card_labels(cards: list[AutomaCard], half: str) -> list[str]:
    """A label per card as the player sees it: the half read now, plus the other half where
    two of ``cards`` look alike on that half; the id last (it is printed small)."""
    alike = look_alike(cards, half)
    labels = []
    for card in cards:
        text = half_text(card, half)
        if card.id in alike:
            text = say(
                "{half} (other half: {other})",
                half=text,
                other=half_text(card, other_half(half)),
            )
        labels.append(f"{text} — {card.id}")
    return labels
