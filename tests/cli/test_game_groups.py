"""Every game's command group is built from the game protocol (``companion.cli.table``):
each registered game with a game object has exactly one group, with the protocol's commands
and their common options, and its commands run without Textual."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from fixtures import toy_game

from companion.cli import main
from companion.cli.table_group import TableGroup
from companion.cli.table_spec import GENERIC
from companion.core import registry


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy game (a game object and no command of its own) is registered for these tests."""
    toy_game.register()
    yield
    registry.unregister(toy_game.GAME)


def table_groups(
    group: click.Group, path: tuple[str, ...]
) -> Iterator[tuple[tuple[str, ...], TableGroup]]:
    """Every game's group under ``group``, with its command line."""
    context = click.Context(group, info_name=path[-1] if path else "companion")
    for name in group.list_commands(context):
        found = group.get_command(context, name)
        if isinstance(found, TableGroup):
            yield (*path, name), found
        if isinstance(found, click.Group):
            yield from table_groups(found, (*path, name))


def test_each_game_with_a_game_object_has_one_group_of_the_protocols_commands() -> None:
    """Each game's group plays its game; new, show, undo and redo take SAVE and --json, act
    SAVE ACTION (where the game has no act of its own), and the commands that change a save
    --revision."""
    games = [spec.game for _path, group in table_groups(main, ()) for spec in [group.spec]]
    assert sorted(games) == sorted(game.id for game in registry.table_games())
    for path, group in table_groups(main, ()):
        context = click.Context(group, info_name=path[-1])
        assert set(group.spec.generic) <= set(GENERIC)
        assert {"new", "show", "undo", "redo"} <= set(group.spec.generic), path
        for name in GENERIC:
            command = group.get_command(context, name)
            assert command is not None, (path, name)
            params = {p.name for p in command.params}
            assert {"save", "as_json"} <= params, (path, name)
            if name in ("act", "undo", "redo"):
                assert "revision" in params, (path, name)
            if name == "act" and "act" in group.spec.generic:
                assert "action" in params, path


def test_the_protocols_commands_of_every_game_run_without_textual(tmp_path: Path) -> None:
    """`new`, `show --json`, `undo` and `redo` of each of the games' groups, in a process of
    its own: each saves or shows its game (exit 0; undo of a new game: exit 2, one line) and
    Textual is never imported."""
    code = """
import json, sys
from click.testing import CliRunner
from companion.cli import main
runs = {
    ("euphoria",): ["--seed", "1", "--recruits", "icarus,euphoria"],
    ("ephios", "solo"): ["--reveal", "cult", "--reveal", "order", "--reveal", "academy",
                         "--reveal", "company"],
    ("ephios", "quick"): ["--player", "Ann", "--player", "Bob"],
    ("ephios", "campaign"): ["--player", "Ann", "--player", "Bob"],
}
for group, options in runs.items():
    save = "-".join(group)
    r = CliRunner().invoke(main, [*group, "new", save, *options])
    assert r.exit_code == 0, (group, r.output)
    r = CliRunner().invoke(main, [*group, "show", save, "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["revision"] == 1, (group, r.output)
    r = CliRunner().invoke(main, [*group, "undo", save])
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1, (group, r.output)
assert "textual" not in sys.modules
print("ok")
"""
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], check=True, env=env, capture_output=True, text=True
    )
    assert done.stdout.strip() == "ok"


def test_a_game_without_a_group_of_its_own_gets_the_protocols_in_the_top_level_list() -> None:
    """The toy game's group is `companion toy ...`, listed by `companion --help` with its title,
    and its commands list as the protocol says them."""
    listed = CliRunner().invoke(main, [toy_game.GAME, "--help"])
    assert listed.exit_code == 0
    assert "Show how the game stands and the actions now." in listed.output
    shown = CliRunner().invoke(main, [toy_game.GAME, "show", "nothing", "--json"])
    assert shown.exit_code == 2
    assert json.dumps(shown.stderr).count("\\n") == 1


def test_every_games_show_json_has_the_protocols_keys(tmp_path: Path) -> None:
    """`show --json` of every game carries the protocol's view beside its own keys: the game,
    the save, the revision, the status facts and the actions `act` takes now."""
    runs = {
        ("euphoria",): ["--seed", "1", "--recruits", "icarus,euphoria"],
        ("ephios", "solo"): [f"--reveal={c}" for c in ("cult", "order", "academy", "company")],
        ("ephios", "quick"): ["--player", "Ann", "--player", "Bob"],
        ("ephios", "campaign"): ["--player", "Ann", "--player", "Bob"],
        (toy_game.GAME,): [],
    }
    runner = CliRunner()
    for group, options in runs.items():
        save = "-".join(group)
        assert runner.invoke(main, [*group, "new", save, *options]).exit_code == 0, group
        shown = runner.invoke(main, [*group, "show", save, "--json"])
        assert shown.exit_code == 0, (group, shown.output)
        data = json.loads(shown.stdout)
        keys = {"game", "save", "revision", "summary", "status", "actions", "can_undo"}
        assert keys <= set(data), group
        assert data["status"] and all({"what", "text"} <= set(f) for f in data["status"])
        assert data["actions"] and all("id" in a for a in data["actions"]), group
        assert data["save"].endswith(f"{save}.toml") and data["revision"] == 1


def test_a_groups_help_starts_without_the_protocols_bodies() -> None:
    """`companion euphoria --help` and `euphoria decide --help` import neither the generic
    commands' bodies nor the session: those load when a generic command runs."""
    for args in (["euphoria", "--help"], ["euphoria", "decide", "--help"]):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "companion", *args],
            capture_output=True,
            text=True,
            check=True,
        )
        imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
        assert "companion.cli.table_group" in imported, args
        assert not {"companion.cli.table", "companion.core.session"} & imported, args
