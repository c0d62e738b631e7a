"""`companion euphoria ...`: the headless Euphoria Automa commands (no Textual)."""

from __future__ import annotations

import click

from companion.cli import LazyGroup

_DECIDE = "companion.cli.euphoria_decide"
_GAME = "companion.cli.euphoria_game"
_COMMANDS = {
    "decide": (f"{_DECIDE}:decide", "What does the Automa do in this situation? (JSON)"),
    "new": (f"{_GAME}:new", "Set up a new Automa game and print the set-up checklist."),
    "cards": (f"{_GAME}:cards", "Preview the Automa deck cycle for a level and seed."),
    "turn": (f"{_GAME}:turn", "Run the next Automa turn."),
    "event": (f"{_GAME}:event", "Report what a human did (bump, site, market, ...)."),
    "undo": (f"{_GAME}:undo", "Take back the last step."),
    "redo": (f"{_GAME}:redo", "Bring back the last undone step."),
    "show": (f"{_GAME}:show", "Show the game: deck, Automas, workers, tokens."),
    "checklist": (f"{_GAME}:checklist", "Set-up checklist of a game without Automas (2-6)."),
}


@click.group(cls=LazyGroup, lazy=_COMMANDS)
def euphoria() -> None:
    """Euphoria (Ignorance is Bliss): run the two Automas beside the board."""
