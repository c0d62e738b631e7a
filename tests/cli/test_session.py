"""The session core: old saves keep loading, the revision, --revision and exit 4, the lock
(many processes racing on one save lose no step), and a write killed at any point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.core import registry, session
from companion.core.errors import ConflictError, SaveError, SaveExists
from companion.core.saves import read_save
from companion.ephios import campaign, quick, solo, store
from companion.euphoria import game
from companion.euphoria.state import GameOptions

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
SOLO_SETUP = ["--reveal", "cult", "--reveal", "order", "--reveal", "syndicate"]
SOLO_SETUP += ["--reveal", "academy"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def show(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def replayed(game_name: str, journal):
    if game_name == "euphoria":
        return game.replay(journal)
    return {"ephios-solo": solo, "ephios-quick": quick, "ephios-campaign": campaign}[
        game_name
    ].replay(journal)


# --- saves written by the version before the session core -----------------------------------


@pytest.mark.parametrize("name", ["euphoria", "ephios-solo", "ephios-quick", "ephios-campaign"])
def test_old_saves_load_and_replay_to_the_same_state(tmp_path, name):
    """A save written before the session core (no revision) loads, replays to the state that
    version showed, and its revision starts from its event count and goes up when written."""
    source = FIXTURES / f"{name}.toml"
    expected = json.loads((FIXTURES / f"{name}.json").read_text())
    journal = read_save(source)
    assert journal.game == name
    assert journal.revision == len(journal.events)  # no revision key: the event count
    state = replayed(name, journal).to_json()
    if name == "euphoria":  # the same deck, card for card (the JSON shows counts only)
        state["deck"] |= game.replay(journal).deck.unseen()
    for key, value in expected.items():
        assert state[key] == value, key
    copy = tmp_path / source.name
    copy.write_bytes(source.read_bytes())
    rules = registry.rules(name)
    loaded = session.load(rules, copy)
    assert loaded.redo_stack == journal.redo_stack
    session.redo(loaded)
    session.save(rules, copy, loaded)
    assert read_save(copy).revision == len(journal.events) + 1


# --- the revision ------------------------------------------------------------------------------


def test_euphoria_revision_grows_with_every_change_and_never_goes_back(tmp_path):
    """New, turn, event, undo, redo each raise the revision shown by show."""
    save = str(tmp_path / "g.toml")
    assert run("euphoria", "new", save, "--humans", "2", "--seed", "3").exit_code == 0
    seen = [show("euphoria", "show", save)["revision"]]
    steps = [
        ("euphoria", "turn", save),
        ("euphoria", "event", save, "activation", "--faction", "icarus"),
        ("euphoria", "undo", save),
        ("euphoria", "redo", save),
        ("euphoria", "undo", save, "--steps", "2"),
        ("euphoria", "turn", save),
    ]
    for args in steps:
        result = run(*args)
        assert result.exit_code == 0, result.output
        seen.append(show("euphoria", "show", save)["revision"])
    assert seen == sorted(set(seen)) and len(seen) == len(steps) + 1


@pytest.mark.parametrize("kind", ["quick", "campaign"])
def test_ephios_table_revision_grows(tmp_path, kind):
    """Quick game and campaign: every written change raises the revision in show --json."""
    save = str(tmp_path / "g.toml")
    assert run("ephios", kind, "new", save, "--player", "Ann", "--player", "Bob").exit_code == 0
    seen = [show("ephios", kind, "show", save)["revision"]]
    for args in (
        ("unite", save, "Ann", "cult"),
        ("popularity", save, "Bob", "10"),
        ("next", save),
        ("undo", save),
        ("redo", save),
    ):
        assert run("ephios", kind, *args).exit_code == 0
        seen.append(show("ephios", kind, "show", save)["revision"])
    assert seen == sorted(set(seen))


def test_solo_revision_grows(tmp_path):
    """Ephios solo: new, set, undo, redo raise the revision in show --json."""
    save = str(tmp_path / "s.toml")
    assert run("ephios", "solo", "new", save, *SOLO_SETUP).exit_code == 0
    seen = [show("ephios", "solo", "show", save)["revision"]]
    for args in (("set", save, "popularity", "40"), ("undo", save), ("redo", save)):
        assert run("ephios", "solo", *args).exit_code == 0
        seen.append(show("ephios", "solo", "show", save)["revision"])
    assert seen == sorted(set(seen))


def test_new_force_carries_the_revision_on(tmp_path):
    """A save replaced by a new game (--force) does not go back to a lower revision."""
    save = str(tmp_path / "g.toml")
    run("ephios", "quick", "new", save, "--player", "Ann", "--player", "Bob")
    for _ in range(3):
        run("ephios", "quick", "next", save)
    before = show("ephios", "quick", "show", save)["revision"]
    result = run("ephios", "quick", "new", save, "--player", "Cy", "--player", "Di", "--force")
    assert result.exit_code == 0
    assert show("ephios", "quick", "show", save)["revision"] > before


def test_existing_save_engines_name_no_cli_flag(tmp_path):
    """The engines refuse to replace a save without naming a CLI flag (SaveExists); the CLI
    adds its own wording: --force."""
    save = tmp_path / "g.toml"
    store.create(save, quick.new_game(["Ann", "Bob"]))
    for refuse in (
        lambda: store.check_new(save),
        lambda: store.create(save, quick.new_game(["Cy", "Di"])),
        lambda: game.check_new_save(save),
    ):
        with pytest.raises(SaveExists, match="a save already exists") as refused:
            refuse()
        assert "--" not in str(refused.value).replace(str(save), "")
    for command in (
        ["ephios", "quick", "new", str(save), "--player", "Cy", "--player", "Di"],
        ["ephios", "solo", "new", str(save), *SOLO_SETUP],
        ["euphoria", "new", str(save), "--humans", "2"],
    ):
        result = run(*command)
        assert result.exit_code == 2
        assert "a save already exists (use --force to replace it)" in result.output


# --- --revision and exit 4 -------------------------------------------------------------------


def _stale_cases(tmp_path: Path) -> list[tuple[str, list[str]]]:
    eup = str(tmp_path / "e.toml")
    run("euphoria", "new", eup, "--humans", "2", "--seed", "3")
    run("euphoria", "turn", eup)
    sol = str(tmp_path / "s.toml")
    run("ephios", "solo", "new", sol, *SOLO_SETUP)
    run("ephios", "solo", "set", sol, "popularity", "30")
    qui = str(tmp_path / "q.toml")
    run("ephios", "quick", "new", qui, "--player", "Ann", "--player", "Bob")
    cam = str(tmp_path / "c.toml")
    run("ephios", "campaign", "new", cam, "--player", "Ann", "--player", "Bob")
    run("ephios", "campaign", "next", cam)
    return [
        (eup, ["euphoria", "turn", eup]),
        (eup, ["euphoria", "event", eup, "activation", "--faction", "icarus"]),
        (eup, ["euphoria", "undo", eup]),
        (eup, ["euphoria", "redo", eup]),
        (eup, ["euphoria", "new", eup, "--humans", "2", "--force"]),
        (sol, ["ephios", "solo", "act", sol, "debate", "1"]),
        (sol, ["ephios", "solo", "move", sol, "cult", "crossroads", "discard"]),
        (sol, ["ephios", "solo", "set", sol, "popularity", "50"]),
        (sol, ["ephios", "solo", "undo", sol]),
        (sol, ["ephios", "solo", "redo", sol]),
        (sol, ["ephios", "solo", "new", sol, *SOLO_SETUP, "--force"]),
        (qui, ["ephios", "quick", "unite", qui, "Ann", "cult"]),
        (qui, ["ephios", "quick", "popularity", qui, "Ann", "-10"]),
        (qui, ["ephios", "quick", "next", qui]),
        (qui, ["ephios", "quick", "undo", qui]),
        (qui, ["ephios", "quick", "new", qui, "--player", "A", "--player", "B", "--force"]),
        (cam, ["ephios", "campaign", "alliance", cam, "Guild", "--gain", "20", "--unite", "3"]),
        (cam, ["ephios", "campaign", "flip", cam]),
        (cam, ["ephios", "campaign", "redo", cam]),
    ]


def test_stale_revision_exits_4_and_changes_nothing(tmp_path):
    """Every command that changes a save takes --revision R; a save not at R
    gives one line naming the save, the expected and the found revision, exit 4, and the
    save is byte-identical."""
    for path, args in _stale_cases(tmp_path):
        before = Path(path).read_bytes()
        found = read_save(Path(path)).revision
        result = run(*args, "--revision", str(found + 7))
        assert result.exit_code == 4, (args, result.output)
        lines = result.output.strip().splitlines()
        assert len(lines) == 1, lines
        assert path in lines[0] and str(found + 7) in lines[0] and str(found) in lines[0]
        assert Path(path).read_bytes() == before, args


def test_current_revision_is_accepted(tmp_path):
    """--revision equal to the save's revision acts, and the new revision is printed."""
    save = str(tmp_path / "g.toml")
    run("euphoria", "new", save, "--humans", "2", "--seed", "3")
    revision = show("euphoria", "show", save)["revision"]
    data = show("euphoria", "turn", save, "--revision", str(revision))
    assert data["revision"] == revision + 1
    bad = run("euphoria", "turn", save, "--revision", "²")
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_a_screen_with_an_old_journal_cannot_overwrite_a_newer_save(tmp_path):
    """A writer whose journal is older than the save (another screen wrote meanwhile) is
    refused with ConflictError, and the save is unchanged."""
    path = tmp_path / "g.toml"
    game.create(path, game.new_game(GameOptions(humans=2), seed=4))
    mine, theirs = game.load(path), game.load(path)
    game.run_turn(theirs)
    game.save(path, theirs)
    before = path.read_bytes()
    game.run_turn(mine)
    with pytest.raises(ConflictError, match="expected revision 1, but the save is at revision 2"):
        game.save(path, mine)
    assert path.read_bytes() == before


# --- the lock: processes racing on one save --------------------------------------------------

RACER = """
import sys
from companion.cli import main
for _ in range(int(sys.argv[2])):
    try:
        main(sys.argv[3:], standalone_mode=False)
    except SystemExit as exc:
        if exc.code not in (0, None):
            sys.exit(exc.code)
"""


def _race(tmp_path: Path, processes: int, steps: int, args: list[str]) -> list[int]:
    env = {**os.environ, "COMPANION_LOCK_TIMEOUT": "60"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, "x", str(steps), *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
            cwd=tmp_path,
        )
        for _ in range(processes)
    ]
    codes = []
    for proc in procs:
        _out, err = proc.communicate(timeout=120)
        assert not err, err.decode()
        codes.append(proc.returncode)
    return codes


def test_racing_turns_lose_no_step(tmp_path):
    """N processes playing Automa turns on one save give N steps."""
    save = str(tmp_path / "g.toml")
    run("euphoria", "new", save, "--humans", "2", "--seed", "3", "--report-sites")
    assert _race(tmp_path, 4, 3, ["euphoria", "turn", save]) == [0] * 4
    journal = game.load(save)
    assert len(journal.events) == 12
    assert journal.revision == 13  # the new game, then 12 turns
    assert game.replay(journal).turn == 12


def test_racing_quick_steps_lose_no_step(tmp_path):
    """The same for Ephios: N concurrent steps, N events, each acknowledged one present."""
    save = str(tmp_path / "q.toml")
    run("ephios", "quick", "new", save, "--player", "Ann", "--player", "Bob")
    assert _race(tmp_path, 4, 3, ["ephios", "quick", "popularity", save, "Ann", "1"]) == [0] * 4
    state = quick.replay(store.load(save, quick.GAME))
    assert state.popularity["Ann"] == 12


SOLO_RACER = """
import contextlib, io, json, sys
from companion.cli import main


def call(*args):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            main([*args, "--json"], standalone_mode=False)
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    return code, out.getvalue()


save, acts = sys.argv[1], int(sys.argv[2])
done = 0
while done < acts:
    revision = json.loads(call("ephios", "solo", "show", save)[1])["revision"]
    answers = []
    while True:
        code, out = call(
            "ephios", "solo", "act", save, "debate", "1", "--revision", str(revision), *answers
        )
        if code != 3:
            break
        for q in json.loads(out)["questions"]:
            answers += ["--answer", q["id"] + "=" + q["choices"][0]]
    if code == 0:
        done += 1
    elif code != 4:  # 4: another process acted first; read the save again
        sys.exit(code)
"""


def test_racing_solo_acts_lose_no_step(tmp_path):
    """For `solo act`: processes acting together, as a script should (show
    --json, then act --revision R, answering the questions; on exit 4 read again), give one
    act each, all in the journal, the save always loadable."""
    save = str(tmp_path / "s.toml")
    run("ephios", "solo", "new", save, *SOLO_SETUP)
    env = {**os.environ, "COMPANION_LOCK_TIMEOUT": "60"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", SOLO_RACER, save, "3"], stderr=subprocess.PIPE, env=env
        )
        for _ in range(3)
    ]
    for proc in procs:
        _out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()
    journal = store.load(save, solo.GAME)
    assert len(journal.events) == 9
    assert solo.replay(journal).turn == 10


def test_a_lock_not_free_in_time_is_exit_4(tmp_path, monkeypatch):
    """A save whose lock another process keeps: one clear line and exit 4, never a hang."""
    save = tmp_path / "g.toml"
    run("ephios", "quick", "new", str(save), "--player", "Ann", "--player", "Bob")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom companion.core.lock import locked\n"
            "with locked(sys.argv[1]):\n    print('held', flush=True)\n    time.sleep(30)\n",
            str(save),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        before = save.read_bytes()
        monkeypatch.setenv("COMPANION_LOCK_TIMEOUT", "0.3")
        result = run("ephios", "quick", "next", str(save))
        assert result.exit_code == 4
        assert "another program" in result.output and len(result.output.splitlines()) == 1
        assert save.read_bytes() == before
    finally:
        holder.kill()
        holder.wait()


# --- a write killed at any point -------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "nth"),
    [("write", 1), ("fchmod", 1), ("fsync", 1), ("replace", 1), ("fsync", 2)],
)
def test_a_failure_at_every_point_of_the_write_leaves_old_or_new(
    tmp_path, monkeypatch, target, nth
):
    """Each system call of the write made to fail in turn (the file write, chmod, the fsync of
    the file, the rename, the fsync of the folder): the save on disk is the old or the new
    one, loadable, with no temporary file left; a failure before the rename keeps the old."""
    path = tmp_path / "g.toml"
    journal = game.new_game(GameOptions(humans=2), seed=6)
    game.create(path, journal)
    old = path.read_bytes()
    game.run_turn(journal)
    calls = {"n": 0}
    real = {"fchmod": os.fchmod, "fsync": os.fsync, "replace": os.replace}

    def failing(name):
        def call(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] == nth:
                raise OSError(28, "No space left on device")
            return real[name](*args, **kwargs)

        return call

    if target == "write":
        real_fdopen = os.fdopen

        class Full:
            """A file whose write fails as on a full disk."""

            def __init__(self, handle):
                self.handle = handle

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

            def write(self, data):
                raise OSError(28, "No space left on device")

        def fdopen(fd, mode="r", *args, **kwargs):
            handle = real_fdopen(fd, mode, *args, **kwargs)
            return Full(handle) if "w" in mode else handle

        monkeypatch.setattr(os, "fdopen", fdopen)
    else:
        monkeypatch.setattr(os, target, failing(target))
    try:
        game.save(path, journal)
    except SaveError as exc:
        assert "the disk is full" in str(exc) and "the save is intact" in str(exc)
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]
    loaded = game.load(path)
    if target == "fsync" and nth == 2:  # the folder's fsync, after the rename: the new save
        assert len(loaded.events) == 1
    else:  # before the rename: the old save, byte for byte
        assert path.read_bytes() == old and loaded.events == []


KILLED = """
import os, sys
from companion.euphoria import game
from companion.euphoria.state import GameOptions
path, point = sys.argv[1], sys.argv[2]
journal = game.load(path)
game.run_turn(journal)
real_replace, real_fsync = os.replace, os.fsync
def stop():
    print("stopped", flush=True)
    sys.stdin.readline()  # killed here
def replace(a, b):
    if point == "before-rename":
        stop()
    real_replace(a, b)
    if point == "after-rename":
        stop()
def fsync(fd):
    if point == "before-fsync":
        stop()
    real_fsync(fd)
os.replace, os.fsync = replace, fsync
game.save(path, journal)
"""


@pytest.mark.parametrize("point", ["before-fsync", "before-rename", "after-rename"])
def test_a_killed_write_leaves_old_or_new_and_the_next_write_cleans_up(tmp_path, point):
    """The kill during a save, made deterministic: the writer is killed at a
    known point (before the file's fsync, before the rename, after it); the save loads (old
    before the rename, new after), and the next write removes the leftover temporary file."""
    path = tmp_path / "g.toml"
    game.create(path, game.new_game(GameOptions(humans=2), seed=5))
    old = path.read_bytes()
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED, str(path), point],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout.readline().strip() == "stopped"
    proc.kill()
    proc.wait()
    journal = game.load(path)
    if point == "after-rename":
        assert len(journal.events) == 1
    else:
        assert path.read_bytes() == old
        assert [p.name for p in tmp_path.glob(".g.toml.*.tmp")]  # the killed write's leftover
    game.run_turn(journal)
    game.save(path, journal)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]
