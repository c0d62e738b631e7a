"""A long game and a busy save hold nothing else up (the stress lane, `pytest -m stress`):
a long save replays from its checkpoints with the same result, whatever the checkpoints
hold; the lock of one save leaves the other saves of its folder free. Untimed: the
timings of a 60,000-event save are a benchmark (benchmarks/bench_long_save.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.core import checkpoints, session
from companion.core.questions import NeedAnswers
from companion.core.saves import read_save, write_save
from companion.euphoria import game
from companion.euphoria.state import GameOptions
from companion.euphoria.words import describe_event, render

pytestmark = pytest.mark.stress


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def long_save(path: Path, events: int) -> list[str]:
    """A Euphoria save of ``events`` events: Automa turns (questions answered "none" and
    the lowest number), an Automa's tokens corrected before it would win. Returns each
    event's journal line as the game said it while it was played (a turn: the first thing
    it announced; a correction: its description)."""
    journal = game.new_game(GameOptions(humans=2), seed=9)
    state = game.RULES.start(journal)
    lines = []
    while len(journal.events) < events:
        low = [a for a in ("black", "white") if state.automas[a].tokens_left <= 3]
        event: dict = (
            {"kind": "correct", "automa": low[0], "tokens_left": 8} if low else {"kind": "turn"}
        )
        answers: dict[str, str] = {}
        while True:
            if answers:
                event["answers"] = dict(answers)
            try:
                state, said = game.RULES.apply(state.clone(), event, len(journal.events) + 1)
                break
            except NeedAnswers as need:
                for q in need.questions:
                    answers[q.id] = (
                        str(q.minimum or 0)
                        if q.kind == "number"
                        else "no"
                        if q.kind == "yes_no"
                        else ""
                        if q.kind == "many"
                        else q.choices[0]
                    )
        journal.events.append(event)
        lines.append(render(said[0], "log") if not low else describe_event(event))
    write_save(path, journal)
    return lines


def shown(save: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """What `euphoria show --json` prints with the cache folder ``cache`` and no state kept
    in memory, as a fresh process would (the checkpoints on disk are what is tested)."""
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(cache))
    session.clear_cache()
    done = run("euphoria", "show", str(save), "--json")
    assert done.exit_code == 0 and not done.stderr, done.output
    return done.stdout


def test_a_long_save_shows_the_same_from_its_checkpoints_whatever_they_hold(tmp_path, monkeypatch):
    """1,100 events (two checkpoints): the first `show` keeps them, the next starts from
    the last one and prints the same; every checkpoint damaged, or one of another save put
    in its place, is ignored: the same again, exit 0, nothing on standard error. The
    journal's lines are what each step said when it was played."""
    save, cache = tmp_path / "long.toml", tmp_path / "cache"
    said = long_save(save, 2 * checkpoints.EVERY + 100)
    first = shown(save, cache, monkeypatch)
    assert [step["line"] for step in json.loads(first)["journal"]] == said
    kept = sorted(p for p in (cache / checkpoints.FOLDER).iterdir() if p.name != "key")
    assert len(kept) == 2
    assert shown(save, cache, monkeypatch) == first
    for path in kept:
        path.write_bytes(path.read_bytes()[:-1] + b"x")
    assert shown(save, cache, monkeypatch) == first
    kept[1].write_bytes(kept[0].read_bytes())  # the state after 500 events, named as 1000's
    assert shown(save, cache, monkeypatch) == first
    assert json.loads(first)["turn"] > 0


def test_the_lock_covers_one_save_not_its_folder(tmp_path, monkeypatch):
    """A save held by another process (a long replay, say) holds that save alone: a step on
    another save of the same folder is played at once, a new game is made beside it, and
    a step on the held save is refused naming that save."""
    held, other = tmp_path / "held.toml", tmp_path / "other.toml"
    for save in (held, other):
        run("ephios", "quick", "new", str(save), "--player", "Ann", "--player", "Bob")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom companion.core.lock import locked\n"
            "with locked(sys.argv[1]):\n    print('held', flush=True)\n    time.sleep(30)\n",
            str(held),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setenv("COMPANION_LOCK_TIMEOUT", "0.3")
        assert run("ephios", "quick", "next", str(other)).exit_code == 0
        new = run(
            "ephios", "quick", "new", str(tmp_path / "new.toml"), "--player", "Cy", "--player", "Di"
        )
        assert new.exit_code == 0, new.output
        busy = run("ephios", "quick", "next", str(held))
        assert busy.exit_code == 4
        assert str(held) in busy.output and str(other) not in busy.output
    finally:
        holder.kill()
        holder.wait()
    assert len(read_save(other).events) == 1
