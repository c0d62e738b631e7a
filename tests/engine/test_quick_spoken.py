"""The quick game and the campaign said aloud: whose hand, marker or turn, from the data."""

from __future__ import annotations

from companion.ephios import campaign, quick
from companion.ephios.words import quick_cues, quick_spoken


def test_a_unite_says_whose_hand_and_marker_and_the_next_player_is_said():
    journal = quick.new_game(["Ann", "Bob"], "Ann")
    out = quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "order"})
    # A unite is the turn's action: the turn ends (the crossroads refilled; the hand is
    # gone), and the next player is said.
    assert quick_spoken(out) == [
        "Ann: discard the whole hand.",
        "Move Ann's marker.",
        "Refill the crossroads to 4 cards.",
        "Bob's turn.",
    ]
    out = quick.play(journal, {"kind": "next"})
    assert quick_spoken(out) == [
        "Bob: keep 3 personalities at most.",
        "Refill the crossroads to 4 cards.",
        "Ann's turn.",
    ]
    assert quick_cues(out) == []


def _to_ann(module, journal) -> None:
    """Pass the turns until it is Ann's (a unite is the action of the player whose turn it is)."""

    def current(state) -> str:
        turn = getattr(state, "round", state)  # a campaign's turns are its round's
        return str(turn.players[turn.current])

    while current(module.replay(journal)) != "Ann":
        module.play(journal, {"kind": "next"})


def test_the_win_is_said_once_with_its_cue_even_when_it_wins_the_campaign():
    journal = quick.new_game(["Ann", "Bob"])
    quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "order", "affinity": "hand"})
    _to_ann(quick, journal)
    out = quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "academy"})
    assert quick_spoken(out)[-1] == "Ann wins." and quick_cues(out) == ["game-end"]
    journal = campaign.new_game(["Ann", "Bob"], "Ann")
    for _round in range(2):
        _to_ann(campaign, journal)
        campaign.play(journal, {"kind": "unite", "player": "Ann", "alliance": "company"})
        _to_ann(campaign, journal)
        out = campaign.play(journal, {"kind": "unite", "player": "Ann", "alliance": "academy"})
    assert campaign.replay(journal).champion == "Ann"
    assert quick_spoken(out).count("Ann wins.") == 1
