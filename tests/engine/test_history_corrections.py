"""A game whose end came by a correction is marked, and the ladder counts its win only once the
player confirms it (docs/history.md, "Corrections"). Euphoria's correction is `correct` (an
Automa's authority tokens set by hand: "Game End", a player with all 10 tokens placed wins);
the Ephios solo corrections are `set` and `move` ("Victory and Defeat": the 5 affinities win,
0% popularity loses)."""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.saves import write_save
from companion.ephios import solo
from companion.ephios.outcome import outcome as ephios_outcome
from companion.euphoria import game
from companion.euphoria.outcome import outcome as euphoria_outcome
from companion.euphoria.state import GameOptions
from companion.history import records
from companion.history.ladder import game_levels, ladder, suggest
from companion.history.outcomes import step_saved
from companion.history.records import Record, confirm, history_path, load

AFFINITIES = ["syndicate", "academy", "order", "company", "cult"]


def _euphoria(turns: int = 1):
    journal = game.new_game(GameOptions(solo_variant=True, report_sites=True), seed=3)
    for _ in range(turns):
        game.run_turn(journal)
    return journal


def _solo(difficulty: str = "normal"):
    cards = ["cult", "order", "syndicate-dignitary", "academy"]
    return solo.new_game(difficulty, 1, {f"reveal-{n}": c for n, c in enumerate(cards, 1)})


def test_a_euphoria_end_by_a_correction_is_marked_a_reported_end_is_not():
    """Game End by `correct` (the black Automa's last token set by hand) is corrected; a
    correction before `human-won` does not mark the end the report brought."""
    journal = _euphoria()
    game.apply_event(journal, "correct", automa="black", tokens_left=0)
    out = euphoria_outcome(journal, detail=False)
    assert (out.ended, out.result, out.corrected) == (True, "lost", True)
    assert euphoria_outcome(journal).to_json()["corrected"] is True
    reported = _euphoria()
    game.apply_event(reported, "correct", automa="black", tokens_left=3)
    assert euphoria_outcome(reported).corrected is False  # not ended
    game.apply_event(reported, "human-won")
    out = euphoria_outcome(reported)
    assert (out.ended, out.result, out.corrected) == (True, "won", False)


def test_a_correction_after_the_end_marks_it_too():
    """After the end only `correct` plays on: a correction made then marks the end too (it
    may have changed what the end says)."""
    journal = _euphoria()
    game.apply_event(journal, "human-won")
    game.apply_event(journal, "correct", automa="white", tokens_left=2)
    assert euphoria_outcome(journal, detail=False).corrected is True


def test_an_ephios_solo_end_by_set_or_move_is_marked():
    """Victory and Defeat reached by `set` (the 5 affinities: won; 0% popularity: lost) is
    corrected; the game going on is not."""
    won = _solo()
    solo.play_set(won, "affinities", AFFINITIES)
    out = ephios_outcome(won, detail=False)
    assert (out.ended, out.result, out.corrected) == (True, "won", True)
    lost = _solo("hard")
    solo.play_set(lost, "popularity", 40)
    assert ephios_outcome(lost).corrected is False
    solo.play_set(lost, "popularity", 0)
    assert (ephios_outcome(lost).result, ephios_outcome(lost).corrected) == ("lost", True)


def _record(n: int, result: str, corrected: bool = False, confirmed: bool = False) -> Record:
    return Record("ephios-solo", f"/saves/{n}.toml", f"2026-12-01T00:00:{n:02}+00:00",
                  f"2026-12-01T01:00:{n:02}+00:00", result,  # type: ignore[arg-type]
                  "human" if result == "won" else "plot", "normal", 5 + n,
                  corrected, confirmed)  # fmt: skip


def _solo_ladder(played: list[Record]) -> dict:
    return next(g for g in ladder(played) if g["game"] == "ephios-solo")


def test_the_ladder_leaves_off_a_corrected_win_until_it_is_confirmed():
    """Rule 1 (two wins in a row go up) does not count a win a correction brought: it is
    counted as unconfirmed; confirmed, it counts like any win. A corrected loss counts."""
    played = [_record(1, "won"), _record(2, "won", corrected=True)]
    rung = _solo_ladder(played)
    normal = next(r for r in rung["levels"] if r["level"] == "normal")
    assert (normal["played"], normal["won"], normal["unconfirmed"]) == (1, 1, 1)
    assert rung["suggested"] == "normal"
    levels = next(lv for lv in game_levels() if lv.game == "ephios-solo")
    assert suggest(levels, played)[0] == "normal"
    played[1] = _record(2, "won", corrected=True, confirmed=True)
    rung = _solo_ladder(played)
    normal = next(r for r in rung["levels"] if r["level"] == "normal")
    assert (normal["played"], normal["won"], normal["unconfirmed"]) == (2, 2, 0)
    assert rung["suggested"] == "hard"
    lost = _solo_ladder([_record(1, "lost", corrected=True)])
    assert next(r for r in lost["levels"] if r["level"] == "normal")["lost"] == 1


def test_confirm_marks_the_record_and_recording_again_keeps_it(tmp_path):
    """The history records a corrected end with ``corrected``; `confirm` sets ``confirmed``
    (kept when the save is written again); a game that did not end by a correction, or no
    game, is refused and the file is unchanged."""
    save = tmp_path / "s.toml"
    journal = _solo()
    solo.play_set(journal, "affinities", AFFINITIES)
    write_save(save, journal)
    step_saved(save, journal)
    (record,) = load()
    assert (record.corrected, record.confirmed, record.to_confirm) == (True, False, True)
    assert "corrected = true" in history_path().read_text()
    before = history_path().read_text()
    with pytest.raises(InputError, match="no finished game was saved at"):
        confirm(tmp_path / "other.toml")
    assert history_path().read_text() == before
    assert confirm(save).confirmed is True
    step_saved(save, journal)  # written again: the confirmation stays
    assert load()[0].confirmed is True and not load()[0].to_confirm
    plain = tmp_path / "p.toml"
    reported = _euphoria()
    game.apply_event(reported, "human-won")
    write_save(plain, reported)
    step_saved(plain, reported)
    before = history_path().read_text()
    with pytest.raises(InputError, match="did not end by a correction"):
        confirm(plain)
    assert history_path().read_text() == before
    assert before.count("corrected = true") == 1  # the reported end has no such key


def test_a_history_file_with_a_bad_flag_is_named():
    """``corrected`` must be true or false: anything else is a damaged history, named."""
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        'version = 1\n[[games]]\ngame = "ephios-solo"\nsave = "/s.toml"\ncreated = "c"\n'
        'finished = "f"\nresult = "won"\nwinner = "human"\nturns = 1\ncorrected = "yes"\n'
    )
    with pytest.raises(records.HistoryError, match="corrected: expected true or false"):
        load()


def test_the_step_that_ends_a_game_records_it_and_says_so_without_a_global_hook(tmp_path):
    """docs/history.md: the shell that made a step keeps the history right. ``step_saved``
    says True for the step that ended the game (and records it), False for a step of a game
    still on (nothing recorded) and for a step after the end; undoing the end takes the
    game out. No after-write hook is installed by the history (a save written by any other
    means does not touch it)."""
    from companion.core import hooks, session

    save = tmp_path / "e.toml"
    journal = _euphoria()
    write_save(save, journal)
    assert step_saved(save, journal) is False and load() == []
    game.apply_event(journal, "human-won")
    write_save(save, journal)
    assert step_saved(save, journal) is True
    assert [r.result for r in load()] == ["won"]
    game.apply_event(journal, "correct", automa="white", tokens_left=2)
    assert step_saved(save, journal) is False  # after the end: recorded, not ended now
    assert len(load()) == 1
    session.undo(journal, 2)
    assert step_saved(save, journal) is False
    assert load() == []
    assert step_saved not in hooks._AFTER_WRITE
