"""The header and the footer of every screen, for a phone or a browser as well as a terminal.

- `Header`: its icon is the menu's ≡ from the first frame (Textual's ⭘ shows
  as an empty box in browsers), whatever redraws the header; its title fits
  the width (`CompanionApp.format_title`).
- `Footer`: the menu control ("≡ Menu", F10) always on its right, and only
  the keys that fit whole beside it: on a phone a key is never cut to a stub
  ("h Histo", "es"); the menu lists every action of the screen.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets import Header as TextualHeader
from textual.widgets._footer import FooterKey, FooterLabel
from textual.widgets._header import HeaderTitle

from companion.tui.keys import binding_text

# The menu's icon: a glyph every monospace font has (the default ⭘ shows as a box in browsers).
MENU_ICON = "≡"
PALETTE_CLASS = "-command-palette"
# Below this width (a phone in portrait) the header leaves its title more room.
PHONE_WIDTH = 60


class Header(TextualHeader):
    """Textual's header with the menu's icon (a tap opens the menu); its title is
    written again when its width changes (the app's title is shorter on a phone).

    On a phone the icon takes 3 cells and no space is kept for a clock (Textual
    keeps 8 + 10), so a screen's title is shown whole.
    """

    DEFAULT_CSS = """
    Header.-phone-header HeaderIcon { width: 3; }
    Header.-phone-header HeaderClockSpace { display: none; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("icon", MENU_ICON)
        super().__init__(*args, **kwargs)

    def on_mount(self) -> None:
        """The phone's header from the first frame (the app's width is known already)."""
        self.set_class(self.app.size.width < PHONE_WIDTH, "-phone-header")

    def query_one(self, selector: Any, expect_type: Any = None) -> Any:
        """Textual's ``query_one``, except that the title asked for while this header's
        children are already gone (its screen switched away as it mounts or unmounts)
        is a title no one sees, instead of NoMatches: Textual's header writes its title
        from watchers of the app's and the screen's titles, which may still run then, and
        their NoMatches would stop the app."""
        try:
            return super().query_one(selector, expect_type)
        except NoMatches:
            if selector is HeaderTitle:
                return HeaderTitle()
            raise

    def on_resize(self) -> None:
        """Write the title for the new width."""
        self.set_class(self.size.width < PHONE_WIDTH, "-phone-header")
        for title in self.query(HeaderTitle):
            title.update(self.format_title())


def natural_width(widget: Widget) -> int:
    """The cells ``widget`` takes in a row of the footer when shown: content, padding, margin."""
    styles = widget.styles
    if widget.children:  # a group of keys: its keys side by side
        content = sum(natural_width(child) for child in widget.children)
    else:
        content = widget.get_content_width(Size(0, 0), Size(0, 0))
    return content + styles.gutter.width + styles.margin.width


class Footer(TextualFooter):
    """Textual's footer with the menu control, showing only the keys that fit whole."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["show_command_palette"] = True
        super().__init__(*args, **kwargs)

    def compose(self) -> ComposeResult:
        """Textual's keys, their labels and help lines in the player's language (a binding's
        words are catalog messages, translated here where they are shown)."""
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if not widget.has_class(PALETTE_CLASS):
                    # Born with the footer's style: a key is made compact and bound to the
                    # footer's (not compact) as it mounts, each a restyle of the key: most
                    # of a recompose's time. (The menu's key is not bound: it stays compact.)
                    widget.set_reactive(FooterKey.compact, self.compact)
                    widget.set_class(self.compact, "-compact", update=False)
                if widget.description:
                    widget.description = binding_text(widget.description)
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = binding_text(widget.tooltip)
            yield widget

    # What the keys on show were composed from: the screen refreshes its bindings many
    # times a key press, mostly to the same keys; recomposing each time cost most of
    # a step's time on a slow device (a phone's browser).
    _composed_from: tuple[object, ...] | None = None

    def _keys_to_show(self) -> tuple[object, ...]:
        """What ``compose`` would draw: each shown binding's key, words and state."""
        if not self._bindings_ready:
            return ()
        shown = []
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            palette = binding.key == self.app.COMMAND_PALETTE_BINDING
            if binding.show or (palette and self.show_command_palette):
                words = (binding.description, tooltip, binding.tooltip, binding.group)
                key = (binding.key, binding.action, self.app.get_key_display(binding))
                shown.append((*key, *words, enabled))
        return (self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE, *shown)

    async def recompose(self) -> None:
        """Recompose when the keys to show changed, then keep the keys that fit."""
        if not self.is_attached:
            return
        keys = self._keys_to_show()
        if keys == self._composed_from and self.children:
            return
        self._composed_from = keys
        await super().recompose()
        self._forget_removed_keys()
        self.fit()
        self.call_after_refresh(self.fit)  # again once the new keys are styled and laid out

    def _forget_removed_keys(self) -> None:
        """Drop the removed keys from the footer's watchers (Textual's keys watch its
        ``compact`` with ``data_bind`` and are only forgotten when it changes: kept, every
        change of the screen's keys would keep a dozen dead keys, some 250 kB a step)."""
        for listed in getattr(self, "__watchers", {}).values():
            listed[:] = [
                (node, callback) for node, callback in listed if not (node._closing or node._closed)
            ]

    def on_resize(self) -> None:
        """Keep the keys that fit the new width."""
        self.fit()

    def fit(self) -> None:
        """Show the keys, in order, while they fit whole beside the menu control; hide the rest."""
        keys = [child for child in self.children if not child.has_class(PALETTE_CLASS)]
        room = self.size.width - sum(
            natural_width(child) for child in self.children if child.has_class(PALETTE_CLASS)
        )
        used = 0
        fits = True
        for index, child in enumerate(keys):
            used += natural_width(child)
            # A key's last cell is blank (padding or margin): it may fall under the menu's edge.
            fits = fits and used - 1 <= room
            child.display = fits
            if not fits and isinstance(child, FooterLabel) and index:
                keys[index - 1].display = False  # a group's keys go with their label
