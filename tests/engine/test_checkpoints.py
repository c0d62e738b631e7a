"""Replay checkpoints (``companion.core.checkpoints``): a long game replays from the nearest
kept state, and nothing a checkpoint holds is trusted over the journal: a stale, damaged,
foreign or hostile checkpoint is ignored, never fatal."""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
from pathlib import Path
from typing import Any

import pytest
from euphoria_helpers import play_turn

from companion.core import checkpoints, session
from companion.core.checkpoints import Prefixes
from companion.core.journal import Journal
from companion.core.questions import Question
from companion.euphoria import game
from companion.euphoria.cards import DEFAULT_DECK
from companion.euphoria.state import GameOptions
from companion.paths import bundled_deck

EVERY = 4
TURNS = 11


def first_choice(question: Question) -> str:
    """An answer that fits ``question``: none ticked, the lowest number, the first choice."""
    if question.kind == "many":
        return ""
    if question.kind == "number":
        return str(question.minimum or 0)
    if question.kind == "yes_no":
        return "no"
    return question.choices[0]


@pytest.fixture(autouse=True)
def often(monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkpoint every ``EVERY`` events, and no state left from another test."""
    monkeypatch.setattr(checkpoints, "EVERY", EVERY)
    session.clear_cache()


@pytest.fixture
def journal() -> Journal:
    """A Euphoria game of ``TURNS`` Automa turns."""
    played = game.new_game(GameOptions(humans=2), seed=5)
    for _turn in range(TURNS):
        play_turn(played, first_choice)
    return played


def files() -> list[Path]:
    """The checkpoint files kept now."""
    folder = checkpoints.folder()
    return sorted(p for p in folder.iterdir() if p.name != checkpoints.KEY_FILE)


def fresh(journal: Journal) -> Any:
    """The state of ``journal`` replayed from nothing: no cache, no checkpoint."""
    session.clear_cache()
    state = game.RULES.start(journal)
    for index, event in enumerate(journal.events, 1):
        state = game.RULES.apply(state, event, index)[0]
    session.clear_cache()
    return state


def no_set_up(*_args: Any) -> Any:
    raise AssertionError("replayed from the set-up")


def test_a_replay_keeps_a_checkpoint_every_so_many_events_and_starts_from_the_last(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """11 events, a checkpoint every 4: two kept (after events 4 and 8); a new replay
    starts from event 8's (the set-up is not replayed) and gives the same state."""
    expected = fresh(journal)
    game.replay(journal)
    assert len(files()) == TURNS // EVERY
    session.clear_cache()
    k, _state = checkpoints.restore(game.RULES, journal, Prefixes(journal), TURNS)
    assert k == 8
    monkeypatch.setattr(game.EuphoriaRules, "start", no_set_up)
    assert game.replay(journal) == expected
    assert game.replay(journal).to_json() == expected.to_json()


def test_undo_past_a_checkpoint_starts_from_the_one_below(journal: Journal) -> None:
    """Undo 5 of 11: the journal's 6 events start from the checkpoint after event 4."""
    game.replay(journal)
    session.undo(journal, 5)
    session.clear_cache()
    k, _state = checkpoints.restore(game.RULES, journal, Prefixes(journal), 6)
    assert k == 4
    assert game.replay(journal) == fresh(journal)


def test_a_journal_changed_before_a_checkpoint_never_finds_it(journal: Journal) -> None:
    """An event changed (a hand-edited save, another game): the checkpoints of the old
    journal are not found, and the replay is of the journal as it is."""
    game.replay(journal)
    session.clear_cache()
    edited = Journal(journal.game, journal.seed, dict(journal.options), list(journal.events))
    edited.events[1] = {"kind": "activation", "faction": "icarus"}
    assert checkpoints.restore(game.RULES, edited, Prefixes(edited), TURNS) == (0, None)
    assert game.replay(edited) == fresh(edited)
    other = Journal(journal.game, journal.seed + 1, dict(journal.options), list(journal.events))
    assert checkpoints.restore(game.RULES, other, Prefixes(other), TURNS) == (0, None)


def damage(path: Path) -> None:
    """Flip one bit of the state ``path`` holds (its signature no longer fits)."""
    data = bytearray(path.read_bytes())
    data[-10] ^= 1
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    "spoil",
    [
        damage,
        lambda path: path.write_bytes(b""),
        lambda path: path.write_bytes(checkpoints.MAGIC + b"x" * 40),
        lambda path: path.write_bytes(os.urandom(5000)),
        lambda path: path.unlink() or path.mkdir(),
    ],
    ids=["one-bit", "empty", "short", "noise", "a-folder"],
)
def test_a_damaged_checkpoint_is_ignored(
    journal: Journal, spoil: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Every kept checkpoint damaged: the replay starts from the set-up, with the state
    the journal gives, and nothing is raised."""
    expected = fresh(journal)
    game.replay(journal)
    for path in files():
        spoil(path)
    session.clear_cache()
    assert checkpoints.restore(game.RULES, journal, Prefixes(journal), TURNS) == (0, None)
    assert game.replay(journal) == expected


def test_a_checkpoint_of_other_code_or_another_deck_file_is_not_used(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkpoint made by another version of the app (another code fingerprint) is never
    looked at."""
    game.replay(journal)
    session.clear_cache()
    monkeypatch.setattr(checkpoints, "_code", lambda: b"another version")
    assert checkpoints.restore(game.RULES, journal, Prefixes(journal), TURNS) == (0, None)


def test_a_game_with_its_own_deck_file_checkpoints_that_file_as_it_was(tmp_path: Path) -> None:
    """The deck file a game names is part of its checkpoints: when it changes, they are not
    used."""
    deck = tmp_path / "deck.toml"
    deck.write_bytes(bundled_deck(DEFAULT_DECK).read_bytes())
    journal = game.new_game(GameOptions(humans=2, deck=str(deck)), seed=5)
    for _turn in range(EVERY + 1):
        play_turn(journal, first_choice)
    game.replay(journal)
    session.clear_cache()
    assert checkpoints.restore(game.RULES, journal, Prefixes(journal), EVERY + 1)[0] == EVERY
    os.utime(deck, ns=(1, 1))
    assert checkpoints.restore(game.RULES, journal, Prefixes(journal), EVERY + 1) == (0, None)


class Boom:
    """What a hostile pickle would make run: a call of a function of the standard library."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (os.system, ("echo hostile",))


def test_a_hostile_checkpoint_signed_with_the_key_still_makes_no_function_run(
    journal: Journal, caplog: pytest.LogCaptureFixture
) -> None:
    """Even a checkpoint signed with this cache's key (the key leaked) makes only classes
    of the game: one that asks for ``os.system`` is refused, logged and ignored."""
    expected = fresh(journal)
    game.replay(journal)
    key = (checkpoints.folder() / checkpoints.KEY_FILE).read_bytes()
    code = checkpoints.fingerprint(game.RULES, journal)
    body = pickle.dumps(Boom())
    for path in files():
        signature = checkpoints._signature(key, code, path.name, body)
        path.write_bytes(checkpoints.MAGIC + signature + body)
    session.clear_cache()
    assert game.replay(journal) == expected
    assert "not a class of the game: posix.system" in caplog.text


def test_an_unsigned_checkpoint_is_never_unpickled(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkpoint without this cache's signature is not even read as a pickle."""
    game.replay(journal)
    for path in files():
        path.write_bytes(checkpoints.MAGIC + b"\0" * 32 + pickle.dumps(Boom()))
    monkeypatch.setattr(checkpoints, "_Unpickler", no_set_up)
    session.clear_cache()
    assert checkpoints.restore(game.RULES, journal, Prefixes(journal), TURNS) == (0, None)


def test_a_cache_that_cannot_be_written_costs_time_only(
    journal: Journal, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache folder is a file, or its key is the wrong size: replays work, nothing is
    kept or used."""
    expected = fresh(journal)
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("x")
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(in_the_way))
    assert game.replay(journal) == expected
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path / "short-key"))
    (tmp_path / "short-key" / checkpoints.FOLDER).mkdir(parents=True)
    (checkpoints.folder() / checkpoints.KEY_FILE).write_bytes(b"short")
    session.clear_cache()
    assert game.replay(journal) == expected
    assert checkpoints.restore(game.RULES, journal, Prefixes(journal), TURNS) == (0, None)


def test_the_key_is_the_users_alone(journal: Journal) -> None:
    """The signing key is made readable by its owner only."""
    game.replay(journal)
    mode = (checkpoints.folder() / checkpoints.KEY_FILE).stat().st_mode
    assert mode & 0o077 == 0


def test_a_mapping_view_comes_back_as_one() -> None:
    """A read-only view (a deck file's cards) pickles as a view of a copy."""
    from types import MappingProxyType

    out = io.BytesIO()
    checkpoints._Pickler(out).dump({"cards": MappingProxyType({"a": 1})})
    back = checkpoints._Unpickler(out.getvalue(), frozenset({"builtins"})).load()
    assert isinstance(back["cards"], MappingProxyType) and back["cards"] == {"a": 1}


def test_the_digest_of_a_journal_follows_its_events(journal: Journal) -> None:
    """The links a journal keeps are of its very events: an event put in another's place,
    a step undone and another played, give another digest (and the same events in another
    journal the same one)."""
    before = Prefixes(journal).digest(TURNS)
    assert Prefixes(journal).digest(TURNS) == before
    copy = Journal(journal.game, journal.seed, dict(journal.options), list(journal.events))
    assert Prefixes(copy).digest(TURNS) == before
    journal.events[2] = {"kind": "activation", "faction": "icarus"}
    assert Prefixes(journal).digest(TURNS) != before
    journal.events[2] = copy.events[2]
    assert Prefixes(journal).digest(TURNS) == before
    assert Prefixes(journal).digest(TURNS - 1) != before


def _plain_digest(prefixes: Prefixes, n: int) -> str:
    """``digest(n)`` as one JSON text of ``[n, tail]``, nothing remembered (how it was made
    before each event's text was kept)."""
    whole = n // prefixes.every
    tail = prefixes.events[whole * prefixes.every : n]
    text = json.dumps([n, tail], sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(prefixes.links[whole] + text.encode()).hexdigest()


def test_a_digest_encodes_an_event_once_and_an_event_changed_in_place_again(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second digest of the same events (the next replay, the record of a step) makes no
    event's JSON again; an event changed in place is encoded anew, its digest another."""
    monkeypatch.setattr(checkpoints, "_KEPT", {}, raising=False)  # nothing kept yet
    before = Prefixes(journal).digest(TURNS)
    encoded: list[Any] = []
    plain = checkpoints._json

    def counted(value: Any) -> bytes:
        encoded.append(value)
        return plain(value)

    again = Prefixes(journal)
    monkeypatch.setattr(checkpoints, "_json", counted)
    assert again.digest(TURNS) == before
    assert encoded == []
    event = journal.events[TURNS - 2]
    event["answers"] = {**event.get("answers", {}), "changed": "here"}
    monkeypatch.setattr(checkpoints, "_json", plain)
    changed = Prefixes(journal)
    monkeypatch.setattr(checkpoints, "_json", counted)
    assert changed.digest(TURNS) != before
    assert encoded == [event]
    assert changed.digest(TURNS) == _plain_digest(changed, TURNS)


class _Named:
    """A value no JSON holds: its text is written (``default=str``)."""

    def __str__(self) -> str:
        return "named"


# Events with what JSON writes in its own way: floats (nan, infinities, -0.0, 1.0 beside 1),
# True beside 1, tuples, bytes and objects (their text), keys that are numbers, text
# beyond ASCII, nesting, an empty event; each an equal copy of another (its own objects).
_ODD_EVENTS: list[dict[str, Any]] = [
    {"kind": "turn", "answers": {"b": "é ⚑", "a": "1"}},
    {"kind": "x", "n": [1, 1.0, True, None, -0.0, float("nan"), float("inf"), -float("inf")]},
    {"kind": "y", "t": (1, "2"), "b": b"\x00\xff", "o": _Named(), "k": {3: "three", 1: "one"}},
    {"kind": "z", "deep": {"a": [{"b": [[], {}]}]}, "big": 10**30},
    {},
]


def test_a_digest_is_the_json_of_its_tail_whatever_the_events_hold() -> None:
    """Each event's JSON kept and joined gives the digest of the tail's one JSON text, for
    any value an event may hold, the same event twice and equal events of other objects;
    the set-up's link is its one JSON text's, made again or kept."""
    copies = [dict(event) for event in _ODD_EVENTS]
    options = {"humans": 2, "recruits": ("icarus", "wastelands"), "odd": _ODD_EVENTS[1]}
    journal = Journal("euphoria", 1, options, [*_ODD_EVENTS, *_ODD_EVENTS[:2], *copies])
    prefixes = Prefixes(journal, every=4)
    head = json.dumps(["euphoria", 1, options], sort_keys=True, default=str, separators=(",", ":"))
    assert prefixes.links[0] == hashlib.sha256(head.encode()).digest()
    assert Prefixes(journal, every=4).links == prefixes.links
    for n in range(len(journal.events) + 1):
        assert prefixes.digest(n) == _plain_digest(prefixes, n)
        assert prefixes.digest(n) == _plain_digest(prefixes, n)
