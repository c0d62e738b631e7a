"""The finished game handed to BG Stats: its link on the end-of-game screen, its QR code on `b`.

The play and its link are ``companion.history.bgstats``'s (the play of the game's history
record). The link is shown whole (wrapped, selectable, a click opens it); the QR code is
too tall for most terminals beside the rest of the screen (a Euphoria play is a code of
about 90 modules: 47 rows), so it has a screen of its own that scrolls both ways, drawn
light on dark whatever the theme so that a phone reads it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer, Vertical
from textual.screen import Screen
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


class LinkText(Static):
    """The link, whole (a long link wraps where it must), opened by a click."""

    DEFAULT_CSS = """
    LinkText { color: $text-accent; text-style: underline; }
    """

    def __init__(self, link: str, **kwargs: Any) -> None:
        super().__init__(Text(link, overflow="fold"), **kwargs)
        self.link = link

    def on_click(self, event: events.Click) -> None:
        """Open the link (in a browser tab: a new tab on the player's device)."""
        event.stop()
        self.app.open_url(self.link)


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
                "here), or scan its QR code: b shows it."
            ),
            id="bg-hint",
        )
        yield LinkText(self.link, id="bg-link")


class BgStatsCodeScreen(Screen[None]):
    """The QR code of the play, light on dark, and the link under it; scrolls both ways."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("escape,b", "app.pop_screen", N_("Back"), id="back"),
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

    def on_mount(self) -> None:
        """The title (the header is left out, so the menu and help name it)."""
        self.title = _("BG Stats: the play's QR code")
