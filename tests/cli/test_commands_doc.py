"""docs/commands.md is every game's ``--help`` as the commands print it now: the page is made
from the commands (``CLI_DOCS_WRITE=1 python3 -m pytest tests/cli/test_commands_doc.py``
rewrites it) and this test fails when a command's help changed and the page did not."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_helpers import helps

PAGE = Path(__file__).parents[2] / "docs" / "commands.md"
GROUPS = ("euphoria", "ephios")
HEAD = """\
# The commands of each game

Every game's commands, as `--help` prints them. A game's group is the game protocol's
(`companion/cli/table.py`: `new`, `act`, `show`, `undo`, `redo`, with the options the game
declares in its `GroupSpec`) and the commands of its own; a game registered with a game
object and no group of its own gets the protocol's commands as they are (`companion GAME
--help`). Exit status: 0 done, 2 bad input (one line, nothing changed), 3 answers needed
(the questions printed, nothing changed), 4 the save changed elsewhere or is busy.

This page is made from the commands themselves: after changing a command's help or
options, run `CLI_DOCS_WRITE=1 python3 -m pytest tests/cli/test_commands_doc.py` and commit
the page (`tests/cli/test_commands_doc.py` fails while it is stale).
"""


def page() -> str:
    """The page as the commands print their help now."""
    parts = [HEAD]
    for group in GROUPS:
        for path, code, text in helps((group,), prog_name="companion"):
            assert code == 0, path
            level = "##" if len(path) == 1 else "###"
            parts.append(f"{level} `companion {' '.join(path)}`\n\n```text\n{text.rstrip()}\n```\n")
    return "\n".join(parts)


@pytest.fixture
def steady(monkeypatch: pytest.MonkeyPatch) -> None:
    """The help as an 80-column terminal shows it, in English."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("COMPANION_LANG", "en")


@pytest.mark.usefixtures("steady")
def test_the_page_of_the_commands_is_their_help_now() -> None:
    """docs/commands.md is every command's --help, under its group's."""
    now = page()
    if os.environ.get("CLI_DOCS_WRITE"):
        PAGE.write_text(now, encoding="utf-8")
    assert PAGE.read_text(encoding="utf-8") == now
