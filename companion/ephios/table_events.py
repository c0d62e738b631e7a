"""The steps of an Ephios quick game and campaign, typed: one small frozen dataclass per kind.

The shells (CLI commands, screen dialogs) report a step; the engines
(:mod:`companion.ephios.quick`, :mod:`companion.ephios.campaign`) play it. The
journal stores each one with :func:`to_dict` as a table ``{"kind": ..., field:
value}`` (docs/playing-ephios.md, "The save file"), read back with
:func:`quick_event` or :func:`campaign_event`: the journal boundary, where a
table becomes a typed step. Saves of every earlier version hold these same
tables (an ``affinity`` may be missing, a ``delta`` may be text such as
``"15"``, a name may be written in another case), so reading stays as lenient
as it always was; what depends on the table (is the player at the table, is the
alliance in play) is checked when the step is played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, get_args

from companion.core.catalog import say
from companion.core.errors import InputError
from companion.core.validate import whole_number
from companion.ephios.cards import make_alliance

Affinity = Literal["match", "hand", "none"]
AFFINITIES: tuple[Affinity, ...] = get_args(Affinity)
# What each affinity adds to a unite's gain, in percent.
AFFINITY_BONUS = {"match": 20, "hand": 10, "none": 0}


@dataclass(frozen=True)
class Unite:
    """``player`` unites ``alliance`` (its id); ``affinity``: the Affinity card played with it
    ("match": it is the alliance, +20%; "hand": a personality of it is in hand, +10%)."""

    player: str
    alliance: str
    affinity: Affinity = "none"
    kind: ClassVar[str] = "unite"

    def __post_init__(self) -> None:
        # An alliance id is lower-case, however a shell or an older save wrote it.
        object.__setattr__(self, "alliance", self.alliance.strip().lower())


@dataclass(frozen=True)
class Popularity:
    """A card effect moved ``player``'s popularity marker by ``delta`` percent."""

    player: str
    delta: int
    kind: ClassVar[str] = "popularity"


@dataclass(frozen=True)
class Flip:
    """The direction token was flipped (3 or 4 players)."""

    kind: ClassVar[str] = "flip"


@dataclass(frozen=True)
class Next:
    """The turn ends: the next player, following the direction token."""

    kind: ClassVar[str] = "next"


@dataclass(frozen=True)
class AllianceTile:
    """Campaign: an alliance tile of a victory page comes into play (``name``, its ``gain``
    and ``unite`` requirement, checked when read); ``replaces``: the alliance it covers."""

    name: str
    gain: int
    unite: int
    replaces: str | None = None
    kind: ClassVar[str] = "alliance"


QuickEvent = Unite | Popularity | Flip | Next
CampaignEvent = QuickEvent | AllianceTile
QUICK_KINDS = ("unite", "popularity", "flip", "next")
CAMPAIGN_KINDS = (*QUICK_KINDS, "alliance")


def kind_of(event: Mapping[str, Any] | CampaignEvent) -> object:
    """The kind of a typed step or of a journal table (whatever the table holds)."""
    return event.get("kind") if isinstance(event, Mapping) else event.kind


def affinity(value: object) -> Affinity:
    """An Affinity card as the journal or a shell names it: match, hand or none."""
    for known in AFFINITIES:
        if value == known:
            return known
    raise InputError(
        say(
            "affinity {affinity!r} is not one of {allowed}",
            affinity=str(value),
            allowed=", ".join(AFFINITIES),
        ),
        field="affinity",
    )


def to_dict(event: CampaignEvent) -> dict[str, Any]:
    """The step as the journal stores it: ``{"kind": ...}`` and its fields (a unite always
    names its affinity, a tile its cover only when it has one: as earlier versions wrote)."""
    match event:
        case Unite(player, alliance, affinity):
            return {"kind": "unite", "player": player, "alliance": alliance, "affinity": affinity}
        case Popularity(player, delta):
            return {"kind": "popularity", "player": player, "delta": delta}
        case Flip() | Next():
            return {"kind": event.kind}
        case AllianceTile(name, gain, unite, replaces):
            data: dict[str, Any] = {"kind": "alliance", "name": name, "gain": gain, "unite": unite}
            if replaces is not None:
                data["replaces"] = replaces
            return data


def quick_event(data: Mapping[str, Any] | QuickEvent) -> QuickEvent:
    """The typed quick-game step a journal table holds (a typed step is returned as it is);
    InputError naming the field if it cannot be one."""
    if not isinstance(data, Mapping):
        return data
    kind = data.get("kind")
    if kind == "unite":
        return Unite(
            str(data.get("player", "")),
            str(data.get("alliance", "")),
            affinity(data.get("affinity", "none")),
        )
    if kind == "popularity":
        delta = whole_number(data.get("delta"), field="delta")
        return Popularity(str(data.get("player", "")), delta)
    if kind == "flip":
        return Flip()
    if kind == "next":
        return Next()
    raise InputError(say("unknown event kind {kind!r}", kind=kind))


def campaign_event(data: Mapping[str, Any] | CampaignEvent) -> CampaignEvent:
    """The typed campaign step a journal table holds: an alliance tile or a quick-game step."""
    if not isinstance(data, Mapping):
        return data
    if data.get("kind") != "alliance":
        return quick_event(data)
    name = str(data.get("name", ""))
    tile = make_alliance(name, data.get("gain"), data.get("unite"))
    replaces = data.get("replaces")
    return AllianceTile(name, tile.gain, tile.unite, None if replaces is None else str(replaces))
