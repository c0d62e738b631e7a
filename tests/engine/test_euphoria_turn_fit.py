"""A whole Automa turn on one 80×24 screen, counted on the engine.

The turn screen shows one line per thing to do on the board (kind "do" or "end"; the
informative lines fold into the why of the line before them). The busiest turn a scan of
500 seeded games found (every difficulty, 1 and 2 humans, random human events and answers
between the turns) is kept as a save: `fixtures/euphoria/busy-turn.toml`, seed 271, turn 11.
The Bazaar discard, black builds the upper Subterran market (tokens, the humans' workers,
both Automas' workers re-rolled), white builds the upper Euphorian market, black's card
turns: 14 lines. The Pilot test `test_a_busy_turn_fits_80x24` (test_tui_euphoria_turn.py)
checks that the screen has `ROWS_80X24` rows for them and shows the last one.
"""

from __future__ import annotations

import random

from euphoria_helpers import BUSY, ROW_CHARS, ROWS_80X24, lines

from companion.core import session
from companion.core.questions import NeedAnswers
from companion.euphoria import game
from companion.euphoria.journal_text import last_step
from companion.euphoria.state import GameOptions


def test_the_busiest_turn_found_fits_80x24():
    step = last_step(session.load_game(BUSY, game.GAME))
    assert step is not None and step.title.startswith("Automa turn 11")
    shown = lines(step.announcements)
    assert len(shown) == 14 <= ROWS_80X24
    assert all(len(line) <= ROW_CHARS for line in shown), [s for s in shown if len(s) > ROW_CHARS]
    whats = [a.what for a in step.announcements]
    assert whats.count("market.built") == 2 and "penalty.flip" in whats
    assert {a.who for a in step.announcements if a.what == "automa.place"} == {"black", "white"}


def test_every_turn_of_random_games_is_one_row_per_line():
    """Random turns (app dice, then physical dice not rolled yet): every line fits one row
    at 80 columns, and no turn has more lines than the busiest one."""
    dice = {f"{a}.worker.{n}": "6" for a in ("black", "white") for n in range(1, 5)}
    for seed, options in (
        (3, GameOptions(recruits=("icarus", "euphoria"), difficulty="expert")),
        (9, GameOptions(humans=2, difficulty="i-want-to-cry", report_tracks=False)),
        (4, GameOptions(humans=2, physical_dice=True, physical_deck=True)),
    ):
        rng = random.Random(seed)
        journal = game.new_game(options, seed, dice if options.physical_dice else None)
        for _ in range(30):
            answers: dict[str, str] = {}
            for _round in range(6):
                try:
                    report = game.run_turn(journal, answers)
                    break
                except NeedAnswers as need:
                    for line in lines(need.announcements):
                        assert len(line) <= ROW_CHARS, line
                    for q in need.questions:
                        if q.kind == "number":
                            answers[q.id] = str(rng.randint(q.minimum or 1, q.maximum or 1))
                        elif q.kind == "many":
                            answers[q.id] = ",".join(c for c in q.choices if rng.random() < 0.5)
                        else:
                            answers[q.id] = rng.choice(q.choices or ("yes", "no"))
            else:
                raise AssertionError(f"seed {seed}: the turn still asked after six rounds")
            if report.state.over:
                break
            shown = lines(report.announcements)
            assert len(shown) <= ROWS_80X24
            assert all(len(line) <= ROW_CHARS for line in shown), shown
            # An Automa's informative line folds into the why of that Automa's line before it.
            last = ""
            for a in report.announcements:
                if a.kind == "info" and a.who and last:
                    assert a.who == last, (a.what, a.who, last)
                elif a.kind != "info":
                    last = a.who
