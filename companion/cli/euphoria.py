"""`companion euphoria ...`: the headless Euphoria Automa commands (no Textual).

The group is the game protocol's (``companion.cli.table``: new, act, show, undo, redo,
with the options declared here and printed by the game's face,
``companion.cli.euphoria_game:FACE``) and the commands of its own: ``turn``, ``event``,
``cards``, ``checklist`` and ``decide``. Declared as data, imported only when run: the
group's ``--help`` imports no engine.
"""

from __future__ import annotations

import click

from companion.cli.table_group import group
from companion.cli.table_spec import ANSWER, JSON, REVISION, GroupSpec, option
from companion.core.catalog import N_

_DECIDE = "companion.cli.euphoria_decide"
_GAME = "companion.cli.euphoria_game"
# The commands of its own, each with its one-line help: catalog messages, translated when
# --help shows them.
_COMMANDS = {
    "decide": (f"{_DECIDE}:decide", N_("What does the Automa do in this situation? (JSON)")),
    "cards": (f"{_GAME}:cards", N_("Preview the Automa deck cycle for a level and seed.")),
    "turn": (f"{_GAME}:turn", N_("Run the next Automa turn.")),
    "event": (f"{_GAME}:event", N_("Report what a human did (bump, site, market, ...).")),
    "checklist": (f"{_GAME}:checklist", N_("Set-up checklist of a game without Automas (2-6).")),
}

# `new`: the set-up as options (after SAVE), in the order its help lists them.
NEW = (
    option("--humans", type=click.IntRange(1, 2), default=1, show_default=True),
    option(
        "--difficulty",
        default="intermediate",
        show_default=True,
        help="beginner, intermediate, experienced, veteran, expert or i-want-to-cry.",
    ),
    option(
        "--recruits",
        metavar="F1,F2",
        help="1 human: your two recruits' factions, the ACTIVE one first. "
        "2 humans: each human's active recruit. Factions: euphoria, wastelands, subterra, "
        "icarus, factionless.",
    ),
    option("--factions", metavar="BLACK,WHITE", help="Automa factions drawn at the table."),
    option("--solo-variant", is_flag=True, help="Draw the Automas' factions without regard."),
    option("--base-game", is_flag=True, help="Original recruits and markets (no Bazaar)."),
    option("--physical-dice", is_flag=True, help="Roll the Automas' dice yourself."),
    option("--physical-deck", is_flag=True, help="Use your printed Automa cards."),
    # (metavar given: click.Path names itself when it is made, in the language of the import)
    option(
        "--deck",
        "deck_path",
        type=click.Path(),
        metavar="PATH",
        help="Another deck file of the format.",
    ),
    option("--report-sites", is_flag=True, help="You report every human site change."),
    option(
        "--report-tracks/--ask-tracks",
        default=True,
        help="Report an activation or last tier yourself when an announced advance reaches it "
        "(default), or have the app ask after every advance of an Automa faction's track.",
    ),
    option("--seed", type=int, help="The seed of the game's shuffles and dice."),
    option("--force", is_flag=True, help="Replace an existing save."),
    REVISION,
    ANSWER.but(
        help="Answer a question (repeatable; 'many' answers comma-separated, yes/no as yes or no)."
    ),
    JSON,
)
# undo and redo: any number of steps (an int: `--steps 0` is the session's to refuse).
STEPS = option("--steps", type=int, default=1, show_default=True)

SPEC = GroupSpec(
    game="euphoria",
    name="euphoria",
    help=N_("Euphoria (Ignorance is Bliss): run the two Automas beside the board."),
    options={
        "new": NEW,
        "undo": (STEPS, REVISION, JSON),
        "redo": (STEPS, REVISION, JSON),
    },
    helps={
        "new": N_(
            "Set up a new Automa game in SAVE and print the set-up checklist.\n\n"
            "SAVE is a name (saved in the user data folder) or a path ending in .toml."
        ),
        "undo": N_(
            "Take back the last steps (turns and events; one unless --steps says more); redo\n"
            "brings them back."
        ),
        "show": N_("Show the game: deck, Automas, workers, tokens, sites."),
    },
    short={
        "new": N_("Set up a new Automa game and print the set-up checklist."),
        "undo": N_("Take back the last step."),
        "redo": N_("Bring back the last undone step."),
        "show": N_("Show the game: deck, Automas, workers, tokens."),
        "act": N_("Take an action: turn, or a report (bump, site, market, ...) with --answer."),
    },
    face=f"{_GAME}:FACE",
    own=_COMMANDS,
)

euphoria = group(SPEC)
