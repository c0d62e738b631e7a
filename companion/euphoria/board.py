"""The Euphoria board vocabulary the Automas use (ids as in shared/design.md)."""

from __future__ import annotations

# Areas, named by their faction id.
EUPHORIA = "euphoria"
WASTELANDS = "wastelands"
SUBTERRA = "subterra"
ICARUS = "icarus"
AREAS: tuple[str, ...] = (EUPHORIA, WASTELANDS, SUBTERRA, ICARUS)
RECRUIT_FACTIONS: tuple[str, ...] = (*AREAS, "factionless")

# The faction circle, clockwise round the board; the faction area tiebreaker
# starts at the support card's icon and walks it in this order (design note 1:
# the rulebook's artifact-market example goes Icarus -> Wastelands -> Subterra).
FACTION_CIRCLE: tuple[str, ...] = (ICARUS, WASTELANDS, SUBTERRA, EUPHORIA)

AREA_NAMES = {
    EUPHORIA: "Euphoria",
    WASTELANDS: "the Wastelands",
    SUBTERRA: "Subterra",
    ICARUS: "Icarus",
}
FACTION_NAMES = {
    EUPHORIA: "Euphorian",
    WASTELANDS: "Wastelander",
    SUBTERRA: "Subterran",
    ICARUS: "Icarite",
    "factionless": "factionless",
}
# The commodity areas as the board names them (short announcements say "the Farm").
COMMODITY_AREAS = {
    EUPHORIA: "Generator",
    WASTELANDS: "Farm",
    SUBTERRA: "Aquifer",
    ICARUS: "Cloud Mine",
}
COMMODITY_NAMES = {
    EUPHORIA: "Generator (energy)",
    WASTELANDS: "Farm (food)",
    SUBTERRA: "Aquifer (water)",
    ICARUS: "Cloud Mine (bliss)",
}

MARKET_AREAS: tuple[str, ...] = (EUPHORIA, WASTELANDS, SUBTERRA)
# "Bottommost" first: `lower` is lower on the board than `upper` (design note 2).
SITE_LEVELS: tuple[str, ...] = ("lower", "upper")
SITES: tuple[str, ...] = tuple(f"{a}.{lvl}" for a in MARKET_AREAS for lvl in SITE_LEVELS)

COMMODITY_SPACES = tuple(f"{a}.commodity" for a in AREAS)
ARTIFACT_MARKETS = tuple(f"{a}.artifact_market" for a in MARKET_AREAS)
TUNNELS = tuple(f"{a}.tunnel" for a in MARKET_AREAS)
BREEZE_BAR = "icarus.breeze_bar"
SKY_LOUNGE = "icarus.sky_lounge"

# Every space id an Automa worker can stand on.
SPACES: tuple[str, ...] = (
    *COMMODITY_SPACES,
    *ARTIFACT_MARKETS,
    *SITES,
    *TUNNELS,
    BREEZE_BAR,
    SKY_LOUNGE,
)
# Spaces where a placement bumps whoever is there (construction-site spaces never bump;
# a site id names a constructed market once the market is built).
SINGLE_OCCUPANCY: frozenset[str] = frozenset(
    {*ARTIFACT_MARKETS, *SITES, *TUNNELS, BREEZE_BAR, SKY_LOUNGE}
)

ACTIONS: tuple[str, ...] = (
    "commodity",
    "tunnel_breeze_bar",
    "tunnel_sky_lounge",
    "artifact_market",
    "construct_market",
)
ACTION_NAMES = {
    "commodity": "commodity area",
    "tunnel_breeze_bar": "tunnel + Breeze Bar",
    "tunnel_sky_lounge": "tunnel + Sky Lounge",
    "artifact_market": "artifact market",
    "construct_market": "construct(ed) market",
}
FACTION_ICONS: tuple[str, ...] = ("automa", *AREAS)
AUTOMAS: tuple[str, ...] = ("black", "white")


def area_of(space: str) -> str:
    """The area (faction) a space belongs to: the part before the dot."""
    return space.split(".", 1)[0]


def circle_from(start: str) -> tuple[str, ...]:
    """The four areas in faction-circle order, starting at ``start``."""
    index = FACTION_CIRCLE.index(start)
    return FACTION_CIRCLE[index:] + FACTION_CIRCLE[:index]


# Rule numbers of the base game the Automa engine needs (design.md "Base-game facts"),
# named once: the allegiance track space that activates a faction's recruits, its last
# tier, the tunnel miner's space that activates them too, and the most a commodity area's
# dice may total for its allegiance track to advance.
RECRUITS_ACTIVATED = 8
LAST_TIER = 11
MINER_ACTIVATES = 6
COMMODITY_ADVANCE_MAX = 4
SITE_THRESHOLDS = {3: 2, 4: 3}  # players -> workers on a construction site that build it
DIE_FACES = (1, 6)  # a worker's die: its lowest and highest face (its knowledge)


def site_threshold(players: int) -> int:
    """Workers on a construction site that build its market: 2 with 3 players, 3 with 4."""
    return SITE_THRESHOLDS.get(players, SITE_THRESHOLDS[4])


def space_name(space: str) -> str:
    """A human name for a space id, e.g. 'the Subterran artifact market'."""
    if space == "penalty_card":
        return "the faction/penalty card"
    area, _, kind = space.partition(".")
    faction = FACTION_NAMES.get(area, area)
    if kind == "commodity":
        return f"the {faction} commodity area ({COMMODITY_NAMES[area]})"
    if kind == "artifact_market":
        return f"the {faction} artifact market"
    if kind == "tunnel":
        return f"the {faction} tunnel"
    if kind in SITE_LEVELS:
        return f"the {kind} {faction} market"
    if space == BREEZE_BAR:
        return "the Breeze Bar"
    if space == SKY_LOUNGE:
        return "the Sky Lounge"
    return space


def short_name(space: str) -> str:
    """A space as a short announcement names it, e.g. 'the Farm', 'the Subterran tunnel'
    (a market site: 'the lower Euphorian market')."""
    area, _, kind = space.partition(".")
    if kind == "commodity":
        return f"the {COMMODITY_AREAS[area]}"
    return space_name(space)
