"""The header and the footer of every screen, for a phone or a browser as well as a terminal.

- `Header`: its icon is the menu's ≡ from the first frame (Textual's ⭘ shows
  as an empty box in browsers), whatever redraws the header; its title fits
  the width (`CompanionApp.format_title`).
- `Footer`: the menu control ("≡ Menu", F10) always on its right, and only
  the keys that fit whole beside it: on a phone a key is never cut to a stub
  ("h Histo", "es"); the menu lists every action of the screen. Its keys change
  once the screen has settled (a question answered and the next asked, the focus
  moved), so a key drawn stays where it is till the screen's next state.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

from textual import messages
from textual.app import ComposeResult
from textual.compose import compose as compose_widgets
from textual.content import Content
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets import Header as TextualHeader
from textual.widgets._footer import FooterKey, FooterLabel
from textual.widgets._header import HeaderTitle

from companion.core.catalog import language
from companion.tui import restyle
from companion.tui.keys import binding_text

# The menu's icon: a glyph every monospace font has (the default ⭘ shows as a box in browsers).
MENU_ICON = "≡"
PALETTE_CLASS = "-command-palette"
# Below this width (a phone in portrait) the header leaves its title more room.
PHONE_WIDTH = 60
# What a widget may have queued while its screen is settled: drawing's own bookkeeping.
SETTLED_MESSAGES = (messages.Prompt, messages.Update, messages.Layout, messages.UpdateScroll)
# How many refreshes in a row the footer waits for a screen whose widgets take none of the
# messages on their way before it shows the keys anyway (a screen stuck between two states
# still gets its keys); and how many it waits at most for a screen that keeps working (one
# that is never idle still gets its keys). A screen's mount on a busy machine takes a few
# dozen refreshes: it is waited for, not cut short.
SETTLE_REFRESHES = 8
SETTLE_REFRESHES_MOST = 200


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
        """Write the title for the new width (when it changes: writing it lays the screen
        out again). Its class restyles only what its rules style (its icon, its clock's
        space), not the whole header."""
        restyle.set_class(self, self.size.width < PHONE_WIDTH, "-phone-header")
        for title in self.query(HeaderTitle):
            new = self.format_title()
            old = title.content
            if not (isinstance(old, Content) and (old.plain, old.spans) == (new.plain, new.spans)):
                title.update(new)


def _key_identity(key: Widget) -> tuple[object, ...]:
    """What makes two footer keys alike: shown alike, doing the same thing. (Not whether it
    is compact: that follows the footer's style, and the menu's key is compact always.)"""
    assert isinstance(key, FooterKey)
    classes = key.classes - {"-compact"}
    return (key.key, key.key_display, key.description, key.action, key.tooltip, classes)


def _queued(node: Any) -> list[Message | None]:
    """The messages waiting in ``node``'s queue (Textual's message pump, read not taken).

    The queue is Textual's private part: check it at a Textual upgrade
    (tests/ui/test_tui_footer_frames.py fails if the footer shows in-between keys again)."""
    return list(node._message_queue.values)


def natural_width(widget: Widget) -> int:
    """The cells ``widget`` takes in a row of the footer when shown: content, padding, margin."""
    styles = widget.styles
    if widget.children:  # a group of keys: its keys side by side
        content = sum(natural_width(child) for child in widget.children)
    else:
        content = widget.get_content_width(Size(0, 0), Size(0, 0))
    return content + styles.gutter.width + styles.margin.width


class Footer(TextualFooter):
    """Textual's footer with the menu control, showing only the keys that fit whole.

    It never scrolls (the keys shown fit): its keys wider than its row for a moment (a
    key shown before the fit hides another) showed Textual's scrollbar of no size, and
    hid it again, each a layout pass of the whole screen for nothing drawn."""

    DEFAULT_CSS = """
    Footer { overflow-x: hidden; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["show_command_palette"] = True
        super().__init__(*args, **kwargs)
        self._recomposing = asyncio.Lock()
        self._made_of = {}
        self._widths = weakref.WeakKeyDictionary()

    def compose(self) -> ComposeResult:
        """Textual's keys, their labels and help lines in the player's language (a binding's
        words are catalog messages, translated here where they are shown)."""
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Born with the style it is drawn in. Textual makes a key compact (or not)
                # as it mounts, each a restyle of the key: most of a recompose's time. And
                # a key laid out before it mounted keeps that layout's words until it is
                # refreshed once mounted: the footer measured the menu's key in the other
                # style's padding, two cells too wide, and hid the last key that fitted.
                # The menu's key is not bound to the footer's style: it stays compact.
                compact = True if widget.has_class(PALETTE_CLASS) else self.compact
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
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

    # Whether a recompose is asked for and not yet run: the screen tells the footer of its
    # keys many times a frame, one recompose after the frame sees them all.
    _recompose_due = False
    _recomposing: asyncio.Lock

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Recompose after the next refresh, once however often the keys changed till then."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._recompose_due:
            self._recompose_due = self.call_after_refresh(self.recompose)

    async def recompose(self) -> None:
        """Recompose when the keys to show changed, then keep the keys that fit: once the
        screen has settled, so that a frame never shows keys that move a frame later."""
        self._recompose_due = False
        # One at a time: the screen asks for a recompose after its refresh, Textual's own
        # reactives on the footer's turn; each waits for the keys it mounts.
        async with self._recomposing:
            if not self._screen_shown():
                return  # recomposed when its screen shows again (``show_menu_control``)
            # Asked once the lock is held: the screen moves on while a recompose waits.
            if self._keep_waiting():
                if not self._recompose_due:
                    self._recompose_due = self.call_after_refresh(self.recompose)
                return
            await self._recompose()

    def _screen_shown(self) -> bool:
        """Whether the footer's screen shows: the app's top screen, or one showing through
        it. A screen covered by another (the home screen under a game's) keeps the keys it
        shows, unseen; when it is shown again the app tells its footer the screen's keys
        (``show_menu_control``), which recomposes it then: the home screen's footer made its
        keys as the game's screen covered it, each key mounted and styled for no one."""
        if not self.is_attached:
            return False
        screen = self.screen
        # The app's screens showing under the top one are Textual's private part (the
        # companion app's own list): check it at a Textual upgrade.
        return screen.is_current or screen in self.app._background_screens

    # The messages on their way to the screen's widgets at the footer's last look, the
    # refreshes in a row that took none of them, and all the refreshes waited
    # (``SETTLE_REFRESHES``, ``SETTLE_REFRESHES_MOST``).
    _on_their_way: tuple[Message | None, ...] = ()
    _stuck = 0
    _waited = 0

    def _keep_waiting(self) -> bool:
        """Whether to wait one more refresh before showing the screen's keys: the screen
        is between two states (``_on_its_way``), and is taking its messages or has been
        stuck for only a few refreshes. The app's own messages never count as stuck: they
        wait while the app runs a handler (a screen pushed and mounting), which ends. A
        screen mounting on a loaded machine took more than a fixed count of refreshes: its
        footer showed the keys of a screen whose focus had not landed yet, and the keys
        moved a frame later."""
        for_app, for_screen = self._on_its_way()
        before, self._on_their_way = self._on_their_way, tuple(for_screen)
        if not (for_app or for_screen) or self._waited >= SETTLE_REFRESHES_MOST:
            return self._settled()
        taken = any(all(message is not now for now in for_screen) for message in before)
        self._stuck = 0 if taken or not for_screen else self._stuck + 1
        if self._stuck > SETTLE_REFRESHES:
            return self._settled()
        self._waited += 1
        return True

    def _settled(self) -> bool:
        """Done waiting (``_keep_waiting``): the counts start again at the next state."""
        self._stuck = self._waited = 0
        self._on_their_way = ()
        return False

    def _on_its_way(self) -> tuple[list[Message | None], list[Message | None]]:
        """The messages and callbacks on their way to the app, and to the screen and its
        widgets (a question answered and the next not yet asked, a focus not yet moved),
        whose keys would show for a frame and move at the next: none once the screen has
        settled, and its keys are shown then; meanwhile the footer keeps the keys it shows.
        Drawing's own bookkeeping (``SETTLED_MESSAGES``) and the footer's own keys do not
        count."""
        if not self.is_attached:
            return [], []
        for_app = [m for m in _queued(self.app) if not isinstance(m, SETTLED_MESSAGES)]
        for_screen = [
            message
            for node in self.screen.walk_children(with_self=True)
            if node is not self and node.parent is not self
            for message in _queued(node)
            if not isinstance(message, SETTLED_MESSAGES)
        ]
        return for_app, for_screen

    async def _recompose(self) -> None:
        if not self.is_attached:
            return
        keys = self._keys_to_show()
        if keys == self._composed_from and self.children:
            return
        self._composed_from = keys
        self._fitted = None  # the keys on show fitted again, even where ids were reused
        if not await self._show_keys(keys):
            await super().recompose()
            self._in_use = None
            self._forget_removed_keys()
        self.fit()
        self.call_after_refresh(self.fit)  # again once the new keys are styled and laid out

    # The keys of the screen's bindings now, in order (None: all the children); the other
    # children are keys the footer showed before, hidden until they come back.
    _in_use: list[Widget] | None = None

    @property
    def keys(self) -> list[Widget]:
        """The keys of the screen's bindings now, in order: those ``fit`` shows and those it
        hides for want of room (the menu lists them), not the keys kept for later."""
        if self._in_use is None:
            return list(self.children)
        # Not a key whose mounting was dropped: the footer's screen closed meanwhile.
        return [key for key in self._in_use if key.parent is self]

    async def _show_keys(self, keys: tuple[object, ...]) -> bool:
        """Show the keys ``compose`` makes now, each the key this footer made before when one
        is alike (its words, state and classes): a key that goes is hidden, not removed,
        and shown again when it comes back. Mounting a key styles it, most of a recompose's
        time, and a question's keys come and go at every step while the screen's stay.
        False (nothing changed) when a key of a group is among them: recompose then."""
        wanted = self._wanted_keys(keys)
        if wanted is None:
            return False
        in_use = {id(key) for key in wanted}
        async with self.batch():
            for child in self.children:
                if id(child) not in in_use:
                    child.display = False  # kept for when it comes back
            previous: Widget | None = None
            run: list[Widget] = []  # new keys side by side, mounted at once after ``previous``
            for key in [*wanted, None]:
                if key is not None and key.parent is not self:
                    run.append(key)
                    continue
                if run:
                    if not await self._mount_keys(run, after=previous):
                        return True  # the screen closed as they mounted
                    previous, run = run[-1], []
                if key is None:
                    break
                self._place(key, previous)
                previous = key
        self._in_use = wanted
        return True

    # What ``compose`` made of the keys to show (each key's likeness, and the columns it
    # gave the footer's grid), by the keys to show and the language: a question's keys come
    # back at every step, and making every key anew to find the new ones took most of the
    # time left of a recompose.
    _made_of: dict[tuple[object, ...], tuple[tuple[tuple[object, ...], ...], int]]

    def _wanted_keys(self, keys: tuple[object, ...]) -> list[Widget] | None:
        """The keys to show for ``keys`` (``_keys_to_show``), in order: those the footer has
        where alike, new ones for the rest; None when a key of a group is among them."""
        children = list(self.children)
        if not all(isinstance(child, FooterKey) for child in children):
            return None
        made = {_key_identity(child): child for child in reversed(children)}
        made_of = (language(), *keys)
        known = self._made_of.get(made_of)
        if known is not None and all(likeness in made for likeness in known[0]):
            self._set_columns(known[1])
            return [made[likeness] for likeness in known[0]]
        new = compose_widgets(self)  # sets the grid's columns too
        if not all(isinstance(key, FooterKey) for key in new):
            return None
        likenesses = tuple(_key_identity(key) for key in new)
        if len(set(likenesses)) == len(likenesses):  # (two keys alike: made each time)
            self._made_of[made_of] = (likenesses, self.styles.grid_size_columns)
        return [made.pop(likeness, key) for likeness, key in zip(likenesses, new, strict=True)]

    def _set_columns(self, columns: int) -> None:
        """The footer's grid of ``columns``, laid out again when they change. Not by setting
        the style, which refreshes every key in the footer too: each key then measured and
        drawn its words again at the next layout, though none of them changed."""
        if self.styles.grid_size_columns != columns:
            self.styles.set_rule("grid_size_columns", columns)
            self.refresh(layout=True)

    async def _mount_keys(self, keys: list[Widget], after: Widget | None) -> bool:
        """Mount ``keys`` after ``after`` (first, if None); whether they were mounted (not
        when the footer's screen closed meanwhile)."""
        if after is not None:
            await self.mount_all(keys, after=after)
        elif self.children:
            await self.mount_all(keys, before=0)
        else:
            await self.mount_all(keys)
        return keys[-1].parent is self

    def _place(self, key: Widget, previous: Widget | None) -> None:
        """Move ``key`` right after ``previous`` (first, if None) unless it is there already."""
        children = self.children
        at = 0 if previous is None else children.index(previous) + 1
        if at >= len(children) or children[at] is not key:
            if previous is None:
                self.move_child(key, before=0)
            else:
                self.move_child(key, after=previous)

    def _forget_removed_keys(self) -> None:
        """Drop the removed keys from the footer's watchers (Textual's keys watch its
        ``compact`` with ``data_bind`` and are only forgotten when it changes: kept, every
        recompose would keep a dozen dead keys, some 250 kB a step)."""
        for listed in getattr(self, "__watchers", {}).values():
            listed[:] = [
                (node, callback) for node, callback in listed if not (node._closing or node._closed)
            ]

    def on_resize(self) -> None:
        """Keep the keys that fit the new width."""
        self.fit()

    # The cells each key takes, measured once: a key's words and classes do not change once
    # it is composed (measuring is laying the key's words out: most of a fit's time).
    _widths: weakref.WeakKeyDictionary[Widget, tuple[object, int]]
    # The width and the keys' widths of the last fit: a fit with the same has nothing to do.
    _fitted: tuple[object, ...] | None = None

    def _width_of(self, widget: Widget) -> int:
        """``natural_width`` of ``widget``, measured again only when its classes or the
        footer's changed (they choose its padding and margins)."""
        if widget.children:  # a group: its keys are measured one by one
            styles = widget.styles
            content = sum(self._width_of(child) for child in widget.children)
            return content + styles.gutter.width + styles.margin.width
        styled_by = (widget.classes, self.classes)
        known = self._widths.get(widget)
        if known is not None and known[0] == styled_by:
            return known[1]
        width = natural_width(widget)
        self._widths[widget] = (styled_by, width)
        return width

    def fit(self) -> None:
        """Show the keys, in order, while they fit whole beside the menu control; hide the rest."""
        children = self.keys
        widths = [self._width_of(child) for child in children]
        fitted = (self.size.width, *zip(map(id, children), widths, strict=True))
        if fitted == self._fitted:
            return
        self._fitted = fitted
        palette = [child.has_class(PALETTE_CLASS) for child in children]
        room = self.size.width - sum(w for w, menu in zip(widths, palette, strict=True) if menu)
        keys = [(c, w) for c, w, menu in zip(children, widths, palette, strict=True) if not menu]
        used = 0
        fits = True
        for index, (child, width) in enumerate(keys):
            used += width
            # A key's last cell is blank (padding or margin): it may fall under the menu's edge.
            fits = fits and used - 1 <= room
            child.display = fits
            if not fits and isinstance(child, FooterLabel) and index:
                keys[index - 1][0].display = False  # a group's keys go with their label
