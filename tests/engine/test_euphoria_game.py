"""Whole Automa turns and human events (rulebook Part 2 "Automa Turns" and the sections it
calls; design readings 6-8 and "Ask only what matters, once")."""

from __future__ import annotations

import dataclasses
import typing

import pytest
from euphoria_helpers import fresh, play, set_workers, with_cards

from companion.core.errors import CompanionError, InputError
from companion.core.questions import Answers, NeedAnswers
from companion.euphoria import event_types, game, turn
from companion.euphoria.board import SITES
from companion.euphoria.event_types import (
    Activation,
    Bump,
    Correct,
    HumanWon,
    LastTier,
    MarketBuilt,
    SiteAdd,
    SiteRemove,
    Sites,
)
from companion.euphoria.events import ReportFirst, apply_event, bumpable_workers, normalize
from companion.euphoria.events import play as play_event
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import GameOptions, GameState


def questions(state: GameState, answers=None) -> list[str]:
    with pytest.raises(NeedAnswers) as need:
        turn.run_turn(state.clone(), Answers(raw=dict(answers or {})))
    return [q.id for q in need.value.questions]


def texts(outcome) -> str:
    return "\n".join(a.text for a in outcome.announcements)


# --- turn shape ------------------------------------------------------------------------------


def test_turn_with_nothing_unknown_asks_nothing():
    """ "Ask only what matters, once": commodity and tunnel actions on tracks whose Automa
    tokens are all placed need no answer (the TUI's one-key turn)."""
    state = with_cards(fresh(), "S1", "S10")
    for name, area in (("black", "subterra"), ("white", "wastelands")):
        state.automas[name].tokens += [f"allegiance:{area}:8", f"allegiance:{area}:11"]
    outcome = play(state)
    assert outcome.turn == 1 and state.turn == 1


def test_whole_game_with_reporting_options_asks_nothing():
    """Design "Ask only what matters": with sites and tracks reported as events, no Automa
    turn ever needs a question."""
    journal = game.new_game(GameOptions(humans=2, report_sites=True, report_tracks=True), seed=21)
    played = 0
    for _ in range(40):
        if game.replay(journal).over:
            break
        report = game.run_turn(journal)  # raises NeedAnswers if the turn asks anything
        played += 1
        assert report.turn == played and report.state.turn == played
    assert played >= 10, played  # the Automas played turns, not a game over at once
    assert all(event == {"kind": "turn"} for event in journal.events)  # no answers stored


def test_both_automas_use_the_same_pair():
    """ "Automa Turns": one card pair drives black then white; the action card's action half
    and the support card's support half (S1 action, S10 support)."""
    state = with_cards(fresh(report_tracks=True), "S1", "S10")
    outcome = play(state)
    assert (outcome.action, outcome.support) == ("S1", "S10")
    black = state.automas["black"].placed
    white = state.automas["white"].placed
    # S1 action: black commodity, white tunnel + Breeze Bar; S10 support: generic icons.
    assert black[0].space == "subterra.commodity"
    assert white[0].space == "wastelands.tunnel"
    first_white = next(i for i, a in enumerate(outcome.announcements) if a.who == "white")
    assert all(a.who != "black" for a in outcome.announcements[first_white:])


@pytest.mark.parametrize(("base_game", "expected"), [(False, True), (True, False)])
def test_bazaar_discard_only_with_the_bazaar(base_game, expected):
    """ "Automa and the New Antiques Bazaar": the action card's Bazaar icon discards one
    artifact (S8: the rightmost), only when the Bazaar is in play."""
    state = with_cards(fresh(base_game=base_game, report_tracks=True), "S8", "S10")
    outcome = play(state)
    said = [a for a in outcome.announcements if a.what == "bazaar.discard"]
    assert bool(said) is expected
    if expected:
        assert len(said) == 1 and said[0].cards == ("S8",) and said[0].slots == (1,)


def test_game_over_refuses_more_turns():
    """Base rule (design): a player with all 10 authority tokens placed wins: the game ends,
    the white Automa does not play, and further turns are refused."""
    state = with_cards(fresh(), "B5", "S10")  # black: artifact market, token on a territory
    set_workers(state, "black", [5, 4, 3, 2])
    state.automas["black"].tokens = ["corrected"] * 9
    outcome = play(state, sites__humans="")
    assert state.winner == "black"
    assert outcome.announcements[-1].kind == "end"
    assert not state.automas["white"].placed
    with pytest.raises(CompanionError, match="game is over"):
        play(state)


# --- sites: ask once, keep what was learned ------------------------------------------------


def test_sites_question_once_per_turn_and_construction():
    """Construct(ed) Market Action rows 1-2 and the base rule (2 workers build a market with
    3 players): black starts the bottommost site of its support faction, white joins it and
    completes it; both place a token on the new market, their workers return and are
    re-rolled. The sites are asked about once in the turn."""
    state = with_cards(fresh(report_tracks=True), "D2", "S10")
    assert questions(state) == ["sites.humans"]
    outcome = play(state, sites__humans="")
    assert state.sites["subterra.lower"].built
    for name in ("black", "white"):
        assert "subterra.lower" in state.automas[name].tokens
        assert not state.automas[name].placed
        assert len(state.automas[name].available) == 4
    assert "is built" in texts(outcome)
    assert not state.automas["black"].penalty_side and not state.automas["white"].penalty_side


def test_sites_asked_again_next_turn_unless_reported():
    """ "Ask only what matters, once": the humans play between Automa turns, so what they hold
    on construction sites is asked again, unless a `sites` event reported it since."""
    state = with_cards(fresh(report_tracks=True), "D2", "S10")
    play(state, sites__humans="")
    with_cards(state, "D2", "S10")
    assert questions(state) == ["sites.humans"]
    apply_event(state, "sites", normalize("sites", {"workers": {}}), Answers(raw={}), 1)
    play(state)  # no question


def test_human_worker_on_site_lets_the_automa_complete_it_and_flips_the_other_card():
    """Construct(ed) Market row 1 (a site that already holds a worker) with 3 players: black
    completes it; white has no token on the new market, so its card turns to the penalty
    side and the flip is announced (design reading 6)."""
    state = with_cards(fresh(report_tracks=True), "D2", "S10")
    set_workers(state, "white", [], [(3, "icarus.commodity")] * 4)
    outcome = play(state, sites__humans="euphoria.upper")
    assert state.sites["euphoria.upper"].built
    assert state.automas["black"].tokens == ["euphoria.upper"]
    assert state.automas["white"].penalty_side
    assert "Turn white's faction/penalty card to the penalty side." in texts(outcome)
    assert "humans' workers" in texts(outcome)


def test_four_players_the_sites_alone_then_which_hold_two():
    """Base rule (design): 3 workers build a market with 4 players. The app asks the sites
    alone first (one question a screen); when the Automa would join a site known to hold "at
    least one" human's worker, it asks `sites.two` among those sites: the question the CLI's
    first round asks beside `sites.humans`, one plan for both, never a count per site."""
    state = with_cards(fresh(humans=2, report_tracks=True), "D2", "S10")
    set_workers(state, "white", [], [(3, "icarus.commodity")] * 4)
    given = {"sites.humans": "euphoria.upper,wastelands.lower"}
    with pytest.raises(NeedAnswers) as need:
        turn.run_turn(state.clone(), Answers(raw=given))
    (asked,) = need.value.questions
    assert (asked.id, asked.choices) == ("sites.two", ("euphoria.upper", "wastelands.lower"))
    two = state.clone()
    play(two, sites__humans="euphoria.upper,wastelands.lower", sites__two="euphoria.upper")
    assert two.sites["euphoria.upper"].built
    play(state, sites__humans="euphoria.upper", sites__two="")
    assert not state.sites["euphoria.upper"].built
    assert state.site_workers("euphoria.upper") == 2


def test_four_players_a_count_an_earlier_version_asked_still_plays():
    """A save of an earlier version answered the count of the site joined
    (`site.<site>.humans`) instead of `sites.two`: its turn plays as it did."""
    state = with_cards(fresh(humans=2, report_tracks=True), "D2", "S10")
    set_workers(state, "white", [], [(3, "icarus.commodity")] * 4)
    two = state.clone()
    play(two, sites__humans="euphoria.upper", site__euphoria__upper__humans="2")
    assert two.sites["euphoria.upper"].built
    play(state, sites__humans="euphoria.upper", site__euphoria__upper__humans="1")
    assert not state.sites["euphoria.upper"].built
    assert state.site_workers("euphoria.upper") == 2


def test_four_players_sites_with_two_humans_asked_with_the_sites():
    """As above, the counts given with the sites question (a CLI `turn` in two
    rounds): `sites.two` comes with `sites.humans`, and a site holding two humans' workers is
    built when the Automa joins it, no count asked after."""
    state = with_cards(fresh(humans=2, report_tracks=True), "D2", "S10")
    set_workers(state, "white", [], [(3, "icarus.commodity")] * 4)
    assert questions(state) == ["sites.humans", "sites.two"]  # "which of them" comes second
    two = state.clone()
    play(two, sites__humans="euphoria.upper", sites__two="euphoria.upper")
    assert two.sites["euphoria.upper"].built
    play(state, sites__humans="euphoria.upper", sites__two="")
    assert not state.sites["euphoria.upper"].built and state.site_workers("euphoria.upper") == 2


# --- workers, dice and the penalty side ----------------------------------------------------


def test_bumping_the_other_automa_returns_and_rerolls_it():
    """Single-occupancy spaces (design vocabulary): black's tunnel placement bumps white's
    worker, which returns to white and is re-rolled (physical dice: asked, 1-6)."""
    state = with_cards(fresh(physical_dice=True, report_tracks=True, **_dice()), "S5", "S10")
    # S5 action: black tunnel + Sky Lounge; S10 support: black's own faction (Subterra).
    set_workers(state, "white", [2, 2, 2], [(4, "subterra.tunnel")])
    assert questions(state)[0] == "black.roll.1"
    play(state, black__roll__1="5")
    assert PlacedWorker(4, "subterra.tunnel") not in state.automas["white"].placed
    assert 5 in state.automas["white"].available
    assert state.automas["black"].placed[0].space == "subterra.tunnel"


def _dice():
    return {
        "setup_answers": tuple(
            (f"{a}.worker.{n}", "3") for a in ("black", "white") for n in range(1, 5)
        )
    }


def test_six_rolled_with_penalty_side_up_goes_onto_the_card():
    """ "Market Penalties": with the penalty side up every 6 rolled goes onto the card; a
    worker already showing 6 when the card flipped stays available."""
    state = with_cards(fresh(physical_dice=True, report_tracks=True, **_dice()), "S10", "S10")
    state.sites["euphoria.lower"].built = True  # no black token there: penalizing
    state.automas["black"].penalty_side = True
    set_workers(state, "black", [], [(3, "euphoria.commodity"), (2, "icarus.commodity")], [6, 6])
    play(state, black__roll__1="6", black__roll__2="1", black__roll__3="6", black__roll__4="2")
    me = state.automas["black"]
    assert me.penalty_card == [6, 6] and sorted(me.available) == [1, 2]


def test_retrieve_leaves_construction_site_workers():
    """ "Retrieve Automa Workers": workers on construction sites stay."""
    state = with_cards(fresh(report_tracks=True), "S10", "S10")
    set_workers(state, "black", [], [(3, "euphoria.lower"), (2, "icarus.commodity")] * 2)
    outcome = play(state)
    assert [w.space for w in state.automas["black"].placed] == ["euphoria.lower"] * 2
    assert "leaves its 3" in texts(outcome)


def test_token_on_penalizing_market_turns_the_card_back():
    """Artifact Market Action row 2 and "Penalizing Market": the token on the penalizing
    market removes the penalty; the card turns back to the non-penalty side (announced)."""
    state = with_cards(fresh(report_tracks=True), "B5", "S10")
    state.sites["subterra.upper"].built = True
    state.automas["black"].penalty_side = True
    state.automas["white"].tokens.append("subterra.upper")
    outcome = play(state, sites__humans="")
    assert "subterra.upper" in state.automas["black"].tokens
    assert not state.automas["black"].penalty_side
    assert "back to the non-penalty side" in texts(outcome)


# --- allegiance tokens (design reading 8) --------------------------------------------------


def test_allegiance_question_only_when_a_token_is_pending():
    """ "Automa Allegiance": the first activation of the Automa's faction gives one token;
    the app asks only when the advanced track is an Automa faction with a token still to
    place (S5: black's Subterran tunnel)."""
    state = with_cards(fresh(report_tracks=False), "S5", "S10")
    # White places a 5 on its own commodity area: dice above 4, no question for white.
    set_workers(state, "white", [5, 6], [(1, "icarus.commodity")] * 2)
    ids = questions(state)
    assert "black.miner" in ids
    play(state, black__miner="yes", **_white_answers(ids))
    assert "allegiance:subterra:8" in state.automas["black"].tokens
    with_cards(state, "S5", "S10")
    set_workers(state, "black", [5, 4, 3], [])
    state.automas["black"].placed = [PlacedWorker(2, "icarus.commodity")]
    assert "black.miner" not in _maybe_questions(state)  # a tunnel has no last tier


def _white_answers(ids):
    return {i.replace(".", "__"): "no" for i in ids if i.startswith("white.")}


def _maybe_questions(state):
    try:
        turn.run_turn(state.clone(), Answers(raw={}))
    except NeedAnswers as need:
        return [q.id for q in need.questions]
    return []


def test_commodity_with_dice_above_four_asks_nothing():
    """Base rule (design): a commodity area advances allegiance only if the dice total there
    is 4 or less; the Automas' own dice already above 4 settle it without a question."""
    state = with_cards(fresh(), "S10", "S10")
    set_workers(state, "black", [5, 6, 6], [(6, "wastelands.commodity")])
    set_workers(state, "white", [5, 6, 6], [(6, "icarus.commodity")])
    outcome = play(state)
    assert "No allegiance advance" in texts(outcome)


def test_activation_event_gives_the_automa_of_the_faction_one_token_once():
    """ "Automa Allegiance": the Automa of the activated faction places one token, once;
    the other Automa places none."""
    state = fresh(humans=2, factions=("icarus", "wastelands"))
    for _ in range(2):
        apply_event(state, "activation", {"faction": "icarus"}, Answers(raw={}), 1)
    assert state.automas["black"].tokens == ["allegiance:icarus:8"]
    assert state.automas["white"].tokens == []
    apply_event(state, "last-tier", {"faction": "icarus"}, Answers(raw={}), 2)
    assert state.automas["black"].tokens_left == 8


def test_the_automas_never_share_a_faction():
    """Automa Faction Selection: each Automa draws its own card of the 4 faction/penalty
    cards (one per faction), so black and white differ even with 2 humans."""
    with pytest.raises(InputError, match="cannot both be icarus"):
        fresh(humans=2, factions=("icarus", "icarus"))


# --- human events --------------------------------------------------------------------------


def test_human_bump_event_rerolls_the_automa_worker():
    """Base rule on single-occupancy spaces: a bumped worker returns to its owner and is
    re-rolled."""
    state = fresh(physical_dice=True, **_dice())
    set_workers(state, "white", [1, 2, 3], [(4, "icarus.sky_lounge")])
    fields = normalize("bump", {"automa": "white", "space": "icarus.sky_lounge"})
    with pytest.raises(NeedAnswers):
        apply_event(state.clone(), "bump", fields, Answers(raw={}), 1)
    apply_event(state, "bump", fields, Answers(raw={"event.roll.1": "6"}), 1)
    assert sorted(state.automas["white"].available) == [1, 2, 3, 6]
    with pytest.raises(InputError, match="nobody is bumped"):
        normalize("bump", {"automa": "white", "space": "icarus.commodity"})
    with pytest.raises(CompanionError, match="knows no white worker"):
        apply_event(state, "bump", fields, Answers(raw={}), 2)


def test_bumpable_workers_are_those_on_single_occupancy_spaces():
    """Base rule: only a single-occupancy space bumps; a commodity area holds any number of
    workers and a construction site never bumps (a constructed market does)."""
    state = fresh()
    set_workers(state, "black", [1], [(4, "icarus.commodity"), (2, "wastelands.upper")])
    set_workers(state, "white", [1, 2], [(5, "icarus.sky_lounge"), (3, "subterra.tunnel")])
    assert [(a, w.space) for a, w in bumpable_workers(state)] == [
        ("white", "icarus.sky_lounge"),
        ("white", "subterra.tunnel"),
    ]
    state.sites["wastelands.upper"].built = True
    assert [(a, w.space) for a, w in bumpable_workers(state)] == [
        ("black", "wastelands.upper"),
        ("white", "icarus.sky_lounge"),
        ("white", "subterra.tunnel"),
    ]


def test_site_add_that_completes_the_site_builds_the_market():
    """Base rule (design): the worker that completes a construction site builds the market;
    every Automa with a worker there places a token and its workers return."""
    state = fresh()
    set_workers(state, "black", [1, 2, 3], [(4, "wastelands.upper")])
    out = apply_event(
        state, "site-add", normalize("site-add", {"site": "wastelands.upper"}), Answers(raw={}), 1
    )
    assert state.sites["wastelands.upper"].built
    assert state.automas["black"].tokens == ["wastelands.upper"]
    assert len(state.automas["black"].available) == 4
    assert state.automas["white"].penalty_side  # white has no token there
    flips = [a for a in out if a.what == "penalty.flip"]
    assert [(a.who, a.spaces) for a in flips] == [("white", ("wastelands.upper",))]


def test_market_built_event_checks_the_automas_named():
    """A market built by a human: the Automas named must be those the app knows there."""
    state = fresh()
    set_workers(state, "white", [1, 2, 3], [(4, "euphoria.lower")])
    with pytest.raises(CompanionError, match="knows white"):
        apply_event(
            state.clone(),
            "market-built",
            normalize("market-built", {"site": "euphoria.lower", "automas": ["black"]}),
            Answers(raw={}),
            1,
        )
    apply_event(
        state,
        "market-built",
        normalize("market-built", {"site": "euphoria.lower", "automas": ["white"]}),
        Answers(raw={}),
        1,
    )
    assert "euphoria.lower" in state.automas["white"].tokens
    assert state.automas["black"].penalty_side and not state.automas["white"].penalty_side


def test_correct_event_checks_the_four_workers():
    """ "Give the Automas Their Components": an Automa has 4 workers; a correction that
    breaks it is refused."""
    state = fresh()
    fields = normalize(
        "correct", {"automa": "black", "available": [1, 2], "placed": ["3@icarus.commodity"]}
    )
    with pytest.raises(CompanionError, match="4"):
        apply_event(state, "correct", fields, Answers(raw={}), 1)
    fields = normalize(
        "correct",
        {
            "automa": "black",
            "available": [1, 2],
            "placed": ["3@icarus.commodity"],
            "penalty_card": [6],
            "tokens_left": 7,
        },
    )
    apply_event(state, "correct", fields, Answers(raw={}), 1)
    assert state.automas["black"].tokens_left == 7 and state.automas["black"].penalty_card == [6]
    with pytest.raises(InputError, match="KNOWLEDGE@SPACE"):
        normalize("correct", {"automa": "black", "placed": ["icarus.commodity"]})


def test_sites_event_rejects_a_count_that_would_have_built_the_market():
    """Base rule (design): 2 workers build a market with 3 players."""
    state = fresh()
    with pytest.raises(ReportFirst, match="its market was built") as info:
        apply_event(
            state,
            "sites",
            normalize("sites", {"workers": {"euphoria.lower": 2}}),
            Answers(raw={}),
            1,
        )
    assert info.value.reports == ("market-built",)
    assert all(not state.sites[s].humans for s in SITES)


def test_site_reports_that_contradict_the_app_name_what_to_report_as_data():
    """Engine errors say it in the game's words; the event kinds that put the app right
    come as data (the CLI names its own command), never as words in the message.
    3 players: 2 workers build a market (design)."""
    state = fresh()
    for kind, fields, reports in (
        ("site-add", {"site": "euphoria.lower", "count": 3}, ("sites", "correct")),
        ("site-remove", {"site": "euphoria.lower", "count": 1}, ("sites",)),
    ):
        with pytest.raises(ReportFirst) as info:
            apply_event(state, kind, normalize(kind, fields), Answers(raw={}), 1)
        assert info.value.reports == reports
        assert "`" not in str(info.value)
        assert "tell the app how many workers the construction sites hold" in str(info.value)
    assert all(not state.sites[s].humans for s in SITES)


def test_pending_turn_shows_its_card_pair_and_what_the_app_last_knew():
    """ "Draw an Automa Card" happens before the question: a turn waiting for the sites
    answer carries the pair it drew (for display), and the sites question pre-selects the
    sites the app last knew to hold humans' workers ("ask only what matters, once")."""
    state = with_cards(fresh(), "W1", "S3")  # white: construct(ed) market action
    state.sites["euphoria.lower"].humans = 1
    with pytest.raises(NeedAnswers) as need:
        turn.run_turn(state.clone(), Answers(raw={}))
    assert need.value.context == {"turn": 1, "action": "W1", "support": "S3"}
    assert [q.id for q in need.value.questions] == ["sites.humans"]
    assert need.value.questions[0].default == "euphoria.lower"
    assert any(a.what == "automa.place" and a.who == "black" for a in need.value.announcements)


# --- typed events --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "fields", "typed", "stored"),
    [
        (
            "bump",
            {"automa": "white", "space": "icarus.sky_lounge"},
            Bump("white", "icarus.sky_lounge"),
            None,
        ),
        (
            "site-add",
            {"site": "euphoria.lower"},
            SiteAdd("euphoria.lower", 1),
            {"site": "euphoria.lower", "count": 1},
        ),
        (
            "site-remove",
            {"site": "euphoria.lower", "count": 2},
            SiteRemove("euphoria.lower", 2),
            None,
        ),
        (
            "sites",
            {"workers": {"wastelands.upper": 1, "euphoria.lower": 0}},
            Sites((("wastelands.upper", 1), ("euphoria.lower", 0))),
            None,
        ),
        (
            "market-built",
            {"site": "euphoria.lower", "automas": ["white", "black", "white"]},
            MarketBuilt("euphoria.lower", ("black", "white")),
            {"site": "euphoria.lower", "automas": ["black", "white"]},
        ),
        (
            "market-built",
            {"site": "euphoria.lower", "automas": None},
            MarketBuilt("euphoria.lower"),
            {"site": "euphoria.lower"},
        ),
        ("activation", {"faction": "icarus"}, Activation("icarus"), None),
        ("last-tier", {"faction": "icarus"}, LastTier("icarus"), None),
        ("human-won", {}, HumanWon(1), {"player": 1}),
        (
            "correct",
            {"automa": "black", "placed": ["4@euphoria.tunnel"], "penalty_side": False},
            Correct(
                automa="black", placed=(PlacedWorker(4, "euphoria.tunnel"),), penalty_side=False
            ),
            None,
        ),
        (
            "correct",
            {"site": "euphoria.lower", "market_tokens": ["white"], "built": True},
            Correct(site="euphoria.lower", built=True, market_tokens=("white",)),
            {"site": "euphoria.lower", "built": True, "market_tokens": ["white"]},
        ),
    ],
)
def test_each_event_kind_is_one_typed_event_stored_as_its_table(kind, fields, typed, stored):
    """An event's fields are read once into its frozen dataclass (defaults filled, lists of
    Automas sorted and without repeats) and stored as the journal's table, read back the same."""
    event = event_types.parse(kind, fields)
    assert event == typed and type(event).kind == kind
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.kind = "x"  # type: ignore[misc]
    table = event_types.to_dict(event)
    assert table == {"kind": kind, **(fields if stored is None else stored)}
    assert event_types.from_dict(table) == event
    assert normalize(kind, fields) == {k: v for k, v in table.items() if k != "kind"}


@pytest.mark.parametrize(
    ("kind", "fields", "field"),
    [
        ("bump", {"automa": "white"}, "space"),
        ("bump", {"automa": "red", "space": "icarus.sky_lounge"}, "automa"),
        ("site-add", {"site": "euphoria.lower", "count": 5}, "count"),
        ("site-add", {"site": "euphoria.lower", "faction": "icarus"}, "faction"),
        ("sites", {"workers": ["euphoria.lower"]}, "workers"),
        ("market-built", {"site": "euphoria.lower", "automas": "black"}, "automas"),
        ("human-won", {"player": 3}, "player"),
        ("correct", {"tokens_left": 3}, "automa"),
        ("correct", {"built": True}, "site"),
        ("correct", {"automa": "black", "available": [7]}, "available"),
        ("correct", {"automa": "black", "placed": "4@euphoria.tunnel"}, "placed"),
    ],
)
def test_a_bad_event_names_its_field_and_changes_nothing(kind, fields, field):
    """Bad input is refused where the event comes in, naming the field (InputError)."""
    with pytest.raises(InputError) as info:
        event_types.parse(kind, fields)
    assert info.value.field == field


def test_an_unknown_kind_is_refused_and_every_kind_has_a_typed_event():
    """The kinds the shells list are exactly the typed events' kinds."""
    with pytest.raises(InputError, match="'dance' is not an event kind"):
        event_types.parse("dance", {})
    assert set(event_types.EVENT_KINDS) == set(event_types.FIELDS)
    for kind in event_types.EVENT_KINDS:
        assert kind in {cls.kind for cls in typing.get_args(event_types.HumanEvent)}


def test_play_takes_the_typed_event():
    """The engine plays typed events: a bump re-rolls the worker (Bumping Workers)."""
    state = fresh()
    set_workers(state, "white", [1, 2, 3], [(5, "icarus.sky_lounge")])
    out = play_event(state, Bump("white", "icarus.sky_lounge"), Answers(raw={}), 1)
    assert not state.automas["white"].placed
    assert any(a.what == "worker.return" and a.who == "white" for a in out)
