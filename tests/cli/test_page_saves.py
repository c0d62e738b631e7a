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
from companion.core.saves import read_save, scan_saves
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
    assert page_saves.picked("game1.toml", text) == ["game1", "", ""]
    assert (paths.data_dir() / "game1.toml").read_text(encoding="utf-8") == text
    assert page_saves.exported("game1.toml") == text
    assert [row[0] for row in page_saves.listed()] == ["game1.toml"]
    # The same save again is written once; another game of that name gets a free one.
    assert page_saves.imported("game1.toml", text) == "game1"
    other = re.sub(r"^seed = \d+", "seed = 8", text, flags=re.M)
    assert page_saves.imported("game1.toml", other) == "game1-2"
    assert read_save(paths.data_dir() / "game1-2.toml").seed == 8


def turns(save: Path, n: int, *step: str) -> None:
    """``n`` more Automa turns of ``save`` played by the CLI where it lies (the laptop); or
    ``step``, a `companion euphoria event` of its own."""
    command = ["event", save.stem, *step] if step else ["turn", save.stem]
    for _ in range(n):
        result = CliRunner().invoke(
            main, ["euphoria", *command], env={"COMPANION_DATA_DIR": str(save.parent)}
        )
        assert result.exit_code == 0, result.output


def saves_here() -> dict[str, tuple[int, int]]:
    """The phone's saves: name -> (steps, revision)."""
    return {
        entry.path.stem: (len(entry.journal.events), entry.journal.revision)
        for entry in scan_saves(paths.data_dir())
        if entry.journal is not None
    }


def test_a_game_played_on_elsewhere_replaces_the_phones_whatever_the_files_name(
    laptop_save: Path,
) -> None:
    """Phone -> export -> more turns on the laptop -> import: one save, at the newer turn
    (the browser named the second download "game1 (1).toml"); and again."""
    turns(laptop_save, 1)
    assert page_saves.picked("game1.toml", laptop_save.read_text(encoding="utf-8"))[0] == "game1"
    laptop_save.write_text(page_saves.exported("game1.toml"), encoding="utf-8")  # exported
    turns(laptop_save, 2)
    newer = laptop_save.read_text(encoding="utf-8")
    assert page_saves.picked("game1 (1).toml", newer) == ["game1", "", ""]
    assert saves_here() == {"game1": (3, read_save(laptop_save).revision)}
    assert page_saves.exported("game1.toml") == newer  # the file as it is
    turns(laptop_save, 1)
    assert page_saves.picked("game1.toml", laptop_save.read_text(encoding="utf-8"))[1:] == [
        "",
        "",
    ]
    assert saves_here() == {"game1": (4, read_save(laptop_save).revision)}


def test_an_older_or_other_copy_of_a_game_here_is_asked_about_and_nothing_is_written(
    laptop_save: Path, tmp_path: Path
) -> None:
    older = laptop_save.read_text(encoding="utf-8")
    elsewhere = tmp_path / "elsewhere" / "game1.toml"  # the same game, played on another way
    elsewhere.parent.mkdir()
    elsewhere.write_text(older, encoding="utf-8")
    turns(laptop_save, 2)
    page_saves.imported("game1.toml", laptop_save.read_text(encoding="utf-8"))
    here = saves_here()
    assert here["game1"][0] == 2
    name, problem, question = page_saves.picked("game1.toml", older)
    assert (name, problem) == ("", "") and "further on" in question and "\n" not in question
    assert saves_here() == here  # nothing written while asking
    turns(elsewhere, 1, "site-add", "--site", "euphoria.lower", "--count", "1")
    other = elsewhere.read_text(encoding="utf-8")
    other = re.sub(r"^revision = \d+", "revision = 9", other, flags=re.M)  # not what decides
    name, problem, question = page_saves.picked("game1.toml", other)
    assert name == "" and "another" in question
    assert saves_here() == here
    # Replace: the phone's save is the file's game, at a revision past the one it replaced.
    assert page_saves.picked("game1.toml", older, page_saves.REPLACE)[0] == "game1"
    assert saves_here() == {"game1": (0, here["game1"][1] + 1)}
    # Keep both: the file beside the phone's save, asked for (else it would replace it).
    assert page_saves.picked("game1.toml", other, page_saves.BOTH)[0] == "game1-2"
    assert saves_here() == {"game1": (0, here["game1"][1] + 1), "game1-2": (1, 9)}
    # Either copy again is already here.
    assert page_saves.picked("game1.toml", other) == ["game1-2", "", ""]


def test_a_file_that_is_not_a_save_is_one_line_and_nothing_is_written() -> None:
    name, problem, question = page_saves.picked("notes.toml", "not = 'a save'\n")
    assert name == question == "" and problem.startswith("notes.toml: ")
    assert "\n" not in problem
    with pytest.raises(CompanionError):
        page_saves.imported("x.toml", "\x00 not toml")
    assert not paths.data_dir().exists() or not list(paths.data_dir().iterdir())


def test_a_picked_name_stays_in_the_data_folder(laptop_save: Path) -> None:
    text = laptop_save.read_text(encoding="utf-8")
    assert page_saves.imported("../../evil name.toml", text) == "evil-name"
    other = re.sub(r"^seed = \d+", "seed = 8", text, flags=re.M)  # another game
    assert page_saves.imported("history.toml", other) == "imported-history"
    assert sorted(p.name for p in paths.data_dir().iterdir()) == [
        "evil-name.toml",
        "imported-history.toml",
    ]
