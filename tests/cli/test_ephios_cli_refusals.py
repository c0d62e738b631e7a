"""Ephios commands refuse an input they would not use: exit 2, one line, nothing written.

The house rule ("an input that is not used is refused, not ignored") for the solo, quick
game and campaign commands: options an action has no use for, answers no question asked,
cards beyond those revealed (also when the step ends the game), a Preacher that is not in
the hand, an answer that contradicts an argument.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main

SETUP = ["--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary"]
SETUP += ["--reveal", "academy"]
# After "debate 1": the refill reveals slot 1, then the Plot recruits the Syndicate Dignitary
# from slot 3 and the refill reveals slot 1 again.
DEBATE = ["debate", "1", "--reveal", "company", "--reveal", "syndicate"]


def run(*args: str):
    return CliRunner().invoke(main, ["ephios", *args])


def refused(save: str, *args: str, says: str = "") -> str:
    """Run ``args``: exit 2, one line, the save unchanged; the line."""
    before = Path(save).read_bytes()
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert says.lower() in lines[0].lower()
    assert Path(save).read_bytes() == before
    return lines[0]


@pytest.fixture
def solo(tmp_path) -> str:
    save = str(tmp_path / "s.toml")
    assert run("solo", "new", save, *SETUP).exit_code == 0
    return save


def test_a_preacher_not_in_the_hand_is_refused_when_the_plot_recruits(solo):
    """Clarifications, the Preacher: it is a card of your hand. The Plot recruits here (a
    Dignitary is on the crossroads): the Preacher is still checked, not ignored."""
    refused(solo, "solo", "act", solo, *DEBATE, "--preacher", "nobody", says="preacher")
    refused(solo, "solo", "act", solo, *DEBATE, "--preacher", "cult", says="no cult in your hand")
    assert run("solo", "act", solo, *DEBATE).exit_code == 0


def test_cards_beyond_those_revealed_are_refused_when_the_step_ends_the_game(solo):
    """Victory and Defeat: the Plot's 5th Dignitary ends the game before the refill; a card
    given for that refill is one more than were revealed (docs/playing-ephios.md)."""
    for card in ("academy-dignitary", "order-dignitary", "company-dignitary", "cult-dignitary"):
        assert run("solo", "move", solo, card, "draw", "plot").exit_code == 0
    refused(solo, "solo", "act", solo, *DEBATE, says="1 more card")
    done = run("solo", "act", solo, *DEBATE[:4], "--json")
    assert done.exit_code == 0 and json.loads(done.output)["state"]["result"] == "lost"


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--answer", "cost=2"], "cost"),
        (["--answer", "nonsense=1"], "nonsense"),
        (["--cost", "2"], "--cost"),
        (["--banker"], "--banker"),
        (["--answer", "reveal-1=company", "--answer", "reveal-1=order"], "twice"),
        (["--preacher", "cult", "--answer", "preacher=order"], "contradicts"),
        (["--reveal", "order"], "more card"),
        (["--reveal", "order", "--answer", "reveal-3=cult"], "contradicts"),
    ],
)
def test_an_answer_or_option_the_debate_does_not_use_is_refused(solo, extra, says):
    """A debate asks no cost and takes no banker: an answer or option it would not use."""
    refused(solo, "solo", "act", solo, *DEBATE, *extra, says=says)


def test_the_solo_setup_and_corrections_refuse_answers_they_do_not_use(solo, tmp_path):
    """`solo new` asks only the 4 cards; `move`/`set` with every argument ask nothing."""
    other = tmp_path / "n.toml"
    result = run("solo", "new", str(other), *SETUP, "--answer", "difficulty=hard")
    assert result.exit_code == 2 and not other.exists()
    refused(solo, "solo", "move", solo, "cult", "crossroads:1", "hand", "--answer", "to=plot")
    refused(solo, "solo", "set", solo, "popularity", "30", "--answer", "value=40")
    refused(solo, "solo", "set", solo, "popularity", "--answer", "kind=persuasion")
    refused(solo, "solo", "move", solo, "--answer", "kind=popularity")


@pytest.fixture
def quick(tmp_path) -> str:
    save = str(tmp_path / "q.toml")
    assert run("quick", "new", save, "--player", "Ann", "--player", "Bob").exit_code == 0
    return save


@pytest.mark.parametrize(
    "args",
    [
        ["Ann", "cult", "--answer", "foo=1"],
        ["Ann", "cult", "--answer", "player=Bob"],
        ["Ann", "cult", "--affinity", "hand", "--answer", "affinity=match"],
        ["--answer", "alliance=cult", "--answer", "affinity=none", "--answer", "gain=40"],
        ["--answer", "alliance=cult", "--answer", "alliance=order", "--answer", "affinity=none"],
        ["Bob", "cult"],  # Ann's turn: a unite is the action of a turn
        ["--answer", "player=Bob", "--answer", "alliance=cult", "--answer", "affinity=none"],
    ],
)
def test_a_unite_refuses_what_it_would_not_use(quick, args):
    """Unite: an answer no question asked, one that contradicts an argument, one id given
    twice, and a unite outside the uniting player's turn are refused."""
    refused(quick, "quick", "unite", quick, *args)


def test_a_unite_takes_answers_that_agree_with_its_arguments(quick):
    """An answer that says what the arguments say is used, not refused."""
    args = ["Ann", "cult", "--answer", "affinity=match", "--answer", "player=ann", "--json"]
    done = run("quick", "unite", quick, *args)
    assert done.exit_code == 0, done.output
    state = json.loads(done.output)["state"]
    assert state["popularity"]["Ann"] == 60 and state["current_player"] == "Bob"


def test_popularity_and_tiles_refuse_answers_they_do_not_use(tmp_path, quick):
    """A card effect's popularity and a campaign's alliance tile: the same rule."""
    refused(quick, "quick", "popularity", quick, "Ann", "10", "--answer", "way=down")
    refused(quick, "quick", "popularity", quick, "Ann", "10", "--answer", "foo=1")
    assert run("quick", "popularity", quick, "Ann", "10", "--answer", "way=up").exit_code == 0
    save = str(tmp_path / "c.toml")
    assert run("campaign", "new", save, "--player", "Ann", "--player", "Bob").exit_code == 0
    tile = ["Guild", "--gain", "30", "--unite", "2"]
    refused(save, "campaign", "alliance", save, *tile, "--answer", "player=Ann")
    refused(save, "campaign", "alliance", save, *tile, "--answer", "gain=35")
    assert run("campaign", "alliance", save, *tile, "--answer", "replaces=cult").exit_code == 0


IDS = ["player", "alliance", "affinity", "confirm", "gain", "cost", "reveal-1", "x"]
VALUES = ["Ann", "Bob", "cult", "order", "match", "none", "yes", "no", "1", ""]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(st.sampled_from(IDS), st.sampled_from(VALUES)), max_size=4))
def test_a_unite_uses_every_answer_it_accepts(quick, pairs):
    """Over any --answer pairs: exit 0 only when every answer is one the unite uses (and
    agrees with the others); otherwise exit 2 or 3 and the save is unchanged."""
    before = Path(quick).read_bytes()
    args = [a for key, value in pairs for a in ("--answer", f"{key}={value}")]
    result = run("quick", "unite", quick, *args)
    assert result.exit_code in (0, 2, 3) and "Traceback" not in result.output
    if result.exit_code == 0:
        used = {"player", "alliance", "affinity", "confirm"}
        assert {key for key, _v in pairs} <= used
        assert len({(k, v.lower()) for k, v in pairs}) == len({k for k, _v in pairs})
        Path(quick).write_bytes(before)  # the next example starts from the new game
    else:
        assert Path(quick).read_bytes() == before


@pytest.mark.parametrize("delta", ["500", "-10"])
def test_a_popularity_change_beyond_the_track_is_refused(quick, delta):
    """Components and Setup: the markers start on the 0% space of the popularity track,
    which ends at 100%. `popularity SAVE Ann 500` is refused (it moved Ann to 100%, and she
    won), not clamped; so is a change below 0%."""
    line = refused(quick, "quick", "popularity", quick, "Ann", delta, says="off the track")
    assert "up to +100% fits" in line  # what fits, from 0%: only up
    shown = json.loads(run("quick", "show", quick, "--json").output)
    assert shown["popularity"]["Ann"] == 0 and shown["winner"] is None
