"""The Textual app: `CompanionApp` and `run_app()` (what `companion` with no arguments runs)."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from textual import events
from textual._dispatch_key import dispatch_key
from textual.actions import ActionParseResult, parse
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widgets import Footer, Header

from companion import paths
from companion.core import registry
from companion.core.catalog import N_, _, say
from companion.core.debug import caught
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.history.outcomes import outcome_of
from companion.tui import keys, live, routes
from companion.tui.access import GameScreen, PaletteSource
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.work_once import WorkOnceScreen
from companion.tui.stylesheet import ParsedOnceStylesheet
from companion.tui.widgets.chrome import MENU_ICON
from companion.tui.widgets.layout import apply_breakpoints, breakpoint_class, displayed
from companion.tui.widgets.questions import QuestionPanel
from companion.tui.widgets.typed_answer import TypedAnswer

if TYPE_CHECKING:
    from companion.tui.screens.menu import MenuEntry

__all__ = ["CompanionApp", "apply_breakpoints", "breakpoint_class", "run_app"]

DARK_THEME = "textual-dark"
LIGHT_THEME = "textual-light"
# Below this width the header shows the screen's own title only (not "companion — ...").
NARROW = 60
HEADER_SIDES = 8 + 10  # the header's icon and its clock's space (Textual's), beside the title
# Textual's own palette commands a player can use (not its theme picker, key panel,
# maximize or screenshot, which are for developers or need a keyboard).
# Textual's own commands kept in the palette: title -> (title, help), as catalog messages.
TEXTUAL_COMMANDS = {"Quit": (N_("Quit"), N_("Quit the application as soon as possible"))}
# The screens the home screen does not need, imported where they open: the app's first
# screen comes sooner (the help alone brings Markdown's parser and Pygments). A page that
# starts the app imports them once the home screen shows (``later_modules``).
LATER_SCREENS = (
    "companion.tui.screens.menu",
    "companion.tui.screens.help",
    "companion.tui.screens.history",
    "companion.tui.screens.game_over",
)


# Theme variables of every theme the app uses, over Textual's (``get_css_variables``).
CONTRAST_VARIABLES = {
    "block-cursor-foreground": "auto 100%",
    "text-muted": "auto 75%",
    "text-disabled": "auto 65%",
}


# Seconds at most a key typed ahead of the next question waits for it (CompanionApp._held).
TYPED_AHEAD = 2.0


# Keys said when no control takes them (besides the printable ones): those a player
# presses on purpose. Others (a lone modifier, a mouse-wheel key) are left alone, and so
# are the ones below, which mean "nothing" where nothing takes them.
NAMED_KEYS = frozenset({"enter", "backspace", "delete", "pageup", "pagedown", "home", "end"})
IGNORED_KEYS = frozenset({"space", "tab", "shift+tab", "escape"})


class CompanionApp(App[None]):
    """The table companion: home screen, set-up, and the game screens.

    Args:
        data_dir: where saved games live (default: `companion.paths.data_dir()`).
        theme: the starting theme (default: the dark one).
    """

    # The product's name, as the package and the command are named: not translated.
    TITLE = "companion"
    # The footer's right-hand control (F10; the header icon too) opens the menu of every
    # action of the screen; Ctrl+P still opens Textual's searchable command palette.
    COMMAND_PALETTE_BINDING = "f10"
    COMMAND_PALETTE_DISPLAY = MENU_ICON
    # The home screen's subtitle, in the player's language when the app starts.
    SUB_TITLE = N_("table companion")
    CSS_PATH = "app.tcss"
    # Size classes of every screen without its own (app.tcss styles them): a phone in
    # portrait is about 40 columns, a tablet 100 or more; a phone on its side about 20 rows.
    HORIZONTAL_BREAKPOINTS = [(0, "-phone"), (60, "-narrow"), (100, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[Any]] = [
        keys.help_key(),
        Binding(
            "f2", "toggle_theme", N_("Theme"), tooltip=N_("switch between the dark and light theme")
        ),
        Binding(
            "o",
            "game_over",
            N_("How it went"),
            id="game-over",
            tooltip=N_("once a game has ended: the end-of-game screen (how it went)"),
        ),
        Binding(
            "ctrl+q",
            "quit",
            N_("Quit"),
            priority=True,
            tooltip=N_("quit (games are saved after every step)"),
        ),
        Binding(
            "f10",
            "command_palette",
            N_("Menu"),
            show=False,
            priority=True,
            key_display=MENU_ICON,
            tooltip=N_("every action of this screen, a tap runs one"),
            id="menu",
        ),
        Binding(
            "ctrl+p",
            "open_command_search",
            N_("Search commands"),
            show=False,
            priority=True,
            tooltip=N_("search every command (Textual's command palette)"),
            id="search",
        ),
    ]

    def __init__(self, data_dir: Path | None = None, theme: str = DARK_THEME) -> None:
        super().__init__()
        # Each CSS source parsed once a process (Textual's stylesheet parses all again when
        # a screen brings CSS); Textual's private variables of the one it made: check them
        # at a Textual upgrade (tests/ui/test_tui_css_parsed_once.py).
        self.stylesheet = ParsedOnceStylesheet(variables=self.stylesheet._variables)
        self.sub_title = _(self.SUB_TITLE)
        self.data_dir = Path(data_dir) if data_dir is not None else paths.data_dir()
        self.theme = theme

    def get_css_variables(self) -> dict[str, str]:
        """Textual's theme colours, with text readable at 4.5:1 (WCAG AA) in both themes: the
        highlighted row's letters, muted and inactive text (Textual's are 3.8, 3.5 and
        2.6:1)."""
        variables = {**super().get_css_variables(), **CONTRAST_VARIABLES}
        self.theme_variables = variables
        return variables

    def on_mount(self) -> None:
        """Every screen gets the menu control (footer and header), whatever it composed."""
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self._screen_changed(self.screen)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        apply_breakpoints(screen, self.size.width, self.size.height)
        screen.call_after_refresh(show_menu_control, screen)
        self.tell_keyboard()

    @property
    def _background_screens(self) -> list[Screen[Any]]:
        """The screens under the top one that may show through it: none under an opaque
        one. Textual's looks at the opacity of the screens under the top one, not at the
        top one's, so the screen under any screen (the home screen under a game's) was
        laid out again, and told of the new size, at every resize, though nothing of it
        showed. A screen covered so has its resize when it shows again: Textual lays a
        screen it resumes out again at the app's size when it was laid out at another
        (the screen and its widgets told of their new sizes), and :meth:`_screen_changed`
        sets its size classes."""
        stack = self._screen_stack
        if stack and stack[-1].styles.background.a == 1:
            return []
        return super()._background_screens

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A widget took the focus: the page's keyboard as it wants (:meth:`tell_keyboard`)."""
        self.tell_keyboard()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """The focus left a widget: the page's keyboard as the one focused now wants."""
        self.tell_keyboard()

    def tell_keyboard(self) -> None:
        """In a browser, a text field with the focus opens a touch screen's keyboard and any
        other widget closes it (companion.tui.keyboard; imported in a browser only)."""
        if self.is_web:
            from companion.tui import keyboard

            keyboard.focus_moved(self)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Push ``screen`` with its size classes set before its first layout."""
        if isinstance(screen, Screen):
            apply_breakpoints(screen, self.size.width, self.size.height)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Screen[Any] | str) -> Any:
        """Switch to ``screen`` with its size classes set before its first layout."""
        if isinstance(screen, Screen):
            apply_breakpoints(screen, self.size.width, self.size.height)
        return super().switch_screen(screen)

    def on_app_blur(self, event: events.AppBlur) -> None:
        """In a browser the app keeps its focus.

        The page's terminal has no focus until the first tap (a phone shows no
        keyboard before), and Textual, told so, would keep the footer's keys back
        and take the focus from the screen's list until that tap.
        """
        if self.is_web:
            event.prevent_default()

    def format_title(self, title: str, sub_title: str) -> Any:
        """The header's title, whole (a header is one row): "companion — ..." where it fits
        beside the icon and the clock's space, else the screen's own (on a narrow screen
        always), else its first part (e.g. the game, not the save's file name)."""
        narrow = self.size.width < NARROW
        room = self.size.width - (4 if narrow else HEADER_SIDES)
        whole = f"{title} — {sub_title}" if sub_title else title
        if not narrow and cell_len(whole) <= room:
            return super().format_title(title, sub_title)
        own = sub_title if sub_title and sub_title != _(self.SUB_TITLE) else title
        if cell_len(own) > room:
            own = own.split(" — ")[0]
        return super().format_title(own, "")

    def get_default_screen(self) -> Screen[Any]:
        """The home screen."""
        return HomeScreen()

    # ----- commands -----------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette: new games, resume, theme, help, the screen's own, then Textual's."""
        for entry in registry.new_games():
            if entry.palette is not None:
                title, help_text = entry.palette
                yield SystemCommand(
                    _(title), _(help_text), lambda kind=entry.id: self.new_game(kind)
                )
        yield SystemCommand(_("Resume a saved game"), _("The home screen's list"), self.action_home)
        yield SystemCommand(
            _("History and difficulty ladder"),
            _("Finished games, and the level to try next"),
            self.action_history,
        )
        yield SystemCommand(
            _("Light / dark theme"),
            _("Switch between the light and dark theme"),
            self.action_toggle_theme,
        )
        yield SystemCommand(_("Help"), _("Keys and rules of this screen (F1)"), self.action_help)
        if isinstance(screen, PaletteSource):
            yield from screen.palette_commands()
        for command in super().get_system_commands(screen):
            if command.title in TEXTUAL_COMMANDS:
                title, help_text = TEXTUAL_COMMANDS[command.title]
                yield SystemCommand(_(title), _(help_text), command.callback, command.discover)

    # ----- live views (companion.tui.live) ------------------------------------------------

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: Any = None,
        namespaces: Mapping[str, Any] | None = None,
    ) -> bool:
        """Run a key's or a tap's action, unless the game screen's save moved on meanwhile
        (it then shows the latest) or it repeats a step within half a second."""
        screen = self.screen
        if default_namespace is screen and isinstance(action, str):
            namespace, name, params = parse(action)
            checked = not namespace and screen.check_action(name, params)
            if checked and not live.allows(screen, name, params):
                return True
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:
            if live.recover(self, error):
                return True
            raise

    async def _on_key(self, event: events.Key) -> None:
        """A key no binding and no control took: said, never silently dropped (a digit
        pressed when no question is asked, a step key the game does not offer now). In place
        of Textual's own handler (prevent_default: it would run the binding a second time).
        A key typed ahead of the question it answers waits for it (:meth:`_held`)."""
        event.prevent_default()
        waited = await self._held()
        focused = self._focus_question(waited or event.is_printable)
        field = self.screen.focused
        # Typed before the field had the focus (the screen that asks it opening): the
        # field's, now, in turn (its Enter too, behind the letters: the field's binding
        # would give the answer before them).
        if isinstance(field, TypedAnswer) and field.open_to_keys() and await field.take_key(event):
            return
        if (waited or focused) and await self._check_bindings(event.key, priority=True):
            return  # (the priority bindings were tried as the key came, before the wait)
        if await self._check_bindings(event.key):
            return
        if await dispatch_key(self, event):
            return
        self.key_unused(event)

    async def _held(self) -> bool:
        """Wait while the question a key typed ahead answers is not asked yet: a question
        panel's answers still being taken by its screen (the digit that answers the next
        question was taken by the table's count of steps, or found no question), or the
        screen just opened, or a typed answer given by Enter not taken yet; whether it
        waited. The keys after it wait in turn (this
        handler holds the app's queue): they keep their order."""
        screen = self.screen
        givers = [*screen.query(QuestionPanel), *screen.query(TypedAnswer)]
        waits = [event.wait() for w in givers if (event := w.given.waiting()) is not None]
        if isinstance(screen, WorkOnceScreen) and not screen.opened.is_set():
            waits.append(screen.opened.wait())
        if not waits:
            return False
        # A screen that never takes the answers (a defect) holds a key no longer.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*waits), TYPED_AHEAD)
        return True

    def _focus_question(self, answering: bool) -> bool:
        """Give the focus to the one question asked on the screen when nothing shown has
        it, or (for a key that answers: ``answering``) only the column it is in. Its own
        focus is asked for after such a key: the panel hidden a moment, a typed answer's
        field hidden (which passed the focus to the column around the question), or the
        first focusable widget, hidden, focused as the screen opened. Whether it did."""
        screen = self.screen
        focused = screen.focused
        if displayed(focused) and not answering:
            return False
        asked = [p for p in screen.query(QuestionPanel) if p.current is not None and p.display]
        if len(asked) != 1:
            return False
        panel = asked[0]
        if displayed(focused) and focused not in panel.ancestors:
            return False
        screen.set_focus(panel.answering(), scroll_visible=False)
        return True

    def key_unused(self, event: events.Key) -> None:
        """Say that the key of ``event`` does nothing on this screen now (briefly; the screen's
        help lists its keys)."""
        if event.key in IGNORED_KEYS or not (event.is_printable or event.key in NAMED_KEYS):
            return
        name = event.character if event.is_printable and event.character else event.key
        self.notify(
            say("{key} does nothing here now. F1 lists this screen's keys.", key=name),
            title=_("Key not used"),
            severity="information",
            timeout=3,
        )

    def action_toggle_theme(self) -> None:
        """Switch between the dark and the light theme."""
        self.theme = LIGHT_THEME if self.current_theme.dark else DARK_THEME

    def action_command_palette(self) -> None:
        """Open the menu: the actions of this screen, each a tap (F10, the ≡ controls)."""
        from companion.tui.screens.menu import MenuScreen, screen_entries

        if isinstance(self.screen, (MenuScreen, CommandPalette)):
            return
        self.push_screen(MenuScreen(self.menu_entries(screen_entries(self.screen))))

    def menu_entries(self, entries: list[MenuEntry]) -> list[MenuEntry]:
        """The menu's entries: the screen's, and the settings (spoken moves, sound cues) each
        saying whether it is on; an app of its own may word some anew."""
        from companion.tui.screens.menu import with_settings

        return with_settings(self, entries)

    def action_voice_setting(self) -> None:
        """The menu's Spoken moves: on or off, kept between starts (as `v` on a game screen)."""
        from companion.tui.voice import toggle_voice

        toggle_voice(self)

    def action_cues_setting(self) -> None:
        """The menu's Sound cues: on or off, kept between starts."""
        from companion.tui.voice import toggle_cues

        toggle_cues(self)

    def action_open_command_search(self) -> None:
        """Textual's searchable command palette (Ctrl+P, the menu's last entry)."""
        super().action_command_palette()

    def action_help(self) -> None:
        """Show the help of the screen on top (F1)."""
        from companion.tui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        text = keys.help_markdown(self.screen)
        if isinstance(self.screen, live.LiveSave):
            text += _(live.HELP)
        self.push_screen(HelpScreen(text))

    def action_home(self) -> None:
        """Go back to the home screen (closing the screens above it)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if isinstance(self.screen, HomeScreen):
            self.screen.refresh_saves()

    # ----- the end of a game ---------------------------------------------------------------

    def action_history(self) -> None:
        """Open the history of finished games and the difficulty ladder."""
        from companion.tui.screens.history import HistoryScreen

        if not isinstance(self.screen, HistoryScreen):
            self.push_screen(HistoryScreen())

    def _finished_game(self) -> tuple[Path, Journal] | None:
        """The save and journal of the game screen on top if its game has ended."""
        screen = self.screen
        if not isinstance(screen, GameScreen):
            return None
        from companion.tui.screens.game_over import GameOverScreen

        if isinstance(screen, GameOverScreen):
            return None
        # A set-up screen has its fields before the save exists (None until then).
        path, journal = screen.path, screen.journal
        if not isinstance(journal, Journal) or path is None or registry.find(journal.game) is None:
            return None
        try:
            ended = outcome_of(journal, detail=False).ended
        except Exception as error:  # no end-of-game screen is worth a crash
            caught(error, f"the outcome of {path}")
            return None
        return (Path(path), journal) if ended else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`o` (how the game went) only on the screen of a finished game."""
        if action == "game_over":
            return self._finished_game() is not None
        return True

    def action_game_over(self) -> None:
        """Show the end-of-game screen of the finished game on screen (`o`)."""
        found = self._finished_game()
        if found is not None:
            self._show_game_over(*found)

    def game_ended(self, path: Path, journal: Journal) -> None:
        """A step on the game screen on top ended its game (the screen that made the step
        says so, ``companion.tui.live``): show the end-of-game screen."""
        if not self.is_running:  # a closed app (its screen stack is gone)
            return
        screen = self.screen
        shown = screen.path if isinstance(screen, GameScreen) else None
        if shown is not None and Path(shown).resolve() == path.resolve():
            self._show_game_over(path, journal)

    def show_game_over(self, path: Path, journal: Journal, over_game: bool = False) -> None:
        """Open the end-of-game screen of the game saved at ``path`` (from the history: not
        over the game's own screen, so there is nothing to undo)."""
        from companion.tui.screens.game_over import GameOverScreen

        self.push_screen(GameOverScreen(path, journal, over_game=over_game))

    def _show_game_over(self, path: Path, journal: Journal) -> None:
        from companion.tui.screens.game_over import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            return
        copy = Journal(
            game=journal.game,
            seed=journal.seed,
            options=dict(journal.options),
            events=list(journal.events),
            created=journal.created,
            updated=journal.updated,
        )
        screen = GameOverScreen(path, copy, over_game=True)
        self.push_screen(screen)

    # ----- routing ------------------------------------------------------------------------

    def new_game(self, kind: str) -> None:
        """Open the first screen of a new game of ``kind`` (or say it is not available yet)."""
        screen = routes.new_game_screen(kind)
        if screen is None:
            name = routes.game_name(kind)
            self.notify(say("{game}: not available yet", game=name), severity="warning")
            return
        self.push_screen(screen)

    def open_game(self, path: Path, journal: Journal, replace: bool = False) -> None:
        """Open the screen that plays a saved game (or say it is not available yet), in
        place of the screen showing with ``replace`` (a set-up done). A save its engine
        cannot replay is not opened: the app says why in one line, as the command line
        does, and stays where it is."""
        try:
            screen = routes.resume_screen(journal.game, path, journal, set_up=replace)
        except CompanionError as error:
            self.notify(
                str(error), title=_("This save cannot be opened"), severity="error", timeout=15
            )
            return
        if screen is None:
            name = routes.game_name(journal.game)
            self.notify(say("{game}: not available yet", game=name), severity="warning")
            return
        if replace:
            self.switch_screen(screen)
            return
        self.push_screen(screen)


def show_menu_control(screen: Screen[Any]) -> None:
    """Give ``screen``'s footer its menu control and its header the menu icon.

    Also tells the footer the screen's keys now: in a browser it could stay
    blank until the first tap.
    """
    for footer in screen.query(Footer):
        if not footer.show_command_palette:
            footer.show_command_palette = True
            footer.refresh(recompose=True)
    for header in screen.query(Header):
        header.icon = MENU_ICON
    screen.refresh_bindings()


def later_modules() -> list[str]:
    """The modules of every screen but the home screen: ``LATER_SCREENS``, then every
    game's screens (the registry's routes), each once."""
    games = sorted({target.partition(":")[0] for target in routes.targets()})
    return [*LATER_SCREENS, *games]


def import_ahead(module: str) -> None:
    """Import one of ``later_modules`` before its screen opens (a game whose screen is not
    written yet is simply not imported ahead)."""
    with contextlib.suppress(ImportError):
        importlib.import_module(module)


def run_app() -> None:
    """Run the app in this terminal."""
    CompanionApp().run()
