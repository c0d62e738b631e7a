"""A small turn-by-turn chart on one fixed scale: one bar row per series, milestones on the axis.

Textual's own Sparkline scales each line to its own lowest and highest value,
so an Automa at 4 tokens and one at 10 would look alike, and a popularity of
30% could fill the line; this chart keeps one scale per series (0..``top``:
10 tokens, 100%, 5 Dignitaries, 2 round wins). It uses the Sparkline's bar
characters, so it reads the same in a terminal and in the browser, at 80
columns and at 40.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from companion.core.catalog import _
from companion.core.outcome import Milestone, Series
from companion.tui.widgets.announcements import who_name

BARS = "▁▂▃▄▅▆▇█"
COLORS = ("magenta", "cyan", "green", "yellow")
LABEL = 8  # width of the series names
VALUE = 7  # width of the last value ("10/10", "100%")


def _columns(n: int, width: int) -> list[int]:
    """Which value each of ``width`` columns shows when ``n`` values share them."""
    if n <= 0 or width <= 0:
        return []
    if n >= width:  # several turns a column: the value at the end of the last of them
        return [min(n - 1, int((c + 1) * n / width) - 1) for c in range(width)]
    per = max(1, min(3, width // n))  # a few columns a turn for short games
    return [c // per for c in range(n * per)]


def _bar(value: int, top: int, rows: int, row: int) -> str:
    """The character of ``row`` (0 = bottom) for ``value`` on a 0..``top`` scale."""
    eighths = round(value / top * 8 * rows) if top else 0
    if value > 0:
        eighths = max(eighths, 1)
    left = eighths - row * 8
    if left >= 8:
        return "█"
    if left <= 0:
        return "▁" if row == 0 and value <= 0 else " "
    return BARS[left - 1]


class TurnChart(Widget):
    """The series of an outcome, turn by turn, with the milestones marked on the axis."""

    DEFAULT_CSS = """
    TurnChart { height: auto; }
    """

    def __init__(
        self,
        series: Sequence[Series],
        milestones: Sequence[Milestone] = (),
        rows: int = 2,
        unit: str = "",
        rounds: bool = False,
        names: Mapping[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.names = dict(names or {})  # who -> the game's name for it (its Automas)
        self.series = tuple(series)
        self.milestones = tuple(milestones)
        self.rows = rows
        self.unit = unit
        # The axis is rounds (a campaign) or turns.
        self.axis = _("round") if rounds else _("turn")

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Each series' rows, then the axis and the turn numbers."""
        return len(self.series) * self.rows + 2 if self.series else 1

    def _value(self, s: Series) -> str:
        last = s.values[-1] if s.values else 0
        return f"{last}{self.unit}" if self.unit else f"{last}/{s.top}"

    def render(self) -> Text:
        """The chart at the widget's width."""
        if not self.series or not self.series[0].values:
            return Text(_("No turn played yet."), style="italic")
        # The names' column: the longest name whole (at most a third of the width; a longer
        # name wraps over its series' rows), never cut to a fixed width ("populari").
        names = [who_name(s.name, self.names) for s in self.series]
        label = min(max(LABEL, len(self.axis), *map(len, names)), max(LABEL, self.size.width // 3))
        width = max(1, self.size.width - label - VALUE - 2)
        n = len(self.series[0].values)
        cols = _columns(n, width)
        out = Text(no_wrap=True, overflow="crop")
        for number, s in enumerate(self.series):
            color = COLORS[number % len(COLORS)]
            # A series named by an id (an Automa's colour) reads as its word.
            lines = textwrap.wrap(names[number], label) or [""]
            for row in reversed(range(self.rows)):
                line = self.rows - 1 - row
                name = lines[line] if line < len(lines) else ""
                if row == 0 and line < len(lines) - 1:  # the last row holds what is left
                    name = "".join(lines[line:])[:label]
                out.append(f"{name:<{label}} ", style="bold" if name else "")
                out.append("".join(_bar(s.values[i], s.top, self.rows, row) for i in cols), color)
                if row == self.rows - 1:
                    out.append(f" {self._value(s):>{VALUE}}", style="bold")
                out.append("\n")
        start = self.series[0].start
        marked = {m.turn for m in self.milestones}
        axis = []
        for c, i in enumerate(cols):
            first = c == 0 or cols[c - 1] != i
            axis.append("◆" if first and start + i in marked else "─")
        out.append(f"{self.axis:<{label}} ", style="dim")
        out.append("".join(axis), style="dim")
        out.append("\n")
        last = str(start + n - 1)
        span = len(cols)
        numbers = f"{start:<{max(1, span - len(last))}}{last}" if span > len(last) else last
        out.append(" " * (label + 1) + numbers, style="dim")
        return out
