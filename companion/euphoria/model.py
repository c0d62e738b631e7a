"""What the decision engine is given (a Situation) and what it answers (a Decision).

These dataclasses are the contract between the decision engine
(`decide.py`), the situation-file parser (`situation.py`) and the game flow
(`game.py`), which builds a Situation from what it knows and asks for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

DEFAULT_RETRIEVE_WITH_ONE = frozenset({"commodity", "tunnel_sky_lounge", "tunnel_breeze_bar"})


@dataclass(frozen=True)
class PlacedWorker:
    """One of the Automa's workers on the board: its knowledge (die face) and space id."""

    knowledge: int
    space: str

    def to_json(self) -> dict[str, Any]:
        """{"knowledge": ..., "space": ...}"""
        return {"knowledge": self.knowledge, "space": self.space}


@dataclass(frozen=True)
class Site:
    """A market site: unbuilt (a construction site with ``workers`` of anyone) or built.

    ``automa_tokens`` names the Automas ("black", "white") with an authority
    token on the built market.
    """

    built: bool = False
    workers: int = 0
    automa_tokens: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Situation:
    """Everything the decision engine needs for one Automa's turn."""

    players: int  # 3 or 4, Automas included
    automa: str  # black | white
    faction: str  # the Automa's faction (an area id)
    action: str  # the action on the action card for this Automa
    support: str  # the faction icon on the support card for this Automa (automa = own faction)
    camping: bool  # the support card shows the camping indicator
    available: tuple[int, ...]  # knowledge of each available worker
    placed: tuple[PlacedWorker, ...] = ()
    penalty_card: tuple[int, ...] = ()  # knowledge of workers on the faction/penalty card
    occupied: frozenset[str] = frozenset()  # single-occupancy spaces holding anyone's worker
    sites: Mapping[str, Site] = field(
        default_factory=dict
    )  # site id -> Site; missing = unbuilt, empty
    retrieve_with_one_worker: frozenset[str] = DEFAULT_RETRIEVE_WITH_ONE

    def site(self, site_id: str) -> Site:
        """The state of a market site (an unlisted site is unbuilt with no workers)."""
        return self.sites.get(site_id, Site())

    def support_faction(self) -> str:
        """The support icon with the generic Automa icon read as the Automa's own faction."""
        return self.faction if self.support == "automa" else self.support


@dataclass(frozen=True)
class Decision:
    """What the Automa does: place one worker, or retrieve.

    For ``place``: ``worker`` (knowledge), ``space``, ``bump`` (the space held a
    worker, who is bumped), ``authority_token`` (None, a site id such as
    "subterra.lower", or "territory:<area>"), ``completes_site`` (the
    placement builds the market of that site).
    For ``retrieve``: ``retrieved`` (the workers that come back, with the space
    they come from; "penalty_card" for the faction/penalty card) and ``leave``
    (the workers that stay, with ``leave_reasons`` saying why, same order).
    ``why``: the explanation, one line per rule applied; ``rules``: the stable id of the
    rule step each line applies, same order (e.g. "worker.lowest", "token.territory",
    "camping.tie"); ``walk``: the areas the faction area tiebreaker looked at, in order
    (the chosen one last; empty when none was needed). ``leave_rules``: the id of each
    leave reason ("stay.construction_site", "stay.camping").
    """

    decision: str  # "place" | "retrieve"
    why: tuple[str, ...]
    rules: tuple[str, ...] = ()
    walk: tuple[str, ...] = ()
    worker: int | None = None
    space: str | None = None
    bump: bool = False
    authority_token: str | None = None
    completes_site: bool = False
    retrieved: tuple[PlacedWorker, ...] = ()
    leave: tuple[PlacedWorker, ...] = ()
    leave_reasons: tuple[str, ...] = ()
    leave_rules: tuple[str, ...] = ()
    # The action-table row that applied (1-based; 0 when the action has no table).
    row: int = 0

    def to_json(self) -> dict[str, Any]:
        """The decision as the JSON object `companion euphoria decide` prints."""
        data: dict[str, Any] = {"decision": self.decision}
        if self.decision == "place":
            data.update(
                worker=self.worker,
                space=self.space,
                bump=self.bump,
                authority_token=self.authority_token,
                completes_site=self.completes_site,
                row=self.row,
            )
        else:
            data.update(
                retrieve=[w.knowledge for w in self.retrieved],
                retrieved=[w.to_json() for w in self.retrieved],
                leave=[
                    {**w.to_json(), "reason": r}
                    for w, r in zip(self.leave, self.leave_reasons, strict=False)
                ],
            )
        data["why"] = " ".join(self.why)
        data["steps"] = list(self.why)
        return data
