"""Saves of older versions (actions as word lists) still load and replay identically.

The fixtures under tests/fixtures/ephios/ were written by the version before the
typed actions (``make_fixtures.py.txt`` shows how); ``expected.json`` holds the
state that version replayed from each.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.core import session
from companion.core.saves import read_save
from companion.ephios import solo

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ephios"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())
# Keys the older version did not have, or that changed on purpose (no Plot move
# once the game is over).
NEW_KEYS = {"crossroads_row", "ended_turn", "persuasion_low"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_older_save_replays_to_the_same_state(name):
    """An older save replays to the state the older version derived (same cards, counts)."""
    journal = session.load_game(FIXTURES / f"{name}.toml", solo.GAME)
    state = solo.replay(journal).to_json()
    expected = EXPECTED[name]["state"]
    if expected["result"]:
        expected = {**expected, "plot_next": None}
    assert {k: v for k, v in state.items() if k not in NEW_KEYS} == expected
    assert len(journal.events) == EXPECTED[name]["events"]
    assert len(journal.redo_stack) == EXPECTED[name]["redo"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_older_save_is_migrated_to_typed_actions(name, tmp_path):
    """Loading migrates: every action becomes its table; written back, it reads as today's."""
    path = tmp_path / f"{name}.toml"
    shutil.copy(FIXTURES / f"{name}.toml", path)
    journal = session.load_game(path, solo.GAME)
    before = solo.replay(journal).to_json()
    assert journal.options["actions"] == solo.ACTIONS_FORMAT
    for event in [*journal.events, *journal.redo_stack]:
        if event["kind"] == "act":
            assert isinstance(event["action"], dict) and "verb" in event["action"]
    session.save_game(path, journal)
    again = read_save(path, solo.GAME)
    assert not solo.migrate(again)
    assert solo.replay(again).to_json() == before


def test_the_redo_of_an_older_save_still_redoes(tmp_path):
    """The undone step of an older save comes back with redo, migrated too."""
    journal = session.load_game(FIXTURES / "solo-verbs.toml", solo.GAME)
    solo.replay(journal)
    session.redo(journal)
    state = solo.replay(journal)
    assert state.turn == EXPECTED["solo-verbs"]["state"]["turn"] + 1
    assert journal.events[-1]["action"] == {"verb": "corrupt", "alliance": "order"}


def test_a_damaged_older_save_names_the_event():
    """A word list that is no action is reported with its event number, nothing guessed."""
    journal = session.load_game(FIXTURES / "solo-lost.toml", solo.GAME)
    journal.events[2]["action"] = ["dance", "1"]
    with pytest.raises(Exception, match="event #3"):
        solo.replay(journal)
