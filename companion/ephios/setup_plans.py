"""The set-up of an Ephios game, as questions.

Solo (Solo Mode > Setup): the difficulty, where your popularity marker starts, then the
4 cards revealed into the crossroads, slot 1 (left) first, each among the cards still in
the draw pile. Quick game and campaign: the players' names (2 to 4, in seating order,
typed) and who plays first. Each is a question plan (:mod:`companion.core.plans`)
reporting the new game's arguments; the shells draw the questions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core.catalog import _, say
from companion.core.plans import Ask, Next, Report
from companion.core.questions import NeedAnswers, Question
from companion.ephios import quick, solo
from companion.ephios.card_labels import card_label
from companion.ephios.cards import load_deck
from companion.ephios.plot import CROSSROADS_SIZE


def difficulty_question() -> Question:
    """Which difficulty: each with the popularity it starts at (Solo Mode > Setup)."""
    return Question(
        "difficulty",
        _("Difficulty: where does your popularity marker start?"),
        "one",
        tuple(solo.DIFFICULTIES),
        labels=tuple(
            say("{name} — {start}%", name=solo.difficulty_text(name), start=start)
            for name, start in solo.DIFFICULTIES.items()
        ),
    )


def reveals_of(answers: Mapping[str, str]) -> dict[str, str]:
    """The crossroads cards answered so far (``reveal-1``...), as the new game takes them."""
    return {k: v for k, v in answers.items() if k.startswith("reveal-")}


def crossroads_question(answers: Mapping[str, str]) -> Question | None:
    """The next crossroads slot to fill at set-up, among the cards the deck still holds;
    None when the 4 are known."""
    reveals = reveals_of(answers)
    try:
        solo.setup_questions(reveals)
    except NeedAnswers as need:
        asked = need.questions[0]
        slot = next(n for n in range(1, CROSSROADS_SIZE + 1) if f"reveal-{n}" not in reveals)
        text = say("Crossroads slot {slot} (1 = left): which card?", slot=slot)
        if slot == 1:  # the first card: how the crossroads is dealt, said once
            text = (
                say(
                    "Shuffle the {n} personalities (the inhabitants stay in the box) and "
                    "reveal {size} cards in a row.",
                    n=sum(load_deck().personalities().values()),
                    size=CROSSROADS_SIZE,
                )
                + "\n"
                + text
            )
        # Each card by its printed name, and always by the same key (its place in the deck's
        # order, the 10th is 0) while the cards still possible come and go.
        order = load_deck().card_order()
        return Question(
            f"reveal-{slot}",
            text,
            asked.kind,
            asked.choices,
            labels=tuple(card_label(c) for c in asked.choices),
            keys=tuple(str((order.index(c) + 1) % 10) for c in asked.choices),
        )
    return None


def solo_setup_plan(_state: None, answers: Mapping[str, str]) -> Next:
    """A new solo game: the difficulty, then the crossroads cards. Reports ``new`` with the
    ``difficulty`` and the ``reveals`` for :func:`companion.ephios.solo.new_game`."""
    if "difficulty" not in answers:
        return Ask.one(difficulty_question())
    question = crossroads_question(answers)
    if question is not None:
        return Ask.one(question)
    return Report("new", {"difficulty": answers["difficulty"], "reveals": reveals_of(answers)})


def first_player_question(names: Sequence[str]) -> Question:
    """Who plays first, among the players in seating order (each with their seat)."""
    return Question(
        "first",
        _("Who plays first?"),
        "one",
        tuple(names),
        labels=tuple(say("{name} (seat {n})", name=name, n=n) for n, name in enumerate(names, 1)),
    )


def players_plan(names: Sequence[str], answers: Mapping[str, str]) -> Next:
    """A new quick game or campaign with the players ``names`` (typed, checked here: 2 to 4,
    distinct; InputError otherwise): who plays first. Reports ``new`` with the ``players``
    and the ``first``."""
    players = quick.check_players(list(names))
    if "first" not in answers:
        return Ask.one(first_player_question(players))
    return Report("new", {"players": players, "first": answers["first"]})
