"""The screen-fit check: what the layout rule forbids, found on the screen that is up.

The rule (docs/screens.md, "The layout rule"): text wraps and never ends in "…"; a
widget shows all of its rows or scrolls, and a scrolling part is reachable by keys (it,
or something inside it no taller than its view, takes the focus); a list is no shorter
than its choices while blank rows are free; a list is drawn for the width it has; the
focused choice is in view; nothing is drawn past the screen's edge (the footer's keys
aside: those it cannot show are in the F1 help). ``fit_problems(app)`` lists every breach
on the screen that is up
(an empty list when it fits); ``assert_fits(app, where)`` fails naming each one, the
screen, its size and what it shows; ``assert_choices_reachable(pilot, where)`` also walks
the focused list's highlight through every choice by keys, each in view.

A scenario drives the app to a state and calls ``assert_fits`` there; the corpus of states
lives in the ``test_fit_*`` modules of ``tests/ui``, run at 40×20, 80×24 and 120×40 and in
the pseudo-locale ``en_XA``.

The screen's text and its breaches are read once a state (``_reading``): the waits for a
settled layout, the checks of the lines seen and the fit check that follow them read the
same state, with no turn of the event loop between them (the app runs only when the test
awaits), and each read draws the whole screen.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from typing import Any

from textual._queue import Queue
from textual.app import App
from textual.css.query import NoMatches
from textual.geometry import Region, Size
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from tui_helpers import pending, shown, until

from companion.core.questions import Announcement

SIZES = ((40, 20), (80, 24), (120, 40))
ELLIPSIS = "…"
SETTLING = 5.0  # seconds: how long the layout passes a resize sets off may take under load


# The code a message loop waits in for its next message (``_handling``).
_QUEUE_GET = Queue.get.__code__

# What was read of the screen since the event loop last ran: its text and its breaches.
_read: dict[str, Any] = {}


def _reading(app: App[Any]) -> dict[str, Any]:
    """The reads of the screen ``app`` shows now, kept until the event loop runs again
    (then the app may have changed it: they are dropped before the test goes on); outside
    a running loop nothing is kept."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return {}
    # The objects themselves (not their ids, which a later app may take again).
    state = (loop, app, app.screen, tuple(app.size))
    if _read.get("state") != state:
        _read.clear()
        _read["state"] = state
        loop.call_soon(_read.clear)
    return _read


def _shown(app: App[Any]) -> str:
    """``shown(app)``, drawn once a state read (``_reading``), its letters only: the app's
    line filters are off while it draws (the true colours of the ANSI ones, a dim or no
    colour: about a third of a draw after a resize), as no filter changes a letter. The
    lines the widgets keep from this draw have their colours unfiltered until they are
    drawn again: the fit checks read letters (a test reading colours draws anew)."""
    read = _reading(app)
    if "text" not in read:
        filters = [line_filter for line_filter in app._filters if line_filter.enabled]
        for line_filter in filters:
            line_filter.enabled = False
        try:
            read["text"] = shown(app)
        finally:
            for line_filter in filters:
                line_filter.enabled = True
    text: str = read["text"]
    return text


def _visible(widget: Widget) -> bool:
    """Whether the widget takes part in the screen (displayed, not hidden, mounted)."""
    node: Any = widget
    while node is not None and isinstance(node, Widget):
        if not node.display or not node.visible:
            return False
        node = node.parent
    return widget.is_mounted


def _shows(widget: Widget, known: dict[Widget, bool]) -> bool:
    """``_visible`` but mounted, each container's answer kept in ``known`` for the
    widgets inside it (a walk of the screen asks each of its widgets)."""
    if widget not in known:
        parent = widget.parent
        above = _shows(parent, known) if isinstance(parent, Widget) else True
        known[widget] = above and bool(widget.display) and bool(widget.visible)
    return known[widget]


def _placed(app: App[Any], widget: Widget) -> tuple[Region, Region] | None:
    """The widget's region and the clip its containers give it, or None when not placed."""
    try:
        geometry = app.screen.find_widget(widget)
    except (NoMatches, KeyError, Exception):
        return None
    return geometry.region, geometry.clip


def _scrolls_by_keys(widget: Widget) -> bool:
    """Whether keys can move this scrolling widget: it takes the focus itself, or a
    widget inside it does (focusing that scrolls it into view) and each such widget fits
    its view (a focused list taller than the view shows its top only: its highlight moves
    inside it and the container does not follow)."""
    if widget.focusable:
        return True
    view = widget.scrollable_content_region.height
    inside = [child for child in widget.walk_children(Widget) if child.focusable]
    return bool(inside) and all(
        child.outer_size.height <= view or child.allow_vertical_scroll for child in inside
    )


def _stale_lines(widget: Widget) -> str | None:
    """An option list drawn for another width than it has: its lines were wrapped before a
    scrollbar came or went, so the end of a wrapped line is cut (or a row is left over)."""
    if not isinstance(widget, OptionList) or not widget.option_count:
        return None
    lines = widget._lines
    width = widget.scrollable_content_region.width
    if not lines or width <= 0:
        return None
    needed = _text_rows(widget, width)
    if len(lines) != needed:
        return f"{_name(widget)} holds {len(lines)} rows drawn for another width; it needs {needed}"
    return None


def _scroller(widget: Widget) -> Widget | None:
    """The nearest container above ``widget`` that can scroll vertically."""
    node = widget.parent
    while isinstance(node, Widget):
        if node.allow_vertical_scroll or node.styles.overflow_y in ("auto", "scroll"):
            return node
        node = node.parent
    return None


def _text_rows(widget: Widget, width: int) -> int:
    """The rows the widget's content needs at ``width`` columns."""
    app_size = widget.app.size
    return widget.get_content_height(Size(width, app_size.height), app_size, width)


def _cut_text(widget: Widget) -> str | None:
    """A text widget that shows fewer rows than its content needs, and cannot scroll."""
    if not isinstance(widget, Static) or widget.allow_vertical_scroll:
        return None
    box = widget.content_region
    if box.width <= 0:
        return None
    needed = _text_rows(widget, box.width)
    if needed > box.height:
        return f"{_name(widget)} shows {box.height} of its {needed} rows"
    return None


def _name(widget: Widget) -> str:
    """A widget as a problem names it: its type, its id and classes."""
    name = type(widget).__name__
    if widget.id:
        name += f"#{widget.id}"
    if widget.classes:
        name += "." + ".".join(sorted(widget.classes))
    return name


def _unreachable_scroll(widget: Widget) -> str | None:
    """A container whose content scrolls but which no key reaches, or which cannot scroll
    at all (its overflow is hidden). The footer is not one: it shows the keys that fit
    whole (the last one's blank cell may fall under the menu's edge) and the menu lists
    every key."""
    if isinstance(widget, (Static, Footer)) or not widget.is_scrollable:
        return None
    if isinstance(widget, Footer) and widget.max_scroll_y == 0:
        # The footer shows the keys that fit and lets the rest run off sideways: every
        # key is in the F1 help and works unseen, so its row is not text to read whole.
        return None
    if widget.max_scroll_y > 0 and not widget.allow_vertical_scroll:
        return f"{_name(widget)} hides {widget.max_scroll_y} rows it cannot scroll to"
    if widget.max_scroll_x > 0 and not widget.allow_horizontal_scroll:
        return f"{_name(widget)} hides {widget.max_scroll_x} columns it cannot scroll to"
    if (widget.max_scroll_y > 0 or widget.max_scroll_x > 0) and not _scrolls_by_keys(widget):
        return f"{_name(widget)} scrolls, but nothing in it takes the focus, so no key reaches it"
    return None


def _cut_line(widget: Widget) -> str | None:
    """A text widget that does not wrap and is wider than the room it has."""
    if not isinstance(widget, Static) or widget.styles.text_wrap != "nowrap":
        return None
    box = widget.content_region
    app_size = widget.app.size
    needed = widget.get_content_width(Size(box.width, app_size.height), app_size)
    if box.width > 0 and needed > box.width and not widget.allow_horizontal_scroll:
        return f"{_name(widget)} does not wrap: it needs {needed} columns and has {box.width}"
    return None


def _short_list(widget: Widget) -> str | None:
    """A list that scrolls while the container it scrolls in has blank rows left: it could
    show more of its choices (the rule: a list is never shorter than its choices while rows
    are free)."""
    if not isinstance(widget, OptionList) or widget.max_scroll_y <= 0:
        return None
    scroller = _scroller(widget)
    if scroller is None or scroller.max_scroll_y > 0:
        return None
    shown = [child for child in scroller.children if _visible(child)]
    if not shown:
        return None
    last = max(child.region.bottom + child.styles.margin.bottom for child in shown)
    free = scroller.scrollable_content_region.bottom - last
    if free <= 0:
        return None
    return (
        f"{_name(widget)} hides {widget.max_scroll_y} of its rows while {_name(scroller)} "
        f"has {free} blank rows"
    )


def _off_screen(app: App[Any], widget: Widget) -> str | None:
    """A widget drawn in part outside the screen or its containers' clip, which keys cannot
    bring into view: its scrolling container does not take the focus, and it is not a
    focusable widget small enough for the focus to scroll it into view whole."""
    placed = _placed(app, widget)
    if placed is None:
        return None
    region, clip = placed
    if region.area == 0 or clip.contains_region(region):
        return None
    scroller = _scroller(widget)
    if scroller is None:
        return f"{_name(widget)} is cut at the edge ({region} beyond {clip})"
    if scroller.focusable:
        return None
    view = scroller.scrollable_content_region
    if widget.focusable and region.height <= view.height and region.width <= view.width:
        return None
    return (
        f"{_name(widget)} is cut by {_name(scroller)}, which takes no focus, so no key scrolls it"
    )


def _focus_out_of_view(app: App[Any]) -> str | None:
    """The focused widget, or the highlighted choice of a focused list, out of view."""
    focused = app.focused
    if focused is None:
        return None
    placed = _placed(app, focused)
    if placed is None:
        return f"the focused {_name(focused)} is not on the screen"
    region, clip = placed
    seen = region.intersection(clip)
    if seen.area == 0:
        return f"the focused {_name(focused)} is out of view"
    choice = _highlighted_region(focused)
    if choice is None:
        return None
    view = focused.content_region.intersection(clip)
    if choice.height > view.height:
        # A choice taller than the list's view is in view while it fills the view (Down
        # and Up scroll through it: `assert_choices_reachable` checks its rows are reached).
        if choice.y <= view.y and choice.bottom >= view.bottom:
            return None
    elif view.contains_region(choice):
        return None
    return f"the highlighted choice {focused.highlighted} of {_name(focused)} is out of view"


def _highlighted_region(focused: Widget) -> Region | None:
    """Where the highlighted choice of a focused list is on the screen (None: no list)."""
    if not isinstance(focused, OptionList) or focused.highlighted is None:
        return None
    focused._update_lines()
    line = focused._index_to_line.get(focused.highlighted)
    if line is None:
        return None
    height = focused._heights[focused.highlighted]
    box = focused.content_region
    return Region(box.x, box.y - focused.scroll_offset.y + line, box.width, height)


def fit_problems(app: App[Any]) -> list[str]:
    """Every breach of the layout rule on the screen that is up (empty when it fits),
    found once a state read (``_reading``)."""
    read = _reading(app)
    if "problems" not in read:
        read["problems"] = _problems(app)
    return list(read["problems"])


def _problems(app: App[Any]) -> list[str]:
    """Every breach of the layout rule on the screen that is up, found now."""
    problems: list[str] = []
    for number, row in enumerate(_shown(app).splitlines()):
        if ELLIPSIS in row:
            problems.append(f"row {number} is cut with '…': {row.strip()!r}")
    shows: dict[Widget, bool] = {}
    for widget in app.screen.walk_children(Widget):
        if not _shows(widget, shows) or not widget.is_mounted:
            continue
        checks = (
            _cut_text(widget),
            _cut_line(widget),
            _unreachable_scroll(widget),
            _stale_lines(widget),
            _short_list(widget),
            _off_screen(app, widget),
        )
        for check in checks:
            if check is not None:
                problems.append(check)
    focus = _focus_out_of_view(app)
    if focus is not None:
        problems.append(focus)
    return problems


def assert_fits(app: App[Any], where: str) -> None:
    """Fail, naming every breach, when the screen that is up breaks the layout rule."""
    problems = fit_problems(app)
    if problems:
        size = f"{app.size.width}×{app.size.height}"
        listed = "\n  ".join(problems)
        raise AssertionError(
            f"{where} at {size} on {type(app.screen).__name__}:\n  {listed}\n"
            f"the screen shows:\n{shown(app)}"
        )


async def assert_choices_reachable(pilot: Pilot[Any], where: str, back: bool = False) -> None:
    """Walk the highlight of the focused list down through every choice and back up by
    keys (Down, Up: they move the cursor, or scroll through a choice taller than the view,
    and answer nothing), failing at the first choice out of view, at any other breach on
    the way, and when a choice's rows are never all shown (a tall one's last lines). ``back=False`` walks down only
    (cheaper: the way up meets the same choices)."""
    app = pilot.app
    focused = app.focused
    if not isinstance(focused, OptionList) or focused.option_count < 2 or _whole(app, focused):
        assert_fits(app, where)  # every choice is in view already: no key scrolls
        return
    start = focused.highlighted
    # The first and the last choice the cursor can rest on (a disabled one is skipped).
    enabled = [
        i for i in range(focused.option_count) if not focused.get_option_at_index(i).disabled
    ]
    if not enabled:
        assert_fits(app, where)
        return
    first, last = enabled[0], enabled[-1]
    rows = focused.virtual_size.height + focused.option_count  # ample presses for any walk
    # The highest row of each choice seen in the view (its last row, if ever shown whole).
    seen: dict[int, int] = {}
    walks = (("down", last), ("up", first))
    for key, end in walks if back else walks[:1]:
        for _ in range(rows):
            if focused.highlighted == end and not _moves_inside(focused, key):
                break
            await press(pilot, key)
            await settle(pilot)
            assert_fits(app, f"{where}, choice {focused.highlighted} highlighted")
            choice = _highlighted_region(focused)
            placed = _placed(app, focused)
            if choice is not None and placed is not None and focused.highlighted is not None:
                view = focused.content_region.intersection(placed[1])
                bottom = min(choice.bottom, view.bottom) - choice.y
                seen[focused.highlighted] = max(seen.get(focused.highlighted, 0), bottom)
        assert focused.highlighted == end, f"{where}: {key} never reached choice {end}"
    for index in range(focused.option_count):
        height = focused._heights.get(index, 0)
        if index in seen and seen[index] < height:
            raise AssertionError(
                f"{where}: choice {index} of {_name(focused)} shows {seen[index]} of its "
                f"{height} rows at most, by keys"
            )
    if start is not None:
        focused.highlighted = start
        await pilot.pause()


def _whole(app: App[Any], widget: Widget) -> bool:
    """Whether all of ``widget`` is in view: it does not scroll and nothing clips it."""
    placed = _placed(app, widget)
    if placed is None or widget.max_scroll_y > 0:
        return False
    region, clip = placed
    return clip.contains_region(region)


async def settle(pilot: Pilot[Any]) -> None:
    """Let the app take a key and lay out what it changed (a list's height that a line
    below it changed, the scroll that follows): the screen as the player then sees it."""
    for _ in range(20):  # a few frames at most; never a wait for time
        if not pilot.app.screen._layout_required:
            break
        await pilot.pause()
    if pending(pilot.app):
        await pilot.pause()  # what the layout scheduled after the refresh (a scroll)


def _handling(node: Any) -> bool:
    """Whether the message loop of ``node`` (the app or a widget) is anywhere but waiting
    for its next message: in a handler, which may await more work. Its task's chain of
    awaits ends in Textual's ``Queue.get`` when it waits. (Private Textual parts: check
    them at an upgrade.)"""
    task = node._task
    if task is None or task.done():
        return False
    awaited: Any = task.get_coro()
    while awaited is not None:
        if getattr(awaited, "cr_code", None) is _QUEUE_GET:
            return False
        awaited = getattr(awaited, "cr_await", None)
    return True


def busy(app: App[Any]) -> bool:
    """Whether Pilot's wait for the screen (a callback posted to the app and to every
    widget of the screen, each awaited: about 5 ms of CPU on a table screen) would find
    work left: ``pending``, a message being handled (``_handling``), callbacks for after
    it, a refresh a widget asked for at its next idle, or a resize the app has yet to
    take. With none, each callback runs at once and the idle after it finds nothing to
    do: the wait changes nothing. (Private Textual parts: check them at an upgrade.)"""
    if pending(app) or app._resize_event is not None:
        return True
    for node in (app, *app.screen.walk_children(with_self=True)):
        if _handling(node) or node._pending_message is not None or node._next_callbacks:
            return True
        if isinstance(node, Widget) and (
            node._refresh_styles_required
            or node._scroll_required
            or node._repaint_required
            or node._layout_required
        ):
            return True
    return False


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys one at a time, letting the app take each before the next, as
    ``tui_helpers.press`` does: Pilot's press of one key (its key event sent, then a wait
    until the process idles), its wait for every widget of the screen to take its
    messages only while the app is ``busy``, and a pause only while it has work queued
    (``pending``). (``App._press_keys`` and ``Pilot._wait_for_screen`` are Textual's
    private parts of ``Pilot.press``: check them at an upgrade.)"""
    app = pilot.app
    for key in keys:
        await app._press_keys([key])
        if busy(app):
            await pilot._wait_for_screen()
        if pending(app):
            await pilot.pause()


def _moves_inside(focused: OptionList, key: str) -> bool:
    """Whether ``key`` would scroll through the highlighted (tall) choice: part of it is
    out of the view on that side."""
    choice = _highlighted_region(focused)
    if choice is None:
        return False
    view = focused.content_region
    return choice.bottom > view.bottom if key == "down" else choice.y < view.y


async def resize(pilot: Pilot[Any], size: tuple[int, int]) -> None:
    """Resize the terminal and wait until the screen is laid out at that size (and what a
    resize schedules after the refresh: the footer's fit), as a scenario checks it there."""
    app = pilot.app
    await pilot.resize_terminal(*size)
    await until(
        pilot,
        lambda: (
            tuple(app.size) == size
            and tuple(app.screen.size) == size
            and not app.screen._layout_required
        ),
        f"the layout at {size}",
    )
    if pending(app):
        await pilot.pause()
    await _until_fitting(pilot)


async def _until_fitting(pilot: Pilot[Any]) -> None:
    """Let the app run the layout passes a resize sets off in turn (a scroll bar that
    appears narrows the text beside it, which is measured again in a later pass) until the
    screen fits, or for a few seconds at most: the caller's fit check then names what still
    breaks the rule, so a layout that never settles still fails."""
    try:
        await until(pilot, lambda: not fit_problems(pilot.app), "the layout settled", SETTLING)
    except AssertionError:
        return


# The glance: after a step, every line the player must do at the table is on the first
# screen with no key pressed. A line counts as seen when its words are on screen in order,
# whatever the wrapping (rows joined; frames, scroll bars and focus bars dropped).
NOT_WORDS = re.compile(r"[│┃║┆┊╎▌▐▍▎▏▕█▇▆▅▄▃▂▁─━╭╮╰╯┌┐└┘├┤┬┴┼]")
TO_DO = ("do", "end")  # the announcement kinds that ask something of the player


def flat(text: str) -> str:
    """``text`` as a run of words: frames and bars dropped, each run of blanks one space."""
    return " ".join(NOT_WORDS.sub(" ", text).split())


def unseen_lines(
    app: App[Any], announcements: Sequence[Announcement], region: Region | None = None
) -> list[str]:
    """The lines to do of ``announcements`` (kinds ``do`` and ``end``) that are not wholly
    on the screen the app shows now (within ``region`` of it: the list of what to do, where
    panels beside it share its rows)."""
    rows = _shown(app).split("\n")
    if region is not None:
        rows = [row[region.x : region.right] for row in rows[region.y : region.bottom]]
    on_screen = flat("\n".join(rows))
    return [a.text for a in announcements if a.kind in TO_DO and flat(a.text) not in on_screen]
