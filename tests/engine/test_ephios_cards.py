"""The Ephios deck file: the quick-game alliances and their validation."""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.ephios.cards import load_deck, make_alliance


def test_bundled_deck_matches_the_unite_table():
    """Rulebook, Unite table: cards in the game and popularity gain per alliance; Syndicate needs 3."""
    deck = load_deck()
    table = {a.id: (a.cards, a.unite, a.gain) for a in deck.alliances.values()}
    assert table == {
        "syndicate": (4, 3, 20),
        "academy": (3, 2, 30),
        "order": (3, 2, 30),
        "company": (2, 2, 40),
        "cult": (2, 2, 40),
    }


def test_fourteen_personalities_one_dignitary_each_and_four_inhabitants():
    """Components: 14 personalities + 4 inhabitants; Solo: the 5 Dignitaries have persuasion 3."""
    deck = load_deck()
    cards = deck.personalities()
    assert sum(cards.values()) == 14
    assert {c: n for c, n in cards.items() if c.endswith("-dignitary")} == {
        f"{a}-dignitary": 1 for a in ("syndicate", "academy", "order", "company", "cult")
    }
    assert deck.inhabitants == 4
    assert deck.dignitary_persuasion == 3


def test_card_syntax():
    """Cards are named <alliance> or <alliance>-dignitary."""
    deck = load_deck()
    assert deck.parse_card("Order-Dignitary") == "order-dignitary"
    with pytest.raises(InputError, match="not a card"):
        deck.parse_card("guild")


def _write(tmp_path, body: str):
    path = tmp_path / "deck.toml"
    path.write_text('format = "ephios-deck"\n' + body)
    return path


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "[[alliances]]\nid = 'cult'\ncards = 2\ndignitaries = 1\nunite = 2\n",
            "alliance cult: gain: missing",
        ),
        (
            "[[alliances]]\nid = 'cult'\ncards = 2\ndignitaries = 2\nunite = 2\ngain = 40\n",
            "alliance cult: dignitaries: 2 must be",
        ),
        (
            "[[alliances]]\nid = 'cult'\ncards = 2\ndignitaries = 1\nunite = 3\ngain = 40\n",
            "alliance cult: unite: 3 must be",
        ),
        (
            "[[alliances]]\nid = 'cult'\ncards = 2\ndignitaries = 1\nunite = 2\ngain = 40\ncolour = 1\n",
            "alliance cult: colour: unknown field",
        ),
        ("", "alliances: expected a non-empty list"),
    ],
)
def test_bad_deck_names_file_item_field(tmp_path, body, expected):
    """Deck files are validated on load; the error names the file, the alliance and the field."""
    path = _write(tmp_path, body)
    with pytest.raises(InputError) as info:
        load_deck(path)
    assert str(path) in str(info.value)
    assert expected in str(info.value)


def test_campaign_alliance_is_user_data():
    """Campaign alliance tiles are given by the user: name, gain, unite requirement, validated."""
    tile = make_alliance("The Guild", 30, 2)
    assert (tile.id, tile.gain, tile.unite) == ("the-guild", 30, 2)
    with pytest.raises(InputError, match="gain"):
        make_alliance("Guild", 300, 2)
    with pytest.raises(InputError, match="unite"):
        make_alliance("Guild", 30, 0)
