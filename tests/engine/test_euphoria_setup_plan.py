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
