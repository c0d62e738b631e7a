"""What the user reports between Automa turns: the human events that touch the Automas.

Each event is typed (``event_types``: one frozen dataclass per kind, checked once where
it comes in, from a shell or from the journal); :func:`play` applies one to the state
with announcements. What each kind means is in ``event_types``; the rules that apply
them are here:

- a bump returns the worker to its Automa and re-rolls it;
- a worker placed on a construction site that completes it builds its market;
- a ``sites`` report tells the next Automa turn how many humans' workers stand there;
- a reported market is built with the Automas' workers the app knows there;
- a faction's first recruit activation and last tier give its Automa a token;
- a human's win ends the game: no more turns or events (a correction is still
  possible); undo takes it back.

:func:`normalize` and :func:`apply_event` keep the word-level entry points (a kind and
a table of fields) for the shells and tests that call them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, assert_never

from companion.core.catalog import say, say_n
from companion.core.errors import CompanionError
from companion.core.questions import Announcement, Answers
from companion.euphoria.board import (
    AUTOMAS,
    LAST_TIER,
    MINER_ACTIVATES,
    RECRUITS_ACTIVATED,
    SINGLE_OCCUPANCY,
    SITES,
    automa_word,
    faction_name,
    site_threshold,
    space_name,
)
from companion.euphoria.corrections import correct
from companion.euphoria.effects import (
    Table,
    allegiance_tokens,
    build_market,
    return_and_roll,
)
from companion.euphoria.event_types import (
    EVENT_KINDS,
    LIMITS,
    Activation,
    Bump,
    Correct,
    HumanEvent,
    HumanWon,
    LastTier,
    MarketBuilt,
    SiteAdd,
    SiteRemove,
    Sites,
    fields_of,
    parse,
)
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import (
    HUMAN,
    TOKENS,
    GameState,
    is_construction_site,
)

__all__ = [
    "EVENT_KINDS",
    "LIMITS",
    "ReportFirst",
    "apply_event",
    "as_reported",
    "bumpable_workers",
    "normalize",
    "play",
]


class ReportFirst(CompanionError):
    """An event that contradicts what the app knows of the construction sites: nothing was
    changed. ``reports`` are the event kinds that would put the app right (the journal's
    words: the shells say how to report them, e.g. the CLI's ``event GAME sites``)."""

    def __init__(self, problem: str, reports: tuple[str, ...]) -> None:
        super().__init__(problem)
        self.reports = reports


def normalize(kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """Check an event's fields and return them as stored in the journal (TOML-friendly)."""
    return fields_of(parse(kind, fields))


def apply_event(
    state: GameState, kind: str, fields: Mapping[str, Any], answers: Answers, index: int
) -> list[Announcement]:
    """Apply the event of ``kind`` with ``fields`` (checked by :func:`normalize` or not) to
    ``state`` (mutated; give it a copy): :func:`play` of the typed event."""
    return play(state, parse(kind, fields), answers, index)


def play(state: GameState, event: HumanEvent, answers: Answers, index: int) -> list[Announcement]:
    """Apply a typed event to ``state`` (mutated; give it a copy) and say what it did.

    ``index`` is the event's number in the journal (it seeds the re-rolls).
    Raises NeedAnswers for physical dice, CompanionError if it cannot apply.
    """
    if state.winner and not isinstance(event, Correct):
        raise CompanionError(
            say("the game is over: {winner} won (undo, or correct it)", winner=state.winner_name)
        )
    table = Table(state, answers, ("event", index), "event")
    match event:
        case Bump():
            _bump(table, event)
        case SiteAdd():
            _site_add(table, event)
        case SiteRemove():
            _site_remove(table, event)
        case Sites():
            _sites(table, event)
        case MarketBuilt():
            _market_built(table, event)
        case Activation():
            _allegiance(table, event.faction, RECRUITS_ACTIVATED)
        case LastTier():
            if event.with_activation:
                _allegiance(table, event.faction, RECRUITS_ACTIVATED, passed=True)
            _allegiance(table, event.faction, LAST_TIER)
        case HumanWon():
            _human_won(table, event)
        case Correct():
            correct(table, event)
        case _:
            assert_never(event)
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


def _bump(table: Table, event: Bump) -> None:
    state = table.state
    owner, space = event.automa, event.space
    if is_construction_site(state, space):
        raise CompanionError(
            say("nobody is bumped from a construction site ({space})", space=space_name(space))
        )
    workers = [w for w in state.automas[owner].placed if w.space == space]
    if not workers:
        raise CompanionError(
            say(
                "the app knows no {automa} worker on {space} (correct it if it is there)",
                automa=automa_word(owner),
                space=space_name(space),
            )
        )
    return_and_roll(
        table,
        owner,
        workers[0],
        say(
            "A human placed a worker on this single-occupancy space: the bumped worker returns "
            "to its owner and is re-rolled."
        ),
    )


def _open_site(state: GameState, site: str) -> None:
    if state.sites[site].built:
        raise CompanionError(
            say("{site} is already built: it has no construction site", site=space_name(site))
        )


def _site_add(table: Table, event: SiteAdd) -> None:
    state = table.state
    site, count = event.site, event.count
    _open_site(state, site)
    info = state.sites[site]
    threshold = site_threshold(state.players)
    there = state.site_workers(site)
    if there + count > threshold:
        raise ReportFirst(
            say_n(
                "the construction site of {site} holds {n} worker as far as the app knows; "
                "{count} more would pass the {threshold} that build it: first tell the app how "
                "many workers the construction sites hold, or correct the site",
                "the construction site of {site} holds {n} workers as far as the app knows; "
                "{count} more would pass the {threshold} that build it: first tell the app how "
                "many workers the construction sites hold, or correct the site",
                there,
                site=space_name(site),
                count=count,
                threshold=threshold,
            ),
            ("sites", "correct"),
        )
    info.humans += count
    table.tell(
        "site.humans_added",
        "",
        "",
        "info",
        spaces=(site,),
        count=count,
        there=state.site_workers(site),
        threshold=threshold,
    )
    if state.site_workers(site) >= threshold:
        build_market(
            table,
            site,
            say(
                "The construction site holds the {threshold} workers that build a market with "
                "{players} players.",
                threshold=threshold,
                players=state.players,
            ),
        )


def _site_remove(table: Table, event: SiteRemove) -> None:
    state = table.state
    site, count = event.site, event.count
    _open_site(state, site)
    info = state.sites[site]
    if count > info.humans:
        raise ReportFirst(
            say_n(
                "the app knows of {n} human worker on the construction site of {site}, not "
                "{count}: first tell the app how many workers the construction sites hold",
                "the app knows of {n} human workers on the construction site of {site}, not "
                "{count}: first tell the app how many workers the construction sites hold",
                info.humans,
                site=space_name(site),
                count=count,
            ),
            ("sites",),
        )
    info.humans -= count
    table.tell("site.humans_removed", "", "", "info", spaces=(site,), count=count)


def _check_sites(state: GameState, event: Sites) -> None:
    """Refuse a report of the sites that would have built a market or names a built one."""
    threshold = site_threshold(state.players)
    for site in SITES:
        n = event.on(site)
        if state.sites[site].built:
            if n:
                raise CompanionError(
                    say("{site} is built: it has no construction site", site=space_name(site))
                )
            continue
        automas = len(state.automa_workers_on(site))
        if n + automas >= threshold:
            raise ReportFirst(
                say(
                    "{humans} and {automas} would have built {site}: tell the app its market "
                    "was built instead",
                    humans=say_n("{n} human worker", "{n} human workers", n),
                    automas=say_n("{n} Automa worker", "{n} Automa workers", automas),
                    site=space_name(site),
                ),
                ("market-built",),
            )


def _sites(table: Table, event: Sites) -> None:
    state = table.state
    _check_sites(state, event)
    for site in SITES:
        if not state.sites[site].built:
            state.sites[site].humans = event.on(site)
            state.sites[site].humans_exact = True
    state.sites_fresh = True
    table.tell(
        "sites.known",
        say("The next Automa turn needs no question about the construction sites."),
        "",
        "info",
        workers=tuple(event.workers),
    )


def _market_built(table: Table, event: MarketBuilt) -> None:
    state = table.state
    site = event.site
    _open_site(state, site)
    known = tuple(sorted({a for a, _w in state.automa_workers_on(site)}))
    if event.automas is not None and event.automas != known:
        raise CompanionError(
            say(
                "the app knows {automas} on the construction site of {site}; correct the "
                "Automas' workers first if that is wrong",
                automas=", ".join(known) or say("no Automa"),
                site=space_name(site),
            )
        )
    build_market(
        table,
        site,
        say("A human completed the construction: the market is built (reported)."),
    )


def as_reported(state: GameState, event: HumanEvent) -> HumanEvent:
    """A new report as the journal records it, or CompanionError (nothing recorded) for one
    that would change nothing.

    "Automa Allegiance": the first activation of an Automa faction's recruits and its last
    tier each give that Automa one token, so an activation or last tier whose token every
    Automa of that faction has placed already is refused, as is one of a faction no Automa
    has (it gives no Automa anything); and as reaching the last tier
    (11) passes the activation tier (8) on the allegiance track, a last tier reported before the activation places both tokens (``with_activation``).
    Replaying a journal plays its events as they were written (the saves of earlier versions
    hold reports that placed nothing, and a last tier that placed its token alone)."""
    if state.winner or not isinstance(event, Activation | LastTier):
        return event
    level = RECRUITS_ACTIVATED if isinstance(event, Activation) else LAST_TIER
    owners = [a for a in AUTOMAS if state.automas[a].faction == event.faction]
    if not owners:
        raise CompanionError(
            say(
                "no Automa has the {faction} faction: nothing to report",
                faction=faction_name(event.faction),
            )
        )
    if all(state.automas[a].has_allegiance_token(event.faction, level) for a in owners):
        names = ", ".join(automa_word(a) for a in owners)
        if level == RECRUITS_ACTIVATED:
            problem = say(
                "{automas} already placed its token for the {faction} recruits' activation: "
                "nothing to report",
                automas=names,
                faction=faction_name(event.faction),
            )
        else:
            problem = say(
                "{automas} already placed its token for the {faction} track's last tier: "
                "nothing to report",
                automas=names,
                faction=faction_name(event.faction),
            )
        raise CompanionError(problem)
    if isinstance(event, LastTier) and any(
        not state.automas[a].has_allegiance_token(event.faction, RECRUITS_ACTIVATED) for a in owners
    ):
        return replace(event, with_activation=True)
    return event


def _allegiance(table: Table, area: str, level: int, passed: bool = False) -> None:
    """A faction's recruits activated (``level`` RECRUITS_ACTIVATED) or its track at the
    last tier (LAST_TIER): its Automa places one token next to the track, once. ``passed``:
    the activation came with the last tier (the track passed the activation tier)."""
    owners = [a for a in AUTOMAS if table.state.automas[a].faction == area]
    waiting = [a for a in owners if not table.state.automas[a].has_allegiance_token(area, level)]
    if not waiting:
        table.tell("noted", "", "", "info", area=area, level=level, owners=bool(owners))
        return
    if passed:
        why = say(
            "Automa Allegiance: on its way to the last tier ({last}) the track passed "
            "{activated}, the first activation of its faction's recruits, which gives that "
            "Automa one token next to the track too.",
            activated=RECRUITS_ACTIVATED,
            last=LAST_TIER,
        )
    elif level == RECRUITS_ACTIVATED:
        why = say(
            "Automa Allegiance: the first activation of its faction's recruits (allegiance "
            "{activated} or its tunnel's miner {miner}) and the last tier ({last}) each give "
            "that Automa one token next to the track.",
            activated=RECRUITS_ACTIVATED,
            miner=MINER_ACTIVATES,
            last=LAST_TIER,
        )
    else:
        why = say(
            "Automa Allegiance: the first activation of its faction's recruits and the last "
            "tier ({last}) each give that Automa one token next to the track.",
            last=LAST_TIER,
        )
    allegiance_tokens(table, area, level, why)


def _human_won(table: Table, event: HumanWon) -> None:
    state = table.state
    humans = state.options.humans
    if event.player > humans:
        raise CompanionError(
            say_n(
                "human {player}: this game has {n} human",
                "human {player}: this game has {n} humans",
                humans,
                player=event.player,
            )
        )
    state.winner = HUMAN if humans == 1 else f"{HUMAN} {event.player}"
    table.tell(
        "game.won",
        say("Game end: a player who has placed all {tokens} authority tokens wins.", tokens=TOKENS),
        "",
        "end",
        player=None if humans == 1 else event.player,
    )
