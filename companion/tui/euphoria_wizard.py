"""The steps of the Euphoria set-up wizard as Questions, and the options they produce.

Pure functions (no Textual): :func:`next_question` gives the next step from
the answers so far, :func:`options_from_answers` turns the answers into the
``options`` dict the Euphoria engine's new game takes.
"""

from __future__ import annotations

from companion.core.questions import Question
from companion.euphoria.board import AREAS, FACTION_NAMES, RECRUIT_FACTIONS
from companion.euphoria.cards import LEVEL_IDS, load_deck
from companion.euphoria.setup import faction_choices
from companion.tui.glyphs import faction_label

SEED_MAX = 999_999_999


def _factions(factions: tuple[str, ...]) -> dict[str, str]:
    """Each faction with its label: glyph and name (factionless: it must be active)."""
    return {
        f: "–  factionless (must be your active recruit)"
        if f == "factionless"
        else f"{faction_label(f)} ({FACTION_NAMES[f]})"
        for f in factions
    }


def level_labels() -> dict[str, str]:
    """The level ids (rulebook order, then the deck's own) with labels 'Name — composition'."""
    levels = load_deck().levels
    ids = tuple(i for i in LEVEL_IDS if i in levels) + tuple(
        i for i in levels if i not in LEVEL_IDS
    )
    return {i: f"{levels[i].name} — {levels[i].composition()}" for i in ids}


def recruit_set_question(question_id: str) -> Question:
    """Which recruits and markets: the expansion's ("expansion") or the base game's ("base")."""
    return Question.one_of(
        question_id,
        "Which recruits and markets?",
        {
            "expansion": "Ignorance is Bliss (new recruits, New Antiques Bazaar)",
            "base": "Base game (original recruits and markets, no Bazaar)",
        },
    )


def _recruit_questions(humans: int, recruit_set: str) -> list[Question]:
    """Solo: the human's two recruits (active first); 2 humans: each human's active recruit."""
    first = _factions(RECRUIT_FACTIONS if recruit_set == "expansion" else AREAS)
    if humans == 2:
        return [
            Question.one_of(
                f"recruit{human}_active", f"The faction of human {human}'s ACTIVE recruit?", first
            )
            for human in (1, 2)
        ]
    return [
        Question.one_of("recruit1_active", "The faction of your ACTIVE recruit?", first),
        Question.one_of(
            "recruit1_other", "The faction of your other (inactive) recruit?", _factions(AREAS)
        ),
    ]


def all_questions(answers: dict[str, str]) -> list[Question]:
    """Every step of the wizard, given the answers so far (some steps depend on earlier ones)."""
    humans = int(answers.get("humans", "1"))
    steps = [
        Question.one_of(
            "humans",
            "How many humans play?",
            {
                "1": "1 human + 2 Automas (a 3-player game)",
                "2": "2 humans + 2 Automas (a 4-player game)",
            },
        ),
        recruit_set_question("recruit_set"),
    ]
    steps += _recruit_questions(humans, answers.get("recruit_set", "expansion"))
    steps += [
        Question.one_of(
            "level",
            "Difficulty (cards in the Automa deck and in each add-in deck)?",
            level_labels(),
        ),
        Question.one_of(
            "dice",
            "Who rolls the Automas' dice?",
            {"app": "The app rolls them", "physical": "I roll real dice and type the faces in"},
        ),
        Question.one_of(
            "deck",
            "Which Automa cards?",
            {
                "bundled": "The app draws from the bundled printed cards",
                "physical": "I shuffle my physical cards and type in each card drawn",
            },
        ),
        Question.one_of(
            "sites",
            "Construction sites: the Automas' market actions depend on where humans have "
            "workers on them.",
            {
                "ask": "Ask me when a move depends on it (one question on those turns)",
                "report": "I report every worker humans put on or take from a site (key c): "
                "never asked",
            },
        ),
    ]
    if humans == 1:
        steps.append(
            Question(
                id="solo_variant",
                text="Optional solo variant: draw the Automas' factions without regard "
                "to your recruits and each other?",
                kind="yes_no",
            )
        )
    steps.append(
        Question.one_of(
            "faction_draw",
            "The Automas' faction cards?",
            {
                "app": "The app draws them (the set-up checklist names them)",
                "table": "We drew them at the table: I enter them",
            },
        )
    )
    if answers.get("faction_draw") == "table":
        for automa, choices in _table_faction_choices(answers).items():
            if len(choices) > 1:  # one card left: it is the one drawn, nothing to ask
                steps.append(
                    Question.one_of(
                        f"{automa}_faction",
                        f"The faction card drawn for the {automa} Automa?",
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


def options_from_answers(answers: dict[str, str]) -> dict:
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


def summary_lines(answers: dict[str, str]) -> list[tuple[str, str]]:
    """(label, value) rows of what is chosen so far, for the wizard's summary."""
    names = {
        "humans": "Humans",
        "recruit_set": "Recruits",
        "level": "Level",
        "dice": "Dice",
        "deck": "Cards",
        "sites": "Sites",
        "seed": "Seed",
        "solo_variant": "Solo variant",
        "faction_draw": "Factions",
        "black_faction": "Black",
        "white_faction": "White",
    }
    rows: list[tuple[str, str]] = []
    for question in all_questions(answers):
        if question.id not in answers:
            continue
        raw = answers[question.id]
        value = raw
        if question.id == "level":
            value = question.labels[question.choices.index(raw)].split(" — ")[0]
        elif question.id == "seed":
            value = raw if raw != "0" else "random"
        label = names.get(question.id)
        if label is None:  # recruitN_active / recruitN_other
            human = question.id[len("recruit")]
            label = f"H{human} {'active' if question.id.endswith('active') else 'other'}"
        rows.append((label, value))
    return rows
