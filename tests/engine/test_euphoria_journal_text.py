"""Undo that tells the table what to do and one describer of a Euphoria journal
event, shared by the move log, the app's undo and the CLI."""

from __future__ import annotations

import json

from click.testing import CliRunner

from companion.cli import main
from companion.core.questions import NeedAnswers
from companion.euphoria import game
from companion.euphoria.journal_text import describe_event, replay_steps, undo_lines
from companion.euphoria.state import GameOptions

OPTIONS = GameOptions(humans=1, recruits=("icarus", "euphoria"))


def play(journal, turns: int) -> None:
    for _ in range(turns):
        try:
            game.run_turn(journal)
        except NeedAnswers as need:
            game.run_turn(journal, {q.id: "" for q in need.questions})


def test_undo_lines_reverse_each_placement_in_the_imperative():
    """Undo of an Automa turn: each worker it placed is taken back to its ready workers."""
    journal = game.new_game(OPTIONS, 6)
    play(journal, 1)
    step = replay_steps(journal)[-1]
    placed = [a for a in step.announcements if a.what == "automa.place"]
    lines = undo_lines(journal, 1)
    texts = [line.text for line in lines]
    assert placed, "the turn placed no worker"
    taken_back = sorted((line.who, line.spaces) for line in lines if line.what == "undo.worker_off")
    assert taken_back == sorted((item.who, item.spaces) for item in placed)
    state = game.replay(journal)
    for line in lines:
        if line.what == "undo.worker_off":  # the die it shows on that space
            knowledge = [w.knowledge for w in state.automas[line.who].placed]
            assert line.dice[0] in knowledge
    assert all(line.kind == "do" for line in lines if line.what == "undo.worker_off")
    assert any(line.what == "undo.deck" for line in lines)
    assert all(" will " not in t and " places " not in t for t in texts)  # no future tense


def test_undo_of_a_bazaar_discard_says_it_cannot_be_taken_back():
    """Automa and the New Antiques Bazaar: a discarded artifact is gone on the table."""
    journal = game.new_game(OPTIONS, 6)
    for _ in range(40):
        play(journal, 1)
        if any(a.what == "bazaar.discard" for a in replay_steps(journal)[-1].announcements):
            break
    discard = next(a for a in replay_steps(journal)[-1].announcements if a.what == "bazaar.discard")
    lines = undo_lines(journal, 1)
    bazaar = [line for line in lines if line.what == "undo.bazaar"]
    assert [(line.kind, line.cards, line.slots) for line in bazaar] == [
        ("info", discard.cards, discard.slots)
    ]


def test_undo_of_a_site_report_says_what_the_app_forgets():
    journal = game.new_game(OPTIONS, 6)
    game.apply_event(journal, "site-add", site="euphoria.upper", count=1)
    lines = undo_lines(journal, 1)
    assert [(line.what, line.spaces) for line in lines] == [("undo.humans", ("euphoria.upper",))]


def test_one_describer_for_every_event():
    assert describe_event({"kind": "activation", "faction": "icarus"}) == (
        "recruit activation: Icarite"
    )
    assert "the upper Euphorian market" in describe_event(
        {"kind": "market-built", "site": "euphoria.upper"}
    )


def test_cli_undo_and_redo_say_the_same_lines():
    runner = CliRunner()
    assert runner.invoke(main, ["euphoria", "new", "u", "--recruits", "icarus,euphoria",
                                "--seed", "6"]).exit_code == 0  # fmt: skip
    result = runner.invoke(main, ["euphoria", "turn", "u"])
    assert result.exit_code == 0, result.output
    undone = runner.invoke(main, ["euphoria", "undo", "u", "--json"])
    data = json.loads(undone.output)
    assert data["undone"] == 1 and any(a["text"].startswith("Take ") for a in data["announcements"])
    plain = runner.invoke(main, ["euphoria", "redo", "u"])
    assert plain.exit_code == 0 and "Redid 1 step." in plain.output
    assert "places its" in plain.output  # the redone turn's own announcements
