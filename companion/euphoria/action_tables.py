"""The action tables of the Automa's market actions (rulebook Part 2, "Actions":
"Artifact Market Action", "Construct(ed) Market Action"): each row's valid spaces and the
authority token it places, with the sentence saying why and its rule id. ``decide.py``
goes through the rows top to bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from companion.core.catalog import N_, say
from companion.euphoria.board import (
    MARKET_AREAS,
    SITES,
    area_of,
    faction_name,
    market_name,
    site_threshold,
    space_name,
)
from companion.euphoria.model import Situation

TERRITORY = "territory:"

# --- the action tables ---------------------------------------------------------------------
#
# A row of a table: ``valid(s)`` maps each area with valid spaces to them, bottommost
# first; ``token(s, area, space)`` gives the authority token (or None), whether the
# placement completes a construction site, and the sentence about the token.

Valid = Callable[[Situation], dict[str, list[str]]]
Token = tuple[str | None, bool, str, str]  # token, completes the site, rule id, sentence


def _sites(s: Situation, keep: Callable[[str], bool]) -> dict[str, list[str]]:
    """Market sites that pass ``keep``, by area, bottommost (lower) first."""
    found: dict[str, list[str]] = {}
    for site in SITES:  # by area, lower before upper
        if keep(site):
            found.setdefault(area_of(site), []).append(site)
    return found


def _in_progress(s: Situation) -> dict[str, list[str]]:
    return _sites(s, lambda x: not s.site(x).built and s.site(x).workers >= 1)


def _empty(s: Situation) -> dict[str, list[str]]:
    return _sites(s, lambda x: not s.site(x).built and s.site(x).workers == 0)


def _penalizing(s: Situation) -> dict[str, list[str]]:
    return _sites(s, lambda x: s.site(x).built and s.automa not in s.site(x).automa_tokens)


def _constructed(s: Situation) -> dict[str, list[str]]:
    return _sites(s, lambda x: s.site(x).built)


def _artifact_markets_of(valid: Valid) -> Valid:
    return lambda s: {area: [f"{area}.artifact_market"] for area in valid(s)}


def _all_artifact_markets(s: Situation) -> dict[str, list[str]]:
    return {area: [f"{area}.artifact_market"] for area in MARKET_AREAS}


def _join_site(s: Situation, area: str, site: str) -> Token:
    """A worker on a construction site: a token on the market only if this builds it."""
    threshold = site_threshold(s.players)
    workers = s.site(site).workers + 1
    if workers >= threshold:
        return (
            site,
            True,
            "token.completes_site",
            say(
                "This completes the construction ({workers} workers, {threshold} with "
                "{players} players): the market is built, every worker on the site returns "
                "to its owner and is re-rolled, and the Automa places an authority token on "
                "the new market, {market}.",
                workers=workers,
                threshold=threshold,
                players=s.players,
                market=space_name(site),
            ),
        )
    return (
        None,
        False,
        "token.none",
        say(
            "No authority token: the site then holds {workers} of the {threshold} workers "
            "that build it with {players} players.",
            workers=workers,
            threshold=threshold,
            players=s.players,
        ),
    )


def _token_on_penalizing(s: Situation, area: str, space: str) -> Token:
    markets = _penalizing(s)[area]
    rule = "token.penalizing_market"
    if len(markets) > 1:
        rule = "token.bottommost_penalizing_market"
        text = say(
            "Authority token on {market} (the bottommost penalizing market there).",
            market=space_name(markets[0]),
        )
    else:
        text = say(
            "Authority token on {market} (the penalizing market there).",
            market=space_name(markets[0]),
        )
    return markets[0], False, rule, text


def _token_on_market(s: Situation, area: str, space: str) -> Token:
    return (
        space,
        False,
        "token.market",
        say("Authority token on {market}, the penalizing market.", market=space_name(space)),
    )


def _token_on_territory(s: Situation, area: str, space: str) -> Token:
    return (
        TERRITORY + area,
        False,
        "token.territory",
        say(
            "Authority token on the {faction} territory ({token}); if that territory is full "
            "it goes next to it, as the rulebook allows.",
            faction=faction_name(area),
            token=TERRITORY + area,
        ),
    )


class Row(NamedTuple):
    """One row of an action table: what it covers, its valid spaces and its token."""

    text: str  # a catalog message (N_), translated where the row is named
    valid: Valid
    token: Callable[[Situation, str, str], Token]
    listed: Valid | None = None  # what the "row applies" sentence lists, if anything


ARTIFACT_ROWS = (
    Row(
        N_("construction sites where there is already a worker"),
        _in_progress,
        _join_site,
        _in_progress,
    ),
    Row(
        N_("artifact markets in faction areas with a penalizing market"),
        _artifact_markets_of(_penalizing),
        _token_on_penalizing,
        _penalizing,
    ),
    Row(N_("all artifact markets"), _all_artifact_markets, _token_on_territory),
)
CONSTRUCT_ROWS = (
    ARTIFACT_ROWS[0],
    Row(N_("construction sites with no workers"), _empty, _join_site, _empty),
    Row(N_("penalizing markets"), _penalizing, _token_on_market, _penalizing),
    Row(N_("all constructed markets"), _constructed, _token_on_territory),
)


def listing(valid: dict[str, list[str]]) -> str:
    """The spaces of ``valid`` as a list in words, for the "row applies" line."""
    return ", ".join(market_name(x) for spaces in valid.values() for x in spaces)
