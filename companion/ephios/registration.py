"""The Ephios games' entries in the game registry (``companion.core.registry``): the solo
game against the Plot, the quick game and the campaign.

Imported through the ``companion.games`` entry point whenever the registry is
read, so it imports nothing but the registry and the catalog: the engines, the
screens and the commands it names are loaded only when they are used.
"""

from __future__ import annotations

from typing import Any

from companion.core import registry
from companion.core.catalog import N_, N_plural, _, say

SOLO = "ephios-solo"
QUICK = "ephios-quick"
CAMPAIGN = "ephios-campaign"
# The game as BG Stats and BoardGameGeek name it, whichever mode (a title, never translated).
PLAY_TITLE = "Ephios"

COMMANDS = registry.CommandGroup(
    "ephios",
    "companion.cli.ephios:ephios",
    N_("Ephios: the solo Plot, quick-game and campaign keeping."),
)

# The Plot's levels (the solo set-up's starting popularity gap), as words.
PLOT_LEVELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}


def levels() -> registry.Levels:
    """The Plot's three levels, easiest first (the solo set-up's 30% easy, 20% normal,
    10% hard), the standard one normal."""
    from companion.ephios.solo_rules import DIFFICULTIES

    plot = tuple(sorted(DIFFICULTIES, key=lambda d: -DIFFICULTIES[d]))
    names = {
        d: say(
            "{level} ({percent}%)",
            level=_(PLOT_LEVELS[d]) if d in PLOT_LEVELS else d.capitalize(),
            percent=DIFFICULTIES[d],
        )
        for d in plot
    }
    return registry.Levels(SOLO, plot, names, "normal")


def quick_fields() -> dict[str, Any]:
    """The data of the quick game's hint: the popularity that wins (End of the Game)."""
    from companion.ephios.quick import WIN

    return {"win": WIN}


def _game(
    game: str,
    title: str,
    end: str,
    short: str,
    engine: str,
    screen: str | None,
    new: registry.NewGame,
) -> registry.Game:
    """One Ephios game's descriptor (the three share their outcome module and commands); a
    game with no ``screen`` of its own plays on the one table screen."""
    return registry.Game(
        id=game,
        title=title,
        end_title=end,
        short_title=short,
        rules=f"companion.ephios.{engine}:RULES",
        table=f"companion.ephios.table:{engine.upper()}",
        describer=f"companion.ephios.{engine}:describe_event",
        outcome="companion.ephios.outcome:outcome",
        resume=screen,
        cli=COMMANDS,
        new=(new,),
        solo=game == SOLO,
        turns=(
            N_plural("{turns} round", "{turns} rounds")
            if game == CAMPAIGN
            else N_plural("{turns} turn", "{turns} turns")
        ),
        unit="%" if game == QUICK else "",
        levels="companion.ephios.registration:levels" if game == SOLO else None,
        seats="companion.ephios.outcome:" + ("solo_seats" if game == SOLO else "named_seats"),
        play_title=PLAY_TITLE,
        order=new.order,
    )


registry.register(
    _game(
        SOLO,
        N_("Ephios solo"),
        N_("Ephios solo"),
        N_("Ephios solo"),
        "solo",
        None,
        registry.NewGame(
            id=SOLO,
            name=N_("Ephios solo"),
            title=N_("New Ephios solo game"),
            hint=N_("against the Plot"),
            screen="",
            order=20,
            palette=(N_("New Ephios solo game"), N_("Play against the Plot")),
        ),
    )
)
registry.register(
    _game(
        QUICK,
        N_("Ephios quick game"),
        N_("Ephios quick game"),
        N_("Ephios quick"),
        "quick",
        None,
        registry.NewGame(
            id=QUICK,
            name=N_("Ephios quick game"),
            title=N_("Ephios quick game"),
            hint=N_("popularity to {win}%"),
            fields="companion.ephios.registration:quick_fields",
            screen="",
            order=30,
            palette=(N_("Ephios quick game"), N_("Keep the popularity of a quick game")),
        ),
    )
)
registry.register(
    _game(
        CAMPAIGN,
        N_("Ephios campaign"),
        N_("Ephios campaign"),
        N_("Ephios campaign"),
        "campaign",
        None,
        registry.NewGame(
            id=CAMPAIGN,
            name=N_("Ephios campaign"),
            title=N_("Ephios campaign"),
            hint=N_("rounds, wins, pages"),
            screen="",
            order=40,
            palette=(N_("Ephios campaign"), N_("Keep the rounds of a campaign")),
        ),
    )
)
