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
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeGuard

from companion.core.errors import InputError
from companion.core.tomlfile import read_limited
from companion.core.validate import check_depth
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

WORKERS_IN_ALL = 4  # "give them 4 workers" (Automa Set Up)
PLAYERS = (3, 4)  # "you must do the setup as a 3- or 4-player game"
DIE_FACES = range(1, 7)
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


def _show(value: object) -> str:
    """A short, one-line, ASCII rendering of a value for an error message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    text = ascii(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class _Reader:
    """Shape checks for one situation file; every error names ``source`` and the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def bad(self, field: str, problem: str) -> InputError:
        """An InputError naming the situation file and ``field``."""
        return InputError(problem, file=self.source, field=field)

    def as_table(
        self, value: object, field: str, keys: tuple[str, ...], what: str
    ) -> dict[str, Any]:
        """``value`` checked to be a table with only ``keys``."""
        if not isinstance(value, dict):
            raise self.bad(field, f"{_show(value)} is not a table (expected {what})")
        for key in value:
            if key not in keys:
                path = f"{field}.{_key(key)}" if field else _key(key)
                raise self.bad(path, f"unknown key (expected one of {', '.join(keys)})")
        return value

    def as_list(self, value: object, field: str, what: str) -> list[Any]:
        """``value`` checked to be a list."""
        if not isinstance(value, list):
            raise self.bad(field, f"{_show(value)} is not a list (expected a list of {what})")
        return value

    def as_int(self, value: object, field: str, what: str) -> int:
        """``value`` checked to be a whole number (not a boolean)."""
        if not _is_int(value):
            raise self.bad(field, f"{_show(value)} is not {what}")
        return value

    def as_choice(self, value: object, field: str, allowed: tuple[str, ...]) -> str:
        """``value`` checked to be one of ``allowed``."""
        if not isinstance(value, str) or value not in allowed:
            raise self.bad(field, f"{_show(value)} is not one of {', '.join(allowed)}")
        return value

    def as_bool(self, value: object, field: str) -> bool:
        """``value`` checked to be true or false."""
        if not isinstance(value, bool):
            raise self.bad(field, f"{_show(value)} is not true or false")
        return value

    def as_faces(self, value: object, field: str) -> tuple[int, ...]:
        """``value`` checked to be a list of whole numbers (die faces, range checked later)."""
        items = self.as_list(value, field, "die faces 1-6, e.g. [2, 6]")
        return tuple(
            self.as_int(v, f"{field}[{i}]", "a die face 1-6") for i, v in enumerate(items, 1)
        )

    def as_names(self, value: object, field: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        """``value`` checked to be a list of distinct names from ``allowed``."""
        items = self.as_list(value, field, ", ".join(allowed))
        names = tuple(self.as_choice(v, f"{field}[{i}]", allowed) for i, v in enumerate(items, 1))
        for i, name in enumerate(names, 1):
            if name in names[: i - 1]:
                raise self.bad(f"{field}[{i}]", f"{_show(name)} is listed twice")
        return names


def parse_situation(data: Mapping[str, Any], source: str = "situation") -> Situation:
    """Build a Situation from the parsed TOML of a situation file, and check it.

    Raises InputError (one line: ``SOURCE: FIELD: problem``) for anything that
    is not a possible situation.
    """
    read = _Reader(source)
    read.as_table(data, "", TOP_KEYS, "a situation")
    for key in REQUIRED_KEYS:
        if key not in data:
            raise read.bad(key, "missing (see docs/decide.md)")
    players = read.as_int(data["players"], "players", "3 or 4 (players, Automas included)")
    automa = read.as_choice(data["automa"], "automa", AUTOMAS)
    faction = read.as_choice(data["faction"], "faction", AREAS)
    action = read.as_choice(data["action"], "action", ACTIONS)
    support = read.as_choice(data["support"], "support", FACTION_ICONS)
    camping = read.as_bool(data.get("camping", False), "camping")

    occupied = read.as_list(data.get("occupied", []), "occupied", "space ids")
    for i, space in enumerate(occupied, 1):
        if not isinstance(space, str):
            raise read.bad(f"occupied[{i}]", f"{_show(space)} is not a space id (a string)")

    workers = read.as_table(
        data["workers"], "workers", WORKER_KEYS, "a table with available, placed, penalty_card"
    )
    available = read.as_faces(workers.get("available", []), "workers.available")
    placed = []
    raw_placed = read.as_list(workers.get("placed", []), "workers.placed", "tables")
    for i, raw in enumerate(raw_placed, 1):
        field = f"workers.placed[{i}]"
        read.as_table(raw, field, PLACED_KEYS, "{ knowledge = 1-6, space = <space id> }")
        for key in PLACED_KEYS:
            if key not in raw:
                raise read.bad(f"{field}.{key}", "missing")
        knowledge = read.as_int(raw["knowledge"], f"{field}.knowledge", "a die face 1-6")
        space = raw["space"]
        if not isinstance(space, str):
            raise read.bad(f"{field}.space", f"{_show(space)} is not a space id (a string)")
        placed.append(PlacedWorker(knowledge=knowledge, space=space))
    penalty_card = read.as_faces(workers.get("penalty_card", []), "workers.penalty_card")

    sites = {}
    raw_sites = read.as_table(data.get("sites", {}), "sites", SITES, "[sites.<site id>] tables")
    for site_id, raw in raw_sites.items():
        field = f"sites.{_key(site_id)}"
        read.as_table(raw, field, SITE_KEYS, "built, workers, automa_tokens")
        sites[site_id] = Site(
            built=read.as_bool(raw.get("built", False), f"{field}.built"),
            workers=read.as_int(raw.get("workers", 0), f"{field}.workers", "a whole number"),
            automa_tokens=frozenset(
                read.as_names(raw.get("automa_tokens", []), f"{field}.automa_tokens", AUTOMAS)
            ),
        )

    retrieve = DEFAULT_RETRIEVE_WITH_ONE
    if "retrieve_with_one_worker" in data:
        retrieve = frozenset(
            read.as_names(data["retrieve_with_one_worker"], "retrieve_with_one_worker", ACTIONS)
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

    def bad(field: str, problem: str) -> InputError:
        """An InputError naming the situation file and ``field``."""
        return InputError(problem, file=source, field=field)

    if s.players not in PLAYERS:
        raise bad("players", f"{_show(s.players)} is not 3 or 4 (players, Automas included)")
    for field, value, allowed in (
        ("automa", s.automa, AUTOMAS),
        ("faction", s.faction, AREAS),
        ("action", s.action, ACTIONS),
        ("support", s.support, FACTION_ICONS),
    ):
        if value not in allowed:
            raise bad(field, f"{_show(value)} is not one of {', '.join(allowed)}")
    for action in sorted(s.retrieve_with_one_worker):
        if action not in ACTIONS:
            raise bad(
                "retrieve_with_one_worker",
                f"{_show(action)} is not one of {', '.join(ACTIONS)}",
            )

    threshold = site_threshold(s.players)
    for site_id, site in s.sites.items():
        field = f"sites.{_key(site_id)}"
        if site_id not in SITES:
            raise bad(field, f"not a market site (expected one of {', '.join(SITES)})")
        if site.built:
            if site.workers:
                raise bad(
                    f"{field}.workers",
                    f"{site.workers} workers on the construction site of a built market "
                    "(a built market has no construction site: expected 0)",
                )
        else:
            if not 0 <= site.workers < threshold:
                raise bad(
                    f"{field}.workers",
                    f"{site.workers} is not 0-{threshold - 1}: with {s.players} players "
                    f"{threshold} workers build the market (then write built = true)",
                )
            if site.automa_tokens:
                raise bad(
                    f"{field}.automa_tokens",
                    "an unbuilt market holds no authority tokens (expected [] or built = true)",
                )
        for automa in site.automa_tokens:
            if automa not in AUTOMAS:
                raise bad(f"{field}.automa_tokens", f"{_show(automa)} is not one of black, white")

    for i, knowledge in enumerate(s.available, 1):
        if knowledge not in DIE_FACES:
            raise bad(f"workers.available[{i}]", f"{_show(knowledge)} is not a die face 1-6")
    for i, knowledge in enumerate(s.penalty_card, 1):
        if knowledge != PENALTY_FACE:
            raise bad(
                f"workers.penalty_card[{i}]",
                f"{_show(knowledge)} is not 6 (only a worker that rolls 6 goes on the penalty card)",
            )
    on_site: dict[str, int] = {}
    holder: dict[str, int] = {}
    for i, worker in enumerate(s.placed, 1):
        field = f"workers.placed[{i}]"
        if worker.knowledge not in DIE_FACES:
            raise bad(f"{field}.knowledge", f"{_show(worker.knowledge)} is not a die face 1-6")
        space = worker.space
        if space not in SPACES:
            raise bad(
                f"{field}.space",
                f"{_show(space)} is not a space (expected one of {', '.join(SPACES)})",
            )
        if space in SITES and not s.site(space).built:
            on_site[space] = on_site.get(space, 0) + 1
            if on_site[space] > s.site(space).workers:
                raise bad(
                    f"{field}.space",
                    f"{on_site[space]} of this Automa's workers on the construction site "
                    f"{space} but sites.{_key(space)}.workers is {s.site(space).workers} "
                    "(it counts everyone's workers there)",
                )
        elif space in SINGLE_OCCUPANCY:
            if space in holder:
                raise bad(
                    f"{field}.space",
                    f"{space} already holds workers.placed[{holder[space]}] "
                    "(a single-occupancy space holds one worker)",
                )
            holder[space] = i

    total = len(s.available) + len(s.placed) + len(s.penalty_card)
    if total != WORKERS_IN_ALL:
        raise bad(
            "workers",
            f"{total} workers in all ({len(s.available)} available + {len(s.placed)} placed + "
            f"{len(s.penalty_card)} on the penalty card); an Automa has exactly {WORKERS_IN_ALL}",
        )

    order = occupied_order if occupied_order is not None else tuple(sorted(s.occupied))
    for i, space in enumerate(order, 1):
        field = f"occupied[{i}]"
        if space not in SINGLE_OCCUPANCY:
            raise bad(
                field,
                f"{_show(space)} is not a single-occupancy space "
                f"(expected one of {', '.join(sorted(SINGLE_OCCUPANCY))})",
            )
        if space in SITES and not s.site(space).built:
            raise bad(
                field,
                f"{space} is a construction site (its market is not built), whose spaces "
                "are never bumped; leave it out, or set built = true",
            )


def parse_situation_text(text: bytes | str, source: str = "situation") -> Situation:
    """Parse and check the text of a situation file (TOML)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"not UTF-8 text (byte {exc.start + 1})", file=source) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = " ".join(str(exc).split())
        raise InputError(f"not valid TOML: {message}", file=source) from None
    except RecursionError:
        raise InputError("nested too deeply", file=source) from None
    check_depth(data, file=source)
    return parse_situation(data, source)


def load_situation(path: str) -> Situation:
    """Read, parse and check a situation file (a regular file of at most 1 MiB)."""
    return parse_situation_text(read_limited(Path(path), "situation file"), path)


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
