"""The Automa deck cycle (rulebook Part 2, "Draw an Automa Card")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.questions import Answers, NeedAnswers, Question
from companion.euphoria import deck_cycle, game
from companion.euphoria.cards import LEVEL_IDS, PILES, load_deck
from companion.euphoria.setup import build_decks

CARDS = load_deck()


def play(level: str, seed: int, turns: int):
    decks = build_decks(CARDS, level, seed)
    deck = deck_cycle.start(decks.initial, decks.add_ins)
    rng = random.Random(seed)
    history = []
    for _ in range(turns):
        previous_action = deck.action
        rebuilt = deck_cycle.draw_pair(deck, lambda cards, _p: rng.shuffle(cards))
        history.append((deck.action, deck.support, rebuilt, previous_action, deck.add_ins_used))
    return decks, history


@settings(max_examples=40, deadline=None)
@given(level=st.sampled_from(LEVEL_IDS), seed=st.integers(0, 2**31), turns=st.integers(1, 80))
def test_deck_cycle_invariants(level, seed, turns):
    """ "Draw an Automa Card": the support card is the previous action card except right
    after a rebuild; each pass-through uses every one of its cards once (support card then
    action cards); each rebuild adds the next add-in deck, in order, while one remains."""
    decks, history = play(level, seed, turns)
    pass_cards = list(decks.initial)
    seen = [decks.initial[0]]  # the first support card, turned face up at set-up
    add_ins_used = 0
    for action, support, rebuilt, previous_action, used in history:
        if rebuilt:
            assert sorted(seen) == sorted(pass_cards)  # the last pass used every card once
            if add_ins_used < len(decks.add_ins):
                pass_cards += decks.add_ins[add_ins_used]
                add_ins_used += 1
            seen = [support]
        else:
            if previous_action is not None:
                assert support == previous_action
        assert used == add_ins_used
        assert action != support
        seen.append(action)
        assert len(seen) == len(set(seen))
        assert set(seen) <= set(pass_cards)


def test_first_turn_uses_the_set_up_support_card():
    """ "Set Up the Decks" step 6: the top card turned face up is the first support card."""
    decks = build_decks(CARDS, "intermediate", 3)
    deck = deck_cycle.start(decks.initial, decks.add_ins)
    deck_cycle.draw_pair(deck, lambda c, p: None)
    assert deck.support == decks.initial[0]
    assert deck.action == decks.initial[1]


def test_rebuild_shuffles_all_pass_cards_and_the_next_add_in():
    """ "Draw an Automa Card" step 2: the rebuilt deck holds the discards, the action and the
    support card of the pass, plus add-in deck 1; its top card becomes the support card."""
    decks = build_decks(CARDS, "intermediate", 8)
    deck = deck_cycle.start(decks.initial, decks.add_ins)
    shuffled = []

    def shuffle(cards, passes):
        shuffled.append((sorted(cards), passes))

    for _ in range(len(decks.initial) - 1):
        assert not deck_cycle.draw_pair(deck, shuffle)
    assert deck_cycle.draw_pair(deck, shuffle)
    assert shuffled == [(sorted(decks.initial + decks.add_ins[0]), 2)]
    assert deck.add_ins_used == 1 and len(deck.add_ins) == 1
    assert len(deck.draw) + 2 == len(decks.initial) + len(decks.add_ins[0])


def test_preview_matches_a_game_with_the_same_seed():
    """`companion euphoria cards` shows the pairs a game with the same seed and level draws."""
    journal = game.new_game(game.GameOptions(humans=2, report_tracks=True), seed=12)
    rows = game.preview_cards("intermediate", 12, 12)
    for row in rows:
        answers = {}
        while True:
            try:
                report = game.run_turn(journal, answers)
                break
            except NeedAnswers as need:
                answers.update({q.id: _any(q) for q in need.questions})
        assert (report.action, report.support) == (row["action"], row["support"])


def _any(q: Question) -> str:
    if q.kind == "yes_no":
        return "no"
    if q.kind == "many":
        return ""
    if q.kind == "number":
        return str(q.minimum)
    return q.choices[0]


def test_physical_deck_asks_only_for_cards_that_can_come():
    """Rulebook "Set Up the Decks": the player shuffles each pile and deals the level's cards
    from it, so the app knows how many cards of each pile the deck holds, not which ones. It
    offers every card of those piles not seen yet; a card seen is not offered again; with
    only one card possible it asks nothing."""
    decks = build_decks(CARDS, "intermediate", 2)
    piles = {pile: CARDS.pile(pile) for pile in PILES}
    deck = deck_cycle.start(decks.initial, decks.add_ins, physical=True, piles=piles)
    assert all(c.startswith("?") for c in deck.draw)  # the player's deal: unknown cards
    answers = Answers(raw={})

    def pick(qid, text, choices):
        return answers.ask(Question(id=qid, text=text, kind="one", choices=tuple(choices)))

    with pytest.raises(NeedAnswers) as need:
        deck_cycle.draw_pair(deck.clone(), lambda c, p: None, pick)
    question = need.value.questions[0]
    assert question.id == "deck.support"
    dealt = {c.removeprefix("?") for c in deck.draw}
    assert set(question.choices) == {c for p in dealt for c in piles[p]}
    first = question.choices[0]
    answers = Answers(raw={"deck.support": first})
    with pytest.raises(NeedAnswers) as need:
        deck_cycle.draw_pair(deck.clone(), lambda c, p: None, pick)
    question = need.value.questions[-1]
    assert question.id == "deck.action" and first not in question.choices
    # One card possible: no question.
    one = deck_cycle.start(["S1", "S2"], [], physical=True, piles={"green": ["S1", "S2"]})
    answers = Answers(raw={"deck.support": "S2"})
    deck_cycle.draw_pair(one, lambda c, p: None, pick)
    assert (one.support, one.action) == ("S2", "S1")
