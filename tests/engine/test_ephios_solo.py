"""Solo mode against the Plot: every rule of the rulebook's "Solo Mode" section."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli.ephios_words import parse_action as W
from companion.core import session
from companion.core.errors import InputError, SaveError
from companion.core.questions import NeedAnswers
from companion.ephios import solo
from companion.ephios.cards import card_alliance, load_deck

DECK = load_deck()


def make_state(
    crossroads,
    *,
    hand=(),
    plot_zone=(),
    discard=(),
    popularity=20,
    tokens=2,
    affinities=(),
    draw=None,
):
    """A solo state: the draw pile holds every personality not placed elsewhere (unless given)."""
    rest = DECK.personalities()
    placed = [*crossroads, *hand, *discard, *(f"{a}-dignitary" for a in plot_zone)]
    rest.subtract(placed)
    if draw is not None:
        rest = Counter(draw)
    return solo.SoloState(
        difficulty="normal",
        popularity=popularity,
        crossroads=list(crossroads),
        draw=+rest,
        discard=Counter(discard),
        plot_zone=list(plot_zone),
        hand=list(hand),
        tokens=tokens,
        affinities=list(affinities),
    )


def test_setup_popularity_by_difficulty_and_tokens():
    """Setup: marker on 30% (easy), 20% (normal), 10% (hard); 2 of the 5 tokens to the player."""
    cards = ["cult", "order", "academy", "syndicate"]
    for difficulty, expected in (("easy", 30), ("normal", 20), ("hard", 10)):
        state = solo.start_state(difficulty, cards)
        assert state.popularity == expected
        assert (state.tokens, state.supply) == (2, 3)
        assert state.draw_count() == 10 and state.discard_count() == 0


def test_setup_asks_the_four_crossroads_cards_with_possible_choices():
    """Setup: reveal the first 4 cards; the questions offer only cards the deck still holds."""
    with pytest.raises(NeedAnswers) as info:
        solo.new_game("normal", 1, {"reveal-1": "cult-dignitary"})
    ids = [q.id for q in info.value.questions]
    assert ids == ["reveal-2", "reveal-3", "reveal-4"]
    assert "cult-dignitary" not in info.value.questions[0].choices
    with pytest.raises(InputError):
        solo.new_game(
            "normal",
            1,
            {
                "reveal-1": "cult-dignitary",
                "reveal-2": "cult-dignitary",
                "reveal-3": "a",
                "reveal-4": "b",
            },
        )


def test_plot_recruits_and_refill_slides_right():
    """Plot's turn + End of Turn: recruit the rightmost Dignitary; slide right, reveal into slot 1."""
    state = make_state(["cult", "order-dignitary", "syndicate", "academy"])
    new, out, used = solo.act(
        state, W(["debate", "4"]), {"reveal-1": "company", "reveal-2": "order"}
    )
    # after the debate: company | cult | order-dignitary | syndicate ; the Plot takes slot 3
    assert new.plot_zone == ["order"]
    assert new.crossroads == ["order", "company", "cult", "syndicate"]
    assert new.tokens == 4
    assert used == {"reveal-1": "company", "reveal-2": "order"}
    assert any(a.who == "plot" and a.what == "plot.recruit" for a in out)


def test_plot_debates_the_rightmost_when_no_dignitary():
    """Plot's turn: no Dignitary -> the Plot discards the rightmost personality."""
    state = make_state(["cult", "order", "syndicate", "academy"])
    new, _, _ = solo.act(state, W(["debate", "1"]), {"reveal-1": "company", "reveal-2": "order"})
    assert new.discard == Counter({"cult": 1, "academy": 1})
    assert new.discard_top == "academy"
    assert new.crossroads == ["order", "company", "order", "syndicate"]


def test_reveal_questions_offer_only_the_draw_pile():
    """The app knows every card move: a reveal must be a card still in the draw pile."""
    state = make_state(["cult", "order-dignitary", "syndicate", "academy"])
    with pytest.raises(NeedAnswers) as info:
        solo.act(state, W(["debate", "1"]))
    question = info.value.questions[0]
    assert question.id == "reveal-1"
    assert "order-dignitary" not in question.choices and "cult" not in question.choices
    with pytest.raises(InputError):
        solo.act(state, W(["debate", "1"]), {"reveal-1": "order-dignitary"})
    assert state.crossroads == ["cult", "order-dignitary", "syndicate", "academy"]  # unchanged


def test_recruit_costs_the_persuasion_value():
    """Recruit: a Dignitary costs 3; an ordinary personality's value (1-2), when given, is
    paid; not given, it is not asked (readings: no decision depends on it) and the tokens
    you hold are then known as a range."""
    state = make_state(["cult", "order", "syndicate-dignitary", "academy"], tokens=3)
    new, _, used = solo.act(
        state, W(["recruit", "2"]), {"reveal-1": "company", "reveal-2": "order"}
    )
    assert new.token_range() == (1, 2) and "cost" not in used and new.hand == ["order"]
    new, _, _ = solo.act(
        state, W(["recruit", "2"]), {"cost": "2", "reveal-1": "company", "reveal-2": "order"}
    )
    assert new.tokens == 1 and new.hand == ["order"]
    new, _, _ = solo.act(state, W(["recruit", "3"]), {"reveal-1": "company", "reveal-2": "order"})
    assert new.tokens == 0 and new.hand == ["syndicate-dignitary"]
    poor = make_state(["cult", "order", "syndicate-dignitary", "academy"], tokens=2)
    with pytest.raises(InputError, match="costs 3"):
        solo.act(poor, W(["recruit", "3"]))


def test_debate_gains_two_tokens_up_to_five():
    """Debate gains 2 persuasion tokens; you can only have 5."""
    state = make_state(["cult", "order", "syndicate", "academy"], tokens=4)
    new, _, _ = solo.act(state, W(["debate", "1"]), {"reveal-1": "company", "reveal-2": "order"})
    assert new.tokens == 5 and new.supply == 0


def test_recruit_top_asks_what_was_drawn():
    """Recruit from the draw pile for 1 token: the player tells which card it was."""
    state = make_state(["cult", "order", "syndicate", "academy"])
    with pytest.raises(NeedAnswers) as info:
        solo.act(state, W(["recruit-top"]))
    assert info.value.questions[0].id == "drawn"
    new, _, _ = solo.act(state, W(["recruit-top", "company"]), {"reveal-1": "order"})
    assert new.hand == ["company"] and new.tokens == 1
    assert new.crossroads == ["order", "cult", "order", "syndicate"]


def test_reshuffle_costs_ten_percent():
    """End of Turn warning: shuffling the discard pile into a new draw pile costs 10%."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"],
        draw=[],
        discard=["company", "order", "academy"],
        hand=["syndicate", "syndicate"],
        popularity=30,
    )
    new, out, _ = solo.act(
        state, W(["debate", "1"]), {"reveal-1": "company", "reveal-2": "academy"}
    )
    assert new.popularity == 20
    assert new.reshuffles == 1
    assert any(a.what == "reshuffle" for a in out)


def test_reshuffle_to_zero_loses_at_once():
    """Defeat: 0% popularity ends the game immediately (no further reveal is asked)."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"], draw=[], discard=["company"], popularity=10
    )
    new, out, _ = solo.act(state, W(["debate", "1"]))
    assert new.result == "lost" and new.popularity == 0
    assert out[-1].kind == "end"
    with pytest.raises(InputError, match="over"):
        solo.act(new, W(["debate", "1"]))


def test_unite_gains_ten_and_first_affinity():
    """Solo Unite: discard all the hand, +10% whatever the alliance, affinity the first time only."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"], hand=["company", "company-dignitary", "order"]
    )
    new, _, _ = solo.act(state, W(["unite", "company"]), {"reveal-1": "academy"})
    assert new.popularity == 30 and new.hand == [] and new.affinities == ["company"]
    assert new.discard["company"] == 1 and new.discard["order"] == 1
    with pytest.raises(InputError, match="needs 2"):
        solo.act(state, W(["unite", "order"]))


def test_syndicate_needs_three():
    """Unite warning: 3 Syndicate personalities are needed to unite the Syndicate."""
    state = make_state(["cult", "order", "academy", "company"], hand=["syndicate", "syndicate"])
    with pytest.raises(InputError, match="needs 3"):
        solo.act(state, W(["unite", "syndicate"]))


def test_second_unite_of_same_alliance_gives_no_new_affinity():
    """Solo Unite: only an alliance united for the first time gives its affinity."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"],
        hand=["company", "company-dignitary"],
        affinities=["company"],
    )
    new, _, _ = solo.act(state, W(["unite", "company"]), {"reveal-1": "order"})
    assert new.affinities == ["company"] and new.popularity == 30


@pytest.mark.parametrize(("alliance", "gain"), [("company", 10), ("order", 0), ("cult", 0)])
def test_banker_unite_gives_no_ten_percent_except_company(alliance, gain):
    """Solo clarification, the Banker: uniting an alliance other than the Company gives no 10%."""
    state = make_state(["cult", "order", "syndicate", "academy"], hand=["company"])
    new, _, _ = solo.act(state, W(["unite", alliance, "banker"]), {"reveal-1": "order"})
    assert new.popularity == 20 + gain
    assert alliance in new.affinities


def test_corrupt_gives_the_plot_two_turns():
    """Corrupt: discard a Dignitary from the Plot zone; the Plot takes 2 turns, each with its end of turn."""
    state = make_state(["cult", "order-dignitary", "syndicate", "academy"], plot_zone=["company"])
    new, out, _ = solo.act(
        state, W(["corrupt", "company"]), {"reveal-1": "cult-dignitary", "reveal-2": "order"}
    )
    # Plot turn 1 recruits the order Dignitary (slot 2), refill reveals the cult Dignitary into slot 1;
    # Plot turn 2 recruits it, refill reveals an order.
    assert new.plot_zone == ["order", "cult"]
    assert new.discard["company-dignitary"] == 1
    assert new.crossroads == ["order", "cult", "syndicate", "academy"]
    assert sum(1 for a in out if a.who == "plot") == 2


def test_perceptive_takes_a_card_from_the_plot_zone():
    """Solo clarification, the Perceptive: choose a card in the Plot zone and add it to your hand."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"], hand=["company", "order"], plot_zone=["academy"]
    )
    with pytest.raises(NeedAnswers) as info:
        solo.act(state, W(["use", "perceptive", "academy"]))
    assert info.value.questions[0].id == "perceptive-card"
    new, _, _ = solo.act(
        state,
        W(["use", "perceptive", "academy"]),
        {"perceptive-card": "company", "reveal-1": "syndicate"},
    )
    assert new.plot_zone == [] and sorted(new.hand) == ["academy-dignitary", "order"]
    assert new.discard["company"] == 1


def test_preacher_takes_the_debated_personality():
    """Solo clarification, the Preacher: when the Plot debates, add that personality to your hand."""
    state = make_state(["cult", "order", "syndicate", "academy"], hand=["company"])
    new, _, used = solo.act(
        state,
        W(["debate", "1"]),
        {"preacher": "company", "reveal-1": "syndicate", "reveal-2": "order"},
    )
    assert new.hand == ["academy"] and new.discard["company"] == 1
    assert used["preacher"] == "company"


def test_hand_limit_asks_which_to_discard():
    """End of Turn: more than 3 personalities in hand -> discard down to 3 (a question)."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"], hand=["company", "order", "syndicate"]
    )
    with pytest.raises(NeedAnswers) as info:
        solo.act(state, W(["recruit", "1"]), {"cost": "1"})
    assert info.value.questions[0].id == "hand-limit-1"
    new, _, _ = solo.act(
        state,
        W(["recruit", "1"]),
        {"cost": "1", "hand-limit-1": "order", "reveal-1": "syndicate", "reveal-2": "academy"},
    )
    assert len(new.hand) == 3 and "order" not in new.hand and new.discard["order"] == 1


def test_use_discards_and_replay_skips_the_plot():
    """Use: reveal, apply, discard; Replay: act again, no refill and no Plot turn."""
    state = make_state(["cult", "order", "syndicate", "academy"], hand=["company"])
    new, _, _ = solo.act(state, W(["use", "company", "replay"]))
    assert new.again and new.crossroads == state.crossroads and new.turn == state.turn
    assert new.discard["company"] == 1


def test_victory_with_five_affinities():
    """Victory: gathering the 5 different affinities wins at once."""
    state = make_state(
        ["cult", "order", "syndicate", "academy"],
        hand=["company", "company-dignitary"],
        affinities=["syndicate", "academy", "order", "cult"],
    )
    new, out, _ = solo.act(state, W(["unite", "company"]))
    assert new.result == "won" and out[-1].kind == "end"


def test_defeat_when_five_dignitaries_in_the_plot_zone():
    """Defeat: the 5 Dignitaries in the Plot zone end the game at once."""
    state = make_state(
        ["cult", "cult-dignitary", "syndicate", "academy"],
        plot_zone=["syndicate", "academy", "order", "company"],
    )
    new, out, _ = solo.act(state, W(["debate", "1"]), {"reveal-1": "order"})
    assert new.result == "lost" and new.plot_zone[-1] == "cult"
    assert out[-1].what == "lost.plot" and out[-1].kind == "end"


def test_extra_reveals_are_refused():
    """Every --reveal must be used: extra cards mean the table and the app disagree."""
    state = make_state(["cult", "order", "syndicate", "academy"])
    with pytest.raises(InputError, match="more card"):
        solo.act(
            state,
            W(["debate", "1"]),
            {"reveal-1": "company", "reveal-2": "order", "reveal-3": "order"},
        )


# --- scripted games ---------------------------------------------------------------


def drive(journal, action, pick):
    """Play an action, answering each question with ``pick(question)`` until it goes through."""
    answers: dict[str, str] = {}
    while True:
        try:
            return solo.play(journal, W(action) if isinstance(action, list) else action, answers)
        except NeedAnswers as need:
            question = need.questions[0]
            answers[question.id] = pick(question)


def friendly_pick(prefer):
    """A table that reveals the first preferred card still possible (else the first choice)."""

    def pick(question):
        if question.kind == "number":
            return "1"
        for card in prefer():
            if card in question.choices:
                return card
        return question.choices[0]

    return pick


TARGETS = ["company", "cult", "academy", "order", "syndicate"]


def target(state):
    """The alliance the scripted player works on: the first not yet united."""
    return next(a for a in TARGETS if a not in state.affinities)


def choose(state):
    """A simple player: unite the target, corrupt when the Plot grows, else draw or debate."""
    aim = target(state)
    if sum(1 for c in state.hand if card_alliance(c) == aim) >= DECK.alliances[aim].unite:
        return ["unite", aim]
    for slot, card in enumerate(state.crossroads, 1):
        if card == aim and state.tokens >= 1:
            return ["recruit", str(slot), "1"]
    if len(state.plot_zone) >= 3:
        return ["corrupt", state.plot_zone[0]]
    if state.tokens >= 1 and any(card_alliance(c) == aim for c in state.draw.elements()):
        return ["recruit-top"]
    return ["debate", str(len(state.crossroads))]


def test_scripted_game_reshuffle_corrupt_affinity_win():
    """A whole game: reshuffle penalty, a Corrupt double turn, affinities, and the 5-affinity win."""
    journal = solo.new_game(
        "easy",
        5,
        {"reveal-1": "cult", "reveal-2": "order", "reveal-3": "academy", "reveal-4": "syndicate"},
    )

    def pick(question):
        aim = target(solo.replay(journal))
        mine = [c for c in question.choices if card_alliance(c) == aim]
        others = [c for c in question.choices if card_alliance(c) != aim]
        if question.id == "drawn":
            return mine[-1] if mine else question.choices[0]
        if question.id.startswith("hand-limit"):
            return others[0] if others else question.choices[0]
        ordinary = [c for c in others if not c.endswith("-dignitary")]
        return (ordinary or others or question.choices)[0]

    seen = {"reshuffle": False, "corrupt": False, "affinity": False}
    for _ in range(100):
        state = solo.replay(journal)
        if state.result:
            break
        action = choose(state)
        out = drive(journal, action, pick)
        seen["reshuffle"] |= any(a.what == "reshuffle" for a in out)
        seen["corrupt"] |= action[0] == "corrupt" and sum(a.who == "plot" for a in out) == 2
        seen["affinity"] |= any(a.what == "affinity" for a in out)
    state = solo.replay(journal)
    assert state.result == "won"
    assert sorted(state.affinities) == sorted(DECK.alliances)
    assert seen == {"reshuffle": True, "corrupt": True, "affinity": True}


def test_scripted_game_lost_at_zero_popularity():
    """Defeat at 0%: on hard (10%) the first reshuffle of the discard pile ends the game."""
    journal = solo.new_game(
        "hard",
        1,
        {"reveal-1": "cult", "reveal-2": "order", "reveal-3": "academy", "reveal-4": "company"},
    )
    pick = friendly_pick(lambda: [c for c in DECK.card_order() if not c.endswith("-dignitary")])
    for _ in range(50):
        if solo.replay(journal).result:
            break
        drive(journal, ["debate", "4"], pick)
    state = solo.replay(journal)
    assert state.result == "lost" and state.popularity == 0 and state.reshuffles == 1


def test_scripted_game_lost_to_the_plot():
    """Defeat: the Plot gathers the 5 Dignitaries when the table keeps revealing them."""
    journal = solo.new_game(
        "easy",
        1,
        {
            "reveal-1": "cult",
            "reveal-2": "order",
            "reveal-3": "academy",
            "reveal-4": "company-dignitary",
        },
    )
    pick = friendly_pick(lambda: [c for c in DECK.card_order() if c.endswith("-dignitary")])
    for _ in range(20):
        if solo.replay(journal).result:
            break
        drive(journal, ["debate", "1"], pick)
    state = solo.replay(journal)
    assert state.result == "lost" and sorted(state.plot_zone) == sorted(DECK.alliances)


# --- journal: undo/redo, saves ------------------------------------------------------


def _random_game(seed: int, steps: int):
    rng = random.Random(seed)
    journal = solo.new_game(
        "easy",
        seed,
        dict(
            zip(
                ["reveal-1", "reveal-2", "reveal-3", "reveal-4"],
                ["cult", "order", "academy", "company"],
                strict=True,
            )
        ),
    )
    pick_rng = random.Random(seed + 1)

    def pick(question):
        if question.kind == "number":
            return str(pick_rng.randint(question.minimum, question.maximum))
        return pick_rng.choice(question.choices)

    for _ in range(steps):
        state = solo.replay(journal)
        actions = solo.legal_actions(state)
        if not actions:
            break
        action = rng.choice(actions)
        try:
            drive(journal, action, pick)
        except InputError:
            continue  # e.g. a cost above the tokens held: refused, nothing recorded
    return journal


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_undo_all_then_redo_all_gives_the_same_state(seed, steps):
    """Undo every step then redo every step: the same state (event-sourced journal)."""
    journal = _random_game(seed, steps)
    before = solo.replay(journal)
    count = len(journal.events)
    for _ in range(count):
        session.undo(journal)
    assert solo.replay(journal) == solo.start_state("easy", ["cult", "order", "academy", "company"])
    for _ in range(count):
        session.redo(journal)
    assert solo.replay(journal) == before


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_cards_are_conserved(seed):
    """The app sees every card move: the 14 personalities are always somewhere."""
    state = solo.replay(_random_game(seed, 10))
    total = Counter(state.crossroads) + Counter(state.hand) + state.draw + state.discard
    total += Counter(f"{a}-dignitary" for a in state.plot_zone)
    assert total == DECK.personalities()


def test_save_round_trip_and_bad_event(tmp_path):
    """A saved game replays identically; an invalid event names the file and the event number."""
    journal = _random_game(4, 5)
    path = tmp_path / "solo.toml"
    session.create_game(path, journal)
    back = session.load_game(path, solo.GAME)
    assert solo.replay(back, str(path)) == solo.replay(journal)
    back.events.append({"kind": "act", "action": ["debate", "9"], "answers": {}})
    with pytest.raises(SaveError, match=rf"{path}.*event #{len(back.events)}"):
        solo.replay(back, str(path))
    with pytest.raises(SaveError, match="already exists"):
        session.create_game(path, journal)


def test_a_question_carries_the_table_so_far_for_display():
    """NeedAnswers.context: the state after the steps worked out, the row being refilled."""
    state = make_state(["syndicate", "order", "academy", "company"], tokens=2)
    # Debate slot 4: the first question is the reveal into slot 1 after your turn.
    with pytest.raises(NeedAnswers) as info:
        solo.act(state, W(["debate", "4"]))
    context = info.value.context
    so_far = context["state"]
    assert context["crossroads"] == [None, "syndicate", "order", "academy"]
    assert so_far.crossroads == ["syndicate", "order", "academy"]
    assert so_far.tokens == 4 and so_far.discard["company"] == 1
    assert state.tokens == 2 and state.crossroads[3] == "company"  # the state is untouched
    # The Plot debates the academy; after its turn slot 1 is asked, the cult revealed before.
    with pytest.raises(NeedAnswers) as info:
        solo.act(state, W(["debate", "4"]), {"reveal-1": "cult"})
    context = info.value.context
    assert context["crossroads"] == [None, "cult", "syndicate", "order"]
    assert context["state"].discard["academy"] == 1
    assert info.value.questions[0].id == "reveal-2"
    # The Plot recruits a Dignitary: the context shows it in the Plot zone already.
    state = make_state(["syndicate-dignitary", "order", "academy", "company"], tokens=0)
    with pytest.raises(NeedAnswers) as info:
        solo.act(state, W(["debate", "2"]), {"reveal-1": "cult"})
    context = info.value.context
    assert context["crossroads"] == [None, "cult", "academy", "company"]
    assert context["state"].plot_zone == ["syndicate"]


def test_a_question_before_any_refill_shows_the_state_of_the_action():
    """A hand-limit question comes before the refill: the context is the state after the
    recruit, the gap where the card was."""
    state = make_state(
        ["syndicate", "order", "academy", "company"],
        tokens=2,
        hand=["cult", "cult-dignitary", "company-dignitary"],
    )
    with pytest.raises(NeedAnswers) as info:
        solo.act(state, W(["recruit", "2", "1"]))
    assert info.value.questions[0].id == "hand-limit-1"
    assert info.value.context["crossroads"] == ["syndicate", None, "academy", "company"]
    assert info.value.context["state"].tokens == 1


def test_recruit_cost_is_printed_for_a_dignitary_and_asked_otherwise():
    """Components: "Persuasion value: This value goes from 1 to 3"; Solo Mode: the Dignitaries
    are the personalities with a persuasion value of 3; the others are 1 or 2."""
    assert solo.recruit_cost("order-dignitary") == (3, 3)
    assert solo.recruit_cost("order") == (1, 2)


# Each field's annotation as the state's copy knows it: a new field of another kind (a
# list of lists, a dict of objects) must be copied by ``SoloState.__deepcopy__`` first.
IMMUTABLE_FIELDS = {"str", "int", "bool", "str | None", "int | None", "Result | None"}
COPIED_FIELDS = {"list[str]", "list[int]", "Counter[str]"}


def test_a_solo_states_copy_shares_nothing_mutable():
    state = make_state(["cult", "order", "syndicate", "academy"], hand=["cult"], discard=["order"])
    state.plot_zone.append("order")
    state.plot_others.append("academy")
    state.affinities.append("cult")
    state.gaps.append(2)
    kinds = {f.name: str(f.type) for f in dataclasses.fields(solo.SoloState)}
    assert set(kinds.values()) <= IMMUTABLE_FIELDS | COPIED_FIELDS, kinds
    before = repr(state)
    copied = copy.deepcopy(state)
    assert copied == state and repr(copied) == before
    for name, kind in kinds.items():
        value = getattr(copied, name)
        if kind in COPIED_FIELDS:
            assert value is not getattr(state, name) and value, name
            assert type(value) is type(getattr(state, name)), name
            value.clear()  # emptying each list and counter of the copy...
    copied.tokens, copied.result = 0, "lost"
    assert repr(state) == before  # ...leaves the state as it was
