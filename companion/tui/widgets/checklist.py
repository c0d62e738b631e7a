"""A list of tickable items (the set-up checklist): `[x]` / `[ ]`, never colour alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList

from companion.core.catalog import N_
from companion.tui.widgets.layout import Hanging, TallChoices, hanging


class Checklist(TallChoices):
    """Tickable items; Space, Enter or a click ticks the highlighted one, `a` ticks all.

    Args:
        items: the item texts, in order (the first line is its title, more lines are indented).
        ticked: indexes ticked at the start.

    Posts :class:`Checklist.Changed` after every change and
    :class:`Checklist.Completed` when the last item gets ticked.
    """

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("space", "select", N_("Tick"), show=True, tooltip=N_("tick or untick the item")),
        Binding("a", "tick_all", N_("Tick all"), show=False, tooltip=N_("tick every item")),
    ]

    DEFAULT_CSS = """
    Checklist { height: auto; max-height: 100%; }
    """

    class Changed(Message):
        """The ticks changed; ``ticked`` holds the ticked indexes."""

        def __init__(self, checklist: Checklist, ticked: frozenset[int]) -> None:
            super().__init__()
            self.checklist = checklist
            self.ticked = ticked

        @property
        def control(self) -> Checklist:
            """The checklist that changed."""
            return self.checklist

    class Completed(Message):
        """Every item is ticked."""

        def __init__(self, checklist: Checklist) -> None:
            super().__init__()
            self.checklist = checklist

        @property
        def control(self) -> Checklist:
            """The checklist that was completed."""
            return self.checklist

    def __init__(
        self,
        items: Sequence[str] = (),
        ticked: Sequence[int] = (),
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        self.items: list[str] = list(items)
        self.ticked: set[int] = set(ticked)
        super().__init__(
            *(self._prompt(i) for i in range(len(self.items))), name=name, id=id, classes=classes
        )

    def _prompt(self, index: int) -> Hanging:
        done = index in self.ticked
        first, *rest = self.items[index].split("\n")
        body = Text(first, style="dim" if done else "bold")
        for line in rest:
            body.append("\n· " + line, style="dim" if done else "")
        return hanging(Text("[x] " if done else "[ ] ", style="bold"), body)

    @property
    def complete(self) -> bool:
        """Whether every item is ticked."""
        return len(self.ticked) == len(self.items)

    def toggle(self, index: int) -> None:
        """Tick or untick item ``index`` (0-based) and post the messages."""
        if not 0 <= index < len(self.items):
            return
        was_complete = self.complete
        self.ticked ^= {index}
        self.replace_option_prompt_at_index(index, self._prompt(index))
        self.post_message(self.Changed(self, frozenset(self.ticked)))
        if self.complete and not was_complete:
            self.post_message(self.Completed(self))
        elif index in self.ticked and index + 1 < len(self.items):
            self.highlighted = index + 1

    def action_tick_all(self) -> None:
        """Tick every item."""
        for index in range(len(self.items)):
            if index not in self.ticked:
                self.toggle(index)

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.toggle(event.option_index)
