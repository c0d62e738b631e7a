"""A hypothesis strategy of possible Euphoria situations, shared by the property tests of
`decide` and of `companion euphoria decide`.

It builds possible situations directly (every market site built or not, construction
workers below the threshold, this Automa's 4 workers spread over available, placed and
the penalty card) and check_situation confirms each.
"""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from companion.euphoria.board import (
    ACTIONS,
    AREAS,
    AUTOMAS,
    FACTION_ICONS,
    SINGLE_OCCUPANCY,
    SITES,
    SPACES,
    site_threshold,
)
from companion.euphoria.model import DEFAULT_RETRIEVE_WITH_ONE, PlacedWorker, Site, Situation
from companion.euphoria.situation import check_situation

# The strategies are made once, here: a strategy made inside `situations` is made and
# validated again for every example, which cost most of the property tests' time.
_PLAYERS = st.sampled_from((3, 4))
_SITE_KINDS = st.sampled_from(("unlisted", "built", "unbuilt"))
_TOKENS = st.frozensets(st.sampled_from(AUTOMAS))
_DICE = st.lists(st.integers(1, 6), min_size=4, max_size=4)
_AVAILABLE = st.integers(0, 4)
_RETRIEVE = st.one_of(st.just(DEFAULT_RETRIEVE_WITH_ONE), st.frozensets(st.sampled_from(ACTIONS)))
_AUTOMAS = st.sampled_from(AUTOMAS)
_AREAS = st.sampled_from(AREAS)
_ACTIONS = st.sampled_from(ACTIONS)
_SUPPORT = st.sampled_from(FACTION_ICONS)


@cache
def _below(threshold: int) -> st.SearchStrategy[int]:
    """Workers on a construction site that is not complete."""
    return st.integers(0, threshold - 1)


@cache
def _one_of(choices: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.sampled_from(choices)


@cache
def _some_of(choices: tuple[str, ...]) -> st.SearchStrategy[frozenset[str]]:
    return st.frozensets(st.sampled_from(choices))


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    """One possible situation of an Automa about to place a worker."""
    players = draw(_PLAYERS)
    threshold = site_threshold(players)
    sites: dict[str, Site] = {}
    # Late in a game every market is built (the construct table's rows 3 and 4).
    late = draw(st.booleans())
    for site_id in SITES:
        kind = "built" if late else draw(_SITE_KINDS)
        if kind == "built":
            sites[site_id] = Site(built=True, automa_tokens=draw(_TOKENS))
        elif kind == "unbuilt":
            sites[site_id] = Site(workers=draw(_below(threshold)))

    def construction(site_id: str) -> bool:
        return site_id in SITES and not sites.get(site_id, Site()).built

    dice = draw(_DICE)
    n_available = draw(_AVAILABLE)
    available = tuple(dice[:n_available])
    placed: list[PlacedWorker] = []
    penalty: list[int] = []
    room = {x: sites.get(x, Site()).workers for x in SITES if construction(x)}
    for knowledge in dice[n_available:]:
        if knowledge == 6 and draw(st.booleans()):
            penalty.append(6)
            continue
        taken = {w.space for w in placed}
        free = tuple(
            x
            for x in SPACES
            if (construction(x) and room[x] > 0)
            or (not construction(x) and (x not in SINGLE_OCCUPANCY or x not in taken))
        )
        space = draw(_one_of(free))
        if construction(space):
            room[space] -= 1
        placed.append(PlacedWorker(knowledge, space))
    bumpable = tuple(sorted(x for x in SINGLE_OCCUPANCY if not construction(x)))
    retrieve = draw(_RETRIEVE)
    situation = Situation(
        players=players,
        automa=draw(_AUTOMAS),
        faction=draw(_AREAS),
        action=draw(_ACTIONS),
        support=draw(_SUPPORT),
        camping=draw(st.booleans()),
        available=available,
        placed=tuple(placed),
        penalty_card=tuple(penalty),
        occupied=draw(_some_of(bumpable)),
        sites=sites,
        retrieve_with_one_worker=retrieve,
    )
    check_situation(situation)
    return situation
