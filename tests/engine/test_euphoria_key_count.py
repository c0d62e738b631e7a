"""Keys per Automa turn over a whole game, counted at the engine.

The turn screen runs a turn with one key (Enter) and answers each question the
engine asks with one more (Enter takes the pre-selected default, the "unchanged"
answer). So the keys a turn costs are 1 + the questions the engine asks, which
this test counts over 30 turns without starting the app (the Pilot tests keep
one flow per screen; tests/ui/test_tui_euphoria_turn.py checks that Enter answers).
"""

from __future__ import annotations

from companion.core.questions import NeedAnswers
from companion.euphoria import game
from companion.euphoria.state import GameOptions


def keys_of_a_turn(journal) -> tuple[int, list[str]]:
    """Run one Automa turn as the turn screen does; its keys and the questions asked."""
    answers: dict[str, str] = {}
    asked: list[str] = []
    while True:
        try:
            game.run_turn(journal, answers)
        except NeedAnswers as need:
            for question in need.questions:
                asked.append(question.id)
                answers[question.id] = question.default
            continue
        return 1 + len(asked), asked


def test_one_key_per_automa_turn_unless_the_engine_asks_over_30_turns():
    """Design, "Ask only what matters, once": a turn that needs no fact costs one key;
    the only question of a game with app cards and dice is the sites one (asked only
    for market actions, docs/readings.md)."""
    journal = game.new_game(GameOptions(humans=1, recruits=("icarus", "euphoria")), seed=1)
    extra = []
    for number in range(1, 31):
        keys, asked = keys_of_a_turn(journal)
        assert game.replay(journal).turn == number
        if keys > 1:
            extra.append((number, keys, asked))
    assert all(asked == ["sites.humans"] for _n, _k, asked in extra), extra
    assert len(extra) < 15, extra


def test_reported_sites_make_every_automa_turn_one_key():
    """Set-up wizard "sites reported": the app never asks about construction sites,
    so every Automa turn of app-drawn cards and app dice is one key."""
    options = GameOptions(humans=1, recruits=("icarus", "euphoria"), report_sites=True)
    journal = game.new_game(options, seed=1)
    for number in range(1, 31):
        assert keys_of_a_turn(journal) == (1, [])
        assert game.replay(journal).turn == number
