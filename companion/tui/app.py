"""The Textual app: `CompanionApp` and `run_app()` (what `companion` with no arguments runs)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from textual.actions import ActionParseResult, parse
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from companion import paths
from companion.core.journal import Journal
from companion.core.outcome import GAMES
from companion.history.outcomes import install as install_history
from companion.history.outcomes import on_end
from companion.tui import keys, live, routes
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.home import HomeScreen

DARK_THEME = "textual-dark"
LIGHT_THEME = "textual-light"

# (game kind, palette title, palette help) of the "new game" commands.
NEW_GAME_COMMANDS = (
    ("euphoria", "New Euphoria Automa game", "Two Automas beside your Euphoria board"),
    ("ephios-solo", "New Ephios solo game", "Play against the Plot"),
    ("ephios-quick", "Ephios quick game", "Keep the popularity of a quick game"),
    ("ephios-campaign", "Ephios campaign", "Keep the rounds of a campaign"),
)


class CompanionApp(App[None]):
    """The table companion: home screen, set-up, and the game screens.

    Args:
        data_dir: where saved games live (default: `companion.paths.data_dir()`).
        theme: the starting theme (default: the dark one).
    """

    TITLE = "companion"
    SUB_TITLE = "table companion"
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list] = [
        keys.help_key(),
        Binding("f2", "toggle_theme", "Theme", tooltip="switch between the dark and light theme"),
        Binding(
            "o",
            "game_over",
            "How it went",
            id="game-over",
            tooltip="once a game has ended: the end-of-game screen (how it went)",
        ),
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            priority=True,
            tooltip="quit (games are saved after every step)",
        ),
    ]

    def __init__(self, data_dir: Path | None = None, theme: str = DARK_THEME) -> None:
        super().__init__()
        self.data_dir = Path(data_dir) if data_dir is not None else paths.data_dir()
        self.theme = theme
        install_history()  # every save the app writes keeps the history of finished games right
        on_end(self.game_ended)

    def get_default_screen(self) -> Screen:
        """The home screen."""
        return HomeScreen()

    # ----- commands -----------------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette: new games, resume, theme, help, the screen's own, then Textual's."""
        for kind, title, help_text in NEW_GAME_COMMANDS:
            yield SystemCommand(title, help_text, lambda kind=kind: self.new_game(kind))
        yield SystemCommand("Resume a saved game", "The home screen's list", self.action_home)
        yield SystemCommand(
            "History and difficulty ladder",
            "Finished games, and the level to try next",
            self.action_history,
        )
        yield SystemCommand(
            "Light / dark theme",
            "Switch between the light and dark theme",
            self.action_toggle_theme,
        )
        yield SystemCommand("Help", "Keys and rules of this screen (F1)", self.action_help)
        own = getattr(screen, "palette_commands", None)
        if callable(own):
            yield from own()
        yield from super().get_system_commands(screen)

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

    def _handle_exception(self, error: Exception) -> None:
        """A save that could not be written from a game screen (changed elsewhere, disk
        full...) shows the save as it is and says why; anything else stops the app."""
        if live.recover(self, error):
            return
        super()._handle_exception(error)

    def action_toggle_theme(self) -> None:
        """Switch between the dark and the light theme."""
        self.theme = LIGHT_THEME if self.current_theme.dark else DARK_THEME

    def action_help(self) -> None:
        """Show the help of the screen on top (F1)."""
        if isinstance(self.screen, HelpScreen):
            return
        text = keys.help_markdown(self.screen)
        if isinstance(self.screen, live.LiveSave):
            text += live.HELP
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
        from companion.tui.screens.game_over import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            return None
        path, journal = getattr(self.screen, "path", None), getattr(self.screen, "journal", None)
        if not isinstance(journal, Journal) or journal.game not in GAMES or path is None:
            return None
        from companion.history.outcomes import outcome_of

        try:
            ended = outcome_of(journal, detail=False).ended
        except Exception:
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
        """A step on the game screen on top ended its game: show the end-of-game screen."""
        if not self.is_running:  # a closed app (its screen stack is gone)
            return
        shown = getattr(self.screen, "path", None)
        if shown is not None and Path(shown).resolve() == path.resolve():
            self._show_game_over(path, journal)

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
            name = routes.GAME_NAMES.get(kind, kind)
            self.notify(f"{name}: not available yet", severity="warning")
            return
        self.push_screen(screen)

    def open_game(self, path: Path, journal: Journal) -> None:
        """Open the screen that plays a saved game (or say it is not available yet)."""
        screen = routes.resume_screen(journal.game, path, journal)
        if screen is None:
            name = routes.GAME_NAMES.get(journal.game, journal.game)
            self.notify(f"{name}: not available yet", severity="warning")
            return
        self.push_screen(screen)


def run_app() -> None:
    """Run the app in this terminal."""
    CompanionApp().run()
