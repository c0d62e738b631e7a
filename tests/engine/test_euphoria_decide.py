"""The Automa decision engine against the rulebook (Part 2 of the Ignorance is Bliss rules).

Each test names the passage it checks: "Retrieve Automa Workers", "Place a
Worker", "Tiebreakers", and the action tables of "Actions". Every situation
used here is first checked with check_situation, so it is a possible one.
"""

from __future__ import annotations

import pytest

from companion.euphoria.board import FACTION_CIRCLE, SITES
from companion.euphoria.decide import decide
from companion.euphoria.model import PlacedWorker, Site, Situation
from companion.euphoria.situation import check_situation


def W(knowledge: int, space: str) -> PlacedWorker:
    return PlacedWorker(knowledge, space)


def make(
    action: str = "commodity",
    *,
    support: str = "automa",
    faction: str = "icarus",
    automa: str = "black",
    players: int = 3,
    available: tuple[int, ...] = (2, 6),
    placed: tuple[PlacedWorker, ...] | None = None,
    penalty_card: tuple[int, ...] = (),
    camping: bool = False,
    occupied: tuple[str, ...] = (),
    sites: dict[str, Site] | None = None,
    **extra,
) -> Situation:
    """A checked situation; unless told, the workers not available are on commodity areas."""
    if placed is None:
        spare = 4 - len(available) - len(penalty_card)
        placed = tuple(W(1, "subterra.commodity") for _ in range(spare))
    s = Situation(
        players=players,
        automa=automa,
        faction=faction,
        action=action,
        support=support,
        camping=camping,
        available=available,
        placed=placed,
        penalty_card=penalty_card,
        occupied=frozenset(occupied),
        sites=sites or {},
        **extra,
    )
    check_situation(s)
    return s


def built(*site_ids: str, tokens: tuple[str, ...] = ()) -> dict[str, Site]:
    return {x: Site(built=True, automa_tokens=frozenset(tokens)) for x in site_ids}


def working(workers: int, *site_ids: str) -> dict[str, Site]:
    return {x: Site(workers=workers) for x in site_ids}


def rules(decision) -> tuple[str, ...]:
    """The ids of the rule steps the decision applied, one per line of its why."""
    assert len(decision.rules) == len(decision.why)
    return decision.rules


# --- the rulebook's three worked examples ----------------------------------------------------


def test_example_commodity_generic_icon_lowest_worker_on_own_commodity_area():
    """Place a Worker, example: Icarus, workers 2 and 6, generic icon -> 2 on Icarus."""
    d = decide(make("commodity", support="automa", faction="icarus", available=(2, 6)))
    assert (d.decision, d.worker, d.space, d.bump) == ("place", 2, "icarus.commodity", False)
    assert "worker.lowest" in rules(d) and "worker.highest" not in rules(d)


def test_example_commodity_wastelands_icon_highest_worker():
    """Place a Worker, example: 'Had the faction icon been the Wastelands icon ... knowledge 6'."""
    d = decide(make("commodity", support="wastelands", faction="icarus", available=(2, 6)))
    assert (d.worker, d.space) == (6, "wastelands.commodity")
    assert "worker.highest" in rules(d) and "worker.lowest" not in rules(d)


def test_own_faction_icon_also_takes_the_lowest_worker():
    """Place a Worker: 'It does this whether the generic Automa icon is shown or ... its faction.'"""
    d = decide(make("commodity", support="icarus", faction="icarus", available=(2, 6)))
    assert (d.worker, d.space) == (2, "icarus.commodity")


def test_example_artifact_market():
    """Artifact Market Action, example: white, Icarus icon, penalizing 2 in Subterra, 1 in Euphoria."""
    sites = built("subterra.lower", "subterra.upper", "euphoria.upper")
    sites |= built("wastelands.lower", tokens=("white",))
    d = decide(
        make(
            "artifact_market",
            automa="white",
            faction="euphoria",
            support="icarus",
            available=(5, 3),
            sites=sites,
        )
    )
    assert (d.decision, d.row) == ("place", 2)
    assert (d.worker, d.space, d.authority_token) == (
        5,
        "subterra.artifact_market",
        "subterra.lower",
    )
    assert not d.bump and not d.completes_site
    assert d.walk == ("icarus", "wastelands", "subterra") and "tiebreak" in rules(d)
    assert rules(d)[-1] == "token.bottommost_penalizing_market"


def test_example_constructed_market():
    """Construct(ed) Market Action, example: black, Subterra icon, only Euphoria's 2 sites empty."""
    sites = built("wastelands.lower", "wastelands.upper", "subterra.lower", "subterra.upper")
    d = decide(make("construct_market", support="subterra", faction="wastelands", sites=sites))
    assert (d.decision, d.row) == ("place", 2)
    assert (d.worker, d.space, d.authority_token, d.bump) == (6, "euphoria.lower", None, False)
    assert "table.one_area" in rules(d) and d.walk == ()


# --- Place a Worker: the action tables ------------------------------------------------------


@pytest.mark.parametrize("action", ["artifact_market", "construct_market"])
def test_row1_joins_construction_in_progress_without_token(action):
    """Row 1 of both tables: 'Spaces on construction sites where there's already a worker';
    an authority token only if this completes the construction (3 workers with 4 players)."""
    sites = working(1, "wastelands.upper") | built("subterra.lower")
    d = decide(make(action, players=4, support="icarus", sites=sites))
    assert (d.row, d.space, d.authority_token, d.completes_site) == (
        1,
        "wastelands.upper",
        None,
        False,
    )
    assert not d.bump


@pytest.mark.parametrize("action", ["artifact_market", "construct_market"])
@pytest.mark.parametrize(("players", "workers"), [(3, 1), (4, 2)])
def test_row1_completing_the_construction_places_a_token_on_the_new_market(
    action, players, workers
):
    """Row 1: 'an authority token (only if this completes the construction)'; a market is
    built by 2 workers with 3 players, 3 with 4 (design.md)."""
    sites = working(workers, "euphoria.upper")
    d = decide(make(action, players=players, support="euphoria", sites=sites))
    assert (d.row, d.space, d.authority_token, d.completes_site) == (
        1,
        "euphoria.upper",
        "euphoria.upper",
        True,
    )
    assert rules(d)[-1] == "token.completes_site"


def test_row1_prefers_the_bottommost_site_of_the_area():
    """The Construct(ed) Market Tiebreaker: the bottommost location (lower before upper)."""
    sites = working(1, "subterra.upper", "subterra.lower")
    d = decide(make("construct_market", players=4, support="subterra", sites=sites))
    assert d.space == "subterra.lower"


def test_row1_counts_the_automas_own_worker_on_the_site():
    """A worker already on the site, even this Automa's, makes it a construction in progress."""
    placed = (W(3, "euphoria.lower"), W(1, "icarus.commodity"))
    sites = working(1, "euphoria.lower")
    d = decide(make("artifact_market", players=3, placed=placed, sites=sites))
    assert (d.row, d.space, d.completes_site, d.authority_token) == (
        1,
        "euphoria.lower",
        True,
        "euphoria.lower",
    )


def test_artifact_row3_all_artifact_markets_territory_token():
    """Artifact row 3: no construction in progress and no penalizing market: all artifact
    markets are valid; the token goes on the territory."""
    sites = built("subterra.lower", tokens=("black",))
    d = decide(make("artifact_market", support="icarus", sites=sites))
    assert (d.row, d.space, d.authority_token) == (
        3,
        "wastelands.artifact_market",
        "territory:wastelands",
    )
    # 'Automas can place authority tokens on territories that are full'
    assert rules(d)[-1] == "token.territory"


def test_artifact_row2_ignores_markets_with_this_automas_token():
    """Penalizing Market: a constructed market without THAT Automa's token."""
    sites = built("wastelands.lower", tokens=("black",)) | built(
        "subterra.upper", tokens=("white",)
    )
    d = decide(make("artifact_market", automa="black", support="wastelands", sites=sites))
    assert (d.row, d.space, d.authority_token) == (2, "subterra.artifact_market", "subterra.upper")


def test_artifact_market_bump_when_occupied():
    """Single-occupancy spaces (design vocabulary): placing on an occupied artifact market bumps."""
    sites = built("euphoria.lower")
    d = decide(
        make(
            "artifact_market",
            support="euphoria",
            sites=sites,
            occupied=("euphoria.artifact_market",),
        )
    )
    assert (d.space, d.bump) == ("euphoria.artifact_market", True)
    assert "bump.occupied" in rules(d)


def test_construct_row3_penalizing_market_worker_and_token_on_it():
    """Construct row 3: 'Penalizing markets: a worker and an authority token' on it."""
    all_built = built(*SITES, tokens=("black",))
    sites = all_built | built("euphoria.upper", "subterra.upper", "subterra.lower")
    d = decide(
        make("construct_market", support="wastelands", sites=sites, occupied=("subterra.lower",))
    )
    assert (d.row, d.space, d.authority_token, d.bump) == (
        3,
        "subterra.lower",
        "subterra.lower",
        True,
    )


def test_construct_row4_all_constructed_markets_territory_token():
    """Construct row 4: every market built with this Automa's token: a constructed market of
    the tiebreaker's area (bottommost), token on the territory."""
    sites = built(*SITES, tokens=("black", "white"))
    d = decide(make("construct_market", support="subterra", sites=sites))
    assert (d.row, d.space, d.authority_token) == (4, "subterra.lower", "territory:subterra")
    assert rules(d)[-1] == "token.territory"


def test_construct_row2_beats_penalizing_markets():
    """Rows are read top to bottom: an empty construction site comes before a penalizing market."""
    sites = built("euphoria.lower", "euphoria.upper", "wastelands.lower", "subterra.lower")
    sites |= built("subterra.upper")
    d = decide(make("construct_market", support="icarus", sites=sites))
    assert (d.row, d.space, d.authority_token) == (2, "wastelands.upper", None)


def test_row1_skipped_is_said():
    """Artifact Market Action: 'Go through the rows ... from top to bottom'; the why says which rows gave no space."""
    d = decide(make("construct_market", support="icarus"))
    assert rules(d)[1:3] == ("table.row_empty", "table.row") and d.row == 2


# --- Tiebreakers: the faction area tiebreaker from every starting area ----------------------

# Faction circle: Icarus -> Wastelands -> Subterra -> Euphoria -> Icarus (design note 1).
ONLY_SUBTERRA_AND_EUPHORIA = {
    "icarus": "subterra",
    "wastelands": "subterra",
    "subterra": "subterra",
    "euphoria": "euphoria",
}


def _walk(start: str, chosen: str) -> tuple[str, ...]:
    """The areas the tiebreaker looks at from ``start`` round the circle, ``chosen`` last."""
    i = FACTION_CIRCLE.index(start)
    circle = FACTION_CIRCLE[i:] + FACTION_CIRCLE[:i]
    return circle[: circle.index(chosen) + 1]


@pytest.mark.parametrize("start", FACTION_CIRCLE)
def test_faction_area_tiebreaker_from_every_start_artifact(start):
    """Artifact row 2 with penalizing markets in Subterra and Euphoria only: from each icon,
    the first area round the circle that has a valid space."""
    sites = built("subterra.upper", "euphoria.lower")
    d = decide(make("artifact_market", support=start, sites=sites))
    area = ONLY_SUBTERRA_AND_EUPHORIA[start]
    assert (d.row, d.space) == (2, f"{area}.artifact_market")
    assert d.authority_token == ("subterra.upper" if area == "subterra" else "euphoria.lower")
    assert d.walk == _walk(start, area) and "tiebreak" in rules(d)


@pytest.mark.parametrize("start", FACTION_CIRCLE)
def test_faction_area_tiebreaker_from_every_start_construct(start):
    """Construct row 3: every market built, penalizing ones only in Subterra and Euphoria."""
    sites = built(*SITES, tokens=("white",)) | built("subterra.upper", "euphoria.lower", tokens=())
    d = decide(make("construct_market", automa="white", support=start, sites=sites))
    area = ONLY_SUBTERRA_AND_EUPHORIA[start]
    expected = "subterra.upper" if area == "subterra" else "euphoria.lower"
    assert (d.row, d.space, d.authority_token) == (3, expected, expected)
    assert d.walk == _walk(start, area) and "tiebreak" in rules(d)


@pytest.mark.parametrize("start", FACTION_CIRCLE)
@pytest.mark.parametrize("action", ["tunnel_breeze_bar", "tunnel_sky_lounge"])
def test_tunnel_actions_take_the_valid_space_of_the_icon_area(start, action):
    """Tunnel + Breeze Bar / Sky Lounge: every area has one valid space, so the icon's area wins."""
    d = decide(make(action, support=start, faction="subterra"))
    extra = "icarus.breeze_bar" if action == "tunnel_breeze_bar" else "icarus.sky_lounge"
    assert d.space == (extra if start == "icarus" else f"{start}.tunnel")
    assert d.worker == 6 and d.authority_token is None and d.row == 0


def test_generic_icon_starts_the_tiebreaker_at_the_automas_faction():
    """The generic Automa icon 'indicates the Automa's faction'."""
    d = decide(make("tunnel_sky_lounge", support="automa", faction="wastelands"))
    assert d.space == "wastelands.tunnel"
    d = decide(make("artifact_market", support="automa", faction="icarus"))
    assert d.space == "wastelands.artifact_market"  # Icarus has no artifact market


def test_tunnel_bump_when_occupied_and_own_worker():
    """Tunnel + Breeze Bar / Sky Lounge Action: the tunnel bumps whoever is there, the Automa's own worker too."""
    d = decide(make("tunnel_breeze_bar", support="icarus", occupied=("icarus.breeze_bar",)))
    assert d.bump and "bump.occupied" in rules(d)
    placed = (W(4, "euphoria.tunnel"), W(1, "icarus.commodity"))
    d = decide(make("tunnel_sky_lounge", support="euphoria", placed=placed))
    assert d.bump and "bump.own" in rules(d)


def test_commodity_never_bumps():
    """Commodity Area Action: a commodity area holds any number of workers; nobody is bumped."""
    d = decide(make("commodity", support="subterra"))
    assert d.space == "subterra.commodity" and not d.bump


# --- Retrieve Automa Workers ----------------------------------------------------------------


def test_retrieve_with_no_available_worker():
    """Retrieve Automa Workers: 'When an Automa has no workers to place, it will retrieve its workers.'"""
    placed = (W(3, "wastelands.commodity"), W(5, "euphoria.tunnel"), W(2, "icarus.commodity"))
    d = decide(make("construct_market", available=(), placed=placed, penalty_card=(6,)))
    assert d.decision == "retrieve"
    assert [w.knowledge for w in d.retrieved] == [3, 5, 2, 6]
    assert d.retrieved[-1] == W(6, "penalty_card")
    assert d.leave == ()
    assert rules(d)[0] == "retrieve.no_worker"


@pytest.mark.parametrize("action", ["commodity", "tunnel_sky_lounge", "tunnel_breeze_bar"])
def test_retrieve_with_one_worker_and_one_of_the_three_icons(action):
    """'exactly 1 available worker and its action ... is one of the three action icons'."""
    d = decide(make(action, available=(4,)))
    assert d.decision == "retrieve"
    assert rules(d)[0] == "retrieve.one_worker"
    assert [w.knowledge for w in d.retrieved] == [1, 1, 1]


@pytest.mark.parametrize("action", ["artifact_market", "construct_market"])
def test_one_worker_and_a_market_action_places(action):
    """Retrieve Automa Workers: with exactly 1 available worker only the three action icons make it retrieve; a market action places it."""
    d = decide(make(action, available=(4,)))
    assert d.decision == "place" and d.worker == 4
    assert rules(d)[0] == "place.one_worker"


def test_retrieve_with_one_worker_set_is_data():
    """Design note 3: the set is data (deck file / situation), a house rule may change it."""
    d = decide(
        make(
            "artifact_market",
            available=(4,),
            retrieve_with_one_worker=frozenset({"artifact_market"}),
        )
    )
    assert d.decision == "retrieve"
    d = decide(make("commodity", available=(4,), retrieve_with_one_worker=frozenset()))
    assert d.decision == "place"


def test_retrieve_leaves_workers_on_construction_sites_not_on_built_markets():
    """'It will leave behind workers on construction sites'; a built market is no longer one."""
    placed = (
        W(3, "euphoria.lower"),
        W(4, "subterra.upper"),
        W(2, "wastelands.tunnel"),
        W(5, "icarus.commodity"),
    )
    sites = working(1, "euphoria.lower") | built("subterra.upper")
    d = decide(make(available=(), placed=placed, sites=sites))
    assert d.leave == (W(3, "euphoria.lower"),)
    assert d.leave_rules == ("stay.construction_site",)
    assert [w.space for w in d.retrieved] == [
        "subterra.upper",
        "wastelands.tunnel",
        "icarus.commodity",
    ]


def test_retrieve_brings_back_penalty_card_workers():
    """Market Penalties: 'When the Automa retrieves workers, these unavailable workers are retrieved'."""
    d = decide(make(available=(), placed=(), penalty_card=(6, 6, 6, 6)))
    assert d.retrieved == (W(6, "penalty_card"),) * 4
    d = decide(
        make("commodity", available=(3,), placed=(W(2, "euphoria.commodity"),), penalty_card=(6, 6))
    )
    assert [w.space for w in d.retrieved] == ["euphoria.commodity", "penalty_card", "penalty_card"]


def test_camping_leaves_the_highest_worker_on_a_commodity_area_not_of_its_faction():
    """Retrieve Automa Workers, camping: 1 worker stays on a commodity area not of its faction, the highest knowledge."""
    placed = (
        W(6, "icarus.commodity"),  # its own faction's commodity area: never left for camping
        W(3, "wastelands.commodity"),
        W(5, "euphoria.commodity"),
        W(4, "subterra.tunnel"),
    )
    d = decide(make(available=(), placed=placed, camping=True))
    assert d.leave == (W(5, "euphoria.commodity"),)
    assert d.leave_reasons[0].startswith("camping")
    assert [w.knowledge for w in d.retrieved] == [6, 3, 4]


@pytest.mark.parametrize(
    ("support", "stays"),
    [
        ("icarus", "wastelands.commodity"),
        ("wastelands", "wastelands.commodity"),
        ("subterra", "euphoria.commodity"),
        ("euphoria", "euphoria.commodity"),
        ("automa", "euphoria.commodity"),  # own faction subterra: Subterra none, Euphoria yes
    ],
)
def test_camping_tie_broken_by_the_faction_area_tiebreaker(support, stays):
    """'Use the Faction area tiebreaker if there are more than one of those workers.'"""
    placed = (
        W(5, "wastelands.commodity"),
        W(5, "euphoria.commodity"),
        W(5, "subterra.commodity"),
        W(2, "icarus.commodity"),
    )
    d = decide(make(available=(), faction="subterra", support=support, placed=placed, camping=True))
    assert [w.space for w in d.leave] == [stays]
    assert "camping.tie" in rules(d) and d.walk[-1] == stays.split(".")[0]


def test_camping_only_if_it_still_retrieves_a_worker():
    """'It will only do this, however, if it will still retrieve at least 1 worker.'"""
    placed = (
        W(1, "euphoria.lower"),
        W(2, "euphoria.lower"),
        W(3, "wastelands.upper"),
        W(5, "subterra.commodity"),
    )
    sites = working(2, "euphoria.lower") | working(1, "wastelands.upper")
    d = decide(make(available=(), players=4, placed=placed, sites=sites, camping=True))
    assert d.retrieved == (W(5, "subterra.commodity"),)
    assert [w.space for w in d.leave] == ["euphoria.lower", "euphoria.lower", "wastelands.upper"]
    assert "camping.would_retrieve_none" in rules(d)


def test_camping_counts_penalty_card_workers_as_retrieved():
    """Market Penalties: workers on the card 'are retrieved and rolled', so they count for camping's 'still retrieve at least 1 worker'."""
    placed = (W(2, "euphoria.lower"), W(5, "subterra.commodity"))
    sites = working(1, "euphoria.lower")
    d = decide(make(available=(), placed=placed, penalty_card=(6, 6), sites=sites, camping=True))
    assert [w.space for w in d.leave] == ["euphoria.lower", "subterra.commodity"]
    assert d.retrieved == (W(6, "penalty_card"), W(6, "penalty_card"))


def test_camping_without_a_foreign_commodity_worker_leaves_nothing_more():
    """Retrieve Automa Workers, camping: 'on a commodity area not belonging to its faction (if there is one)'."""
    placed = (W(2, "icarus.commodity"), W(5, "subterra.tunnel"))
    d = decide(make(available=(), placed=placed, penalty_card=(6, 6), camping=True))
    assert d.leave == ()
    assert "camping.none" in rules(d)


def test_retrieve_that_brings_back_nobody_is_still_a_retrieve():
    """Retrieve Automa Workers: 'It will leave behind workers on construction sites', even when that is every worker."""
    placed = (
        W(1, "euphoria.lower"),
        W(2, "euphoria.lower"),
        W(3, "wastelands.upper"),
        W(4, "subterra.lower"),
    )
    sites = (
        working(2, "euphoria.lower") | working(1, "wastelands.upper") | working(1, "subterra.lower")
    )
    d = decide(make(available=(), players=4, placed=placed, sites=sites))
    assert d.decision == "retrieve" and d.retrieved == () and len(d.leave) == 4
    assert rules(d)[-1] == "retrieve.nothing"
    assert d.to_json()["retrieve"] == []


def test_to_json_keys():
    """The decide contract (issue): place keys worker, space, bump, authority_token, completes_site; always why."""
    d = decide(make("commodity"))
    data = d.to_json()
    assert {
        "decision",
        "worker",
        "space",
        "bump",
        "authority_token",
        "completes_site",
        "why",
    } <= set(data)
    d = decide(make(available=()))
    data = d.to_json()
    assert {"decision", "retrieve", "leave", "why"} <= set(data)
    assert all(set(x) >= {"knowledge", "space"} for x in data["leave"])
