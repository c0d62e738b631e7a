"""The set-up of an Ephios game as questions.

Rulebook, Solo Mode > Setup: the popularity marker starts where the difficulty says
(easy, normal, hard); "place 4 cards face up ... to form the crossroads", slot 1 (left)
first, each among the cards still in the draw pile. Quick Game > Setup: 2 to 4 players;
the first player is one of them.
"""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.plans import Ask, Report, bind, run_plan
from companion.core.questions import NeedAnswers
from companion.ephios import quick, solo
from companion.ephios.cards import load_deck
from companion.ephios.plot import CROSSROADS_SIZE
from companion.ephios.setup_plans import players_plan, solo_setup_plan

CROSSROADS = {"reveal-1": "cult", "reveal-2": "order", "reveal-3": "syndicate-dignitary"}


def test_solo_first_the_difficulty_with_its_starting_popularity():
    step = solo_setup_plan(None, {})
    assert isinstance(step, Ask)
    question = step.questions[0]
    assert question.id == "difficulty" and question.choices == tuple(solo.DIFFICULTIES)


def test_then_each_crossroads_slot_left_first_among_the_cards_left():
    step = solo_setup_plan(None, {"difficulty": "normal"})
    assert isinstance(step, Ask) and step.questions[0].id == "reveal-1"
    assert set(step.questions[0].choices) == set(load_deck().personalities())
    step = solo_setup_plan(None, {"difficulty": "normal", **CROSSROADS})
    assert isinstance(step, Ask) and step.questions[0].id == f"reveal-{CROSSROADS_SIZE}"
    # The deck's one Cult is on the crossroads: it cannot be revealed again.
    assert "cult" not in step.questions[0].choices


def test_solo_reports_the_new_games_arguments():
    answers = {"difficulty": "hard", **CROSSROADS, "reveal-4": "academy"}
    report = run_plan(bind(solo_setup_plan, None), answers)
    assert report == Report(
        "new", {"difficulty": "hard", "reveals": {**CROSSROADS, "reveal-4": "academy"}}
    )
    with pytest.raises(InputError):  # a second Cult
        run_plan(bind(solo_setup_plan, None), {**answers, "reveal-4": "cult"})


def test_players_are_2_to_4_then_who_plays_first():
    for names in (["Ann"], ["A", "B", "C", "D", "E"]):
        assert not quick.MIN_PLAYERS <= len(names) <= quick.MAX_PLAYERS
        with pytest.raises(InputError):
            players_plan(names, {})
    step = players_plan(["Ann", "Bob"], {})
    assert isinstance(step, Ask) and step.questions[0].choices == ("Ann", "Bob")
    with pytest.raises(NeedAnswers):
        run_plan(bind(players_plan, ["Ann", "Bob"]), {})
    assert players_plan(["Ann", "Bob"], {"first": "Bob"}) == Report(
        "new", {"players": ["Ann", "Bob"], "first": "Bob"}
    )
