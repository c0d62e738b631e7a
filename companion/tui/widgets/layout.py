"""Shared layout helpers: a marker with the body beside it (wrapped lines hanging under the
body), and a screen's size classes set before its first layout."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.screen import Screen


def hanging(marker: Text | str, body: Text | str) -> Table:
    """A two-column grid: ``marker`` (not wrapped) and ``body`` (wrapped in its own column)."""
    grid = Table.grid(expand=True)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(marker, body)
    return grid


def breakpoint_class(size: int, breakpoints: list[tuple[int, str]]) -> str | None:
    """The class of the largest breakpoint at most ``size`` (as Textual picks it), or None."""
    chosen = None
    for threshold, name in sorted(breakpoints):
        if size >= threshold:
            chosen = name
    return chosen


def apply_breakpoints(screen: Screen[Any], width: int, height: int) -> None:
    """Set ``screen``'s size classes now, before its first layout.

    Textual sets them on the screen's first resize event, a moment after the
    screen is drawn, so a narrow screen was first drawn with the wide layout
    (and a tap in that moment could land on the wrong line).
    """
    app = screen.app
    for size, own, default in (
        (width, screen.HORIZONTAL_BREAKPOINTS, app.HORIZONTAL_BREAKPOINTS),
        (height, screen.VERTICAL_BREAKPOINTS, app.VERTICAL_BREAKPOINTS),
    ):
        breakpoints = (default if own is None else own) or []
        if not breakpoints:
            continue
        chosen = breakpoint_class(size, breakpoints)
        screen.update_classes({name: name == chosen for _, name in breakpoints}, animate=False)


def local_time(stamp: str) -> str:
    """An ISO time stamp as 'YYYY-MM-DD HH:MM' in local time ('?' if unreadable)."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return "?"
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")
