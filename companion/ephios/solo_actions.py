"""The player's actions in Ephios solo, typed: one small frozen dataclass per verb.

The shells (CLI words, screen keys) build these; the engine plays them; the
journal stores them with :func:`to_dict` as a table ``{"verb": ..., field:
value}`` (see docs/playing-ephios.md, "The save file"), read back with
:func:`from_dict`. Saves written before the typed actions hold word lists
(``["recruit", "2", "1"]``); :func:`from_words` reads those, for migration
only.

Slots count the crossroads as it lies on the table: slot 1 is the leftmost
place, next to the draw pile; a gap keeps its number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.core.catalog import say
from companion.core.errors import InputError
from companion.core.validate import IS_NOT, Reader, parse_int


@dataclass(frozen=True)
class Recruit:
    """Recruit the personality in ``slot``, paying its persuasion value (``cost``; None: asked
    when the value of an ordinary personality matters, a Dignitary's is printed)."""

    slot: int
    cost: int | None = None
    verb: ClassVar[str] = "recruit"


@dataclass(frozen=True)
class RecruitTop:
    """Recruit the first card of the draw pile for 1 token (``card``: which it was; None: asked)."""

    card: str | None = None
    verb: ClassVar[str] = "recruit-top"


@dataclass(frozen=True)
class Debate:
    """Debate: discard the personality in ``slot``, gain 2 tokens."""

    slot: int
    verb: ClassVar[str] = "debate"


@dataclass(frozen=True)
class Unite:
    """Unite ``alliance`` (``banker``: with the Banker, no pair needed)."""

    alliance: str
    banker: bool = False
    verb: ClassVar[str] = "unite"


@dataclass(frozen=True)
class Corrupt:
    """Corrupt: discard ``alliance``'s Dignitary from the Plot zone; the Plot plays twice."""

    alliance: str
    verb: ClassVar[str] = "corrupt"


@dataclass(frozen=True)
class Perceptive:
    """Use the Perceptive (``card``: the hand card it is; None: asked if unclear) to take
    ``alliance``'s Dignitary from the Plot zone."""

    alliance: str
    card: str | None = None
    verb: ClassVar[str] = "perceptive"


@dataclass(frozen=True)
class Use:
    """Use ``card`` of the hand (its effect is on the table); ``replay``: act again at once."""

    card: str
    replay: bool = False
    verb: ClassVar[str] = "use"


Action = Recruit | RecruitTop | Debate | Unite | Corrupt | Perceptive | Use
ACTIONS: dict[str, type] = {
    cls.verb: cls for cls in (Recruit, RecruitTop, Debate, Unite, Corrupt, Perceptive, Use)
}
VERBS = tuple(ACTIONS)
_FIELDS: dict[str, tuple[tuple[str, type, bool], ...]] = {
    # verb: (field, type, required)
    "recruit": (("slot", int, True), ("cost", int, False)),
    "recruit-top": (("card", str, False),),
    "debate": (("slot", int, True),),
    "unite": (("alliance", str, True), ("banker", bool, False)),
    "corrupt": (("alliance", str, True),),
    "perceptive": (("alliance", str, True), ("card", str, False)),
    "use": (("card", str, True), ("replay", bool, False)),
}


def to_dict(action: Action) -> dict[str, Any]:
    """The action as the journal stores it: ``{"verb": ...}`` and every field that is set
    (None and False left out, so the table stays short)."""
    data: dict[str, Any] = {"verb": action.verb}
    for name, _, _ in _FIELDS[action.verb]:
        value = getattr(action, name)
        if value is not None and value is not False:
            data[name] = value
    return data


def from_dict(data: Mapping[str, Any]) -> Action:
    """The action a journal table holds; InputError naming the field if it does not fit."""
    verb = data.get("verb")
    if verb not in ACTIONS:
        raise InputError(
            say(
                "{action} is not an action (one of {verbs})",
                action=repr(verb),
                verbs=", ".join(VERBS),
            ),
            field="verb",
        )
    fields = _FIELDS[verb]
    known = {"verb", *(name for name, _, _ in fields)}
    extra = sorted(set(data) - known)
    if extra:
        raise InputError(
            say("{verb}: unexpected {fields}", verb=verb, fields=", ".join(extra)), field=extra[0]
        )
    values: dict[str, Any] = {}
    read = Reader(item=verb, form=IS_NOT)
    for name, kind, required in fields:
        if name not in data:
            if required:
                raise InputError(say("{verb} needs {field}", verb=verb, field=name), field=name)
            continue
        value = data[name]
        if kind is int:
            values[name] = read.whole_number(value, name)
        elif kind is str:
            values[name] = read.text(value, name, "text").strip().lower()
        else:
            values[name] = read.flag(value, name)
    action: Action = ACTIONS[verb](**values)
    return action


def from_words(words: Sequence[str]) -> Action:
    """An action stored as a word list by saves written before the typed actions (migration).

    The words are those the old journal recorded (already checked when they were played):
    ``recruit SLOT [COST]``, ``recruit-top [CARD]``, ``debate SLOT``, ``unite ALLIANCE
    [banker]``, ``corrupt ALLIANCE``, ``use perceptive ALLIANCE [CARD]``, ``use CARD
    [replay]``. InputError if they are not such a list.
    """
    w = [str(x).strip().lower() for x in words]
    verb, rest = (w[0], w[1:]) if w else ("", [])
    try:
        if verb == "recruit" and len(rest) in (1, 2):
            return Recruit(parse_int(rest[0]), parse_int(rest[1]) if len(rest) > 1 else None)
        if verb == "recruit-top" and len(rest) <= 1:
            return RecruitTop(rest[0] if rest else None)
        if verb == "debate" and len(rest) == 1:
            return Debate(parse_int(rest[0]))
        if verb == "unite" and len(rest) in (1, 2) and rest[1:] in ([], ["banker"]):
            return Unite(rest[0], banker=bool(rest[1:]))
        if verb == "corrupt" and len(rest) == 1:
            return Corrupt(rest[0])
        if verb == "use" and rest[:1] == ["perceptive"] and len(rest) in (2, 3):
            return Perceptive(rest[1], rest[2] if len(rest) > 2 else None)
        if verb == "use" and len(rest) in (1, 2) and rest[1:] in ([], ["replay"]):
            return Use(rest[0], replay=bool(rest[1:]))
    except InputError:
        pass
    raise InputError(
        say("{words} is not an action of an older save", words=repr(" ".join(w))), field="action"
    )
