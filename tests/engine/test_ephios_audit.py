"""Audit of the Ephios engine against the rulebook: corner cases a real game reaches, and a
random-play check of the solo engine's invariants."""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli.ephios_words import parse_action as W
from companion.core import session
from companion.core.errors import InputError
from companion.core.journal import Journal
from companion.core.questions import NeedAnswers
from companion.ephios import campaign, quick, solo
from companion.ephios.cards import load_deck

DECK = load_deck()
ALL = DECK.personalities()


def make_state(crossroads, *, draw, discard=(), hand=(), plot_zone=(), popularity=20, tokens=2):
    return solo.SoloState(
        difficulty="normal",
        popularity=popularity,
        crossroads=list(crossroads),
        draw=+Counter(draw),
        discard=Counter(discard),
        plot_zone=list(plot_zone),
        hand=list(hand),
        tokens=tokens,
    )


def texts(out):
    return [a.text for a in out]


# --- draw pile and discard pile ------------------------------------------------------


def test_recruit_top_on_an_empty_draw_pile_shuffles_before_drawing():
    """Quick Game, End of Turn, "Rebuilding the draw pile: if you must draw one or more cards and
    there are not enough cards in the draw pile, rebuild a new draw pile by shuffling the discard
    pile" (solo: -10%): the shuffle comes before the card is taken, and is announced first."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"], draw=[], discard=["company"], popularity=30
    )
    # The new draw pile holds one card, the Company: the app knows it, so it is not asked
    # (nor the card the next refill reveals from the pile shuffled again): taken, and said.
    new, out, _ = solo.act(state, W(["recruit-top"]))
    said = texts(out)
    shuffle = next(i for i, t in enumerate(said) if t.startswith("Shuffle the discard pile"))
    take = next(i for i, t in enumerate(said) if "take the first card" in t)
    assert shuffle < take
    assert "(1 card)" in said[shuffle]
    assert any(a.what == "recruit-top.known" and a.cards == ("company",) for a in out)
    assert new.hand == ["company"] and new.tokens == 1 and new.popularity == 10
    new, _, _ = solo.act(state, W(["recruit-top", "company"]), {"reveal-1": "academy"})
    # the Plot then debates the academy, and the refill shuffles it back (-10% again)
    assert new.hand == ["company"] and new.tokens == 1 and new.popularity == 10


def test_recruit_top_reshuffle_to_zero_loses_before_drawing():
    """Solo End of Turn warning (-10% for a reshuffle) + Victory and Defeat ("0% popularity"):
    the reshuffle of a recruit from the top can itself lose; nothing more is asked."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"], draw=[], discard=["company"], popularity=10
    )
    new, out, _ = solo.act(state, W(["recruit-top"]))
    assert new.result == "lost" and new.popularity == 0 and new.hand == []
    assert out[-1].kind == "end"
    assert not any("take the first card" in t for t in texts(out))


def test_refill_reshuffles_when_the_draw_pile_runs_out_mid_refill():
    """Solo End of Turn: reveal new personalities to rebuild a row of 4; the draw pile runs out
    after one card, the discard pile (with the card just debated) becomes the draw pile, -10%."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"], draw=["company"], discard=["order"]
    )
    # debate slot 4 (academy discarded); refill 1 card: company. Plot debates slot 4 (syndicate);
    # refill: draw empty -> shuffle order, academy, syndicate (-10%), reveal one.
    with pytest.raises(NeedAnswers) as info:
        solo.act(state, W(["debate", "4"]), {"reveal-1": "company"})
    assert sorted(info.value.questions[0].choices) == ["academy", "order", "syndicate"]
    new, _, _ = solo.act(state, W(["debate", "4"]), {"reveal-1": "company", "reveal-2": "academy"})
    assert new.popularity == 10 and new.reshuffles == 1
    assert new.crossroads == ["academy", "company", "cult", "order"]
    assert new.draw == Counter({"order": 1, "syndicate": 1}) and not new.discard


def test_reshuffle_to_zero_mid_refill_stops_before_the_plot():
    """Solo: "If one of the victory/defeat conditions is fulfilled, the game stops immediately":
    the -10% of a reshuffle in the middle of a refill loses; no more reveals, no Plot turn."""
    state = make_state(["cult", "order"], draw=["company"], discard=["order"], popularity=10)
    new, out, used = solo.act(state, W(["debate", "1"]), {"reveal-1": "company"})
    assert new.result == "lost" and new.popularity == 0
    assert new.crossroads == ["company", "order"]  # the refill stopped with 2 slots empty
    assert not any(a.who == "plot" for a in out) and used == {"reveal-1": "company"}


def test_both_piles_empty_the_crossroads_stays_short_and_the_plot_waits():
    """End of Turn: only the cards left can be revealed; Plot's turn with an empty crossroads:
    neither a Dignitary to recruit nor a personality to debate."""
    state = make_state(["cult"], draw=[], discard=[], tokens=2)
    new, out, _ = solo.act(state, W(["recruit", "1", "1"]))
    assert new.crossroads == [] and new.hand == ["cult"] and new.popularity == 20
    assert any("does nothing" in t for t in texts(out))
    assert new.result is None and new.turn == 2


# --- actions -------------------------------------------------------------------------


def test_corrupt_needs_a_dignitary_in_the_plot_zone():
    """Solo, Corrupt: "discard a Dignitary card of your choice located in the Plot zone"."""
    state = make_state(["cult", "order", "syndicate", "academy"], draw=["company"])
    with pytest.raises(InputError, match="not in the Plot zone"):
        solo.act(state, W(["corrupt", "cult"]))
    assert solo.Corrupt("cult") not in solo.legal_actions(state)


def test_fifth_dignitary_in_the_second_plot_turn_loses_at_once():
    """Corrupt (the Plot takes 2 turns, each with its end of turn) + Defeat ("the 5 Dignitaries
    are in the Plot zone"): the 5th Dignitary recruited in the 2nd turn stops the game; no refill."""
    state = make_state(
        ["cult", "order-dignitary", "syndicate", "academy"],
        draw=[],
        plot_zone=["company", "syndicate", "academy", "cult"],
        popularity=20,
    )
    new, out, _ = solo.act(state, W(["corrupt", "company"]), {"reveal-1": "company-dignitary"})
    assert new.result == "lost" and sorted(new.plot_zone) == sorted(DECK.alliances)
    # turn 1 recruits the Order's Dignitary, the refill between the turns reshuffles (-10%)
    # and reveals the Company's; turn 2 recruits it: nothing after.
    assert new.popularity == 10 and new.crossroads == ["cult", "syndicate", "academy"]
    assert out[-1].kind == "end" and sum(a.who == "plot" for a in out) == 2


def test_fifth_affinity_wins_before_the_end_of_turn_and_the_plot():
    """Victory ("gather the 5 different affinities") and "the game stops immediately": no hand
    limit, no refill, no Plot turn after the unite that brings the 5th affinity."""
    state = make_state(["cult-dignitary", "order"], draw=["syndicate"], hand=["cult", "cult"])
    state.affinities = ["syndicate", "academy", "order", "company"]
    new, out, _ = solo.act(state, W(["unite", "cult"]))
    assert new.result == "won" and new.crossroads == ["cult-dignitary", "order"]
    assert not any(a.who == "plot" for a in out) and out[-1].kind == "end"


def test_uniting_again_gives_ten_percent_and_no_second_affinity():
    """Solo Unite: "gain only 10% popularity"; the affinity only "for the first time"."""
    state = make_state(["cult", "order", "syndicate", "academy"], draw=["company"])
    state.hand = ["syndicate", "syndicate", "syndicate-dignitary"]
    state.affinities = ["syndicate"]
    new, out, _ = solo.act(state, W(["unite", "syndicate"]), {"reveal-1": "company"})
    assert new.popularity == 30 and new.affinities == ["syndicate"]
    assert not any(t.startswith("Take the") for t in texts(out))


def test_solo_popularity_stays_on_the_track():
    """Solo Setup: the popularity board's track ends at 100% (`set popularity` takes 0-100): a
    unite at 100% leaves the marker there, so the table can always be corrected to the app."""
    state = make_state(["cult", "order", "syndicate", "academy"], draw=["company"], popularity=100)
    state.hand = ["order", "order-dignitary"]
    new, _, _ = solo.act(state, W(["unite", "order"]), {"reveal-1": "company"})
    assert new.popularity == 100
    again, _ = solo.correct(new, "popularity", new.popularity)
    assert again.popularity == 100


def test_a_preacher_discarded_by_the_unite_is_not_said_to_stay_in_hand():
    """Unite: "discard ALL your hand": a Preacher armed for the action but discarded by the
    unite is not "still in your hand" when the Plot recruits instead of debating."""
    state = make_state(
        ["cult", "order-dignitary", "syndicate", "academy"], draw=["company"], hand=["cult", "cult"]
    )
    new, out, used = solo.act(
        state, W(["unite", "cult"]), {"preacher": "cult", "reveal-1": "company"}
    )
    assert new.hand == [] and used["preacher"] == "cult"  # checked in the hand, then discarded
    assert not any("stays in your hand" in t for t in texts(out))


@pytest.mark.parametrize(("tokens", "gain"), [(3, 2), (4, 1), (5, 0)])
def test_debate_fills_up_to_five_tokens(tokens, gain):
    """Quick Game warning: "You can only have 5 persuasion tokens maximum" (solo supply of 5)."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"], draw=["company", "order"], tokens=tokens
    )
    new, _, _ = solo.act(state, W(["debate", "1"]), {"reveal-1": "company", "reveal-2": "order"})
    assert new.tokens == tokens + gain and new.supply == 5 - new.tokens


def test_recruit_above_the_tokens_held_is_refused():
    """Recruit: spend "as many persuasion tokens as the value indicated on the recruited card"."""
    state = make_state(["cult", "order", "syndicate", "academy"], draw=["company"], tokens=1)
    with pytest.raises(InputError, match="costs 2"):
        solo.act(state, W(["recruit", "2", "2"]))


# --- quick game and campaign ------------------------------------------------------------


def test_quick_hand_bonus_and_exactly_seventy():
    """Affinity card: +10% when the united alliance does not match but a personality of the
    affinity's alliance is in hand; End of the Game: "reaches or exceeds 70%" wins."""
    journal = quick.new_game(["Ann", "Bob"])
    quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "order", "affinity": "hand"})
    assert quick.replay(journal).popularity["Ann"] == 40
    quick.play(journal, {"kind": "next"})  # the unite ended Ann's turn; Bob's ends
    out = quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "academy"})
    state = quick.replay(journal)
    assert state.popularity["Ann"] == 70 and state.winner == "Ann" and out[-1].kind == "end"


def test_campaign_tile_replacing_an_alliance():
    """Victory pages: the alliance tiles placed on the alliances card; a covered alliance can no
    longer be united, the new one can, in every later round."""
    journal = campaign.new_game(["Ann", "Bob"])
    campaign.play(
        journal, {"kind": "alliance", "name": "Guild", "gain": 30, "unite": 2, "replaces": "cult"}
    )
    with pytest.raises(InputError, match="not an alliance in play"):
        campaign.play(journal, {"kind": "unite", "player": "Ann", "alliance": "cult"})
    campaign.play(journal, {"kind": "next"})
    campaign.play(journal, {"kind": "unite", "player": "Bob", "alliance": "guild"})
    campaign.play(journal, {"kind": "next"})
    campaign.play(journal, {"kind": "unite", "player": "Bob", "alliance": "company"})
    state = campaign.replay(journal)
    assert state.number == 2 and state.pages_read == ["company"]
    assert state.round.players[state.round.current] == "Bob"
    assert "guild" in state.round.alliances and "cult" not in state.round.alliances


# --- random play: invariants -------------------------------------------------------------


def _where(state: solo.SoloState) -> Counter:
    return (
        Counter(state.crossroads)
        + Counter(state.hand)
        + state.draw
        + state.discard
        + Counter(f"{a}-dignitary" for a in state.plot_zone)
        + Counter(state.plot_others)
    )


ZONES = ["crossroads", "crossroads:1", "crossroads:5", "hand", "plot", "discard", "draw"]


def _step(journal: Journal, rng: random.Random) -> None:
    """One random step: mostly a legal action (random still-possible answers), sometimes a
    reported card move or a correction. Checks the invariants of the step."""
    before = solo.replay(journal)
    roll = rng.random()
    if roll < 0.06:
        try:
            solo.play_move(journal, rng.choice(DECK.card_order()), *rng.sample(ZONES, 2))
        except InputError:
            return
        after = solo.replay(journal)
        assert after.tokens == before.tokens and after.affinities == before.affinities
        assert after.popularity in (before.popularity, max(0, before.popularity - 10))
        return
    if roll < 0.08:
        what = rng.choice(["popularity", "persuasion"])
        solo.play_set(journal, what, rng.randint(0, 100 if what == "popularity" else 5))
        return
    actions = solo.legal_actions(before)
    assert actions, "a game in progress always offers an action"
    unites = [a for a in actions if isinstance(a, solo.Unite) and not a.banker]
    action = rng.choice(unites if unites and rng.random() < 0.7 else actions)
    answers: dict[str, str] = {}
    while True:
        try:
            solo.play(journal, action, answers)
            break
        except NeedAnswers as need:
            question = need.questions[0]
            if question.kind == "number":
                answers[question.id] = str(rng.randint(question.minimum, question.maximum))
            else:
                answers[question.id] = rng.choice(question.choices)
        except InputError as exc:
            assert "costs" in str(exc)  # only a cost above the tokens held is refused
            return
    after = solo.replay(journal)
    banker_off = isinstance(action, solo.Unite) and action.banker and action.alliance != "company"
    gain = 10 if isinstance(action, solo.Unite) and not banker_off else 0
    expected = min(100, before.popularity + gain) - 10 * (after.reshuffles - before.reshuffles)
    if expected <= 0:
        assert after.popularity == 0 and after.result == "lost"
    else:
        assert after.popularity == expected
    if after.result is None and not (
        isinstance(action, solo.Use) and action.replay
    ):  # a Replay ends no turn
        assert len(after.hand) <= 3 and not after.again  # End of Turn: hand limit
        piles = after.draw_count() + after.discard_count()
        assert len(after.crossroads) >= 4 or not piles  # End of Turn: the crossroads refilled
    if after.result == "won":
        assert sorted(after.affinities) == sorted(DECK.alliances)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(5, 60))
def test_random_play_keeps_the_invariants(seed, steps):
    """Random legal play with random still-possible reveals and answers (and a few reported
    moves and corrections): the 14 personalities are always exactly somewhere, tokens stay
    0-5, popularity moves only by the rules; a save replays to the same state; undo all then
    redo all is the identity."""
    rng = random.Random(seed)
    order = list(ALL.elements())
    rng.shuffle(order)
    journal = solo.new_game(
        rng.choice(list(solo.DIFFICULTIES)),
        seed,
        {f"reveal-{i}": order[i - 1] for i in range(1, 5)},
    )
    start = solo.replay(journal)
    for _ in range(steps):
        if solo.replay(journal).result:
            break
        _step(journal, rng)
        state = solo.replay(journal)
        assert _where(state) == ALL
        assert 0 <= state.tokens <= 5 and state.supply == 5 - state.tokens
        assert 0 <= state.popularity <= 100
    final = solo.replay(journal)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.toml"
        session.save_game(path, journal)
        assert solo.replay(session.load_game(path, solo.GAME)) == final
    count = len(journal.events)
    for _ in range(count):
        session.undo(journal)
    assert solo.replay(journal) == start
    for _ in range(count):
        session.redo(journal)
    assert solo.replay(journal) == final
