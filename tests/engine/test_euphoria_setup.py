"""Set-up of a Euphoria Automa game: decks per level, faction selection, the checklist."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import InputError
from companion.euphoria import game
from companion.euphoria.board import AREAS, RECRUIT_FACTIONS
from companion.euphoria.cards import LEVEL_IDS, load_deck
from companion.euphoria.checklist import (
    EXTRA_STICKERS,
    FACTIONLESS_RECRUITS,
    SKIP,
    TUNNEL_STICKERS,
    active_questions,
    actives_from,
    multiplayer_checklist,
)
from companion.euphoria.setup import (
    build_decks,
    check_factions,
    draw_factions,
    faction_choices,
    minority_bonus,
)
from companion.euphoria.state import TOKENS, GameOptions

CARDS = load_deck()
PILE_OF = {c.id: c.pile for c in CARDS.cards.values()}

# Rulebook Part 2, "Difficulty Levels": initial deck, then each add-in deck.
LEVELS = {
    "beginner": ({"green": 8}, {"green": 2, "black": 1, "white": 1, "purple": 1}),
    "intermediate": ({"green": 6}, {"green": 2, "black": 1, "white": 1, "purple": 1}),
    "experienced": ({"green": 5}, {"green": 2, "black": 1, "white": 1, "purple": 1}),
    "veteran": ({"green": 4}, {"green": 1, "black": 1, "white": 1, "purple": 1}),
    "expert": (
        {"green": 4, "black": 1, "white": 1},
        {"green": 1, "black": 1, "white": 1, "purple": 1},
    ),
    "i-want-to-cry": (
        {"green": 4, "black": 1, "white": 1},
        {"black": 1, "white": 1, "purple": 1},
    ),
}


def piles(ids):
    return dict(Counter(PILE_OF[i] for i in ids))


@pytest.mark.parametrize("level", LEVEL_IDS)
@pytest.mark.parametrize("seed", [1, 2, 99])
def test_deck_composition_per_level(level, seed):
    """Part 2 "Difficulty Levels" and "Set Up the Decks": the Automa deck and the two add-in
    decks hold exactly the cards of each pile the level names, no card twice."""
    decks = build_decks(CARDS, level, seed)
    initial, add_in = LEVELS[level]
    assert piles(decks.initial) == initial
    assert len(decks.add_ins) == 2
    for deck in decks.add_ins:
        assert piles(deck) == add_in
    every = decks.initial + decks.add_ins[0] + decks.add_ins[1]
    assert len(every) == len(set(every))


def test_decks_depend_on_the_seed_only():
    """ "Set Up the Decks" step 2 and 5: shuffled piles and decks, reproducible from the seed."""
    assert build_decks(CARDS, "intermediate", 5) == build_decks(CARDS, "intermediate", 5)
    orders = {tuple(build_decks(CARDS, "intermediate", s).initial) for s in range(20)}
    assert len(orders) > 10


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    recruits=st.lists(st.sampled_from(AREAS), min_size=2, max_size=2),
)
def test_faction_selection_one_human(seed, recruits):
    """Part 2 "Automa Faction Selection" step 2: black's faction differs from both the human's
    recruits; white's differs from those and from black's."""
    black, white, set_aside = draw_factions(seed, 1, recruits)
    assert black not in recruits
    assert white not in recruits and white != black
    assert set(set_aside) <= set(recruits)


@given(
    seed=st.integers(0, 2**31),
    humans=st.sampled_from((1, 2)),
    solo=st.booleans(),
    recruits=st.lists(st.sampled_from(AREAS), min_size=2, max_size=2),
)
def test_faction_choices_are_exactly_what_the_draw_can_give(seed, humans, solo, recruits):
    """Part 2 "Automa Faction Selection": the factions offered for a card drawn at the
    table hold every draw the procedure can make, and check_factions accepts each."""
    solo = solo and humans == 1
    black, white, _aside = draw_factions(seed, humans, recruits, solo)
    assert black in faction_choices(humans, recruits, solo)
    assert white in faction_choices(humans, recruits, solo, black)
    check_factions(black, white, humans, recruits, solo)
    for other in set(AREAS) - set(faction_choices(humans, recruits, solo, black)):
        with pytest.raises(InputError):
            check_factions(black, other, humans, recruits, solo)


def test_faction_selection_factionless_recruit_puts_no_constraint():
    """ "Automa Faction Selection": a factionless recruit has no faction to avoid."""
    seen = {draw_factions(s, 1, ["factionless", "icarus"])[0] for s in range(60)}
    assert seen == {"euphoria", "wastelands", "subterra"}


@pytest.mark.parametrize(("humans", "solo"), [(2, False), (1, True)])
def test_faction_selection_without_constraint(humans, solo):
    """Step 3 (2 humans) and the Optional Solo Variant: any faction, even the recruits' own;
    the two Automas still draw different cards."""
    pairs = [draw_factions(s, humans, ["icarus", "euphoria"], solo)[:2] for s in range(200)]
    assert any(b in ("icarus", "euphoria") for b, _w in pairs)
    assert all(b != w for b, w in pairs)


def test_minority_bonus_rulebook_example():
    """Part 1 "Minority Starting Bonus" example: 3 Icarite, 2 Euphorian, 1 Subterran active
    recruits: Icarus is the majority; the other three players gain 2 commodities."""
    actives = ["icarus", "icarus", "icarus", "euphoria", "euphoria", "subterra"]
    bonus = minority_bonus(actives, ())
    assert bonus.majority == ("icarus",)
    assert bonus.gains == (False, False, False, True, True, True)


def test_minority_bonus_counts_automa_factions_and_skips_factionless():
    """ "Automa Faction Selection" step 6: the Automas' factions count; "Minority Starting
    Bonus": a factionless active recruit gains nothing."""
    assert minority_bonus(["icarus"], ["subterra", "subterra"]).gains == (True,)
    assert minority_bonus(["icarus"], ["icarus", "subterra"]).gains == (False,)
    assert minority_bonus(["factionless"], ["icarus", "subterra"]).gains == (False,)


def _items(**options):
    journal = game.new_game(GameOptions(**options), seed=4)
    return {i.what: i for i in game.checklist(game.replay(journal))}


def test_checklist_removals_expansion_and_base():
    """Part 2 "Automa Set Up": the removal list of the chosen recruit set, plus the five
    recruits always removed."""
    expansion = " ".join(_items(recruits=("icarus", "euphoria"))["remove"].lines)
    base = " ".join(_items(recruits=("icarus", "euphoria"), base_game=True)["remove"].lines)
    assert "Dilemma's Prison" in expansion and "Fountain" not in expansion
    assert "Fountain of Youthful Thinking" in base and "Ben the Ludologist" in base
    assert "Dilemma's Prison" not in base
    for both in (expansion, base):
        assert "Josiah the Hacker" in both and "Rebecca the Peddler" in both


def test_checklist_miners_bazaar_and_factionless():
    """Part 1 "Miner Meeples" (start space = players), "Setting Up the New Antiques Bazaar"
    and the factionless re-draw rule only with the expansion recruits."""
    items = _items(humans=2)
    assert '"4"' in items["miners"].lines[0]
    assert "bazaar" in items and "factionless" in items
    assert "recruits_and_markets" not in items
    base = _items(recruits=("icarus", "euphoria"), base_game=True)
    assert '"3"' in base["miners"].lines[0]
    assert "bazaar" not in base and "factionless" not in base
    assert "recruits_and_markets" in base


def test_checklist_components_and_seating():
    """ "Give the Automas Their Components": 4 rolled workers, 10 tokens, non-penalty side up,
    black then white after the humans."""
    lines = _items(recruits=("icarus", "euphoria"))["components"].lines
    assert f"{TOKENS} authority tokens" in lines[0] and "non-penalty side up" in lines[0]
    assert "then black, then white" in lines[2]


def test_checklist_minority_bonus_with_one_human():
    """ "Minority Starting Bonus" with the active recruit named first in --recruits; with 1
    human (no solo variant) every faction has one active recruit, so no bonus."""
    lines = _items(recruits=("icarus", "euphoria"))["minority_bonus"].lines
    assert "You (active Icarite, in the majority): no bonus." in lines


def test_checklist_two_humans_without_recruits_states_the_rule():
    """ "Minority Starting Bonus": without the humans' active recruits, the rule is stated."""
    lines = _items(humans=2)["minority_bonus"].lines
    assert "majority" in lines[0] and "Automas' factions" in lines[1]


def test_multiplayer_checklist():
    """Part 1 for a game without Automas: 2-6 players, miners, bonus, minor rule changes."""
    items = {i.what: i for i in multiplayer_checklist(5, actives=["icarus"] * 3 + ["euphoria"] * 2)}
    assert '"5"' in items["miners"].lines[0]
    assert any("Player 4" in x and "gain" in x for x in items["minority_bonus"].lines)
    assert "minor_rules" in items
    with pytest.raises(InputError):
        multiplayer_checklist(7)


def test_multiplayer_checklist_names_every_rule_of_part_1():
    """Part 1 whole, by its sections: "First Time Set Up" (3 tunnel stickers, 3 more Black &
    White), "Factionless Recruits" (not gained during the game: discard and redraw; the
    Variant without them, 6 in the deck), "The New Antiques Bazaar" (never from the top of the
    deck; slide and refill), "Clarifications" (recruit abilities once per trigger event). The
    new set's rules only with the new set."""
    assert (TUNNEL_STICKERS, EXTRA_STICKERS, FACTIONLESS_RECRUITS) == (3, 3, 6)
    items = {i.what: i for i in multiplayer_checklist(4)}
    assert next(iter(items)) == "first_time"
    assert {"first_time", "factionless_in_play", "bazaar_in_play", "minor_rules"} <= set(items)
    assert "First Time Set Up" in items["first_time"].why
    assert "Variant" in items["factionless_in_play"].why
    assert "The New Antiques Bazaar" in items["bazaar_in_play"].why
    assert str(TUNNEL_STICKERS) in items["first_time"].lines[0]
    assert str(FACTIONLESS_RECRUITS) in items["factionless_in_play"].lines[1]
    assert len(items["bazaar_in_play"].lines) == 3 and len(items["minor_rules"].lines) == 3
    base = {i.what for i in multiplayer_checklist(4, base_game=True)}
    assert "first_time" in base and "minor_rules" in base
    assert not base & {"factionless_in_play", "bazaar_in_play", "factionless", "bazaar"}


def test_each_players_active_recruit_is_asked_and_may_be_skipped():
    """ "Minority Starting Bonus": one question a player (``active-N``), the factions (and
    factionless with the new set only: "Selecting Recruits"), skip the default; all given
    they work the bonus out, one skipped and the rule is stated."""
    questions = active_questions(3, base_game=False)
    assert [q.id for q in questions] == ["active-1", "active-2", "active-3"]
    assert questions[0].choices == (*RECRUIT_FACTIONS, SKIP) and questions[0].default == SKIP
    assert "factionless" not in active_questions(2, base_game=True)[0].choices
    answers = {"active-1": "icarus", "active-2": "icarus", "active-3": "euphoria"}
    actives = actives_from(answers, 3)
    assert actives == ("icarus", "icarus", "euphoria")
    bonus = {i.what: i for i in multiplayer_checklist(3, actives=actives)}["minority_bonus"]
    assert len(bonus.lines) == 4  # the majority, then a line a player
    assert actives_from({**answers, "active-2": SKIP}, 3) == ()
    assert actives_from({"active-1": "icarus"}, 3) == ()
    stated = {i.what: i for i in multiplayer_checklist(3, actives=())}["minority_bonus"]
    assert len(stated.lines) == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"humans": 3}, "1 or 2 humans"),
        ({"recruits": ("icarus", "factionless")}, "factionless recruit must be your active"),
        ({"recruits": ("factionless", "factionless")}, "at most one"),
        ({}, "your two recruits. factions"),
        ({"recruits": ("icarus",)}, "two factions"),
        ({"difficulty": "easy", "humans": 2}, "not one of"),
    ],
)
def test_bad_options_are_refused(options, message):
    """Part 1 "Selecting Recruits" (a factionless recruit must be active) and Part 2 (1 or 2
    humans; the Automas' factions need the human's recruits)."""
    with pytest.raises(InputError, match=message):
        game.new_game(GameOptions(**options), seed=1)


def test_factions_drawn_at_the_table_are_checked():
    """ "Automa Faction Selection" step 2 applies to cards drawn at the table too."""
    with pytest.raises(InputError, match="black's faction"):
        game.new_game(
            GameOptions(recruits=("icarus", "euphoria"), factions=("icarus", "subterra")), seed=1
        )
    journal = game.new_game(
        GameOptions(recruits=("icarus", "euphoria"), factions=("subterra", "wastelands")), seed=1
    )
    assert game.replay(journal).automas["black"].faction == "subterra"
