"""The steps of the Euphoria set-up wizard as Questions, and the options they produce.

Pure functions (no Textual): :func:`next_question` gives the next step from
the answers so far, :func:`options_from_answers` turns the answers into the
``options`` dict the Euphoria engine's new game takes.
"""

from __future__ import annotations

from typing import Any

from companion.core.catalog import N_, _, say, say_n
from companion.core.questions import Question
from companion.euphoria.board import (
    AREAS,
    AUTOMAS,
    RECRUIT_FACTIONS,
    area_short,
    automa_word,
    faction_name,
)
from companion.euphoria.cards import LEVEL_IDS, load_deck
from companion.euphoria.setup import faction_choices
from companion.tui.glyphs import faction_label

SEED_MAX = 999_999_999
# The humans of an Automa game ("Automa Set Up": 3 or 4 players, the 2 Automas included).
HUMANS = (1, 2)


def _factions(factions: tuple[str, ...]) -> dict[str, str]:
    """Each faction with its label: glyph and name (factionless: it must be active)."""
    return {
        f: say("–  {factionless} (must be your active recruit)", factionless=faction_name(f))
        if f == "factionless"
        else f"{faction_label(f)} ({faction_name(f)})"
        for f in factions
    }


def level_labels() -> dict[str, str]:
    """The level ids (rulebook order, then the deck's own) with labels 'Name — composition'."""
    levels = load_deck().levels
    ids = tuple(i for i in LEVEL_IDS if i in levels) + tuple(
        i for i in levels if i not in LEVEL_IDS
    )
    return {i: f"{levels[i].title()} — {levels[i].composition()}" for i in ids}


def recruit_set_question(question_id: str) -> Question:
    """Which recruits and markets: the expansion's ("expansion") or the base game's ("base")."""
    return Question.one_of(
        question_id,
        _("Which recruits and markets?"),
        {
            "expansion": _("Ignorance is Bliss (new recruits, New Antiques Bazaar)"),
            "base": _("Base game (original recruits and markets, no Bazaar)"),
        },
    )


def _recruit_questions(humans: int, recruit_set: str) -> list[Question]:
    """Solo: the human's two recruits (active first); 2 humans: each human's active recruit."""
    first = _factions(RECRUIT_FACTIONS if recruit_set == "expansion" else AREAS)
    if humans == 2:
        return [
            Question.one_of(
                f"recruit{human}_active",
                say("The faction of human {human}'s ACTIVE recruit?", human=human),
                first,
            )
            for human in (1, 2)
        ]
    return [
        Question.one_of("recruit1_active", _("The faction of your ACTIVE recruit?"), first),
        Question.one_of(
            "recruit1_other", _("The faction of your other (inactive) recruit?"), _factions(AREAS)
        ),
    ]


def _table_questions() -> list[Question]:
    """The steps about the table: the difficulty, the dice, the cards, the sites."""
    return [
        Question.one_of(
            "level",
            _("Difficulty (cards in the Automa deck and in each add-in deck)?"),
            level_labels(),
        ),
        Question.one_of(
            "dice",
            _("Who rolls the Automas' dice?"),
            {
                "app": _("The app rolls them"),
                "physical": _("I roll real dice and type the faces in"),
            },
        ),
        Question.one_of(
            "deck",
            _("Which Automa cards?"),
            {
                "bundled": _("The app draws from the bundled printed cards"),
                "physical": _("I shuffle my physical cards and type in each card drawn"),
            },
        ),
        Question.one_of(
            "sites",
            _(
                "Construction sites: the Automas' market actions depend on where humans have "
                "workers on them."
            ),
            {
                "ask": _("Ask me when a move depends on it (one question on those turns)"),
                "report": _(
                    "I report every worker humans put on or take from a site (key c): never asked"
                ),
            },
        ),
    ]


def all_questions(answers: dict[str, str]) -> list[Question]:
    """Every step of the wizard, given the answers so far (some steps depend on earlier ones)."""
    humans = int(answers.get("humans", "1"))
    steps = [
        Question.one_of(
            "humans",
            _("How many humans play?"),
            {
                str(n): say_n(
                    "{n} human + {automas} Automas (a {players}-player game)",
                    "{n} humans + {automas} Automas (a {players}-player game)",
                    n,
                    automas=len(AUTOMAS),
                    players=n + len(AUTOMAS),
                )
                for n in HUMANS
            },
        ),
        recruit_set_question("recruit_set"),
    ]
    steps += _recruit_questions(humans, answers.get("recruit_set", "expansion"))
    steps += _table_questions()
    if humans == 1:
        steps.append(
            Question(
                id="solo_variant",
                text=_(
                    "Optional solo variant: draw the Automas' factions without regard "
                    "to your recruits and each other?"
                ),
                kind="yes_no",
            )
        )
    steps.append(
        Question.one_of(
            "faction_draw",
            _("The Automas' faction cards?"),
            {
                "app": _("The app draws them (the set-up checklist names them)"),
                "table": _("We drew them at the table: I enter them"),
            },
        )
    )
    if answers.get("faction_draw") == "table":
        for automa, choices in _table_faction_choices(answers).items():
            if len(choices) > 1:  # one card left: it is the one drawn, nothing to ask
                steps.append(
                    Question.one_of(
                        f"{automa}_faction",
                        say(
                            "The faction card drawn for the {automa} Automa?",
                            automa=automa_word(automa),
                        ),
                        _factions(choices),
                    )
                )
    return steps


def _recruits(answers: dict[str, str]) -> list[str]:
    """Solo: the human's two recruits (active first); 2 humans: each one's active recruit."""
    if answers.get("humans", "1") == "1":
        names = ("recruit1_active", "recruit1_other")
    else:
        names = ("recruit1_active", "recruit2_active")
    return [answers[n] for n in names if n in answers]


def _table_faction_choices(answers: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """What the faction cards drawn at the table can show, black's then white's (once
    black's is known): only what "Automa Faction Selection" can give (engine rule)."""
    humans = int(answers.get("humans", "1"))
    variant = humans == 1 and answers.get("solo_variant") == "yes"
    recruits = _recruits(answers)
    black = faction_choices(humans, recruits, variant)
    if len(black) == 1:
        black_drawn: str | None = black[0]
    else:
        black_drawn = answers.get("black_faction")
    if black_drawn is None:
        return {"black": black}
    return {"black": black, "white": faction_choices(humans, recruits, variant, black_drawn)}


def _table_factions(answers: dict[str, str]) -> list[str]:
    """Black's and white's factions entered (or the only card left), for the options."""
    choices = _table_faction_choices(answers)
    return [
        options[0] if len(options) == 1 else answers[f"{automa}_faction"]
        for automa, options in choices.items()
    ]


def next_question(answers: dict[str, str]) -> Question | None:
    """The first step not answered yet, or None when the wizard is complete."""
    for question in all_questions(answers):
        if question.id not in answers:
            return question
    return None


def previous_id(answers: dict[str, str], current: str | None) -> str | None:
    """The id of the step before ``current`` (None: the last step), or None at the first."""
    ids = [q.id for q in all_questions(answers)]
    if current is None:
        return ids[-1] if ids else None
    index = ids.index(current)
    return ids[index - 1] if index > 0 else None


def options_from_answers(answers: dict[str, str]) -> dict[str, Any]:
    """The engine's game options (the fields of `companion.euphoria.state.GameOptions`).

    Keys: humans (1|2), difficulty (a level id), recruits (solo: the human's two
    recruit factions, active first; 2 humans: each human's active recruit),
    solo_variant, base_game, physical_dice, physical_deck, report_sites (booleans),
    factions (black, white drawn at the table; empty: the app draws them).
    """
    humans = int(answers["humans"])
    recruits = _recruits(answers)
    return {
        "humans": humans,
        "difficulty": answers["level"],
        "recruits": recruits,
        "solo_variant": humans == 1 and answers.get("solo_variant") == "yes",
        "base_game": answers["recruit_set"] == "base",
        "physical_dice": answers["dice"] == "physical",
        "physical_deck": answers["deck"] == "physical",
        "report_sites": answers.get("sites") == "report",
        "factions": (_table_factions(answers) if answers.get("faction_draw") == "table" else []),
    }


def seed_from_answers(answers: dict[str, str]) -> int | None:
    """The seed the user gave, or None (0 or no answer) for a random one. The wizard asks
    none (the seed stays a CLI option, `--seed`, and shows in the game's details)."""
    return int(answers.get("seed", "0")) or None


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


def summary_lines(answers: dict[str, str]) -> list[tuple[str, str]]:
    """(label, value) rows of what is chosen so far, for the wizard's summary."""
    rows: list[tuple[str, str]] = []
    for question in all_questions(answers):
        if question.id not in answers:
            continue
        raw = answers[question.id]
        value = raw
        if question.id == "level":
            value = question.labels[question.choices.index(raw)].split(" — ")[0]
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
