"""The quick game and the campaign said aloud: whose hand, marker or turn, from the data."""

from __future__ import annotations

from companion.ephios import campaign, quick
from companion.ephios.spoken import quick_cues, quick_spoken


def test_a_unite_says_whose_hand_and_marker_and_the_next_player_is_said():
    journal = quick.new_game(["Ann", "Bob"], "Ann")
    out = quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "order"})
    assert quick_spoken(out) == ["Ann: discard the whole hand.", "Move Ann's marker."]
    out = quick.play(journal, {"kind": "next"})
    assert quick_spoken(out) == ["Bob's turn."]
    assert quick_cues(out) == []


def test_the_win_is_said_once_with_its_cue_even_when_it_wins_the_campaign():
    journal = quick.new_game(["Ann", "Bob"])
    quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "order", "affinity": "hand"})
    out = quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "academy"})
    assert quick_spoken(out)[-1] == "Ann wins." and quick_cues(out) == ["game-end"]
    journal = campaign.new_game(["Ann", "Bob"], "Ann")
    for _round in range(2):
        campaign.play(journal, {"kind": "unite", "player": "Ann", "alliance": "company"})
        out = campaign.play(journal, {"kind": "unite", "player": "Ann", "alliance": "academy"})
    assert campaign.replay(journal).champion == "Ann"
    assert quick_spoken(out).count("Ann wins.") == 1
