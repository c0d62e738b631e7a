"""The Euphoria set-up wizard's steps as the screen shows them, and its summary.

The steps, what they offer and the options they produce are the engine's
(:mod:`companion.euphoria.setup_plan`); here each faction choice gets its glyph
beside its name, and the answers so far become the summary's rows.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.catalog import N_, _, say
from companion.core.questions import Question
from companion.euphoria import setup_plan
from companion.euphoria.board import (
    AREAS,
    RECRUIT_FACTIONS,
    area_short,
    faction_name,
)
from companion.euphoria.setup_plan import (
    HUMANS,
    SEED_MAX,
    level_labels,
    options_from_answers,
    previous_id,
    recruit_set_question,
    seed_from_answers,
)
from companion.tui.glyphs import faction_label

__all__ = [
    "HUMANS",
    "SEED_MAX",
    "all_questions",
    "level_labels",
    "next_question",
    "options_from_answers",
    "previous_id",
    "recruit_set_question",
    "seed_from_answers",
    "summary_lines",
]


def all_questions(answers: Mapping[str, str]) -> list[Question]:
    """Every step of the wizard, given the answers so far, each faction with its glyph."""
    return setup_plan.all_questions(answers, faction_label)


def next_question(answers: Mapping[str, str]) -> Question | None:
    """The first step not answered yet, or None when the wizard is complete."""
    return setup_plan.next_question(answers, faction_label)


# The wizard's summary: the label of each step's answer, and the words of answers that are
# ids (the recruits' factions and the counts are shown as they are).
SUMMARY_NAMES = {
    "humans": N_("Humans"),
    "recruit_set": N_("Recruits"),
    "level": N_("Level"),
    "dice": N_("Dice"),
    "deck": N_("Cards"),
    "sites": N_("Sites"),
    "seed": N_("Seed"),
    "solo_variant": N_("Solo variant"),
    "faction_draw": N_("Factions"),
    "black_faction": N_("Black"),
    "white_faction": N_("White"),
}
ANSWER_WORDS = {
    "recruit_set": {"expansion": N_("expansion"), "base": N_("base")},
    "dice": {"app": N_("app"), "physical": N_("physical")},
    "deck": {"bundled": N_("bundled"), "physical": N_("physical")},
    "sites": {"ask": N_("ask"), "report": N_("report")},
    "solo_variant": {"yes": N_("yes"), "no": N_("no")},
    "faction_draw": {"app": N_("app"), "table": N_("table")},
}


def summary_lines(answers: Mapping[str, str]) -> list[tuple[str, str]]:
    """(label, value) rows of what is chosen so far, for the wizard's summary."""
    rows: list[tuple[str, str]] = []
    for question in all_questions(answers):
        if question.id not in answers:
            continue
        raw = answers[question.id]
        value = raw
        if question.id == "level":
            value = setup_plan.level_title(raw)
        elif question.id == "seed":
            value = raw if raw != "0" else _("random")
        elif question.id in ANSWER_WORDS:
            value = _(ANSWER_WORDS[question.id].get(raw, raw))
        elif raw in AREAS:  # a recruit's or an Automa's faction: the area by its name
            value = area_short(raw)
        elif raw in RECRUIT_FACTIONS:  # a factionless recruit
            value = faction_name(raw)
        label = SUMMARY_NAMES.get(question.id)
        if label is None:  # recruitN_active / recruitN_other
            human = question.id[len("recruit")]
            if question.id.endswith("active"):
                label = say("H{human} active", human=human)
            else:
                label = say("H{human} other", human=human)
        else:
            label = _(label)
        rows.append((label, value))
    return rows
