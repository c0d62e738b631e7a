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


# A fresh interpreter: page_boot.warm (what the phone's memory snapshot holds), then the page's
# app run by the page's driver until its home screen is drawn, the other screens' imports
# once it is drawn left out; printed: the modules imported and the CSS sources parsed after
# warm.
AFTER_WARM = """
import asyncio, json, re, sys
from textual.css import stylesheet
from companion.tui import app as tui_app
from companion.web import page_boot, page_driver

tui_app.import_ahead = lambda module: None

page_boot.warm()
held = set(sys.modules)
parsed = []
parse = stylesheet.parse
stylesheet.parse = lambda scope, css, read_from, **kw: parsed.append(read_from) or parse(
    scope, css, read_from, **kw
)
drawn = []

def output(text):
    drawn.append(re.sub(r"\\x1b\\[[0-9;?]*[A-Za-z]|\\x1b\\][^\\x07]*\\x07", "", text))
    if "no saved games yet" in "".join(drawn) and app.is_running:
        app.exit()

page_driver.attach(output, 44, 50)
app = page_boot.page_app(lambda: None)
app.driver_class = page_driver.PageDriver
asyncio.run(asyncio.wait_for(app.run_async(), 60))
print(json.dumps({"imported": sorted(set(sys.modules) - held), "parsed": parsed}))
"""


def test_after_warm_the_page_app_imports_and_parses_nothing_before_its_home_screen(
    tmp_path: Path,
) -> None:
    """What a reopen from the memory snapshot does before the home screen is Textual's and the
    app's work alone: warm has imported every module the start imports and parsed every CSS
    source it reads (else each would be imported or parsed after every reopen)."""
    import json
    import os

    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path), "TEXTUAL_COLOR_SYSTEM": "truecolor"}
    done = subprocess.run(
        [sys.executable, "-c", AFTER_WARM], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    after = json.loads(done.stdout.strip().splitlines()[-1])
    assert after == {"imported": [], "parsed": []}


def test_held_names_the_bundles_compiled_modules_the_interpreter_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A reopen writes again only the bundle's files no module in memory came from."""
    import types

    for name, file in (
        ("held_a", "/site/pkg/a.pyc"),
        ("held_b", "/site/b.pyc"),
        ("elsewhere", "/lib/python/c.pyc"),
        ("source", "/site/pkg/d.py"),
        ("fileless", None),
    ):
        module = types.ModuleType(name)
        module.__file__ = file
        monkeypatch.setitem(sys.modules, name, module)
    assert sorted(page_boot.held("/site/").split("\n")) == ["b.pyc", "pkg/a.pyc"]
