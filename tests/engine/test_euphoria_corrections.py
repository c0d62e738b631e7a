"""Corrections that cannot break a game: every `correct` and other event is
checked against the same rules as the game; refused: one line, exit 2, the save unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from companion import paths
from companion.cli import main
from companion.core import session
from companion.core.errors import CompanionError, InputError
from companion.core.questions import Answers
from companion.euphoria import game
from companion.euphoria.events import apply_event, normalize
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import GameOptions, GameState


def fresh(humans: int = 1) -> GameState:
    """A new game: black Subterran, white Wastelander."""
    recruits = ("icarus", "euphoria")
    options = GameOptions(humans=humans, recruits=recruits, factions=("subterra", "wastelands"))
    return game.replay(game.new_game(options, seed=7))


def correct(state: GameState, **fields) -> None:
    apply_event(state, "correct", normalize("correct", fields), Answers(raw={}), 1)


def test_a_market_token_is_added_only_while_one_is_left():
    """ "Give the Automas Their Components": an Automa has 10 authority tokens; a token is
    placed only while it has one left (reported: tokens left went to -1)."""
    state = fresh()
    correct(state, site="euphoria.lower", built=True)
    correct(state, automa="black", tokens_left=0)
    with pytest.raises(CompanionError, match="no authority token left"):
        correct(state, site="euphoria.upper", built=True, market_tokens=["black"])


def test_tokens_left_stay_between_0_and_10():
    """10 authority tokens each: tokens left is a number from 0 to 10."""
    for bad in (-1, 11):
        with pytest.raises(InputError, match="0 to 10"):
            normalize("correct", {"automa": "black", "tokens_left": bad})


def test_a_won_game_keeps_its_winner():
    """A player with all 10 tokens placed wins; only undo takes the winning step back."""
    options = GameOptions(recruits=("icarus", "euphoria"), factions=("subterra", "wastelands"))
    journal = game.new_game(options, seed=7)
    game.apply_event(journal, "correct", automa="black", tokens_left=0)
    assert game.replay(journal).winner == "black"
    with pytest.raises(CompanionError, match="undo"):
        game.apply_event(journal, "correct", automa="black", tokens_left=3)
    assert game.replay(journal).winner == "black" and len(journal.events) == 1
    session.undo(journal)
    assert game.replay(journal).winner == ""


def test_only_sixes_go_onto_the_penalty_card():
    """ "Market Penalties": with the penalty side up every 6 rolled goes onto the card."""
    state = fresh()
    with pytest.raises(CompanionError, match="only workers showing 6"):
        correct(state, automa="black", available=[1, 2, 3], penalty_card=[5])
    correct(state, automa="black", available=[1, 2, 3], penalty_card=[6])


@pytest.mark.parametrize(("humans", "threshold"), [(1, 2), (2, 3)])
def test_an_unbuilt_site_holds_fewer_workers_than_build_it(humans, threshold):
    """Base rule (design): a market is built when its site holds 2 workers with 3 players,
    3 with 4; a construction site never holds as many unbuilt."""
    state = fresh(humans)
    with pytest.raises(CompanionError, match=f"{threshold} build it"):
        correct(state, site="euphoria.lower", humans=threshold)
    correct(state, site="euphoria.lower", humans=threshold - 1)
    # Automa workers count too: one more (an Automa's) would reach the threshold.
    with pytest.raises(CompanionError, match=f"{threshold} build it"):
        correct(
            state,
            automa="black",
            available=[1, 2, 3],
            placed=["4@euphoria.lower"],
        )


def test_no_two_workers_on_a_single_worker_space():
    """Single-occupancy spaces (design): a tunnel holds one worker; placing there bumps."""
    state = fresh()
    state.automas["white"].available = [1, 2, 3]
    state.automas["white"].placed = [PlacedWorker(4, "subterra.tunnel")]
    with pytest.raises(CompanionError, match="holds one worker"):
        correct(state, automa="black", available=[1, 2, 3], placed=["5@subterra.tunnel"])


def test_built_refused_while_automa_workers_stand_on_the_site():
    """When a market is built every worker on its site returns and each contributor places a
    token: a correction cannot skip that; the hint names `market-built`."""
    state = fresh()
    correct(state, automa="black", available=[1, 2, 3], placed=["4@euphoria.lower"])
    with pytest.raises(CompanionError, match="market-built"):
        correct(state, site="euphoria.lower", built=True)


def test_the_solo_variant_is_for_one_human():
    """Rulebook "Optional Solo Variant": a variant of the solo game only."""
    with pytest.raises(InputError, match="one human"):
        game.new_game(GameOptions(humans=2, solo_variant=True), seed=1)


# --- the CLI: one line, exit 2, the save byte for byte unchanged --------------------------------


def run(*args: str):
    return CliRunner().invoke(main, ["euphoria", *args])


@pytest.fixture
def save() -> Path:
    result = run("new", "c", "--recruits", "icarus,euphoria", "--seed", "11")
    assert result.exit_code == 0, result.output
    return paths.data_dir() / "c.toml"


@pytest.mark.parametrize(
    "args",
    [
        # a token added with none left
        ("correct", "--automa", "black", "--tokens-left", "11"),
        # a 5 on the penalty card
        ("correct", "--automa", "black", "--available", "1,2,3", "--penalty-card", "5"),
        # 3 human workers on a site that builds at 2
        ("correct", "--site", "euphoria.lower", "--humans", "2"),
        # the same site twice in --workers
        ("sites", "--workers", "euphoria.lower=1,euphoria.lower=0"),
        # unicode digits are not digits here
        ("sites", "--workers", "euphoria.lower=²"),
    ],
)
def test_cli_refuses_with_one_line_and_keeps_the_save(save, args):
    before = save.read_bytes()
    result = run("event", "c", *args)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert save.read_bytes() == before


def test_cli_built_yes_refused_while_automas_stand_there(save):
    assert run("event", "c", "correct", "--automa", "black", "--available", "1,2,3",
               "--placed", "4@euphoria.lower").exit_code == 0  # fmt: skip
    before = save.read_bytes()
    result = run("event", "c", "correct", "--site", "euphoria.lower", "--built", "yes")
    assert result.exit_code == 2 and "market-built" in result.output
    assert save.read_bytes() == before


def test_cli_solo_variant_needs_one_human():
    result = run("new", "v", "--humans", "2", "--solo-variant")
    assert result.exit_code == 2 and "one human" in result.output
    assert not (paths.data_dir() / "v.toml").exists()


def test_a_correction_says_what_the_app_now_knows_in_the_tables_words():
    """A correction's announcement reads as the table does (workers by their die and space,
    the tokens left), never as raw data."""
    options = GameOptions(recruits=("icarus", "euphoria"), factions=("subterra", "wastelands"))
    journal = game.new_game(options, seed=7)
    said = game.apply_event(
        journal,
        "correct",
        automa="white",
        available=[4, 2],
        placed=["5@icarus.commodity", "3@subterra.tunnel"],
        tokens_left=9,
    )
    line = next(a for a in said if a.what == "corrected")
    assert line.text == (
        "Corrected white: ready 4 2; placed 5 on the Icarite commodity area (Cloud Mine "
        "(bliss)), 3 on the Subterran tunnel; on its card none; 9 authority tokens left."
    )
    assert line.spaces == ("icarus.commodity", "subterra.tunnel")
