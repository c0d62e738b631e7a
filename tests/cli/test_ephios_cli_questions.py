"""`companion ephios quick|campaign unite|popularity|alliance` without their arguments ask
the app's questions (exit 3, nothing saved); `--answer` answers them."""

from __future__ import annotations

import json

from click.testing import CliRunner

from companion.cli import main


def run(*args: str):
    return CliRunner().invoke(main, ["ephios", *args])


def last_json(result) -> dict:
    return json.loads(result.output.strip().splitlines()[-1])


def test_unite_without_its_arguments_asks_and_answers(tmp_path):
    save = str(tmp_path / "q.toml")
    assert (
        run("quick", "new", save, "--player", "Ann", "--player", "Bob", "--seed", "1").exit_code
        == 0
    )
    asked = run("quick", "unite", save, "--json")  # who: the player whose turn it is
    assert asked.exit_code == 3 and last_json(asked)["questions"][0]["id"] == "alliance"
    alliance = last_json(run("quick", "unite", save, "Ann", "--json"))["questions"][0]["choices"][0]
    again = run(
        "quick", "unite", save, "--answer", "player=Ann", "--answer", f"alliance={alliance}"
    )
    assert again.exit_code == 3 and "affinity:" in again.output
    done = run(
        "quick",
        "unite",
        save,
        "--answer",
        "player=Ann",
        "--answer",
        f"alliance={alliance}",
        "--answer",
        "affinity=match",
        "--json",
    )
    assert done.exit_code == 0, done.output
    assert last_json(done)["state"]["affinity_used"]["Ann"] is True
    assert run("quick", "unite", save, "Bob", alliance).exit_code == 0  # as before: no question
    # One affinity per game: "none" is the only answer, so it is taken, not asked.
    used = run(
        "quick",
        "unite",
        save,
        "--answer",
        "player=Ann",
        "--answer",
        f"alliance={alliance}",
        "--json",
    )
    assert used.exit_code == 0, used.output
    assert "questions" not in last_json(used)


def test_popularity_and_tile_ask_what_is_missing(tmp_path):
    save = str(tmp_path / "c.toml")
    assert (
        run("campaign", "new", save, "--player", "Ann", "--player", "Bob", "--seed", "1").exit_code
        == 0
    )
    asked = run("campaign", "popularity", save, "Bob", "--json")
    assert asked.exit_code == 3 and last_json(asked)["questions"][0]["id"] == "way"
    done = run(
        "campaign",
        "popularity",
        save,
        "--answer",
        "player=Bob",
        "--answer",
        "way=up",
        "--answer",
        "amount=10",
    )
    assert done.exit_code == 0, done.output
    tile = run("campaign", "alliance", save, "The Guild", "--json")
    assert tile.exit_code == 3
    assert [q["id"] for q in last_json(tile)["questions"]] == ["gain", "unite", "replaces"]
    placed = run(
        "campaign",
        "alliance",
        save,
        "The Guild",
        "--answer",
        "gain=30",
        "--answer",
        "unite=2",
        "--answer",
        "replaces=none",
        "--json",
    )
    assert placed.exit_code == 0, placed.output
    assert (
        run("campaign", "alliance", save, "The Other", "--gain", "20", "--unite", "3").exit_code
        == 0
    )
