"""Quick game and campaign keeping: the unite calculator, 70% wins, direction token, rounds."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import session
from companion.core.errors import InputError
from companion.core.saves import read_save
from companion.ephios import campaign, quick, table_events
from companion.ephios.cards import load_deck
from companion.ephios.words import QUICK_WORDS

DECK = load_deck()


@pytest.mark.parametrize(
    ("alliance", "match", "hand", "none"),
    [
        ("syndicate", 40, 30, 20),
        ("academy", 50, 40, 30),
        ("order", 50, 40, 30),
        ("company", 60, 50, 40),
        ("cult", 60, 50, 40),
    ],
)
def test_unite_calculator_table(alliance, match, hand, none):
    """Unite table + Affinity card: +20% if it matches, +10% with a personality of it in hand."""
    found = DECK.alliances[alliance]
    assert quick.unite_gain(found, "match") == match
    assert quick.unite_gain(found, "hand") == hand
    assert quick.unite_gain(found, "none") == none


def test_affinity_is_used_once_per_game():
    """Affinity card: you only have one affinity per game."""
    journal = quick.new_game(["Ann", "Bob"])
    quick.play(
        journal, {"kind": "unite", "player": "Ann", "alliance": "order", "affinity": "match"}
    )
    quick.play(journal, {"kind": "next"})  # Bob's turn ends: Ann's again
    with pytest.raises(InputError, match="already used") as refused:
        quick.play(
            journal, {"kind": "unite", "player": "ann", "alliance": "cult", "affinity": "hand"}
        )
    assert refused.value.field == "affinity"
    quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "cult", "affinity": "none"})
    state = quick.replay(journal)
    assert state.popularity == {"Ann": 90, "Bob": 0} and state.winner == "Ann"


def test_seventy_wins_at_once():
    """End of the Game: reaching or exceeding 70% stops the game immediately."""
    journal = quick.new_game(["Ann", "Bob", "Cy"], first="Bob")
    quick.play(
        journal, {"kind": "unite", "player": "Bob", "alliance": "company", "affinity": "none"}
    )
    out = quick.play(journal, {"kind": "popularity", "player": "Bob", "delta": 30})
    state = quick.replay(journal)
    assert state.winner == "Bob" and out[-1].kind == "end"
    with pytest.raises(InputError, match="over"):
        quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "cult"})


def test_popularity_stays_on_the_track_and_seventy_wins():
    """The popularity track runs from 0% to 100%; reaching or exceeding 70% wins."""
    assert quick.popularity_after(60, 50) == 100
    assert quick.popularity_after(10, -30) == 0
    assert quick.popularity_after(40, 15) == 55
    assert not quick.reaches_win(69)
    assert quick.reaches_win(70) and quick.reaches_win(100)


def test_direction_token_and_next_player():
    """Setup: direction token clockwise with 3-4 players; the next player follows it."""
    journal = quick.new_game(["Ann", "Bob", "Cy", "Di"], first="Cy")
    assert quick.replay(journal).players[quick.replay(journal).current] == "Cy"
    quick.play(journal, {"kind": "next"})
    assert quick.replay(journal).current == 3
    quick.play(journal, {"kind": "flip"})
    quick.play(journal, {"kind": "next"})
    quick.play(journal, {"kind": "next"})
    state = quick.replay(journal)
    assert (state.clockwise, state.players[state.current]) == (False, "Bob")


def test_a_unite_is_the_action_of_the_turn_and_passes_it():
    """Course of a Game: "on your turn, you must perform a single action of your choice among
    the following 4: ... 4. Unite"; End of Turn: "the next player, following the direction
    token, must take theirs". A unite ends the turn; another player's unite is refused."""
    journal = quick.new_game(["Ann", "Bob", "Cy"], first="Bob")
    quick.play(journal, {"kind": "flip"})
    out = quick.play(journal, {"kind": "unite", "player": "Bob", "alliance": "order"})
    assert [a.what for a in out] == ["unite", "popularity", "turn.refill", "next"]
    state = quick.replay(journal)
    assert state.players[state.current] == "Ann" and state.turn == 2  # counterclockwise
    before = list(journal.events)
    with pytest.raises(InputError, match="Ann's turn") as refused:
        quick.play(journal, {"kind": "unite", "player": "Cy", "alliance": "cult"})
    assert refused.value.field == "player" and journal.events == before
    assert quick.replay(journal).popularity["Cy"] == 0


def test_the_end_of_a_turn_says_the_hand_limit_and_the_crossroads_refill():
    """End of Turn: "If you have more than 3 personalities in hand, discard the excess ...
    (do not apply the effects of the cards thus discarded). If there are fewer than 4 cards
    on the crossroads, complete it ... to reach 4 cards again." Said for the player whose
    turn ends (the refill is the table's), each saying how far (the app does not see the
    cards), before whose turn it is next; each with its rule and its "why" (when)."""
    journal = quick.new_game(["Ann", "Bob", "Cy"], first="Bob")
    out = quick.play(journal, {"kind": "next"})
    assert [(a.what, a.who, a.kind) for a in out] == [
        ("turn.hand-limit", "Bob", "do"),
        ("turn.refill", "", "do"),
        ("next", "Cy", "info"),
    ]
    hand, refill = out[0], out[1]
    assert hand.text == "Discard down to 3 personalities in hand, without applying their effects."
    assert refill.text == "Refill the crossroads up to 4 cards from the draw pile."
    assert hand.rule == refill.rule == quick.RULE_TURN
    assert "more than 3 personalities" in hand.why and "fewer than 4 cards" in refill.why
    assert hand.to_json()["what"] == "turn.hand-limit" and hand.to_json()["who"] == "Bob"
    assert QUICK_WORDS.render(hand, "log") == (
        "Bob: Discard down to 3 personalities in hand, without applying their effects."
    )


def test_a_unite_ends_its_turn_with_the_refill_only():
    """A unite discards ALL the hand (4 - Unite): no hand limit to keep at its turn's end,
    only the crossroads to refill; a flip or a card effect does not end a turn."""
    journal = quick.new_game(["Ann", "Bob", "Cy"])
    assert [a.what for a in quick.play(journal, {"kind": "flip"})] == ["direction"]
    out = quick.play(journal, {"kind": "popularity", "player": "Cy", "delta": 10})
    assert [a.what for a in out] == ["popularity"]
    out = quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "cult"})
    assert [(a.what, a.who) for a in out][-2:] == [("turn.refill", ""), ("next", "Cy")]


def test_a_game_won_or_a_round_won_stops_without_an_end_of_turn():
    """End of the Game: "the game stops immediately"; a campaign round too (End of round
    follows): no end-of-turn step after the win. The next round's turns end as a quick
    game's do."""
    journal = quick.new_game(["Ann", "Bob"])
    quick.play(journal, {"kind": "popularity", "player": "Ann", "delta": 40})
    out = quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "cult"})
    assert not [a for a in out if a.what.startswith("turn.")]
    rounds = campaign.new_game(["Ann", "Bob"])
    out = campaign.play(rounds, {"kind": "popularity", "player": "Bob", "delta": 70})
    assert not [a for a in out if a.what.startswith("turn.")]
    out = campaign.play(rounds, {"kind": "next"})
    assert [a.what for a in out] == ["turn.hand-limit", "turn.refill", "next"]
    out = campaign.play(rounds, {"kind": "unite", "player": "Ann", "alliance": "order"})
    assert [a.what for a in out] == ["unite", "popularity", "turn.refill", "next"]


def test_a_winning_unite_ends_the_game_not_the_turn():
    """End of the Game: "the game stops immediately" at 70%: no next player."""
    journal = quick.new_game(["Ann", "Bob"])
    quick.play(journal, {"kind": "popularity", "player": "Ann", "delta": 40})
    out = quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "cult"})
    assert [a.what for a in out] == ["unite", "popularity", "won"]
    assert quick.replay(journal).current == 0


def test_a_campaign_round_keeps_the_unite_rule():
    """Campaign: "each round is played like a quick game": round 2 too refuses a unite out
    of turn and passes the turn after one (the winner of round 1 starts)."""
    journal = campaign.new_game(["Ann", "Bob"], first="Bob")
    campaign.play(journal, {"kind": "popularity", "player": "Bob", "delta": 70})
    state = campaign.replay(journal)
    assert state.number == 2 and state.round.players[state.round.current] == "Bob"
    with pytest.raises(InputError, match="Bob's turn"):
        campaign.play(journal, {"kind": "unite", "player": "Ann", "alliance": "cult"})
    campaign.play(journal, {"kind": "unite", "player": "Bob", "alliance": "cult"})
    state = campaign.replay(journal)
    assert state.round.players[state.round.current] == "Ann"


def test_a_game_saved_before_the_unite_rule_replays_as_it_was_played():
    """A journal without the option (saved before a unite ended the turn) keeps its reading:
    its unites out of turn load, and its turns pass with ``next`` only."""
    journal = quick.new_game(["Ann", "Bob"])
    del journal.options[quick.UNITE_ENDS_TURN]
    quick.play(journal, {"kind": "unite", "player": "Bob", "alliance": "cult"})
    state = quick.replay(journal)
    assert state.popularity["Bob"] == 40 and state.players[state.current] == "Ann"


def test_two_players_have_no_direction_token():
    """Setup: the direction token is placed with 3 or 4 players only."""
    journal = quick.new_game(["Ann", "Bob"])
    with pytest.raises(InputError, match="3 or 4"):
        quick.play(journal, {"kind": "flip"})


@pytest.mark.parametrize("players", [["Ann"], ["A", "B", "C", "D", "E"], ["Ann", "ann"]])
def test_player_count_and_names(players):
    """Quick game: 2 to 4 players with distinct names."""
    with pytest.raises(InputError):
        quick.new_game(players)


@pytest.mark.parametrize(("before", "delta"), [(0, -20), (0, 500), (60, 41), (30, -31)])
def test_a_change_beyond_the_popularity_track_is_refused_not_clamped(before, delta):
    """Components and Setup: each marker starts "on the 0% space of the popularity track",
    which ends at 100%. A card effect's change that would leave the track is a number out of
    range: refused (nothing recorded), never clamped (500 would make Ann win)."""
    journal = quick.new_game(["Ann", "Bob"])
    if before:
        quick.play(journal, {"kind": "popularity", "player": "Ann", "delta": before})
    events = list(journal.events)
    with pytest.raises(InputError, match="off the track") as refused:
        quick.play(journal, {"kind": "popularity", "player": "ann", "delta": delta})
    assert refused.value.field == "delta" and journal.events == events
    assert quick.replay(journal).winner is None
    fits = quick.MAX_POPULARITY - before if delta > 0 else quick.MIN_POPULARITY - before
    quick.play(journal, {"kind": "popularity", "player": "Ann", "delta": fits})
    assert quick.replay(journal).popularity["Ann"] in (quick.MIN_POPULARITY, quick.MAX_POPULARITY)


def test_a_campaign_round_refuses_a_change_beyond_the_track_too():
    """Campaign: "Each round is played like a quick game": the same track, the same refusal."""
    journal = campaign.new_game(["Ann", "Bob"])
    with pytest.raises(InputError, match="off the track"):
        campaign.play(journal, {"kind": "popularity", "player": "Bob", "delta": 101})
    assert journal.events == []


def test_a_save_holding_a_change_beyond_the_track_still_replays_on_the_track():
    """A save an earlier version wrote (it kept the marker on the track) loads as played."""
    journal = quick.new_game(["Ann", "Bob"])
    journal.events.append({"kind": "popularity", "player": "Ann", "delta": -20})
    assert quick.replay(journal).popularity["Ann"] == 0


@settings(max_examples=20, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.builds(
                lambda p, a, f: {"kind": "unite", "player": p, "alliance": a, "affinity": f},
                st.sampled_from(["Ann", "Bob", "Cy"]),
                st.sampled_from(list(DECK.alliances)),
                st.sampled_from(["match", "hand", "none"]),
            ),
            st.just({"kind": "flip"}),
            st.just({"kind": "next"}),
        ),
        max_size=12,
    )
)
def test_quick_undo_all_redo_all(events):
    """Undo every step then redo every step gives the same state."""
    journal = quick.new_game(["Ann", "Bob", "Cy"])
    for event in events:
        with contextlib.suppress(InputError):
            quick.play(journal, event)
    before = quick.replay(journal)
    n = len(journal.events)
    for _ in range(n):
        session.undo(journal)
    assert quick.replay(journal) == quick.new_round(["Ann", "Bob", "Cy"], None, DECK.alliances)
    for _ in range(n):
        session.redo(journal)
    assert quick.replay(journal) == before


# --- campaign ------------------------------------------------------------------------


def _win(journal, player, alliance):
    """Unites until ``player`` wins the round, the last alliance united being ``alliance``."""
    out = []
    while True:
        played = campaign.replay(journal).round
        while played.players[played.current] != player:  # a unite is the action of a turn
            campaign.play(journal, {"kind": "next"})
            played = campaign.replay(journal).round
        round_number = campaign.replay(journal).number
        out = campaign.play(journal, {"kind": "unite", "player": player, "alliance": alliance})
        state = campaign.replay(journal)
        if state.number != round_number or state.champion:
            return out


def test_round_winner_starts_next_round_and_reads_the_page():
    """Course of a Campaign: the winner reads the page of the last united alliance, then starts."""
    journal = campaign.new_game(["Ann", "Bob", "Cy"])
    out = _win(journal, "Bob", "company")
    state = campaign.replay(journal)
    assert state.number == 2 and state.wins["Bob"] == 1
    assert state.round.players[state.round.current] == "Bob"
    assert state.round.popularity == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert state.pages_read == ["company"]
    pages = [(a.what, a.who) for a in out if a.what.startswith("page.")]
    assert pages == [("page.read", "Bob"), ("page.removed-before", "Bob")]


def test_a_page_may_remove_cards_already_removed():
    """Victory pages: "A victory page may ask you to remove from the game cards that have
    already been removed. In that case ignore them and apply the rest of the modifications."
    Said with each page read (the app does not see the cards), not with a page read before."""
    journal = campaign.new_game(["Ann", "Bob"])
    out = _win(journal, "Ann", "cult")
    (note,) = [a for a in out if a.what == "page.removed-before"]
    assert note.kind == "info" and note.rule == campaign.RULE_PAGES
    assert [a.what for a in out].index("page.removed-before") == [a.what for a in out].index(
        "page.read"
    ) + 1
    again = _win(journal, "Bob", "cult")
    assert not any(a.what == "page.removed-before" for a in again)


def test_a_page_is_read_once():
    """Victory pages: a page already read means "go directly to the next round"."""
    journal = campaign.new_game(["Ann", "Bob"])
    _win(journal, "Ann", "cult")
    out = _win(journal, "Bob", "cult")
    assert [a.what for a in out if a.what.startswith("page.")] == ["page.read-before"]
    assert campaign.replay(journal).pages_read == ["cult"]


def test_campaign_ends_at_two_round_wins():
    """End of the Campaign: the first to win two rounds wins the campaign."""
    journal = campaign.new_game(["Ann", "Bob"])
    _win(journal, "Ann", "cult")
    _win(journal, "Bob", "order")
    out = _win(journal, "Ann", "academy")
    state = campaign.replay(journal)
    assert state.champion == "Ann" and (out[-1].kind, out[-1].what) == ("end", "won")
    with pytest.raises(InputError, match="campaign is over"):
        campaign.play(journal, {"kind": "next"})


def test_alliance_tiles_are_user_data():
    """Campaign: alliance tiles come into play (name, gain, unite requirement given by the user)."""
    journal = campaign.new_game(["Ann", "Bob"])
    campaign.play(journal, {"kind": "alliance", "name": "Guild", "gain": 50, "unite": 2})
    campaign.play(
        journal, {"kind": "unite", "player": "Ann", "alliance": "guild", "affinity": "match"}
    )
    state = campaign.replay(journal)
    assert state.wins["Ann"] == 1 and state.number == 2  # 50 + 20 = 70%: round won
    assert "guild" in state.round.alliances  # tiles stay for the next rounds
    with pytest.raises(InputError, match="already in play"):
        campaign.play(journal, {"kind": "alliance", "name": "guild", "gain": 50, "unite": 2})
    campaign.play(
        journal, {"kind": "alliance", "name": "Circle", "gain": 30, "unite": 2, "replaces": "cult"}
    )
    assert "cult" not in campaign.replay(journal).round.alliances


def test_setup_steps_place_the_direction_token_with_3_or_4_players():
    """Quick Game, Components and Setup 1: "with 3 or 4 players, place the direction token
    (clockwise side)"; a campaign's round 1 is set up the same way, then its own steps."""
    from companion.ephios import campaign

    two = quick.setup_steps(quick.replay(quick.new_game(["A", "B"], seed=1)))
    three = quick.setup_steps(quick.replay(quick.new_game(["A", "B", "C"], seed=1)))
    board2 = next(a.text for a in two if a.what == "setup.board")
    board3 = next(a.text for a in three if a.what == "setup.board")
    assert "direction token" not in board2
    assert "direction token on it, clockwise side up" in board3
    camp = campaign.replay(campaign.new_game(["A", "B", "C"], seed=1))
    steps = campaign.setup_steps(camp)
    assert [a.text for a in steps[:7]] == [a.text for a in three[1:]]


# --- saves of every event kind --------------------------------------------------------

SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
KIND_SAVES = [
    "ephios-quick-unite",
    "ephios-quick-popularity",
    "ephios-quick-flip",
    "ephios-quick-next",
    "ephios-campaign-alliance",
    "ephios-campaign-rounds",
]


@pytest.mark.parametrize("name", KIND_SAVES)
def test_saves_of_every_event_kind_replay_to_the_same_state(tmp_path, name):
    """A save of each event kind (written before the typed events) loads, replays to the state
    that version showed, says the same things (announcement ids) at each event, and its redo
    list still plays."""
    expected = json.loads((SAVES / f"{name}.json").read_text())
    copy = tmp_path / f"{name}.toml"
    copy.write_bytes((SAVES / f"{name}.toml").read_bytes())
    journal = read_save(copy)
    engine = campaign if journal.game == campaign.GAME else quick
    loaded = session.load(engine.RULES, copy)
    assert engine.replay(loaded).to_json() == expected["state"]
    state = engine.RULES.start(loaded)
    said = []
    for index, event in enumerate(loaded.events, 1):
        state, out = engine.RULES.apply(state, event, index)
        said.append([a.what for a in out])
    assert said == expected["said"]
    for _ in loaded.redo_stack[:]:
        session.redo(loaded)
    session.save(engine.RULES, copy, loaded)
    assert engine.replay(session.load(engine.RULES, copy)).to_json()["players"]


# --- typed steps at the journal boundary ----------------------------------------------


@pytest.mark.parametrize(
    "step",
    [
        table_events.Unite("Ann", "cult"),
        table_events.Unite("Bob", "order", "match"),
        table_events.Popularity("Ann", -10),
        table_events.Flip(),
        table_events.Next(),
        table_events.AllianceTile("Guild", 25, 3),
        table_events.AllianceTile("Circle", 30, 2, replaces="cult"),
    ],
)
def test_a_step_is_stored_as_its_table_and_read_back(step):
    """Every step kind is stored as the table earlier versions wrote and read back equal."""
    stored = table_events.to_dict(step)
    assert stored["kind"] == step.kind
    assert table_events.campaign_event(stored) == step


def test_typed_steps_play_and_are_recorded_in_the_journal_form():
    """A shell may give a typed step or its table: the journal records the same table."""
    typed = quick.new_game(["Ann", "Bob", "Cy"], seed=1)
    tables = quick.new_game(["Ann", "Bob", "Cy"], seed=1)
    said = quick.play(typed, table_events.Unite("ann", "Cult", "hand"))
    assert [a.what for a in said] == [
        "unite",
        "affinity.hand",
        "popularity",
        "turn.refill",
        "next",
    ]
    quick.play(tables, {"kind": "unite", "player": "ann", "alliance": "Cult", "affinity": "hand"})
    assert (
        typed.events
        == tables.events
        == [{"kind": "unite", "player": "ann", "alliance": "cult", "affinity": "hand"}]
    )
    quick.play(typed, table_events.Flip())
    assert quick.describe_event(typed.events[-1]) == quick.describe_event(table_events.Flip())


@pytest.mark.parametrize(
    ("table", "field"),
    [
        ({"kind": "popularity", "player": "Ann", "delta": 2.5}, "delta"),
        ({"kind": "popularity", "player": "Ann", "delta": True}, "delta"),
        ({"kind": "unite", "player": "Ann", "alliance": "cult", "affinity": "x"}, "affinity"),
        ({"kind": "alliance", "name": "Guild", "gain": 250, "unite": 3}, "gain"),
    ],
)
def test_a_table_that_is_no_step_is_refused_naming_the_field(table, field):
    """The journal boundary: a malformed table is an InputError naming its field."""
    with pytest.raises(InputError) as refused:
        table_events.campaign_event(table)
    assert refused.value.field == field


def test_an_unknown_kind_is_refused_with_its_kind():
    """An event kind the game does not have is refused (the campaign's tile is not a quick step)."""
    with pytest.raises(InputError, match="'alliance'"):
        table_events.quick_event({"kind": "alliance", "name": "Guild", "gain": 25, "unite": 3})
