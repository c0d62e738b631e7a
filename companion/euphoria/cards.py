"""Automa cards and difficulty levels, loaded from a deck file (docs/deck-format.md).

The loader validates every field and raises InputError with the file, the
card and the field, e.g. ``decks/x.toml: card S7: black_action: 'comodity'
is not one of commodity, ...``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.errors import InputError
from companion.core.tomlfile import read_toml
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
    deck: dict[str, int]
    add_in: tuple[dict[str, int], ...]

    def composition(self) -> str:
        """A one-line description, e.g. 'deck: 6 green; add-ins: 2 green, 1 black, ...'."""

        def describe(counts: dict[str, int]) -> str:
            """One pile count as words, e.g. '2 green, 1 black' ('nothing' when empty)."""
            return ", ".join(f"{n} {pile}" for pile, n in counts.items() if n) or "nothing"

        adds = " | ".join(describe(a) for a in self.add_in)
        return f"deck: {describe(self.deck)}; add-in decks: {adds}"


@dataclass(frozen=True)
class AutomaDeck:
    """A whole deck file: the cards (in file order), the levels, and the retrieval rule."""

    path: str
    name: str
    cards: dict[str, AutomaCard]
    piles: dict[str, str]  # pile -> id letter
    levels: dict[str, Level]
    retrieve_with_one_worker: frozenset[str]

    def pile(self, pile: str) -> list[str]:
        """The ids of the cards of one pile, in file order."""
        return [c.id for c in self.cards.values() if c.pile == pile]


def _shown(value: object) -> str:
    """A value as it is written in the TOML file (true, not Python's True)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _choice(value: object, allowed: Collection[str], where: dict[str, Any]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise InputError(f"{_shown(value)} is not one of {', '.join(allowed)}", **where)
    return value


def _int(value: object, where: dict[str, Any], lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(f"{_shown(value)} must be a whole number from {lo} to {hi}", **where)
    return value


def _card(raw: object, index: int, piles: dict[str, str], path: str) -> AutomaCard:
    item = f"card #{index}"
    if not isinstance(raw, dict):
        raise InputError("expected a table", file=path, item=item)
    if isinstance(raw.get("id"), str) and raw["id"]:
        item = f"card {raw['id']}"
    for key in raw:
        if key not in CARD_FIELDS:
            raise InputError(
                f"unknown field (expected {', '.join(CARD_FIELDS)})",
                file=path,
                item=item,
                field=key,
            )
    for key in CARD_FIELDS:
        if key not in raw:
            raise InputError("missing", file=path, item=item, field=key)

    def at(field: str) -> dict[str, Any]:
        """Where an error lies: this file, this card, ``field``."""
        return {"file": path, "item": item, "field": field}

    card_id = raw["id"]
    if not isinstance(card_id, str) or not card_id:
        raise InputError("must be a non-empty string", **at("id"))
    pile = _choice(raw["pile"], tuple(piles), at("pile"))
    if not card_id.startswith(piles[pile]):
        raise InputError(
            f"id {card_id!r} of a {pile} card must start with {piles[pile]!r}", **at("id")
        )
    if not isinstance(raw["camping"], bool):
        raise InputError(f"{_shown(raw['camping'])} must be true or false", **at("camping"))
    return AutomaCard(
        id=card_id,
        pile=pile,
        camping=raw["camping"],
        black_faction=_choice(raw["black_faction"], FACTION_ICONS, at("black_faction")),
        white_faction=_choice(raw["white_faction"], FACTION_ICONS, at("white_faction")),
        bazaar=_int(raw["bazaar"], at("bazaar"), 0, 4),
        black_action=_choice(raw["black_action"], ACTIONS, at("black_action")),
        white_action=_choice(raw["white_action"], ACTIONS, at("white_action")),
    )


def _counts(raw: object, where: dict[str, Any], piles: Collection[str]) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise InputError("expected a table of pile = count", **where)
    counts = {}
    for pile, n in raw.items():
        at = {**where, "field": f"{where['field']}.{pile}"}
        _choice(pile, tuple(piles), at)
        counts[pile] = _int(n, at, 0, 99)
    return counts


def _level(
    level_id: str, raw: object, cards: dict[str, AutomaCard], piles: Collection[str], path: str
) -> Level:
    item = f"level {level_id}"
    if not isinstance(raw, dict):
        raise InputError("expected a table", file=path, item=item)
    for key in raw:
        if key not in ("name", "deck", "add_in"):
            raise InputError(
                "unknown field (expected name, deck, add_in)", file=path, item=item, field=key
            )
    name = raw.get("name", level_id)
    if not isinstance(name, str):
        raise InputError("must be a string", file=path, item=item, field="name")
    deck = _counts(raw.get("deck", {}), {"file": path, "item": item, "field": "deck"}, piles)
    adds_raw = raw.get("add_in", [])
    if not isinstance(adds_raw, list):
        raise InputError("expected a list of tables", file=path, item=item, field="add_in")
    adds = tuple(
        _counts(a, {"file": path, "item": item, "field": f"add_in[{i}]"}, piles)
        for i, a in enumerate(adds_raw, 1)
    )
    for pile in piles:
        need = deck.get(pile, 0) + sum(a.get(pile, 0) for a in adds)
        have = sum(1 for c in cards.values() if c.pile == pile)
        if need > have:
            raise InputError(
                f"needs {need} {pile} cards but the deck has {have}", file=path, item=item
            )
    if sum(deck.values()) == 0:
        raise InputError("the initial Automa deck is empty", file=path, item=item, field="deck")
    return Level(id=level_id, name=name, deck=deck, add_in=adds)


def parse_deck(data: dict[str, Any], path: str) -> AutomaDeck:
    """Validate the parsed TOML of a deck file and build the deck."""
    if data.get("format") != DECK_FORMAT:
        raise InputError(f"format: expected {DECK_FORMAT!r}", file=path)
    for key in data:
        if key not in (
            "format",
            "version",
            "name",
            "retrieve_with_one_worker",
            "piles",
            "levels",
            "cards",
        ):
            raise InputError("unknown top-level field", file=path, field=key)
    if data.get("version", 1) != 1:
        raise InputError(
            f"version {data.get('version')!r} is not supported (expected 1)", file=path
        )
    piles_raw = data.get("piles", {"green": "S", "black": "B", "white": "W", "purple": "D"})
    if not isinstance(piles_raw, dict):
        raise InputError("expected a table of pile = letter", file=path, field="piles")
    for pile, letter in piles_raw.items():
        _choice(pile, PILES, {"file": path, "field": "piles"})
        if not isinstance(letter, str) or not letter:
            raise InputError(f"{pile}: expected a letter", file=path, field="piles")
    piles = dict(piles_raw)
    letters = list(piles.values())
    for pile, letter in piles.items():
        if letters.count(letter) > 1:
            raise InputError(
                f"{pile}: letter {letter!r} is used by two piles", file=path, field="piles"
            )
    retrieve = data.get(
        "retrieve_with_one_worker", ["commodity", "tunnel_sky_lounge", "tunnel_breeze_bar"]
    )
    if not isinstance(retrieve, list):
        raise InputError("expected a list of actions", file=path, field="retrieve_with_one_worker")
    for action in retrieve:
        _choice(action, ACTIONS, {"file": path, "field": "retrieve_with_one_worker"})
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise InputError("expected a non-empty list of [[cards]]", file=path, field="cards")
    cards: dict[str, AutomaCard] = {}
    for index, raw in enumerate(raw_cards, 1):
        card = _card(raw, index, piles, path)
        if card.id in cards:
            raise InputError("duplicate card id", file=path, item=f"card {card.id}", field="id")
        cards[card.id] = card
    levels_raw = data.get("levels", {})
    if not isinstance(levels_raw, dict) or not levels_raw:
        raise InputError("expected a table of [levels.<id>]", file=path, field="levels")
    levels = {lid: _level(lid, raw, cards, piles, path) for lid, raw in levels_raw.items()}
    name = data.get("name", Path(path).stem)
    if not isinstance(name, str):
        raise InputError("must be a string", file=path, field="name")
    return AutomaDeck(
        path=path,
        name=name,
        cards=cards,
        piles=piles,
        levels=levels,
        retrieve_with_one_worker=frozenset(retrieve),
    )


def load_deck(path: str | Path | None = None) -> AutomaDeck:
    """Load and validate a deck file (the bundled printed cards when ``path`` is None)."""
    file = Path(path) if path is not None else bundled_deck(DEFAULT_DECK)
    data = read_toml(file, "deck file")
    return parse_deck(data, str(file))


def half_text(card: AutomaCard, half: str) -> str:
    """One half of a printed card in words: the support half (camping, black's and white's
    faction icons) or the action half (Bazaar, black's and white's actions)."""
    if half == "support":
        camp = "camping" if card.camping else "no camping"
        return f"{camp} · black {card.black_faction} · white {card.white_faction}"
    bazaar = f"Bazaar {card.bazaar}" if card.bazaar else "no Bazaar"
    return f"{bazaar} · black {card.black_action} · white {card.white_action}"


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
            text += f" (other half: {half_text(card, other_half(half))})"
        labels.append(f"{text} — {card.id}")
    return labels
