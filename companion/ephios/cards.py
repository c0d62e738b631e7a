"""The Ephios characters and alliances, loaded from a deck file (``decks/ephios.toml``).

A personality is named in card syntax: ``<alliance>`` for an ordinary
personality, ``<alliance>-dignitary`` for the alliance's Dignitary (the
personality with persuasion value 3). The rulebook gives no other names, so
two ordinary personalities of one alliance look alike to the app.

The loader validates every field and raises InputError naming the file, the
alliance and the field.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.catalog import N_, _, say
from companion.core.errors import InputError
from companion.core.tomlfile import read_toml
from companion.core.validate import Reader
from companion.paths import bundled_deck

DECK_FORMAT = "ephios-deck"
DEFAULT_DECK = "ephios.toml"
DIGNITARY = "-dignitary"
ALLIANCE_FIELDS = ("id", "name", "cards", "dignitaries", "unite", "gain")
_ID = re.compile(r"^[a-z][a-z0-9-]*$")
# The alliance names of the bundled deck file, for the catalog: a name the player reads is
# translated; a campaign tile's name is what the player typed and stays as it is.
PRINTED_NAMES = frozenset({N_("Syndicate"), N_("Academy"), N_("Order"), N_("Company"), N_("Cult")})


@dataclass(frozen=True)
class Alliance:
    """An alliance: its cards in the game, the personalities needed to unite it, its gain."""

    id: str
    name: str
    cards: int
    unite: int
    gain: int
    dignitaries: int = 1


@dataclass(frozen=True)
class EphiosDeck:
    """The quick-game characters: the alliances (in file order) and the inhabitants."""

    path: str
    name: str
    alliances: dict[str, Alliance]
    inhabitants: int
    dignitary_persuasion: int

    def personalities(self) -> Counter[str]:
        """Every personality of the deck in card syntax, with its number of copies."""
        counts: Counter[str] = Counter()
        for alliance in self.alliances.values():
            if alliance.dignitaries:
                counts[alliance.id + DIGNITARY] = alliance.dignitaries
            if alliance.cards - alliance.dignitaries:
                counts[alliance.id] = alliance.cards - alliance.dignitaries
        return counts

    def card_order(self) -> list[str]:
        """All card names in a stable order (alliance order, its Dignitary first)."""
        return list(self.personalities())

    def parse_card(self, text: str, *, item: str | None = None) -> str:
        """The canonical card name for ``text``; InputError if no such personality exists."""
        value = str(text).strip().lower()
        alliance = card_alliance(value)
        if alliance not in self.alliances:
            raise InputError(
                say(
                    "{text} is not a card: expected <alliance> or <alliance>-dignitary, "
                    "alliance one of {alliances}",
                    text=repr(text),
                    alliances=", ".join(self.alliances),
                ),
                item=item,
            )
        if value not in self.personalities():
            raise InputError(
                say(
                    "the {alliance} has no such card: {text}",
                    alliance=alliance_name(alliance, self),
                    text=repr(text),
                ),
                item=item,
            )
        return value

    def parse_alliance(self, text: str, *, item: str | None = None) -> str:
        """The alliance id for ``text``; InputError if the deck has no such alliance."""
        value = str(text).strip().lower()
        if value not in self.alliances:
            raise InputError(
                say(
                    "{text} is not an alliance (one of {alliances})",
                    text=repr(text),
                    alliances=", ".join(self.alliances),
                ),
                item=item,
            )
        return value

    def check_holdable(self, cards: Iterable[str], *, where: str) -> None:
        """InputError if these cards together cannot come from one deck (e.g. two Dignitaries)."""
        have = self.personalities()
        for card, n in Counter(cards).items():
            if n > have[card]:
                name = alliance_name(card_alliance(card), self)  # as the rulebook writes it
                data = {"n": n, "card": card, "have": have[card], "alliance": name}
                raise InputError(
                    say(
                        "{n} × {card}: the deck has only {have} Dignitary of the {alliance}", **data
                    )
                    if is_dignitary(card)
                    else say(
                        "{n} × {card}: the deck has only {have} ordinary personality of the "
                        "{alliance}",
                        **data,
                    ),
                    item=where,
                )


def card_alliance(card: str) -> str:
    """The alliance of a card in card syntax (``order-dignitary`` → ``order``)."""
    return card[: -len(DIGNITARY)] if card.endswith(DIGNITARY) else card


def is_dignitary(card: str) -> bool:
    """Whether a card in card syntax is a Dignitary (persuasion value 3)."""
    return card.endswith(DIGNITARY)


def dignitary_of(alliance: str) -> str:
    """The card name of an alliance's Dignitary."""
    return alliance + DIGNITARY


def alliance_name(alliance: str, deck: EphiosDeck | None = None) -> str:
    """The printed name of an alliance id ('Order'; its id in title case if the deck lacks it)."""
    known = (deck or load_deck()).alliances.get(alliance)
    name = known.name if known else alliance.replace("-", " ").title()
    return _(name) if name in PRINTED_NAMES else name


def card_name(card: str, deck: EphiosDeck | None = None) -> str:
    """A card in words, as the announcements name it: 'Order' or 'Order Dignitary'."""
    name = alliance_name(card_alliance(card), deck)
    return say("{alliance} Dignitary", alliance=name) if is_dignitary(card) else name


def _number(read: Reader, raw: dict[str, Any], key: str, lo: int, hi: int) -> int:
    if key not in raw:
        raise read.error(key, "missing")
    return read.whole_number(raw[key], key, lo, hi)


def alliance_id(name: str) -> str:
    """The id of an alliance from its name: lower case, spaces as hyphens ("The Guild" → "the-guild")."""
    return "-".join(str(name).strip().lower().split())


def make_alliance(
    name: str, gain: object, unite: object, *, cards: int = 0, file: str | None = None
) -> Alliance:
    """A campaign alliance tile given as user data; InputError naming the bad field."""
    ident = alliance_id(name)
    read = Reader(file, f"alliance {name!r}")
    if not _ID.match(ident) or ident.endswith(DIGNITARY):
        raise read.error(
            "name", "the name must start with a letter and use letters, digits, spaces"
        )
    return Alliance(
        id=ident,
        name=str(name).strip(),
        cards=cards,
        unite=read.whole_number(unite, "unite", 1, 10),
        gain=read.whole_number(gain, "gain", 0, 100),
        dignitaries=0,
    )


def _alliance(raw: object, index: int, path: str) -> Alliance:
    read = Reader(path, f"alliance #{index}")
    fields = read.table(raw, None)
    if isinstance(fields.get("id"), str):
        read = read.at(f"alliance {fields['id']}")
    read.known_keys(
        fields, ALLIANCE_FIELDS, f"unknown field (expected {', '.join(ALLIANCE_FIELDS)})"
    )
    ident = fields.get("id")
    if not isinstance(ident, str) or not _ID.match(ident) or ident.endswith(DIGNITARY):
        raise read.refuse(ident, "id", "a lower-case id like 'syndicate'")
    name = read.name(fields.get("name", ident.title()), "name")
    cards = _number(read, fields, "cards", 1, 20)
    # Solo mode: "The Dignitaries are the 5 personalities with a persuasion value of 3",
    # one per alliance.
    dignitaries = _number(read, fields, "dignitaries", 1, 1)
    unite = _number(read, fields, "unite", 1, cards)
    gain = _number(read, fields, "gain", 0, 100)
    return Alliance(
        id=ident, name=name, cards=cards, unite=unite, gain=gain, dignitaries=dignitaries
    )


def parse_deck(data: dict[str, Any], path: str) -> EphiosDeck:
    """Validate the parsed TOML of an Ephios deck file and build the deck."""
    if data.get("format") != DECK_FORMAT:
        raise InputError(f"format: expected {DECK_FORMAT!r}", file=path)
    allowed = ("format", "version", "name", "dignitary_persuasion", "inhabitants", "alliances")
    for key in data:
        if key not in allowed:
            raise InputError(
                f"unknown top-level field (expected {', '.join(allowed)})", file=path, field=key
            )
    if data.get("version", 1) != 1:
        raise InputError(
            f"version {data.get('version')!r} is not supported (expected 1)", file=path
        )
    read = Reader(path)
    name = read.text(data.get("name", Path(path).stem), "name")
    persuasion = read.whole_number(
        data.get("dignitary_persuasion", 3), "dignitary_persuasion", 1, 5
    )
    inhabitants = read.whole_number(data.get("inhabitants", 0), "inhabitants", 0, 20)
    raw_alliances = data.get("alliances")
    if not isinstance(raw_alliances, list) or not raw_alliances:
        raise InputError("expected a non-empty list of [[alliances]]", file=path, field="alliances")
    alliances: dict[str, Alliance] = {}
    for index, raw in enumerate(raw_alliances, 1):
        alliance = _alliance(raw, index, path)
        if alliance.id in alliances:
            raise InputError(
                "duplicate alliance id", file=path, item=f"alliance {alliance.id}", field="id"
            )
        alliances[alliance.id] = alliance
    return EphiosDeck(
        path=path,
        name=name,
        alliances=alliances,
        inhabitants=inhabitants,
        dignitary_persuasion=persuasion,
    )


def load_deck(path: str | Path | None = None) -> EphiosDeck:
    """Load and validate a deck file (the bundled quick-game characters when ``path`` is None)."""
    if path is None:
        return _bundled()
    return _load(Path(path))


@functools.cache
def _bundled() -> EphiosDeck:
    return _load(bundled_deck(DEFAULT_DECK))


def _load(file: Path) -> EphiosDeck:
    return parse_deck(read_toml(file, "deck file"), str(file))
