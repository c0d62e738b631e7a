"""Quiet pipes and hostile files: one clear line and exit 2, never
"internal error", never a hang; a saved step is never reported as failed."""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.core import session
from companion.core.errors import SaveError
from companion.core.saves import list_saves, read_save, scan_saves, write_save
from companion.euphoria import game
from companion.history import records

COMPANION = [sys.executable, "-m", "companion"]
SOLO_SETUP = ["--reveal", "cult", "--reveal", "order", "--reveal", "syndicate"]
SOLO_SETUP += ["--reveal", "academy"]


def run(*args: str, **kwargs):
    return CliRunner().invoke(main, list(args), **kwargs)


def one_line_error(result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert "internal error" not in lines[0] and "Traceback" not in result.output
    for word in words:
        assert word in lines[0], (word, lines[0])


def new_euphoria(path: Path) -> None:
    assert run("euphoria", "new", str(path), "--humans", "2", "--seed", "3").exit_code == 0


def closed_pipe(args: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    """Run ``companion ARGS`` with its output going into a pipe nobody reads any more."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [*COMPANION, *args],
            stdout=write,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
            timeout=60,
        )
    finally:
        os.close(write)


# --- quiet pipes, COMPANION_DEBUG -------------------------------------------------------


def test_show_into_a_closed_pipe_ends_quietly(tmp_path):
    """`show --json | head -1` style: exit 0, nothing on stderr."""
    save = tmp_path / "g.toml"
    new_euphoria(save)
    done = closed_pipe(["euphoria", "show", str(save), "--json"])
    assert done.returncode == 0 and done.stderr == b""


def test_a_saved_step_into_a_closed_pipe_is_not_reported_as_failed(tmp_path):
    """`turn SAVE | true`: the turn is saved, the exit status is 0, nothing says "nothing
    changed" (a script must not play it again)."""
    save = tmp_path / "g.toml"
    new_euphoria(save)
    done = closed_pipe(["euphoria", "turn", str(save)])
    assert done.returncode == 0 and done.stderr == b""
    assert len(session.load_game(save, game.GAME).events) == 1
    quick = tmp_path / "q.toml"
    run("ephios", "quick", "new", str(quick), "--player", "Ann", "--player", "Bob")
    done = closed_pipe(["ephios", "quick", "next", str(quick), "--json"])
    assert done.returncode == 0 and done.stderr == b""
    assert len(read_save(quick).events) == 1


def test_companion_debug_shows_the_traceback_of_an_internal_error(tmp_path, monkeypatch):
    """An internal error is one line; with COMPANION_DEBUG=1 its traceback comes first."""
    save = tmp_path / "g.toml"
    new_euphoria(save)

    def bug(*_args, **_kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(game, "replay", bug)
    plain = run("euphoria", "show", str(save))
    assert plain.exit_code == 2 and "Traceback" not in plain.output
    assert "internal error: RuntimeError: a bug" in plain.output
    monkeypatch.setenv("COMPANION_DEBUG", "1")
    debug = run("euphoria", "show", str(save))
    assert debug.exit_code == 2 and "Traceback (most recent call last)" in debug.output


# --- hostile files ----------------------------------------------------------------------


def test_deeply_nested_save_and_situation_are_refused(tmp_path):
    """A save or a situation nested 5,000 levels deep: one line, no RecursionError."""
    deep = "x = " + "[" * 5000 + "]" * 5000 + "\n"
    save = tmp_path / "deep.toml"
    save.write_text('format = "companion-save"\nversion = 1\ngame = "euphoria"\nseed = 1\n' + deep)
    one_line_error(run("euphoria", "show", str(save)), str(save), "nested")
    situation = tmp_path / "situation.toml"
    situation.write_text(deep)
    one_line_error(run("euphoria", "decide", str(situation)), str(situation), "nested")
    shallow = "x = " + "[" * 40 + "]" * 40 + "\n"
    save.write_text(
        'format = "companion-save"\nversion = 1\ngame = "euphoria"\nseed = 1\n' + shallow
    )
    one_line_error(run("euphoria", "show", str(save)), "nested more than")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_or_a_device_is_never_read(tmp_path):
    """A FIFO as a save, a deck or a situation, and /dev/zero: refused at once, no hang; the
    saves list skips the FIFO."""
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    one_line_error(run("euphoria", "show", str(fifo)), "not a regular file")
    one_line_error(run("euphoria", "decide", str(fifo)), "not a regular file")
    one_line_error(
        run("euphoria", "new", str(tmp_path / "g.toml"), "--humans", "2", "--deck", str(fifo)),
        "not a regular file",
    )
    one_line_error(run("euphoria", "show", "/dev/zero"), "not a regular file")
    assert list_saves(tmp_path) == []
    assert [e.problem for e in scan_saves(tmp_path)] == [
        "is not a regular file, so not a save file"
    ]
    assert not (tmp_path / "g.toml").exists()


def test_a_huge_file_is_refused_without_reading_it(tmp_path):
    """A save over the size cap: one line naming the size."""
    big = tmp_path / "big.toml"
    with big.open("wb") as handle:
        handle.truncate(64 * 1024 * 1024)
    one_line_error(run("euphoria", "show", str(big)), "too large")


def test_unicode_digits_are_not_numbers(tmp_path):
    """`isdigit()` accepts '²' and '٣'; the CLI does not (one line, exit 2, nothing changed)."""
    save = tmp_path / "g.toml"
    new_euphoria(save)
    before = save.read_bytes()
    one_line_error(run("euphoria", "event", str(save), "sites", "--workers", "euphoria.lower=²"))
    one_line_error(
        run("euphoria", "event", str(save), "correct", "--automa", "black", "--available", "٣")
    )
    solo = tmp_path / "s.toml"
    run("ephios", "solo", "new", str(solo), *SOLO_SETUP)
    one_line_error(run("ephios", "solo", "act", str(solo), "debate", "٣"))
    quick = tmp_path / "q.toml"
    run("ephios", "quick", "new", str(quick), "--player", "Ann", "--player", "Bob")
    one_line_error(run("ephios", "quick", "popularity", str(quick), "Ann", "١٠"))
    assert save.read_bytes() == before


def test_names_are_checked_before_anything_is_created(tmp_path):
    """A 300-character save name, a name or a player that is not UTF-8: one line, and the
    refused command leaves no folder behind."""
    long_name = "x" * 300
    one_line_error(
        run("euphoria", "new", str(tmp_path / "sub" / f"{long_name}.toml"), "--humans", "2"),
        "too long",
    )
    bad = "caf\udce9"  # a non-UTF-8 byte as the shell passes it on
    one_line_error(run("euphoria", "new", str(tmp_path / "sub" / f"{bad}.toml"), "--humans", "2"))
    result = run(
        "ephios", "quick", "new", str(tmp_path / "sub" / "deeper" / "q.toml"),
        "--player", bad, "--player", "Bob",
    )  # fmt: skip
    one_line_error(result, "UTF-8")
    assert not (tmp_path / "sub").exists()


def test_a_folder_where_a_save_should_be(tmp_path):
    """`new X --force` when X is a folder: named as a folder; the folder stays."""
    folder = tmp_path / "g.toml"
    folder.mkdir()
    one_line_error(run("euphoria", "new", str(folder), "--humans", "2", "--force"), "is a folder")
    one_line_error(run("ephios", "quick", "new", str(folder), "--player", "A", "--player", "B"))
    one_line_error(run("euphoria", "turn", str(folder)), "is a folder")
    assert folder.is_dir()


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.EACCES, "permission denied"),
        (errno.ENOSPC, "the disk is full"),
        (errno.EFBIG, "too large"),
        (errno.EROFS, "read-only"),
    ],
)
def test_system_errors_say_what_happened_and_that_the_save_is_intact(
    tmp_path, monkeypatch, code, words
):
    """Permission, full disk, file too large, read-only disk while writing: one line saying
    what happened and that the save is intact (exit 2); the save is unchanged."""
    save = tmp_path / "g.toml"
    new_euphoria(save)
    before = save.read_bytes()
    real = os.replace

    def failing(src, dst):
        if str(dst).endswith("g.toml"):
            raise OSError(code, os.strerror(code))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", failing)
    one_line_error(run("euphoria", "turn", str(save)), words, "the save is intact")
    assert save.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]


def test_a_read_only_data_folder(tmp_path, monkeypatch):
    """No temporary file can be made in the folder: one line, the save is intact."""
    save = tmp_path / "g.toml"
    new_euphoria(save)
    import tempfile

    def refused(*_args, **_kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    before = save.read_bytes()
    monkeypatch.setattr(tempfile, "mkstemp", refused)
    one_line_error(run("euphoria", "turn", str(save)), "permission denied", "the save is intact")
    assert save.read_bytes() == before


def test_a_read_only_save_is_not_overwritten(tmp_path):
    """A save without write permission is refused, not replaced."""
    save = tmp_path / "g.toml"
    new_euphoria(save)
    save.chmod(0o444)
    before = save.read_bytes()
    one_line_error(run("euphoria", "turn", str(save)), "read-only", "intact")
    assert save.read_bytes() == before and stat.S_IMODE(save.stat().st_mode) == 0o444


def test_a_save_keeps_its_mode_and_a_symlink_is_written_through(tmp_path):
    """Every write keeps the save's file mode; a symlinked save stays a link, and its target
    is the file that changes."""
    save = tmp_path / "g.toml"
    new_euphoria(save)
    save.chmod(0o640)
    assert run("euphoria", "turn", str(save)).exit_code == 0
    assert stat.S_IMODE(save.stat().st_mode) == 0o640
    elsewhere = tmp_path / "sync"
    elsewhere.mkdir()
    target = elsewhere / "real.toml"
    save.rename(target)
    save.symlink_to(target)
    assert run("euphoria", "turn", str(save)).exit_code == 0
    assert save.is_symlink() and save.resolve() == target
    assert len(session.load_game(target, game.GAME).events) == 2
    assert sorted(p.name for p in elsewhere.iterdir()) == ["real.toml"]


@pytest.mark.parametrize(("action", "words"), [(5, "action"), ("debate", "action")])
def test_a_solo_event_with_a_malformed_action(tmp_path, action, words):
    """A solo save whose event has `action = 5` or `action = "debate"`: one line naming the
    event, never a TypeError, never a word split into letters."""
    save = tmp_path / "s.toml"
    run("ephios", "solo", "new", str(save), *SOLO_SETUP)
    journal = read_save(save)
    journal.events.append({"kind": "act", "action": action})
    write_save(save, journal)
    text = save.read_text()
    one_line_error(run("ephios", "solo", "show", str(save)), "event #1", words)
    assert save.read_text() == text


def test_the_home_screen_lists_an_unreadable_save_and_goes_on(tmp_path):
    """scan_saves (the home screen's list): a readable save, then each unreadable file with
    its reason; a deeply nested file does not stop the list."""
    new_euphoria(tmp_path / "good.toml")
    (tmp_path / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000)
    (tmp_path / "junk.toml").write_text("not toml [")
    (tmp_path / "folder.toml").mkdir()
    (tmp_path / records.FILE).write_text("version = 1\n")  # the history: the app's own file
    entries = scan_saves(tmp_path)
    assert [e.path.name for e in entries] == ["good.toml", "deep.toml", "folder.toml", "junk.toml"]
    assert entries[0].journal is not None
    problems = {e.path.name: e.problem for e in entries[1:]}
    assert "nested" in problems["deep.toml"]
    assert "folder" in problems["folder.toml"]
    assert "damaged save" in problems["junk.toml"]


def test_saves_changed_within_one_second_are_listed_newest_first(tmp_path):
    """Two saves whose stamp (to the second) is the same are listed newest first by the time
    each file was written last, not by their names."""
    for name in ("a.toml", "b.toml"):
        new_euphoria(tmp_path / name)
        journal = read_save(tmp_path / name)
        journal.updated = "2026-12-07T22:45:00+00:00"
        write_save(tmp_path / name, journal)
    for newest, older in (("a.toml", "b.toml"), ("b.toml", "a.toml")):
        os.utime(tmp_path / older, ns=(1_000_000_000, 1_000_000_000))
        os.utime(tmp_path / newest, ns=(1_000_000_001, 1_000_000_001))
        assert [e.path.name for e in scan_saves(tmp_path)] == [newest, older]


def test_read_save_errors_name_the_field(tmp_path):
    """The save reader uses the one validator: a bool is not a number, and the message
    names the file and the field."""
    save = tmp_path / "g.toml"
    save.write_text('format = "companion-save"\nversion = 1\ngame = "euphoria"\nseed = true\n')
    with pytest.raises(SaveError, match=r"g\.toml: seed: expected a whole number, got true"):
        read_save(save)
    save.write_text(
        'format = "companion-save"\nversion = 1\ngame = "euphoria"\nseed = 1\nrevision = -3\n'
    )
    with pytest.raises(SaveError, match=r"revision: -3 is not from 0"):
        read_save(save)


def test_show_json_after_a_hostile_file_is_still_json(tmp_path):
    """A good save next to hostile files still shows as one JSON object."""
    save = tmp_path / "g.toml"
    new_euphoria(save)
    (tmp_path / "x.toml").write_text("x = " + "[" * 5000)
    result = run("euphoria", "show", str(save), "--json")
    assert json.loads(result.output)["revision"] == 1


@pytest.mark.parametrize("below", ["", "games"])
def test_a_data_folder_that_is_a_file_is_named_in_one_line(tmp_path, monkeypatch, below):
    """COMPANION_DATA_DIR set to a file (or to a folder under one): every command says that
    this file is no folder, naming it (not a made-up name inside it), and leaves it as it was."""
    blocker = tmp_path / "data"
    blocker.write_bytes(b"notes\n")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(blocker / below if below else blocker))
    saved = "; nothing was saved"
    commands = [
        (["euphoria", "new", "evening", "--recruits", "icarus,euphoria"], saved),
        (["euphoria", "show", "evening"], ""),
        (["ephios", "quick", "new", "family", "--player", "Ann", "--player", "Bob"], saved),
        (["voice", "--on"], saved),
    ]
    for command, end in commands:
        result = run(*command)
        assert result.exit_code == 2, (command, result.output)
        assert result.output == f"error: {blocker}: is a file, not a folder{end}\n", command
    assert blocker.read_bytes() == b"notes\n"
