"""`companion ephios solo move|set` without their arguments ask the correction's questions
(the engine's plan, as the app's dialog: exit 3, nothing saved); `--answer` answers them;
given whole they play as before."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from companion.cli import main

SETUP = ("--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary")
SETUP += ("--reveal", "academy")


def run(*args: str):
    return CliRunner().invoke(main, ["ephios", "solo", *args])


def last_json(result) -> dict:
    return json.loads(result.output.strip().splitlines()[-1])


def new_save(tmp_path: Path) -> str:
    save = str(tmp_path / "s.toml")
    assert run("new", save, *SETUP).exit_code == 0
    return save


def test_move_without_its_arguments_asks_each_question_and_saves_nothing(tmp_path):
    save = new_save(tmp_path)
    before = Path(save).read_bytes()
    asked = run("move", save, "--json")
    assert asked.exit_code == 3
    assert [q["id"] for q in last_json(asked)["questions"]] == ["from"]
    # A crossroads slot holds one card: the next question is where it goes.
    asked = run("move", save, "--answer", "from=crossroads:2", "--json")
    assert asked.exit_code == 3 and last_json(asked)["questions"][0]["id"] == "to"
    assert "hand" in last_json(asked)["questions"][0]["choices"]
    # From a pile: which card.
    asked = run("move", save, "--answer", "from=draw")
    assert asked.exit_code == 3 and "card:" in asked.output
    assert Path(save).read_bytes() == before


def test_move_answered_plays_the_move(tmp_path):
    save = new_save(tmp_path)
    done = run("move", save, "--answer", "from=crossroads:2", "--answer", "to=hand", "--json")
    assert done.exit_code == 0, done.output
    assert last_json(done)["state"]["hand"] == ["order"]
    assert last_json(done)["announcements"][0]["what"] == "move"


def test_move_with_some_arguments_asks_the_rest(tmp_path):
    save = new_save(tmp_path)
    asked = run("move", save, "order", "draw", "--json")  # CARD FROM, no TO
    assert asked.exit_code == 3 and last_json(asked)["questions"][0]["id"] == "to"
    done = run("move", save, "order", "draw", "--answer", "to=discard", "--json")
    assert done.exit_code == 0 and last_json(done)["state"]["discard_pile"] == 1


def test_move_a_card_the_zone_cannot_hold_is_refused(tmp_path):
    save = new_save(tmp_path)
    before = Path(save).read_bytes()
    refused = run("move", save, "cult", "draw")  # the deck's one Cult is on the crossroads
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert Path(save).read_bytes() == before


def test_set_without_its_arguments_asks_which_count_then_its_value(tmp_path):
    save = new_save(tmp_path)
    asked = run("set", save, "--json")
    kind = last_json(asked)["questions"][0]
    assert asked.exit_code == 3 and kind["id"] == "kind"
    assert kind["choices"] == ["popularity", "persuasion", "affinities"]  # a move is `move`
    asked = run("set", save, "popularity", "--json")
    value = last_json(asked)["questions"][0]
    assert asked.exit_code == 3 and (value["id"], value["minimum"], value["maximum"]) == (
        "value",
        0,
        100,
    )
    done = run("set", save, "tokens", "--answer", "value=4", "--json")
    assert done.exit_code == 0 and last_json(done)["state"]["persuasion"] == 4


def test_set_an_unknown_count_is_refused(tmp_path):
    save = new_save(tmp_path)
    for args in (("hand",), ("move",), ("--answer", "kind=move")):
        refused = run("set", save, *args)
        assert refused.exit_code == 2 and refused.output.count("\n") == 1, refused.output
