"""The entry points read from the distributions' folders (companion.core.entry_points): the
same as importlib.metadata gives, without importing it where the folders say it all."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

from companion.core import entry_points


@pytest.mark.parametrize("group", ["companion.games", "console_scripts", "pytest11", "none.such"])
def test_the_installed_entry_points_are_those_importlib_metadata_reads(group: str) -> None:
    assert entry_points._from_folders(group) is not None  # read from the folders here
    expected = [(entry.name, entry.value) for entry in metadata.entry_points(group=group)]
    assert entry_points.entries(group) == expected


def distribution(folder: Path, name: str, text: str, kind: str = "dist-info") -> None:
    info = folder / f"{name}.{kind}"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(text, encoding="utf-8")


def test_each_distribution_counts_once_the_first_on_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    distribution(first, "Toy_Game-1.0", "# a comment\n[toy.group]\n one = toy.one:thing \n")
    distribution(second, "toy.game-2.0", "[toy.group]\ntwo = toy.two\n")  # the same, later
    distribution(second, "other", "[other.group]\nx = o\n[toy.group]\nthree=toy.three\n",
                 kind="egg-info")  # fmt: skip
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "gone"), str(second)])
    expected = [(entry.name, entry.value) for entry in metadata.entry_points(group="toy.group")]
    assert sorted(expected) == [("one", "toy.one:thing"), ("three", "toy.three")]
    assert entry_points.entries("toy.group") == expected
    assert entry_points.values("other.group") == ["o"]


def test_a_zip_or_a_finder_of_distributions_is_left_to_importlib_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "dists.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped-1.0.dist-info/entry_points.txt", "[toy.group]\nz = toy.z\n")
        zipped.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\nVersion: 1.0\n")
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert entry_points._from_folders("toy.group") is None
    assert entry_points.entries("toy.group") == [("z", "toy.z")]

    class Finder:
        def find_distributions(self, context: object = None) -> list[object]:
            return []

    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    assert entry_points._from_folders("toy.group") is None


def test_the_command_line_finds_its_games_without_importlib_metadata() -> None:
    code = (
        "import sys\nfrom companion.cli import main\nfrom companion.core import registry\n"
        "print(registry.ids(), 'importlib.metadata' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split(") ")[1].strip() == "False", done.stdout
    assert "'euphoria'" in done.stdout and "'ephios-solo'" in done.stdout
