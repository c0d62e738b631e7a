"""The choices of one question: their keys, and the list that shows them."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget
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


class ChoiceList(OptionList):
    """The choices of one question; in ``multi`` mode Enter confirms and Space toggles."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter", N_("OK"), show=False),
        Binding("space", "select", N_("Toggle"), show=False),
    ]

    class Confirm(Message):
        """Enter was pressed in a ``multi`` list: the ticked choices are the answer."""

    multi = False

    def scroll_to_highlight(self, top: bool = False) -> None:
        """Bring the highlighted choice into view: in the list, and, when the list shows all
        its rows (a question taking the rows it needs), in the container that scrolls it."""
        super().scroll_to_highlight(top=top)
        if self.is_mounted and self.highlighted is not None:
            self.call_after_refresh(self._reveal_highlight)

    def _reveal_highlight(self) -> None:
        index = self.highlighted
        scroller = self.parent
        while isinstance(scroller, Widget) and not scroller.allow_vertical_scroll:
            scroller = scroller.parent
        if index is None or not isinstance(scroller, Widget) or index not in self._heights:
            return
        box = self.content_region
        y = box.y + self._index_to_line[index] - int(self.scroll_offset.y)
        inner = scroller.content_region
        option = Region(0, y - inner.y + int(scroller.scroll_offset.y), 1, self._heights[index])
        scroller.scroll_to_region(option, animate=False, immediate=True)

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
