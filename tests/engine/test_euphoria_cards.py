"""Deck files (docs/deck-format.md): the bundled deck, and every validation error.

Every error names the file, the card or level, and the field.
"""

from __future__ import annotations

import copy
import tomllib

import pytest
import tomli_w

from companion.core.errors import InputError
from companion.euphoria.cards import LEVEL_IDS, load_deck, parse_deck
from companion.euphoria.model import DEFAULT_RETRIEVE_WITH_ONE
from companion.paths import bundled_deck

# The printed cards, as in the reference table of the rules folder (euphoria-automa-cards.md):
# id, camping, black faction, white faction, bazaar (- = none), black action, white action.
PRINTED = """\
S1  yes automa     icarus     - commodity         tunnel_breeze_bar
S2  no  automa     euphoria   - commodity         tunnel_sky_lounge
S3  yes automa     subterra   - commodity         commodity
S4  no  subterra   automa     - commodity         commodity
S5  yes euphoria   automa     - tunnel_sky_lounge commodity
S6  no  wastelands automa     - tunnel_breeze_bar commodity
S7  yes automa     wastelands - commodity         tunnel_breeze_bar
S8  no  icarus     automa     1 tunnel_sky_lounge commodity
S9  yes automa     automa     2 commodity         tunnel_sky_lounge
S10 no  automa     automa     - commodity         commodity
S11 yes automa     wastelands - commodity         commodity
S12 yes automa     automa     - commodity         commodity
B1  yes automa     icarus     - construct_market  tunnel_breeze_bar
B2  no  icarus     automa     - construct_market  tunnel_sky_lounge
B3  no  wastelands automa     1 construct_market  commodity
B4  yes automa     subterra   - construct_market  tunnel_breeze_bar
B5  no  euphoria   wastelands 3 artifact_market   commodity
W1  yes automa     icarus     - tunnel_sky_lounge construct_market
W2  no  automa     euphoria   - tunnel_breeze_bar construct_market
W3  no  automa     subterra   2 commodity         construct_market
W4  yes wastelands automa     - commodity         artifact_market
W5  no  subterra   automa     2 commodity         artifact_market
D1  yes automa     automa     1 construct_market  artifact_market
D2  no  icarus     automa     - construct_market  construct_market
D3  yes euphoria   automa     - construct_market  construct_market
D4  no  automa     euphoria   1 artifact_market   construct_market
D5  no  subterra   automa     - construct_market  artifact_market
"""

# Difficulty Levels: (initial deck, each of the 2 add-in decks) as green, black, white, purple.
LEVELS = {
    "beginner": ((8, 0, 0, 0), (2, 1, 1, 1)),
    "intermediate": ((6, 0, 0, 0), (2, 1, 1, 1)),
    "experienced": ((5, 0, 0, 0), (2, 1, 1, 1)),
    "veteran": ((4, 0, 0, 0), (1, 1, 1, 1)),
    "expert": ((4, 1, 1, 0), (1, 1, 1, 1)),
    "i-want-to-cry": ((4, 1, 1, 0), (0, 1, 1, 1)),
}
PILES = ("green", "black", "white", "purple")


def test_bundled_deck_is_the_printed_cards():
    """Automa Cards: the bundled deck is the 27 printed cards of rules/euphoria-automa-cards.md, field by field."""
    deck = load_deck()
    rows = [line.split() for line in PRINTED.splitlines()]
    assert list(deck.cards) == [row[0] for row in rows]
    for card_id, camping, black_f, white_f, bazaar, black_a, white_a in rows:
        card = deck.cards[card_id]
        assert card.camping == (camping == "yes"), card_id
        assert (card.black_faction, card.white_faction) == (black_f, white_f), card_id
        assert card.bazaar == (0 if bazaar == "-" else int(bazaar)), card_id
        assert (card.black_action, card.white_action) == (black_a, white_a), card_id
        assert card.faction_for("white") == white_f and card.action_for("black") == black_a
    assert [len(deck.pile(p)) for p in PILES] == [12, 5, 5, 5]


def test_bundled_levels_are_the_rulebooks():
    """Set Up the Decks and Difficulty Levels: each level's initial deck and two add-in decks, card for card."""
    deck = load_deck()
    assert tuple(deck.levels) == LEVEL_IDS
    for level_id, (initial, add_in) in LEVELS.items():
        level = deck.levels[level_id]
        assert [level.deck.get(p, 0) for p in PILES] == list(initial), level_id
        assert len(level.add_in) == 2
        for add in level.add_in:
            assert [add.get(p, 0) for p in PILES] == list(add_in), level_id
    assert deck.retrieve_with_one_worker == DEFAULT_RETRIEVE_WITH_ONE


def base() -> dict:
    return tomllib.loads(bundled_deck("euphoria-automa.toml").read_text())


def _bad(change) -> str:
    data = copy.deepcopy(base())
    change(data)
    with pytest.raises(InputError) as info:
        parse_deck(data, "deck.toml")
    message = str(info.value)
    assert "\n" not in message
    return message


def card(data: dict, index: int = 0) -> dict:
    return data["cards"][index]


def level(data: dict, level_id: str = "beginner") -> dict:
    return data["levels"][level_id]


BAD_TOP = [
    (lambda d: d.pop("format"), "deck.toml: format: expected 'euphoria-automa-deck'"),
    (lambda d: d.update(format="other"), "deck.toml: format: expected 'euphoria-automa-deck'"),
    (lambda d: d.update(colour="red"), "deck.toml: colour: unknown top-level field"),
    (lambda d: d.update(version=2), "deck.toml: version 2 is not supported (expected 1)"),
    (lambda d: d.update(name=3), "deck.toml: name: must be a string"),
    (lambda d: d.update(piles=3), "deck.toml: piles: expected a table of pile = letter"),
    (
        lambda d: d["piles"].update(grey="G"),
        "deck.toml: piles: 'grey' is not one of green, black, white, purple",
    ),
    (lambda d: d["piles"].update(green=""), "deck.toml: piles: green: expected a letter"),
    (
        lambda d: d.update(retrieve_with_one_worker="commodity"),
        "deck.toml: retrieve_with_one_worker: expected a list of actions",
    ),
    (
        lambda d: d.update(retrieve_with_one_worker=["fly"]),
        "deck.toml: retrieve_with_one_worker: 'fly' is not one of commodity, tunnel_breeze_bar,"
        " tunnel_sky_lounge, artifact_market, construct_market",
    ),
    (lambda d: d.update(cards=[]), "deck.toml: cards: expected a non-empty list of [[cards]]"),
    (lambda d: d.pop("cards"), "deck.toml: cards: expected a non-empty list of [[cards]]"),
    (lambda d: d.update(levels={}), "deck.toml: levels: expected a table of [levels.<id>]"),
]


@pytest.mark.parametrize(("change", "message"), BAD_TOP)
def test_bad_top_level(change, message):
    assert _bad(change) == message


ACTIONS_LIST = "commodity, tunnel_breeze_bar, tunnel_sky_lounge, artifact_market, construct_market"
ICONS_LIST = "automa, euphoria, wastelands, subterra, icarus"

BAD_CARD = [
    (lambda d: d["cards"].__setitem__(0, 3), "deck.toml: card #1: expected a table"),
    (
        lambda d: card(d).update(colour="red"),
        "deck.toml: card S1: colour: unknown field (expected id, pile, camping, black_faction,"
        " white_faction, bazaar, black_action, white_action)",
    ),
    (lambda d: card(d, 2).update(id=7), "deck.toml: card #3: id: must be a non-empty string"),
    (
        lambda d: card(d).update(id="B9"),
        "deck.toml: card B9: id: id 'B9' of a green card must start with 'S'",
    ),
    (
        lambda d: card(d).update(pile="grey"),
        "deck.toml: card S1: pile: 'grey' is not one of green, black, white, purple",
    ),
    (
        lambda d: card(d).update(camping="yes"),
        "deck.toml: card S1: camping: 'yes' must be true or false",
    ),
    (
        lambda d: card(d).update(black_faction="mars"),
        f"deck.toml: card S1: black_faction: 'mars' is not one of {ICONS_LIST}",
    ),
    (
        lambda d: card(d).update(white_faction="Icarus"),
        f"deck.toml: card S1: white_faction: 'Icarus' is not one of {ICONS_LIST}",
    ),
    (
        lambda d: card(d).update(bazaar=5),
        "deck.toml: card S1: bazaar: 5 must be a whole number from 0 to 4",
    ),
    (
        lambda d: card(d).update(bazaar=-1),
        "deck.toml: card S1: bazaar: -1 must be a whole number from 0 to 4",
    ),
    (
        lambda d: card(d).update(black_action="fly"),
        f"deck.toml: card S1: black_action: 'fly' is not one of {ACTIONS_LIST}",
    ),
    (
        lambda d: card(d).update(white_action="comodity"),
        f"deck.toml: card S1: white_action: 'comodity' is not one of {ACTIONS_LIST}",
    ),
    (lambda d: card(d, 1).update(id="S1"), "deck.toml: card S1: id: duplicate card id"),
]


@pytest.mark.parametrize(("change", "message"), BAD_CARD)
def test_bad_card_field(change, message):
    assert _bad(change) == message


@pytest.mark.parametrize(
    "field",
    [
        "id",
        "pile",
        "camping",
        "black_faction",
        "white_faction",
        "bazaar",
        "black_action",
        "white_action",
    ],
)
def test_missing_card_field(field):
    message = _bad(lambda d: card(d, 3).pop(field))
    expected_item = "card #4" if field == "id" else "card S4"
    assert message == f"deck.toml: {expected_item}: {field}: missing"


def test_bazaar_must_not_be_a_boolean():
    assert "bazaar" in _bad(lambda d: card(d).update(bazaar=True))


def test_empty_card_id():
    assert _bad(lambda d: card(d).update(id="")).endswith("id: must be a non-empty string")


BAD_LEVEL = [
    (lambda d: d["levels"].update(easy=3), "deck.toml: level easy: expected a table"),
    (
        lambda d: level(d).update(colour="red"),
        "deck.toml: level beginner: colour: unknown field (expected name, deck, add_in)",
    ),
    (lambda d: level(d).update(name=3), "deck.toml: level beginner: name: must be a string"),
    (
        lambda d: level(d).update(deck=3),
        "deck.toml: level beginner: deck: expected a table of pile = count",
    ),
    (
        lambda d: level(d).update(deck={"grey": 1}),
        "deck.toml: level beginner: deck.grey: 'grey' is not one of green, black, white, purple",
    ),
    (
        lambda d: level(d).update(deck={"green": -1}),
        "deck.toml: level beginner: deck.green: -1 must be a whole number from 0 to 99",
    ),
    (
        lambda d: level(d).update(deck={"green": 0}),
        "deck.toml: level beginner: deck: the initial Automa deck is empty",
    ),
    (
        lambda d: level(d).pop("deck"),
        "deck.toml: level beginner: deck: the initial Automa deck is empty",
    ),
    (
        lambda d: level(d).update(add_in=3),
        "deck.toml: level beginner: add_in: expected a list of tables",
    ),
    (
        lambda d: level(d).update(add_in=[{"black": 1}, {"black": "x"}]),
        "deck.toml: level beginner: add_in[2].black: 'x' must be a whole number from 0 to 99",
    ),
    (
        lambda d: level(d).update(add_in=[3]),
        "deck.toml: level beginner: add_in[1]: expected a table of pile = count",
    ),
    # A level needing more cards than a pile has.
    (
        lambda d: level(d).update(deck={"green": 13}, add_in=[]),
        "deck.toml: level beginner: needs 13 green cards but the deck has 12",
    ),
]


@pytest.mark.parametrize(("change", "message"), BAD_LEVEL)
def test_bad_level(change, message):
    assert _bad(change) == message


def test_level_needing_more_cards_than_a_pile_has_counts_the_add_ins():
    """Initial deck + add-in decks together may not need more cards than the pile holds."""
    data = copy.deepcopy(base())
    level(data, "expert").update(add_in=[{"black": 2}, {"black": 2}])  # 1 + 2 + 2 = 5: fits
    assert parse_deck(data, "deck.toml").levels["expert"].add_in[0] == {"black": 2}
    message = _bad(lambda d: level(d, "expert").update(add_in=[{"black": 2}, {"black": 3}]))
    assert message == "deck.toml: level expert: needs 6 black cards but the deck has 5"


def test_a_pile_missing_from_piles_makes_its_cards_unknown():
    message = _bad(lambda d: d.update(piles={"green": "S"}))
    assert message == "deck.toml: card B1: pile: 'black' is not one of green"


def test_custom_level_and_piles_letters(tmp_path):
    """A house-rule deck: other levels and the same format."""
    data = copy.deepcopy(base())
    data["levels"] = {"quick": {"name": "Quick", "deck": {"green": 3}, "add_in": [{"purple": 5}]}}
    data["retrieve_with_one_worker"] = ["commodity"]
    deck = parse_deck(data, "house.toml")
    assert deck.levels["quick"].composition() == "deck: 3 green; add-in decks: 5 purple"
    assert deck.retrieve_with_one_worker == frozenset({"commodity"})
    assert deck.name == "Printed Automa cards (Ignorance is Bliss)"


def test_bad_toml_missing_and_unreadable_files(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "euphoria-automa-deck"\ncards = [\n')
    with pytest.raises(InputError, match=r"bad\.toml: not valid TOML: "):
        load_deck(bad)
    bad.write_bytes(b'name = "\xff"')
    with pytest.raises(InputError, match=r"bad\.toml: not valid TOML: "):
        load_deck(bad)
    with pytest.raises(InputError, match=r"nope\.toml: no such deck file$"):
        load_deck(tmp_path / "nope.toml")
    with pytest.raises(InputError, match="is a folder, not a deck file"):
        load_deck(tmp_path)


def test_a_copy_of_the_bundled_file_loads(tmp_path):
    path = tmp_path / "copy.toml"
    path.write_text(bundled_deck("euphoria-automa.toml").read_text())
    deck = load_deck(path)
    assert deck.path == str(path) and len(deck.cards) == 27


def test_two_piles_sharing_a_letter_are_refused(tmp_path):
    """Deck format: each pile's id letter is its own (the rulebook sorts piles by S/B/W/D)."""
    data = tomllib.loads(bundled_deck("euphoria-automa.toml").read_text())
    data["piles"]["black"] = "S"
    path = tmp_path / "deck.toml"
    path.write_text(tomli_w.dumps(data))
    with pytest.raises(InputError, match="letter 'S' is used by two piles"):
        load_deck(path)


def test_boolean_bazaar_is_shown_as_toml(tmp_path):
    """Error messages show values as written in the file (true, not True)."""
    data = tomllib.loads(bundled_deck("euphoria-automa.toml").read_text())
    data["cards"][0]["bazaar"] = True
    path = tmp_path / "deck.toml"
    path.write_text(tomli_w.dumps(data))
    with pytest.raises(InputError) as info:
        load_deck(path)
    assert str(info.value).endswith("card S1: bazaar: true must be a whole number from 0 to 4")
