"""The set-up of a Euphoria game without Automas (2–6 humans), as a set-up with no game
after it (:class:`companion.core.game.TableSetup`).

The expansion's set-up changes apply to every game, Automas or not (rulebook Part 1, "Set
Up Changes"): two questions (the players, the recruit set), then each player's active
recruit (skippable: with every one given, the minority starting bonus is worked out), then
the checklist of :func:`companion.euphoria.checklist.multiplayer_checklist`. Nothing is
saved: there is no game to run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.catalog import _, say
from companion.core.plans import Ask, Next, Report
from companion.core.questions import Announcement, Question
from companion.euphoria.checklist import active_questions, actives_from, multiplayer_checklist
from companion.euphoria.setup_plan import recruit_set_question

SETUP = "euphoria-multiplayer"
# The players of a game without Automas ("Set Up Changes": 2 to 6).
PLAYER_COUNTS = range(2, 7)


def players_question() -> Question:
    """How many players: the first of the two questions."""
    return Question.one_of(
        "players",
        _("How many players (all human)?"),
        {str(n): say("{n} players", n=n) for n in PLAYER_COUNTS},
    )


class MultiplayerSetup:
    """The players and the recruit set, each player's active recruit, then the checklist."""

    id = SETUP

    def setup(self, answers: Mapping[str, str]) -> Next:
        """The players and the set together, then the active recruits together; then the
        ``checklist`` report with the ``players``, ``base_game`` and ``actives``."""
        if "players" not in answers or "recruits" not in answers:
            return Ask((players_question(), recruit_set_question("recruits")))
        players, base_game = int(answers["players"]), answers["recruits"] == "base"
        actives = active_questions(players, base_game)
        if any(q.id not in answers for q in actives):
            return Ask(tuple(actives))
        return Report(
            "checklist",
            {"players": players, "base_game": base_game, "actives": actives_from(answers, players)},
        )

    def checklist(self, options: Mapping[str, Any]) -> tuple[Announcement, ...]:
        """The set-up checklist of the game the options describe."""
        items = multiplayer_checklist(
            int(options["players"]), bool(options["base_game"]), tuple(options["actives"])
        )
        return tuple(item.announcement() for item in items)


MULTIPLAYER = MultiplayerSetup()
