"""The Ephios quick game's and campaign's reports as question plans.

Rulebook: /work/shared/rules/ephios.txt (Quick Game > Course of a Game > 4 - Unite,
Quick Game > Affinity Card, Campaign > Victory pages).
"""

from __future__ import annotations

import pytest

from companion.core.plans import Ask, Report, bind, run_plan
from companion.core.questions import NeedAnswers
from companion.ephios import campaign, quick
from companion.ephios.quick_plans import popularity_plan, tile_plan, unite_plan


def state() -> quick.QuickState:
    return quick.replay(quick.new_game(["Ann", "Bob", "Cy"], seed=1))


def ids(step) -> list[str]:
    assert isinstance(step, Ask)
    return [q.id for q in step.questions]


def test_unite_asks_alliance_affinity_then_confirms_for_the_player_whose_turn_it_is():
    """Unite: the alliance, the affinity, then the gain to confirm; the player is the one
    whose turn it is ("on your turn, you must perform a single action", Course of a Game)."""
    s = state()
    s.current = 1
    alliance = next(iter(s.alliances))
    answers: dict[str, str] = {}
    for expected, value in (("alliance", alliance), ("affinity", "match")):
        assert ids(unite_plan(s, answers)) == [expected]
        answers[expected] = value
    confirm = unite_plan(s, answers)
    assert ids(confirm) == ["confirm"]
    assert unite_plan(s, {**answers, "confirm": "no"}) is None
    assert unite_plan(s, {**answers, "confirm": "yes"}) == Report(
        "unite", {"player": "Bob", "alliance": alliance, "affinity": "match"}
    )


def test_the_player_whose_turn_it_is_comes_first():
    """A card effect's popularity (and the unite of a game saved before a unite ended the
    turn) asks who, the player whose turn it is first."""
    s = state()
    s.current = 2
    step = popularity_plan(s, {})
    assert isinstance(step, Ask) and step.questions[0].choices == ("Cy", "Ann", "Bob")
    s.unite_ends_turn = False
    step = unite_plan(s, {})
    assert isinstance(step, Ask) and step.questions[0].choices == ("Cy", "Ann", "Bob")


def test_an_affinity_is_played_once_per_game():
    """ "You only have one affinity per game" (Quick Game > Affinity Card): once played,
    "none" is the only answer, so it is not asked: taken, and the confirmation says so."""
    s = state()
    question = unite_plan(s, {"player": "Ann", "alliance": next(iter(s.alliances))})
    assert isinstance(question, Ask) and question.questions[0].choices == ("match", "hand", "none")
    s.affinity_used["Ann"] = True
    question = unite_plan(s, {"player": "Ann", "alliance": next(iter(s.alliances))})
    assert isinstance(question, Ask) and question.questions[0].id == "confirm"
    assert "played already" in question.questions[0].text
    answers = {"player": "Ann", "alliance": next(iter(s.alliances)), "confirm": "yes"}
    report = unite_plan(s, answers)
    assert isinstance(report, Report) and report.fields["affinity"] == "none"


def test_popularity_down_is_a_negative_delta():
    s = state()
    answers = {"player": "Ann", "way": "down", "amount": "10"}
    assert popularity_plan(s, answers) == Report("popularity", {"player": "Ann", "delta": -10})
    with pytest.raises(NeedAnswers) as need:
        run_plan(bind(popularity_plan, s), {"player": "Ann"})
    assert [q.id for q in need.value.questions] == ["way"]


def test_a_card_effect_is_asked_within_the_popularity_track():
    """The popularity track runs from 0% (Components and Setup: "the 0% space") to 100%: a
    marker at 0% cannot go down (the way is shown, not offered), and the amount asked goes
    no further than the end of the track."""
    s = state()
    way = popularity_plan(s, {"player": "Ann"})
    assert isinstance(way, Ask) and way.questions[0].disabled == ("down",)
    s.popularity["Ann"] = 60
    up = popularity_plan(s, {"player": "Ann", "way": "up"})
    assert isinstance(up, Ask) and up.questions[0].maximum == quick.MAX_POPULARITY - 60
    down = popularity_plan(s, {"player": "Ann", "way": "down"})
    assert isinstance(down, Ask) and down.questions[0].maximum == 60


def test_a_tile_asks_its_numbers_together_and_may_cover_an_alliance():
    """ "Place on the alliances card the alliance tile(s) concerned, following the
    indications of the victory page" (Campaign > Victory pages)."""
    s = campaign.replay(campaign.new_game(["Ann", "Bob"], seed=1)).round
    step = tile_plan(s, {"name": "The Guild"})
    assert ids(step) == ["gain", "unite", "replaces"]
    assert isinstance(step, Ask) and [q.default for q in step.questions[:2]] == ["30", "2"]
    covered = next(iter(s.alliances))
    answers = {"name": "The Guild", "gain": "40", "unite": "3", "replaces": covered}
    assert tile_plan(s, answers) == Report(
        "alliance", {"name": "The Guild", "gain": 40, "unite": 3, "replaces": covered}
    )
    answers["replaces"] = "none"
    assert tile_plan(s, answers) == Report(
        "alliance", {"name": "The Guild", "gain": 40, "unite": 3}
    )


def test_a_tile_asks_its_name_first_as_the_victory_page_prints_it():
    """The tile's name is typed (a text question) before its numbers; a blank name is not
    one (Campaign > Victory pages: the tile is named on the page)."""
    s = campaign.replay(campaign.new_game(["Ann", "Bob"], seed=1)).round
    for answers in ({}, {"name": "  "}):
        step = tile_plan(s, answers)
        assert ids(step) == ["name"]
        assert isinstance(step, Ask) and step.questions[0].kind == "text"
    assert ids(tile_plan(s, {"name": "The Guild"})) == ["gain", "unite", "replaces"]


def test_a_card_effect_is_offered_in_tens_first_within_the_track():
    """Every popularity change the rulebook prints is a multiple of 10% (Quick Game >
    Course of a Game > 4 - Unite: +20% to +40%, the affinity +10% or +20%): the amount
    starts at 10, or at what is left of the track when less."""
    s = state()
    up = popularity_plan(s, {"player": "Ann", "way": "up"})
    assert isinstance(up, Ask) and up.questions[0].default == "10"
    s.popularity["Ann"] = 5
    down = popularity_plan(s, {"player": "Ann", "way": "down"})
    assert isinstance(down, Ask) and down.questions[0].default == "5"


@pytest.mark.parametrize(
    ("before", "way"), [(0, "up"), (35, "up"), (65, "up"), (40, "down"), (100, "down")]
)
def test_a_card_effect_steps_by_ten(before, way):
    """The amount's + / - step by 10%: from the 10 it starts at, up to the end of the track
    and back down, every value offered is a multiple of 10 (Quick Game: every printed
    popularity change is one)."""
    s = state()
    s.popularity["Ann"] = before
    asked = popularity_plan(s, {"player": "Ann", "way": way})
    assert isinstance(asked, Ask)
    amount = asked.questions[0]
    assert amount.step == 10 and amount.default == "10"
    value, seen = int(amount.default), []
    for up in [True] * 12 + [False] * 12:
        value = amount.stepped(value, up)
        seen.append(value)
    assert all(v % 10 == 0 for v in seen), seen
    assert max(seen) == quick.room(before, way == "up") // 10 * 10 and min(seen) == 10
