"""A shared layout helper: a marker with the body beside it, wrapped lines hanging under the body."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text


def hanging(marker: Text | str, body: Text | str) -> Table:
    """A two-column grid: ``marker`` (not wrapped) and ``body`` (wrapped in its own column)."""
    grid = Table.grid(expand=True)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(marker, body)
    return grid
