"""The set-up of an Automa game, as questions: how many humans, the recruits, the table.

:func:`next_question` gives the next step from the answers so far (some steps depend
on earlier ones: the recruits on the recruit set and the humans, the solo variant on
a solo game, the faction cards drawn at the table on what "Automa Faction Selection"
can still give), :func:`options_from_answers` turns the answers into the ``options``
the new game takes; :func:`setup_plan` is the same as a question plan. A shell may
give each step's faction choices its own label (``label``: e.g. a glyph beside the name).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from companion.core.catalog import _, language, say, say_n, touch
from companion.core.plans import Ask, Next, Report
from companion.core.questions import Question
from companion.euphoria.board import (
    AREAS,
    AUTOMAS,
    RECRUIT_FACTIONS,
    automa_word,
    faction_name,
)
from companion.euphoria.cards import LEVEL_IDS, load_deck
from companion.euphoria.setup import faction_choices

FactionLabel = Callable[[str], str]
SEED_MAX = 999_999_999
# The humans of an Automa game ("Automa Set Up": 3 or 4 players, the 2 Automas included).
HUMANS = (1, 2)
# Printed ids of Automa cards, the examples of how a physical card is named: data beside
# the words (a translation, or the pseudo-locale, keeps them as printed).
PRINTED_IDS = ("S7", "B3")


def _factions(factions: tuple[str, ...], label: FactionLabel | None) -> dict[str, str]:
    """Each faction with its label: the shell's label and the name (factionless: it must be
    the active recruit, "Automa Set Up")."""
    return {
        f: say("–  {factionless} (must be your active recruit)", factionless=faction_name(f))
        if f == "factionless"
        else (f"{label(f)} ({faction_name(f)})" if label else faction_name(f))
        for f in factions
    }


def level_labels() -> dict[str, str]:
    """The level ids (rulebook order, then the deck's own) with labels 'Name — composition'."""
    return dict(_level_labels(language()))


# Each step of the set-up asks for every question again (:func:`all_questions`), the
# difficulty's choices too: about sixty texts of the levels' compositions a step. The
# bundled deck is read once a process and never changes, so its labels are made once a
# language (``name``: the language they are made in, the key).
@lru_cache(maxsize=8)
def _level_labels(name: str) -> dict[str, str]:
    levels = load_deck().levels
    ids = tuple(i for i in LEVEL_IDS if i in levels) + tuple(
        i for i in levels if i not in LEVEL_IDS
    )
    return {i: f"{levels[i].title()} — {levels[i].composition()}" for i in ids}


def level_title(level: str) -> str:
    """The name of the level ``level`` (its id when the deck does not know it)."""
    levels = load_deck().levels
    return levels[level].title() if level in levels else level


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


def _recruit_questions(humans: int, recruit_set: str, label: FactionLabel | None) -> list[Question]:
    """Solo: the human's two recruits (active first); 2 humans: each human's active recruit."""
    first = _factions(RECRUIT_FACTIONS if recruit_set == "expansion" else AREAS, label)
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
            "recruit1_other",
            _("The faction of your other (inactive) recruit?"),
            _factions(AREAS, label),
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
                "physical": say(
                    "I shuffle my physical cards and type the id printed on each card drawn "
                    "({examples})",
                    examples=", ".join(PRINTED_IDS),
                ),
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
                    "I report every worker humans put on or take from a site (Site, in the "
                    "menu): never asked"
                )
                if touch()
                else _(
                    "I report every worker humans put on or take from a site (key c): never asked"
                ),
            },
        ),
    ]


def all_questions(answers: Mapping[str, str], label: FactionLabel | None = None) -> list[Question]:
    """Every step of the set-up, given the answers so far (some steps depend on earlier ones)."""
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
    steps += _recruit_questions(humans, answers.get("recruit_set", "expansion"), label)
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
                        _factions(choices, label),
                    )
                )
    return steps


def _recruits(answers: Mapping[str, str]) -> list[str]:
    """Solo: the human's two recruits (active first); 2 humans: each one's active recruit."""
    if answers.get("humans", "1") == "1":
        names = ("recruit1_active", "recruit1_other")
    else:
        names = ("recruit1_active", "recruit2_active")
    return [answers[n] for n in names if n in answers]


def _table_faction_choices(answers: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
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


def _table_factions(answers: Mapping[str, str]) -> list[str]:
    """Black's and white's factions entered (or the only card left), for the options."""
    choices = _table_faction_choices(answers)
    return [
        options[0] if len(options) == 1 else answers[f"{automa}_faction"]
        for automa, options in choices.items()
    ]


def next_question(answers: Mapping[str, str], label: FactionLabel | None = None) -> Question | None:
    """The first step not answered yet, or None when the set-up is complete."""
    for question in all_questions(answers, label):
        if question.id not in answers:
            return question
    return None


def previous_id(answers: Mapping[str, str], current: str | None) -> str | None:
    """The id of the step before ``current`` (None: the last step), or None at the first."""
    ids = [q.id for q in all_questions(answers)]
    if current is None:
        return ids[-1] if ids else None
    index = ids.index(current)
    return ids[index - 1] if index > 0 else None


def options_from_answers(answers: Mapping[str, str]) -> dict[str, Any]:
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


def seed_from_answers(answers: Mapping[str, str]) -> int | None:
    """The seed the user gave, or None (0 or no answer) for a random one. The wizard asks
    none (the seed stays a CLI option, `--seed`, and shows in the game's details)."""
    return int(answers.get("seed", "0")) or None


def setup_plan(label: FactionLabel | None, answers: Mapping[str, str]) -> Next:
    """The set-up as a question plan: the next step, or a ``new`` report with the game's
    ``options`` and ``seed`` when every step is answered (``label``: the shell's faction
    labels)."""
    question = next_question(answers, label)
    if question is not None:
        return Ask.one(question)
    return Report(
        "new", {"options": options_from_answers(answers), "seed": seed_from_answers(answers)}
    )
