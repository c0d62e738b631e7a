"""The Plot's decision on every crossroads shape (rulebook, Solo Mode > Plot's turn)."""

from __future__ import annotations

import itertools

import pytest

from companion.core.catalog import _, say
from companion.core.errors import InputError
from companion.ephios.cards import load_deck
from companion.ephios.plot import DEBATE_WHY, NONE_WHY, RECRUIT_WHY, plot_decision, read_crossroads

ORDINARY = ["syndicate", "academy", "order", "cult"]
DIGNITARIES = ["syndicate-dignitary", "academy-dignitary", "order-dignitary", "company-dignitary"]


def test_empty_crossroads_plot_does_nothing():
    """With no card on the crossroads the Plot can neither recruit nor debate."""
    decision = plot_decision([])
    assert (decision.action, decision.slot) == ("none", None)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_no_dignitary_debates_the_rightmost(size):
    """Plot's turn: no Dignitary on the crossroads -> it discards the rightmost personality."""
    cards = ORDINARY[:size]
    decision = plot_decision(cards)
    assert (decision.action, decision.slot, decision.card) == ("debate", size, cards[-1])


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_one_dignitary_in_every_position_is_recruited(size):
    """Plot's turn: at least one Dignitary on the crossroads -> it recruits it, whatever its slot."""
    for position in range(size):
        cards = ORDINARY[:size]
        cards[position] = "cult-dignitary"
        decision = plot_decision(cards)
        assert (decision.action, decision.slot, decision.card) == (
            "recruit",
            position + 1,
            "cult-dignitary",
        )


@pytest.mark.parametrize("size", [2, 3, 4])
def test_several_dignitaries_the_rightmost_is_recruited(size):
    """Plot's turn: the Plot recruits the rightmost Dignitary (highest slot number)."""
    for positions in itertools.chain.from_iterable(
        itertools.combinations(range(size), k) for k in range(2, size + 1)
    ):
        cards = ORDINARY[:size]
        for n, position in enumerate(positions):
            cards[position] = DIGNITARIES[n]
        decision = plot_decision(cards)
        assert decision.action == "recruit"
        assert decision.slot == max(positions) + 1
        assert decision.card == cards[max(positions)]


def test_why_cites_the_rule():
    """Each decision says why, citing the solo rule."""
    assert plot_decision(["order-dignitary"]).why == say(RECRUIT_WHY, slot=1)
    assert plot_decision(["order"]).why == say(DEBATE_WHY, slot=1)
    assert plot_decision([]).why == _(NONE_WHY)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["order-dignitary", "order-dignitary"], "only 1 Dignitary"),
        (["cult", "cult", "cult", "cult"], "only 1 ordinary"),
        (["syndicate"] * 4, "only 3 ordinary"),
        (["guild"], "not a card"),
        (["order"] * 5, "only 2 ordinary"),
    ],
)
def test_crossroads_no_deck_can_hold_is_refused(cards, message):
    """A crossroads must be possible with the 14 quick-game personalities."""
    with pytest.raises(InputError, match=message):
        read_crossroads(cards, load_deck())
