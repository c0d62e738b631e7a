"""A question asked on the table screen, and dropped, restyles the body of the screen only:
never its header, its bar or the footer's keys (a class of the whole screen restyled every
widget of it, twice a question, about an eighth of a step's CPU). A resize restyles the
screen once, its size's classes and the glance's changed together (each class set on its
own restyled every widget of the screen again)."""

from __future__ import annotations

from typing import Any

import pytest
from fit_helpers import resize
from tui_helpers import open_save, open_turn_screen, press, saved_game, sync, until

from companion import paths
from companion.core import session
from companion.ephios import quick
from companion.tui.app import CompanionApp


def recorded_restyles(app: CompanionApp) -> list[Any]:
    """The list every node ``app`` restyles from now on is added to, in order."""
    restyled: list[Any] = []
    update_styles = app.update_styles

    def record(node: Any, animate: bool = True) -> None:
        restyled.append(node)
        update_styles(node, animate)

    app.update_styles = record  # type: ignore[method-assign]
    return restyled


@pytest.mark.parametrize("size", [(80, 24), (40, 20)])
@sync
async def test_asking_restyles_the_body_not_the_header_bar_or_footer(size: Any) -> None:
    """The market report (m) asks, Escape drops it: the widgets restyled for it are the
    body's, and the question's column is shown then hidden again."""
    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        path, journal = saved_game(12)
        screen = await open_turn_screen(pilot, app, path, journal)
        restyled = recorded_restyles(app)
        ask = screen.query_one("#t-ask")
        await press(pilot, "m")
        await until(pilot, lambda: screen.pending is not None and ask.display)
        body = screen.query_one("#t-body")
        assert restyled.count(body) == 1, "the body took the classes of a step asked at once"
        # The focus goes to the choices at once, not to their panel first (each move of
        # the focus restyles the widget it leaves and the one it takes).
        await until(pilot, lambda: app.focused is screen.query_one("#qp-choices"))
        assert screen.query_one("#t-question") not in restyled, restyled
        await press(pilot, "escape")
        await until(pilot, lambda: screen.pending is None and not ask.display)
        outside = [screen.query_one(kind) for kind in ("Header", "#t-bar", "Footer")]
        outside = [widget for widget in outside if widget.display]
        for node in restyled:
            above = [widget for widget in outside if node in widget.ancestors_with_self]
            assert not above, f"{node!r} restyled, and with it {above!r}"


@sync
async def test_a_resize_restyles_the_screen_once() -> None:
    """The Ephios quick game (its panels fold to a glance on a small screen) from 40×20 to
    120×40 and back: each resize changes the size's classes and the glance's, and the
    screen's widgets are restyled once for all of them."""
    journal = quick.new_game(["Annabelle", "Bartholomew", "Cyprian"], first="Annabelle")
    path = paths.data_dir() / "restyle.toml"
    session.create_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert screen.has_class("-phone", "-short", "-glance", "-folded"), screen.classes
        restyled = recorded_restyles(app)
        for size, classes, gone in (
            ((120, 40), ("-wide", "-tall"), ("-phone", "-short", "-glance", "-folded")),
            ((40, 20), ("-phone", "-short", "-glance", "-folded"), ("-wide", "-tall")),
        ):
            restyled.clear()
            await resize(pilot, size)
            assert screen.has_class(*classes), (size, screen.classes)
            assert not any(screen.has_class(name) for name in gone), (size, screen.classes)
            assert restyled.count(screen) == 1, f"{size}: the screen restyled {restyled}"
