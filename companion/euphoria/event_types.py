"""What the user reports between Automa turns, typed: one small frozen dataclass per kind.

The shells (CLI words, screen dialogs) give an event's kind and fields; :func:`parse`
checks them once (bad input raises InputError naming the field, nothing changes) and
returns the typed event the engine plays (``events.play``). The journal stores an event
as a table ``{"kind": ..., field: value}`` (:func:`to_dict`), read back with
:func:`from_dict`: every save written so far holds that same table, so a save of any
version reads back to the same events (the defaults below are those older saves left
out, e.g. a ``site-add`` without ``count``).

Kinds (the journal's words, never translated):

- ``bump`` (:class:`Bump`): a human bumped an Automa worker.
- ``site-add`` / ``site-remove`` (:class:`SiteAdd`, :class:`SiteRemove`): a human placed a
  worker on / took one from a construction site.
- ``sites`` (:class:`Sites`): the humans' workers on every construction site now.
- ``market-built`` (:class:`MarketBuilt`): a market was built.
- ``activation`` / ``last-tier`` (:class:`Activation`, :class:`LastTier`): recruits of a
  faction were activated for the first time / its allegiance track reached the last tier.
- ``human-won`` (:class:`HumanWon`): a human placed their last authority token and won.
- ``correct`` (:class:`Correct`): a manual correction of an Automa and/or of a site.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.core.catalog import N_, say
from companion.core.errors import InputError
from companion.core.validate import Reader, parse_int
from companion.euphoria.board import AREAS, AUTOMAS, DIE_FACES, SINGLE_OCCUPANCY, SITES, space_name
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import TOKENS, check_space


@dataclass(frozen=True)
class Bump:
    """A human bumped ``automa``'s worker from the single-occupancy ``space``: it returns to
    its Automa and is re-rolled."""

    automa: str
    space: str
    kind: ClassVar[str] = "bump"


@dataclass(frozen=True)
class SiteAdd:
    """A human placed ``count`` workers on the construction site of ``site`` (a placement
    that completes the site builds its market)."""

    site: str
    count: int = 1
    kind: ClassVar[str] = "site-add"


@dataclass(frozen=True)
class SiteRemove:
    """A human took ``count`` workers from the construction site of ``site``."""

    site: str
    count: int = 1
    kind: ClassVar[str] = "site-remove"


@dataclass(frozen=True)
class Sites:
    """The humans' workers on every construction site now (``workers``: (site, count) in the
    order reported; an unlisted site holds none): the next Automa turn asks nothing of them."""

    workers: tuple[tuple[str, int], ...] = ()
    kind: ClassVar[str] = "sites"

    def on(self, site: str) -> int:
        """The humans' workers reported on ``site`` (0 when it is not listed)."""
        return dict(self.workers).get(site, 0)


@dataclass(frozen=True)
class MarketBuilt:
    """The market of ``site`` was built; ``automas`` (sorted; None: not said) are the Automas
    that had a worker on its construction site, checked against what the app knows."""

    site: str
    automas: tuple[str, ...] | None = None
    kind: ClassVar[str] = "market-built"


@dataclass(frozen=True)
class Activation:
    """Recruits of ``faction`` were activated for the first time."""

    faction: str
    kind: ClassVar[str] = "activation"


@dataclass(frozen=True)
class LastTier:
    """The allegiance track of ``faction`` reached the last tier. ``with_activation`` True:
    reported before the recruits' activation, so the track passed the activation tier on its
    way and the activation token is placed too (set by the engine when it records the report;
    None in the saves of earlier versions, which placed the last tier's token alone)."""

    faction: str
    with_activation: bool | None = None
    kind: ClassVar[str] = "last-tier"


@dataclass(frozen=True)
class HumanWon:
    """Human ``player`` (1 or 2) placed their last authority token and won: the game ends."""

    player: int = 1
    kind: ClassVar[str] = "human-won"


@dataclass(frozen=True)
class Correct:
    """A manual correction: of ``automa`` (any of its ready workers, placed workers, workers
    on its faction/penalty card, penalty side, tokens left) and/or of ``site`` (built, the
    humans' workers on it, the Automas with a token on its market). None: left as it is."""

    automa: str | None = None
    site: str | None = None
    available: tuple[int, ...] | None = None
    penalty_card: tuple[int, ...] | None = None
    placed: tuple[PlacedWorker, ...] | None = None
    penalty_side: bool | None = None
    built: bool | None = None
    tokens_left: int | None = None
    humans: int | None = None
    market_tokens: tuple[str, ...] | None = None
    kind: ClassVar[str] = "correct"


HumanEvent = (
    Bump | SiteAdd | SiteRemove | Sites | MarketBuilt | Activation | LastTier | HumanWon | Correct
)

# The kinds, in the order the shells list them, with what each reports (translated where
# they are shown).
EVENT_KINDS: dict[str, str] = {
    "bump": N_("a human bumped an Automa worker (automa, space)"),
    "site-add": N_("a human placed a worker on a construction site (site, count)"),
    "site-remove": N_("a human took a worker from a construction site (site, count)"),
    "sites": N_("the humans' workers on the construction sites now (workers: site=count, ...)"),
    "market-built": N_("a market was built (site; automas that had a worker there)"),
    "activation": N_("recruits of a faction were activated for the first time (faction)"),
    "last-tier": N_("a faction's allegiance track reached the last tier (faction)"),
    "human-won": N_("a human placed their last authority token and won (player)"),
    "correct": N_("correct what the app knows of an Automa or a site"),
}

_AUTOMA_FACTS = ("available", "placed", "penalty_card", "penalty_side", "tokens_left")
_SITE_FACTS = ("built", "humans", "market_tokens")

# The fields each kind may hold (as the journal and the shells name them).
FIELDS: dict[str, tuple[str, ...]] = {
    "bump": ("automa", "space"),
    "site-add": ("site", "count"),
    "site-remove": ("site", "count"),
    "sites": ("workers",),
    "market-built": ("site", "automas"),
    "activation": ("faction",),
    "last-tier": ("faction", "with_activation"),
    "human-won": ("player",),
    # The order of the journal's tables since the first version.
    "correct": (
        "automa",
        "site",
        "available",
        "penalty_card",
        "placed",
        "penalty_side",
        "built",
        "tokens_left",
        "humans",
        "market_tokens",
    ),
}

# What a reported number can be: a die face; workers placed on or taken from a site in
# one report (a site has 4 spaces); humans' workers waiting on a site (it is built at 2
# or 3); authority tokens (TOKENS each); which human won (1 or 2 humans play with the
# Automas).
LIMITS: dict[str, tuple[int, int]] = {
    "knowledge": DIE_FACES,
    "count": (1, 4),
    "humans": (0, 3),
    "tokens_left": (0, TOKENS),
    "player": (1, 2),
}

_read = Reader()  # an event's errors name the field only


def _count(value: object, name: str, limit: str) -> int:
    return _read.whole_number(value, name, *LIMITS[limit])


def _dice(values: object, name: str) -> tuple[int, ...]:
    faces = _read.items(values, name, why=say("expected a list of die faces"))
    return tuple(_count(v, name, "knowledge") for v in faces)


def _required(fields: Mapping[str, Any], name: str) -> Any:
    if name not in fields:
        raise InputError(say("missing"), field=name)
    return fields[name]


def parse_placed(text: str) -> PlacedWorker:
    """'4@euphoria.tunnel' -> PlacedWorker(4, 'euphoria.tunnel'); InputError (field
    ``placed``) for anything else: a knowledge that is not a die face, an unknown space."""
    knowledge, sep, space = str(text).partition("@")
    try:
        if not sep:
            raise InputError("no @")
        face = parse_int(knowledge)
    except InputError:
        raise InputError(
            say("{text}: expected KNOWLEDGE@SPACE, e.g. 4@euphoria.tunnel", text=repr(text)),
            field="placed",
        ) from None
    face = _read.whole_number(face, "placed", *DIE_FACES)
    return PlacedWorker(face, check_space(space.strip(), "placed"))


# --- from the journal's words to the typed events ---------------------------------------


def _bump(f: Mapping[str, Any]) -> Bump:
    automa = _read.choice(_required(f, "automa"), "automa", AUTOMAS)
    space = check_space(_required(f, "space"), "space")
    if space not in SINGLE_OCCUPANCY:
        raise InputError(
            say(
                "{space} holds any number of workers: nobody is bumped there",
                space=space_name(space),
            ),
            field="space",
        )
    return Bump(automa, space)


def _site_count(f: Mapping[str, Any]) -> tuple[str, int]:
    site = _read.choice(_required(f, "site"), "site", SITES)
    return site, _count(f.get("count", 1), "count", "count")


def _site_add(f: Mapping[str, Any]) -> SiteAdd:
    return SiteAdd(*_site_count(f))


def _site_remove(f: Mapping[str, Any]) -> SiteRemove:
    return SiteRemove(*_site_count(f))


def _sites(f: Mapping[str, Any]) -> Sites:
    workers = f.get("workers", {})
    if not isinstance(workers, dict):
        raise InputError(say("expected site=count pairs"), field="workers")
    counts = {
        _read.choice(s, "workers", SITES): _count(n, "workers", "humans")
        for s, n in workers.items()
    }
    return Sites(tuple(counts.items()))


def _automas(values: object, name: str) -> tuple[str, ...]:
    if not isinstance(values, list | tuple):
        raise InputError(say("expected a list of Automas"), field=name)
    return tuple(sorted({_read.choice(a, name, AUTOMAS) for a in values}))


def _market_built(f: Mapping[str, Any]) -> MarketBuilt:
    site = _read.choice(_required(f, "site"), "site", SITES)
    automas = _automas(f["automas"], "automas") if "automas" in f else None
    return MarketBuilt(site, automas)


def _faction(f: Mapping[str, Any]) -> str:
    return _read.choice(_required(f, "faction"), "faction", AREAS)


def _activation(f: Mapping[str, Any]) -> Activation:
    return Activation(_faction(f))


def _last_tier(f: Mapping[str, Any]) -> LastTier:
    passed = f.get("with_activation")
    return LastTier(_faction(f), None if passed is None else _read.flag(passed, "with_activation"))


def _human_won(f: Mapping[str, Any]) -> HumanWon:
    return HumanWon(_count(f.get("player", 1), "player", "player"))


def _placed(values: object) -> tuple[PlacedWorker, ...]:
    if not isinstance(values, list):
        raise InputError(say("expected a list of KNOWLEDGE@SPACE"), field="placed")
    return tuple(parse_placed(p) for p in values)


def _correct(f: Mapping[str, Any]) -> Correct:
    def some(name: str, read: Callable[[object], Any]) -> Any:
        return read(f[name]) if name in f else None

    if set(_AUTOMA_FACTS) & f.keys() and "automa" not in f:
        raise InputError(say("say which Automa to correct"), field="automa")
    if set(_SITE_FACTS) & f.keys() and "site" not in f:
        raise InputError(say("say which site to correct"), field="site")
    automa = some("automa", lambda v: _read.choice(v, "automa", AUTOMAS))
    site = some("site", lambda v: _read.choice(v, "site", SITES))
    if not {*_AUTOMA_FACTS, *_SITE_FACTS} & f.keys():
        raise InputError(say("nothing to correct: give at least one fact"))
    return Correct(
        automa=automa,
        site=site,
        available=some("available", lambda v: _dice(v, "available")),
        penalty_card=some("penalty_card", lambda v: _dice(v, "penalty_card")),
        placed=some("placed", _placed),
        penalty_side=some("penalty_side", lambda v: _read.flag(v, "penalty_side")),
        built=some("built", lambda v: _read.flag(v, "built")),
        tokens_left=some("tokens_left", lambda v: _count(v, "tokens_left", "tokens_left")),
        humans=some("humans", lambda v: _count(v, "humans", "humans")),
        market_tokens=some("market_tokens", lambda v: _automas(v, "market_tokens")),
    )


_PARSERS: dict[str, Callable[[Mapping[str, Any]], HumanEvent]] = {
    "bump": _bump,
    "site-add": _site_add,
    "site-remove": _site_remove,
    "sites": _sites,
    "market-built": _market_built,
    "activation": _activation,
    "last-tier": _last_tier,
    "human-won": _human_won,
    "correct": _correct,
}


def parse(kind: str, fields: Mapping[str, Any]) -> HumanEvent:
    """The typed event of ``kind`` with ``fields`` (None values are left out, as not given).

    InputError (nothing changes) for an unknown kind, a field the kind does not have, a
    missing field or a value that does not fit, naming the field."""
    if kind not in _PARSERS:
        raise InputError(
            say(
                "{kind} is not an event kind (one of {kinds})",
                kind=repr(kind),
                kinds=", ".join(EVENT_KINDS),
            )
        )
    given = {k: v for k, v in fields.items() if v is not None}
    for key in given:
        if key not in FIELDS[kind]:
            raise InputError(
                say(
                    "not a field of the {kind} event (expected {fields})",
                    kind=kind,
                    fields=", ".join(sorted(FIELDS[kind])),
                ),
                field=key,
            )
    return _PARSERS[kind](given)


def from_dict(data: Mapping[str, Any]) -> HumanEvent:
    """The typed event a journal table holds (``kind``, its fields; its ``answers`` are the
    step's, not the event's, and are left aside). InputError if it does not fit."""
    kind = data.get("kind")
    fields = {k: v for k, v in data.items() if k not in ("kind", "answers")}
    return parse(str(kind) if isinstance(kind, str) else repr(kind), fields)


def fields_of(event: HumanEvent) -> dict[str, Any]:
    """The event's fields as the journal stores them (TOML-friendly: lists, tables, no None),
    in the order of :data:`FIELDS`."""
    data: dict[str, Any] = {}
    for name in FIELDS[event.kind]:
        value = getattr(event, name)
        if value is None:
            continue
        if name == "workers":
            value = dict(value)
        elif name == "placed":
            value = [f"{w.knowledge}@{w.space}" for w in value]
        elif isinstance(value, tuple):
            value = list(value)
        data[name] = value
    return data


def to_dict(event: HumanEvent) -> dict[str, Any]:
    """The event as the journal stores it: ``{"kind": ..., field: value, ...}``."""
    return {"kind": event.kind, **fields_of(event)}
