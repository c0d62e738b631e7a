"""Euphoria's entry in the game registry (``companion.core.registry``).

Imported through the ``companion.games`` entry point whenever the registry is
read, so it imports nothing but the registry and the catalog: the engine, the
screens and the commands it names are loaded only when they are used.
"""

from __future__ import annotations

from companion.core import registry
from companion.core.catalog import N_
from companion.core.journal import Journal

GAME = "euphoria"
MULTIPLAYER = "euphoria-multiplayer"
# The game as BG Stats and BoardGameGeek name it (a title, never translated).
PLAY_TITLE = "Euphoria: Build a Better Dystopia"

COMMANDS = registry.CommandGroup(
    "euphoria",
    "companion.cli.euphoria:euphoria",
    N_("Euphoria: run the two Automas beside the board."),
)


def describe_step(journal: Journal, number: int) -> str:
    """Event ``number`` (from 1) of a Euphoria journal in words; an Automa turn says which
    turn it was ("Automa turn 12"), which the event alone does not know."""
    from companion.core.catalog import say
    from companion.euphoria.words import describe_event

    event = journal.events[number - 1]
    if event.get("kind") == "turn":
        turns = sum(1 for e in journal.events[:number] if e.get("kind") == "turn")
        return say("Automa turn {turn}", turn=turns)
    return describe_event(event)


def levels() -> registry.Levels:
    """The six Automa levels of the rulebook's "Difficulty Levels", easiest first, named as
    the deck file names them, in the player's language (the standard one: the engine's
    default)."""
    from companion.core.debug import caught
    from companion.euphoria.cards import LEVEL_IDS, load_deck
    from companion.euphoria.state import GameOptions

    names = {lid: lid.replace("-", " ").capitalize() for lid in LEVEL_IDS}
    try:
        deck = load_deck(None).levels
        names.update({lid: deck[lid].title() for lid in LEVEL_IDS if lid in deck})
    except Exception as error:  # the names are a nicety; the ids are the engine's
        caught(error, "the names of the Automa levels")
    return registry.Levels(GAME, LEVEL_IDS, names, GameOptions().difficulty)


registry.register(
    registry.Game(
        id=GAME,
        title=N_("Euphoria Automa"),
        end_title=N_("Euphoria"),
        short_title=N_("Euphoria"),
        rules="companion.euphoria.game:RULES",
        table="companion.euphoria.table:GAME_OBJECT",
        describer="companion.euphoria.words:describe_event",
        step_describer="companion.euphoria.registration:describe_step",
        outcome="companion.euphoria.outcome:outcome",
        levels="companion.euphoria.registration:levels",
        seats="companion.euphoria.outcome:seats",
        play_title=PLAY_TITLE,
        solo=True,
        order=10,
        cli=COMMANDS,
        new=(
            registry.NewGame(
                id=GAME,
                name=N_("Euphoria Automa"),
                title=N_("New Euphoria Automa game"),
                hint=N_("two Automas beside your board"),
                screen="",
                order=10,
                palette=(
                    N_("New Euphoria Automa game"),
                    N_("Two Automas beside your Euphoria board"),
                ),
            ),
            registry.NewGame(
                id=MULTIPLAYER,
                name=N_("Euphoria set-up (no Automas)"),
                title=N_("Euphoria set-up, no Automas"),
                hint=N_("2–6 humans: the expansion's changes"),
                screen="",
                setup="companion.euphoria.multiplayer:MULTIPLAYER",
                order=50,
            ),
        ),
    )
)
