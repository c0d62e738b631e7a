"""The announcements of the last step, each with its "why" shown on demand."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import OptionList

from companion.core.catalog import N_, _
from companion.core.questions import Announcement
from companion.tui.widgets.layout import Hanging, TallChoices, hanging

# Announcement kind -> a glyph that says it without colour.
KIND_MARKS = {"do": "→", "info": "i", "end": "★"}


def who_name(who: str, names: Mapping[str, str] | None = None) -> str:
    """Who an announcement is for, in the player's language: by ``names``, the game's
    catalog messages ('black', 'plot'), else as it is (a player's name)."""
    if names and who in names:
        return _(names[who])
    return who


def begins_with(text: str, name: str) -> bool:
    """Whether ``text`` begins with ``name`` as a word ("Ann unites…", "Ann's marker"): the
    line names who it is for itself."""
    return bool(name) and text.startswith(name) and text[len(name) : len(name) + 1] in " '’,"


def announcement_text(
    item: Announcement,
    number: int,
    show_why: bool,
    marks: Mapping[str, str] | None = None,
    names: Mapping[str, str] | None = None,
) -> Hanging:
    """One announcement: number and kind glyph (and ``?`` in a column of its own when it has
    a why not shown: never a row of its own), then who (or its mark from ``marks``, e.g.
    '■' for black on a phone; its name from ``names``), text and (if asked) why."""
    flag = "?" if item.why and not show_why else " "
    marker = Text(f"{number:>2}{KIND_MARKS.get(item.kind, '→')}{flag} ", style="bold")
    text = Text()
    name = who_name(item.who, names) if item.who else ""
    if item.who and marks and item.who in marks:
        text.append(f"{marks[item.who]} ", style="bold")
        text.append(item.text)
    elif begins_with(item.text, name):
        # "Ann unites the Order…": the line names its player first, in bold; no "Ann: " more.
        text.append(name, style="bold")
        text.append(item.text[len(name) :])
    else:
        text.append(f"{name}: " if name else "", style="bold")
        text.append(item.text)
    if item.why and show_why:
        text.append("\n" + _("why: "), style="italic bold")
        text.append(item.why, style="italic")
    return hanging(marker, text)


def one_line_per_step(
    announcements: Sequence[Announcement],
    folded: Collection[str] = (),
    names: Mapping[str, str] | None = None,
    kinds: Collection[str] = (),
) -> list[Announcement]:
    """The announcements with one line per thing to do on the board: each one that only
    informs (its ``what`` in ``folded``, as the game's panels say: Euphoria's card pair
    drawn; or its kind in ``kinds``: every ``info`` line on a small screen) joins the why of
    the line before it (the first ones: of the line after them), so the details stay on
    demand (`w`)."""
    out: list[Announcement] = []
    waiting: list[str] = []  # details seen before any line to attach them to
    for item in announcements:
        if item.what in folded or item.kind in kinds:
            name = who_name(item.who, names) if item.who else ""
            who = f"{name}: " if name and not begins_with(item.text, name) else ""
            detail = f"· {who}{item.text}"
            if out:
                last = out[-1]
                out[-1] = replace(last, why=f"{last.why}\n{detail}" if last.why else detail)
            else:
                waiting.append(detail)
            continue
        if waiting:
            item = replace(item, why="\n".join([*waiting, *([item.why] if item.why else [])]))
            waiting = []
        out.append(item)
    if waiting and not out:  # nothing but details: show them as they are
        out = [a for a in announcements if a.what in folded or a.kind in kinds]
    return out


class AnnouncementList(TallChoices):
    """A list of announcements; Enter, a click or `w` shows/hides the why of one, `W` of all.

    Args:
        announcements: the announcements to show, in order.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "toggle_why", N_("Why"), show=False),
        Binding("w", "toggle_why", N_("Why?")),
        Binding("W", "toggle_all", N_("All whys"), show=False),
    ]

    DEFAULT_CSS = """
    AnnouncementList { height: auto; max-height: 100%; }
    """

    def __init__(
        self,
        announcements: Sequence[Announcement] = (),
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        self.announcements: list[Announcement] = list(announcements)
        self.expanded: set[int] = set()
        # who -> a mark that stands for it where the list is narrow (set by the screen).
        self.marks: dict[str, str] = {}
        # who -> the catalog message naming it (the game's; set by the screen).
        self.names: dict[str, str] = {}
        super().__init__(*self._prompts(), name=name, id=id, classes=classes)

    def _prompts(self) -> list[Hanging | Text]:
        if not self.announcements:
            return [Text(_("(nothing to announce)"), style="dim")]
        return [
            announcement_text(a, i + 1, i in self.expanded, self.marks, self.names)
            for i, a in enumerate(self.announcements)
        ]

    def show(
        self,
        announcements: Sequence[Announcement],
        marks: Mapping[str, str] | None = None,
        names: Mapping[str, str] | None = None,
    ) -> None:
        """Replace the list (whys folded again); with ``marks``, say who with them from now
        on (e.g. '■' for black on a phone; {}: words), named by ``names`` (the game's
        catalog messages): the list made once for the marks and the lines."""
        if marks is not None:
            self.marks, self.names = dict(marks), dict(names or {})
        self.announcements = list(announcements)
        self.expanded = set()
        self.clear_options()
        self.add_options(self._prompts())
        if self.announcements:
            self.highlighted = 0

    def toggle_why(self, index: int) -> None:
        """Show or hide the why of announcement ``index`` (0-based)."""
        if not 0 <= index < len(self.announcements):
            return
        self.expanded ^= {index}
        self.replace_option_prompt_at_index(
            index,
            announcement_text(
                self.announcements[index],
                index + 1,
                index in self.expanded,
                self.marks,
                self.names,
            ),
        )

    def action_toggle_why(self) -> None:
        """Toggle the why of the highlighted announcement."""
        if self.highlighted is not None:
            self.toggle_why(self.highlighted)

    def action_toggle_all(self) -> None:
        """Show every why, or hide them all if all are shown."""
        every = set(range(len(self.announcements)))
        self.expanded = set() if self.expanded == every else every
        for index, item in enumerate(self.announcements):
            self.replace_option_prompt_at_index(
                index,
                announcement_text(item, index + 1, index in self.expanded, self.marks, self.names),
            )

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.toggle_why(event.option_index)
