"""Solo mode: card moves and count corrections the user reports for effects the app does not model.

Rulebook, "Course of a Game > Use": "When you apply an effect: reveal the
card, apply the effect, discard it"; "When an effect says 'Add to your
hand', do not pay the persuasion value of the card"; "If you use the Medium
and reveal the 1st card of the draw pile but there is no more room on the
crossroads, add the card to the crossroads anyway. Refill the crossroads
when it again has fewer than 4 cards."
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from companion.cli.ephios_words import parse_action as W
from companion.core import session
from companion.core.errors import InputError, SaveError
from companion.ephios import solo
from companion.ephios.cards import load_deck
from companion.ephios.plot import plot_decision

DECK = load_deck()
CROSSROADS = ["cult", "order", "syndicate-dignitary", "academy"]


def make_state(crossroads=CROSSROADS, *, hand=(), plot_zone=(), discard=(), draw=None, **kw):
    """A solo state: the draw pile holds every personality not placed elsewhere (unless given)."""
    rest = DECK.personalities()
    rest.subtract([*crossroads, *hand, *discard, *(f"{a}-dignitary" for a in plot_zone)])
    return solo.SoloState(
        difficulty="normal",
        popularity=kw.get("popularity", 20),
        crossroads=list(crossroads),
        draw=+Counter(draw) if draw is not None else +rest,
        discard=Counter(discard),
        discard_top=discard[-1] if discard else None,
        plot_zone=list(plot_zone),
        hand=list(hand),
        tokens=kw.get("tokens", 2),
        affinities=list(kw.get("affinities", ())),
    )


def all_cards(state):
    """Every card the state places somewhere (crossroads, hand, Plot zone, piles)."""
    return (
        Counter(state.crossroads)
        + Counter(state.hand)
        + Counter(state.plot_cards())
        + state.draw
        + state.discard
    )


def new_journal():
    """A new game with the crossroads cult | order | syndicate-dignitary | academy."""
    return solo.new_game("normal", 5, {f"reveal-{n}": c for n, c in enumerate(CROSSROADS, 1)})


# --- each kind of move ------------------------------------------------------------


def test_crossroads_to_hand_is_free_and_not_an_action():
    """Use, "Add to your hand": no persuasion paid; the move ends no turn, the Plot waits."""
    state = make_state()
    new, out = solo.move(state, "syndicate-dignitary", "crossroads:3", "hand")
    assert new.hand == ["syndicate-dignitary"] and new.tokens == 2
    assert new.crossroads == ["cult", "order", "academy"]
    assert new.turn == 1 and new.plot_zone == [] and new.draw == state.draw
    assert (out[0].what, out[0].cards) == ("move", ("syndicate-dignitary",))
    assert new.gaps == [3]  # it left slot 3 of the crossroads: a gap until the refill
    assert [a.what for a in out] == ["move", "gap"]
    assert all_cards(new) == DECK.personalities()


def test_crossroads_without_slot_finds_the_card():
    """Table correction: `crossroads` without a slot takes the card wherever it lies."""
    new, _ = solo.move(make_state(), "academy", "crossroads", "hand")
    assert new.crossroads == ["cult", "order", "syndicate-dignitary"] and new.hand == ["academy"]


def test_draw_to_hand_names_a_card_the_draw_pile_can_hold():
    """Use, "Add to your hand" the 1st card of the draw pile: the user names the card drawn."""
    state = make_state()
    new, _ = solo.move(state, "company", "draw", "hand")
    assert new.hand == ["company"] and new.draw["company"] == state.draw["company"] - 1
    with pytest.raises(InputError, match="cannot be in the draw pile"):
        solo.move(state, "syndicate-dignitary", "draw", "hand")  # it is on the crossroads


def test_discard_to_hand_and_top_becomes_unknown():
    """Use, an effect taking a card from the discard pile: the card below the top was not seen."""
    state = make_state(discard=["company", "cult-dignitary"])
    new, _ = solo.move(state, "cult-dignitary", "discard", "hand")
    assert new.hand == ["cult-dignitary"] and new.discard == Counter({"company": 1})
    assert new.discard_top is None
    kept, _ = solo.move(state, "company", "discard", "hand")
    assert kept.discard_top == "cult-dignitary"


def test_discard_from_the_crossroads():
    """Use, an effect discarding from the crossroads: the card becomes the discard pile's top."""
    new, _ = solo.move(make_state(), "order", "crossroads:2", "discard")
    assert new.discard == Counter({"order": 1}) and new.discard_top == "order"
    assert new.tokens == 2  # not a Debate: no persuasion gained


def test_hand_to_crossroads_at_a_slot_and_to_the_draw_pile():
    """Use, an effect putting a card on the crossroads or the draw pile: it goes where the user says."""
    state = make_state(hand=["company", "cult-dignitary"])
    new, _ = solo.move(state, "company", "hand", "crossroads:3")
    assert new.crossroads == ["cult", "order", "company", "syndicate-dignitary", "academy"]
    new, _ = solo.move(state, "company", "hand", "crossroads:5")
    assert new.crossroads[-1] == "company"
    new, _ = solo.move(state, "cult-dignitary", "hand", "draw")
    assert new.hand == ["company"] and new.draw["cult-dignitary"] == 1


def test_crossroads_reorder():
    """Table correction: a card moved along the crossroads; TO is its slot in the new row."""
    new, _ = solo.move(make_state(), "cult", "crossroads:1", "crossroads:4")
    assert new.crossroads == ["order", "syndicate-dignitary", "academy", "cult"]


def test_plot_zone_moves():
    """Clarifications: "an opponent's hand" reads "the Plot zone"; a Dignitary taken from it."""
    state = make_state(hand=["academy-dignitary"], plot_zone=["order"])
    new, _ = solo.move(state, "order-dignitary", "plot", "hand")
    assert new.plot_zone == [] and new.hand == ["academy-dignitary", "order-dignitary"]
    new, _ = solo.move(state, "academy-dignitary", "hand", "plot")
    assert new.plot_zone == ["order", "academy"]
    assert new.to_json()["plot_zone_cards"] == ["order-dignitary", "academy-dignitary"]


def test_an_ordinary_personality_in_the_plot_zone_is_kept_apart():
    """Solo mode, Defeat counts the 5 Dignitaries only: an ordinary card there is listed apart."""
    state = make_state(plot_zone=["order", "academy", "company", "cult"], hand=["syndicate"])
    new, _ = solo.move(state, "syndicate", "hand", "plot")
    assert new.result is None and new.plot_zone == ["order", "academy", "company", "cult"]
    assert new.plot_others == ["syndicate"] and new.to_json()["plot_zone"] == new.plot_zone
    back, _ = solo.move(new, "syndicate", "plot", "discard")
    assert back.plot_others == [] and all_cards(back) == DECK.personalities()


def test_drawing_from_an_empty_draw_pile_shuffles_the_discard_pile():
    """End of Turn warning: shuffling the discard pile into a new draw pile costs 10%."""
    state = make_state(hand=[], draw=[], discard=["company"], popularity=30)
    new, out = solo.move(state, "company", "draw", "hand")
    assert new.popularity == 20 and new.reshuffles == 1 and new.hand == ["company"]
    assert any(a.what == "reshuffle" for a in out)
    low = make_state(draw=[], discard=["company"], popularity=10)
    lost, _ = solo.move(low, "company", "draw", "hand")
    assert lost.result == "lost" and all_cards(lost) == all_cards(low)


# --- refusals ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "source", "target", "message"),
    [
        ("cult", "crossroads:2", "hand", "holds the order, not the cult"),
        ("company", "crossroads", "hand", "no company on the crossroads"),
        ("company", "hand", "crossroads", "no company in your hand"),
        ("order-dignitary", "plot", "hand", "no order-dignitary in the Plot zone"),
        ("cult", "discard", "hand", "no cult in the discard pile"),
        ("cult", "crossroads:1", "table", "not a zone"),
        ("cult", "crossroads:1", "box", "never leave play"),
        ("cult", "crossroads:0", "hand", "slot 0 does not exist"),
        ("cult", "crossroads:x", "hand", "'x' is not a number"),
        ("cult", "crossroads:7", "hand", "slot 7 of the crossroads is empty"),
        ("cult", "crossroads:1", "crossroads:6", "slots 1 to 4, not 6"),
        ("cult", "crossroads:1", "hand:2", "only the crossroads has slots"),
        ("cult", "crossroads:1", "crossroads:1", "would stay where it is"),
        ("guild", "crossroads:1", "hand", "not a card"),
    ],
)
def test_refused_moves_change_nothing(card, source, target, message):
    """Table correction refused: the card is not where the user says, or the zone is unknown."""
    state = make_state()
    before = copy.deepcopy(state)
    with pytest.raises(InputError, match=message):
        solo.move(state, card, source, target)
    assert state == before
    journal = new_journal()
    events = list(journal.events)
    with pytest.raises(InputError, match=message):
        solo.play_move(journal, card, source, target)
    assert journal.events == events


def test_no_move_once_the_game_is_over():
    """Solo mode: "the game stops immediately"; undo first to correct a finished game."""
    state = make_state()
    state.result = "lost"
    with pytest.raises(InputError, match="game is over"):
        solo.move(state, "cult", "crossroads:1", "hand")
    with pytest.raises(InputError, match="game is over"):
        solo.correct(state, "popularity", "30")


# --- the Medium: a crossroads of 5 ------------------------------------------------


def test_medium_five_cards_then_plot_turn_and_refill():
    """Use, the Medium: add the card anyway (5 cards); refill only when fewer than 4 again."""
    state = make_state(hand=["company"])
    state, out = solo.move(state, "order-dignitary", "draw", "crossroads")
    assert state.crossroads == ["order-dignitary", *CROSSROADS]
    assert [a.what for a in out] == ["move", "medium"]
    assert solo.Debate(5) in solo.legal_actions(state)
    assert plot_decision(state.crossroads).slot == 4  # the rightmost Dignitary: slot 4 of 5
    # the player's action: use the Medium (it is discarded); no refill at 5, the Plot recruits
    # the rightmost Dignitary (slot 4 of 5), 4 cards stay: still no refill, nothing revealed
    new, out, used = solo.act(state, W(["use", "company"]))
    assert used == {} and new.turn == 2
    assert new.plot_zone == ["syndicate"]
    assert new.crossroads == ["order-dignitary", "cult", "order", "academy"]
    assert not any(a.what == "refill" for a in out)


def test_medium_plot_debates_slot_five():
    """Plot's turn on 5 cards: with no Dignitary it discards the rightmost, slot 5."""
    state = make_state(["cult", "order", "syndicate", "academy"], hand=["company"])
    state, _ = solo.move(state, "syndicate", "draw", "crossroads:5")
    assert plot_decision(state.crossroads).slot == 5
    new, _, _ = solo.act(state, W(["use", "company"]))
    assert new.crossroads == ["cult", "order", "syndicate", "academy"]
    assert new.discard == Counter({"company": 1, "syndicate": 1}) and new.discard_top == "syndicate"
    # next turn: recruiting one leaves 3, so the refill reveals one card into slot 1
    after, _, used = solo.act(
        new,
        W(["recruit", "1", "1"]),
        {"reveal-1": "order-dignitary", "reveal-2": "academy-dignitary"},
    )
    # 3 left -> reveal 1; the Plot recruits that Dignitary -> 3 left -> reveal 1 more
    assert after.hand == ["cult"] and after.plot_zone == ["order"]
    assert after.crossroads == ["academy-dignitary", "order", "syndicate", "academy"]
    assert sorted(used) == ["reveal-1", "reveal-2"]


def test_medium_the_fifth_card_moved_along_the_row():
    """Use, the Medium (5 cards), then a table correction moving the 5th card along the row:
    TO is its slot in the new row of 4, so it goes into slots 1 to 5 (found by the copies'
    property test: the move took the card, the row shrank back, and the move failed)."""
    state = make_state(["cult", "order", "syndicate", "academy"])
    state, _ = solo.move(state, "company", "draw", "crossroads:5")
    new, out = solo.move(state, "company", "crossroads:5", "crossroads:2")
    assert new.crossroads == ["cult", "company", "order", "syndicate", "academy"]
    assert new.gaps == [] and [a.what for a in out] == ["move", "medium"]
    new, _ = solo.move(state, "company", "crossroads:5", "crossroads:1")
    assert new.crossroads == ["company", "cult", "order", "syndicate", "academy"]
    with pytest.raises(InputError, match="slots 1 to 5, not 6"):
        solo.move(state, "company", "crossroads:5", "crossroads:6")


def test_gap_left_by_a_move_is_refilled_like_today():
    """End of Turn: slide the crossroads right, then reveal new personalities into slot 1."""
    state = make_state(hand=["company"])
    state, _ = solo.move(state, "cult", "crossroads:1", "hand")
    # slots are the table's: the gap left at slot 1 keeps the numbers of the others
    state, _ = solo.move(state, "order", "crossroads:2", "hand")
    assert state.crossroads == ["syndicate-dignitary", "academy"]
    new, out, used = solo.act(
        state,
        W(["use", "company"]),
        {"reveal-1": "cult-dignitary", "reveal-2": "syndicate", "reveal-3": "academy-dignitary"},
    )
    assert any(
        a.what == "refill" and a.cards == ("cult-dignitary", "syndicate") and a.slots == (1, 2)
        for a in out
    )
    # the Plot recruited the syndicate-dignitary (slot 3), the refill revealed 1 more card
    assert new.crossroads == ["academy-dignitary", "cult-dignitary", "syndicate", "academy"]
    assert len(used) == 3


# --- victory and defeat, checked after each change --------------------------------


def test_fifth_dignitary_moved_into_the_plot_zone_loses():
    """Solo mode, Defeat: the 5 Dignitaries in the Plot zone, checked after every change."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"],
        plot_zone=["order", "academy", "company", "cult"],
        hand=["syndicate-dignitary"],
    )
    new, out = solo.move(state, "syndicate-dignitary", "hand", "plot")
    assert new.result == "lost" and out[-1].kind == "end"
    with pytest.raises(InputError, match="game is over"):
        solo.act(new, W(["debate", "1"]))


# --- count corrections --------------------------------------------------------------


def test_set_popularity_and_persuasion():
    """Table correction: popularity (0-100) and persuasion tokens (0-5, the supply holds 5)."""
    state = make_state()
    new, _ = solo.correct(state, "popularity", "35")
    assert new.popularity == 35 and new.result is None
    new, _ = solo.correct(state, "persuasion", 5)
    assert new.tokens == 5 and new.supply == 0
    for what, value in (("popularity", "101"), ("persuasion", "6"), ("persuasion", "-1")):
        with pytest.raises(InputError, match="is not from"):
            solo.correct(state, what, value)
    with pytest.raises(InputError, match="not a whole number"):
        solo.correct(state, "popularity", "lots")
    with pytest.raises(InputError, match="not one of popularity"):
        solo.correct(state, "hand", "3")
    assert state == make_state()


def test_set_popularity_to_zero_loses():
    """Solo mode, Defeat: you reach 0% popularity (checked after the correction)."""
    new, out = solo.correct(make_state(), "popularity", "0")
    assert new.result == "lost" and out[-1].kind == "end"


def test_set_affinities_and_victory():
    """Table correction of the affinities; Solo mode, Victory: the 5 different affinities."""
    state = make_state()
    new, _ = solo.correct(state, "affinities", "cult, order")
    assert new.affinities == ["cult", "order"] and new.result is None
    new, _ = solo.correct(state, "affinity", "none")
    assert new.affinities == []
    won, _ = solo.correct(state, "affinities", ",".join(DECK.alliances))
    assert won.result == "won"
    with pytest.raises(InputError, match="not an alliance"):
        solo.correct(state, "affinities", "guild")


# --- the journal ----------------------------------------------------------------------


def test_moves_and_corrections_are_journal_events_with_undo_redo(tmp_path):
    """Moves and corrections are recorded and replayed like actions; undo/redo restore them."""
    journal = new_journal()
    start = solo.replay(journal)
    solo.play_move(journal, "company", "draw", "crossroads")
    solo.play_move(journal, "cult", "CROSSROADS:2", "hand")
    solo.play_set(journal, "persuasion", "4")
    solo.play_set(journal, "affinities", "cult,order")
    assert journal.events[0] == {
        "kind": "move",
        "card": "company",
        "from": "draw",
        "to": "crossroads",
    }
    assert journal.events[1]["from"] == "crossroads:2"
    assert journal.events[2] == {"kind": "set", "what": "persuasion", "value": 4}
    assert journal.events[3]["value"] == ["cult", "order"]
    after = solo.replay(journal)
    assert after.crossroads == ["company", "order", "syndicate-dignitary", "academy"]
    assert (after.hand, after.tokens, after.turn) == (["cult"], 4, 1)
    assert journal.summary == "turn 1 · 20% · 2 affinities"

    path = tmp_path / "solo.toml"
    session.create_game(path, journal)
    back = session.load_game(path, solo.GAME)
    assert solo.replay(back, str(path)) == after
    for _ in range(4):
        session.undo(back)
    assert solo.replay(back) == start
    for _ in range(4):
        session.redo(back)
    assert solo.replay(back) == after
    solo.play(back, W(["use", "cult"]), {"reveal-1": "academy-dignitary"})
    assert solo.replay(back).turn == 2
    assert all_cards(solo.replay(back)) == DECK.personalities()


def test_a_bad_move_event_in_a_save_names_the_event():
    """A save whose move no longer fits the table is refused, naming the event number."""
    journal = new_journal()
    journal.events.append({"kind": "move", "card": "company", "from": "hand", "to": "plot"})
    with pytest.raises(
        SaveError,
        match=r"g\.toml: event #1 \(move\) cannot be replayed: move: no company in your hand",
    ):
        solo.replay(journal, "g.toml")
    journal.events[0] = {"kind": "teleport"}
    with pytest.raises(SaveError, match="unknown event kind 'teleport'"):
        solo.replay(journal, "g.toml")


def test_takeable_cards_are_what_a_move_can_take():
    """Table correction: the correction dialog offers exactly the cards a move accepts; the
    top of a non-empty draw pile is one of its own cards, and of an empty one a card of the
    discard pile (End of Turn: the discard pile is shuffled into a new draw pile first)."""
    state = make_state(hand=("cult-dignitary", "order-dignitary"), discard=("syndicate",))
    assert solo.takeable(state, "crossroads:3") == ["syndicate-dignitary"]
    assert solo.takeable(state, "crossroads:9") == []
    assert solo.takeable(state, "hand") == ["order-dignitary", "cult-dignitary"]
    assert solo.takeable(state, "discard") == ["syndicate"]
    assert "syndicate" in solo.takeable(state, "draw")  # 2 more Syndicate are in the draw pile
    assert "cult" not in solo.takeable(state, "draw")  # both Cult cards are placed elsewhere
    for zone in ("hand", "discard", "draw"):
        for card in solo.takeable(state, zone):
            solo.move(state, card, zone, "plot")  # accepted: no InputError
    empty = make_state(draw=(), discard=("academy", "cult"))
    assert solo.takeable(empty, "draw") == ["academy", "cult"]
    moved = make_state(plot_zone=("order",))
    moved, _ = solo.move(moved, "academy", "crossroads:4", "plot")
    assert solo.takeable(moved, "plot") == ["academy", "order-dignitary"]
