"""Shared layout helpers: a marker with the body beside it (wrapped lines hanging under the
body), a screen's size classes set before its first layout, and a column that scrolls when
it is cut."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList

from companion.tui import restyle


def hanging(marker: Text | str, body: Text | str) -> Hanging:
    """``marker`` (not wrapped) with ``body`` beside it, wrapped in its own column."""
    return Hanging(marker, body)


# The lines drawn of every line alike (its marker's and body's likeness, and the console
# options), whichever ``Hanging`` drew them: the lists of what to do and of a question's
# choices are made anew at every step, mostly of lines they showed before (a question
# asked again, its choices the same; the moves shown again after an undo), and wrapping
# them again was most of measuring the list (about 0.2 ms a line, 66 a physical card's
# question). Cleared whole when full: never a growing store.
_DRAWN: dict[tuple[object, ...], list[Segment]] = {}
_DRAWN_MOST = 4096


def likeness(part: Text | str) -> Hashable:
    """What a string or a rich ``Text`` draws (its words, spans, styles and wrapping): two
    alike draw the same lines."""
    if isinstance(part, str):
        return part
    return (
        part.plain,
        tuple(part.spans),
        str(part.style),
        part.justify,
        part.overflow,
        part.no_wrap,
        part.end,
        part.tab_size,
    )


class Hanging:
    """A marker with its body beside it, drawn as a two-column grid (rich's ``Table.grid``:
    the marker's column as wide as the marker, the body's the rest) would draw it, without
    the table's measuring of its columns: a list of choices or moves draws each of its
    lines so again at every change of the screen."""

    def __init__(self, marker: Text | str, body: Text | str) -> None:
        self.marker = marker
        self.body = body
        # The lines drawn for each set of console options (a width, mostly): a list draws
        # its options again at every layout pass that measures it (their heights), every
        # draw and every width a resize gives; a line's words do not change once made.
        self._drawn: dict[tuple[object, ...], list[Segment]] = {}
        self._alike: tuple[Hashable, Hashable] | None = None  # (marker's, body's likeness)

    def _grid(self) -> Table:
        grid = Table.grid(expand=True)
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(self.marker, self.body)
        return grid

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """The grid's own measure."""
        return Measurement.get(console, options, self._grid())

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """The lines: the marker's beside the body's, each column padded to its width (drawn
        once for each console and set of options)."""
        key = (
            id(console),
            options.size,
            options.min_width,
            options.max_width,
            options.max_height,
            options.height,
            options.justify,
            options.overflow,
            options.no_wrap,
            options.highlight,
            options.markup,
            options.is_terminal,
            options.encoding,
            options.legacy_windows,
        )
        drawn = self._drawn.get(key)
        if drawn is None:
            if len(self._drawn) >= 8:  # a few widths at most; never a growing store
                self._drawn.clear()
            drawn = self._drawn[key] = self._drawn_alike(key, console, options)
        return drawn

    def _drawn_alike(
        self, key: tuple[object, ...], console: Console, options: ConsoleOptions
    ) -> list[Segment]:
        """The lines of a line alike drawn with the same options before, else drawn now."""
        if self._alike is None:
            self._alike = (likeness(self.marker), likeness(self.body))
        alike = (*self._alike, *key)
        drawn = _DRAWN.get(alike)
        if drawn is None:
            if len(_DRAWN) >= _DRAWN_MOST:
                _DRAWN.clear()
            drawn = _DRAWN[alike] = list(self._draw(console, options))
        return drawn

    def _draw(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        """The lines drawn anew."""
        width = options.max_width
        marker_width = Measurement.get(console, options, self.marker).maximum
        if not 0 < marker_width < width:  # no marker, or no room for the body: the grid's rules
            yield from console.render(self._grid(), options)
            return
        null = Style.null()
        columns = []
        for renderable, column_width, no_wrap in (
            (self.marker, marker_width, True),
            (self.body, width - marker_width, False),
        ):
            column_options = options.update(
                width=column_width,
                justify="left",
                no_wrap=no_wrap,
                overflow="ellipsis",
                height=None,
                highlight=False,
            )
            lines = console.render_lines(renderable, column_options, style=null)
            columns.append((lines, column_width))
        height = max(len(lines) for lines, _ in columns)
        shaped = [
            Segment.set_shape(Segment.align_top(lines, w, height, null), w, height)
            for lines, w in columns
        ]
        new_line = Segment.line()
        for row in range(height):
            for lines in shaped:
                yield from lines[row]
            yield new_line


def breakpoint_class(size: int, breakpoints: list[tuple[int, str]]) -> str | None:
    """The class of the largest breakpoint at most ``size`` (as Textual picks it), or None."""
    chosen = None
    for threshold, name in sorted(breakpoints):
        if size >= threshold:
            chosen = name
    return chosen


def breakpoint_classes(screen: Screen[Any], width: int, height: int) -> dict[str, bool]:
    """``screen``'s size classes at ``width`` × ``height``: each breakpoint's class, True
    for the one Textual picks at that size (an ``update_classes`` mapping)."""
    app = screen.app
    classes: dict[str, bool] = {}
    for size, own, default in (
        (width, screen.HORIZONTAL_BREAKPOINTS, app.HORIZONTAL_BREAKPOINTS),
        (height, screen.VERTICAL_BREAKPOINTS, app.VERTICAL_BREAKPOINTS),
    ):
        breakpoints = (default if own is None else own) or []
        chosen = breakpoint_class(size, breakpoints)
        classes.update({name: name == chosen for _, name in breakpoints})
    return classes


def apply_breakpoints(screen: Screen[Any], width: int, height: int) -> None:
    """Set ``screen``'s size classes now, before its first layout (one restyle).

    Textual sets them on the screen's first resize event, a moment after the
    screen is drawn, so a narrow screen was first drawn with the wide layout
    (and a tap in that moment could land on the wrong line).
    """
    restyle.update_classes(screen, breakpoint_classes(screen, width, height))


def displayed(widget: Widget | None) -> bool:
    """Whether ``widget`` is there and shown: displayed, and every container it is in."""
    node: object = widget
    while isinstance(node, Widget):
        if not node.display:
            return False
        node = node.parent
    return widget is not None


@contextmanager
def sizes_from_layout() -> Iterator[None]:
    """Within it, a widget's virtual size set by a layout pass asks for no layout pass.

    Textual's layout pass sets each widget's virtual size (its content's size) from what
    it has just laid out, and the reactive that holds it asks for another layout pass
    whenever it changes: after every pass that changed a widget's size, a second pass of
    the whole screen followed that found the same (a resize's, a focus move's, a footer
    key shown). What a new size does change asks for its own pass still: a scrollbar
    coming or going (its own reactive), a list wrapped again to another number of rows
    (``RewrapsOnWidth``). A screen's ``_refresh_layout`` runs its pass within it."""
    # The reactive's flag is Textual's private part: check it at a Textual upgrade
    # (tests/ui/test_tui_app_work.py counts the passes of a resize and a focus move).
    reactive_size = Widget.virtual_size
    was = reactive_size._layout
    reactive_size._layout = False
    try:
        yield
    finally:
        reactive_size._layout = was


def local_time(stamp: str) -> str:
    """An ISO time stamp as 'YYYY-MM-DD HH:MM' in local time ('?' if unreadable)."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return "?"
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


class RewrapsOnWidth(OptionList):
    """An option list that wraps its options again when the width it draws them in changes.

    Textual's OptionList keeps each option's lines for the width it first drew them at and
    forgets them only on a resize of the widget: a scrollbar that comes or goes narrows or
    widens the text without resizing the widget, so the lines kept were cut at the
    scrollbar (the end of a wrapped line lost) and their count, kept too, held the
    scrollbar there. The lines are drawn again, and the layout measured again, whenever
    the width changes.
    """

    _drawn_width = 0

    # A move of the highlight repaints the rows of the choice it leaves and of the one it
    # takes (``watch_highlighted``), not every row of the list as Textual's reactive does.
    highlighted: reactive[int | None] = reactive(None, repaint=False)

    # Textual passes a watcher of two arguments the value before and after: the choice left
    # is known even where the highlight was set without its watcher (``set_reactive``).
    def watch_highlighted(self, old: int | None, new: int | None) -> None:  # type: ignore[override]
        """Textual's reaction (the highlight scrolled into view, the message posted), and
        the rows of the two choices repainted: a scroll repaints the whole list itself."""
        super().watch_highlighted(new)
        indexes = [index for index in (old, new) if index is not None]
        rows = [row for row in map(self._option_rows, indexes) if row is not None]
        if len(rows) == len(indexes):  # (no rows at all: refresh() repaints the whole list)
            self.refresh(*rows)
        else:
            self.refresh()

    def _option_rows(self, index: int) -> Region | None:
        """The rows choice ``index`` is drawn in now, in the list's content (None when the
        lines drawn do not hold it: the whole list is repainted then)."""
        # OptionList's line cache is Textual's private part: check it at a Textual upgrade
        # (tests/ui/test_tui_table_restyle.py compares these rows with a list drawn anew).
        cache = self._line_cache
        if not cache.lines or index >= len(self._options):
            return None
        line = cache.index_to_line.get(index)
        height = cache.heights.get(index)
        if line is None or height is None:
            return None
        width = self.scrollable_content_region.width
        return Region(0, line - round(self.scroll_offset.y), width, height)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The options' rows at ``width``; none in no width at all (a list squeezed to
        nothing while a screen is laid out again: Rich cannot wrap into zero columns)."""
        if width <= 0:
            return 0
        return super().get_content_height(container, viewport, width)

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines, wrapped again first if the width changed since the last draw."""
        width = self.scrollable_content_region.width
        if width != self._drawn_width:
            self._drawn_width = width
            self._clear_caches()
            self.refresh(layout=True)
        return super().render_lines(crop)

    def _refresh_scrollbars(self) -> None:
        """When a scrollbar comes or goes, wrap the options again for the width left at once
        (not at the next draw: their count decides the scrollbar and the layout)."""
        super()._refresh_scrollbars()
        width = self.scrollable_content_region.width
        if self._drawn_width and width > 0 and width != self._drawn_width:
            self._drawn_width = width
            rows = len(self._lines)
            self._clear_caches()
            self._update_lines()
            if len(self._lines) != rows:
                self.refresh(layout=True)

    def _on_resize(self) -> None:
        """Measure again at once, drawn or not (a list scrolled out of view keeps the width
        it was measured at, and a width too wide for its new room).

        The lines made here set the list's virtual size, which asked for a layout pass of
        the whole screen each time it changed (a list resized after a step, its new lines
        counted first here): the pass is asked only when the rows changed, and a scrollbar
        that comes or goes asks for its own (``sizes_from_layout``)."""
        with sizes_from_layout():
            rows = len(self._lines)
            super()._on_resize()  # type: ignore[no-untyped-call]  # untyped in Textual
            # Wrapped now for the width the next draw has (unless a scrollbar comes or goes
            # first): that draw does not wrap them again and lay the screen out once more.
            self._drawn_width = self.scrollable_content_region.width
            if self._drawn_width <= 0:
                return  # no room to wrap in: measured at the next width it is given
            self._update_lines()
        if len(self._lines) != rows:  # a list as tall as its options: measured again
            self.refresh(layout=True)


class TallChoices(RewrapsOnWidth):
    """An option list whose choice taller than its view is read by keys: Down (Up) scrolls
    through the highlighted choice until its last (first) row shows, then moves on, so no
    row of a long checklist item or an unfolded why is out of reach."""

    def _highlighted_span(self) -> tuple[int, int] | None:
        """The highlighted choice's first row and the row after its last, in the list."""
        if self.highlighted is None:
            return None
        self._update_lines()
        line = self._index_to_line.get(self.highlighted)
        if line is None:
            return None
        return line, line + self._heights[self.highlighted]

    def scroll_through(self, direction: int) -> bool:
        """Scroll through the highlighted choice by most of a view (``direction`` 1 down,
        -1 up) while part of it is out of view that way; whether it did."""
        span = self._highlighted_span()
        view = self.scrollable_content_region.height
        if span is None or view <= 0:
            return False
        top = round(self.scroll_offset.y)
        step = max(1, view - 1)
        if direction > 0 and span[1] > top + view:
            self.scroll_to(y=min(top + step, span[1] - view), animate=False, immediate=True)
            return True
        if direction < 0 and span[0] < top:
            self.scroll_to(y=max(top - step, span[0]), animate=False, immediate=True)
            return True
        return False

    def on_resize(self) -> None:
        """A list made shorter or taller (a line below it changed) keeps its highlighted
        choice in view: whole, or filling the view when it is taller."""
        self.call_after_refresh(self._keep_highlight)

    def _keep_highlight(self) -> None:
        span = self._highlighted_span()
        view = self.scrollable_content_region.height
        if span is None or view <= 0:
            return
        top = round(self.scroll_offset.y)
        if span[1] - span[0] <= view:
            if not (top <= span[0] and span[1] <= top + view):
                self.scroll_to_highlight()
            return
        inside = min(max(top, span[0]), span[1] - view)
        if inside != top:
            self.scroll_to(y=inside, animate=False, immediate=True)

    def action_cursor_down(self) -> None:
        """Scroll through a tall highlighted choice, else highlight the next choice."""
        if not self.scroll_through(1):
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        """Scroll back through a tall highlighted choice, else highlight the one before."""
        if self.scroll_through(-1):
            return
        super().action_cursor_up()
        span = self._highlighted_span()
        view = self.scrollable_content_region.height
        if span is not None and span[1] - span[0] > view > 0:
            # Up into a tall choice shows its end first; Up goes on through it.
            self.scroll_to(y=span[1] - view, animate=False, immediate=True)


class FocusScroll(VerticalScroll):
    """A scrolling column that takes the focus (Tab, then the arrows scroll it): taking or
    losing it restyles the column, not every widget in it (:func:`restyle.focus_changed`)."""

    def watch_has_focus(self, _has_focus: bool) -> None:
        """Restyle for ``:focus`` what a rule naming it may style."""
        restyle.focus_changed(self)


class ScrollsWhenCut(FocusScroll):
    """A column that scrolls when it is taller than its view, and takes the focus (Tab, then
    the arrows and Page Up/Down scroll it) only then: otherwise Tab passes it by."""

    @property
    def can_focus(self) -> bool:  # a class flag in Textual, a property here
        """Whether Tab stops here: only while the column is taller than its view."""
        return self.max_scroll_y > 0

    @can_focus.setter
    def can_focus(self, value: bool) -> None:
        """Textual sets the flag on the class; the column decides by its rows (above)."""
