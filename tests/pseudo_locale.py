"""The pseudo-locale check: no plain English word on a screen shown in ``en_XA``.

``COMPANION_LANG=en_XA`` shows every catalog text accented, longer and inside ⟦ ⟧
(companion/core/catalog.py), so a word of plain ASCII letters on a screen is a text
that escaped the catalog. What may stay as it is: ids (card ids like S7, space and
question ids, save names: anything with a digit, a dot, a dash or an underscore),
the key names the app shows as keys, what the tests typed (player names) and the
product's name (the app's title).

The walks that read screens this way are the en_XA walks of the fit corpus
(``tests/ui/test_fit_*``: one walk of a flow checks both the layout rule and the words)
and ``tests/ui/test_tui_pseudo_locale.py`` (the screens no fit walk passes). A walk reads
each screen at 80×24 (``Words.look``) and fails at its end listing, per screen, every
English word seen (``Words.check``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from tui_helpers import shown, until, wait_for_screen

from companion.tui.app import CompanionApp
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.menu import MenuScreen

# The screens every game screen opens over itself: its help (F1) and its menu (F10).
HELP_AND_MENU: tuple[tuple[str, type[Screen[Any]] | None], ...] = (
    ("f1", HelpScreen),
    ("f10", MenuScreen),
)
WORDS_SIZE = (80, 24)  # the size the words are read at: the terminal's, all of a footer
# The key names the app shows as keys (the footer, the help's key column, the hints).
KEY_NAMES = {
    "enter",
    "esc",
    "escape",
    "tab",
    "space",
    "backspace",
    "bksp",
    "ctrl",
    "shift",
    "alt",
    "home",
    "end",
    "pgup",
    "pgdn",
    "pageup",
    "pagedown",
    "up",
    "down",
    "left",
    "right",
    "del",
    "delete",
    "ins",
}
# The player names the walks type or fill in (shown whole, or cut where room is short).
TYPED = {"Ann", "Bob", "Annabelle", "Bartholomew", "Cyprian", "Dorothea"}
# The product's name, the same in every language (the header's title).
PRODUCT = CompanionApp.TITLE
# A run of word characters, with the marks an id is made of (S7, euphoria.lower, ctrl+p).
TOKEN = re.compile(r"[\w.+/'’-]+")
ID_MARKS = re.compile(r"[\d._+/-]")
# A web address (the BG Stats link of the end-of-game screen, shown whole over several
# rows, each row after the first starting at a percent escape): an address, not prose.
ADDRESS = re.compile(r"https?://\S+|\S*%[0-9A-Fa-f]{2}\S*")


def english_words(text: str) -> set[str]:
    """The plain English words of ``text``: runs of ASCII letters only that are neither an
    id, a key name, a single letter (a key) nor typed by the test."""
    found = set()
    for match in TOKEN.finditer(ADDRESS.sub(" ", text)):
        token = match.group(0).strip(".'’-/+")
        if not token or not token.isascii() or not re.search("[A-Za-z]", token):
            continue  # pseudo-locale text (accented), a number or a mark
        if ID_MARKS.search(token) or len(token) == 1:
            continue  # an id (S7, subterra.tunnel, a save's name) or a key letter
        word = re.sub(r"['’]s$", "", token)
        if word.lower() in KEY_NAMES or typed(word) or word == PRODUCT:
            continue
        found.add(word)
    return found


def typed(word: str) -> bool:
    """Whether ``word`` is a player's name the walks typed, or its start (a narrow list
    cuts a long name: Annabelle shows as Annabel)."""
    return len(word) >= 3 and any(name.startswith(word) for name in TYPED)


class Words:
    """The screens a walk read so far and the English words on each."""

    def __init__(self, pilot: Pilot[Any]) -> None:
        self.pilot = pilot
        self.found: dict[str, set[str]] = {}

    async def look(self, name: str) -> None:
        """Read the screen that is up as ``name``, at 80×24, after the app has taken every
        key (a walk that checks the fit at several sizes reads it when it is at 80×24)."""
        app = self.pilot.app
        assert tuple(app.size) == WORDS_SIZE, f"{name} read at {app.size}, not 80×24"
        await self.pilot.pause()
        self.read(name)

    async def look_over(
        self,
        screen: Screen[Any],
        where: str,
        opened: Sequence[tuple[str, type[Screen[Any]] | None]] = HELP_AND_MENU,
    ) -> None:
        """Open each screen over ``screen`` by its key in ``opened`` (with the kind of screen
        it opens; None: a dialog, any screen), read it as "``where``: <its name>", and
        close it with Escape."""
        app = self.pilot.app
        for key, kind in opened:
            await self.pilot.press(key)
            if kind is None:
                await until(self.pilot, lambda: app.screen is not screen, f"{where}: {key}")
            else:
                await wait_for_screen(self.pilot, kind)
            await self.look(f"{where}: {kind.__name__ if kind else f'dialog {key}'}")
            await self.pilot.press("escape")
            await until(self.pilot, lambda: app.screen is screen, f"{where}: back from {key}")

    def read(self, name: str) -> None:
        """Read the screen that is up as ``name``, as it is now (a settled screen)."""
        words = english_words(shown(self.pilot.app))
        self.found.setdefault(name, set()).update(words)

    def report(self) -> str:
        """One line per screen with English words: the screen, then its words."""
        return "\n".join(
            f"{name}: {' '.join(sorted(words))}" for name, words in self.found.items() if words
        )

    def check(self) -> None:
        """Fail listing every screen that shows an English word."""
        assert self.found, "no screen was read"
        assert not self.report(), "English words in en_XA:\n" + self.report()
