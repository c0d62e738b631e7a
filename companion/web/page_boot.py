"""The app's start inside the page (Pyodide): the page's terminal, the saves kept in the browser.

The boot script (``phone/boot.js``) loads the runtime and the bundle, mounts the data
folder on the browser's IndexedDB, has :func:`warm` import the app's start (on the first
start, before it keeps a memory snapshot of the interpreter that later starts load in place
of Python's own start and these imports) and then awaits :func:`start` with its callbacks:
``output`` draws on the page's terminal, ``sync`` writes the data folder back to
IndexedDB (after every save the app writes, through the after-write hooks; the page holds
the app's output back until that write is done, so the screen shows a step only once it
is kept and a killed tab loses no acknowledged step), ``open_saves`` opens the page's
Export/Import dialog (:mod:`companion.web.page_saves`), from the app's menu, and
``meta`` takes the app's messages to the page (the spoken moves, said by the page's
speech synthesis as under `companion serve`). The page tells :func:`written` how each
write-back went: one that fails (the browser's storage full) is told to the player; and
:func:`persisted` whether the browser keeps the saves (the menu says so, and a finished
game is followed by a reminder to export it when it may clear them); The voice and cue
settings are written back to IndexedDB as soon as they change, like a save.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from companion.core import hooks
from companion.core.catalog import N_, _
from companion.core.journal import Journal
from companion.speech.settings import after_save
from companion.web import page_driver

if TYPE_CHECKING:
    from companion.tui.screens.menu import MenuEntry

# The app running in the page, once started (the dialog's Import refreshes its home screen);
# whether the last write-back was kept; whether the browser keeps the saves (persistent
# storage: None until the page is told, or when the browser cannot say).
_running: dict[str, Any] = {"app": None, "kept": True, "persisted": None}
# The menu's entry of the saves' dialog, with what the browser said of keeping them.
SAVES = N_("Saves: export, import")
SAVES_KEPT = N_("Saves: export, import · kept")
SAVES_MAY_GO = N_("Saves: export, import · may be cleared: export your games")
# How long the reminder to export a finished game stays (seconds).
EXPORT_REMINDER_SECONDS = 30
# How long the notice of a failed write-back stays (seconds): the player must see it.
FAILED_NOTICE_SECONDS = 60
# The app's stylesheet parsed ahead by :func:`warm` (Textual's parse cache: the rules of each
# CSS source by where it was read and its place) and the CSS variables it was parsed with
# (their values are in the rules): an app whose variables are these starts with it.
_parsed: dict[str, Any] = {"cache": None, "variables": None}
# Between two of the imports made once the home screen is drawn (seconds): a key pressed
# meanwhile waits for one module's import at most, not for them all.
LATER_PAUSE = 0.01
# Room in the parse cache for the sources parsed after the start (a later screen's own CSS).
PARSE_CACHE_ROOM = 64
# What the app's start imports up to its home screen (page_app's own imports and theirs; the
# page's keyboard, told where the focus went),
# imported by :func:`warm` before the page makes its memory snapshot; and the modules of
# Textual's that its start and first draw import where they are used (App() imports the
# platform's driver even though the page gives its own, run_async the pilot; some are
# private: one that a later Textual no longer has is left out).
START_MODULES = (
    "textual.binding",
    "companion.tui.app",
    "companion.tui.keyboard",
)
FIRST_DRAW_MODULES = (
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.drivers.linux_driver",
    "textual.pilot",
    "textual.scrollbar",
    "textual._wrap",
)


def warm() -> None:
    """Import what the app's start needs (``START_MODULES``): the page calls this before it
    gives Python any object of its own, then keeps the interpreter as it is (a memory
    snapshot), so that a reopen starts from here, these imports done. Also done here: the
    home screen's list of new games made once (the games' entry points read, the modules
    of their hints imported), Rich's table of character widths loaded (the first wide
    character drawn loads it) and the app's stylesheet parsed (:func:`parse_ahead`)."""
    from rich.cells import cell_len

    for module in START_MODULES:
        importlib.import_module(module)
    for module in FIRST_DRAW_MODULES:
        with contextlib.suppress(ImportError):
            importlib.import_module(module)
    from companion.tui.keyboard import wants_keyboard
    from companion.tui.screens.home import new_options

    new_options(hints=True)
    wants_keyboard(None)  # imports the text fields' classes (Input, TextArea)
    cell_len("≡ ⏎")
    parse_ahead()
    # No file left open in the snapshot (its descriptors are not the next start's):
    # importlib.metadata's cached paths hold the standard library's zip open.
    importlib.invalidate_caches()
    gc.collect()


def parse_ahead() -> None:
    """Parse the app's stylesheet ahead (for :func:`warm`): its own CSS file and the default
    CSS of every widget class imported, each base's CSS at each place a class gives it (as
    Textual adds it when one is mounted), into the parse cache the page's app starts with:
    the home screen's first draw only looks its rules up."""
    from textual.cache import LRUCache
    from textual.dom import DOMNode

    app = page_app(lambda: None)
    sheet = app.stylesheet
    sheet.read_all(app.css_path)
    sources = {
        (where, css, False, tie, scope) for where, (css, _d, tie, scope) in sheet.source.items()
    }
    classes, seen = [DOMNode], set()
    while classes:
        cls = classes.pop()
        for sub in cls.__subclasses__():
            if sub not in seen:
                seen.add(sub)
                classes.append(sub)
                bases = SimpleNamespace(_node_bases=DOMNode._css_bases(sub))
                for where, css, tie, scope in DOMNode._get_default_css(cast(Any, bases)):
                    sources.add((where, css, True, tie, scope))
    sheet._parse_cache = LRUCache(len(sources) + PARSE_CACHE_ROOM)
    for where, css, default, tie, scope in sources:
        sheet._parse_rules(css, where, is_default_rules=default, tie_breaker=tie, scope=scope)
    _parsed.update(cache=sheet._parse_cache, variables=dict(sheet._variables))


def held(site_packages: str) -> str:
    """The compiled modules of the bundle that this interpreter holds (imported before the
    page's memory snapshot, when it is loaded from one), one path in ``site_packages`` a
    line: a reopen does not write their files again."""
    prefix = site_packages.rstrip("/") + "/"
    files = [getattr(module, "__file__", None) for module in list(sys.modules.values())]
    return "\n".join(
        name.removeprefix(prefix)
        for name in files
        if isinstance(name, str) and name.startswith(prefix) and name.endswith(".pyc")
    )


def page_app(open_saves: Callable[[], None]) -> Any:
    """The app with one more action in its menu: the page's saves (Export, Import)."""
    from textual.binding import Binding

    from companion.tui.app import CompanionApp, import_ahead, later_modules

    class PageApp(CompanionApp):
        """The app in the page: its menu also opens the Export/Import dialog."""

        # Textual finds a relative CSS path beside the class's module: the app's own file.
        CSS_PATH = str(
            Path(sys.modules[CompanionApp.__module__].__file__ or "").parent / "app.tcss"
        )
        BINDINGS = [Binding("ctrl+s", "page_saves", SAVES, show=False)]  # noqa: RUF012

        def __init__(self) -> None:
            super().__init__()
            # The stylesheet as parse_ahead parsed it, when its variables are the same.
            if _parsed["cache"] is not None and _parsed["variables"] == self.stylesheet._variables:
                self.stylesheet._parse_cache = _parsed["cache"]

        def on_mount(self) -> None:
            """Once the first screen is drawn, import the others (Textual also calls
            CompanionApp's own on_mount: a handler of each class in the MRO runs)."""
            self.call_after_refresh(self.import_later, later_modules())

        def import_later(self, modules: list[str]) -> None:
            """Import the first of ``modules``, then the next after a pause, and so on: while
            the player reads the home screen, so that the screen a key opens comes sooner."""
            if not modules:
                return
            import_ahead(modules[0])
            self.set_timer(LATER_PAUSE, partial(self.import_later, modules[1:]))

        def action_page_saves(self) -> None:
            """Open the page's dialog of the saves (a download and a file picker are HTML)."""
            open_saves()

        def menu_entries(self, entries: list[MenuEntry]) -> list[MenuEntry]:
            """The saves' entry says whether the browser keeps them."""
            label = saves_label()
            entries = super().menu_entries(entries)
            return [
                replace(entry, label=label)
                if entry.action.removeprefix("app.") == "page_saves"
                else entry
                for entry in entries
            ]

        def game_ended(self, path: Path, journal: Journal) -> None:
            """A game ended: when the browser may clear the saves, a reminder to export it."""
            super().game_ended(path, journal)
            if self.is_running and _running["persisted"] is False:
                self.notify(
                    _(
                        "This browser may clear its saves: ≡ Menu → Saves exports this game "
                        "to keep it."
                    ),
                    timeout=EXPORT_REMINDER_SECONDS,
                )

    return PageApp()


def saves_label() -> str:
    """The menu's entry of the saves' dialog: "kept" once the browser keeps the saves (it
    granted persistent storage), "may be cleared" when it did not."""
    persisted = _running["persisted"]
    if persisted is None:
        return _(SAVES)
    return _(SAVES_KEPT) if persisted else _(SAVES_MAY_GO)


def persisted(kept: bool) -> None:
    """The browser's answer to the page's ``navigator.storage.persist()``, asked at start:
    whether it keeps this site's saves (else it may clear them: Safari after seven days
    unused, any browser when the device is short of space)."""
    _running["persisted"] = bool(kept)


def refresh_home() -> None:
    """A save was imported: the home screen's list reads the data folder again."""
    from companion.tui.screens.home import HomeScreen

    app = _running["app"]
    if app is not None and isinstance(app.screen, HomeScreen):
        app.screen.refresh_saves()


def written(kept: bool) -> None:
    """A write-back of the data folder to IndexedDB is done: ``kept`` says whether the browser
    took it. The first one that fails is told to the player (the step on the screen is not
    kept in the phone: a reload would lose it); the first one kept after that says so."""
    app = _running["app"]
    if kept == _running["kept"]:
        return
    _running["kept"] = kept
    if app is None:
        return
    if kept:
        app.notify(_("The saves are kept on this phone again."))
    else:
        app.notify(
            _(
                "This step was not kept on the phone (its storage may be full): "
                "≡ Menu → Saves exports the game."
            ),
            severity="error",
            timeout=FAILED_NOTICE_SECONDS,
        )


async def start(
    output: page_driver.Output,
    sync: Callable[[], None],
    open_saves: Callable[[], None],
    columns: int,
    rows: int,
    meta: page_driver.Output | None = None,
) -> None:
    """Run the app on the page's terminal until it closes; ``sync`` after every save."""

    def synced(path: Path, journal: Journal) -> None:
        sync()

    def settings_written(path: Path) -> None:
        sync()

    page_driver.attach(output, columns, rows, meta)
    hooks.add_after_write(synced)
    after_save(settings_written)  # the voice and the cues kept in the browser too
    app = page_app(open_saves)
    _running["app"] = app
    # Textual reads its driver's name from the environment when it is first imported
    # (before this runs), so the app is given the page's driver itself.
    app.driver_class = page_driver.PageDriver
    await app.run_async()
