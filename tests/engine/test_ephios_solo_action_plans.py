"""Solo mode: the player's turn asked as questions (which action, its target, the Preacher).

Rulebook, Solo Mode > Player's turn: "You must perform a single action among the 4 basic
actions ... or the 5th action specific to solo mode, 'Corrupt'": the menu offers the verbs
of the legal actions only. "When a card says 'Replay', first apply the effect of the card
... and finally perform a new action": a used card is offered with and without Replay.
Solo Mode > special cards: "The Banker: If you use the Banker to unite an alliance (other
than the Company), do not gain your 10% popularity" (a unite without the pair is only the
Banker's); "The Preacher: When the Plot debates with a personality, you may use the Preacher
to add that personality to your hand" (the Preacher is a card of the hand).
"""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.plans import Ask, NothingToAsk, Report
from companion.ephios import solo
from companion.ephios.cards import load_deck
from companion.ephios.solo_action_plans import (
    PREACHER,
    action_plan,
    menu_question,
    preacher_plan,
    target_question,
)

DECK = load_deck()
CROSSROADS = ["cult", "order", "syndicate-dignitary", "academy"]


def make_state(crossroads=CROSSROADS, *, hand=(), plot_zone=(), tokens=0):
    """A solo state: the draw pile holds every personality not placed elsewhere."""
    rest = DECK.personalities()
    rest.subtract([*crossroads, *hand, *(f"{a}-dignitary" for a in plot_zone)])
    return solo.SoloState(
        difficulty="normal",
        popularity=20,
        crossroads=list(crossroads),
        draw=+rest,
        discard=Counter(),
        discard_top=None,
        plot_zone=list(plot_zone),
        hand=list(hand),
        tokens=tokens,
    )


def test_the_menu_offers_the_verbs_of_the_legal_actions_only():
    state = make_state(tokens=0)
    question = menu_question(state)
    verbs = {a.verb for a in solo.legal_actions(state)}
    assert question.id == "action"
    assert set(question.choices) == verbs  # an empty hand: no Preacher either
    assert "recruit-top" not in question.choices  # no token to pay the top card


def test_the_preacher_is_offered_only_while_the_hand_holds_a_card():
    assert PREACHER not in menu_question(make_state()).choices
    assert menu_question(make_state(hand=["order"])).choices[-1] == PREACHER


def test_a_unite_without_the_pair_is_the_bankers_and_says_so():
    without_pair = menu_question(make_state(hand=["order"]))
    pair = ["order"] * DECK.alliances["order"].unite  # as many as the alliance asks
    with_pair = menu_question(make_state(hand=pair))
    label = dict(zip(without_pair.choices, without_pair.labels, strict=True))["unite"]
    assert label != dict(zip(with_pair.choices, with_pair.labels, strict=True))["unite"]
    _, options = target_question("unite", make_state(hand=["order"]))
    assert all(isinstance(a, solo.Unite) and a.banker for a in options.values())
    _, options = target_question("unite", make_state(hand=pair))
    assert solo.Unite("order") in options.values()


def test_a_used_card_is_offered_with_and_without_replay():
    question, options = target_question("use", make_state(hand=["order", "cult"]))
    assert list(options.values()) == [
        solo.Use("order"),
        solo.Use("order", True),
        solo.Use("cult"),
        solo.Use("cult", True),
    ]
    assert question.choices == ("1", "2", "3", "4")


def test_recruit_and_debate_targets_are_the_slots_by_number():
    state = make_state(["order-dignitary", "academy", "cult", "company"], tokens=1)
    question, options = target_question("debate", state)
    assert question.keys == ("1", "2", "3", "4")
    assert options["2"] == solo.Debate(2)
    question, options = target_question("recruit", state)
    assert options["1"] == solo.Recruit(1) and solo.refusal(state, options["1"]) is not None


def test_the_action_plan_reports_the_typed_action():
    state = make_state(tokens=2)
    assert isinstance(action_plan(state, {}), Ask)
    assert action_plan(state, {"action": "recruit-top"}) == Report(
        "act", {"action": solo.RecruitTop()}
    )
    step = action_plan(state, {"action": "debate"})
    assert isinstance(step, Ask) and step.questions[0].id == "arg"
    assert action_plan(state, {"action": "debate", "arg": "3"}) == Report(
        "act", {"action": solo.Debate(3)}
    )


def test_the_preacher_is_a_card_of_the_hand_asked_only_among_several_kinds():
    with pytest.raises(NothingToAsk):
        preacher_plan(make_state(), {})
    assert preacher_plan(make_state(hand=["order", "order"]), {}) == Report(
        PREACHER, {"card": "order"}
    )
    step = preacher_plan(make_state(hand=["order", "cult", "order"]), {})
    assert isinstance(step, Ask) and step.questions[0].choices == ("order", "cult")
    assert preacher_plan(make_state(hand=["order", "cult"]), {PREACHER: "cult"}) == Report(
        PREACHER, {"card": "cult"}
    )


# --- the menu's entries as the game object's actions ------------------------------------


def test_the_game_object_offers_every_entry_of_the_menu_with_its_key():
    """Each verb of the legal actions is an action with the key the solo menu gave it, the
    Preacher too while the hand holds a card; Enter asks the menu; x corrects the table."""
    from ephios_solo_helpers import threatened

    from companion.ephios.table import SOLO

    state = solo.replay(threatened())
    keys = {action.id: action.key for action in SOLO.actions(state)}
    menu = menu_question(state)
    assert set(menu.choices) <= set(keys)
    assert keys == {
        "act": "enter",
        "recruit": "e",
        "recruit-top": "t",
        "debate": "d",
        "unite": "u",
        "corrupt": "c",
        "perceptive": "p",
        "preacher": "a",
        "correct": "x",
    } | ({"use": "s"} if "use" in menu.choices else {})
    assert [a.id for a in SOLO.actions(state) if a.main] == ["act"]


def test_a_verbs_action_records_what_the_menu_would():
    """`debate` with its slot is the menu's Debate: the same journal event, the same state."""
    from ephios_solo_helpers import CROSSROADS

    from companion.core import table
    from companion.core.questions import NeedAnswers
    from companion.ephios.table import SOLO

    by_verb = solo.new_game("normal", 1, CROSSROADS)
    by_menu = solo.new_game("normal", 1, CROSSROADS)
    with pytest.raises(NeedAnswers) as need:
        table.act(SOLO, by_verb, "debate", {})
    assert [q.id for q in need.value.questions] == ["arg"]
    reveals = {"reveal-1": "order-dignitary", "reveal-2": "cult"}
    one = table.act(SOLO, by_verb, "debate", {"arg": "1", **reveals})
    two = table.act(SOLO, by_menu, "act", {"action": "debate", "arg": "1", **reveals})
    assert one.event == two.event
    assert by_verb.events == by_menu.events


def test_the_preacher_action_asks_its_card_then_the_action_and_arms_it():
    """Solo Mode, the Preacher: "When the Plot debates with a personality, you may use the
    Preacher to add that personality to your hand": armed from the menu (which card of the
    hand, then your action), the debated card goes to the hand."""
    from ephios_solo_helpers import CROSSROADS

    from companion.core import table
    from companion.core.questions import NeedAnswers
    from companion.ephios.table import SOLO

    journal = solo.new_game("normal", 1, CROSSROADS)
    solo.play_move(journal, "order", "draw", "hand", "test")
    solo.play_move(journal, "cult", "draw", "hand", "test")
    with pytest.raises(NeedAnswers) as need:
        table.act(SOLO, journal, "preacher", {})
    assert [q.id for q in need.value.questions] == [PREACHER]
    with pytest.raises(NeedAnswers) as need:
        table.act(SOLO, journal, "preacher", {PREACHER: "order"})
    (armed,) = need.value.questions
    assert armed.id == "verb" and PREACHER not in armed.choices
    # Debate slot 1 (the Syndicate Dignitary), an ordinary card revealed there: no Dignitary
    # left, the Plot debates the rightmost personality (the Company): it goes to your hand.
    answers = {PREACHER: "order", "verb": "debate", "arg": "1", "reveal-1": "syndicate"}
    while True:
        try:
            stepped = table.act(SOLO, journal, "preacher", answers)
            break
        except NeedAnswers as more:
            answers[more.questions[0].id] = more.questions[0].choices[0]
    assert stepped.event["action"]["verb"] == "debate"
    assert stepped.event["answers"][PREACHER] == "order"
    assert any(a.what == "preacher" for a in stepped.announcements)
    assert "company" in stepped.state.hand and journal.events[-1] == stepped.event


def test_the_persuasion_value_is_asked_with_the_card_every_time():
    """Rulebook, "Personality cards": "Persuasion value: This value goes from 1 to 3. It
    indicates the number of persuasion tokens that you must spend to recruit the
    personality." An ordinary personality's value (1 or 2) is printed on the card only: it
    is asked right after the card, whether the tokens you hold are exact or a range, each
    value its own digit; the recruit is reported with it."""
    for fewest, most in ((2, 2), (3, 4)):
        state = make_state(tokens=most)
        state.set_tokens(fewest, most)  # 3–4: a range, as an unasked recruit leaves it
        assert state.token_range() == (fewest, most)
        step = action_plan(state, {"action": "recruit", "arg": "2"})  # the Order (ordinary)
        assert isinstance(step, Ask)
        (question,) = step.questions
        assert question.id == "cost" and question.kind == "one"
        assert question.choices == ("1", "2") and question.keys == ("1", "2")
        assert action_plan(state, {"action": "recruit", "arg": "2", "cost": "2"}) == Report(
            "act", {"action": solo.Recruit(2, cost=2)}
        )


def test_the_value_is_not_asked_for_a_dignitary_or_when_one_value_can_be_paid():
    """Rulebook, "The Dignitaries are the 5 personalities with a persuasion value of 3":
    printed, never asked. Holding 1 token, the ordinary personality you recruit costs 1 (a
    question with one possible answer is not asked)."""
    state = make_state(tokens=3)
    assert action_plan(state, {"action": "recruit", "arg": "3"}) == Report(
        "act", {"action": solo.Recruit(3)}
    )
    one = make_state(tokens=1)
    assert action_plan(one, {"action": "recruit", "arg": "1"}) == Report(
        "act", {"action": solo.Recruit(1)}
    )


def test_the_game_object_records_the_value_asked_and_the_tokens_stay_exact():
    """The table's recruit asks the value after the slot, before any card revealed, and
    records it in the action: the tokens are exact after it ("spend" the printed value)."""
    from ephios_solo_helpers import CROSSROADS

    from companion.core import table
    from companion.core.questions import NeedAnswers
    from companion.ephios.table import SOLO

    journal = solo.new_game("normal", 1, CROSSROADS)
    with pytest.raises(NeedAnswers) as need:
        table.act(SOLO, journal, "recruit", {"arg": "2"})
    assert [q.id for q in need.value.questions] == ["cost"]
    reveals = {"reveal-1": "syndicate", "reveal-2": "cult"}
    stepped = table.act(SOLO, journal, "recruit", {"arg": "2", "cost": "1", **reveals})
    assert stepped.event["action"] == {"verb": "recruit", "slot": 2, "cost": 1}
    assert solo.replay(journal).token_range() == (1, 1)
