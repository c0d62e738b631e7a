"""The menu: one control opens every action of a screen, a tap runs one."""

from __future__ import annotations

import re
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.compose import compose as compose_widgets
from textual.widget import Widget
from textual.widgets import Footer, OptionList
from textual.widgets._footer import FooterKey
from tui_helpers import (
    at_home,
    home,
    make_game,
    open_turn_screen,
    pending,
    press,
    shown,
    sync,
    tap,
    until,
    wait_for_screen,
    wait_for_widget,
)

from companion.tui.app import MENU_ICON, CompanionApp
from companion.tui.keys import help_markdown
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.menu import MenuScreen
from companion.tui.widgets.chrome import PALETTE_CLASS
from companion.tui.widgets.chrome import Footer as CompanionFooter


@sync
async def test_every_footer_has_the_menu_control_even_at_40_columns():
    async with home(size=(40, 20)) as (app, pilot):
        footer = app.screen.query_one(Footer)
        assert footer.show_command_palette
        # the footer is drawn once the screen's keys are known
        await until(pilot, lambda: re.search(f"{MENU_ICON} ?Menu", shown(app).splitlines()[-1]))
        lines = shown(app).splitlines()
        assert lines[0].lstrip().startswith(MENU_ICON), lines[0]


@sync
async def test_a_tap_on_the_menu_control_lists_the_screens_actions_and_runs_one():
    async with home(size=(40, 20)) as (app, pilot):
        await wait_for_widget(pilot, "FooterKey.-command-palette")
        await tap(pilot, "FooterKey.-command-palette")
        await wait_for_screen(pilot, MenuScreen)
        text = shown(app)
        for label in ("Help", "Reload", "Quit", "Search every command"):
            assert label in text, text
        assert "Copy selected text" not in text
        labels = [entry.label for entry in app.screen.entries]
        await tap(pilot, OptionList, offset=(2, labels.index("Help")))
        await wait_for_screen(pilot, HelpScreen)


@sync
async def test_the_menu_closes_by_a_tap_or_escape_and_runs_nothing():
    async with home() as (_app, pilot):
        await press(pilot, "f10")
        await wait_for_screen(pilot, MenuScreen)
        await tap(pilot, "#menu-close")
        await wait_for_screen(pilot, HomeScreen)
        await press(pilot, "f10")
        await wait_for_screen(pilot, MenuScreen)
        await press(pilot, "escape")
        await wait_for_screen(pilot, HomeScreen)
        await press(pilot, "f10")
        await wait_for_screen(pilot, MenuScreen)
        await pilot.click(offset=(0, 0))  # outside the list
        await wait_for_screen(pilot, HomeScreen)


@sync
async def test_the_header_icon_opens_the_menu_and_its_last_entry_the_command_search():
    from textual.command import CommandPalette

    async with home(size=(40, 20)) as (app, pilot):
        await tap(pilot, "HeaderIcon")
        await wait_for_screen(pilot, MenuScreen)
        menu = app.screen.query_one(OptionList)
        menu.highlighted = menu.option_count - 1
        await press(pilot, "enter")
        await until(pilot, lambda: CommandPalette.is_open(app))


@sync
async def test_a_phone_footer_shows_whole_keys_only_and_the_menu_lists_the_rest():
    """At 40 columns no key is cut to a stub ("h Histo"): the keys that do not fit whole are
    left out of the footer, and the menu still lists them."""
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await at_home(pilot)
        footer = app.screen.query_one(CompanionFooter)

        def laid_out() -> bool:  # the footer's keys come a moment after the screen
            keys = footer.keys
            return any(key.has_class("-command-palette") for key in keys) and not all(
                key.display for key in keys
            )

        await until(pilot, laid_out)
        keys = footer.keys  # the screen's keys now (not those kept hidden for later)
        menu = next(key for key in keys if key.has_class("-command-palette"))
        shown_keys = [key for key in keys if key is not menu and key.display]
        hidden = [key for key in keys if key is not menu and not key.display]
        assert shown_keys and hidden, [key.description for key in keys]
        for key in shown_keys:
            # whole, left of the menu control (its last, blank cell may touch the edge)
            assert key.region.right - 1 <= menu.region.x, (key.description, key.region)
        assert "h Histo" not in shown(app).splitlines()[-1]
        await press(pilot, "f10")
        labels = [entry.label for entry in app.screen.entries]
        for key in hidden:
            assert key.description in labels, (key.description, labels)


@sync
async def test_the_menu_and_the_palette_list_only_what_a_player_can_use():
    """No "Copy selected text" (ctrl+c of a selection nobody can make by tapping), and of
    Textual's own palette commands only Quit (not its theme picker, key panel, screenshot)."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "f10")
        assert "Copy selected text" not in [entry.label for entry in app.screen.entries]
        assert "Copy selected text" not in help_markdown(app.screen_stack[0])
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Quit" in titles and "Light / dark theme" in titles
        for textual_own in ("Theme", "Keys", "Screenshot", "Maximize"):
            assert textual_own not in titles, titles


@sync
async def test_in_a_browser_the_app_keeps_its_focus_and_the_footer_its_keys(monkeypatch):
    """The page's terminal reports "not focused" until the first tap; Textual would then keep
    the footer blank and take the focus from the list. Under textual-serve it is ignored."""
    monkeypatch.setattr(CompanionApp, "is_web", property(lambda app: True))
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await at_home(pilot)
        await until(pilot, lambda: "New game" in shown(app).splitlines()[-1])  # keys shown
        focused = app.screen.focused
        app.post_message(events.AppBlur())
        await until(pilot, lambda: not pending(app))  # the blur taken, and all it set off
        assert app.app_focus and app.screen.focused is focused is not None
        assert "New game" in shown(app).splitlines()[-1]


@sync
async def test_a_screen_has_its_size_classes_before_its_first_layout():
    """The set-up at 120 columns is "wide" as it is pushed, not a moment later (its first
    frame used to show the narrow layout, and a tap then could land on the wrong line)."""
    from companion.tui.screens.table_setup import TableSetupScreen

    app = CompanionApp()
    async with app.run_test(size=(120, 30)) as pilot:
        await at_home(pilot)
        wizard = TableSetupScreen("euphoria")
        app.push_screen(wizard)
        assert wizard.has_class("-wide") and not wizard.has_class("-narrow")
        await pilot.pause()


@sync
async def test_the_footer_keeps_the_keys_that_come_and_go_and_shows_them_in_order():
    """A report's keys come and the turn's go, then the other way, again and again: the
    footer shows the keys a new footer would, in the same order, each time, and makes a
    key once (a key that goes is kept hidden and shown again: mounting one restyles it)."""
    path, journal = make_game(2)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        footer = screen.query_one(CompanionFooter)

        def as_composed() -> bool:
            with footer._context():  # as the footer composes its keys (they bind to it)
                made = [key for key in compose_widgets(footer) if isinstance(key, FooterKey)]
            keys = footer.keys
            return (
                bool(keys)
                and [(key.key, key.description, key.disabled) for key in keys]
                == [(key.key, key.description, key.disabled) for key in made]
                and all(key.parent is footer for key in keys)
            )

        def order() -> list[FooterKey]:  # the keys in use, in the footer's own order
            return [key for key in footer.children if key in footer.keys]

        sizes = []
        for _ in range(3):
            for key, asking in (("l", True), ("escape", False)):
                await press(pilot, key)
                await until(pilot, lambda asking=asking: (screen.pending is not None) == asking)
                await until(pilot, as_composed, "the footer's keys as a new footer's")
                assert order() == footer.keys
            sizes.append(len(footer.children))
        assert sizes[0] == sizes[-1], sizes


class _Ex(Widget, can_focus=True):
    """Focused, its key x comes first in the footer."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "ex", "Ex")]


class _Why(Widget, can_focus=True):
    """Focused, its key y comes first in the footer."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("y", "why", "Why")]


class _TwoKeys(App[None]):
    """The keys x and y, each first in the footer while its widget has the focus."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "ex", "Ex"), Binding("y", "why", "Why")]

    def compose(self) -> ComposeResult:
        yield _Ex(id="ex")
        yield _Why(id="why")
        yield CompanionFooter()


@sync
async def test_the_footer_moves_the_keys_it_keeps_to_their_new_place():
    """A key kept from before is shown where a new footer would show it: the focus moves
    and the same two keys swap places."""
    app = _TwoKeys()
    async with app.run_test(size=(80, 10)) as pilot:
        footer = app.screen.query_one(CompanionFooter)

        def order() -> list[str]:  # the keys in use, in the footer's own order
            return [key.key for key in footer.children if key in footer.keys]

        for focus, first in (("#ex", "x"), ("#why", "y"), ("#ex", "x")):
            app.screen.query_one(focus).focus()
            expected = [first, "y" if first == "x" else "x"]
            await until(pilot, lambda expected=expected: order()[:2] == expected, str(expected))
        assert len(footer.children) == 3, [key.key for key in footer.children]  # x, y, menu


class _Footed(App[None]):
    """A key x and the menu's, in a footer compact or not."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "ex", "Ex")]

    def __init__(self, compact: bool) -> None:
        super().__init__()
        self.footer_compact = compact

    def compose(self) -> ComposeResult:
        yield CompanionFooter(compact=self.footer_compact)


@sync
async def test_the_footers_keys_are_made_in_the_style_they_are_drawn_in():
    """The footer measures a key once, and a key laid out before it mounted keeps that
    layout's words until it is refreshed: a key whose style changed as it mounted (the
    menu's key was made compact then) was measured two cells too wide, and the last key
    that fitted was hidden (seen under load, at 80 columns in the quick game). Each key
    the footer makes has the classes it is drawn with from the start."""
    for compact in (False, True):
        app = _Footed(compact)
        async with app.run_test(size=(80, 10)) as pilot:
            footer = app.screen.query_one(CompanionFooter)
            await until(pilot, lambda f=footer: any(k.has_class(PALETTE_CLASS) for k in f.keys))
            with footer._context():  # as the footer composes its keys (they bind to it)
                made = [key for key in compose_widgets(footer) if isinstance(key, FooterKey)]
            drawn = {key.key: key.classes for key in footer.keys}
            assert {key.key: key.classes for key in made} == drawn, compact
            assert drawn["ctrl+p"] >= {"-compact", PALETTE_CLASS}, drawn
