"""Solo mode: the table correction asked as a question plan (what, then where or how much).

Rulebook, "Course of a Game > 3 - Use": "When an effect says 'Add to your hand', do not
pay the persuasion value of the card"; the Medium "reveal[s] the 1st card of the draw
pile" onto the crossroads. The app does not model these effects: the player reports the
card's move (from a zone that holds it, to any other) or sets a count (popularity from
the lowest to the highest space of the track, the persuasion tokens in front of them up
to the supply's, the affinities). A crossroads slot holds one card, so its card is not
asked (Setup: "place 4 cards face up ... to form the crossroads").
"""

from __future__ import annotations

import re

import pytest

from companion.core.catalog import _, say
from companion.core.errors import InputError
from companion.core.plans import Ask, Report, bind, run_plan
from companion.core.questions import NeedAnswers
from companion.ephios import solo, words
from companion.ephios.cards import card_name
from companion.ephios.solo_correction_plans import PILES, correction_plan, record, zone_label
from companion.ephios.solo_rules import CORRECTIONS, ZONES
from companion.ephios.words import COUNT_NAMES, zone_name

CROSSROADS = ["cult", "order", "syndicate-dignitary", "academy"]


def game():
    """A new normal game with the crossroads above (an empty hand, Plot zone and discard)."""
    journal = solo.new_game("normal", 1, {f"reveal-{n}": c for n, c in enumerate(CROSSROADS, 1)})
    return journal, solo.replay(journal)


def ids(step):
    """The question ids of a step."""
    assert isinstance(step, Ask)
    return [q.id for q in step.questions]


def test_first_what_to_correct_a_move_or_one_of_the_counts():
    _, state = game()
    step = correction_plan(state, {})
    assert ids(step) == ["kind"]
    assert step.questions[0].choices == ("move", "popularity", "persuasion", "affinities")


def test_a_move_comes_only_from_a_zone_that_holds_a_card():
    _, state = game()
    sources = correction_plan(state, {"kind": "move"}).questions[0]
    # The hand, the Plot zone and the discard pile are empty at the start: not offered.
    assert sources.id == "from"
    assert sources.choices == (
        "crossroads:1",
        "crossroads:2",
        "crossroads:3",
        "crossroads:4",
        "draw",
    )


def test_a_crossroads_slot_holds_one_card_so_the_card_is_not_asked():
    _, state = game()
    step = correction_plan(state, {"kind": "move", "from": "crossroads:2"})
    assert ids(step) == ["to"]
    to = step.questions[0]
    # Any slot up to one past the last (a gap filled or the cards moved right), or a pile;
    # never where the card is.
    assert to.choices == (
        "crossroads:1",
        "crossroads:3",
        "crossroads:4",
        "crossroads:5",
        "hand",
        "plot",
        "discard",
        "draw",
    )
    report = correction_plan(state, {"kind": "move", "from": "crossroads:2", "to": "hand"})
    assert report == Report("move", {"card": "order", "from": "crossroads:2", "to": "hand"})


def test_a_pile_asks_which_card_among_those_it_can_hold():
    _, state = game()
    step = correction_plan(state, {"kind": "move", "from": "draw"})
    assert ids(step) == ["card"]
    assert set(step.questions[0].choices) == set(solo.takeable(state, "draw"))
    # The deck's one Cult and one Syndicate Dignitary are on the crossroads: not in the pile.
    assert "cult" not in step.questions[0].choices
    assert "syndicate-dignitary" not in step.questions[0].choices
    assert "order" in step.questions[0].choices


@pytest.mark.parametrize(
    ("kind", "bounds"),
    [
        ("popularity", (solo.MIN_POPULARITY, solo.MAX_POPULARITY)),
        ("persuasion", (0, solo.MAX_TOKENS)),
    ],
)
def test_a_count_is_asked_within_its_bounds_the_current_value_first(kind, bounds):
    _, state = game()
    question = correction_plan(state, {"kind": kind}).questions[0]
    assert (question.id, question.kind) == ("value", "number")
    assert (question.minimum, question.maximum) == bounds
    assert (
        question.default
        == {"popularity": str(state.popularity), "persuasion": str(state.tokens)}[kind]
    )
    assert correction_plan(state, {"kind": kind, "value": "3"}) == Report(
        "set", {"what": kind, "value": "3"}
    )


def test_the_affinities_are_ticked_among_the_alliances():
    _, state = game()
    question = correction_plan(state, {"kind": "affinities"}).questions[0]
    assert question.kind == "many"
    assert set(question.choices) == {"syndicate", "academy", "order", "company", "cult"}


def test_run_with_every_answer_the_move_is_recorded():
    journal, state = game()
    answers = {"kind": "move", "from": "crossroads:2", "to": "hand"}
    report = run_plan(bind(correction_plan, state), answers)
    assert report is not None
    out = record(journal, report.event(), "t")
    assert out[0].what == "move"
    assert solo.replay(journal).hand == ["order"]


def test_run_with_answers_missing_asks_the_next_and_refuses_a_wrong_one():
    _, state = game()
    with pytest.raises(NeedAnswers) as need:
        run_plan(bind(correction_plan, state), {"kind": "move"})
    assert [q.id for q in need.value.questions] == ["from"]
    with pytest.raises(InputError):  # the hand is empty: not a source
        run_plan(bind(correction_plan, state), {"kind": "move", "from": "hand"})


def test_set_affinities_records_the_ticked_alliances():
    journal, state = game()
    report = run_plan(bind(correction_plan, state), {"kind": "affinities", "value": "cult,order"})
    assert report is not None
    out = record(journal, report.event(), "t")
    assert [a.what for a in out] == ["set.affinities"]
    assert solo.replay(journal).affinities == ["cult", "order"]


def recorded_fields(monkeypatch, event):
    """The message and the fields ``describe_event`` passes to ``say`` for ``event``."""
    said = []

    def recording(message, /, **data):
        said.append((message, data))
        return say(message, **data)

    monkeypatch.setattr(words, "say", recording)
    text = solo.describe_event(event)
    message, data = said[-1]
    assert text == say(message, **data)
    return data


MOVES = [
    {"kind": "move", "card": "order", "from": "draw", "to": "plot"},
    {"kind": "move", "card": "cult", "from": "crossroads:1", "to": "hand"},
    {"kind": "move", "card": "academy", "from": "discard", "to": "crossroads"},
]


def test_a_correction_in_the_move_log_names_the_card_and_its_zones(monkeypatch):
    """The move log and the home screen's resume row say a correction in words: the card by
    its name, each zone by the catalog's name of it (the same as the correction dialog
    offers), the count set by its name; no zone or count id shown raw."""
    journal, _state = game()
    solo.play_move(journal, "cult", "crossroads:1", "plot")
    solo.play_set(journal, "persuasion", "4")
    for event in [*MOVES, journal.events[0]]:
        data = recorded_fields(monkeypatch, event)
        assert data == {
            "card": card_name(event["card"]),
            "source": zone_name(event["from"]),
            "target": zone_name(event["to"]),
        }
        assert {data["source"], data["target"]}.isdisjoint(ZONES)
    offered = {zone_label(z, solo.replay(journal)) for z in PILES}
    assert {zone_name(z) for z in PILES} == offered
    assert zone_name("crossroads:2") != zone_name("crossroads:3")
    data = recorded_fields(monkeypatch, journal.events[1])
    assert data == {"what": _(COUNT_NAMES["persuasion"]), "value": 4}
    assert set(COUNT_NAMES) == set(CORRECTIONS)


def test_a_correction_in_the_pseudo_locale_shows_no_raw_id(monkeypatch):
    """en_XA: every word of a correction is the catalog's (accented), so an id left raw
    (draw, plot, hand, crossroads, persuasion) would show as plain ASCII."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    events = [*MOVES, {"kind": "set", "what": "persuasion", "value": 4}]
    events.append({"kind": "set", "what": "affinities", "value": ["cult", "order"]})
    for event in events:
        text = solo.describe_event(event)
        words = set(re.findall(r"[a-z]+", text))
        assert words.isdisjoint({*ZONES, *CORRECTIONS, "academy", "cult", "order"}), text
