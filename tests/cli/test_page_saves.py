"""The phone page's Export and Import (companion.web.page_saves), in plain CPython.

The page calls these through Pyodide; they touch only the data folder and the core, so
they are tested here on a save the CLI made.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion import paths
from companion.cli import main
from companion.core.errors import CompanionError
from companion.core.saves import read_save
from companion.web import page_saves


@pytest.fixture
def laptop_save(tmp_path: Path) -> Path:
    """A Euphoria save made by the CLI in another folder (the laptop's)."""
    folder = tmp_path / "laptop"
    result = CliRunner().invoke(
        main,
        ["euphoria", "new", "game1", "--seed", "7", "--recruits", "icarus,euphoria"],
        env={"COMPANION_DATA_DIR": str(folder)},
    )
    assert result.exit_code == 0, result.output
    return folder / "game1.toml"


def test_import_then_export_gives_the_same_file(laptop_save: Path) -> None:
    text = laptop_save.read_text(encoding="utf-8")
    assert page_saves.picked("game1.toml", text) == ["game1", ""]
    assert (paths.data_dir() / "game1.toml").read_text(encoding="utf-8") == text
    assert page_saves.exported("game1.toml") == text
    assert [row[0] for row in page_saves.listed()] == ["game1.toml"]
    # The same save again is written once; a different save of that name gets a free one.
    assert page_saves.imported("game1.toml", text) == "game1"
    changed = re.sub(r"^revision = \d+", "revision = 5", text, flags=re.M)
    assert page_saves.imported("game1.toml", changed) == "game1-2"
    assert read_save(paths.data_dir() / "game1-2.toml").revision == 5


def test_a_file_that_is_not_a_save_is_one_line_and_nothing_is_written() -> None:
    name, problem = page_saves.picked("notes.toml", "not = 'a save'\n")
    assert name == "" and problem.startswith("notes.toml: ") and "\n" not in problem
    with pytest.raises(CompanionError):
        page_saves.imported("x.toml", "\x00 not toml")
    assert not paths.data_dir().exists() or not list(paths.data_dir().iterdir())


def test_a_picked_name_stays_in_the_data_folder(laptop_save: Path) -> None:
    text = laptop_save.read_text(encoding="utf-8")
    assert page_saves.imported("../../evil name.toml", text) == "evil-name"
    assert page_saves.imported("history.toml", text) == "imported-history"
    assert sorted(p.name for p in paths.data_dir().iterdir()) == [
        "evil-name.toml",
        "imported-history.toml",
    ]
