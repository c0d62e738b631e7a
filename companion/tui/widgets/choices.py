"""The choices of one question: their keys, and the list that shows them."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Offset, Region
from textual.message import Message
from textual.widget import Widget

from companion.core.catalog import N_
from companion.core.questions import Question
from companion.tui.widgets.layout import TallChoices

# The keys of the choices of a question without its own keys: digits, then letters
# (14 cards of an Expert rebuild each keep one key).
CHOICE_KEYS = tuple("1234567890abcdefghijklmopqrstuvw")


def choice_labels(question: Question) -> list[str]:
    """What each choice of ``question`` shows: its label, else its id."""
    if question.labels and len(question.labels) == len(question.choices):
        return list(question.labels)
    return list(question.choices)


def choice_keys(question: Question) -> tuple[str, ...]:
    """The key of each choice of ``question``: its own keys, else digits then letters."""
    if question.keys:
        return question.keys
    return CHOICE_KEYS[: len(question.choices)]


def typed_keys(question: Question | None) -> bool:
    """Whether the choices of ``question`` are named by typing (a printed card's id, S7,
    B3): a ``one`` question whose own keys are longer than a key press."""
    return (
        question is not None
        and question.kind == "one"
        and any(len(key) > 1 for key in question.keys)
    )


def typed_matches(question: Question, typed: str) -> list[int]:
    """The choices whose key begins with ``typed`` (letters in either case)."""
    return [i for i, key in enumerate(question.keys) if key.upper().startswith(typed.upper())]


def typed_choice(question: Question, typed: str) -> int | None:
    """The choice ``typed`` names for sure: its whole key, which begins no other key (S1
    among S1 and S10 waits for Enter or the next digit)."""
    matches = typed_matches(question, typed)
    if len(matches) == 1 and question.keys[matches[0]].upper() == typed.upper():
        return matches[0]
    return None


class ChoiceList(TallChoices):
    """The choices of one question; in ``multi`` mode Enter confirms and Space toggles."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter", N_("OK"), show=False),
        Binding("space", "select", N_("Toggle"), show=False),
    ]

    class Confirm(Message):
        """Enter was pressed in a ``multi`` list: the ticked choices are the answer."""

    multi = False

    def on_hide(self, event: events.Hide) -> None:
        """Keep the focus when the list is shown again before its Hide arrives. A question
        panel hides its choices once answered and shows them again for the next question in
        one handler; a layout run in between (a loaded machine) posts a Hide that the list
        takes only after it is shown and focused again. Textual's own handler would then
        blur it, passing the focus to the panel and back (both restyled, a key lost if
        pressed in between)."""
        shown = all(node.display for node in self.ancestors_with_self if isinstance(node, Widget))
        if shown and self.has_focus:
            event.prevent_default()

    def scroll_to_highlight(self, top: bool = False) -> None:
        """Bring the highlighted choice into view, in the list and in every scrolling
        container above it: a list as tall as its choices does not scroll itself (the
        step or the dialog around it does), so moving its cursor must scroll them."""
        super().scroll_to_highlight(top)
        if self.is_mounted:
            self.call_after_refresh(self._reveal_highlight)

    def _reveal_highlight(self) -> None:
        """Scroll the containers above the list so the highlighted choice shows whole."""
        highlighted = self.highlighted
        if highlighted is None or not self.is_mounted:
            return
        self._update_lines()
        line = self._index_to_line.get(highlighted)
        if line is None:
            return
        height = self._heights[highlighted]
        box = self.virtual_region
        top = box.y + self.styles.gutter.top + line - self.scroll_offset.y
        region = Region(box.x, top, box.width, height)
        widget: Widget = self
        # As Widget.scroll_to_widget walks up, from the choice's region instead of the list's.
        while isinstance(widget.parent, Widget) and region:
            container = widget.parent
            scrolled = container.scroll_to_region(region, animate=False, immediate=True)
            region = (
                region.translate(-(scrolled or Offset()))
                .translate(container.styles.margin.top_left)
                .translate(container.styles.border.spacing.top_left)
                .translate(container.virtual_region_with_margin.offset)
            ).intersection(container.virtual_region_with_margin.grow(container.styles.margin))
            widget = container

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
