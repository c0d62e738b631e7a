"""Physical cards and dice at one key per fact, measured on the engine."""

from __future__ import annotations

import random

import pytest
from euphoria_helpers import play_turn

from companion.core.questions import NeedAnswers, Question
from companion.euphoria import game
from companion.euphoria.automa_checklist import deal_lines
from companion.euphoria.cards import load_deck
from companion.euphoria.state import GameOptions

CARDS = load_deck()
# The tests that read the turn screen's widgets (and so import Textual) run on one worker:
# a fast lane's other worker never imports it.
TUI = pytest.mark.xdist_group("tui")


def keys_to_answer(question: Question, answer: str) -> int:
    """The keys the turn screen takes to give ``answer``, with no navigation: a card is
    named by typing its printed id (`S`, `7`; Enter after it only where a longer id begins
    with it: S1 beside S10), a die face by its digit."""
    # The turn screen's own widgets (Textual), imported by the one test that asks them
    # (TUI, below): the rest of the engine tier runs without Textual.
    from companion.tui.games.cardpair import card_question
    from companion.tui.widgets.choices import typed_choice

    if question.kind == "one":
        shown = card_question(question, CARDS.cards)
        assert answer in shown.keys  # every candidate is keyed by its printed id
        return len(answer) + (0 if typed_choice(shown, answer) is not None else 1)
    assert question.kind == "number"
    assert question.minimum is not None and question.maximum is not None
    assert question.maximum - question.minimum < 9  # one digit
    return 1


@TUI
def test_thirty_physical_turns_cost_one_key_plus_the_card_plus_the_dice():
    """Target (the floor): one key per Automa turn, one answer per card drawn and one per
    die rolled (sites reported), none of them a navigation. A die is one key; a card's
    answer is its printed id typed (2 or 3 keys, stable from turn to turn, where its list
    key was 1 but changed every turn): at most 4 keys per card (S1 + Enter beside S10)."""
    options = GameOptions(
        recruits=("icarus", "euphoria"),
        physical_deck=True,
        physical_dice=True,
        report_sites=True,
        difficulty="expert",
    )
    setup = {f"{a}.worker.{n}": "3" for a in ("black", "white") for n in range(1, 5)}
    journal = game.new_game(options, seed=5, answers=setup)
    rng = random.Random(5)
    worst = 0.0
    typed = []  # the keys of each card answer
    for _turn in range(30):
        answers: dict[str, str] = {}
        keys = 1  # Enter
        given = 1  # answers (Enter counts as the turn's)
        for _round in range(10):
            try:
                report = game.run_turn(journal, answers)
                break
            except NeedAnswers as need:
                asked = need.questions
                cards = [q for q in asked if q.id.startswith("deck.")]
                if cards:
                    # The app asks the support card first, then the action card among the
                    # cards that can follow it (the table screen's step).
                    asked = cards[:1]
                for question in asked:
                    assert question.id.startswith("deck.") or ".roll." in question.id, question
                    if question.kind == "one":
                        assert question.labels and len(question.labels) == len(question.choices)
                        answers[question.id] = rng.choice(question.choices)
                        typed.append(keys_to_answer(question, answers[question.id]))
                        keys += typed[-1]
                    else:
                        answers[question.id] = str(rng.randint(1, 6))
                        keys += keys_to_answer(question, answers[question.id])
                    given += 1
        else:
            raise AssertionError("the turn kept asking")
        cards = sum(1 for qid in answers if qid.startswith("deck."))
        dice = sum(len(a.dice) for a in report.announcements)
        assert cards <= (2 if report.rebuilt or report.turn == 1 else 1)
        assert given <= 1 + cards + dice, (report.turn, answers)
        worst = max(worst, keys - dice)
    assert max(typed) <= 4 and sum(typed) / len(typed) <= 3, typed
    assert worst <= 1 + 2 * 4  # Enter and two cards (a rebuild) of at most 4 keys each


def test_the_set_up_says_which_piles_and_how_many_cards_never_which():
    """Rulebook "Set Up the Decks": shuffle each pile, deal the level's cards from it."""
    level = CARDS.levels["intermediate"]
    lines = deal_lines(level, CARDS.piles)
    text = " ".join(lines)
    assert lines[0].startswith("Shuffle each of these Automa piles")
    assert "Automa deck: deal" in text and "Add-in deck 1: deal" in text
    ids = [c for c in CARDS.cards]
    assert not any(f" {c}," in text or f" {c}." in text for c in ids)


def test_app_drawn_decks_are_never_shown_in_advance():
    journal = game.new_game(GameOptions(recruits=("icarus", "euphoria")), seed=5)
    state = game.replay(journal)
    deck_item = next(i for i in game.checklist(state) if i.what == "decks")
    text = " ".join(deck_item.lines)
    upcoming = state.deck.draw[:3]
    assert not any(card in text.split() or f"{card}," in text for card in upcoming)
    assert f"First support card: {state.deck.support}." in text


def test_a_card_question_shows_the_half_read_now():
    journal = game.new_game(
        GameOptions(recruits=("icarus", "euphoria"), physical_deck=True), seed=5
    )
    try:
        game.run_turn(journal)
    except NeedAnswers as need:
        question = need.questions[0]
    assert question.id == "deck.support"
    label = question.labels[question.choices.index("S1")]
    assert label.startswith("camping · black automa · white icarus") and label.endswith("S1")


def test_a_turn_asks_in_at_most_two_rounds_with_physical_dice():
    """A CLI `turn` asks all its questions in at most two rounds: black's
    dice come with white's questions (the app's cards, the sites asked)."""
    options = GameOptions(recruits=("icarus", "euphoria"), physical_dice=True)
    setup = {f"{a}.worker.{n}": "3" for a in ("black", "white") for n in range(1, 5)}
    journal = game.new_game(options, seed=8, answers=setup)
    rng = random.Random(8)

    def answer(q: Question) -> str:
        if q.kind == "number":
            return str(rng.randint(q.minimum or 1, q.maximum or 1))
        if q.kind == "many":
            return ""
        if q.kind == "yes_no":
            return "no"
        return q.choices[0]

    most = max(play_turn(journal, answer)[1] for _turn in range(30))
    assert most <= 2


def test_a_rebuild_says_what_to_gather_and_which_add_in_deck_before_asking():
    """Part 2, "Draw an Automa Card" step 2 with printed cards: the question that asks the
    new support card first tells the player to gather the cards of the pass-through and
    the next add-in deck and shuffle them (never which cards); once every add-in deck is
    used it says none is left."""
    options = GameOptions(recruits=("icarus", "euphoria"), physical_deck=True)
    journal = game.new_game(options, seed=3)
    rng = random.Random(3)
    told = []

    def answer(question: Question) -> str:
        if question.id == "deck.support" and "rebuild" in question.text:
            told.append(question.text)
        return rng.choice(question.choices or ("1",))

    while len(told) < 3:
        play_turn(journal, answer)
    assert "Gather every Automa card of this pass-through" in told[0]
    assert "add-in deck 1" in told[0] and "shuffle" in told[0]
    assert "add-in deck 2" in told[1]
    assert "no add-in deck is left" in told[2]
    assert not any(card in text for text in told for card in CARDS.cards)


def test_a_rebuild_asks_both_cards_at_once_and_again_a_pair_that_cannot_be():
    """("Draw an Automa Card"): the first turn asks the support card and the
    action card in one round (the action card among every card that can come); an action
    card that cannot come with the support card named is asked again, nothing changed."""
    journal = game.new_game(
        GameOptions(recruits=("icarus", "euphoria"), physical_deck=True, report_sites=True),
        seed=5,
    )
    try:
        game.run_turn(journal)
    except NeedAnswers as need:
        asked = {q.id: q for q in need.questions}
    assert set(asked) == {"deck.support", "deck.action"}
    support = asked["deck.support"].choices[0]
    assert support in asked["deck.action"].choices
    try:
        game.run_turn(journal, {"deck.support": support, "deck.action": support})
    except NeedAnswers as need:
        (again,) = need.questions
    assert again.id == "deck.action" and support not in again.choices
    assert again.text.startswith(f"{support} cannot be the action card")
    assert not journal.events
    report = game.run_turn(journal, {"deck.support": support, "deck.action": again.choices[0]})
    assert (report.support, report.action) == (support, again.choices[0])
