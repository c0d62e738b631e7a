"""Every word of the Euphoria Automa engine comes through the catalog.

In the pseudo-locale (``en_XA``) each message is wrapped in ⟦ ⟧: an announcement, a
question, a label, a decision's why or a set-up checklist line that does not start and end
so holds English that escaped the catalog. Ids (cards, spaces) may stand inside a message,
never outside one.
"""

from __future__ import annotations

import random

import pytest

from companion.core import catalog
from companion.core.questions import Question
from companion.euphoria import game
from companion.euphoria.board import SPACES, space_name
from companion.euphoria.checklist import multiplayer_checklist
from companion.euphoria.decide import decide
from companion.euphoria.state import GameOptions
from companion.euphoria.turn import situation_for
from tests.euphoria_helpers import play_turn


@pytest.fixture
def pseudo():
    """The pseudo-locale for one test."""
    catalog.set_language(catalog.PSEUDO)
    yield
    catalog.set_language(None)


def wrapped(text: str) -> bool:
    """Whether ``text`` is one message of the catalog (or nothing at all)."""
    return not text or (text.startswith("⟦") and text.endswith("⟧"))


def check_question(question: Question) -> None:
    assert wrapped(question.text), question.text
    for label in question.labels:
        # A card's label ends with its id, after the words ("⟦...⟧ — S3").
        words = label.rsplit(" — ", 1)[0]
        assert wrapped(words), label


@pytest.mark.parametrize(
    "options",
    [
        GameOptions(recruits=("icarus", "euphoria")),
        GameOptions(recruits=("icarus", "euphoria"), physical_dice=True, physical_deck=True),
        GameOptions(humans=2, recruits=("subterra", "wastelands"), difficulty="expert"),
    ],
    ids=["app", "physical", "two-humans"],
)
def test_turns_and_checklist_speak_only_through_the_catalog(pseudo, options):
    """Twelve Automa turns with every question answered at random, and the set-up checklist:
    every text the engine gives the player is a catalog message."""
    # The starting workers' dice (physical dice) are asked by the game's set-up.
    rolled = {f"{a}.worker.{n}": str(n) for a in ("black", "white") for n in range(1, 5)}
    journal = game.new_game(options, seed=11, answers=rolled if options.physical_dice else None)
    for item in game.checklist(game.replay(journal)):
        assert all(wrapped(t) for t in (item.title, *item.lines, item.why)), item
    rng = random.Random(5)

    def answer(question: Question) -> str:
        check_question(question)
        if question.kind == "number":
            return str(rng.randint(question.minimum or 1, question.maximum or 1))
        if question.kind == "yes_no":
            return rng.choice(("yes", "no"))
        if question.kind == "many":
            return ",".join(c for c in question.choices if rng.random() < 0.3)
        return rng.choice([c for c in question.choices if c not in question.disabled])

    for _turn in range(12):
        report, _rounds = play_turn(journal, answer)
        for said in report.announcements:
            assert wrapped(said.text) and wrapped(said.why), said
            assert said.what  # every announcement keeps its id
        state = report.state
        if state.winner:
            break


def test_a_decision_says_every_step_through_the_catalog(pseudo):
    """Each line of a decision's why is a catalog message, with its rule id beside it."""
    journal = game.new_game(GameOptions(recruits=("icarus", "euphoria")), seed=3)
    state = game.replay(journal)
    cards = state.cards.cards
    for action in cards.values():
        for support in cards.values():
            for automa in ("black", "white"):
                d = decide(situation_for(state, automa, action, support))
                assert all(wrapped(line) for line in d.why), d.why
                assert len(d.rules) == len(d.why) and all(d.rules)


def test_board_names_and_multiplayer_checklist(pseudo):
    assert all(wrapped(space_name(s)) for s in SPACES)
    for players in range(2, 7):
        for item in multiplayer_checklist(players):
            assert all(wrapped(t) for t in (item.title, *item.lines, item.why)), item


def test_english_is_the_message_itself():
    """In English the catalog gives the messages as written (the CLI's and screens' words)."""
    assert space_name("subterra.lower") == "the lower Subterran market"
    assert space_name("wastelands.commodity") == "the Wastelander commodity area (Farm (food))"


def test_a_space_is_named_in_the_language_of_the_moment(monkeypatch):
    """A space's name, made once a language, is each time the one of the language read
    then: English, the pseudo-locale, a block's language, and English again."""
    space = "subterra.lower"
    assert space_name(space) == "the lower Subterran market"
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    pseudo_name = space_name(space)
    assert wrapped(pseudo_name) and "Subterran" not in pseudo_name
    with catalog.one_language():
        monkeypatch.setenv("COMPANION_LANG", "en")
        assert space_name(space) == pseudo_name
    assert space_name(space) == "the lower Subterran market"
