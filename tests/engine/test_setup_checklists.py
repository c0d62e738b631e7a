"""Every new-game entry is set up from the protocol: a game object's set-up plan (or a
set-up with no game after it), then the physical set-up as checklist items, data only."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fixtures import toy_game

from companion.core import registry, session, table
from companion.core.catalog import set_language
from companion.core.game import checklist
from companion.core.plans import run_plan
from companion.ephios import campaign, quick, solo
from companion.euphoria import game as euphoria
from companion.euphoria.checklist import multiplayer_checklist
from companion.euphoria.multiplayer import MULTIPLAYER

# A new game of each with every set-up answer it has no default for.
ANSWERS = {
    "euphoria": {
        "humans": "1",
        "recruit_set": "expansion",
        "recruit1_active": "icarus",
        "recruit1_other": "euphoria",
        "level": "expert",
        "dice": "app",
        "deck": "bundled",
        "sites": "ask",
        "solo_variant": "no",
        "faction_draw": "app",
    },
    "ephios-solo": {
        "difficulty": "normal",
        "reveal-1": "cult",
        "reveal-2": "order",
        "reveal-3": "academy",
        "reveal-4": "company",
    },
    "ephios-quick": {"players": "Ann, Bob, Cy", "first": "Bob"},
    "ephios-campaign": {"players": "Ann, Bob", "first": "Ann"},
}
# How each engine gives the physical set-up of a game's state, as it always has.
ENGINE_STEPS = {
    "euphoria": lambda state: [i.announcement() for i in euphoria.checklist(state)],
    "ephios-solo": solo.setup_steps,
    "ephios-quick": quick.setup_steps,
    "ephios-campaign": campaign.setup_steps,
}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English and leaves the language to the environment again."""
    set_language("en")
    yield
    set_language(None)


@pytest.mark.parametrize("game", sorted(ANSWERS))
def test_a_new_games_checklist_is_its_engines_set_up(game: str) -> None:
    """The game object's checklist of a new game is what its engine always listed, every
    item with words; in en_XA every word comes through the catalog."""
    obj = registry.table(game)
    assert obj is not None
    journal = table.begin(obj, ANSWERS[game], seed=7)
    items = table.setup_list(obj, journal)
    assert items and all(item.text.strip() for item in items)
    assert list(items) == list(ENGINE_STEPS[game](session.replay(obj.rules, journal)))
    set_language("en_XA")
    pseudo = table.setup_list(obj, table.begin(obj, ANSWERS[game], seed=7))
    assert len(pseudo) == len(items)
    assert all(re.search("⟦", item.text) for item in pseudo)


def test_a_game_object_without_a_checklist_has_none() -> None:
    """The toy game has no physical set-up: its game opens at once."""
    toy_game.register()
    try:
        obj = registry.table(toy_game.GAME)
        assert obj is not None
        assert checklist(obj, None) == ()
    finally:
        registry.unregister(toy_game.GAME)


def test_the_set_up_without_automas_is_a_plan_and_its_checklist() -> None:
    """Part 1, "Set Up Changes": the players and the set, then each active recruit (skippable),
    then the same checklist the command line prints."""
    given = {"players": "3", "recruits": "expansion"}
    given |= {"active-1": "icarus", "active-2": "icarus", "active-3": "euphoria"}
    report = run_plan(MULTIPLAYER.setup, given)
    assert report is not None and report.kind == "checklist"
    items = MULTIPLAYER.checklist(report.fields)
    expected = multiplayer_checklist(3, False, ("icarus", "icarus", "euphoria"))
    assert [i.text for i in items] == ["\n".join((e.title, *e.lines)) for e in expected]
    assert [i.why for i in items] == [e.why for e in expected]
    skipped = run_plan(MULTIPLAYER.setup, given | {"active-2": "skip"})
    assert skipped is not None and skipped.fields["actives"] == ()


def test_every_new_game_entry_is_set_up_from_the_protocol() -> None:
    """No new-game entry names a screen of its own: each is a game with a game object or
    a set-up with no game after it."""
    for entry in registry.new_games():
        assert entry.screen == "", entry.id
        if entry.setup is None:
            assert registry.table(entry.id) is not None, entry.id
        else:
            assert registry.load(entry.setup).id == entry.id
