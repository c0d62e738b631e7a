"""The choices of one question: their keys, and the list that shows them."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widgets import OptionList

from companion.core.catalog import N_
from companion.core.questions import Question

# The keys of the choices of a question without its own keys: digits, then letters
# (14 cards of an Expert rebuild each keep one key).
CHOICE_KEYS = tuple("1234567890abcdefghijklmopqrstuvw")


def choice_keys(question: Question) -> tuple[str, ...]:
    """The key of each choice of ``question``: its own keys, else digits then letters."""
    if question.keys:
        return question.keys
    return CHOICE_KEYS[: len(question.choices)]


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
        if self._drawn_width and width != self._drawn_width:
            self._drawn_width = width
            rows = len(self._lines)
            self._clear_caches()
            self._update_lines()
            if len(self._lines) != rows:
                self.refresh(layout=True)

    def _on_resize(self) -> None:
        """Measure again at once, drawn or not (a list scrolled out of view keeps the width
        it was measured at, and a width too wide for its new room)."""
        rows = len(self._lines)
        super()._on_resize()  # type: ignore[no-untyped-call]  # untyped in Textual
        self._drawn_width = 0
        self._update_lines()
        if len(self._lines) != rows:  # a list as tall as its options: measured again
            self.refresh(layout=True)


class ChoiceList(RewrapsOnWidth):
    """The choices of one question; in ``multi`` mode Enter confirms and Space toggles."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter", N_("OK"), show=False),
        Binding("space", "select", N_("Toggle"), show=False),
    ]

    class Confirm(Message):
        """Enter was pressed in a ``multi`` list: the ticked choices are the answer."""

    multi = False

    def action_enter(self) -> None:
        """Select the highlighted choice, or confirm the ticks in ``multi`` mode."""
        if self.multi:
            self.post_message(self.Confirm())
        else:
            self.action_select()


def one_key_range(question: Question) -> tuple[int, int] | None:
    """A number question's (minimum, maximum) if its every answer is a single digit (a key
    answers it), else None."""
    low, high = question.minimum, question.maximum
    if low is not None and high is not None and 0 <= low <= high <= 9:
        return low, high
    return None
