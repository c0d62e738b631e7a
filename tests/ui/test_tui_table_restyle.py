"""A question asked on the table screen, and dropped, restyles the body of the screen only:
never its header, its bar or the footer's keys (a class of the whole screen restyled every
widget of it, twice a question, about an eighth of a step's CPU)."""

from __future__ import annotations

from typing import Any

import pytest
from tui_helpers import open_turn_screen, press, saved_game, sync, until

from companion.tui.app import CompanionApp


@pytest.mark.parametrize("size", [(80, 24), (40, 20)])
@sync
async def test_asking_restyles_the_body_not_the_header_bar_or_footer(size: Any) -> None:
    """The market report (m) asks, Escape drops it: the widgets restyled for it are the
    body's, and the question's column is shown then hidden again."""
    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        path, journal = saved_game(12)
        screen = await open_turn_screen(pilot, app, path, journal)
        restyled: list[Any] = []
        update_styles = app.update_styles

        def record(node: Any, animate: bool = True) -> None:
            restyled.append(node)
            update_styles(node, animate)

        app.update_styles = record  # type: ignore[method-assign]
        ask = screen.query_one("#t-ask")
        await press(pilot, "m")
        await until(pilot, lambda: screen.pending is not None and ask.display)
        body = screen.query_one("#t-body")
        assert body in restyled, "the body took the class of a step asked"
        await press(pilot, "escape")
        await until(pilot, lambda: screen.pending is None and not ask.display)
        outside = [screen.query_one(kind) for kind in ("Header", "#t-bar", "Footer")]
        outside = [widget for widget in outside if widget.display]
        for node in restyled:
            above = [widget for widget in outside if node in widget.ancestors_with_self]
            assert not above, f"{node!r} restyled, and with it {above!r}"
