"""The allegiance reports (`a` activation, `l` last tier) mean what they say.

Rulebook Part 2, "Automa Allegiance": "The first time that recruits of an Automa faction
would be activated, either through the allegiance track or via a tunnel, place 1 of that
Automa's authority tokens next to the allegiance track" and "When an Automa's faction
reaches the last tier of the allegiance track, place 1 more". The allegiance track's
recruits activate at 8 and its last tier is 11 (design notes): reaching 11 passes 8.
"""

from __future__ import annotations

import pytest

from companion.core import session
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.euphoria import game, journal_text, reports
from companion.euphoria.state import GameOptions

OPTIONS = GameOptions(recruits=("icarus", "euphoria"), factions=("subterra", "wastelands"))


def journal() -> Journal:
    return game.new_game(OPTIONS, seed=7)


def tokens(j: Journal, automa: str = "black") -> list[str]:
    return game.replay(j).automas[automa].tokens


def test_a_last_tier_reported_before_the_activation_places_both_tokens():
    """Reaching the last tier (11) passed 8: the recruits were activated on the way, so
    black (Subterran) places its activation token and its last tier token."""
    j = journal()
    said = game.apply_event(j, "last-tier", faction="subterra")
    assert tokens(j) == ["allegiance:subterra:8", "allegiance:subterra:11"]
    assert tokens(j, "white") == []
    assert [a.what for a in said] == ["token.place", "token.place"]
    # The journal says so: a replay (another screen, a reload) places both as well.
    assert j.events[-1] == {"kind": "last-tier", "faction": "subterra", "with_activation": True}
    again = Journal(game=j.game, seed=j.seed, options=j.options, events=list(j.events))
    assert game.replay(again).automas["black"].tokens_left == 8


def test_a_last_tier_after_the_activation_places_one_more_token():
    j = journal()
    game.apply_event(j, "activation", faction="subterra")
    game.apply_event(j, "last-tier", faction="subterra")
    assert tokens(j) == ["allegiance:subterra:8", "allegiance:subterra:11"]
    assert j.events[-1] == {"kind": "last-tier", "faction": "subterra"}


@pytest.mark.parametrize(
    "steps",
    [
        [("activation", "activation")],
        [("last-tier", "activation")],
        [("last-tier", "last-tier")],
    ],
)
def test_a_report_whose_token_is_placed_is_refused_and_nothing_recorded(steps):
    """Each token is placed once: an activation reported twice (or after a last tier that
    placed it), or a second last tier, would record a step that does nothing: refused."""
    ((first, second),) = steps
    j = journal()
    game.apply_event(j, first, faction="subterra")
    before = (list(j.events), list(tokens(j)))
    with pytest.raises(CompanionError, match="already placed its token"):
        game.apply_event(j, second, faction="subterra")
    assert (j.events, tokens(j)) == before


def test_an_earlier_versions_last_tier_still_replays_as_it_was_played():
    """A save written before: its last tier placed its token alone, and its activation after
    it the other token; the journal replays as written (every save still loads)."""
    old = Journal(
        game="euphoria",
        seed=7,
        options=OPTIONS.to_dict(),
        events=[
            {"kind": "last-tier", "faction": "subterra"},
            {"kind": "activation", "faction": "subterra"},
            {"kind": "activation", "faction": "subterra"},
        ],
    )
    assert tokens(old) == ["allegiance:subterra:11", "allegiance:subterra:8"]
    steps = journal_text.replay_steps(old)
    assert [a.what for a in steps[2].announcements] == ["noted"]


def test_the_reports_do_not_offer_a_faction_whose_token_is_placed():
    j = journal()
    state = game.replay(j)
    assert "subterra" not in reports.activation_plan(state, {}).questions[0].disabled
    game.apply_event(j, "last-tier", faction="subterra")
    state = game.replay(j)
    for plan in (reports.activation_plan, reports.last_tier_plan):
        question = plan(state, {}).questions[0]
        assert "subterra" in question.disabled and "wastelands" not in question.disabled


def test_undoing_a_last_tier_that_placed_both_takes_both_back():
    j = journal()
    game.apply_event(j, "last-tier", faction="subterra")
    lines = journal_text.undo_lines(j, 1)
    session.undo(j)
    assert tokens(j) == []
    assert [(line.who, line.what) for line in lines] == [("black", "undo.token_off")] * 2


def test_the_move_log_says_a_last_tier_activated_the_recruits_too():
    j = journal()
    game.apply_event(j, "last-tier", faction="subterra")
    game.apply_event(j, "last-tier", faction="wastelands")
    assert [journal_text.describe_event(e) for e in j.events] == [
        "last tier: Subterran (its recruits activated on the way)",
        "last tier: Wastelander (its recruits activated on the way)",
    ]
    assert journal_text.describe_event({"kind": "last-tier", "faction": "subterra"}) == (
        "last tier: Subterran"
    )


@pytest.mark.parametrize("kind", ["activation", "last-tier"])
def test_a_report_of_a_faction_no_automa_has_is_refused_and_not_offered(kind):
    """Only an Automa faction's activation and last tier give a token ("the first time
    that recruits of an Automa faction…", "when an Automa's faction reaches…"): a report
    of another faction would record a step that does nothing, so it is refused and the
    `a`/`l` question shows that faction as not pickable."""
    j = journal()
    before = list(j.events)
    with pytest.raises(CompanionError, match="no Automa has"):
        game.apply_event(j, kind, faction="icarus")
    assert j.events == before and tokens(j) == [] and tokens(j, "white") == []
    level = 8 if kind == "activation" else 11
    question = reports.faction_question(game.replay(j), "which?", level)
    assert {"icarus", "euphoria"} <= set(question.disabled)
    assert not {"subterra", "wastelands"} & set(question.disabled)
