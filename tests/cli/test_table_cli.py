"""The commands built from a game object alone (``companion.cli.table``), played with the
test-only toy game: new, act, show, undo, redo, with --answer, --json, --revision and the
exit codes 0 / 2 / 3 / 4; a refused command changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from fixtures import toy_game

from companion.cli import main
from companion.core import registry

GAME = toy_game.GAME


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy game is registered for these tests only."""
    toy_game.register()
    yield
    registry.unregister(GAME)


def run(*args: str) -> Result:
    """``companion ARGS`` in this process."""
    return CliRunner().invoke(main, list(args))


def shown(save: str) -> dict:
    """``show SAVE --json``."""
    result = run(GAME, "show", save, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def saved(save: str, data: Path) -> bytes:
    """The bytes of the save named ``save``."""
    return (data / f"{save}.toml").read_bytes()


def test_the_game_has_its_commands_with_no_command_of_its_own() -> None:
    """`companion --help` lists the toy game's group, and its group its five commands."""
    assert GAME in run("--help").output
    listed = run(GAME, "--help").output
    for command in ("new", "act", "show", "undo", "redo"):
        assert command in listed


def test_a_whole_race_from_the_command_line(tmp_path: Path) -> None:
    """new (the set-up's default goal), act asks its question (exit 3, nothing changed),
    act with the answer plays the turn, undo and redo, until the race is over."""
    data = tmp_path / "data"
    assert run(GAME, "new", "race", "--seed", "4").exit_code == 0
    assert shown("race")["status"][0]["fields"] == {"turn": 1}
    before = saved("race", data)
    asked = run(GAME, "act", "race", "move", "--json")
    assert asked.exit_code == 3
    assert [q["id"] for q in json.loads(asked.output)["questions"]] == ["moved"]
    assert saved("race", data) == before
    played = run(GAME, "act", "race", "move", "--answer", "moved=6", "--json")
    assert played.exit_code == 0, played.output
    step = json.loads(played.output)
    assert [a["what"] for a in step["announcements"]] == ["toy.you", "toy.bot"]
    assert step["revision"] == 2
    assert run(GAME, "undo", "race").exit_code == 0
    assert shown("race")["can_redo"] is True
    assert run(GAME, "redo", "race").exit_code == 0
    assert shown("race")["status"][0]["fields"] == {"turn": 2}
    last: dict = {}
    while shown("race")["actions"]:
        result = run(GAME, "act", "race", "move", "--answer", "moved=6", "--json")
        assert result.exit_code == 0, result.output
        last = json.loads(result.output)
    assert last["announcements"][-1]["what"] == "toy.end"
    assert run(GAME, "act", "race", "move", "--answer", "moved=1").exit_code == 2


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("act", "race", "move", "--answer", "moved=3", "--answer", "extra=1"), 2),
        (("act", "race", "move", "--answer", "moved=9"), 2),
        (("act", "race", "fly", "--answer", "moved=3"), 2),
        (("act", "race", "move", "--answer", "moved=3", "--revision", "7"), 4),
        (("new", "race"), 2),
        (("undo", "race"), 2),
        (("redo", "race"), 2),
    ],
)
def test_a_refused_command_changes_nothing(tmp_path: Path, args: tuple[str, ...], code: int):
    """An answer no question asked, an answer out of range, an action the game does not
    offer, a stale revision, a second new without --force, nothing to undo or redo: one
    line, its exit code, and the save as it was."""
    assert run(GAME, "new", "race", "--seed", "4").exit_code == 0
    before = saved("race", tmp_path / "data")
    result = run(GAME, *args)
    assert result.exit_code == code, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert saved("race", tmp_path / "data") == before


def test_the_set_up_answers_are_used_or_refused(tmp_path: Path) -> None:
    """The goal given as an answer is used; an answer no set-up question asks is refused
    and nothing is saved."""
    assert run(GAME, "new", "short", "--answer", "goal=5").exit_code == 0
    assert "of 5" in shown("short")["status"][1]["text"]
    refused = run(GAME, "new", "other", "--answer", "colour=red")
    assert refused.exit_code == 2
    assert not (tmp_path / "data" / "other.toml").exists()


def test_a_euphoria_game_takes_the_protocols_actions_beside_its_own_commands() -> None:
    """`companion euphoria act SAVE turn` plays the Automa turn as `turn` does (the same
    event); a report asks its questions (exit 3, nothing changed); an action the game does
    not have is refused (exit 2)."""
    new = run("euphoria", "new", "evening", "--recruits", "icarus,euphoria", "--seed", "7")
    assert new.exit_code == 0, new.output
    played = run("euphoria", "act", "evening", "turn", "--json")
    assert played.exit_code == 0, played.output
    assert json.loads(played.output)["status"][0]["fields"]["played"] == 1
    shown_json = json.loads(run("euphoria", "show", "evening", "--json").output)
    assert shown_json["turn"] == 1
    asked = run("euphoria", "act", "evening", "activation", "--json")
    assert asked.exit_code == 3, asked.output
    assert json.loads(asked.output)["questions"]
    assert json.loads(run("euphoria", "show", "evening", "--json").output)["revision"] == 2
    assert run("euphoria", "act", "evening", "fly").exit_code == 2


def test_a_quick_game_takes_the_protocols_actions() -> None:
    """`companion ephios quick act SAVE next` passes the turn as `next` does."""
    new = run("ephios", "quick", "new", "family", "--player", "Ann", "--player", "Bob")
    assert new.exit_code == 0, new.output
    played = run("ephios", "quick", "act", "family", "next", "--json")
    assert played.exit_code == 0, played.output
    assert json.loads(played.output)["status"][0]["fields"]["player"] == "Bob"


def test_the_direction_token_is_an_action_with_three_players_or_more() -> None:
    """Quick Game > Components and Setup: "with 3 or 4 players, place the direction token":
    two players are offered no flip (refused, exit 2, nothing changed); three are."""
    run("ephios", "quick", "new", "pair", "--player", "Ann", "--player", "Bob")
    refused = run("ephios", "quick", "act", "pair", "flip")
    assert refused.exit_code == 2
    assert "one of unite, popularity, next" in refused.output
    three = ("--player", "Ann", "--player", "Bob", "--player", "Cy")
    run("ephios", "quick", "new", "trio", *three)
    assert run("ephios", "quick", "act", "trio", "flip").exit_code == 0


def test_a_campaigns_tile_asks_its_name_first() -> None:
    """`campaign act SAVE alliance` asks the tile's name (exit 3) before its numbers."""
    run("ephios", "campaign", "new", "long", "--player", "Ann", "--player", "Bob")
    asked = run("ephios", "campaign", "act", "long", "alliance", "--json")
    assert asked.exit_code == 3, asked.output
    assert [q["id"] for q in json.loads(asked.output)["questions"]] == ["name"]
    named = run("ephios", "campaign", "act", "long", "alliance", "--answer", "name=The Guild")
    assert named.exit_code == 3 and "gain" in named.output
