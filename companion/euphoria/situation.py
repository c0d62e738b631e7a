"""Situation files (docs/decide.md): read and validate one Automa's turn as a Situation.

:func:`parse_situation` checks the shape of the parsed TOML (known keys, the
type of each value) and builds a :class:`~companion.euphoria.model.Situation`;
:func:`check_situation` then checks every value and that they fit together
(4 workers in all, a worker only on a space that exists, a construction site
holding at least this Automa's workers there, ...). The game flow may call
:func:`check_situation` on the Situations it builds itself.

Every error is an InputError whose one-line message names the file and the
field as written in the file, e.g. ``situation.toml: workers.available[1]: 7
is not a die face 1-6``. List positions count from 1.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.core.catalog import N_, _, say
from companion.core.errors import InputError
from companion.core.tomlfile import parse_toml, read_limited
from companion.core.validate import IS_NOT, Reader, shown
from companion.euphoria.board import (
    ACTIONS,
    AREAS,
    AUTOMAS,
    DIE_FACES,
    FACTION_ICONS,
    SINGLE_OCCUPANCY,
    SITES,
    SPACES,
    site_threshold,
)
from companion.euphoria.model import DEFAULT_RETRIEVE_WITH_ONE, PlacedWorker, Site, Situation

WORKERS_IN_ALL = 4  # "give them 4 workers" (Automa Set Up)
PLAYERS = (3, 4)  # "you must do the setup as a 3- or 4-player game"
# Words of the errors (translated where they are said).
DIE_FACE = N_("a die face 1-6")
SPACE_ID = N_("a space id (a string)")
PLAYERS_WORDS = N_("3 or 4 (players, Automas included)")
PENALTY_FACE = 6  # only a worker that rolls 6 goes onto the penalty card

TOP_KEYS = (
    "players",
    "automa",
    "faction",
    "action",
    "support",
    "camping",
    "occupied",
    "workers",
    "sites",
    "retrieve_with_one_worker",
)
REQUIRED_KEYS = ("players", "automa", "faction", "action", "support", "workers")
WORKER_KEYS = ("available", "placed", "penalty_card")
PLACED_KEYS = ("knowledge", "space")
SITE_KEYS = ("built", "workers", "automa_tokens")

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(key: str) -> str:
    """A key as TOML writes it in a dotted path: bare when it can be, else quoted."""
    if _BARE_KEY.fullmatch(key):
        return key
    return '"' + ascii(key)[1:-1].replace('"', '\\"') + '"'


class _Reader(Reader):
    """The situation file's checks (``7 is not a die face 1-6``): its keys and lists."""

    def keyed(self, value: object, field: str, keys: tuple[str, ...], what: str) -> dict[str, Any]:
        """``value`` checked to be a table with only ``keys``."""
        table = self.table(value, field, say("a table (expected {what})", what=what))
        for key in table:
            if key not in keys:
                path = f"{field}.{_key(key)}" if field else _key(key)
                raise self.error(
                    path, say("unknown key (expected one of {keys})", keys=", ".join(keys))
                )
        return table

    def listed(self, value: object, field: str, what: str) -> list[Any]:
        """``value`` checked to be a list (of ``what``)."""
        return self.items(value, field, say("a list (expected a list of {what})", what=what))

    def faces(self, value: object, field: str) -> tuple[int, ...]:
        """``value`` checked to be a list of whole numbers (die faces, range checked later)."""
        items = self.listed(value, field, say("die faces 1-6, e.g. [2, 6]"))
        return tuple(
            self.whole_number(v, f"{field}[{i}]", expected=_(DIE_FACE))
            for i, v in enumerate(items, 1)
        )

    def names(self, value: object, field: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        """``value`` checked to be a list of distinct names from ``allowed``."""
        items = self.listed(value, field, ", ".join(allowed))
        names = tuple(self.choice(v, f"{field}[{i}]", allowed) for i, v in enumerate(items, 1))
        for i, name in enumerate(names, 1):
            if name in names[: i - 1]:
                raise self.error(f"{field}[{i}]", say("{name} is listed twice", name=shown(name)))
        return names


def parse_situation(data: Mapping[str, Any], source: str = "situation") -> Situation:
    """Build a Situation from the parsed TOML of a situation file, and check it.

    Raises InputError (one line: ``SOURCE: FIELD: problem``) for anything that
    is not a possible situation.
    """
    read = _Reader(source, form=IS_NOT)
    read.keyed(data, "", TOP_KEYS, say("a situation"))
    for key in REQUIRED_KEYS:
        if key not in data:
            raise read.error(key, say("missing (see docs/decide.md)"))
    players = read.whole_number(data["players"], "players", expected=_(PLAYERS_WORDS))
    automa = read.choice(data["automa"], "automa", AUTOMAS)
    faction = read.choice(data["faction"], "faction", AREAS)
    action = read.choice(data["action"], "action", ACTIONS)
    support = read.choice(data["support"], "support", FACTION_ICONS)
    camping = read.flag(data.get("camping", False), "camping")

    occupied = read.listed(data.get("occupied", []), "occupied", say("space ids"))
    for i, space in enumerate(occupied, 1):
        read.text(space, f"occupied[{i}]", _(SPACE_ID))

    workers = read.keyed(
        data["workers"],
        "workers",
        WORKER_KEYS,
        say("a table with available, placed, penalty_card"),
    )
    available = read.faces(workers.get("available", []), "workers.available")
    placed = []
    raw_placed = read.listed(workers.get("placed", []), "workers.placed", say("tables"))
    for i, raw in enumerate(raw_placed, 1):
        field = f"workers.placed[{i}]"
        worker = read.keyed(raw, field, PLACED_KEYS, _("{ knowledge = 1-6, space = <space id> }"))
        for key in PLACED_KEYS:
            if key not in worker:
                raise read.error(f"{field}.{key}", say("missing"))
        knowledge = read.whole_number(
            worker["knowledge"], f"{field}.knowledge", expected=_(DIE_FACE)
        )
        space = read.text(worker["space"], f"{field}.space", _(SPACE_ID))
        placed.append(PlacedWorker(knowledge=knowledge, space=space))
    penalty_card = read.faces(workers.get("penalty_card", []), "workers.penalty_card")

    sites = {}
    raw_sites = read.keyed(data.get("sites", {}), "sites", SITES, _("[sites.<site id>] tables"))
    for site_id, raw in raw_sites.items():
        field = f"sites.{_key(site_id)}"
        site = read.keyed(raw, field, SITE_KEYS, say("built, workers, automa_tokens"))
        sites[site_id] = Site(
            built=read.flag(site.get("built", False), f"{field}.built"),
            workers=read.whole_number(site.get("workers", 0), f"{field}.workers"),
            automa_tokens=frozenset(
                read.names(site.get("automa_tokens", []), f"{field}.automa_tokens", AUTOMAS)
            ),
        )

    retrieve = DEFAULT_RETRIEVE_WITH_ONE
    if "retrieve_with_one_worker" in data:
        retrieve = frozenset(
            read.names(data["retrieve_with_one_worker"], "retrieve_with_one_worker", ACTIONS)
        )

    situation = Situation(
        players=players,
        automa=automa,
        faction=faction,
        action=action,
        support=support,
        camping=camping,
        available=available,
        placed=tuple(placed),
        penalty_card=penalty_card,
        occupied=frozenset(occupied),
        sites=sites,
        retrieve_with_one_worker=retrieve,
    )
    check_situation(situation, source, occupied_order=tuple(occupied))
    return situation


def check_situation(
    s: Situation, source: str | None = None, occupied_order: tuple[str, ...] | None = None
) -> None:
    """Check that a Situation is possible; raise InputError naming the field if not.

    ``occupied_order`` is the file's order of ``occupied`` (for the position
    in the message); without it the positions follow a sorted order.
    """

    read = Reader(source, form=IS_NOT)
    read.whole_number(s.players, "players", min(PLAYERS), max(PLAYERS), _(PLAYERS_WORDS))
    for field, value, allowed in (
        ("automa", s.automa, AUTOMAS),
        ("faction", s.faction, AREAS),
        ("action", s.action, ACTIONS),
        ("support", s.support, FACTION_ICONS),
    ):
        read.choice(value, field, allowed)
    for action in sorted(s.retrieve_with_one_worker):
        read.choice(action, "retrieve_with_one_worker", ACTIONS)
    _check_sites(s, read)
    _check_workers(s, read)
    _check_occupied(s, read, occupied_order)


def _check_sites(s: Situation, read: Reader) -> None:
    """Each site: a market site; a built one has no construction site, an unbuilt one
    fewer workers than build it and no authority tokens."""
    bad = read.error
    threshold = site_threshold(s.players)
    for site_id, site in s.sites.items():
        field = f"sites.{_key(site_id)}"
        if site_id not in SITES:
            raise bad(
                field, say("not a market site (expected one of {sites})", sites=", ".join(SITES))
            )
        if site.built:
            if site.workers:
                raise bad(
                    f"{field}.workers",
                    say(
                        "{workers} workers on the construction site of a built market (a "
                        "built market has no construction site: expected 0)",
                        workers=site.workers,
                    ),
                )
        else:
            if not 0 <= site.workers < threshold:
                raise bad(
                    f"{field}.workers",
                    say(
                        "{workers} is not 0-{most}: with {players} players {threshold} workers "
                        "build the market (then write built = true)",
                        workers=site.workers,
                        most=threshold - 1,
                        players=s.players,
                        threshold=threshold,
                    ),
                )
            if site.automa_tokens:
                raise bad(
                    f"{field}.automa_tokens",
                    say(
                        "an unbuilt market holds no authority tokens (expected [] or built = true)"
                    ),
                )
        for automa in site.automa_tokens:
            read.choice(automa, f"{field}.automa_tokens", AUTOMAS)


def _check_workers(s: Situation, read: Reader) -> None:
    """The Automa's workers: die faces, 6s only on the penalty card, spaces that exist, no
    more of them on a construction site than it holds, one per single-occupancy space, 4 in
    all."""
    bad = read.error
    for i, knowledge in enumerate(s.available, 1):
        read.whole_number(knowledge, f"workers.available[{i}]", *DIE_FACES, _(DIE_FACE))
    for i, knowledge in enumerate(s.penalty_card, 1):
        read.whole_number(
            knowledge,
            f"workers.penalty_card[{i}]",
            PENALTY_FACE,
            PENALTY_FACE,
            say(
                "{face} (only a worker that rolls {face} goes on the penalty card)",
                face=PENALTY_FACE,
            ),
        )
    on_site: dict[str, int] = {}
    holder: dict[str, int] = {}
    for i, worker in enumerate(s.placed, 1):
        field = f"workers.placed[{i}]"
        read.whole_number(worker.knowledge, f"{field}.knowledge", *DIE_FACES, _(DIE_FACE))
        space = worker.space
        if space not in SPACES:
            raise bad(
                f"{field}.space",
                say(
                    "{space} is not a space (expected one of {spaces})",
                    space=shown(space),
                    spaces=", ".join(SPACES),
                ),
            )
        if space in SITES and not s.site(space).built:
            on_site[space] = on_site.get(space, 0) + 1
            if on_site[space] > s.site(space).workers:
                raise bad(
                    f"{field}.space",
                    say(
                        "{own} of this Automa's workers on the construction site {space} but "
                        "{key}.workers is {workers} (it counts everyone's workers there)",
                        own=on_site[space],
                        space=space,
                        key="sites." + _key(space),
                        workers=s.site(space).workers,
                    ),
                )
        elif space in SINGLE_OCCUPANCY:
            if space in holder:
                raise bad(
                    f"{field}.space",
                    say(
                        "{space} already holds {holder} (a single-occupancy space holds one "
                        "worker)",
                        space=space,
                        holder="workers.placed[" + str(holder[space]) + "]",
                    ),
                )
            holder[space] = i

    total = len(s.available) + len(s.placed) + len(s.penalty_card)
    if total != WORKERS_IN_ALL:
        raise bad(
            "workers",
            say(
                "{total} workers in all ({available} available + {placed} placed + {card} on "
                "the penalty card); an Automa has exactly {workers}",
                total=total,
                available=len(s.available),
                placed=len(s.placed),
                card=len(s.penalty_card),
                workers=WORKERS_IN_ALL,
            ),
        )


def _check_occupied(s: Situation, read: Reader, occupied_order: tuple[str, ...] | None) -> None:
    """The occupied spaces: single-occupancy spaces that are not construction sites."""
    bad = read.error
    order = occupied_order if occupied_order is not None else tuple(sorted(s.occupied))
    for i, space in enumerate(order, 1):
        field = f"occupied[{i}]"
        if space not in SINGLE_OCCUPANCY:
            raise bad(
                field,
                say(
                    "{space} is not a single-occupancy space (expected one of {spaces})",
                    space=shown(space),
                    spaces=", ".join(sorted(SINGLE_OCCUPANCY)),
                ),
            )
        if space in SITES and not s.site(space).built:
            raise bad(
                field,
                say(
                    "{space} is a construction site (its market is not built), whose spaces "
                    "are never bumped; leave it out, or set built = true",
                    space=space,
                ),
            )


def parse_situation_text(text: bytes | str, source: str = "situation") -> Situation:
    """Parse and check the text of a situation file (TOML, read by the core's
    ``parse_toml``: one-line errors, nesting limited)."""
    raw = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # Said here, by the byte: the core's words for a TOML file that is not text are
        # those of a TOML error.
        raise InputError(
            say("not UTF-8 text (byte {byte})", byte=exc.start + 1), file=source
        ) from None
    return parse_situation(parse_toml(raw, source, _("situation file")), source)


def load_situation(path: str) -> Situation:
    """Read, parse and check a situation file (a regular file of at most 1 MiB)."""
    return parse_situation_text(read_limited(Path(path), _("situation file")), path)


def situation_to_dict(s: Situation) -> dict[str, Any]:
    """The situation as situation-file data (the inverse of :func:`parse_situation`).

    Written with tomli-w it is a situation file that `companion euphoria decide`
    reads back to the same Situation; handy to replay one decision of a game.
    """
    data: dict[str, Any] = {
        "players": s.players,
        "automa": s.automa,
        "faction": s.faction,
        "action": s.action,
        "support": s.support,
        "camping": s.camping,
        "occupied": sorted(s.occupied),
        "workers": {
            "available": list(s.available),
            "placed": [w.to_json() for w in s.placed],
            "penalty_card": list(s.penalty_card),
        },
        "sites": {
            site_id: {
                "built": site.built,
                "workers": site.workers,
                "automa_tokens": sorted(site.automa_tokens),
            }
            for site_id, site in s.sites.items()
        },
    }
    if s.retrieve_with_one_worker != DEFAULT_RETRIEVE_WITH_ONE:
        data["retrieve_with_one_worker"] = sorted(s.retrieve_with_one_worker)
    return data
