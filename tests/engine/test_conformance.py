"""Every registered game, and the test-only toy game, through the same checks of the game
protocol (``companion.core.game``): a new game from its set-up, random legal steps with
their questions answered (a refused step changes nothing), undo and redo, save and load,
the outcome's shape, every word rendered in ``en`` and ``en_XA``, every label in the
catalog. A new game passes these before any screen of it is written."""

from __future__ import annotations

import copy
import marshal
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fixtures import toy_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import answer, new_game

from companion.core import checkpoints, registry, session, table
from companion.core.catalog import set_language
from companion.core.checkpoints import Prefixes
from companion.core.errors import CompanionError, SaveError, SaveExists
from companion.core.game import Stepped, TableGame
from companion.core.journal import Journal
from companion.core.outcome import RESULTS
from companion.core.questions import NeedAnswers

POT = Path(__file__).resolve().parents[2] / "companion" / "locale" / "companion.pot"
TOY = toy_game.GAME
GAMES = (*(game.id for game in registry.table_games()), TOY)
STEPS = 10


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy game is registered for these tests only (it has no entry point)."""
    toy_game.register()
    yield
    registry.unregister(TOY)
    set_language(None)


def game_object(game: str) -> TableGame[Any]:
    """The game object registered as ``game``."""
    found = registry.table(game)
    assert found is not None, game
    return found


def snapshot(journal: Journal) -> tuple[Any, ...]:
    """What a refused step must leave as it was: the events and the redo list as marshal
    writes them (version 0: each value with its exact type, in order; no interning marks),
    a deep copy only where marshal cannot write them (before every try of every step: a
    deep copy of the whole journal was a tenth of this suite's CPU)."""
    kept = (journal.events, journal.redo_stack)
    try:
        return (marshal.dumps(kept, 0), journal.summary)
    except ValueError:
        return (copy.deepcopy(kept), journal.summary)


def play_one(game: TableGame[Any], journal: Journal, rng: random.Random) -> Stepped[Any] | None:
    """One random legal step (its questions answered at random), or None when the game is
    over; every refused try leaves the journal as it was."""
    for _try in range(40):
        actions = table.view(game, journal).actions
        if not actions:
            return None
        main = [a for a in actions if a.main]
        action = main[0] if main and rng.random() < 0.6 else rng.choice(actions)
        answers: dict[str, str] = {}
        for _question in range(40):
            before = snapshot(journal)
            try:
                return table.act(game, journal, action.id, answers)
            except NeedAnswers as need:
                # A question asked again is the engine refusing an answer that does not fit
                # with another (a physical card that cannot follow the support card): a
                # new answer is given, as the player would.
                assert snapshot(journal) == before
                answers.update({q.id: answer(q, rng) for q in need.questions})
            except CompanionError:
                assert snapshot(journal) == before
                break
    return None


def seen(game: TableGame[Any], journal: Journal) -> dict[str, Any]:
    """What a table shows of the game of ``journal``, as data."""
    view = table.view(game, journal)
    return {
        "status": view.status.to_json(),
        "actions": [a.id for a in view.actions],
        "summary": game.rules.summary(view.state),
    }


def played(game: str, seed: int) -> tuple[TableGame[Any], Journal, list[Stepped[Any]]]:
    """A game of ``game`` played for up to ``STEPS`` random steps."""
    rng = random.Random(seed)
    obj = game_object(game)
    journal = new_game(obj, rng)
    steps = []
    for _n in range(STEPS):
        step = play_one(obj, journal, rng)
        if step is None:
            break
        steps.append(step)
    return obj, journal, steps


SEEDS = settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.mark.parametrize("game", GAMES)
@SEEDS
@given(seed=st.integers(0, 10**6))
def test_random_steps_replay_to_what_each_step_showed(game: str, seed: int) -> None:
    """A step's result is what the game is: the journal replayed from nothing (no cache)
    shows the same status, actions and summary as the last step's own state."""
    obj, journal, steps = played(game, seed)
    assert journal.events == [s.event for s in steps]
    shown = seen(obj, journal)
    if steps:
        assert obj.status(steps[-1].state).to_json() == shown["status"]
    session.clear_cache()
    assert seen(obj, journal) == shown


@pytest.mark.parametrize("game", GAMES)
@SEEDS
@given(seed=st.integers(0, 10**6), back=st.integers(1, 4))
def test_undo_then_redo_comes_back_to_the_same_game(game: str, seed: int, back: int) -> None:
    """Undo ``back`` steps then redo them: the same events and the same table."""
    obj, journal, steps = played(game, seed)
    back = min(back, len(steps))
    if not back:
        return
    shown, events = seen(obj, journal), copy.deepcopy(journal.events)
    session.undo(journal, back)
    assert len(journal.events) == len(events) - back
    session.redo(journal, back)
    assert journal.events == events
    assert seen(obj, journal) == shown


@pytest.mark.parametrize("game", GAMES)
def test_a_game_replayed_from_its_checkpoints_shows_the_same(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a checkpoint every 2 events, a fresh replay starts from the last one (the
    set-up is never replayed) and shows what the game showed; undo and redo too."""
    monkeypatch.setattr(checkpoints, "EVERY", 2)
    obj, journal, _steps = next(
        found for seed in range(40) if len((found := played(game, seed))[2]) >= 4
    )
    shown = seen(obj, journal)
    session.clear_cache()
    session.replay(obj.rules, journal)  # every second state kept
    session.clear_cache()
    k, state = checkpoints.restore(obj.rules, journal, Prefixes(journal), len(journal.events))
    assert k == len(journal.events) // 2 * 2 and state is not None
    monkeypatch.setattr(type(obj.rules), "start", _no_set_up)
    assert seen(obj, journal) == shown
    events = copy.deepcopy(journal.events)
    session.undo(journal, 3)
    session.redo(journal, 3)
    session.clear_cache()
    assert journal.events == events
    assert seen(obj, journal) == shown


def _no_set_up(*_args: Any) -> Any:
    raise AssertionError("replayed from the set-up: a checkpoint was there")


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_game_loads_and_replays_the_same(game: str, tmp_path: Path) -> None:
    """Save, then load in a fresh cache: the same events, status and outcome."""
    obj, journal, _steps = played(game, 7)
    path = tmp_path / "game.toml"
    session.create(obj.rules, path, journal)
    shown, outcome = seen(obj, journal), obj.outcome(journal).to_json()
    session.clear_cache()
    loaded = session.load(registry.rules(game), path)
    assert loaded.events == journal.events
    assert seen(obj, loaded) == shown
    assert obj.outcome(loaded).to_json() == outcome


@pytest.mark.parametrize("game", GAMES)
def test_any_game_is_created_loaded_edited_and_saved_by_its_id(game: str, tmp_path: Path) -> None:
    """The session core's file API by game id, the same for every game (no game has one of
    its own): a new save is not replaced without force; read back as it was written; a step
    taken back inside ``editing_game`` is written as the next revision; a stale journal, a
    save read as another game, an unknown game are refused and the file stays as it is."""
    _obj, journal, steps = played(game, 5)
    path = tmp_path / "game.toml"
    session.create_game(path, journal)
    with pytest.raises(SaveExists):
        session.create_game(path, journal)
    loaded = session.load_game(path, game)
    assert (loaded.events, loaded.revision) == (journal.events, journal.revision)
    with session.editing_game(path, game, loaded.revision) as editing:
        if steps:
            session.undo(editing)
    again = session.load_game(path, game)
    assert again.revision == loaded.revision + 1
    assert len(again.events) == len(journal.events) - (1 if steps else 0)
    written = path.read_bytes()
    with pytest.raises(session.StaleRevision):
        session.save_game(path, loaded)
    with pytest.raises(SaveError, match=game):
        session.load_game(path, next(other for other in GAMES if other != game))
    with pytest.raises(registry.UnknownGame):
        session.load_game(path, "no-such-game")
    assert path.read_bytes() == written


@pytest.mark.parametrize("game", GAMES)
def test_the_outcome_has_the_shape_the_history_records(game: str) -> None:
    """``outcome`` names its game; a result only once ended, and one of won / lost."""
    obj, journal, _steps = played(game, 11)
    outcome = obj.outcome(journal)
    assert outcome.game == game
    assert outcome.result in (None, *RESULTS)
    assert (outcome.result is not None) == outcome.ended
    assert outcome.turns >= 0
    assert registry.outcome(journal).to_json() == outcome.to_json()


PSEUDO = re.compile("⟦")


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_a_game_is_rendered_in_en_and_en_xa(game: str) -> None:
    """The same game played in ``en`` and in ``en_XA``: the same events; every
    announcement, status line and action label of the pseudo-locale game came through the
    catalog (⟦ ⟧), and the English ones are not empty."""
    set_language("en")
    _obj, english, steps = played(game, 5)
    assert all(a.text for s in steps for a in s.announcements)
    set_language("en_XA")
    session.clear_cache()
    obj, pseudo, pseudo_steps = played(game, 5)
    assert pseudo.events == english.events
    for step in pseudo_steps:
        for said in step.announcements:
            assert PSEUDO.search(said.text), said
    view = table.view(obj, pseudo)
    assert all(PSEUDO.search(line) for line in view.status.lines())
    assert all(PSEUDO.search(a.shown_label()) for a in view.actions)
    for event in pseudo.events:
        assert PSEUDO.search(obj.describe(event)), event


@pytest.mark.parametrize("game", [g.id for g in registry.table_games()])
def test_every_action_label_is_in_the_catalog(game: str) -> None:
    """Each action's label is a message of the catalog template (it can be translated)."""
    obj = game_object(game)
    _obj, journal, _steps = played(game, 3)
    template = POT.read_text(encoding="utf-8")
    labels = {a.label for a in table.view(obj, journal).actions}
    for label in labels:
        assert f'msgid "{label}"' in template, label


def test_the_toy_game_is_one_object_under_150_lines() -> None:
    """The toy game is what a new game weighs: one module, its rules and its object, no
    screen and no command of its own."""
    source = Path(toy_game.__file__).read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 150
    assert "textual" not in source and "click" not in source
