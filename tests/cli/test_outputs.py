"""No command writes over a file it did not make without --force, and what it writes is
whole or not at all: every command that takes an output path (a save, a WAV, a site)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.speech import engines
from companion.web import phone_build

PRECIOUS = b"format = 'companion-save'\n# a game of last night\n"
SOLO = ["--difficulty", "normal", "--reveal", "cult", "--reveal", "order"]
SOLO += ["--reveal", "syndicate-dignitary", "--reveal", "academy"]
PLAYERS = ["--player", "Ann", "--player", "Bob"]
# The inputs named by a path (read, never written): everything else a command names by a
# click.Path, or replaces with --force, is an output and is in OUTPUTS.
INPUTS = {("euphoria new", "deck_path"), ("euphoria cards", "deck_path"), ("serve", "app_site")}


def _file(target: Path) -> Path:
    return target


def _folder(target: Path) -> Path:
    """An output folder is "there" when it holds something: the file inside it."""
    return target / "index.html"


# command -> (its arguments for an output at PATH, where its written bytes are)
OUTPUTS: dict[str, tuple[Callable[[str], list[str]], Callable[[Path], Path]]] = {
    "voice": (lambda path: ["voice", "--test", "--to", path], _file),
    "web build": (lambda path: ["web", "build", path], _folder),
    "euphoria new": (
        lambda path: ["euphoria", "new", path, "--recruits", "icarus,euphoria"],
        _file,
    ),
    "ephios solo new": (lambda path: ["ephios", "solo", "new", path, *SOLO], _file),
    "ephios quick new": (lambda path: ["ephios", "quick", "new", path, *PLAYERS], _file),
    "ephios campaign new": (lambda path: ["ephios", "campaign", "new", path, *PLAYERS], _file),
}


def _commands(group: click.Group, prefix: str = "") -> Iterator[tuple[str, click.Command]]:
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None
        if isinstance(command, click.Group):
            yield from _commands(command, f"{prefix}{name} ")
        else:
            yield f"{prefix}{name}", command


class FakeWavEngine:
    """A speech engine that writes a few bytes (or fails half-way, when told)."""

    fail = False

    def write(self, engine: object, text: str, settings: object, wav: Path) -> None:
        wav.write_bytes(b"RIFF" + b"half" if self.fail else b"RIFF a sample move")
        if self.fail:
            raise OSError("the engine was killed")


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> FakeWavEngine:
    """The speech engine and the phone build's downloads and tools, stood in for."""
    wav = FakeWavEngine()
    monkeypatch.setattr(engines, "find_wav_engine", lambda: engines.SpeechEngine("espeak", "x"))
    monkeypatch.setattr(engines, "write_wav", wav.write)
    monkeypatch.setattr(phone_build, "fetch_pyodide", lambda cache: tmp_path / "runtime.tgz")
    monkeypatch.setattr(phone_build, "fetch_wheels", lambda cache: [])
    monkeypatch.setattr(phone_build, "textual_serve_static", lambda: tmp_path)

    def make_site(work: Path, site: Path, *rest: object) -> None:
        (site / "index.html").write_bytes(b"<!doctype html> the site")
        if wav.fail:
            raise phone_build.BuildError("node failed")

    monkeypatch.setattr(phone_build, "make_site", make_site)
    return wav


def run(*args: str) -> click.testing.Result:
    return CliRunner().invoke(main, list(args))


def _place(target: Path, written: Path) -> None:
    """Something the player keeps at the output path (a folder's file inside it)."""
    written.parent.mkdir(parents=True, exist_ok=True)
    written.write_bytes(PRECIOUS)


def test_every_command_that_writes_at_a_path_is_in_this_test() -> None:
    """A path option or argument is an input listed here or an output tested here; a command
    with --force (replace what is there) is one of the outputs."""
    outputs = set()
    for name, command in _commands(main):
        for param in command.params:
            if param.name == "force" or (
                isinstance(param.type, click.Path) and (name, param.name) not in INPUTS
            ):
                outputs.add(name)
            if isinstance(param.type, click.Path) and (name, param.name) not in INPUTS:
                assert param.type.writable, (name, param.name)  # checked by click as well
    assert outputs == set(OUTPUTS)


@pytest.mark.stress
@pytest.mark.parametrize("name", sorted(OUTPUTS))
def test_an_existing_file_is_refused_unchanged_and_replaced_with_force(
    name: str, tmp_path: Path, fakes: FakeWavEngine
) -> None:
    """Exit 2 and one line naming the path; the file byte for byte as it was; --force
    writes it; the folder holds no temporary file afterwards."""
    arguments, where = OUTPUTS[name]
    target = tmp_path / "out" / "evening.toml"
    written = where(target)
    _place(target, written)
    result = run(*arguments(str(target)))
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and str(target) in lines[0] and "--force" in lines[0], lines
    assert written.read_bytes() == PRECIOUS
    assert sorted(os.listdir(target.parent)) == [target.name]
    result = run(*arguments(str(target)), "--force")
    assert result.exit_code == 0, result.output
    assert written.read_bytes() != PRECIOUS and written.stat().st_size > 0
    assert sorted(os.listdir(target.parent)) == [target.name]


@pytest.mark.parametrize("name", sorted(OUTPUTS))
def test_a_new_path_is_written_without_force(
    name: str, tmp_path: Path, fakes: FakeWavEngine
) -> None:
    """Nothing there: nothing to lose, no --force needed."""
    arguments, where = OUTPUTS[name]
    target = tmp_path / "evening.toml"
    result = run(*arguments(str(target)))
    assert result.exit_code == 0, result.output
    assert where(target).stat().st_size > 0


@pytest.mark.parametrize("name", ["voice", "web build"])
def test_a_write_that_fails_half_way_leaves_the_old_file_whole(
    name: str, tmp_path: Path, fakes: FakeWavEngine
) -> None:
    """The output is made beside the target and renamed onto it once whole: an engine or a
    build failing half-way is one line (exit 2), the old file as it was, no leftovers."""
    arguments, where = OUTPUTS[name]
    target = tmp_path / "out" / "evening.toml"
    written = where(target)
    _place(target, written)
    fakes.fail = True
    result = run(*arguments(str(target)), "--force")
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert written.read_bytes() == PRECIOUS
    assert sorted(os.listdir(target.parent)) == [target.name]
    assert sorted(os.listdir(written.parent)) == [written.name]


@pytest.mark.stress
def test_the_save_of_the_repro_survives_voice_test_to(tmp_path: Path, fakes: FakeWavEngine) -> None:
    """`euphoria new evening`, then `voice --test --to DATA/evening.toml`: refused, and the
    game still shows."""
    assert run("euphoria", "new", "evening", "--recruits", "icarus,euphoria").exit_code == 0
    save = Path(os.environ["COMPANION_DATA_DIR"]) / "evening.toml"
    before = save.read_bytes()
    result = run("voice", "--test", "--to", str(save))
    assert result.exit_code == 2
    assert save.read_bytes() == before
    assert run("euphoria", "show", "evening").exit_code == 0


def test_an_empty_folder_is_built_into_and_a_file_is_no_folder(
    tmp_path: Path, fakes: FakeWavEngine
) -> None:
    """An empty DIR holds nothing to lose; a file at DIR is refused by its kind (exit 2)."""
    empty = tmp_path / "site"
    empty.mkdir()
    assert run("web", "build", str(empty)).exit_code == 0
    assert (empty / "index.html").exists()
    a_file = tmp_path / "notes.txt"
    a_file.write_bytes(PRECIOUS)
    assert run("web", "build", str(a_file), "--force").exit_code == 2
    assert a_file.read_bytes() == PRECIOUS


def test_force_without_to_is_refused() -> None:
    """`voice --force` alone is a mistake said in one line, not ignored."""
    result = run("voice", "--force")
    assert result.exit_code == 2 and "--to" in result.output
