"""Ephios solo: what the engine asks and says — a question with one possible answer is not
asked, the ⚠ marks of the action menu, one persuasion count for every view, alliance names
and answers in words."""

from __future__ import annotations

from collections import Counter

from ephios_solo_helpers import CROSSROADS
from ephios_solo_helpers import threatened as threatened_journal
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.plans import Report
from companion.core.questions import NeedAnswers
from companion.ephios import outcome, solo, solo_action_plans
from companion.ephios.solo_state import SoloState


def threatened() -> SoloState:
    """The game under the threat, as it stands."""
    return solo.replay(threatened_journal())


def test_the_perceptive_with_one_dignitary_in_the_plot_zone_is_not_asked():
    """Solo: the Perceptive takes "a Dignitary from the Plot zone": with one there, that one."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    solo.play_move(journal, "order-dignitary", "draw", "plot", "test")
    solo.play_move(journal, "cult", "draw", "hand", "test")
    state = solo.replay(journal)
    sole = solo_action_plans.sole_target("perceptive", state)
    assert sole is not None and sole[0] == solo.Perceptive("order")
    assert "Order" in sole[1]
    step = solo_action_plans.action_plan(state, {"action": "perceptive"})
    assert isinstance(step, Report) and step.fields["action"] == solo.Perceptive("order")
    # two Dignitaries there: asked
    solo.play_move(journal, "cult-dignitary", "draw", "plot", "test")
    assert solo_action_plans.sole_target("perceptive", solo.replay(journal)) is None


def test_the_last_kind_of_card_in_the_draw_pile_is_not_asked():
    """The app counts the draw pile: when it holds one kind of card, the card revealed is
    that one (not asked), and the refill's step names it."""
    state = solo.replay(solo.new_game("normal", 1, CROSSROADS))
    state.draw = Counter({"cult": 2})
    new, out, _ = solo.act(state, solo.Debate(4))
    assert "cult" in new.crossroads
    assert any(a.what == "refill" and "Cult" in a.text for a in out)


def test_the_top_menu_marks_the_verbs_that_lose():
    """A verb whose every target loses is marked '⚠' (its targets '⚠ loses'); some: '⚠
    some'; none: unmarked."""
    state = threatened()
    menu = solo_action_plans.menu_question(state)
    labels = dict(zip(menu.choices, menu.labels, strict=True))
    assert labels["recruit-top"].endswith(" ⚠")
    assert labels["debate"].endswith("⚠ some")
    assert "⚠" not in labels["corrupt"]
    debate, _ = solo_action_plans.target_question("debate", state)
    assert any("⚠ loses" in label for label in debate.labels)
    assert not all("⚠ loses" in label for label in debate.labels)


def test_the_recruit_menu_says_the_tokens_the_board_says():
    """One count of your tokens: the menu's "cannot: you have ..." is the engine's range."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    solo.play_move(journal, "cult-dignitary", "draw", "crossroads:1", "test")
    state = solo.replay(journal)
    state.set_tokens(0, 2)
    question, _ = solo_action_plans.slot_question("recruit", state)
    assert "you have 0–2 persuasion tokens" in question.labels[0]
    assert state.persuasion_text() == "0–2" and state.supply_text() == "3–5"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["recruit", "debate"]), min_size=1, max_size=8))
def test_the_tokens_are_never_a_range_wider_than_one(moves):
    """An ordinary card's value (1 or 2) is not asked while your tokens are known; a
    second one while they are a range is, so the board never says 0–3 while you hold 1."""
    journal = solo.new_game("normal", 3, CROSSROADS)
    for move in moves:
        state = solo.replay(journal)
        if state.result:
            break
        slots = [n for n, c in enumerate(state.row(), 1) if c and not c.endswith("dignitary")]
        if not slots:
            break
        action = solo.Recruit(slots[0]) if move == "recruit" else solo.Debate(slots[0])
        if solo.refusal(state, action):
            continue
        answers: dict[str, str] = {}
        while True:
            try:
                solo.play(journal, action, answers)
                break
            except NeedAnswers as need:
                question = need.questions[0]
                answers[question.id] = (
                    str(question.minimum) if question.kind == "number" else question.choices[0]
                )
        fewest, most = solo.replay(journal).token_range()
        assert most - fewest <= 1


def test_answers_and_alliances_in_words():
    """No internal id in a step's words; an alliance is always its printed name."""
    act = {"kind": "act", "action": {"verb": "debate", "slot": 1}}
    event = {**act, "answers": {"hand-limit-1": "order"}}
    assert "hand-limit" not in solo.describe_event(event)
    assert "Order" in solo.describe_event(event)
    affinities = {"kind": "set", "what": "affinities", "value": ["cult", "order"]}
    assert "Cult, Order" in solo.describe_event(affinities)
    journal = solo.new_game("normal", 1, CROSSROADS)
    solo.play_set(journal, "affinities", ["cult"])
    news = outcome._solo_news(
        solo.replay(solo.new_game("normal", 1, CROSSROADS)), solo.replay(journal)
    )
    assert news == ["Affinity of the Cult gathered"]
