"""The finished game handed to BG Stats: its link on the end-of-game screen, its QR code on `b`.

The play and its link are ``companion.history.bgstats``'s (the play of the game's history
record). The link is shown whole (on as many rows as it needs; a click opens it, `c` copies it); the QR code is
too tall for most terminals beside the rest of the screen (a Euphoria play is a code of
about 90 modules: 47 rows), so it has a screen of its own that scrolls both ways, drawn
light on dark whatever the theme so that a phone reads it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer, Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from companion.core.catalog import N_, _
from companion.core.journal import Journal
from companion.core.outcome import Outcome
from companion.history import bgstats, records
from companion.tui.widgets.chrome import Footer


def game_record(path: Path, journal: Journal, outcome: Outcome) -> records.Record:
    """The history's record of the finished game saved at ``path``; made from its outcome
    (finished when its save was last written) when the history does not hold it."""
    key = (records.save_key(path), journal.created)
    try:
        found = next((r for r in records.load() if r.key == key), None)
    except records.HistoryError:
        found = None
    if found is not None:
        return found
    return records.Record(
        game=outcome.game,
        save=key[0],
        created=journal.created,
        finished=journal.updated or journal.created,
        result=outcome.result or "lost",
        winner=outcome.winner or "",
        difficulty=outcome.difficulty,
        turns=outcome.turns,
    )


def play_link_of(path: Path, journal: Journal, outcome: Outcome) -> str:
    """The link that opens BG Stats with this game's play filled in."""
    record = game_record(path, journal, outcome)
    return bgstats.play_link(bgstats.play_of(record, journal))


# Where a long link may go on to the next row: before a percent escape, a "?" or after a "/"
# (never inside a word of the play, so each row reads as a piece of the address).
_BREAKS = re.compile(r"(?=[%?])|(?<=/)")


def link_rows(link: str, width: int) -> list[str]:
    """``link`` cut into rows of at most ``width`` characters, at its breaks when it can."""
    width = max(1, width)
    rows: list[str] = [""]
    for piece in (p for p in _BREAKS.split(link) if p):
        while len(piece) > width:  # a piece wider than the row (a narrow phone): cut it
            room = width - len(rows[-1])
            rows[-1] += piece[:room]
            rows.append("")
            piece = piece[room:]
        if len(rows[-1]) + len(piece) > width:
            rows.append("")
        rows[-1] += piece
    return [row for row in rows if row]


class LinkText(Widget):
    """The link, whole, on as many rows as it needs; a click opens it (`c` copies it)."""

    DEFAULT_CSS = """
    LinkText { height: auto; color: $text-accent; text-style: underline; }
    """

    def __init__(self, link: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.link = link

    def render(self) -> Text:
        """The rows of the link at this width."""
        return Text("\n".join(link_rows(self.link, self.content_size.width)), no_wrap=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the link needs at ``width``."""
        return len(link_rows(self.link, width))

    def on_click(self, event: events.Click) -> None:
        """Open the link (in a browser tab: a new tab on the player's device)."""
        event.stop()
        self.app.open_url(self.link)


def copy_link(app: App[Any], link: str) -> None:
    """Put ``link`` on the clipboard (the terminal's, or the browser's in a tab) and say so."""
    app.copy_to_clipboard(link)
    app.notify(_("The BG Stats link is copied: paste it on the device where BG Stats is."))


class BgStatsPlay(Vertical):
    """The end-of-game screen's BG Stats section: what to do and the link."""

    DEFAULT_CSS = """
    BgStatsPlay { height: auto; padding: 1 0 0 0; }
    BgStatsPlay #bg-title { text-style: bold; }
    """

    def __init__(self, link: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.link = link

    def compose(self) -> ComposeResult:
        """The title, the hint and the link."""
        yield Static(_("BG Stats"), id="bg-title")
        yield Static(
            _(
                "Open this link on the device where BG Stats is installed (a click opens it "
                "here, c copies it), or scan its QR code: b shows it."
            ),
            id="bg-hint",
        )
        yield LinkText(self.link, id="bg-link")


class BgStatsCodeScreen(Screen[None]):
    """The QR code of the play, light on dark, and the link under it; scrolls both ways."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape,b", "app.pop_screen", N_("Back"), id="back"),
        Binding("c", "copy_link", N_("Copy link"), tooltip=N_("copy the BG Stats link")),
    ]
    DEFAULT_CSS = """
    BgStatsCodeScreen #bg-code-page { height: 1fr; overflow: auto auto; }
    BgStatsCodeScreen #bg-code { width: auto; height: auto; color: #ffffff; background: #000000; }
    BgStatsCodeScreen #bg-code-hint { padding: 1 1 0 1; }
    BgStatsCodeScreen #bg-code-link { padding: 0 1; }
    """

    def __init__(self, link: str) -> None:
        super().__init__()
        self.link = link

    def compose(self) -> ComposeResult:
        """The code at the top left (no header: every row for it), then the link."""
        with ScrollableContainer(id="bg-code-page"):
            code = Text("\n".join(bgstats.qr_lines(self.link)), no_wrap=True, overflow="crop")
            yield Static(code, id="bg-code")
            yield Static(
                _(
                    "Scan it with the device where BG Stats is installed. Too big? Make the "
                    "window larger or its text smaller; the arrow keys scroll."
                ),
                id="bg-code-hint",
            )
            yield LinkText(self.link, id="bg-code-link")
        yield Footer()

    def action_copy_link(self) -> None:
        """Copy the link (`c`)."""
        copy_link(self.app, self.link)

    def on_mount(self) -> None:
        """The title (the header is left out, so the menu and help name it)."""
        self.title = _("BG Stats: the play's QR code")
