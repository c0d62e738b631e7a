"""`companion ephios solo ...`: the solo game against the Plot, from the command line.

The group is the game protocol's ``new``, ``show``, ``undo`` and ``redo``
(``companion.cli.table``) with the options declared here, plus the solo game's own
commands: ``act`` (the action in words: ``recruit SLOT [COST]``...), ``move`` and ``set``.

No rules here: each command reads the save, plays one step through
companion.ephios.solo, and writes the save only after the step succeeded
(exit 0 done, 2 bad input, 3 answers needed).
"""

from __future__ import annotations

import click

from companion.cli import saving
from companion.cli.common import guarded, revision_option
from companion.cli.ephios_answers import answer_pairs, merged, run_every_answer
from companion.cli.ephios_common import (
    ANSWER_OPTION,
    JSON_OPTION,
    NUMBERS,
    ONE_STEP,
    ROUND_HELPS,
    SAVE_ARG,
    ask_with_progress,
    given_cards,
    print_announcements,
    report_step,
)
from companion.cli.ephios_faces import solo_json
from companion.cli.ephios_words import parse_action, solo_lines
from companion.cli.table_group import group
from companion.cli.table_spec import JSON, REVISION, GroupSpec, option
from companion.core.catalog import N_, _, say
from companion.core.errors import InputError
from companion.core.plans import Plan, bind
from companion.core.questions import Announcement, NeedAnswers, refuse_unasked
from companion.ephios import solo as solo_engine
from companion.ephios import solo_correction_plans
from companion.ephios.solo_corrections import what_of

# The options of the solo game's `new` (after SAVE), as data.
SOLO_NEW = (
    option(
        "--difficulty",
        type=click.Choice(list(solo_engine.DIFFICULTIES)),
        default="normal",
        show_default=True,
    ),
    option(
        "--seed", type=int, default=None, help="Seed kept in the save (the cards are physical)."
    ),
    option(
        "--reveal",
        "reveals",
        multiple=True,
        help="A card of the initial crossroads, slot 1 first (repeat).",
    ),
    option("--answer", "answers", multiple=True, help="ID=VALUE answer to a question (repeat)."),
    option("--force", is_flag=True, help="Replace an existing file at SAVE."),
    REVISION,
    JSON,
)
SOLO = GroupSpec(
    game=solo_engine.GAME,
    name="solo",
    help=N_("Solo mode: play against the Plot (SAVE: a name kept in the data folder, or a path)."),
    # `act` is the solo game's own: the action in words (recruit SLOT [COST]...)
    generic=("new", "show", "undo", "redo"),
    options={"new": SOLO_NEW, **ONE_STEP},
    helps={
        **ROUND_HELPS,
        "new": N_("Set up a solo game: give the 4 crossroads cards with --reveal, slot 1 first."),
        "show": N_("Show the solo game: popularity, crossroads, Plot zone, hand, piles, result."),
    },
    face="companion.cli.ephios_faces:SOLO",
)
solo = group(SOLO)


@solo.command("act")
@SAVE_ARG
@click.argument("action", nargs=-1, required=True)
@click.option(
    "--reveal",
    "reveals",
    multiple=True,
    help="A card revealed during this action, in order (repeat).",
)
@click.option("--answer", "answers", multiple=True, help="ID=VALUE answer to a question (repeat).")
@click.option("--banker", is_flag=True, help="unite: you use the Banker to unite.")
@click.option(
    "--preacher",
    default=None,
    metavar="CARD",
    help="The card of your hand that is the Preacher: used if the Plot debates.",
)
@click.option(
    "--cost", type=int, default=None, help="recruit: the persuasion value (1-2) of the personality."
)
@revision_option
@JSON_OPTION
@guarded
def solo_act(
    save: str,
    action: tuple[str, ...],
    reveals: tuple[str, ...],
    answers: tuple[str, ...],
    banker: bool,
    preacher: str | None,
    cost: int | None,
    revision: int | None,
    as_json: bool,
) -> None:
    """Play ACTION, then the end of turn and the Plot's turns (one or more).

    ACTION: recruit SLOT | recruit-top [CARD] | debate SLOT | unite ALLIANCE
    [--banker] | corrupt ALLIANCE | use perceptive ALLIANCE | use CARD [replay].
    """
    typed = parse_action(action, banker=banker, cost=cost)
    given = given_cards(reveals, answers)
    if preacher is not None:
        said = given.get("preacher", preacher)
        if said.strip().lower() != preacher.strip().lower():  # one of the two would be ignored
            raise InputError(
                say(
                    "--answer preacher={answer} contradicts --preacher {card}",
                    answer=said,
                    card=preacher,
                )
            )
        given["preacher"] = preacher
    warned: list[Announcement] = []  # what the engine warns this move loses (text only)
    try:
        with saving.editing_game(save, solo_engine.GAME, revision) as journal:
            if not as_json:
                warned = solo_engine.warnings(solo_engine.replay(journal, save), typed)
            out = solo_engine.play(journal, typed, given, source=save)
    except NeedAnswers as need:
        print_announcements(warned)
        ask_with_progress(need, as_json)
        return
    print_announcements(warned)
    state = solo_engine.replay(journal, save)
    report_step(out, solo_json(state, journal), as_json, solo_lines(state))


def _correct(
    save: str,
    plan: Plan[solo_engine.SoloState],
    given: dict[str, str],
    revision: int | None,
    as_json: bool,
    facts: tuple[str, ...] = ("kind",),
) -> None:
    """Play the table correction the engine's plan builds from ``given`` (exit 3 with its next
    questions while some are missing; an answer it does not use is refused), save it and
    report the announcements. ``facts``: the ids the plan reads that it need not ask."""
    with saving.editing_game(save, solo_engine.GAME, revision) as journal:
        state = solo_engine.replay(journal, save)
        report = run_every_answer(bind(plan, state), given, facts)
        if report is None:  # the plan always reports a correction once answered
            raise InputError(_("nothing to correct"))
        out = solo_correction_plans.record(journal, report.event(), source=save)
    state = solo_engine.replay(journal, save)
    report_step(out, solo_json(state, journal), as_json, solo_lines(state))


def _no_answers(answers: tuple[str, ...]) -> None:
    """With every argument given the step asks nothing: an ``--answer`` is refused."""
    refuse_unasked(answer_pairs(answers), ())


def _typed(values: dict[str, str | None]) -> dict[str, str]:
    """The arguments given on the command line, as answers to the correction's questions."""
    return {key: value.strip().lower() for key, value in values.items() if value is not None}


@solo.command("move")
@SAVE_ARG
@click.argument("card", required=False)
@click.argument("source", metavar="FROM", required=False)
@click.argument("target", metavar="TO", required=False)
@ANSWER_OPTION
@revision_option
@JSON_OPTION
@guarded
def solo_move(
    save: str,
    card: str | None,
    source: str | None,
    target: str | None,
    answers: tuple[str, ...],
    revision: int | None,
    as_json: bool,
) -> None:
    """Report a card that an effect moved (one the app does not model).

    FROM and TO: crossroads[:SLOT] (slot 1 = left; into the crossroads the
    default is slot 1), hand, plot, discard, draw (the top of the draw
    pile). Not an action: no end of turn, no Plot turn. E.g. the Medium:
    `move SAVE cult draw crossroads`, then `act SAVE use CARD`.
    Without CARD, FROM or TO: the app's questions (exit 3; --answer ID=VALUE).
    """
    if card is not None and source is not None and target is not None:
        _no_answers(answers)
        with saving.editing_game(save, solo_engine.GAME, revision) as journal:
            out = solo_engine.play_move(journal, card, source, target, source_name=save)
        state = solo_engine.replay(journal, save)
        report_step(out, solo_json(state, journal), as_json, solo_lines(state))
        return
    typed = _typed({"card": card, "from": source, "to": target})
    given = merged(answers, {**typed, "kind": "move"})
    _correct(save, solo_correction_plans.correction_plan, given, revision, as_json)


@solo.command("set", context_settings=NUMBERS)
@SAVE_ARG
@click.argument("what", required=False)
@click.argument("value", required=False)
@ANSWER_OPTION
@revision_option
@JSON_OPTION
@guarded
def solo_set(
    save: str,
    what: str | None,
    value: str | None,
    answers: tuple[str, ...],
    revision: int | None,
    as_json: bool,
) -> None:
    """Correct a count to match the table (not an action).

    WHAT VALUE: popularity 0-100, persuasion 0-5, or affinities (the
    alliances whose affinity you hold, comma-separated, or `none`).
    Without WHAT or VALUE: the app's questions (exit 3; --answer ID=VALUE).
    """
    if what is not None and value is not None:
        _no_answers(answers)
        with saving.editing_game(save, solo_engine.GAME, revision) as journal:
            out = solo_engine.play_set(journal, what, value, source=save)
        state = solo_engine.replay(journal, save)
        report_step(out, solo_json(state, journal), as_json, solo_lines(state))
        return
    given = answer_pairs(answers)
    if what is not None:
        given = merged(answers, {"kind": what_of(what)})
    if "kind" in given and given["kind"] not in solo_engine.CORRECTIONS:  # a move: `solo move`
        raise InputError(
            say(
                "set: {what} is not one of {corrections}",
                what=repr(what if what is not None else given["kind"]),
                corrections=", ".join(solo_engine.CORRECTIONS),
            )
        )
    _correct(save, solo_correction_plans.count_plan, given, revision, as_json)
