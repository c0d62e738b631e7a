"""The import contracts fail where it matters.

Each contract of ``[tool.importlinter]`` (pyproject.toml) is run by ``lint-imports`` on a
temporary copy of the package with forbidden imports added (the probes below), and must
be reported broken, naming each probe; the real tree must keep them all. Every game of
the ``companion.games`` entry points must be in the contracts over the engines: no
wildcard can say "every game package", so a new game missing from them fails here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

from companion.core import registry

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"

# Per contract id: the probe modules added to a copy of the package (path -> source), each
# importing what that contract forbids. The probes' modules must be named in the report.
PROBES: dict[str, dict[str, str]] = {
    "house": {
        # the app reaching up into the web server that serves it
        "companion/tui/zz_probe_house.py": "from companion.web import speak\n",
        # the speech, below the shells, importing the app
        "companion/speech/zz_probe_house.py": "import companion.tui.app\n",
        # a new package (a new game) placed in no layer
        "companion/zz_probe_game/__init__.py": '"""A new game, placed nowhere."""\n',
    },
    "headless": {
        # a new game package, listed in no other contract, importing Textual
        "companion/zz_probe_headless/__init__.py": "import textual.app\n",
        "companion/speech/zz_probe_headless.py": "import click\n",
    },
    "core": {
        "companion/core/zz_probe_core_web.py": "from companion.web.limits import MAX_INPUT\n",
        # a new game package, not named by the contract: the wildcard covers it
        "companion/core/zz_probe_core_game.py": "import companion.zz_probe_core_game\n",
        "companion/zz_probe_core_game/__init__.py": '"""A new game."""\n',
        "companion/core/zz_probe_core_speech.py": "from companion.speech import cues\n",
    },
    "engines": {
        "companion/euphoria/zz_probe_engines_tui.py": "import textual\nimport companion.tui\n",
        "companion/ephios/zz_probe_engines_speech.py": "from companion.speech import voice\n",
        "companion/euphoria/zz_probe_engines_history.py": "import companion.history.records\n",
    },
    "games": {
        "companion/ephios/zz_probe_games.py": "from companion.euphoria import cards\n",
    },
    "history": {
        "companion/history/zz_probe_history.py": "import companion.web.server\n",
    },
    "tui": {
        "companion/tui/widgets/zz_probe_tui.py": "from companion.tui import app\n",
    },
    "shells": {
        "companion/tui/widgets/zz_probe_shells.py": "import companion.euphoria.board\n",
        "companion/tui/screens/zz_probe_shells.py": "from companion.ephios import solo\n",
    },
}


def _contracts() -> dict[str, dict[str, Any]]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return {contract["id"]: contract for contract in contracts}


def _lint_imports() -> str:
    script = Path(sys.executable).with_name("lint-imports")
    found = str(script) if script.exists() else shutil.which("lint-imports")
    assert found, "lint-imports is not installed"
    return found


def _run(cwd: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the package found in ``cwd`` (it puts ``cwd`` first on the
    path), with no cache written; wide lines, so no contract name is wrapped."""
    return subprocess.run(
        [_lint_imports(), "--no-cache", "--no-logo"],
        cwd=cwd,
        env={**os.environ, "COLUMNS": "400"},
        capture_output=True,
        text=True,
        check=False,
    )


def _copy_with(folder: Path, probes: dict[str, str]) -> None:
    """The package's Python files and pyproject.toml copied into ``folder``, and ``probes``."""
    for source in (ROOT / "companion").rglob("*.py"):
        if "__pycache__" in source.parts:
            continue
        target = folder / source.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    shutil.copyfile(PYPROJECT, folder / "pyproject.toml")
    for path, text in probes.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def _broken_sections(output: str, names: list[str]) -> dict[str, str]:
    """Each broken contract's part of the report (its name underlined, then its chains)."""
    report = output.partition("Broken contracts")[2]
    starts = {}
    for name in names:
        at = report.find(f"\n{name}\n{'-' * len(name)}\n")
        if at >= 0:
            starts[name] = at
    ordered = sorted(starts.items(), key=lambda item: item[1])
    ends = [at for _name, at in ordered[1:]] + [len(report)]
    return {name: report[at:end] for (name, at), end in zip(ordered, ends, strict=True)}


def _names(path: str, text: str) -> bool:
    """Whether ``text`` names the module of ``path`` (as a whole name, not a prefix)."""
    module = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    return re.search(rf"(?<![\w.]){re.escape(module)}(?![\w.])", text) is not None


def test_every_contract_has_probes():
    """A contract added without probes here fails: each one must be shown to break."""
    assert set(PROBES) == set(_contracts())


def test_each_contract_breaks_on_its_forbidden_imports_and_the_real_tree_keeps_them():
    """A copy of the package with every probe: every contract reported broken, and each
    contract's part of the report names each of its own probes (a probe is a leaf that
    nothing imports, so it is named only where its own imports break a contract). The
    real tree keeps every contract. Nothing is left behind."""
    contracts = _contracts()
    names = [contract["name"] for contract in contracts.values()]
    with tempfile.TemporaryDirectory(prefix="companion-contracts-") as temp:
        _copy_with(
            Path(temp), {p: text for probes in PROBES.values() for p, text in probes.items()}
        )
        probed = _run(Path(temp))
    assert not Path(temp).exists()
    output = probed.stdout + probed.stderr
    assert probed.returncode == 1, output
    assert f"Contracts: 0 kept, {len(contracts)} broken." in output, output
    sections = _broken_sections(output, names)
    for contract_id, probes in PROBES.items():
        name = contracts[contract_id]["name"]
        assert f"{name} BROKEN" in output, output
        for path in probes:
            assert _names(path, sections[name]), f"{contract_id}: {path}\n{output}"
    real = _run(ROOT)
    assert real.returncode == 0, real.stdout + real.stderr
    assert f"Contracts: {len(contracts)} kept, 0 broken." in real.stdout, real.stdout


def _game_packages() -> set[str]:
    """The package of each game registered through this distribution's entry points."""
    packages = set()
    for entry in metadata.entry_points(group=registry.ENTRY_POINTS):
        parts = entry.module.split(".")
        if parts[0] == "companion":  # a game of another distribution has its own contracts
            packages.add(".".join(parts[:2]))
    return packages


def test_every_registered_game_is_in_the_contracts_over_the_engines():
    """Each game package is a source of the engines' contract, one of the independent
    games, and in the house's layer of the games (independent of the history and speech)."""
    contracts = _contracts()
    games = _game_packages()
    assert games
    layers = [{name.strip() for name in layer.split("|")} for layer in contracts["house"]["layers"]]
    tails = {package.split(".")[1] for package in games}
    game_layers = [layer for layer in layers if layer & tails]
    assert len(game_layers) == 1, game_layers
    layer = game_layers[0]
    assert {"history", "speech"} <= layer
    for package in sorted(games):
        assert package in contracts["engines"]["source_modules"], package
        assert package in contracts["games"]["modules"], package
        assert package.split(".")[1] in layer, package
