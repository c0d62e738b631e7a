"""The Ephios games' glance: the panels folded to one line on a small screen (docs/screens.md,
"The layout rule"), in English and in en_XA, never wider than the line a 40-column phone
gives it: the solo game's tokens, popularity and Plot zone, the Plot's next move when it
fits; the quick game's and campaign's turn and each player's popularity (the highest of the
others' when they do not all fit); the winner once the game is won."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from ephios_solo_helpers import CROSSROADS

from companion.ephios import campaign, quick, solo
from companion.tui.games import ephios_scores, ephios_solo
from companion.tui.widgets.glance import GLANCE_COLUMNS

pytestmark = pytest.mark.ui
FOUR = ["Annabelle", "Bartholomew", "Cyprian", "Dorothea"]


def view(state: Any) -> Any:
    """A table's view as the glance reads it (its state)."""
    return SimpleNamespace(state=state)


@pytest.mark.parametrize("language", ["en", "en_XA"])
def test_the_solo_glance_says_tokens_popularity_and_the_plot_zone(monkeypatch, language):
    monkeypatch.setenv("COMPANION_LANG", language)
    state = solo.replay(solo.new_game("normal", 1, CROSSROADS))
    line = ephios_solo.glance(view(state))
    assert line.plain.startswith("●●○○○ 2 · ")
    assert "20%" in line.plain and "0/5" in line.plain
    assert line.cell_len <= GLANCE_COLUMNS
    decision = state.plot_next()
    assert decision is not None and decision.slot is not None
    if language == "en":  # room for the Plot's next move
        assert line.plain.endswith(f"Plot 0/5 ▸ {decision.action}s {decision.slot}")
    else:  # the longer words leave it to the unfolded board
        assert "▸" not in line.plain


def test_the_solo_glance_leaves_the_plot_s_move_out_once_the_game_is_over():
    state = solo.replay(solo.new_game("normal", 1, CROSSROADS))
    state.result = "lost"
    assert "▸" not in ephios_solo.glance(view(state)).plain


@pytest.mark.parametrize("language", ["en", "en_XA"])
def test_the_quick_glance_names_whose_turn_and_everyone_s_popularity(monkeypatch, language):
    monkeypatch.setenv("COMPANION_LANG", language)
    state = quick.replay(quick.new_game(["Ann", "Bob", "Cy"], first="Bob"))
    state.popularity.update({"Ann": 60, "Bob": 20, "Cy": 10})
    line = ephios_scores.glance(view(state)).plain
    assert line.startswith("▶ Bob ") and "↻" in line
    assert "Ann" in line and "60%" in line  # the highest of the others, in any language
    if language == "en":  # room for every player
        assert line == "▶ Bob 20% ↻ · Ann 60% · Cy 10%"
    assert len(line) <= GLANCE_COLUMNS


def test_the_quick_glance_keeps_the_highest_of_the_others_when_all_do_not_fit():
    state = quick.replay(quick.new_game(FOUR, first="Annabelle"))
    state.popularity.update({"Annabelle": 10, "Bartholomew": 30, "Cyprian": 50, "Dorothea": 40})
    line = ephios_scores.glance(view(state)).plain
    assert line == "▶ Annabelle 10% ↻ · Cyprian 50%"


def test_the_campaign_glance_names_its_round_and_the_winner_once_won():
    state = campaign.replay(campaign.new_game(["Ann", "Bob"], first="Ann"))
    assert ephios_scores.glance(view(state)).plain == "R1 · ▶ Ann 0% · Bob 0%"
    won = quick.replay(quick.new_game(["Ann", "Bob"], first="Ann"))
    won.winner = "Bob"
    won.popularity["Bob"] = 80
    assert ephios_scores.glance(view(won)).plain == "BOB WINS"
