"""The menu: every action of the screen below as a list a tap runs (for narrow and touch screens).

A phone's footer cannot show every key of a screen, and a tablet has no
keys at all. The footer's right-hand "≡ Menu" control (and the header's
≡ icon, and Ctrl+P) opens this list: the actions of the screen below, its
focused widget and the app, each with its key, then the searchable command
palette. A tap runs one; Escape, a tap on Close or outside the list closes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, OptionList
from textual.widgets.option_list import Option

from companion.core.catalog import N_, _
from companion.tui.keys import NOT_FOR_PLAYERS, binding_text
from companion.tui.screens.work_once import WorkOnceModalScreen

# The settings every menu ends with (the app's actions), each with its state now.
VOICE_ON = N_("Spoken moves: on")
VOICE_OFF = N_("Spoken moves: off")
CUES_ON = N_("Sound cues: on")
CUES_OFF = N_("Sound cues: off")

MENU_ACTIONS = frozenset(
    {"command_palette", "app.command_palette", "open_command_search", "app.open_command_search"}
)


@dataclass(frozen=True)
class MenuEntry:
    """One action of the menu: its label, key, where it runs, and whether it can run now."""

    label: str
    key: str
    namespace: DOMNode
    action: str
    enabled: bool = True


def textual_own(node: DOMNode) -> set[tuple[str, str]]:
    """(key, action) of the bindings ``node`` has from Textual's own classes (focus, copy...)."""
    own: set[tuple[str, str]] = set()
    for cls in type(node).__mro__:
        if cls.__module__.startswith("textual."):
            for binding in cls.__dict__.get("BINDINGS", []):
                if isinstance(binding, Binding):
                    # "ctrl+c,super+c": one active binding per key
                    own.update((key.strip(), binding.action) for key in binding.key.split(","))
    return own


def screen_entries(screen: Screen[Any]) -> list[MenuEntry]:
    """The actions a key runs on ``screen`` now (focused widget, screen, app), one per action.

    The ones a footer shows come first; Textual's own hidden keys (cursor moves,
    focus, copy) are left out.
    """
    entries: list[MenuEntry] = []
    seen: set[tuple[str, str]] = set()
    actives = sorted(screen.active_bindings.values(), key=lambda active: not active.binding.show)
    for active in actives:
        binding = active.binding
        if not binding.description or binding.action in MENU_ACTIONS | NOT_FOR_PLAYERS:
            continue
        if not binding.show and (
            not type(active.node).__module__.startswith("companion.")
            or (binding.key, binding.action) in textual_own(active.node)
        ):
            continue
        key = (binding.description, binding.action.removeprefix("app."))
        if key in seen:
            continue
        seen.add(key)
        entries.append(
            MenuEntry(
                binding_text(binding.description),
                screen.app.get_key_display(binding),
                active.node,
                binding.action,
                active.enabled,
            )
        )
    return entries


def with_settings(app: Any, entries: list[MenuEntry]) -> list[MenuEntry]:
    """``entries`` with the app's settings, the spoken moves and the sound cues, each saying
    whether it is on (a tap turns it over, kept between starts): in the place of a game
    screen's Voice entry (with its key, `v`), else last."""
    from companion.tui.voice import voice_of

    settings = voice_of(app).settings
    place = next((i for i, entry in enumerate(entries) if entry.action == "voice"), len(entries))
    key = entries[place].key if place < len(entries) else ""
    voice = _(VOICE_ON) if settings.voice else _(VOICE_OFF)
    cues = _(CUES_ON) if settings.sound_cues else _(CUES_OFF)
    own = [
        MenuEntry(voice, key, app, "voice_setting"),
        MenuEntry(cues, "", app, "cues_setting"),
    ]
    return [*entries[:place], *own, *entries[place + 1 :]]


class MenuScreen(WorkOnceModalScreen[None]):
    """The actions of the screen below; a tap (or Enter) runs one."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape", "close", N_("Close"))]

    DEFAULT_CSS = """
    MenuScreen { align: center middle; background: $background 60%; }
    MenuScreen > Vertical {
        width: 60; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
        border-title-color: $foreground; border-title-style: bold;
    }
    MenuScreen OptionList { height: auto; max-height: 12; }
    MenuScreen.-tall OptionList { max-height: 22; }
    MenuScreen #menu-close { width: 100%; margin-top: 1; }
    """

    def __init__(self, entries: list[MenuEntry]) -> None:
        super().__init__()
        self.entries = entries

    def compose(self) -> ComposeResult:
        """The list of actions and a Close button."""
        with Vertical() as box:
            box.border_title = _("Menu")
            options = [
                Option(
                    Text.assemble((entry.label, "bold"), "  ", (entry.key, "italic")),
                    disabled=not entry.enabled,
                )
                for entry in self.entries
            ]
            options.append(Option(Text(_("Search every command…"), style="italic")))
            yield OptionList(*options, id="menu-list")
            yield Button(_("Close"), id="menu-close")

    def on_mount(self) -> None:
        """Focus the list."""
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Close the menu, then run the chosen action where its key would have."""
        event.stop()
        self.dismiss()
        if event.option_index == len(self.entries):
            self.app.call_later(self.app.run_action, "open_command_search")
            return
        entry = self.entries[event.option_index]
        node = entry.namespace
        runner = node.run_action if isinstance(node, Widget) else self.app.run_action
        self.app.call_later(runner, entry.action)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Close."""
        event.stop()
        self.dismiss()

    def on_click(self, event: events.Click) -> None:
        """A tap outside the list closes the menu."""
        if event.widget is self:
            self.dismiss()

    def action_close(self) -> None:
        """Close the menu."""
        self.dismiss()
