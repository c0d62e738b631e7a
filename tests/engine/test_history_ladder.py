"""The difficulty ladder: one test per rule (docs/history.md, "The ladder")."""

from __future__ import annotations

from companion.ephios import solo
from companion.euphoria.cards import LEVEL_IDS
from companion.history.ladder import game_levels, ladder, suggest, suggested_level
from companion.history.records import Record


def games(*played: tuple[str, str], game: str = "euphoria") -> list[Record]:
    """Records in order, each (level, result)."""
    return [
        Record(
            game=game,
            save=f"/saves/{n}.toml",
            created=f"2026-12-01T00:00:{n:02}+00:00",
            finished=f"2026-12-01T01:00:{n:02}+00:00",
            result=result,
            winner="human" if result == "won" else "black",
            difficulty=level,
            turns=10 + n,
        )
        for n, (level, result) in enumerate(played)
    ]


def levels(game: str = "euphoria"):
    return next(lv for lv in game_levels() if lv.game == game)


def test_the_levels_are_the_engines_own():
    """Euphoria's six levels ("Difficulty Levels") and the Plot's three (Solo Setup: 30% easy,
    20% normal, 10% hard), easiest first."""
    assert levels().ids == LEVEL_IDS and len(LEVEL_IDS) == 6
    assert levels("ephios-solo").ids == ("easy", "normal", "hard")
    assert set(levels("ephios-solo").ids) == set(solo.DIFFICULTIES)


def test_rule_1_two_wins_in_a_row_go_one_level_up():
    """Rule 1: two wins in a row at a level suggest the next level up, saying why."""
    level, reason = suggest(levels(), games(("intermediate", "won"), ("intermediate", "won")))
    assert level == "experienced"
    assert reason == "2 wins in a row at Intermediate: try Experienced."


def test_rule_1_at_the_top_level_stays():
    """Rule 1 at the top: two wins at I Want To Cry stay there."""
    level, reason = suggest(levels(), games(("i-want-to-cry", "won"), ("i-want-to-cry", "won")))
    assert level == "i-want-to-cry" and "top level" in reason


def test_rule_2_three_losses_in_a_row_go_one_level_down():
    """Rule 2: three losses in a row at a level suggest one level down."""
    played = games(("hard", "lost"), ("hard", "lost"), ("hard", "lost"), game="ephios-solo")
    level, reason = suggest(levels("ephios-solo"), played)
    assert level == "normal" and reason.startswith("3 losses in a row at Hard (10%)")


def test_rule_2_at_the_lowest_level_stays():
    """Rule 2 at the bottom: three losses at Beginner stay there."""
    level, reason = suggest(levels(), games(*[("beginner", "lost")] * 3))
    assert level == "beginner" and "lowest level" in reason


def test_rule_3_otherwise_stay():
    """Rule 3: a win after a loss, or two losses, stay at the level of the last game."""
    assert suggest(levels(), games(("veteran", "lost"), ("veteran", "won")))[0] == "veteran"
    assert suggest(levels(), games(("veteran", "lost"), ("veteran", "lost")))[0] == "veteran"
    # a loss breaks a run of wins
    played = games(("expert", "won"), ("expert", "lost"), ("expert", "won"))
    assert suggest(levels(), played)[0] == "expert"


def test_rule_4_no_game_yet_is_the_standard_level():
    """Rule 4: with no finished game, the rulebook's standard level (Euphoria Intermediate,
    "as described in Setup"; the Plot normal, 20%)."""
    assert suggest(levels(), [])[0] == "intermediate"
    assert suggest(levels("ephios-solo"), [])[0] == "normal"
    assert suggested_level("euphoria") == "intermediate"
    assert suggested_level("ephios-solo") == "normal"


def test_streaks_count_per_level():
    """A streak counts the games at its level: a game at another level in between does not
    break it; the suggestion reads the level of the game finished last."""
    played = games(("intermediate", "won"), ("beginner", "lost"), ("intermediate", "won"))
    assert suggest(levels(), played)[0] == "experienced"


def test_ladder_rows_count_played_won_lost_best_and_streak():
    """Per game and level: played / won / lost, the best result (a win in the fewest turns)
    and the current streak; the games without levels have no ladder."""
    played = games(("beginner", "won"), ("beginner", "lost"), ("beginner", "won"))
    out = ladder(played)
    assert [g["game"] for g in out] == ["euphoria", "ephios-solo"]
    row = out[0]["levels"][0]
    assert row == {
        "level": "beginner",
        "name": "Beginner",
        "played": 3,
        "won": 2,
        "lost": 1,
        "best": {"result": "won", "turns": 10},
        "streak": {"result": "won", "count": 1},
        "unconfirmed": 0,
    }
    assert out[0]["levels"][1]["played"] == 0 and out[0]["levels"][1]["streak"] is None
    assert out[0]["suggested"] == "beginner" and out[0]["reason"]
