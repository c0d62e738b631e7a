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


@sync
async def test_the_footer_waits_for_a_screen_taking_its_messages_and_not_for_one_stuck(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """How long the footer waits to show a screen's keys (``Footer._keep_waiting``, one
    look a refresh): while the app holds messages (it runs a handler: a screen pushed and
    mounting, which took more than 8 refreshes on a loaded machine and had the keys shown
    before the focus landed), and while the screen's widgets take theirs, up to
    ``SETTLE_REFRESHES_MOST`` refreshes; a widget that takes none of its messages only
    ``SETTLE_REFRESHES`` refreshes in a row."""
    from textual.message import Message

    from companion.tui.widgets import chrome

    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        home = await at_home(pilot)
        footer = home.query_one(chrome.Footer)
        widget = next(w for w in home.walk_children() if footer not in (w, w.parent))
        queues: dict[int, list[Message]] = {}
        monkeypatch.setattr(chrome, "_queued", lambda node: queues.get(id(node), []))

        def looks(fill: Any) -> int:
            """The refreshes the footer waits while ``fill(look)`` sets the queues."""
            count = 0
            while True:
                fill(count)
                if not footer._keep_waiting():
                    return count
                count += 1
                assert count <= chrome.SETTLE_REFRESHES_MOST + 1, "the footer never stopped"

        most, stuck = chrome.SETTLE_REFRESHES_MOST, chrome.SETTLE_REFRESHES
        held = [Message()]
        assert looks(lambda _: queues.update({id(app): held})) == most
        queues.clear()
        assert looks(lambda _: queues.update({id(widget): held})) == stuck
        queues.clear()
        assert looks(lambda _: queues.update({id(widget): [Message()]})) == most  # new each look
        queues.clear()
        assert looks(lambda _: None) == 0  # settled: the keys at once
        assert stuck < most
