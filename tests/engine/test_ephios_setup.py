"""The whole set-up of the quick game and the campaign, from the rulebook, step by step."""

from __future__ import annotations

import json

from click.testing import CliRunner

from companion.cli import main
from companion.ephios import campaign, quick


def _texts(steps):
    return [a.text for a in steps]


def test_quick_game_setup_has_every_step_of_the_rulebook():
    """Quick Game > Components and Setup: the box warning, steps 1 to 6, the 1st player."""
    state = quick.replay(quick.new_game(["Ann", "Bob", "Cy"], first="Bob", seed=1))
    steps = quick.setup_steps(state)
    assert [a.what for a in steps] == [
        "setup.box",
        "setup.board",
        "setup.tokens",
        "setup.aids",
        "setup.characters",
        "setup.affinities",
        "setup.crossroads",
        "setup.first",
    ]
    text = "\n".join(_texts(steps))
    assert "bookmark-star" in text
    assert "supply of 15 persuasion tokens (5 per player)" in text  # 3 players
    assert "takes 2 from it" in text
    assert "18 character cards (14 personalities" in text and "4 inhabitants" in text
    assert "deal one face down to each player; discard the others without revealing" in text
    assert "first 4 cards" in text and "discard pile" in text
    assert (steps[-1].what, steps[-1].who) == ("setup.first", "Bob")
    # every step cites its rulebook section
    assert all(a.rule.startswith(("Quick Game > Components and Setup", "Goal")) for a in steps)
    assert [a.rule for a in steps[1:7]] == [
        f"Quick Game > Components and Setup {n}" for n in range(1, 7)
    ]


def test_campaign_setup_keeps_the_campaign_cards_aside_and_offers_the_inhabitants():
    """Campaign > Components and Setup: the quick set-up (without boxing the campaign
    cards), the campaign cards set aside with the alliances card, the optional inhabitants."""
    state = campaign.replay(campaign.new_game(["Ann", "Bob"], seed=1))
    steps = campaign.setup_steps(state)
    whats = [a.what for a in steps]
    assert "setup.box" not in whats
    assert whats[-3:] == ["setup.campaign-cards", "setup.book", "setup.inhabitants"]
    text = "\n".join(_texts(steps))
    assert "alliances side up, next to the popularity board" in text
    assert "set the Concierge aside" in text and "draw 3" in text
    assert all(a.rule for a in steps)


def _win_round(journal, winner, alliance="company"):
    """Two unites of the Company (+40% each): the second reaches 80% and wins the round. A
    unite is the action of the uniting player's turn: the other players' turns end first."""
    out = []
    for _ in range(2):
        played = campaign.replay(journal).round
        while played.players[played.current] != winner:
            campaign.play(journal, {"kind": "next"})
            played = campaign.replay(journal).round
        out = campaign.play(journal, {"kind": "unite", "player": winner, "alliance": alliance})
    return out


def test_next_round_setup_says_what_stays_and_who_starts():
    """Course of a Campaign: the next round is set up as before, keeping the victory pages'
    changes; the round's winner starts it."""
    journal = campaign.new_game(["Ann", "Bob"], first="Ann", seed=1)
    campaign.play(journal, {"kind": "alliance", "name": "The Guild", "gain": 30, "unite": 2})
    out = _win_round(journal, "Bob")
    whats = [a.what for a in out]
    assert "round.keep" in whats and whats[-1] == "round.first"
    keep = next(a.text for a in out if a.what == "round.keep")
    assert "Round 2" in keep and "The Guild" in keep and "Company" in keep
    assert (out[-1].what, out[-1].who) == ("round.first", "Bob")
    state = campaign.replay(journal)
    assert state.started_by == "Bob"
    assert _texts(campaign.setup_steps(state))[0] == keep


def test_the_started_by_of_a_won_campaign_is_the_last_rounds_starter():
    """After the campaign is won, the round shown was started by the previous round's winner."""
    journal = campaign.new_game(["Ann", "Bob"], first="Ann", seed=1)
    _win_round(journal, "Bob")  # round 1: Bob wins, starts round 2
    _win_round(journal, "Ann")  # round 2: Ann wins, starts round 3
    _win_round(journal, "Ann")  # round 3: Ann wins the campaign
    state = campaign.replay(journal)
    assert state.champion == "Ann" and state.number == 3 and state.started_by == "Ann"
    journal = campaign.new_game(["Ann", "Bob"], first="Ann", seed=1)
    _win_round(journal, "Bob")
    _win_round(journal, "Bob")  # Bob wins round 2, which he started
    state = campaign.replay(journal)
    assert state.champion == "Bob" and state.started_by == "Bob" and state.number == 2


def test_quick_new_and_campaign_new_announce_the_setup_as_json(tmp_path):
    """`quick new` / `campaign new --json`: the set-up steps, each with its rule section."""
    runner = CliRunner()
    for group, first in (("quick", "setup.box"), ("campaign", "setup.board")):
        save = tmp_path / f"{group}.toml"
        result = runner.invoke(
            main, ["ephios", group, "new", str(save), "--player", "A", "--player", "B", "--json"]
        )
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        steps = data["announcements"]
        assert steps[0]["what"] == first
        assert all(step["rule"] for step in steps)
        assert steps[-1 if group == "quick" else -4]["what"] == "setup.first"


def test_a_page_to_read_names_no_shell_command():
    """The engine's text names no CLI command (the shells add their own hint)."""
    journal = campaign.new_game(["Ann", "Bob"], seed=1)
    out = _win_round(journal, "Ann")
    page = next(a for a in out if a.what == "page.read")
    assert "`" not in page.text and "campaign alliance" not in page.text


def test_an_alliance_named_the_guild_is_not_the_the_guild():
    """Wording: "Place The Guild alliance tile", never "the The Guild"."""
    journal = campaign.new_game(["Ann", "Bob"], seed=1)
    out = campaign.play(journal, {"kind": "alliance", "name": "The Guild", "gain": 30, "unite": 2})
    assert out[0].text.startswith("Place The Guild alliance tile")
    assert "the The" not in campaign.describe_event(journal.events[-1])
