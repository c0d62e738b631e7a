"""What the Euphoria engine tests share: playing an Automa turn with scripted answers."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.journal import Journal
from companion.core.questions import NeedAnswers, Question
from companion.euphoria import game


def play_turn(journal: Journal, answer: Callable[[Question], str]) -> tuple[game.TurnReport, int]:
    """Run the next Automa turn as a CLI `turn` is rerun: every question of a round is
    answered by ``answer`` and the turn run again. Returns its report and the rounds
    (the runs that asked) it took."""
    answers: dict[str, str] = {}
    rounds = 0
    while True:
        try:
            return game.run_turn(journal, answers), rounds
        except NeedAnswers as need:
            rounds += 1
            assert rounds <= 10, "the turn kept asking"
            answers.update({q.id: answer(q) for q in need.questions})
