"""A hypothesis strategy of possible Euphoria situations, shared by the property tests of
`decide` and of `companion euphoria decide`.

It builds possible situations directly (every market site built or not, construction
workers below the threshold, this Automa's 4 workers spread over available, placed and
the penalty card) and check_situation confirms each.
"""

from __future__ import annotations

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


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    """One possible situation of an Automa about to place a worker."""
    players = draw(st.sampled_from((3, 4)))
    threshold = site_threshold(players)
    sites: dict[str, Site] = {}
    # Late in a game every market is built (the construct table's rows 3 and 4).
    late = draw(st.booleans())
    for site_id in SITES:
        kind = "built" if late else draw(st.sampled_from(("unlisted", "built", "unbuilt")))
        if kind == "built":
            tokens = draw(st.frozensets(st.sampled_from(AUTOMAS)))
            sites[site_id] = Site(built=True, automa_tokens=tokens)
        elif kind == "unbuilt":
            sites[site_id] = Site(workers=draw(st.integers(0, threshold - 1)))

    def construction(site_id: str) -> bool:
        return site_id in SITES and not sites.get(site_id, Site()).built

    dice = draw(st.lists(st.integers(1, 6), min_size=4, max_size=4))
    n_available = draw(st.integers(0, 4))
    available = tuple(dice[:n_available])
    placed: list[PlacedWorker] = []
    penalty: list[int] = []
    room = {x: sites.get(x, Site()).workers for x in SITES if construction(x)}
    for knowledge in dice[n_available:]:
        if knowledge == 6 and draw(st.booleans()):
            penalty.append(6)
            continue
        taken = {w.space for w in placed}
        free = [
            x
            for x in SPACES
            if (construction(x) and room[x] > 0)
            or (not construction(x) and (x not in SINGLE_OCCUPANCY or x not in taken))
        ]
        space = draw(st.sampled_from(free))
        if construction(space):
            room[space] -= 1
        placed.append(PlacedWorker(knowledge, space))
    bumpable = sorted(x for x in SINGLE_OCCUPANCY if not construction(x))
    retrieve = draw(
        st.one_of(
            st.just(DEFAULT_RETRIEVE_WITH_ONE),
            st.frozensets(st.sampled_from(ACTIONS)),
        )
    )
    situation = Situation(
        players=players,
        automa=draw(st.sampled_from(AUTOMAS)),
        faction=draw(st.sampled_from(AREAS)),
        action=draw(st.sampled_from(ACTIONS)),
        support=draw(st.sampled_from(FACTION_ICONS)),
        camping=draw(st.booleans()),
        available=available,
        placed=tuple(placed),
        penalty_card=tuple(penalty),
        occupied=draw(st.frozensets(st.sampled_from(bumpable))),
        sites=sites,
        retrieve_with_one_worker=retrieve,
    )
    check_situation(situation)
    return situation
