"""Every answer is used or refused, in every game's commands.

An ``--answer ID=VALUE`` whose id no question of the step asks, or a second value for
one id, exits 2 with one line naming the ids the step does ask, and changes nothing
(house rule "Bad input"). A card id is read in any case, as the app reads it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.core.saves import resolve_save_path

REVEALS = ["--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary"]
REVEALS += ["--reveal", "academy"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def refused(save: Path, *args: str) -> str:
    """Run ``args``: exit 2, one line, the save byte for byte as it was; the line."""
    before = save.read_bytes()
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    assert save.read_bytes() == before
    return lines[0]


@pytest.fixture
def euphoria() -> Path:
    assert (
        run("euphoria", "new", "g", "--recruits", "icarus,euphoria", "--seed", "6").exit_code == 0
    )
    return resolve_save_path("g")


def test_a_turn_refuses_an_answer_no_question_asks(euphoria):
    """The turn asks nothing here: `--answer foo.bar=1` is refused, not ignored."""
    line = refused(euphoria, "euphoria", "turn", "g", "--answer", "foo.bar=1")
    assert "foo.bar" in line and "asks no question" in line
    assert run("euphoria", "turn", "g").exit_code == 0


def test_a_second_value_for_one_answer_is_refused(euphoria):
    """Two values for one id: one of them would be ignored."""
    line = refused(euphoria, "euphoria", "turn", "g", "--answer", "x=1", "--answer", "x=2")
    assert "twice" in line and "x" in line


def test_the_refusal_names_the_ids_the_step_asks(euphoria):
    """`event activation` asks `faction`: a stray answer beside it names that id."""
    args = ["euphoria", "event", "g", "activation", "--answer", "faction=subterra"]
    line = refused(euphoria, *args, "--answer", "site.which=euphoria.lower")
    assert "site.which" in line and "(it asks faction)" in line
    assert run(*args).exit_code == 0


def test_a_new_game_refuses_answers_its_set_up_does_not_ask(tmp_path):
    """Without physical dice the set-up asks nothing; with them, the workers' dice."""
    save = tmp_path / "n.toml"
    result = run("euphoria", "new", str(save), "--recruits", "icarus,euphoria", "--answer", "a=1")
    assert result.exit_code == 2 and not save.exists()
    dice = [f"--answer={a}.worker.{n}=3" for a in ("black", "white") for n in range(1, 5)]
    args = ["euphoria", "new", str(save), "--recruits", "icarus,euphoria", "--physical-dice"]
    result = run(*args, *dice, "--answer", "black.worker.5=3")
    assert result.exit_code == 2 and not save.exists()
    assert "black.worker.5" in result.output and "black.worker.1" in result.output
    assert run(*args, *dice).exit_code == 0


def test_printed_card_ids_are_read_in_any_case():
    """Physical deck: the player types `s2` for the printed card S2, as in the app."""
    args = ["euphoria", "new", "p", "--recruits", "icarus,euphoria", "--physical-deck"]
    assert run(*args, "--seed", "3").exit_code == 0
    asked = json.loads(run("euphoria", "turn", "p", "--json").output)["questions"]
    assert [q["id"] for q in asked] == ["deck.support", "deck.action"]
    given = ["--answer", "deck.support=s1", "--answer", "deck.action=s2", "--json"]
    result = run("euphoria", "turn", "p", *given)
    assert result.exit_code == 0, result.output
    deck = json.loads(result.output)["state"]["deck"]
    assert (deck["action"], deck["support"]) == ("S2", "S1")


def test_every_ephios_command_names_what_it_asks(tmp_path):
    """Solo set-up, solo action, a correction, a unite: the same refusal, the same words."""
    solo = tmp_path / "s.toml"
    result = run("ephios", "solo", "new", str(solo), *REVEALS, "--answer", "foo=1")
    assert result.exit_code == 2 and not solo.exists()
    assert "reveal-1, reveal-2, reveal-3, reveal-4" in result.output
    assert run("ephios", "solo", "new", str(solo), *REVEALS).exit_code == 0
    debate = ["ephios", "solo", "act", str(solo), "debate", "1", "--reveal", "company"]
    debate += ["--reveal", "syndicate"]
    said = refused(solo, *debate, "--answer", "foo=1")
    assert "foo" in said and "(it asks reveal-1, reveal-2)" in said
    said = refused(solo, "ephios", "solo", "set", str(solo), "popularity", "30", "--answer", "v=4")
    assert "asks no question" in said
    quick = tmp_path / "q.toml"
    assert run("ephios", "quick", "new", str(quick), "--player", "Ann", "--player", "Bob")
    said = refused(quick, "ephios", "quick", "unite", str(quick), "Ann", "cult", "--answer", "f=1")
    assert "it asks" in said and "affinity" in said
