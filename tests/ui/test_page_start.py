"""The phone build's start: the home screen comes before the other screens are imported, and
they are imported once it is drawn (so the screen a key opens comes without waiting)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tui_helpers import sync, until

from companion.tui import app as tui_app
from companion.tui.app import LATER_SCREENS, later_modules
from companion.tui.screens.home import HomeScreen
from companion.web import page_boot

# What only the other screens need: the help's Markdown parser and Pygments.
NOT_BEFORE_HOME = (*LATER_SCREENS, "rich.markdown", "markdown_it", "pygments")


def test_the_page_and_the_app_import_none_of_the_other_screens() -> None:
    """A fresh interpreter importing what the page imports before the home screen."""
    script = (
        "import sys\n"
        "import companion.web.page_driver, companion.web.page_boot, companion.web.page_saves\n"
        "import companion.tui.app\n"
        f"print([name for name in {NOT_BEFORE_HOME!r} if name in sys.modules])\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert found.strip() == "[]"


def test_the_later_modules_are_the_other_screens_and_every_game_screen() -> None:
    modules = later_modules()
    assert modules[: len(LATER_SCREENS)] == list(LATER_SCREENS)
    assert "companion.tui.screens.table_setup" in modules
    assert len(modules) == len(set(modules))


@sync
async def test_once_the_home_screen_is_drawn_the_page_imports_the_other_screens(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    imported: list[str] = []
    monkeypatch.setattr(tui_app, "import_ahead", imported.append)  # page_app imports it
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    app = page_boot.page_app(lambda: None)
    async with app.run_test(size=(40, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await until(pilot, lambda: imported == later_modules(), "every later module imported")
