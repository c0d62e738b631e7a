"""An audit of the Euphoria Automa engine against the rulebook (shared/rules/), passage by
passage: corner cases a real game reaches, and a random game driven through the public
API (`companion.euphoria.game`) that keeps the invariants for hundreds of steps."""

from __future__ import annotations

import random

import pytest
from euphoria_helpers import play, set_workers, with_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import session
from companion.core.errors import CompanionError, InputError
from companion.core.journal import Journal
from companion.core.questions import Answers, NeedAnswers, Question
from companion.euphoria import deck_cycle, game, turn
from companion.euphoria.board import AREAS, SINGLE_OCCUPANCY, SITES
from companion.euphoria.checklist import multiplayer_checklist
from companion.euphoria.events import apply_event, normalize
from companion.euphoria.model import PlacedWorker
from companion.euphoria.setup import (
    BAZAAR_COST,
    bazaar_slot,
    draw_factions,
    minority_bonus,
)
from companion.euphoria.state import TOKENS, WORKERS, GameOptions, GameState

# --- helpers -------------------------------------------------------------------------------


def fresh(**options) -> GameState:
    """A new game's state: 1 human, black Subterran, white Wastelander, unless told."""
    seed = options.pop("seed", 7)
    if options.get("humans", 1) == 1:
        options.setdefault("recruits", ("icarus", "euphoria"))
    options.setdefault("factions", ("subterra", "wastelands"))
    options.setdefault("report_tracks", True)
    return game.replay(game.new_game(GameOptions(**options), seed=seed))


def asked(state: GameState, answers=None) -> list[str]:
    """The ids of the questions the next turn asks first (none: [])."""
    try:
        turn.run_turn(state.clone(), Answers(raw=dict(answers or {})))
    except NeedAnswers as need:
        return [q.id for q in need.questions]
    return []


def texts(outcome) -> str:
    return "\n".join(a.text for a in outcome.announcements)


def event(state: GameState, kind: str, answers=None, **fields):
    return apply_event(state, kind, normalize(kind, fields), Answers(raw=dict(answers or {})), 1)


# --- set-up (Part 1 set-up sections, Part 2 "Automa Set Up" ... "Automa Faction Selection") --


@pytest.mark.parametrize("humans", [1, 2])
def test_factionless_recruit_needs_the_new_recruit_set(humans):
    """Part 1 "Selecting Recruits": use either the new set of recruits OR the original set;
    the 6 factionless recruits are "within the new deck of recruit cards". With the original
    recruits (--base-game) a factionless recruit cannot be dealt, so it is refused."""
    recruits = ("factionless", "icarus")
    with pytest.raises(InputError, match="factionless"):
        game.new_game(GameOptions(humans=humans, recruits=recruits, base_game=True), seed=1)
    game.new_game(GameOptions(humans=humans, recruits=recruits), seed=1)  # new set: fine


def test_multiplayer_checklist_refuses_factionless_with_the_original_recruits():
    """Part 1 "Selecting Recruits": factionless recruits exist only in the new recruit set."""
    with pytest.raises(InputError, match="factionless"):
        multiplayer_checklist(3, base_game=True, actives=["factionless", "icarus", "icarus"])
    multiplayer_checklist(3, actives=["factionless", "icarus", "icarus"])


def test_automa_checklist_lists_the_set_up_changes():
    """Part 1 "Set Up Changes" (set-up as in the original game, with these changes): the
    player aid card on the Key box (or below the Farm), and a player mat for each player
    (morale and knowledge are tracked on it). An Automa game is set up with them too."""
    journal = game.new_game(GameOptions(recruits=("icarus", "euphoria")), seed=4)
    items = {i.what: i for i in game.checklist(game.replay(journal))}
    text = " ".join(items["set_up"].lines)
    assert "player aid card" in text and "Key" in text
    assert "player mat" in text


def test_faction_selection_with_a_factionless_recruit_and_set_aside_cards():
    """ "Automa Faction Selection" step 2: black's faction differs from the human's recruits
    (a factionless recruit has none), white's also from black's; the set-aside cards are only
    ones that did not fit."""
    for seed in range(40):
        black, white, aside = draw_factions(seed, 1, ["factionless", "subterra"])
        assert black != "subterra" and white not in ("subterra", black)
        assert set(aside) <= {"subterra"}
        black, white, aside = draw_factions(seed, 1, ["icarus", "euphoria"])
        assert {black, white} == {"wastelands", "subterra"}


def test_minority_bonus_ties_and_factionless():
    """ "Minority Starting Bonus": every faction tied for the most active recruits is a
    majority faction; factionless recruits count for no faction and gain nothing."""
    bonus = minority_bonus(["icarus", "factionless"], ["euphoria", "subterra"])
    assert bonus.majority == ("euphoria", "subterra", "icarus")
    assert bonus.gains == (False, False)
    bonus = minority_bonus(["wastelands", "factionless"], ["icarus", "icarus"])
    assert bonus.majority == ("icarus",) and bonus.gains == (True, False)


def test_bazaar_slots_count_from_the_right():
    """Card reference and Part 1 "The New Antiques Bazaar": slot 1 is the rightmost (free)
    artifact; the costs are, left to right, 2, 1, 1 and free."""
    assert BAZAAR_COST == {1: 0, 2: 1, 3: 1, 4: 2}
    # The words of each slot carry its cost (the rightmost is free).
    assert "free" in bazaar_slot(1)
    assert all(f"cost {BAZAAR_COST[n]} " in bazaar_slot(n) for n in (2, 3, 4))


# --- the deck ("Draw an Automa Card") --------------------------------------------------------


def test_rebuild_after_the_add_in_decks_are_gone_and_the_support_card_after_it():
    """ "Draw an Automa Card" step 2: the rebuild gathers every card of the pass-through
    (discards, action, support) plus an add-in deck only "if one remains"; the new deck's top
    card is the support card of that turn, and the next turn discards it as usual."""
    deck = deck_cycle.start(["A", "B"], [["C"]])

    def in_order(cards, passes):
        cards.sort()

    pairs = []
    for _ in range(5):
        rebuilt = deck_cycle.draw_pair(deck, in_order)
        pairs.append((deck.action, deck.support, rebuilt, deck.add_ins_used, list(deck.discards)))
    assert pairs == [
        ("B", "A", False, 0, []),
        ("B", "A", True, 1, []),  # A, B and add-in C shuffled; A on top is the support
        ("C", "B", False, 1, ["A"]),
        ("B", "A", True, 1, []),  # no add-in left: the pass-through's A, B, C only
        ("C", "B", False, 1, ["A"]),
    ]
    assert deck.passes == 3


# --- retrieving ("Retrieve Automa Workers", "Market Penalties") -----------------------------


def test_all_workers_on_the_penalty_card_are_retrieved_and_rolled():
    """ "Market Penalties": it is possible for ALL the Automa's workers to be on the card;
    when it retrieves they are retrieved and rolled, and with the penalty side still up every
    6 goes back onto the card (it may retrieve again next turn)."""
    state = with_cards(fresh(physical_dice=True, **_dice()), "S10", "S10")
    state.sites["euphoria.lower"].built = True
    state.automas["black"].penalty_side = True
    set_workers(state, "black", [], [], [6, 6, 6, 6])
    assert asked(state)[:4] == [f"black.roll.{n}" for n in range(1, 5)]
    play(state, black__roll__1="6", black__roll__2="6", black__roll__3="6", black__roll__4="6")
    me = state.automas["black"]
    assert me.penalty_card == [6, 6, 6, 6] and not me.available and not me.placed


def test_camping_does_not_keep_the_only_worker_it_would_retrieve():
    """ "Retrieve Automa Workers": the camping indicator leaves 1 worker on a commodity area
    not of its faction only if it will still retrieve at least 1 worker."""
    # S3 support: camping; S10 action: black commodity with 1 available worker -> retrieve.
    state = with_cards(fresh(), "S10", "S3")
    on_sites = [(3, "euphoria.lower"), (5, "wastelands.upper")]
    set_workers(state, "black", [4], [(2, "icarus.commodity"), *on_sites])
    play(state)
    placed = state.automas["black"].placed
    assert [w.space for w in placed] == ["euphoria.lower", "wastelands.upper"]
    assert len(state.automas["black"].available) == 2


# --- building markets, bumping, the penalty side ------------------------------------------


def test_market_built_by_a_placement_with_the_other_automa_on_the_site():
    """Artifact/Construct(ed) Market row 1 and the base rule (design): black completes a site
    that holds white's worker; both place a token on the new market; both workers return and
    are re-rolled; neither card turns (each has a token there)."""
    state = with_cards(fresh(), "D2", "S10")  # black: construct(ed) market
    set_workers(state, "white", [], [(3, "euphoria.upper")] + [(1, "icarus.commodity")] * 3)
    outcome = play(state, sites__humans="")
    assert state.sites["euphoria.upper"].built
    for name in ("black", "white"):
        me = state.automas[name]
        assert "euphoria.upper" in me.tokens
        assert all(w.space != "euphoria.upper" for w in me.placed)
        assert me.workers() == WORKERS
    assert "penalty side" not in texts(outcome)


def test_four_players_need_three_workers():
    """Base rule (design): with 4 players 3 workers build a market, so black joining white's
    worker alone does not build it."""
    state = with_cards(fresh(humans=2), "D2", "S10")
    set_workers(state, "white", [], [(3, "subterra.lower")] + [(1, "icarus.commodity")] * 3)
    play(state, sites__humans="")
    assert not state.sites["subterra.lower"].built
    assert state.site_workers("subterra.lower") == 2


def test_bumping_the_other_automa_on_a_constructed_market():
    """Construct(ed) Market row 3 and "Penalizing Market": black places on a penalizing
    market where white's worker stands: white's worker returns and is re-rolled, black's token
    goes on the market and black's card turns back."""
    state = with_cards(fresh(), "D2", "S10")
    state.sites["subterra.lower"].built = True
    state.automas["white"].tokens.append("subterra.lower")
    state.automas["black"].penalty_side = True
    for site in SITES:
        if site != "subterra.lower":
            state.sites[site].built = True
            state.automas["black"].tokens.append(site)
            state.automas["white"].tokens.append(site)
    set_workers(state, "white", [2, 2, 2], [(5, "subterra.lower")])
    play(state)
    assert PlacedWorker(5, "subterra.lower") not in state.automas["white"].placed
    assert state.automas["black"].placed[-1].space == "subterra.lower"
    assert "subterra.lower" in state.automas["black"].tokens
    assert not state.automas["black"].penalty_side


def test_market_built_flips_the_other_card_and_its_sixes_stay():
    """ "Market Penalties": a worker already showing 6 when the card turns to the penalty side
    is not moved to the card."""
    state = with_cards(fresh(), "D2", "S10")
    set_workers(state, "white", [6, 6], [(1, "icarus.commodity")] * 2)
    play(state, sites__humans="euphoria.upper")
    white = state.automas["white"]
    assert white.penalty_side and not white.penalty_card


def test_human_market_built_returns_the_automas_workers_with_a_token_each():
    """Base rule (design) for a market a human completes (`market-built`): every Automa
    worker on the site returns and is re-rolled, each Automa with a worker there places a token
    on it; an Automa without one turns to the penalty side."""
    state = fresh(physical_dice=True, **_dice())
    set_workers(state, "black", [2, 2, 2], [(4, "wastelands.lower")])
    event(state, "market-built", {"event.roll.1": "6"}, site="wastelands.lower")
    black, white = state.automas["black"], state.automas["white"]
    assert "wastelands.lower" in black.tokens and not black.penalty_side
    assert 6 in black.available and not black.penalty_card  # its side was down
    assert white.penalty_side


def test_last_token_mid_turn_ends_the_game_before_white():
    """A player with all 10 authority tokens placed wins (design): black's 10th token
    completing a site ends the game at once; white does not play."""
    state = with_cards(fresh(), "D2", "S10")
    state.automas["black"].tokens = ["corrected"] * 9
    play(state, sites__humans="euphoria.upper")
    assert state.winner == "black"
    assert state.automas["black"].tokens_left == 0
    assert not state.automas["white"].placed


def test_tunnel_miner_of_an_automa_faction_and_activation_token():
    """ "Automa Allegiance": the first activation of the faction's recruits, via a tunnel too,
    gives that Automa a token next to the track (asked with --ask-tracks)."""
    state = with_cards(fresh(report_tracks=False), "S5", "S10")  # black: tunnel + Sky Lounge
    set_workers(state, "white", [], [(1, "icarus.commodity")] * 4)
    assert asked(state) == ["black.miner"]
    play(state, black__miner="yes")
    assert "allegiance:subterra:8" in state.automas["black"].tokens


# --- ask only what matters, once ----------------------------------------------------------


def test_sites_question_skips_sites_a_human_worker_would_have_built():
    """Design "Ask only what matters, once" and the base rule (2 workers build a market with 3
    players): a construction site that holds an Automa worker cannot also hold a human's (it
    would have been built), so the question does not offer it; with no other unbuilt site
    nothing is asked."""
    state = with_cards(fresh(), "D2", "S10")  # black: construct(ed) market
    for site in SITES:
        if site != "euphoria.upper":
            state.sites[site].built = True
            for name in ("black", "white"):
                state.automas[name].tokens.append(site)
    set_workers(state, "white", [], [(3, "euphoria.upper")] + [(1, "icarus.commodity")] * 3)
    assert asked(state) == []
    play(state)
    assert state.sites["euphoria.upper"].built


def test_sites_question_offers_only_sites_a_human_could_hold():
    """As above, with other unbuilt sites: only they are offered."""
    state = with_cards(fresh(), "D2", "S10")
    set_workers(state, "white", [], [(3, "euphoria.upper")] + [(1, "icarus.commodity")] * 3)
    with pytest.raises(NeedAnswers) as need:
        turn.run_turn(state.clone(), Answers(raw={}))
    (question,) = need.value.questions
    assert question.id == "sites.humans"
    assert "euphoria.upper" not in question.choices and "euphoria.lower" in question.choices


# --- a random game through the public API -------------------------------------------------


def _dice():
    return {
        "setup_answers": tuple(
            (f"{a}.worker.{n}", "3") for a in ("black", "white") for n in range(1, 5)
        )
    }


def _answer(q: Question, rng: random.Random) -> str:
    if q.kind == "yes_no":
        return rng.choice(["yes", "no"])
    if q.kind == "many":
        return ",".join(c for c in q.choices if rng.random() < 0.3)
    if q.kind == "number":
        return str(rng.randint(q.minimum, q.maximum))
    return rng.choice(q.choices)


_KINDS = ("bump", "site-add", "site-remove", "market-built", "activation", "last-tier", "sites")
_KINDS += ("correct",)


def _human_event(journal: Journal, rng: random.Random) -> None:
    state = game.replay(journal)
    kind = rng.choice(_KINDS)
    fields: dict = {}
    if kind == "bump":
        targets = [
            (a, w.space)
            for a in ("black", "white")
            for w in state.automas[a].placed
            if w.space in SINGLE_OCCUPANCY
        ]
        if not targets:
            return
        fields["automa"], fields["space"] = rng.choice(targets)
    elif kind in ("site-add", "site-remove"):
        fields["site"], fields["count"] = rng.choice(SITES), rng.randint(1, 2)
    elif kind == "market-built":
        fields["site"] = rng.choice(SITES)
    elif kind in ("activation", "last-tier"):
        fields["faction"] = rng.choice(AREAS)
    elif kind == "sites":
        fields["workers"] = {s: rng.randint(0, 1) for s in rng.sample(SITES, 2)}
    else:
        fields["automa"] = rng.choice(["black", "white"])
        if rng.random() < 0.5:
            fields["tokens_left"] = rng.randint(1, 10)
        else:
            n = rng.randint(0, 4)
            spaces = [
                "euphoria.commodity",
                "icarus.commodity",
                "subterra.tunnel",
                "icarus.sky_lounge",
            ]
            fields["available"] = [rng.randint(1, 6) for _ in range(4 - n)]
            fields["placed"] = [f"{rng.randint(1, 6)}@{rng.choice(spaces)}" for _ in range(n)]
            fields["penalty_card"] = []
    before = list(journal.events)
    answers: dict[str, str] = {}
    for _ in range(4):
        try:
            game.apply_event(journal, kind, answers, **fields)
            return
        except NeedAnswers as need:
            answers.update({q.id: _answer(q, rng) for q in need.questions})
        except CompanionError:
            assert journal.events == before
            return
    raise AssertionError("an event kept asking")


def _check(state: GameState) -> None:
    for name, automa in state.automas.items():
        assert automa.workers() == WORKERS, name
        assert automa.tokens_left + len(automa.tokens) == TOKENS
        assert all(k == 6 for k in automa.penalty_card)
        assert automa.penalty_side == bool(state.penalizing(name)) or state.winner


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(
    seed=st.integers(0, 10_000),
    humans=st.sampled_from([1, 2]),
    physical_dice=st.booleans(),
    physical_deck=st.booleans(),
    ask_tracks=st.booleans(),
    base_game=st.booleans(),
)
def test_random_game_keeps_the_invariants(
    tmp_path_factory, seed, humans, physical_dice, physical_deck, ask_tracks, base_game
):
    """Random Automa turns, human events and answers (physical dice and deck included), with
    undos and redos, for 300 steps: 4 workers per Automa, tokens left + placed = 10, the penalty
    side iff a penalizing market; the journal saved and loaded replays to the same state; undo
    all then redo all is the identity."""
    rng = random.Random(seed)
    options: dict = dict(
        humans=humans,
        physical_dice=physical_dice,
        physical_deck=physical_deck,
        report_tracks=not ask_tracks,
        base_game=base_game,
        difficulty=rng.choice(["beginner", "veteran", "i-want-to-cry"]),
    )
    if humans == 1:
        options["recruits"] = tuple(rng.sample(AREAS, 2))
    if physical_dice:
        options["setup_answers"] = tuple(
            (f"{a}.worker.{n}", str(rng.randint(1, 6)))
            for a in ("black", "white")
            for n in range(1, 5)
        )
    journal = game.new_game(GameOptions(**options), seed=seed)
    for _ in range(300):
        state = game.replay(journal)
        _check(state)
        roll = rng.random()
        if (state.over or roll < 0.04) and journal.events:
            session.undo(journal, rng.randint(1, min(3, len(journal.events))))
        elif roll < 0.07 and journal.can_redo():
            session.redo(journal)
        elif roll < 0.7:
            answers: dict[str, str] = {}
            for _ in range(12):
                try:
                    game.run_turn(journal, answers)
                    break
                except NeedAnswers as need:
                    answers.update({q.id: _answer(q, rng) for q in need.questions})
            else:
                raise AssertionError("a turn kept asking")
        else:
            _human_event(journal, rng)
    final = game.replay(journal).to_json()
    path = tmp_path_factory.mktemp("save") / "g.toml"
    session.save_game(path, journal)
    session.clear_cache()
    assert game.replay(session.load_game(path, game.GAME)).to_json() == final
    steps = len(journal.events)
    if steps:
        session.undo(journal, steps)
        assert game.replay(journal).turn == 0
        session.redo(journal, steps)
    assert game.replay(journal).to_json() == final
