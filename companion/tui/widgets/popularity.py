"""A popularity bar: the value, the goal line and (when the scale goes below 0) the 0% line."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from companion.core.catalog import say

FILL = "█"
EMPTY = "░"
GOAL = "┃"
ZERO = "│"


def popularity_text(
    value: int,
    width: int,
    goal: int | None,
    low: int,
    high: int,
    label: str,
    goal_label: bool = True,
) -> Text:
    """The bar as one line: label, bar with goal and zero marks, value in % (and the goal,
    unless ``goal_label`` is off: a phone says it once for every bar)."""
    suffix = f" {value:>3}%"
    if goal is not None and goal_label:
        suffix += " " + say("goal {goal}%", goal=goal)
    prefix = f"{label} " if label else ""
    cells = max(4, width - len(prefix) - len(suffix))
    span = max(1, high - low)

    def column(v: int) -> int:
        """The bar cell of popularity ``v`` on the scale from ``low`` to ``high``."""
        return min(cells - 1, max(0, round((v - low) * (cells - 1) / span)))

    zero_col = column(0) if low < 0 else None
    fill_from, fill_to = (column(min(0, value)), column(max(0, value))) if low < 0 else (0, None)
    if fill_to is None:
        fill_to = column(value) if value > low else -1
    goal_col = column(goal) if goal is not None else None
    text = Text(prefix, style="bold")
    for col in range(cells):
        if col == goal_col:
            text.append(GOAL, style="bold")
        elif col == zero_col:
            text.append(ZERO, style="bold")
        elif fill_from <= col <= fill_to:
            text.append(FILL, style="green" if value >= 0 else "red")
        else:
            text.append(EMPTY, style="dim")
    text.append(suffix, style="bold")
    return text


class PopularityBar(Widget):
    """One popularity track as a bar.

    Args:
        value: the popularity in percent.
        goal: the winning line (e.g. 70), drawn as ┃; None for no line.
        low, high: the ends of the scale; with ``low`` below 0 the 0% line is drawn as │.
        label: a name in front of the bar (e.g. the player).
        goal_label: whether the line ends with "goal N%" (the ┃ is drawn either way).
    """

    DEFAULT_CSS = """
    PopularityBar { height: 1; }
    """

    value: reactive[int] = reactive(0)

    def __init__(
        self,
        value: int = 0,
        goal: int | None = 70,
        low: int = 0,
        high: int = 100,
        label: str = "",
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.goal = goal
        self.low = low
        self.high = high
        self.label = label
        self.goal_label = True
        self.set_reactive(PopularityBar.value, value)

    def render(self) -> Text:
        """The bar at the widget's width."""
        return popularity_text(
            self.value,
            self.size.width or 40,
            self.goal,
            self.low,
            self.high,
            self.label,
            self.goal_label,
        )
