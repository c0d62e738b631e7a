"""Each game's outcome from its engine: ended, result, winner, turns, difficulty, and the
per-turn series and milestones the end-of-game screen draws."""

from __future__ import annotations

import pytest

from companion.core import session
from companion.core.errors import CompanionError
from companion.core.outcome import RESULTS
from companion.core.questions import ANNOUNCEMENT_KINDS, NeedAnswers
from companion.ephios import campaign, quick, solo
from companion.ephios.outcome import outcome as ephios_outcome
from companion.euphoria import game
from companion.euphoria.outcome import outcome as euphoria_outcome
from companion.euphoria.state import GameOptions
from companion.history.outcomes import outcome_of


def euphoria(turns: int = 3, humans: int = 1):
    options = GameOptions(humans=humans, solo_variant=humans == 1, report_sites=True)
    journal = game.new_game(options, seed=3)
    for _ in range(turns):
        game.run_turn(journal)
    return journal


def test_a_human_win_ends_the_euphoria_game_and_undo_takes_it_back():
    """Game end: a player who has placed all 10 authority tokens wins. `human-won` ends the
    game (turns and events are refused, a correction is not); undo takes the ending back."""
    journal = euphoria(2)
    game.apply_event(journal, "human-won")
    state = game.replay(journal)
    assert state.over and state.human_won and state.winner == "human"
    assert state.winner_name == "the human"
    with pytest.raises(CompanionError, match="game is over: the human won"):
        game.run_turn(journal)
    with pytest.raises(CompanionError, match="game is over"):
        game.apply_event(journal, "activation", faction="icarus")
    game.apply_event(journal, "correct", automa="black", tokens_left=0)
    assert game.replay(journal).winner == "human"  # the reported win stands
    session.undo(journal, 2)
    assert not game.replay(journal).over
    game.run_turn(journal)


def test_euphoria_outcome_as_data():
    """The outcome: ended, result from the humans' side, winner, turns, difficulty."""
    journal = euphoria(2, humans=2)
    assert not euphoria_outcome(journal).ended
    game.apply_event(journal, "human-won", player=2)
    out = euphoria_outcome(journal)
    assert (out.ended, out.result, out.winner, out.turns, out.difficulty) == (
        True,
        "won",
        "human 2",
        2,
        "intermediate",
    )
    assert outcome_of(journal, detail=False).result == "won"


def test_euphoria_series_are_tokens_placed_turn_by_turn_with_milestones():
    """The picture: each Automa's authority tokens placed at the end of each Automa turn
    (turn 0 = before the first), and the turn of each milestone (an activation's token,
    an Automa's 10th token: the Automas win)."""
    journal = euphoria(2)
    state = game.replay(journal)
    faction = state.automas["black"].faction
    game.apply_event(journal, "activation", faction=faction)  # turn 2: black's token
    game.run_turn(journal)
    game.apply_event(journal, "correct", automa="white", tokens_left=0)  # turn 3: white wins
    out = euphoria_outcome(journal)
    assert out.ended and out.result == "lost" and out.winner == "white"
    black, white = out.series
    assert (black.name, white.name) == ("black", "white") and black.top == 10
    assert len(black.values) == 4 and black.start == 0  # turns 0..3
    assert black.values[2] >= 1 and black.values[1] < black.values[2]
    assert white.values[-1] == 10
    texts = {m.text: m.turn for m in out.milestones}
    assert any("recruits activated" in t and turn == 2 for t, turn in texts.items())
    assert texts["The white Automa won"] == 3


def _solo_journal(difficulty="normal"):
    cards = ["cult", "order", "syndicate-dignitary", "academy"]
    return solo.new_game(difficulty, 1, {f"reveal-{n}": c for n, c in enumerate(cards, 1)})


def test_ephios_solo_outcome_popularity_and_plot_zone():
    """Solo mode, Victory and Defeat: 0% popularity loses (the Plot wins). The picture:
    popularity and the Dignitaries in the Plot zone, turn by turn."""
    journal = _solo_journal("hard")
    solo.play_set(journal, "popularity", 40)
    out = ephios_outcome(journal)
    assert not out.ended and out.result is None
    solo.play_set(journal, "popularity", 0)
    out = ephios_outcome(journal)
    assert (out.ended, out.result, out.winner, out.difficulty) == (True, "lost", "plot", "hard")
    pop, plot = out.series
    assert pop.values[0] == 0 and pop.start == 1 and plot.top == 5


def test_quick_game_outcome_popularity_per_player():
    """Quick game, End of the Game: 70% wins at once; the picture is each player's
    popularity after each turn."""
    journal = quick.new_game(["Ann", "Bob"], seed=1)
    quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "company"})  # ends the turn
    quick.play(journal, {"kind": "popularity", "player": "Bob", "delta": 70})
    out = ephios_outcome(journal)
    assert (out.ended, out.result, out.winner, out.turns) == (True, "won", "Bob", 2)
    ann, bob = out.series
    assert ann.values == (40, 40) and bob.values == (0, 70)
    # The alliance as the rulebook writes it ("Company x2", Quick Game), not its id
    assert out.milestones[0].text.startswith("Ann united the Company")
    assert not out.rounds


def test_campaign_outcome_two_round_wins():
    """End of the Campaign: the first to win two rounds wins; turns are rounds."""
    journal = campaign.new_game(["Ann", "Bob"], seed=1)
    for _ in range(2):
        campaign.play(journal, {"kind": "popularity", "player": "Ann", "delta": 70})
    out = ephios_outcome(journal)
    assert (out.ended, out.winner, out.turns) == (True, "Ann", 2)
    assert out.rounds  # the end screen's milestones and axis say rounds, not turns
    assert out.series[0].values == (0, 1, 2) and out.series[1].values == (0, 0, 0)


def test_euphoria_milestones_name_the_first_market_and_the_first_penalty_flip():
    """Penalty side ("Penalizing Market"): the turn an Automa's card first shows its penalty
    side is a milestone, as is the turn the first market is built; each comes once."""
    options = GameOptions(humans=1, recruits=("icarus", "euphoria"))
    journal = game.new_game(options, seed=1)
    for _ in range(20):
        try:
            game.run_turn(journal)
        except NeedAnswers as need:
            answers = {q.id: "no" if q.kind == "yes_no" else "" for q in need.questions}
            game.run_turn(journal, answers)
    out = euphoria_outcome(journal)
    turns = {m.text: m.turn for m in out.milestones}
    assert turns["First market built"] == 12
    assert turns["White's first penalty flip"] == 18
    assert len(out.milestones) == len(turns)
    assert not out.ended and out.result is None and len(out.series[0].values) == 21


@pytest.mark.xdist_group("tui")  # imports Textual: on the worker of the others that do
def test_the_chart_keeps_one_scale_and_fits_any_width():
    """The end-of-game chart: 10 tokens fill two rows, 0 shows the baseline; a long game
    shares the columns, a short one widens each turn."""
    from companion.tui.widgets.turn_chart import _bar, _columns

    assert [_bar(10, 10, 2, r) for r in (0, 1)] == ["█", "█"]
    assert [_bar(5, 10, 2, r) for r in (0, 1)] == ["█", " "]
    assert _bar(0, 10, 2, 0) == "▁" and _bar(1, 100, 1, 0) == "▁"
    assert _columns(100, 40)[-1] == 99 and len(_columns(100, 40)) == 40
    assert _columns(4, 40) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_each_engine_says_its_outcome_once_through_its_session_rules():
    """One path: the facts of `outcome_of` (history, end-of-game screen, `companion history`)
    are the engine's `Rules.outcome`; the outcome modules only add the series (and, from
    the journal, whether a correction brought the end: here one did, the solo game's)."""
    from dataclasses import replace

    from companion.core import session

    solo_game = _solo_journal("hard")
    solo.play_set(solo_game, "popularity", 0)
    quick_game = quick.new_game(["Ann", "Bob"], seed=1)
    quick.play(quick_game, {"kind": "next"})
    quick.play(quick_game, {"kind": "next"})
    journals = [
        (euphoria(2), game.RULES),
        (solo_game, solo.RULES),
        (quick_game, quick.RULES),
        (campaign.new_game(["Ann", "Bob"], seed=1), campaign.RULES),
    ]
    for journal, rules in journals:
        facts = session.outcome(rules, journal)
        assert facts.game == journal.game and not facts.series and facts.headline
        corrected = journal is solo_game
        assert replace(outcome_of(journal), series=(), milestones=()) == replace(
            facts, corrected=corrected
        )
        assert outcome_of(journal, detail=False) == replace(facts, corrected=corrected)
    assert session.outcome(quick.RULES, quick_game).turns == 3


def test_a_result_is_won_or_lost_and_an_announcement_kind_is_one_of_four():
    """The result is typed (``Result``: "won" or "lost", from the humans' side) and so is an
    announcement's kind (do, info, end, warn): the history and the shells read no other."""
    assert RESULTS == ("won", "lost")
    assert ANNOUNCEMENT_KINDS == ("do", "info", "end", "warn")
    journal = quick.new_game(["Ann", "Bob"], seed=1)
    said = quick.play(journal, {"kind": "popularity", "player": "Ann", "delta": 70})
    assert {a.kind for a in said} <= set(ANNOUNCEMENT_KINDS)
    for out in (ephios_outcome(journal), euphoria_outcome(euphoria())):
        assert out.result in (*RESULTS, None)
