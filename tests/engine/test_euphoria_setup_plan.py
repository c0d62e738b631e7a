"""The set-up of an Automa game as questions: humans, recruits, table, faction cards.

Rulebook, Automa Set Up: "The Automas take the place of human players and contribute to
the player count. Therefore, you must do the setup as a 3- or 4-player game" (1 or 2
humans beside the 2 Automas). Factionless Recruits: "If you select a factionless recruit
during setup, it must be your active recruit" (offered for the active recruit of the
expansion only). Optional Solo Variant: a solo game only. Automa Faction Selection: the
card drawn at the table can only be a faction the procedure can give; the last card left
is not asked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.plans import Ask, Report, run_plan
from companion.euphoria.board import AREAS, AUTOMAS, RECRUIT_FACTIONS
from companion.euphoria.setup_plan import (
    HUMANS,
    all_questions,
    next_question,
    options_from_answers,
    seed_from_answers,
    setup_plan,
)

SOLO = {
    "humans": "1",
    "recruit_set": "expansion",
    "recruit1_active": "icarus",
    "recruit1_other": "euphoria",
    "level": "expert",
    "dice": "app",
    "deck": "bundled",
    "sites": "ask",
    "solo_variant": "no",
}


def question(answers, qid):
    """The step ``qid`` for the answers so far."""
    return next(q for q in all_questions(answers) if q.id == qid)


def test_one_or_two_humans_beside_the_two_automas_make_3_or_4_players():
    assert HUMANS == (1, 2) and len(AUTOMAS) == 2
    assert question({}, "humans").choices == ("1", "2")


def test_factionless_is_only_an_active_recruit_of_the_expansion():
    assert question({"humans": "1"}, "recruit1_active").choices == RECRUIT_FACTIONS
    assert question({"humans": "1"}, "recruit1_other").choices == AREAS
    base = {"humans": "1", "recruit_set": "base"}
    assert question(base, "recruit1_active").choices == AREAS


def test_two_humans_give_each_one_active_recruit_and_no_solo_variant():
    ids = [q.id for q in all_questions({"humans": "2"})]
    assert "recruit1_active" in ids and "recruit2_active" in ids
    assert "recruit1_other" not in ids and "solo_variant" not in ids
    assert "solo_variant" in [q.id for q in all_questions({"humans": "1"})]


def test_the_table_faction_cards_offer_only_what_the_selection_can_give():
    answers = {**SOLO, "faction_draw": "table"}
    # Solo, no variant: black differs from both recruits (Icarus, Euphoria).
    black = next_question(answers)
    assert black is not None and black.id == "black_faction"
    assert set(black.choices) == {"wastelands", "subterra"}
    # Then white differs from black's too: one card left, not asked.
    assert next_question({**answers, "black_faction": "subterra"}) is None
    options = options_from_answers({**answers, "black_faction": "subterra"})
    assert options["factions"] == ["subterra", "wastelands"]


def test_the_plan_reports_the_new_games_options():
    step = setup_plan(None, {})
    assert isinstance(step, Ask) and step.questions[0].id == "humans"
    report = run_plan(lambda given: setup_plan(None, given), {**SOLO, "faction_draw": "app"})
    assert isinstance(report, Report) and report.kind == "new"
    options = report.fields["options"]
    assert (options["humans"], options["recruits"], options["factions"]) == (
        1,
        ["icarus", "euphoria"],
        [],
    )


def test_the_level_is_named_by_the_deck():
    from companion.euphoria.cards import load_deck
    from companion.euphoria.setup_plan import level_title

    levels = load_deck().levels
    assert all(level_title(i) == levels[i].title() for i in levels)
    assert level_title("no-such-level") == "no-such-level"


def test_the_difficultys_choices_are_the_levels_in_the_language_of_the_moment(monkeypatch):
    """The levels' labels (each step asks them again, made once a language) are the deck's
    levels named and composed in the language the step is asked in, and a caller's
    changes to them reach no later step."""
    from companion.euphoria.cards import load_deck
    from companion.euphoria.setup_plan import level_labels

    levels = load_deck().levels

    def made_now() -> dict[str, str]:
        return {i: f"{levels[i].title()} — {levels[i].composition()}" for i in level_labels()}

    english = level_labels()
    assert set(english) == set(levels) and english == made_now()
    assert all("⟦" not in label for label in english.values())
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    pseudo = level_labels()
    assert pseudo == made_now() and all(label.startswith("⟦") for label in pseudo.values())
    pseudo.clear()
    assert level_labels() == made_now()
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert level_labels() == english


def test_the_physical_cards_step_names_a_card_by_its_printed_id(monkeypatch):
    """The cards step's "physical" choice goes through the catalog as one message whose
    examples are data (kept as printed in every language): printed ids the turn asks a
    physical card by (the first support card's choices in such a game)."""
    from babel.messages.pofile import read_po

    import companion.euphoria.setup_plan as plan
    from companion.core.catalog import say
    from companion.core.questions import NeedAnswers
    from companion.euphoria import game
    from companion.euphoria.state import GameOptions

    said: list[tuple[str, dict[str, object]]] = []

    def recording(message, /, **data):
        said.append((message, data))
        return say(message, **data)

    monkeypatch.setattr(plan, "say", recording)
    step = question(SOLO, "deck")
    label = dict(zip(step.choices, step.labels, strict=True))["physical"]
    message, data = next((m, d) for m, d in said if say(m, **d) == label)
    template = Path(plan.__file__).parents[1] / "locale" / "companion.pot"
    with template.open("rb") as pot:
        assert message in read_po(pot)
    assert set(data) == {"examples"} and "{examples}" in message
    examples = str(data["examples"]).split(", ")
    assert examples == list(plan.PRINTED_IDS)
    assert options_from_answers({**SOLO, "deck": "physical"})["physical_deck"] is True
    options = GameOptions(
        recruits=("icarus", "euphoria"), physical_deck=True, difficulty="expert"
    )  # Expert: a deck with B cards
    journal = game.new_game(options, 5)
    with pytest.raises(NeedAnswers) as need:
        game.run_turn(journal)
    asked = need.value.questions[0]
    assert asked.id == "deck.support" and set(examples) <= set(asked.choices)  # card ids


def test_the_sites_step_names_the_report_a_touch_screen_taps_not_its_key(monkeypatch):
    """On a touch screen (``COMPANION_TOUCH=1``) the "I report every worker" choice names
    the Site report of the menu; with keys it names its key, c."""
    from companion.core.catalog import TOUCH_ENV

    def report_label() -> str:
        step = question(SOLO, "sites")
        return dict(zip(step.choices, step.labels, strict=True))["report"]

    monkeypatch.delenv(TOUCH_ENV, raising=False)
    assert "(key c)" in report_label()
    monkeypatch.setenv(TOUCH_ENV, "1")
    assert "key" not in report_label() and "(Site, in the menu)" in report_label()


def test_steps_depend_on_the_number_of_humans():
    """Solo: two recruits and the solo variant; 2 humans: each one's active recruit and no
    variant; the faction cards drawn at the table asked last (no seed question); the six
    levels with their decks; no factionless recruit in the base game."""
    solo = [q.id for q in all_questions({"humans": "1"})]
    assert solo == [
        "humans",
        "recruit_set",
        "recruit1_active",
        "recruit1_other",
        "level",
        "dice",
        "deck",
        "sites",
        "solo_variant",
        "faction_draw",
    ]
    table = [q.id for q in all_questions({"humans": "2", "faction_draw": "table"})]
    assert table[-1] == "black_faction" and "seed" not in table
    table = [
        q.id
        for q in all_questions({"humans": "2", "faction_draw": "table", "black_faction": "icarus"})
    ]
    assert table[-2:] == ["black_faction", "white_faction"]
    duo = [q.id for q in all_questions({"humans": "2"})]
    assert "recruit2_active" in duo and "recruit1_other" not in duo
    assert "solo_variant" not in duo
    level = question({}, "level")
    assert level.choices == (
        "beginner",
        "intermediate",
        "experienced",
        "veteran",
        "expert",
        "i-want-to-cry",
    )
    assert "deck: 6 green" in level.labels[1]
    assert "factionless" not in question({"recruit_set": "base"}, "recruit1_active").choices
    assert next_question({"humans": "2", "recruit_set": "base"}).id == "recruit1_active"


def test_options_match_the_engine_fields():
    """The answers become the fields of GameOptions; no seed asked means a random one."""
    answers = {
        "humans": "2",
        "recruit_set": "base",
        "recruit1_active": "icarus",
        "recruit2_active": "subterra",
        "level": "veteran",
        "dice": "physical",
        "deck": "bundled",
        "sites": "report",
        "faction_draw": "app",
    }
    assert options_from_answers(answers) == {
        "humans": 2,
        "difficulty": "veteran",
        "recruits": ["icarus", "subterra"],
        "solo_variant": False,
        "base_game": True,
        "physical_dice": True,
        "physical_deck": False,
        "report_sites": True,
        "factions": [],
    }
    assert seed_from_answers(answers) is None
    assert seed_from_answers({"seed": "17"}) == 17


def test_factions_drawn_at_the_table_offer_only_what_the_draw_can_give():
    """Part 2, "Automa Faction Selection" 2a/2b: with 1 human, black's card differs from
    both the human's recruits and white's also from black's, so the set-up offers only
    those (and asks nothing when one card is left); with 2 humans any card, but white's
    is another card than black's (3); the solo variant draws without regard."""
    solo = {"humans": "1", "recruit1_active": "icarus", "recruit1_other": "euphoria"}
    solo |= {"solo_variant": "no", "faction_draw": "table"}
    assert question(solo, "black_faction").choices == ("wastelands", "subterra")
    chosen = solo | {"black_faction": "subterra"}
    assert next_question(chosen) is None or next_question(chosen).id != "white_faction"
    assert "white_faction" not in [q.id for q in all_questions(chosen)]
    assert options_from_answers(
        chosen
        | {
            "humans": "1",
            "recruit_set": "expansion",
            "level": "expert",
            "dice": "app",
            "deck": "bundled",
        }
    )["factions"] == ["subterra", "wastelands"]
    mixed = solo | {"recruit1_active": "factionless", "recruit1_other": "icarus"}
    white = question(mixed | {"black_faction": "euphoria"}, "white_faction")
    assert white.choices == ("wastelands", "subterra")
    variant = solo | {"solo_variant": "yes", "black_faction": "icarus"}
    assert question(variant, "white_faction").choices == ("euphoria", "wastelands", "subterra")
    duo = {"humans": "2", "recruit1_active": "icarus", "recruit2_active": "euphoria"}
    duo |= {"faction_draw": "table", "black_faction": "icarus"}
    assert question(duo, "white_faction").choices == ("euphoria", "wastelands", "subterra")
