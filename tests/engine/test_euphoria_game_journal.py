"""A game as a journal: long scripted games, undo/redo, saves that survive crashes and
refuse to be overwritten when damaged (design "Event-sourced")."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import session
from companion.core.catalog import PSEUDO, set_language
from companion.core.errors import CompanionError, SaveError
from companion.core.journal import Journal
from companion.core.questions import NeedAnswers, Question
from companion.core.saves import resolve_save_path, write_save
from companion.euphoria import event_types, game, journal_text
from companion.euphoria.board import SINGLE_OCCUPANCY, SITES
from companion.euphoria.state import TOKENS, WORKERS, GameOptions
from companion.euphoria.words import render


def answer(q: Question, rng: random.Random) -> str:
    if q.kind == "yes_no":
        return rng.choice(["yes", "no", "no", "no"])
    if q.kind == "many":
        return ",".join(c for c in q.choices if rng.random() < 0.25)
    if q.kind == "number":
        return str(rng.randint(q.minimum, q.maximum))
    return rng.choice(q.choices)


def turn_answering(journal: Journal, rng: random.Random):
    answers: dict[str, str] = {}
    for _ in range(10):
        try:
            return game.run_turn(journal, answers)
        except NeedAnswers as need:
            answers.update({q.id: answer(q, rng) for q in need.questions})
    raise AssertionError("a turn kept asking")


def human_event(journal: Journal, rng: random.Random) -> None:
    """A random plausible human event (some are refused: that must change nothing)."""
    state = game.replay(journal)
    kind = rng.choice(["bump", "site-add", "site-remove", "market-built", "activation", "sites"])
    fields: dict = {}
    if kind == "bump":
        targets = [
            (a, w.space)
            for a in ("black", "white")
            for w in state.automas[a].placed
            if w.space in SINGLE_OCCUPANCY
            and not (w.space in SITES and not state.sites[w.space].built)
        ]
        if not targets:
            return
        fields["automa"], fields["space"] = rng.choice(targets)
    elif kind in ("site-add", "site-remove", "market-built"):
        fields["site"] = rng.choice(SITES)
    elif kind == "activation":
        fields["faction"] = rng.choice(["euphoria", "wastelands", "subterra", "icarus"])
    else:
        fields["workers"] = {rng.choice(SITES): rng.randint(0, 1)}
    before = list(journal.events)
    answers = {}
    if state.options.physical_dice:
        answers = {f"event.roll.{n}": str(rng.randint(1, 6)) for n in range(1, 9)}
    try:
        game.apply_event(journal, kind, answers, **fields)
    except CompanionError:
        assert journal.events == before


def check_invariants(state) -> None:
    for name, automa in state.automas.items():
        assert automa.workers() == WORKERS, name
        assert automa.tokens_left + len(automa.tokens) == TOKENS
        assert automa.tokens_left >= 0
        assert all(1 <= k <= 6 for k in automa.available + automa.penalty_card)
        assert all(k == 6 for k in automa.penalty_card)
        assert automa.penalty_side == bool(state.penalizing(name)) or state.winner
    for site in SITES:
        if not state.sites[site].built:
            assert state.site_workers(site) < (2 if state.players == 3 else 3)


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {"recruits": ("icarus", "euphoria")}),
        (2, {"humans": 2, "difficulty": "expert"}),
        (3, {"recruits": ("factionless", "subterra"), "physical_dice": True}),
        (4, {"humans": 2, "physical_deck": True, "difficulty": "i-want-to-cry"}),
        (5, {"solo_variant": True, "base_game": True, "difficulty": "beginner"}),
    ],
)
def test_scripted_game_keeps_invariants(seed, options):
    """A scripted game of 50+ Automa turns with human events (bumps, site adds, markets built)
    never crashes and keeps the invariants: 4 workers per Automa, tokens left + placed = 10,
    the penalty side iff a penalizing market ("Penalizing Market"), no over-full site."""
    rng = random.Random(seed)
    if options.get("physical_dice"):
        options["setup_answers"] = tuple(
            (f"{a}.worker.{n}", str(rng.randint(1, 6)))
            for a in ("black", "white")
            for n in range(1, 5)
        )
    journal = game.new_game(GameOptions(**options), seed=seed)
    for _ in range(200):
        state = game.replay(journal)
        if state.turn >= 55:
            break
        if state.over:
            journal.undo()  # keep playing: take back the winning turn, play differently
            rng.random()
            game.apply_event(journal, "correct", automa=state.winner, tokens_left=5)
            continue
        report = turn_answering(journal, rng)
        check_invariants(report.state)
        for _ in range(rng.randint(0, 2)):
            human_event(journal, rng)
        check_invariants(game.replay(journal))
    assert game.replay(journal).turn >= 50
    assert journal_text.journal_lines(journal) == replayed_lines(journal)[0]


def replayed_lines(journal: Journal, languages: tuple[str, ...] = ("en",)) -> list[list[dict]]:
    """The journal's lines as the whole game's replay says them, in each of ``languages``: a
    turn by the first thing it announced, a human event by its description (what
    `journal_lines` gives without playing the Automas' moves). One replay for all of them."""
    state, heads = game.RULES.start(journal), []
    for index, event in enumerate(journal.events, 1):
        state, said = game.RULES.apply(state, event, index)
        heads.append(said[0] if event["kind"] == "turn" else None)
    out = []
    for language in languages:
        set_language(language)
        try:
            out.append(
                [
                    {
                        "index": index,
                        "revision": journal.revision_of(index),
                        "line": render(head, "log") if head else journal_text.describe_event(event),
                    }
                    for index, (event, head) in enumerate(
                        zip(journal.events, heads, strict=True), 1
                    )
                ]
            )
        finally:
            set_language(None)
    return out


FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EUPHORIA_SAVES = sorted(
    path for path in FIXTURES.rglob("*.toml") if 'game = "euphoria"' in path.read_text()
)


@pytest.mark.parametrize("path", EUPHORIA_SAVES, ids=lambda path: path.stem)
def test_the_journal_lines_are_the_replays_without_replaying(path):
    """Every Euphoria save of the fixtures (seeded and physical cards, rebuilt decks, every
    human event): the journal's lines, made from the Automa deck's draws alone, are those of
    the whole game's replay, word for word, in English and in the pseudo-locale."""
    journal = session.load_game(path, game.GAME)
    assert sum(event["kind"] == "turn" for event in journal.events) >= 3
    languages = ("en", PSEUDO)
    for language, replayed in zip(languages, replayed_lines(journal, languages), strict=True):
        set_language(language)
        try:
            assert journal_text.journal_lines(journal) == replayed, language
        finally:
            set_language(None)


def test_undo_then_redo_gives_the_same_state_at_every_step():
    """Design "Event-sourced": undo is dropping the last event and replaying; redo brings it
    back; the state after undo+redo equals the original at every step."""
    rng = random.Random(9)
    journal = game.new_game(GameOptions(humans=2), seed=9)
    snapshots = [game.replay(journal).to_json()]
    for _ in range(25):
        turn_answering(journal, rng)
        human_event(journal, rng)
        while len(snapshots) < len(journal.events) + 1:
            snapshots.append(None)
        snapshots[len(journal.events)] = game.replay(journal).to_json()
        del snapshots[len(journal.events) + 1 :]
    # Fill the gaps (two events per loop) by replaying prefixes.
    for n in range(len(journal.events) + 1):
        prefix = Journal(
            game="euphoria", seed=9, options=journal.options, events=journal.events[:n]
        )
        snapshots[n] = game.replay(prefix).to_json()
    total = len(journal.events)
    for n in range(total, 0, -1):
        session.undo(journal)
        assert game.replay(journal).to_json() == snapshots[n - 1]
        session.redo(journal)
        assert game.replay(journal).to_json() == snapshots[n]
        session.undo(journal)
    session.redo(journal, total)
    assert game.replay(journal).to_json() == snapshots[total]
    with pytest.raises(CompanionError, match="to redo"):
        session.redo(journal)
    with pytest.raises(CompanionError, match="to undo"):
        session.undo(journal, total + 1)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(["turn", "undo", "redo"]), max_size=30), st.integers(0, 1000))
def test_undo_redo_any_sequence(ops, seed):
    """Any sequence of turns, undos and redos replays to the state of its events."""
    rng = random.Random(seed)
    journal = game.new_game(GameOptions(humans=2, report_tracks=True), seed=seed)
    for op in ops:
        if op == "turn" and not game.replay(journal).over:
            turn_answering(journal, rng)
        elif op == "undo" and journal.can_undo():
            session.undo(journal)
        elif op == "redo" and journal.can_redo():
            session.redo(journal)
    again = Journal(
        game="euphoria", seed=seed, options=journal.options, events=list(journal.events)
    )
    session.clear_cache()
    assert game.replay(again).to_json() == game.replay(journal).to_json()


# --- save files ----------------------------------------------------------------------------


def test_save_round_trip_and_summary(tmp_path):
    """The save holds the journal; loading replays it to the same state."""
    rng = random.Random(1)
    journal = game.new_game(GameOptions(recruits=("icarus", "euphoria")), seed=1)
    for _ in range(5):
        turn_answering(journal, rng)
    path = tmp_path / "g.toml"
    session.save_game(path, journal)
    back = session.load_game(path, game.GAME)
    assert back.summary.startswith("turn 5 · tokens left: black ")
    assert game.replay(back).to_json() == game.replay(journal).to_json()


def test_resolve_save_path(tmp_path):
    """A bare name goes to the data directory; a path (slash or .toml) is used as it is."""
    assert resolve_save_path("evening") == tmp_path / "data" / "evening.toml"
    assert str(resolve_save_path("x/y")) == "x/y"
    assert str(resolve_save_path("y.toml")) == "y.toml"


def test_exception_during_write_leaves_the_old_save(tmp_path, monkeypatch):
    """Saves are atomic: a failure while writing leaves the previous save loadable."""
    journal = game.new_game(GameOptions(humans=2), seed=2)
    path = tmp_path / "g.toml"
    session.save_game(path, journal)
    before = path.read_text()

    def boom(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(SaveError, match="cannot be written: disk full; the save is intact"):
        session.save_game(path, journal)
    assert path.read_text() == before
    session.load_game(path, game.GAME)
    assert [p.name for p in tmp_path.iterdir()] == ["g.toml"]


# The kill during a save is tested deterministically in tests/cli/test_session.py
# (test_a_killed_write_leaves_old_or_new_and_the_next_write_cleans_up).


def test_damaged_and_foreign_saves_name_the_file(tmp_path):
    """A damaged or foreign save gives an error naming the file; it is not touched."""
    damaged = tmp_path / "damaged.toml"
    damaged.write_text("format = [")
    foreign = tmp_path / "foreign.toml"
    write_save(foreign, Journal(game="ephios-solo", seed=1, options={}))
    for path, message in ((damaged, "damaged save"), (foreign, "not euphoria")):
        text = path.read_text()
        with pytest.raises(SaveError) as info:
            session.load_game(path, game.GAME)
        assert str(path) in str(info.value) and message in str(info.value)
        assert path.read_text() == text


def test_event_failing_on_replay_names_the_event(tmp_path):
    """An event that cannot be replayed: the error names the file and the event number."""
    journal = game.new_game(GameOptions(humans=2), seed=2)
    game.apply_event(journal, "activation", faction="icarus")
    journal.events.append({"kind": "bump", "automa": "black", "space": "icarus.sky_lounge"})
    path = tmp_path / "bad.toml"
    write_save(path, journal)
    text = path.read_text()
    with pytest.raises(SaveError) as info:
        session.load_game(path, game.GAME)
    assert str(path) in str(info.value) and "event #2 (bump)" in str(info.value)
    assert path.read_text() == text


def test_bad_options_in_a_save_name_the_file(tmp_path):
    """A save whose options cannot set up a game is refused, naming the file and option."""
    journal = game.new_game(GameOptions(humans=2), seed=2)
    journal.options["difficulty"] = "impossible"
    path = tmp_path / "bad.toml"
    write_save(path, journal)
    with pytest.raises(SaveError, match=r"bad\.toml: set-up cannot be replayed: difficulty"):
        session.load_game(path, game.GAME)


# --- saves holding every kind of human event ---------------------------------------------

SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
EVENT_SAVES = ["euphoria", "euphoria-events", "euphoria-events-physical"]


@pytest.mark.parametrize("name", EVENT_SAVES)
def test_saves_of_every_event_kind_replay_to_the_same_state(name):
    """A save written before the typed events (every human event kind, with and without their
    optional fields, physical dice answers) loads and replays to the state it was saved
    with; each human event says what it said then (ids, data and English)."""
    journal = session.load_game(SAVES / f"{name}.toml", game.GAME)
    expected = json.loads((SAVES / f"{name}.json").read_text())
    replayed = game.replay(journal)
    state = replayed.to_json()
    # The same deck, card for card (the JSON the player sees holds its counts only).
    state["deck"] |= replayed.deck.unseen()
    for key, value in expected.items():
        assert state[key] == value, key
    said_file = SAVES / f"{name}.said.json"
    if not said_file.exists():
        return
    said = json.loads(said_file.read_text())
    kinds = {event["kind"] for event in journal.events} - {"turn"}
    if name != "euphoria":
        assert kinds == set(game.EVENT_KINDS)
    state_now = game.RULES.start(journal)
    told_now = []
    for index, event in enumerate(journal.events, 1):
        state_now, told = game.RULES.apply(state_now, event, index)
        if event["kind"] != "turn":
            told_now.append(
                {"event": index, "kind": event["kind"], "said": [a.to_json() for a in told]}
            )
    assert told_now == said


@pytest.mark.parametrize("name", EVENT_SAVES)
def test_saved_events_read_back_as_typed_events_and_are_written_as_they_were(name):
    """Every human event of an old save reads as its typed event (at the journal boundary)
    and is written back as the very table it was stored as (answers kept beside it)."""
    journal = session.load_game(SAVES / f"{name}.toml", game.GAME)
    human = [event for event in journal.events if event["kind"] != "turn"]
    assert human
    for event in human:
        typed = event_types.from_dict(event)
        assert type(typed).kind == event["kind"]
        stored = {k: v for k, v in event.items() if k != "answers"}
        assert event_types.to_dict(typed) == stored
        assert list(event_types.to_dict(typed)) == list(stored)  # the same order of keys


# What the human events themselves say (the tokens, markets and re-rolls they cause are
# said by the table's effects).
EVENT_WHATS = {"site.humans_added", "site.humans_removed", "sites.known", "noted", "corrected"}


@pytest.mark.parametrize("name", ["euphoria-events", "euphoria-events-physical"])
def test_every_event_speaks_through_the_catalog(name):
    """In the pseudo-locale every word a human event says, its description in the move log
    and the undo lines are the catalog's (inside ⟦ ⟧), with the same data as in English."""
    journal = session.load_game(SAVES / f"{name}.toml", game.GAME)
    english = json.loads((SAVES / f"{name}.said.json").read_text())
    set_language(PSEUDO)
    try:
        state = game.RULES.start(journal)
        said = []
        for index, event in enumerate(journal.events, 1):
            state, told = game.RULES.apply(state, event, index)
            if event["kind"] == "turn":
                continue
            said.append(told)
            assert journal_text.describe_event(event).startswith("⟦")
            for item in told:
                if item.what in EVENT_WHATS:
                    assert item.text.startswith("⟦") and item.text.endswith("⟧"), item.text
                    assert not item.why or item.why.startswith("⟦"), item.why
        undo = journal_text.undo_lines(journal, 12)
        assert undo and all(line.text.startswith("⟦") for line in undo)
    finally:
        set_language(None)
    # The same announcements as in English: every key but the words.
    words = ("text", "why")
    data = [[{k: v for k, v in a.to_json().items() if k not in words} for a in t] for t in said]
    assert data == [
        [{k: v for k, v in a.items() if k not in words} for a in e["said"]] for e in english
    ]
