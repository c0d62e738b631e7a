"""Each game's copy of its state (``rules.clone``: the session's cache, every step's work
copy) is exact and independent, over random games: equal to a copy made by another route
(:func:`walked`: every list, dict and dataclass rebuilt, field by field), of the same
types, and sharing no mutable part with the state it was made from. The Ephios states copy their own
fields (``__deepcopy__``) rather than let ``copy.deepcopy`` walk them item by item."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import answer, new_game

from companion.core import registry, table
from companion.core.copies import same_fields
from companion.core.errors import CompanionError
from companion.core.questions import NeedAnswers

GAMES = tuple(game.id for game in registry.table_games())
STEPS = 14
MUTABLE = (list, dict, set, bytearray)
# What a game's copy shares on purpose: the Euphoria deck's piles (each pile's card ids),
# made at the set-up and never changed in place (``DeckState.clone``).
SHARED = {"state.deck.piles"}


def states(game: str, seed: int) -> Iterator[Any]:
    """The states of a game of ``game`` played by random legal steps, its set-up first."""
    rng = random.Random(seed)
    obj = registry.table(game)
    assert obj is not None, game
    journal = new_game(obj, rng)
    yield table.view(obj, journal).state
    for _step in range(STEPS):
        actions = table.view(obj, journal).actions
        if not actions:
            return
        action = rng.choice(actions)
        answers: dict[str, str] = {}
        for _question in range(40):
            try:
                yield table.act(obj, journal, action.id, answers).state
                break
            except NeedAnswers as need:
                answers.update({q.id: answer(q, rng) for q in need.questions})
            except CompanionError:
                break


def _immutable(value: Any) -> bool:
    """A frozen dataclass or a read-only mapping: shared by a copy by design (an alliance,
    the deck file), never changed in place."""
    if isinstance(value, MappingProxyType):
        return True
    params = getattr(type(value), "__dataclass_params__", None)
    return params is not None and params.frozen


def mutable_parts(value: Any, found: dict[int, tuple[str, Any]], where: str = "state") -> None:
    """Every mutable object reachable from ``value`` (lists, dicts, sets, dataclass
    instances that are not frozen) into ``found``: by id, where it is and the object. A
    part a game's copy shares by design (``SHARED``) is left out."""
    if _immutable(value) or where in SHARED:
        return
    if isinstance(value, MUTABLE) or dataclasses.is_dataclass(value):
        if id(value) in found:
            return
        found[id(value)] = (where, value)
    if isinstance(value, dict):
        for key, inner in value.items():
            mutable_parts(inner, found, f"{where}[{key!r}]")
    elif isinstance(value, list | tuple | set):
        for n, inner in enumerate(value):
            mutable_parts(inner, found, f"{where}[{n}]")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            mutable_parts(getattr(value, f.name), found, f"{where}.{f.name}")


def parts(value: Any) -> dict[int, tuple[str, Any]]:
    """:func:`mutable_parts` of ``value``."""
    found: dict[int, tuple[str, Any]] = {}
    mutable_parts(value, found)
    return found


def same_types(one: Any, other: Any, where: str = "state") -> None:
    """``one`` and ``other`` are built of the same types, field by field and item by item."""
    assert type(one) is type(other), where
    if isinstance(one, dict):
        assert list(one) == list(other), where
        for key in one:
            same_types(one[key], other[key], f"{where}[{key!r}]")
    elif isinstance(one, list | tuple):
        for n, (a, b) in enumerate(zip(one, other, strict=True)):
            same_types(a, b, f"{where}[{n}]")
    elif dataclasses.is_dataclass(one) and not _immutable(one):
        for f in dataclasses.fields(one):
            same_types(getattr(one, f.name), getattr(other, f.name), f"{where}.{f.name}")


def walked(value: Any) -> Any:
    """A deep copy of ``value`` made the long way: each list, tuple, set and dict (of its own
    type) and each dataclass that is not frozen rebuilt, its items and fields walked;
    frozen dataclasses and read-only mappings kept (as every game's copy keeps them)."""
    if _immutable(value):
        return value
    if isinstance(value, dict):
        return type(value)({key: walked(inner) for key, inner in value.items()})
    if isinstance(value, list | tuple | set):
        return type(value)(walked(inner) for inner in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        new = copy.copy(value)
        for f in dataclasses.fields(value):
            object.__setattr__(new, f.name, walked(getattr(value, f.name)))
        return new
    return value


def check_copy(rules: Any, state: Any) -> None:
    """``rules.clone(state)`` is exact and shares nothing mutable with ``state``."""
    before = repr(state)
    copied = rules.clone(state)
    other = walked(state)
    assert copied == other == state and repr(copied) == repr(other) == before
    same_types(copied, other)
    mine = parts(copied)
    shared = parts(state).keys() & mine.keys()
    assert not shared, sorted(mine[i][0] for i in shared)
    for _where, part in mine.values():  # emptying each list, dict and set of the copy...
        if isinstance(part, MUTABLE):
            part.clear()
    assert repr(state) == before  # ...leaves the state as it was


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_a_states_copy_is_exact_and_shares_nothing_mutable(game: str, seed: int) -> None:
    rules = registry.rules(game)
    count = 0
    for state in states(game, seed):
        check_copy(rules, state)
        count += 1
    assert count >= 1


def test_the_check_finds_a_shared_part() -> None:
    """A copy that shares a list with its state, or drops a field's value, is caught."""

    @dataclasses.dataclass
    class Small:
        items: list[str]
        count: int = 0

    class Shallow:
        def clone(self, state: Small) -> Small:
            return dataclasses.replace(state)

    class Forgetful:
        def clone(self, state: Small) -> Small:
            return Small(list(state.items))

    with pytest.raises(AssertionError):
        check_copy(Shallow(), Small(["a"], 2))
    with pytest.raises(AssertionError):
        check_copy(Forgetful(), Small(["a"], 2))


# The field types of the Ephios table games' states: immutable, or a container the state's
# ``__deepcopy__`` copies (a new field of another type must be added there first).
IMMUTABLE_FIELDS = {"str", "int", "bool", "str | None"}
FILLED = {
    "list[str]": ["Zed"],
    "dict[str, int]": {"Zed": 1},
    "dict[str, bool]": {"Zed": True},
    "list[tuple[str, str, int]]": [("Zed", "cult", 2)],
}


def _filled(state: Any) -> Any:
    """``state`` with an item added to each of its containers (a random game of a few steps
    leaves some empty: no round won yet, no page read), the round's too."""
    kinds = {f.name: str(f.type) for f in dataclasses.fields(state)}
    changes: dict[str, Any] = {}
    for name, kind in kinds.items():
        value = getattr(state, name)
        if kind in FILLED:
            item = FILLED[kind]
            changes[name] = value + item if isinstance(value, list) else {**value, **item}
        elif kind == "quick.QuickState":
            changes[name] = _filled(value)
        elif kind not in IMMUTABLE_FIELDS and name != "alliances":
            raise AssertionError(f"{type(state).__name__}.{name}: {kind} is not copied")
    return dataclasses.replace(state, **changes)


@pytest.mark.parametrize("game", ["ephios-quick", "ephios-campaign"])
def test_every_container_of_an_ephios_table_state_is_copied(game: str) -> None:
    rules = registry.rules(game)
    state = _filled(next(states(game, 3)))
    assert all(value for value in vars(state).values() if isinstance(value, list | dict))
    check_copy(rules, state)


def test_same_fields_is_a_new_object_holding_the_same_attributes() -> None:
    """``same_fields``: the class and every attribute (defaults and set ones alike), the
    very same objects inside; an attribute set on the copy leaves the original."""

    @dataclasses.dataclass
    class Thing:
        items: list[str]
        count: int = 0

    thing = Thing(["a"], 2)
    thing.extra = "set later"  # type: ignore[attr-defined]
    new = same_fields(thing)
    assert type(new) is Thing and new is not thing and new == thing
    assert new.items is thing.items and new.extra == "set later"  # type: ignore[attr-defined]
    new.count = 5
    assert thing.count == 2
