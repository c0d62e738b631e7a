"""What the user reports between Automa turns: what the humans did that touches the Automas.

Each kind below is one journal event, checked here (bad input raises
InputError and changes nothing) and applied to the state with
announcements. Kinds:

- ``bump``: a human bumped an Automa worker (``automa``, ``space``): it returns
  to its Automa and is re-rolled.
- ``site-add`` / ``site-remove``: a human placed a worker on / took one from a
  construction site (``site``, ``count``). A placement that completes the
  site builds its market.
- ``sites``: the humans' workers on every construction site now (``workers``:
  site -> count, unlisted = 0); the next Automa turn then needs no question
  about them.
- ``market-built``: a market was built (``site``; ``automas``: which Automas
  had a worker there, checked against what the app knows).
- ``activation`` / ``last-tier``: recruits of a faction were activated for the
  first time / its allegiance track reached the last tier (``faction``).
- ``human-won``: a human placed their last authority token and won
  (``player``: which human, 1 or 2; default 1). The game ends: no more turns or
  events (a correction is still possible); undo takes it back.
- ``correct``: a manual correction of an Automa (``automa`` with any of
  ``available``, ``placed`` ["K@space"], ``penalty_card``, ``penalty_side``,
  ``tokens_left``) and/or of a site (``site`` with any of ``built``,
  ``humans``, ``market_tokens``).
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import CompanionError, InputError
from companion.core.questions import Announcement, Answers
from companion.core.validate import Reader
from companion.euphoria.board import (
    AREAS,
    AUTOMAS,
    DIE_FACES,
    FACTION_NAMES,
    LAST_TIER,
    MINER_ACTIVATES,
    RECRUITS_ACTIVATED,
    SINGLE_OCCUPANCY,
    SITES,
    site_threshold,
    space_name,
)
from companion.euphoria.corrections import correct, parse_placed
from companion.euphoria.effects import (
    Table,
    allegiance_tokens,
    build_market,
    return_and_roll,
)
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import (
    HUMAN,
    TOKENS,
    GameState,
    check_space,
    is_construction_site,
)

EVENT_KINDS: dict[str, str] = {
    "bump": "a human bumped an Automa worker (automa, space)",
    "site-add": "a human placed a worker on a construction site (site, count)",
    "site-remove": "a human took a worker from a construction site (site, count)",
    "sites": "the humans' workers on the construction sites now (workers: site=count, ...)",
    "market-built": "a market was built (site; automas that had a worker there)",
    "activation": "recruits of a faction were activated for the first time (faction)",
    "last-tier": "a faction's allegiance track reached the last tier (faction)",
    "human-won": "a human placed their last authority token and won (player)",
    "correct": "correct what the app knows of an Automa or a site",
}


class ReportFirst(CompanionError):
    """An event that contradicts what the app knows of the construction sites: nothing was
    changed. ``reports`` are the event kinds that would put the app right (the journal's
    words: the shells say how to report them, e.g. the CLI's ``event GAME sites``)."""

    def __init__(self, problem: str, reports: tuple[str, ...]) -> None:
        super().__init__(problem)
        self.reports = reports


_FIELDS = {
    "bump": {"automa", "space"},
    "site-add": {"site", "count"},
    "site-remove": {"site", "count"},
    "sites": {"workers"},
    "market-built": {"site", "automas"},
    "activation": {"faction"},
    "last-tier": {"faction"},
    "human-won": {"player"},
    "correct": {
        "automa",
        "available",
        "placed",
        "penalty_card",
        "penalty_side",
        "tokens_left",
        "site",
        "built",
        "humans",
        "market_tokens",
    },
}


# What a reported number can be: a die face; workers placed on or taken from a site in
# one report (a site has 4 spaces); humans' workers waiting on a site (it is built at 2
# or 3); authority tokens (10 each); which human won (1 or 2 humans play with the Automas).
LIMITS: dict[str, tuple[int, int]] = {
    "knowledge": DIE_FACES,
    "count": (1, 4),
    "humans": (0, 3),
    "tokens_left": (0, 10),
    "player": (1, 2),
}


_read = Reader()  # an event's errors name the field only


def _count(value: object, name: str, limit: str) -> int:
    return _read.whole_number(value, name, *LIMITS[limit])


def _dice(values: object, name: str) -> list[int]:
    faces = _read.items(values, name, why="expected a list of die faces")
    return [_count(v, name, "knowledge") for v in faces]


def normalize(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    """Check an event's fields and return them as stored in the journal (TOML-friendly)."""
    if kind not in EVENT_KINDS:
        raise InputError(f"{kind!r} is not an event kind (one of {', '.join(EVENT_KINDS)})")
    fields = {k: v for k, v in fields.items() if v is not None}
    for key in fields:
        if key not in _FIELDS[kind]:
            raise InputError(
                f"not a field of a {kind} event (expected {', '.join(sorted(_FIELDS[kind]))})",
                field=key,
            )
    out: dict[str, Any] = {}
    if kind == "bump":
        for key in ("automa", "space"):
            if key not in fields:
                raise InputError("missing", field=key)
        out["automa"] = _read.choice(fields["automa"], "automa", AUTOMAS)
        out["space"] = check_space(fields["space"], "space")
        if out["space"] not in SINGLE_OCCUPANCY:
            raise InputError(
                f"{space_name(out['space'])} holds any number of workers: nobody is bumped there",
                field="space",
            )
    elif kind in ("site-add", "site-remove"):
        if "site" not in fields:
            raise InputError("missing", field="site")
        out["site"] = _read.choice(fields["site"], "site", SITES)
        out["count"] = _count(fields.get("count", 1), "count", "count")
    elif kind == "sites":
        workers = fields.get("workers", {})
        if not isinstance(workers, dict):
            raise InputError("expected site=count pairs", field="workers")
        out["workers"] = {
            _read.choice(s, "workers", SITES): _count(n, "workers", "humans")
            for s, n in workers.items()
        }
    elif kind == "market-built":
        if "site" not in fields:
            raise InputError("missing", field="site")
        out["site"] = _read.choice(fields["site"], "site", SITES)
        if "automas" in fields:
            out["automas"] = sorted(
                {_read.choice(a, "automas", AUTOMAS) for a in fields["automas"]}
            )
    elif kind == "human-won":
        out["player"] = _count(fields.get("player", 1), "player", "player")
    elif kind in ("activation", "last-tier"):
        if "faction" not in fields:
            raise InputError("missing", field="faction")
        out["faction"] = _read.choice(fields["faction"], "faction", AREAS)
    else:
        out = _normalize_correction(fields)
    return out


def _normalize_correction(fields: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    automa_keys = {"available", "placed", "penalty_card", "penalty_side", "tokens_left"}
    site_keys = {"built", "humans", "market_tokens"}
    if automa_keys & fields.keys() and "automa" not in fields:
        raise InputError("say which Automa to correct", field="automa")
    if site_keys & fields.keys() and "site" not in fields:
        raise InputError("say which site to correct", field="site")
    if "automa" in fields:
        out["automa"] = _read.choice(fields["automa"], "automa", AUTOMAS)
    if "site" in fields:
        out["site"] = _read.choice(fields["site"], "site", SITES)
    if not (automa_keys | site_keys) & fields.keys():
        raise InputError("nothing to correct: give at least one fact")
    for key in ("available", "penalty_card"):
        if key in fields:
            out[key] = _dice(fields[key], key)
    if "placed" in fields:
        if not isinstance(fields["placed"], list):
            raise InputError("expected a list of KNOWLEDGE@SPACE", field="placed")
        out["placed"] = [
            f"{w.knowledge}@{w.space}" for w in (parse_placed(p) for p in fields["placed"])
        ]
    for key in ("penalty_side", "built"):
        if key in fields:
            out[key] = _read.flag(fields[key], key)
    if "tokens_left" in fields:
        out["tokens_left"] = _count(fields["tokens_left"], "tokens_left", "tokens_left")
    if "humans" in fields:
        out["humans"] = _count(fields["humans"], "humans", "humans")
    if "market_tokens" in fields:
        out["market_tokens"] = sorted(
            {_read.choice(a, "market_tokens", AUTOMAS) for a in fields["market_tokens"]}
        )
    return out


def apply_event(
    state: GameState, kind: str, fields: dict[str, Any], answers: Answers, index: int
) -> list[Announcement]:
    """Apply a checked event (``normalize``) to ``state`` (mutated; give it a copy).

    ``index`` is the event's number in the journal (it seeds the re-rolls).
    Raises NeedAnswers for physical dice, CompanionError if it cannot apply.
    """
    if state.winner and kind != "correct":
        raise CompanionError(f"the game is over: {state.winner_name} won (undo, or correct it)")
    table = Table(state, answers, ("event", index), "event")
    handler = {
        "bump": _bump,
        "site-add": _site_add,
        "site-remove": _site_remove,
        "sites": _sites,
        "market-built": _market_built,
        "activation": _activation,
        "last-tier": _activation,
        "human-won": _human_won,
        "correct": correct,
    }[kind]
    handler(table, kind, fields)
    answers.require()
    return table.out


def bumpable_workers(state: GameState) -> list[tuple[str, PlacedWorker]]:
    """The Automa workers a human can bump now, each with its Automa (black's first).

    Only a single-occupancy space bumps (an artifact market, a constructed
    market, a tunnel, the Breeze Bar, the Sky Lounge); a construction site never does.
    """
    return [
        (automa, worker)
        for automa in AUTOMAS
        for worker in state.automas[automa].placed
        if worker.space in SINGLE_OCCUPANCY and not is_construction_site(state, worker.space)
    ]


def _bump(table: Table, kind: str, f: dict[str, Any]) -> None:
    state = table.state
    owner, space = f["automa"], f["space"]
    if is_construction_site(state, space):
        raise CompanionError(f"nobody is bumped from a construction site ({space_name(space)})")
    workers = [w for w in state.automas[owner].placed if w.space == space]
    if not workers:
        raise CompanionError(
            f"the app knows no {owner} worker on {space_name(space)} (correct it if it is there)"
        )
    return_and_roll(
        table,
        owner,
        workers[0],
        "A human placed a worker on this single-occupancy space: the bumped worker returns to "
        "its owner and is re-rolled.",
    )


def _open_site(state: GameState, site: str) -> None:
    if state.sites[site].built:
        raise CompanionError(f"{space_name(site)} is already built: it has no construction site")


def _site_add(table: Table, kind: str, f: dict[str, Any]) -> None:
    state = table.state
    site, count = f["site"], f["count"]
    _open_site(state, site)
    info = state.sites[site]
    threshold = site_threshold(state.players)
    if state.site_workers(site) + count > threshold:
        raise ReportFirst(
            f"the construction site of {space_name(site)} holds {state.site_workers(site)} "
            f"worker(s) as far as the app knows; {count} more would pass the {threshold} that "
            "build it: first tell the app how many workers the construction sites hold, or "
            "correct the site",
            ("sites", "correct"),
        )
    info.humans += count
    table.say(
        f"Noted: {count} more human worker(s) on the construction site of {space_name(site)} "
        f"({state.site_workers(site)} of {threshold}).",
        "",
        "",
        "info",
        what="site.humans_added",
        spaces=(site,),
    )
    if state.site_workers(site) >= threshold:
        build_market(
            table,
            site,
            f"The construction site holds the {threshold} workers that build a market with "
            f"{state.players} players.",
        )


def _site_remove(table: Table, kind: str, f: dict[str, Any]) -> None:
    state = table.state
    site, count = f["site"], f["count"]
    _open_site(state, site)
    info = state.sites[site]
    if count > info.humans:
        raise ReportFirst(
            f"the app knows of {info.humans} human worker(s) on the construction site of "
            f"{space_name(site)}, not {count}: first tell the app how many workers the "
            "construction sites hold",
            ("sites",),
        )
    info.humans -= count
    table.say(
        f"Noted: {count} human worker(s) fewer on the construction site of {space_name(site)}.",
        "",
        "",
        "info",
        what="site.humans_removed",
        spaces=(site,),
    )


def _sites(table: Table, kind: str, f: dict[str, Any]) -> None:
    state = table.state
    threshold = site_threshold(state.players)
    for site in SITES:
        n = f["workers"].get(site, 0)
        if state.sites[site].built:
            if n:
                raise CompanionError(f"{space_name(site)} is built: it has no construction site")
            continue
        if n + len(state.automa_workers_on(site)) >= threshold:
            raise ReportFirst(
                f"{n} human worker(s) and {len(state.automa_workers_on(site))} Automa worker(s) "
                f"would have built {space_name(site)}: tell the app its market was built instead",
                ("market-built",),
            )
    for site in SITES:
        if not state.sites[site].built:
            state.sites[site].humans = f["workers"].get(site, 0)
            state.sites[site].humans_exact = True
    state.sites_fresh = True
    listed = ", ".join(f"{space_name(s)} {n}" for s, n in f["workers"].items() if n) or "none"
    table.say(
        f"Noted: humans' workers on construction sites: {listed}.",
        "The next Automa turn needs no question about the construction sites.",
        "",
        "info",
        what="sites.known",
    )


def _market_built(table: Table, kind: str, f: dict[str, Any]) -> None:
    state = table.state
    site = f["site"]
    _open_site(state, site)
    known = sorted({a for a, _w in state.automa_workers_on(site)})
    if "automas" in f and f["automas"] != known:
        names = ", ".join(known) or "no Automa"
        raise CompanionError(
            f"the app knows {names} on the construction site of {space_name(site)}; "
            "correct the Automas' workers first if that is wrong"
        )
    build_market(table, site, "A human completed the construction: the market is built (reported).")


def _activation(table: Table, kind: str, f: dict[str, Any]) -> None:
    area = f["faction"]
    level = RECRUITS_ACTIVATED if kind == "activation" else LAST_TIER
    owners = [a for a in AUTOMAS if table.state.automas[a].faction == area]
    waiting = [a for a in owners if not table.state.automas[a].has_allegiance_token(area, level)]
    what = (
        "recruits activated" if level == RECRUITS_ACTIVATED else "allegiance track at the last tier"
    )
    if not waiting:
        reason = (
            "no Automa has that faction" if not owners else "its Automa already placed that token"
        )
        table.say(f"Noted: {FACTION_NAMES[area]} {what}; {reason}.", "", "", "info", what="noted")
        return
    allegiance_tokens(
        table,
        area,
        level,
        "Automa Allegiance: the first activation of its faction's recruits"
        + (
            f" (allegiance {RECRUITS_ACTIVATED} or its tunnel's miner {MINER_ACTIVATES})"
            if level == RECRUITS_ACTIVATED
            else ""
        )
        + f" and the last tier ({LAST_TIER}) each give that Automa one token next to the track.",
    )


def _human_won(table: Table, kind: str, f: dict[str, Any]) -> None:
    state = table.state
    player = f["player"]
    if player > state.options.humans:
        raise CompanionError(
            f"human {player}: this game has {state.options.humans} human(s)",
        )
    state.winner = HUMAN if state.options.humans == 1 else f"{HUMAN} {player}"
    table.say(
        f"{state.winner_name[:1].upper()}{state.winner_name[1:]} placed the last authority token and won the game.",
        f"Game end: a player who has placed all {TOKENS} authority tokens wins.",
        "",
        "end",
        what="game.won",
    )
