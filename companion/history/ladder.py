"""The difficulty ladder: per game and level, how it went, and which level to try next.

The levels are the engines' own: Euphoria's six Automa levels (the
rulebook's "Difficulty Levels", ``companion.euphoria.cards.LEVEL_IDS``) and
the Plot's three (the solo set-up's 30% easy, 20% normal, 10% hard,
``companion.ephios.solo.DIFFICULTIES``), easiest first. The quick game and
the campaign have no levels and no ladder.

The rules of the suggestion (docs/history.md), read from the level of the
game of that kind finished last and its streak at that level (games at
other levels in between do not break a streak):

1. Two wins in a row at a level: one level up (at the top level: stay).
2. Three losses in a row at a level: one level down (at the lowest: stay).
3. Otherwise: stay at that level.
4. No game finished yet: the rulebook's standard level (Euphoria
   Intermediate, the Plot normal).

A win that a correction brought (the player set the end by hand: Euphoria's
`correct`, the solo game's `set` and `move`) is left off the ladder until the
player confirms it (`companion history --confirm SAVE`, `c` on the history
screen); each level counts such wins as ``unconfirmed``.
"""

from __future__ import annotations

from typing import Any

from companion.core import registry
from companion.core.catalog import say
from companion.core.registry import Levels
from companion.history.records import Record

WINS_UP = 2  # rule 1: two wins in a row at a level -> one level up
LOSSES_DOWN = 3  # rule 2: three losses in a row at a level -> one level down

__all__ = ["LOSSES_DOWN", "WINS_UP", "Levels", "counted", "game_levels", "ladder", "suggest"]


def counted(records: list[Record]) -> list[Record]:
    """The games the ladder counts: all but the wins a correction brought and the player has
    not confirmed."""
    return [r for r in records if not r.to_confirm]


def game_levels() -> list[Levels]:
    """The games with levels, from their registrations (Euphoria's six, the Plot's three)."""
    return list(registry.levels())


def streak(records: list[Record]) -> tuple[str, int] | None:
    """The current streak of ``records`` (oldest first): the last result and how many times
    in a row it came; None without records."""
    if not records:
        return None
    last = records[-1].result
    count = 0
    for r in reversed(records):
        if r.result != last:
            break
        count += 1
    return last, count


def best(records: list[Record]) -> dict[str, Any] | None:
    """The best result at a level: a win in the fewest turns, else the loss that lasted the
    most turns; None without records."""
    wins = [r for r in records if r.result == "won"]
    if wins:
        return {"result": "won", "turns": min(r.turns for r in wins)}
    if records:
        return {"result": "lost", "turns": max(r.turns for r in records)}
    return None


def suggest(levels: Levels, records: list[Record]) -> tuple[str, str]:
    """The level to try next and why (the rules in this module's docstring)."""
    played = [r for r in counted(records) if r.game == levels.game and r.difficulty in levels.ids]
    if not played:
        name = levels.names[levels.standard]
        return levels.standard, say(
            "No game finished yet: start at the standard level, {level}.", level=name
        )
    level = played[-1].difficulty
    assert level is not None
    index = levels.ids.index(level)
    name = levels.names[level]
    result, count = streak([r for r in played if r.difficulty == level]) or ("", 0)
    if result == "won" and count >= WINS_UP:
        if index + 1 < len(levels.ids):
            up = levels.ids[index + 1]
            return up, say(
                "{count} wins in a row at {level}: try {next}.",
                count=count,
                level=name,
                next=levels.names[up],
            )
        return level, say(
            "{count} wins in a row at {level}, the top level: stay there.", count=count, level=name
        )
    if result == "lost" and count >= LOSSES_DOWN:
        if index > 0:
            down = levels.ids[index - 1]
            return down, say(
                "{count} losses in a row at {level}: try {next}.",
                count=count,
                level=name,
                next=levels.names[down],
            )
        return level, say(
            "{count} losses in a row at {level}, the lowest level: stay there.",
            count=count,
            level=name,
        )
    if result == "won":
        return level, say(
            "1 win at {level}: win {wins} in a row to go up.", level=name, wins=WINS_UP
        )
    return level, say(
        "{count} loss(es) in a row at {level}: {losses} in a row go down a level.",
        count=count,
        level=name,
        losses=LOSSES_DOWN,
    )


def ladder(records: list[Record]) -> list[dict[str, Any]]:
    """The ladder of every game with levels, as `companion history --json` prints it."""
    out: list[dict[str, Any]] = []
    for levels in game_levels():
        mine = [r for r in counted(records) if r.game == levels.game]
        waiting = [r for r in records if r.game == levels.game and r.to_confirm]
        rows = []
        for level in levels.ids:
            at = [r for r in mine if r.difficulty == level]
            run = streak(at)
            rows.append(
                {
                    "level": level,
                    "name": levels.names[level],
                    "played": len(at),
                    "won": sum(1 for r in at if r.result == "won"),
                    "lost": sum(1 for r in at if r.result == "lost"),
                    "best": best(at),
                    "streak": {"result": run[0], "count": run[1]} if run else None,
                    "unconfirmed": sum(1 for r in waiting if r.difficulty == level),
                }
            )
        level, reason = suggest(levels, mine)
        out.append({"game": levels.game, "levels": rows, "suggested": level, "reason": reason})
    return out


def suggested_level(game: str) -> str:
    """The level the set-up of ``game`` pre-selects: the ladder's suggestion from the history
    (the standard level when the history is empty or cannot be read)."""
    from companion.history.records import HistoryError, load

    for levels in game_levels():
        if levels.game == game:
            try:
                return suggest(levels, load())[0]
            except HistoryError:
                return levels.standard
    raise KeyError(game)
