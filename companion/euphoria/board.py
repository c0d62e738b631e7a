"""The Euphoria board vocabulary the Automas use (ids as in shared/design.md).

The tables of names hold catalog messages (``N_``): a name is translated where it is
shown, through the functions below (:func:`area_name`, :func:`faction_name`,
:func:`space_name`, ...), never by reading a table directly.
"""

from __future__ import annotations

from functools import lru_cache

from companion.core.catalog import N_, _, language, say

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
    EUPHORIA: N_("Euphoria"),
    WASTELANDS: N_("the Wastelands"),
    SUBTERRA: N_("Subterra"),
    ICARUS: N_("Icarus"),
}
FACTION_NAMES = {
    EUPHORIA: N_("Euphorian"),
    WASTELANDS: N_("Wastelander"),
    SUBTERRA: N_("Subterran"),
    ICARUS: N_("Icarite"),
    "factionless": N_("factionless"),
}
# The commodity areas as the board names them (short announcements say "the Farm").
COMMODITY_AREAS = {
    EUPHORIA: N_("Generator"),
    WASTELANDS: N_("Farm"),
    SUBTERRA: N_("Aquifer"),
    ICARUS: N_("Cloud Mine"),
}
COMMODITY_NAMES = {
    EUPHORIA: N_("Generator (energy)"),
    WASTELANDS: N_("Farm (food)"),
    SUBTERRA: N_("Aquifer (water)"),
    ICARUS: N_("Cloud Mine (bliss)"),
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
    "commodity": N_("commodity area"),
    "tunnel_breeze_bar": N_("tunnel + Breeze Bar"),
    "tunnel_sky_lounge": N_("tunnel + Sky Lounge"),
    "artifact_market": N_("artifact market"),
    "construct_market": N_("construct(ed) market"),
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


# Short area names, without the article ("Icarus none, Wastelands none, Subterra yes").
AREA_SHORT = {
    EUPHORIA: N_("Euphoria"),
    WASTELANDS: N_("Wastelands"),
    SUBTERRA: N_("Subterra"),
    ICARUS: N_("Icarus"),
}
# The commodity areas as short announcements name them ("the Farm").
COMMODITY_SHORT = {
    EUPHORIA: N_("the Generator"),
    WASTELANDS: N_("the Farm"),
    SUBTERRA: N_("the Aquifer"),
    ICARUS: N_("the Cloud Mine"),
}
# The Automas by colour, as a sentence names them ("Black's 3 went to the Farm").
AUTOMA_NAMES = {"black": N_("Black"), "white": N_("White")}
# ... and inside a sentence ("Turn black's faction/penalty card ...").
AUTOMA_WORDS = {"black": N_("black"), "white": N_("white")}


def _named(table: dict[str, str], key: str) -> str:
    """``table[key]`` in the player's language; a key with no name is shown as it is (an id)."""
    name = table.get(key)
    return key if name is None else _(name)


def area_name(area: str) -> str:
    """An area as a sentence names it: 'Euphoria', 'the Wastelands'."""
    return _named(AREA_NAMES, area)


def area_short(area: str) -> str:
    """An area without its article: 'Wastelands' (the tiebreaker walk, labels)."""
    return _named(AREA_SHORT, area)


def faction_name(faction: str) -> str:
    """A faction (an area id, or "factionless") as its people: 'Euphorian', 'Icarite'."""
    return _named(FACTION_NAMES, faction)


def automa_name(automa: str) -> str:
    """An Automa by its colour, capitalised: 'Black', 'White'."""
    return _named(AUTOMA_NAMES, automa)


def automa_word(automa: str) -> str:
    """An Automa by its colour inside a sentence: 'black', 'white'."""
    return _named(AUTOMA_WORDS, automa)


def action_name(action: str) -> str:
    """An Automa card's action in words: 'tunnel + Sky Lounge'."""
    return _named(ACTION_NAMES, action)


def commodity_area(area: str) -> str:
    """The commodity area of ``area`` as the board names it: 'Farm'."""
    return _named(COMMODITY_AREAS, area)


def commodity_name(area: str) -> str:
    """The commodity area of ``area`` with what it gives: 'Farm (food)'."""
    return _named(COMMODITY_NAMES, area)


def space_name(space: str) -> str:
    """A human name for a space id, e.g. 'the Subterran artifact market'."""
    return _space_name(space, language())


# A space's name is asked for several times an Automa's step (its announcements, the
# reasons of its decision): made once a language (``name``, the key) and space.
@lru_cache(maxsize=1024)
def _space_name(space: str, name: str) -> str:
    if space == "penalty_card":
        return _("the faction/penalty card")
    area, _dot, kind = space.partition(".")
    faction = faction_name(area)
    if kind == "commodity":
        return say(
            "the {faction} commodity area ({commodity})",
            faction=faction,
            commodity=commodity_name(area),
        )
    if kind == "artifact_market":
        return say("the {faction} artifact market", faction=faction)
    if kind == "tunnel":
        return say("the {faction} tunnel", faction=faction)
    if kind == "lower":
        return say("the lower {faction} market", faction=faction)
    if kind == "upper":
        return say("the upper {faction} market", faction=faction)
    if space == BREEZE_BAR:
        return _("the Breeze Bar")
    if space == SKY_LOUNGE:
        return _("the Sky Lounge")
    return space


def market_name(site: str) -> str:
    """A market site without its article, for a list: 'lower Euphorian market'."""
    area, _dot, kind = site.partition(".")
    if kind == "lower":
        return say("lower {faction} market", faction=faction_name(area))
    return say("upper {faction} market", faction=faction_name(area))


def site_name(site: str) -> str:
    """A market site while unbuilt, in full: 'the construction site of the lower Euphorian
    market'."""
    return say("the construction site of {market}", market=space_name(site))


def construction_site_name(site: str) -> str:
    """A market site while unbuilt, shortly: 'the upper Wastelander construction site'."""
    area, _dot, kind = site.partition(".")
    if kind == "lower":
        return say("the lower {faction} construction site", faction=faction_name(area))
    return say("the upper {faction} construction site", faction=faction_name(area))


def short_name(space: str) -> str:
    """A space as a short announcement names it, e.g. 'the Farm', 'the Subterran tunnel'
    (a market site: 'the lower Euphorian market')."""
    area, _dot, kind = space.partition(".")
    if kind == "commodity":
        return _named(COMMODITY_SHORT, area)
    return space_name(space)
