"""The footer's keys are drawn where they stay: every frame drawn after a step shows the
footer as it was before the step or as it is once the step is done, never a third
arrangement a frame later (a key that jumps under a player's tap).

The ui tier's apps draw a frame only when a test reads the screen (tests/ui/conftest.py);
here every frame the app draws is read as a player sees it, its footer's row recorded.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from tui_helpers import at_home, shown, sync, until, wait_for_screen

from companion.tui.app import CompanionApp
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets import QuestionPanel
from companion.tui.widgets.checklist import Checklist

pytestmark = pytest.mark.ui

# The wizard's keys of a solo game (tests/ui/test_fit_euphoria.py, WIZARD_KEYS).
WIZARD_KEYS = ("1", "1", "4", "1", "5", "1", "2", "1", "n", "2", "2")


class Frames:
    """The footer's row (the screen's last) of every frame the app draws, each new one."""

    def __init__(self) -> None:
        self.rows: list[str] = []

    def draw(self, screen: Screen[Any]) -> None:
        """``Screen._compositor_refresh`` for a headless app: the top screen drawn (read as
        a player sees it), its footer's row kept when it changed."""
        app = screen.app
        if screen is app.screen:
            row = shown(app).split("\n")[-1]
            if not self.rows or self.rows[-1] != row:
                self.rows.append(row)
        screen._compositor._dirty_regions.clear()
        screen._dirty_widgets.clear()
        app._update_mouse_over(screen)


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> Iterator[Frames]:
    """Every frame of the test's app drawn, its footer's row recorded."""
    recorded = Frames()

    def draw(screen: Screen[Any]) -> None:
        recorded.draw(screen)

    monkeypatch.setattr(Screen, "_compositor_refresh", draw)
    yield recorded


async def _settle(pilot: Pilot[Any]) -> None:
    """Let the app run till it has nothing left to do."""
    await pilot.pause()
    await pilot.app.animator.wait_until_complete()
    await pilot.pause()


async def _step(pilot: Pilot[Any], frames: Frames, key: str, done: Any, where: str) -> None:
    """Press ``key``, wait for ``done()``; every frame drawn meanwhile shows the footer as
    it was before the key or as it settles, never a third arrangement. (A new screen's
    footer is blank in its first frame, its screen's keys not known yet: no key to tap.)"""
    await _settle(pilot)
    before = shown(pilot.app).split("\n")[-1]
    mark = len(frames.rows)
    await pilot.press(key)
    await until(pilot, done, where)
    await _settle(pilot)
    after = shown(pilot.app).split("\n")[-1]
    drawn = frames.rows[mark:]
    assert all(row in (before, after, "") for row in drawn), (
        f"{where}: the footer drawn in another arrangement before it settled:\n"
        + "\n".join(f"  {row!r}" for row in [before, *drawn])
        + f"\n  settled: {after!r}"
    )


@pytest.mark.parametrize(
    ("size", "lang"),
    [((40, 20), "en"), ((80, 24), "en"), ((120, 40), "en"), ((80, 24), "en_XA")],
    ids=["40x20", "80x24", "120x40", "80x24-en_XA"],
)
@sync
async def test_the_footer_is_drawn_once_a_step(
    frames: Frames, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str
) -> None:
    """Through the wizard to its checklist ("Start playing") and the first turn: the
    footer's keys never show in an arrangement they leave a frame later."""
    monkeypatch.setenv("COMPANION_LANG", lang)
    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        await at_home(pilot)
        await pilot.press("1")
        await wait_for_screen(pilot, TableSetupScreen)
        panel = app.screen.query_one(QuestionPanel)
        await until(pilot, lambda: panel.current is not None, "the wizard's first question")
        for number, key in enumerate(WIZARD_KEYS):
            assert panel.current is not None
            asked = panel.current

            def next_step(
                asked: object = asked, last: bool = number + 1 == len(WIZARD_KEYS)
            ) -> bool:
                if last:
                    return isinstance(app.focused, Checklist)
                return panel.current is not None and panel.current is not asked

            await _step(pilot, frames, key, next_step, f"the wizard's {asked.id} step")
        assert frames.rows, "no frame was drawn"
        await _step(
            pilot,
            frames,
            "s",
            lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted,
            "the first turn",
        )
