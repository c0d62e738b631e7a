"""The solo game's warnings wherever the state is shown in a shell's text.

Solo Mode, "You lose: if you reach 0% popularity or if the 5 Dignitaries are in the Plot
zone": with 4 Dignitaries in the Plot zone and one on the crossroads, the Plot's next
move loses the game. The text of `solo show` says so (as `--json` does in "warnings"),
and `solo act` says it before it plays a move the engine warns loses; `--json` keeps its
keys.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from companion.cli import main

SETUP = ["--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary"]
SETUP += ["--reveal", "academy"]
PLOTTED = ("academy-dignitary", "order-dignitary", "company-dignitary", "cult-dignitary")


def run(*args: str):
    return CliRunner().invoke(main, ["ephios", "solo", *args])


@pytest.fixture
def threatened(tmp_path) -> str:
    """A game whose Plot zone holds 4 Dignitaries, the Syndicate Dignitary in slot 3."""
    save = str(tmp_path / "s.toml")
    assert run("new", save, *SETUP).exit_code == 0
    for card in PLOTTED:
        assert run("move", save, card, "draw", "plot").exit_code == 0
    return save


def test_show_prints_the_warning_its_json_holds(threatened):
    data = json.loads(run("show", threatened, "--json").output)
    (warning,) = data["warnings"]
    assert warning["what"] == "threat.plot" and warning["cards"] == ["syndicate-dignitary"]
    text = run("show", threatened)
    assert text.exit_code == 0 and warning["text"] in text.output.splitlines()[-1]


def test_act_says_the_move_it_plays_loses_before_playing_it(threatened):
    """Debating slot 1 leaves the Dignitary for the Plot: the warning, then the move."""
    result = run("act", threatened, "debate", "1", "--reveal", "company")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("- ⚠ ") and "Syndicate Dignitary" in lines[0]
    assert "Result: lost" in result.output


def test_act_warns_before_its_questions_too_and_json_is_unchanged(threatened):
    asked = run("act", threatened, "debate", "1")
    assert asked.exit_code == 3 and asked.output.startswith("- ⚠ ")
    played = run("act", threatened, "debate", "1", "--reveal", "company", "--json")
    assert played.exit_code == 0 and set(json.loads(played.output)) == {"announcements", "state"}


def test_a_move_that_does_not_lose_is_played_without_a_warning(threatened):
    """Debating slot 3 discards the Dignitary itself: nothing to warn of."""
    result = run("act", threatened, "debate", "3", "--reveal", "company", "--reveal", "order")
    assert result.exit_code == 0, result.output
    assert "⚠" not in result.output
