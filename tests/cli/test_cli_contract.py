"""The games' commands keep their contract: every command's ``--help``, and the output
(``--json`` and text), the error lines and the exit code of a scripted session per game,
as recorded in ``cli_contract.json`` before the games' command groups were built from the
game protocol (``companion.cli.table``).

A deliberate change of a command's words, options or JSON is made by rewriting the record
(``CLI_CONTRACT_WRITE=1 python3 -m pytest tests/cli/test_cli_contract.py``) and reading
its diff: a key, an option or a command that disappears from it breaks other tools and
saves.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import helps as command_helps
from click.testing import CliRunner

from companion.cli import main

RECORD = Path(__file__).with_name("cli_contract.json")
DATA = "$DATA"  # the data folder of a run, as the record names it
GROUPS = ("euphoria", "ephios")

SITUATION = """\
players = 3
automa = "black"
faction = "icarus"
action = "artifact_market"
support = "automa"
camping = false
occupied = ["icarus.breeze_bar"]
[workers]
available = [2, 6]
placed = [{ knowledge = 4, space = "wastelands.commodity" }, { knowledge = 3, space = "euphoria.lower" }]
[sites."subterra.lower"]
built = true
automa_tokens = ["white"]
[sites."euphoria.lower"]
built = false
workers = 1
"""

E = ("euphoria",)
EV = "ev"
# One session per game: each step a command line (and its standard input, if any).
SESSIONS: dict[str, list[tuple[str, ...]]] = {
    "euphoria": [
        (*E, "new", EV, "--seed", "7", "--recruits", "icarus,euphoria", "--json"),
        (*E, "new", EV, "--seed", "7"),
        (*E, "new", EV, "--seed", "7", "--difficulty", "nope", "--force"),
        (*E, "new", EV, "--seed", "7", "--recruits", "icarus,euphoria", "--force"),
        (*E, "show", EV),
        (*E, "turn", EV, "--json"),
        (*E, "turn", EV),
        (*E, "turn", EV, "--revision", "1", "--json"),
        (*E, "event", EV, "site-add", "--json"),
        (*E, "event", EV, "bump", "--automa", "black", "--space", "nowhere"),
        (*E, "event", EV, "site-add", "--site", "euphoria.lower", "--count", "1", "--json"),
        (*E, "event", EV, "human-won", "--json"),
        (*E, "undo", EV, "--json"),
        (*E, "act", EV, "turn", "--json"),
        (*E, "act", EV, "site", "--json"),
        (*E, "act", EV, "site", "--answer", "site.op=add", "--json"),
        (*E, "act", EV, "nope"),
        (*E, "show", EV, "--json"),
        (*E, "undo", EV, "--steps", "2", "--json"),
        (*E, "undo", EV),
        (*E, "redo", EV, "--json"),
        (*E, "redo", EV),
        (*E, "redo", EV, "--steps", "9"),
        (*E, "undo", EV, "--steps", "0"),
        (*E, "show", "missing"),
        (*E, "show", EV),
        (*E, "checklist", "--players", "3", "--json"),
        (*E, "checklist", "--players", "4", "--active", "icarus,subterra"),
        (*E, "checklist", "--players", "9"),
        (*E, "cards", "--seed", "3", "--turns", "3", "--json"),
        (*E, "cards", "--seed", "3", "--turns", "2"),
        (*E, "decide", "-", "--json"),
        (*E, "decide", "nope.toml"),
    ],
    "ephios-solo": [
        ("ephios", "plot", "cult", "order-dignitary", "syndicate", "academy"),
        ("ephios", "plot", "nope"),
        ("ephios", "gain", "cult", "--affinity", "match", "--json"),
        ("ephios", "gain", "order"),
        ("ephios", "solo", "new", "so", "--reveal", "cult", "--reveal", "order"),
        ("ephios", "solo", "new", "so", "--reveal", "cult", "--reveal", "order", "--json"),
        (
            *("ephios", "solo", "new", "so", "--seed", "5", "--reveal", "cult"),
            *("--reveal", "order", "--reveal", "syndicate-dignitary", "--reveal", "academy"),
            "--json",
        ),
        ("ephios", "solo", "show", "so"),
        ("ephios", "solo", "act", "so", "debate", "3", "--json"),
        ("ephios", "solo", "act", "so", "debate", "3", "--reveal", "company", "--json"),
        ("ephios", "solo", "act", "so", "fly"),
        ("ephios", "solo", "act", "so", "recruit", "1", "--reveal", "company"),
        (
            *("ephios", "solo", "act", "so", "debate", "3", "--reveal", "company"),
            *("--reveal", "order-dignitary", "--json"),
        ),
        ("ephios", "solo", "act", "so", "recruit", "1", "2", "--reveal", "cult-dignitary"),
        ("ephios", "solo", "act", "so", "unite", "order", "--cost", "2"),
        ("ephios", "solo", "act", "so", "--json"),
        ("ephios", "solo", "set", "so", "popularity", "30", "--json"),
        ("ephios", "solo", "set", "so", "--json"),
        ("ephios", "solo", "move", "so", "--json"),
        ("ephios", "solo", "show", "so", "--json"),
        ("ephios", "solo", "undo", "so", "--json"),
        ("ephios", "solo", "undo", "so"),
        ("ephios", "solo", "undo", "so"),
        ("ephios", "solo", "undo", "so"),
        ("ephios", "solo", "redo", "so", "--json"),
        ("ephios", "solo", "redo", "so"),
        ("ephios", "solo", "redo", "so", "--revision", "99"),
        ("ephios", "solo", "show", "so"),
    ],
    "ephios-quick": [
        ("ephios", "quick", "new", "fam", "--player", "Ann", "--player", "Bob", "--json"),
        ("ephios", "quick", "new", "fam", "--player", "Ann"),
        (
            *("ephios", "quick", "new", "fam", "--player", "Ann", "--player", "Bob"),
            *("--player", "Cleo", "--seed", "2", "--force"),
        ),
        ("ephios", "quick", "unite", "fam", "Ann", "company", "--affinity", "match", "--json"),
        ("ephios", "quick", "unite", "fam", "--json"),
        ("ephios", "quick", "unite", "fam", "Bob", "cult"),
        ("ephios", "quick", "popularity", "fam", "Cleo", "-10", "--json"),
        ("ephios", "quick", "popularity", "fam", "Cleo", "10"),
        ("ephios", "quick", "popularity", "fam", "--json"),
        ("ephios", "quick", "flip", "fam", "--json"),
        ("ephios", "quick", "next", "fam"),
        ("ephios", "quick", "act", "fam", "next", "--json"),
        ("ephios", "quick", "act", "fam", "unite", "--json"),
        ("ephios", "quick", "show", "fam", "--json"),
        ("ephios", "quick", "show", "fam"),
        ("ephios", "quick", "undo", "fam", "--json"),
        ("ephios", "quick", "undo", "fam"),
        ("ephios", "quick", "redo", "fam", "--json"),
        ("ephios", "quick", "redo", "fam", "--revision", "1"),
        ("ephios", "quick", "show", "nothing-here"),
    ],
    "ephios-campaign": [
        (
            *("ephios", "campaign", "new", "camp", "--player", "Ann", "--player", "Bob"),
            *("--first", "Bob", "--json"),
        ),
        ("ephios", "campaign", "unite", "camp", "Bob", "academy", "--json"),
        ("ephios", "campaign", "next", "camp"),
        ("ephios", "campaign", "alliance", "camp", "Guild", "--json"),
        ("ephios", "campaign", "alliance", "camp", "Guild", "--gain", "40", "--unite", "3"),
        ("ephios", "campaign", "flip", "camp", "--json"),
        ("ephios", "campaign", "show", "camp", "--json"),
        ("ephios", "campaign", "show", "camp"),
        ("ephios", "campaign", "act", "camp", "popularity", "--json"),
        ("ephios", "campaign", "undo", "camp"),
        ("ephios", "campaign", "redo", "camp", "--json"),
    ],
}
STDIN = {("euphoria", "decide", "-", "--json"): SITUATION}


def _run(args: tuple[str, ...], data: Path) -> dict[str, object]:
    """One command line run in this process: its exit code and its output, the data folder
    named ``$DATA``."""
    result = CliRunner().invoke(main, list(args), input=STDIN.get(args[: len(args)]))
    out: dict[str, object] = {"exit": result.exit_code}
    for name, text in (("stdout", result.stdout), ("stderr", result.stderr)):
        text = text.replace(str(data), DATA)
        if name == "stdout" and text.startswith("{"):
            try:
                out["json"] = [json.loads(line) for line in text.splitlines()]
                continue
            except ValueError:
                pass
        out[name] = text.splitlines()
    return out


def record(tmp_path: Path) -> dict[str, object]:
    """The contract as the commands keep it now: the helps and the sessions."""
    helps = {
        " ".join(path): [f"exit {code}", *text.splitlines()]
        for name in GROUPS
        for path, code, text in command_helps((name,))
    }
    data = tmp_path / "data"
    sessions = {
        game: [{"run": " ".join(args), **_run(args, data)} for args in steps]
        for game, steps in SESSIONS.items()
    }
    return {"help": helps, "sessions": sessions}


@pytest.fixture
def steady(monkeypatch: pytest.MonkeyPatch) -> None:
    """The help as an 80-column terminal shows it, in English."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("COMPANION_LANG", "en")


@pytest.mark.usefixtures("steady")
def test_the_commands_keep_their_help_and_their_sessions(tmp_path: Path) -> None:
    """Each command's help, and each step of each game's session (its exit code, its JSON or
    its lines, its error line), is what the record holds."""
    now = record(tmp_path)
    if os.environ.get("CLI_CONTRACT_WRITE"):
        RECORD.write_text(json.dumps(now, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    kept = json.loads(RECORD.read_text(encoding="utf-8"))
    assert sorted(now["help"]) == sorted(kept["help"])  # type: ignore[call-overload]
    for command, text in kept["help"].items():
        assert now["help"][command] == text, command  # type: ignore[index]
    for game, steps in kept["sessions"].items():
        for number, (step, was) in enumerate(zip(now["sessions"][game], steps, strict=True), 1):  # type: ignore[index]
            assert kept_in(step, was), f"{game} step {number}: {was['run']}"


def kept_in(step: dict[str, Any], was: dict[str, Any]) -> bool:
    """Whether a step's run keeps what was recorded: the same exit code, lines and error
    lines, and each JSON object every key recorded with the same value (a key added beside
    them, such as the protocol's ``status`` in every ``show --json``, is no break)."""
    if {k: v for k, v in step.items() if k != "json"} != {
        k: v for k, v in was.items() if k != "json"
    }:
        return False
    printed, recorded = step.get("json", []), was.get("json", [])
    if len(printed) != len(recorded):
        return False
    return all(
        {key: value for key, value in now.items() if key in old} == old
        for now, old in zip(printed, recorded, strict=True)
    )


def test_a_step_that_drops_or_changes_a_recorded_key_breaks_the_contract() -> None:
    """The comparison itself: an added key is kept, a key dropped or changed is not."""
    was = {"run": "x", "exit": 0, "json": [{"turn": 1, "revision": 2}]}
    assert kept_in({**was, "json": [{"turn": 1, "revision": 2, "status": []}]}, was)
    assert not kept_in({**was, "json": [{"turn": 1}]}, was)
    assert not kept_in({**was, "json": [{"turn": 2, "revision": 2}]}, was)
    assert not kept_in({**was, "exit": 2}, was)
    assert not kept_in({**was, "json": [{"turn": 1, "revision": 2}, {"turn": 1}]}, was)
