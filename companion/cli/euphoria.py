"""`companion euphoria ...`: the headless Euphoria Automa commands (no Textual)."""

from __future__ import annotations

import click

from companion.cli import LazyGroup
from companion.core.catalog import N_

_DECIDE = "companion.cli.euphoria_decide"
_GAME = "companion.cli.euphoria_game"
# The one-line help of each command: catalog messages, translated when --help shows them.
_COMMANDS = {
    "decide": (f"{_DECIDE}:decide", N_("What does the Automa do in this situation? (JSON)")),
    "new": (f"{_GAME}:new", N_("Set up a new Automa game and print the set-up checklist.")),
    "cards": (f"{_GAME}:cards", N_("Preview the Automa deck cycle for a level and seed.")),
    "turn": (f"{_GAME}:turn", N_("Run the next Automa turn.")),
    "event": (f"{_GAME}:event", N_("Report what a human did (bump, site, market, ...).")),
    "undo": (f"{_GAME}:undo", N_("Take back the last step.")),
    "redo": (f"{_GAME}:redo", N_("Bring back the last undone step.")),
    "show": (f"{_GAME}:show", N_("Show the game: deck, Automas, workers, tokens.")),
    "checklist": (f"{_GAME}:checklist", N_("Set-up checklist of a game without Automas (2-6).")),
    "act": (
        "companion.cli.table:act",
        N_("Take an action: turn, or a report (bump, site, market, ...) with --answer."),
    ),
}


@click.group(
    cls=LazyGroup,
    lazy=_COMMANDS,
    help=N_("Euphoria (Ignorance is Bliss): run the two Automas beside the board."),
)
def euphoria() -> None:
    """Euphoria (Ignorance is Bliss): run the two Automas beside the board."""
