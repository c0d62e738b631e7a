"""The Euphoria Automa decision engine: what one Automa does on its turn.

:func:`decide` is pure: given a :class:`Situation` it returns a
:class:`Decision` (retrieve, or place one worker and maybe an authority
token), with ``why``: the rules, table rows and tiebreaker steps used, in
sentences a player can check against the rulebook (Part 2: "Retrieve Automa
Workers", "Place a Worker", "Tiebreakers", "Actions"). The readings of the
rulebook it relies on are in shared/design.md (faction circle, bottommost,
the three action icons).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from companion.core.catalog import N_, _, say, say_n
from companion.euphoria.board import (
    BREEZE_BAR,
    COMMODITY_SPACES,
    MARKET_AREAS,
    SINGLE_OCCUPANCY,
    SITES,
    SKY_LOUNGE,
    TUNNELS,
    action_name,
    area_name,
    area_of,
    area_short,
    circle_from,
    faction_name,
    market_name,
    site_name,
    site_threshold,
    space_name,
)
from companion.euphoria.model import (
    DEFAULT_RETRIEVE_WITH_ONE,
    Decision,
    PlacedWorker,
    Situation,
)

PENALTY_CARD = "penalty_card"
TERRITORY = "territory:"


class _Why:
    """The lines of a decision's why, each with the stable id of the rule step it applies
    (``Decision.rules``), and the faction area tiebreaker's walk when one was needed."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.rules: list[str] = []
        self.walk: tuple[str, ...] = ()

    def add(self, rule: str, text: str) -> None:
        """One line of the why, applying ``rule``."""
        self.rules.append(rule)
        self.lines.append(text)

    def tiebreak(self, start: str, areas: Iterable[str]) -> str:
        """Walk the faction area tiebreaker, say so, and return the area it chose."""
        area, walk, text = _tiebreak(start, areas)
        self.walk = walk
        self.add("tiebreak", text)
        return area

    def decision(self, decision: str, **fields: Any) -> Decision:
        """The Decision (``fields``: its other fields) with this why, its rules and walk."""
        return Decision(
            decision=decision,
            why=tuple(self.lines),
            rules=tuple(self.rules),
            walk=self.walk,
            **fields,
        )


def decide(situation: Situation) -> Decision:
    """Retrieve or place, by the rulebook. ``situation`` is assumed checked (situation.py)."""
    s = situation
    if not s.available:
        return _retrieve(
            s,
            "retrieve.no_worker",
            _("Retrieve Automa Workers: no available worker, so it retrieves."),
        )
    if len(s.available) == 1 and s.action in s.retrieve_with_one_worker:
        if s.retrieve_with_one_worker == DEFAULT_RETRIEVE_WITH_ONE:
            first = say(
                "Retrieve Automa Workers: exactly 1 available worker ({worker}) and the "
                "{action} action is one of the three action icons that make it retrieve "
                "instead; that worker stays available.",
                worker=s.available[0],
                action=action_name(s.action),
            )
        else:
            first = say(
                "Retrieve Automa Workers: exactly 1 available worker ({worker}) and the "
                "{action} action is one of the actions this game retrieves with instead "
                "(retrieve_with_one_worker); that worker stays available.",
                worker=s.available[0],
                action=action_name(s.action),
            )
        return _retrieve(s, "retrieve.one_worker", first)
    return _place(s)


# --- retrieving ----------------------------------------------------------------------------


def _on_construction_site(s: Situation, space: str) -> bool:
    """Whether ``space`` is a construction site (a market site whose market is not built)."""
    return space in SITES and not s.site(space).built


def _retrieve(s: Situation, rule: str, first: str) -> Decision:
    why = _Why()
    why.add(rule, first)
    stay: dict[int, tuple[str, str]] = {}  # index in s.placed -> (rule, reason)
    for i, w in enumerate(s.placed):
        if _on_construction_site(s, w.space):
            stay[i] = (
                "stay.construction_site",
                _("on a construction site: workers on construction sites stay"),
            )
    if stay:
        left = ", ".join(
            say(
                "{knowledge} on {site}",
                knowledge=s.placed[i].knowledge,
                site=site_name(s.placed[i].space),
            )
            for i in stay
        )
        why.add(
            "retrieve.leave_sites",
            say("It leaves behind its workers on construction sites: {workers}.", workers=left),
        )
    coming = [i for i in range(len(s.placed)) if i not in stay]
    if s.camping:
        _camping(s, coming, stay, why)
    retrieved = tuple(w for i, w in enumerate(s.placed) if i not in stay) + tuple(
        PlacedWorker(k, PENALTY_CARD) for k in s.penalty_card
    )
    if retrieved:
        back = ", ".join(
            say("{knowledge} from {space}", knowledge=w.knowledge, space=space_name(w.space))
            for w in retrieved
        )
        why.add(
            "retrieve.workers",
            say_n(
                "Retrieves {workers}; roll it (with the penalty side up, each 6 goes onto the "
                "penalty card).",
                "Retrieves {workers}; roll them (with the penalty side up, each 6 goes onto the "
                "penalty card).",
                len(retrieved),
                workers=back,
            ),
        )
    else:
        why.add(
            "retrieve.nothing",
            _(
                "No worker comes back this turn (every one stays on the board), "
                "but retrieving is still its whole turn."
            ),
        )
    order = sorted(stay)
    return why.decision(
        "retrieve",
        retrieved=retrieved,
        leave=tuple(s.placed[i] for i in order),
        leave_reasons=tuple(stay[i][1] for i in order),
        leave_rules=tuple(stay[i][0] for i in order),
    )


def _camping(s: Situation, coming: list[int], stay: dict[int, tuple[str, str]], why: _Why) -> None:
    """Apply the camping indicator: maybe move one worker from ``coming`` to ``stay``."""
    own = faction_name(s.faction)
    candidates = [
        i
        for i in coming
        if s.placed[i].space in COMMODITY_SPACES and area_of(s.placed[i].space) != s.faction
    ]
    if not candidates:
        why.add(
            "camping.none",
            say(
                "Camping indicator on the support card, but no worker of it on a commodity "
                "area not of its own ({own}) faction: no more stay.",
                own=own,
            ),
        )
        return
    if len(coming) + len(s.penalty_card) < 2:
        only = s.placed[candidates[0]]
        why.add(
            "camping.would_retrieve_none",
            say(
                "Camping indicator on the support card, but leaving worker {knowledge} on "
                "{space} would retrieve no worker at all, so it comes back too.",
                knowledge=only.knowledge,
                space=space_name(only.space),
            ),
        )
        return
    best = max(s.placed[i].knowledge for i in candidates)
    tied = [i for i in candidates if s.placed[i].knowledge == best]
    text = say(
        "Camping indicator on the support card: it leaves 1 worker on a commodity area "
        "not of its own ({own}) faction, the one with the highest knowledge ({best}).",
        own=own,
        best=best,
    )
    areas = {area_of(s.placed[i].space) for i in tied}
    rule = "camping.stays"
    if len(areas) > 1:
        # The tie is told inside the camping line: its walk is the decision's.
        area, why.walk, walk = _tiebreak(s.support_faction(), areas)
        tied = [i for i in tied if area_of(s.placed[i].space) == area]
        text += " " + say("{n} such workers tie. {walk}", n=len(areas), walk=walk)
        rule = "camping.tie"
    pick = tied[0]
    stay[pick] = (
        "stay.camping",
        _("camping indicator: 1 worker stays on a commodity area not of its faction"),
    )
    text += " " + say(
        "Worker {best} stays on {space}.", best=best, space=space_name(s.placed[pick].space)
    )
    why.add(rule, text)


# --- placing -------------------------------------------------------------------------------


def _tiebreak(start: str, areas: Iterable[str]) -> tuple[str, tuple[str, ...], str]:
    """The faction area tiebreaker: the first area from ``start`` round the faction circle
    that is in ``areas``, the areas walked (the chosen one last) and the walk as a sentence
    ("Faction area tiebreaker from Icarus: ...")."""
    steps = []
    walked: list[str] = []
    for area in circle_from(start):
        walked.append(area)
        if area in areas:
            steps.append(say("{area} yes", area=area_short(area)))
            return (
                area,
                tuple(walked),
                say(
                    "Faction area tiebreaker from {start}: {steps}.",
                    start=area_short(start),
                    steps=", ".join(steps),
                ),
            )
        steps.append(say("{area} none", area=area_short(area)))
    raise ValueError("the faction area tiebreaker needs at least one area")  # pragma: no cover


def _cap(text: str) -> str:
    """The sentence with its first letter in capitals (str.capitalize lowers the rest)."""
    return text[:1].upper() + text[1:]


def _icon_text(s: Situation) -> str:
    if s.support == "automa":
        return say("the generic Automa icon (its own faction, {area})", area=area_short(s.faction))
    return say("the {area} icon", area=area_short(s.support))


def _worker(s: Situation, space: str) -> tuple[int, str, str]:
    """The worker to place on ``space``, the rule that picks it and why ("Place a Worker")."""
    if space == f"{s.faction}.commodity":
        return (
            min(s.available),
            "worker.lowest",
            _("lowest knowledge, as it places on its own commodity area"),
        )
    return max(s.available), "worker.highest", _("highest knowledge")


def _bump(s: Situation, space: str, why: _Why) -> bool:
    """Whether placing on ``space`` bumps a worker (the line saying so added to ``why``)."""
    if space not in SINGLE_OCCUPANCY or _on_construction_site(s, space):
        return False
    own = [w.knowledge for w in s.placed if w.space == space]
    if own:
        why.add(
            "bump.own",
            say(
                "{space} holds its own worker {knowledge}: it bumps it "
                "(that worker returns to it and is re-rolled).",
                space=_cap(space_name(space)),
                knowledge=own[0],
            ),
        )
        return True
    if space in s.occupied:
        why.add(
            "bump.occupied",
            say(
                "{space} is occupied: the worker there is bumped (returned to its owner and "
                "re-rolled).",
                space=_cap(space_name(space)),
            ),
        )
        return True
    return False


def _place(s: Situation) -> Decision:
    why = _Why()
    if len(s.available) == 1:
        why.add(
            "place.one_worker",
            say(
                "Exactly 1 available worker, but the {action} action is not one it retrieves "
                "with: it places it.",
                action=action_name(s.action),
            ),
        )
    if s.action == "commodity":
        return _commodity(s, why)
    if s.action in ("tunnel_breeze_bar", "tunnel_sky_lounge"):
        return _tunnel(s, why)
    rows = ARTIFACT_ROWS if s.action == "artifact_market" else CONSTRUCT_ROWS
    return _table(s, why, rows)


def _commodity(s: Situation, why: _Why) -> Decision:
    area = s.support_faction()
    space = f"{area}.commodity"
    worker, rule, reason = _worker(s, space)
    why.add(
        "commodity.area",
        say(
            "Commodity area action with {icon}: the commodity area of {area}.",
            icon=_icon_text(s),
            area=area_name(area),
        ),
    )
    why.add(
        rule,
        say(
            "Worker {worker} ({reason}) on {space}; a commodity area holds any number of "
            "workers, so nobody is bumped.",
            worker=worker,
            reason=reason,
            space=space_name(space),
        ),
    )
    return why.decision("place", worker=worker, space=space)


def _tunnel(s: Situation, why: _Why) -> Decision:
    extra = BREEZE_BAR if s.action == "tunnel_breeze_bar" else SKY_LOUNGE
    valid = {area_of(t): t for t in TUNNELS} | {area_of(extra): extra}
    why.add(
        "tunnel.valid",
        say(
            "{action} action with {icon}: valid spaces are the three tunnels and {extra}, one "
            "in each area.",
            action=_cap(action_name(s.action)),
            icon=_icon_text(s),
            extra=space_name(extra),
        ),
    )
    area = why.tiebreak(s.support_faction(), valid)
    space = valid[area]
    worker, rule, reason = _worker(s, space)
    why.add(
        rule,
        say(
            "Worker {worker} ({reason}) on {space}.",
            worker=worker,
            reason=reason,
            space=space_name(space),
        ),
    )
    bump = _bump(s, space, why)
    return why.decision("place", worker=worker, space=space, bump=bump)


def _placed_on(s: Situation, space: str, worker: int, reason: str, spaces: int) -> str:
    """The sentence placing ``worker`` on ``space`` of an action-table row (``spaces``: how
    many valid spaces the chosen area has; bottommost decides between two)."""
    if _on_construction_site(s, space):
        if spaces == 1:
            return say(
                "Worker {worker} ({reason}) on {site}, its lowest free space (bottommost).",
                worker=worker,
                reason=reason,
                site=site_name(space),
            )
        return say(
            "Worker {worker} ({reason}) on {site}, its lowest free space (bottommost: lower "
            "before upper).",
            worker=worker,
            reason=reason,
            site=site_name(space),
        )
    if spaces > 1:
        return say(
            "Worker {worker} ({reason}) on {space} (bottommost).",
            worker=worker,
            reason=reason,
            space=space_name(space),
        )
    return say(
        "Worker {worker} ({reason}) on {space}.",
        worker=worker,
        reason=reason,
        space=space_name(space),
    )


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


class _Row(NamedTuple):
    text: str  # a catalog message (N_), translated where the row is named
    valid: Valid
    token: Callable[[Situation, str, str], Token]
    listed: Valid | None = None  # what the "row applies" sentence lists, if anything


ARTIFACT_ROWS = (
    _Row(
        N_("construction sites where there is already a worker"),
        _in_progress,
        _join_site,
        _in_progress,
    ),
    _Row(
        N_("artifact markets in faction areas with a penalizing market"),
        _artifact_markets_of(_penalizing),
        _token_on_penalizing,
        _penalizing,
    ),
    _Row(N_("all artifact markets"), _all_artifact_markets, _token_on_territory),
)
CONSTRUCT_ROWS = (
    ARTIFACT_ROWS[0],
    _Row(N_("construction sites with no workers"), _empty, _join_site, _empty),
    _Row(N_("penalizing markets"), _penalizing, _token_on_market, _penalizing),
    _Row(N_("all constructed markets"), _constructed, _token_on_territory),
)


def _listing(valid: dict[str, list[str]]) -> str:
    return ", ".join(market_name(x) for spaces in valid.values() for x in spaces)


def _table(s: Situation, why: _Why, rows: tuple[_Row, ...]) -> Decision:
    why.add(
        "table.action",
        say("{action} action with {icon}.", action=_cap(action_name(s.action)), icon=_icon_text(s)),
    )
    for number, row in enumerate(rows, 1):
        valid = row.valid(s)
        if valid:
            break
        why.add(
            "table.row_empty",
            say("Row {number} ({row}): no valid space.", number=number, row=_(row.text)),
        )
    else:  # pragma: no cover - the last rows always have a space in a checked situation
        raise ValueError("no row of the action table gives a valid space")
    if row.listed:
        applies = say(
            "Row {number} applies: {row} ({spaces}).",
            number=number,
            row=_(row.text),
            spaces=_listing(row.listed(s)),
        )
    else:
        applies = say("Row {number} applies: {row}.", number=number, row=_(row.text))
    why.add("table.row", applies)
    if len(valid) == 1:
        area = next(iter(valid))
        why.add(
            "table.one_area",
            say(
                "Only {area} has valid spaces (no faction area tiebreaker needed).",
                area=area_short(area),
            ),
        )
    else:
        area = why.tiebreak(s.support_faction(), valid)
    space = valid[area][0]
    worker, rule, reason = _worker(s, space)
    why.add(rule, _placed_on(s, space, worker, reason, len(valid[area])))
    bump = _bump(s, space, why)
    token, completes, token_rule, token_why = row.token(s, area, space)
    why.add(token_rule, token_why)
    return why.decision(
        "place",
        worker=worker,
        space=space,
        bump=bump,
        authority_token=token,
        completes_site=completes,
        row=number,
    )
