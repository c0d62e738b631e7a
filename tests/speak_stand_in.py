"""A stand-in game screen for the spoken-moves browser test: one button plays a turn.

``python speak_stand_in.py SAVE``: a Textual app whose "Play a turn" plays the next
Automa turn of the Euphoria save SAVE (the engine, as the game screen does) and hands
its spoken lines and cues to the screen's voice (`companion.tui.voice.voice_for`),
then shows "Turn played". Served by `CompanionServer`, the page says the lines.
"""

from __future__ import annotations

import sys

from textual.app import App, ComposeResult
from textual.widgets import Button, Label

from companion.core import session
from companion.core.saves import resolve_save_path
from companion.euphoria import game
from companion.euphoria import words as spoken
from companion.tui.voice import voice_for


class SpeakingStandIn(App[None]):
    """The button and the label; the voice made as a game screen makes it."""

    def __init__(self, save: str) -> None:
        super().__init__()
        self.save = save

    def compose(self) -> ComposeResult:
        yield Button("Play a turn", id="turn")
        yield Label("Ready", id="said")

    def on_button_pressed(self) -> None:
        voice = voice_for(self)
        with session.editing_game(resolve_save_path(self.save), game.GAME) as journal:
            report = game.run_turn(journal, {})
        voice.announce(spoken.spoken(report.announcements), spoken.cues(report.announcements))
        self.query_one("#said", Label).update("Turn played")


if __name__ == "__main__":
    SpeakingStandIn(sys.argv[1]).run()
