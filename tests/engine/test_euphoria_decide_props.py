"""Property: any possible situation gives a legal decision (hypothesis).

The strategy builds possible situations directly (every market site built or
not, construction workers below the threshold, this Automa's 4 workers spread
over available, placed and the penalty card) and check_situation confirms it.
"""

from __future__ import annotations

from collections import Counter

from euphoria_situations import situations
from hypothesis import given, settings

from companion.euphoria.board import (
    ARTIFACT_MARKETS,
    BREEZE_BAR,
    COMMODITY_SPACES,
    SINGLE_OCCUPANCY,
    SITES,
    SKY_LOUNGE,
    SPACES,
    TUNNELS,
    area_of,
    site_threshold,
)
from companion.euphoria.decide import decide
from companion.euphoria.model import PlacedWorker, Situation
from companion.euphoria.situation import parse_situation, situation_to_dict


def _construction(s: Situation, space: str) -> bool:
    return space in SITES and not s.site(space).built


def _valid_spaces(s: Situation) -> set[str]:
    """Every space the action could ever lead to (whatever the row)."""
    if s.action == "commodity":
        return {f"{s.support_faction()}.commodity"}
    if s.action == "tunnel_breeze_bar":
        return {*TUNNELS, BREEZE_BAR}
    if s.action == "tunnel_sky_lounge":
        return {*TUNNELS, SKY_LOUNGE}
    if s.action == "artifact_market":
        return {*ARTIFACT_MARKETS, *(x for x in SITES if _construction(s, x))}
    return set(SITES)


def _check_place(s: Situation, d) -> None:
    assert d.worker in s.available
    own_commodity = d.space == f"{s.faction}.commodity"
    assert d.worker == (min(s.available) if own_commodity else max(s.available))
    assert d.space in SPACES
    assert d.space in _valid_spaces(s)
    assert d.why and all(isinstance(line, str) and line for line in d.why)
    # Bump: only a single-occupancy space (never a construction site) that holds a worker.
    holds = d.space in s.occupied or any(w.space == d.space for w in s.placed)
    assert d.bump == (d.space in SINGLE_OCCUPANCY and not _construction(s, d.space) and holds)
    token = d.authority_token
    if s.action in ("commodity", "tunnel_breeze_bar", "tunnel_sky_lounge"):
        assert token is None and not d.completes_site and d.row == 0
        return
    assert d.row >= 1
    # Rows are read top to bottom: a later row only when the earlier ones had no space.
    in_progress = [x for x in SITES if _construction(s, x) and s.site(x).workers > 0]
    assert (d.row == 1) == bool(in_progress)
    if s.action == "construct_market" and d.row >= 3:
        assert not any(_construction(s, x) for x in SITES)
    if _construction(s, d.space):
        workers = s.site(d.space).workers + 1
        completes = workers >= site_threshold(s.players)
        assert d.completes_site == completes
        assert token == (d.space if completes else None)
        assert d.row == (1 if workers > 1 else 2)
        return
    assert not d.completes_site
    assert token is not None
    if token.startswith("territory:"):
        assert token == f"territory:{area_of(d.space)}"
        # Territory rows come only when no penalizing market could be used instead.
        penalizing = [
            x for x in SITES if s.site(x).built and s.automa not in s.site(x).automa_tokens
        ]
        assert not penalizing
    else:
        assert token in SITES and s.site(token).built
        assert s.automa not in s.site(token).automa_tokens  # a penalizing market
        assert area_of(token) == area_of(d.space)
        if s.action == "construct_market":
            assert token == d.space


def _check_retrieve(s: Situation, d) -> None:
    assert d.worker is None and d.space is None
    assert len(d.leave) == len(d.leave_reasons)
    everyone = Counter([*s.placed, *(PlacedWorker(k, "penalty_card") for k in s.penalty_card)])
    assert Counter([*d.retrieved, *d.leave]) == everyone
    camping = [w for w, r in zip(d.leave, d.leave_reasons, strict=True) if r.startswith("camping")]
    assert len(camping) <= 1
    for w in d.leave:
        assert _construction(s, w.space) or w in camping
    for w in camping:
        assert s.camping
        assert w.space in COMMODITY_SPACES and area_of(w.space) != s.faction
        assert d.retrieved  # only if it still retrieves a worker


# One test checks the three properties of each situation: drawing a situation costs far
# more than deciding it, and each property is checked on all 400 (it was 400, 200 and 200
# examples in three tests, each drawing its own).
@settings(max_examples=400, deadline=None)
@given(situations())
def test_any_situation_gives_a_legal_decision_purely_and_round_trips(s):
    """Any possible situation gives a legal decision: the space exists and fits the action, the
    worker is available, the token is consistent, retrieve + leave partition the workers.
    decide() is pure: the same situation always gives the same decision and is not changed.
    situation_to_dict writes what parse_situation reads back to the same Situation."""
    before = situation_to_dict(s)
    d = decide(s)
    retrieves = not s.available or (
        len(s.available) == 1 and s.action in s.retrieve_with_one_worker
    )
    assert d.decision == ("retrieve" if retrieves else "place")
    if retrieves:
        _check_retrieve(s, d)
    else:
        _check_place(s, d)
    data = d.to_json()
    assert data["decision"] == d.decision and isinstance(data["why"], str)
    assert decide(s) == d
    assert situation_to_dict(s) == before
    assert parse_situation(before) == s
