"""`companion ephios ...`: the headless Ephios commands (the Plot, solo, quick game, campaign).

``plot`` and ``gain`` are the family's own. Each game's group (``quick``, ``campaign``, and
``solo`` in ``companion.cli.ephios_solo``; what they share is in
``companion.cli.ephios_common``) is the game protocol's (``companion.cli.table``:
new, act, show, undo, redo, with the options declared here as data and printed by the
game's face, ``companion.cli.ephios_faces``) plus the commands of its own (``unite``,
``popularity``, ``flip``, ``next``; the campaign's ``alliance``).

No rules here: every command reads the save, asks the engine in
companion.ephios, and writes the save only after the step succeeded.
Exit status: 0 done, 2 bad input (one line, nothing changed), 3 answers
needed (the questions are printed, nothing changed).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import click

from companion.cli import saving, words
from companion.cli.common import (
    guarded,
    print_json,
    revision_option,
)
from companion.cli.ephios_answers import given_answers, merged, planned_event
from companion.cli.ephios_common import (
    ANSWER_OPTION,
    JSON_OPTION,
    NUMBERS,
    ONE_STEP,
    ROUND_HELPS,
    SAVE_ARG,
    report_step,
)
from companion.cli.ephios_faces import (
    JsonOf,
    LinesOf,
    campaign_json,
    quick_json,
)
from companion.cli.ephios_solo import solo
from companion.cli.ephios_words import campaign_lines, table_lines
from companion.cli.table_group import group
from companion.cli.table_spec import JSON, REVISION, GroupSpec, option
from companion.core.catalog import N_, say
from companion.core.errors import InputError
from companion.core.plans import Plan
from companion.core.validate import parse_int
from companion.ephios import campaign as campaign_engine
from companion.ephios import quick as quick_engine
from companion.ephios import quick_plans
from companion.ephios.cards import load_deck
from companion.ephios.plot import plot_decision, read_crossroads
from companion.ephios.words import spoken


@click.group(cls=words.Group)
def ephios() -> None:
    """Ephios: the solo Plot, quick-game and campaign keeping."""


@ephios.command()
@click.argument("cards", nargs=-1)
@JSON_OPTION
@guarded
def plot(cards: tuple[str, ...], as_json: bool) -> None:
    """What does the Plot do with this crossroads? CARDS left to right (slot 1 first).

    Each card is ALLIANCE or ALLIANCE-dignitary, e.g.
    `cult order-dignitary syndicate academy`; give fewer than 4 when the
    crossroads is short. Always prints JSON: {"action", "slot", "card", "why", "spoken"}
    ("spoken": the line the app says aloud, as `euphoria turn --json` has).
    """
    decision = plot_decision(read_crossroads(cards, load_deck()))
    print_json({**decision.to_json(), "spoken": spoken([decision.announcement()])})


@ephios.command()
@click.argument("alliance")
@click.option(
    "--affinity", type=click.Choice(["match", "hand", "none"]), default="none", show_default=True
)
@JSON_OPTION
@guarded
def gain(alliance: str, affinity: str, as_json: bool) -> None:
    """The unite calculator: popularity gained by uniting ALLIANCE (quick game)."""
    deck = load_deck()
    found = deck.alliances[deck.parse_alliance(alliance)]
    value = quick_engine.unite_gain(found, affinity)
    if as_json:
        print_json({"alliance": found.id, "affinity": affinity, "gain": value})
    else:
        click.echo(f"+{value}%")


# The options of the quick game's and the campaign's `new` (after SAVE), as data.
ROUND_NEW = (
    option(
        "--player",
        "players",
        multiple=True,
        required=True,
        help="A player, in seating order clockwise (repeat, 2-4).",
    ),
    option("--first", default=None, help="Who starts (default: the first --player)."),
    option("--seed", type=int, default=None),
    option("--force", is_flag=True, help="Replace an existing file at SAVE."),
    REVISION,
    JSON,
)


def _round_spec(game: str, name: str, help_text: str, face: str) -> GroupSpec:
    """The group of the quick game or the campaign: the protocol's commands, then its own."""
    return GroupSpec(
        game=game,
        name=name,
        help=help_text,
        options={"new": ROUND_NEW, **ONE_STEP},
        helps=ROUND_HELPS,
        face=f"companion.cli.ephios_faces:{face}",
    )


QUICK = _round_spec(
    quick_engine.GAME,
    "quick",
    N_("Quick game: popularity, unite calculator, direction token (SAVE is a file path)."),
    "QUICK",
)
CAMPAIGN = _round_spec(
    campaign_engine.GAME,
    "campaign",
    N_("Campaign: rounds as quick games, victory pages, two round wins (SAVE is a file path)."),
    "CAMPAIGN",
)
quick = group(QUICK)
campaign = group(CAMPAIGN)
ephios.add_command(quick)
ephios.add_command(campaign)
ephios.add_command(solo)


# play one event in SAVE: (save, event, as_json, revision, plan)
Step = Callable[..., None]


def _stepper(engine: ModuleType, json_of: JsonOf, lines_of: LinesOf) -> Step:
    """The ``step`` of a table game: play one event in SAVE, save it, report it."""

    def step(
        save: str,
        event: dict[str, Any],
        as_json: bool,
        revision: int | None = None,
        plan: Plan[quick_engine.QuickState] | None = None,
        facts: tuple[str, ...] = (),
    ) -> None:
        """Play one quick-game or campaign event in SAVE, save it and report the announcements.
        With a report's ``plan``, ``event`` holds its answers (and its ``facts``, see
        :func:`_planned`): the event is the plan's (exit 3 with its next questions while some
        are missing)."""
        with saving.editing_game(save, engine.GAME, revision) as journal:
            if plan is not None:
                event = planned_event(engine.replay(journal, save), plan, event, facts)
            out = engine.play(journal, event, source=save)
        state = engine.replay(journal, save)
        report_step(out, json_of(state, journal), as_json, lines_of(state))

    return step


def _add_unite(group: click.Group, step: Step) -> None:
    """Add ``unite`` (a player unites an alliance) to ``group``."""

    @group.command("unite")
    @SAVE_ARG
    @click.argument("player", required=False)
    @click.argument("alliance", required=False)
    @click.option(
        "--affinity",
        type=click.Choice(["match", "hand", "none"]),
        default=None,
        help="match: +20% (your affinity is this alliance); hand: +10% (you hold a personality of your affinity's alliance). [default: none]",
    )
    @ANSWER_OPTION
    @revision_option
    @JSON_OPTION
    @guarded
    def unite(
        save: str,
        player: str | None,
        alliance: str | None,
        affinity: str | None,
        answers: tuple[str, ...],
        revision: int | None,
        as_json: bool,
    ) -> None:
        """PLAYER unites ALLIANCE: add its gain (and the affinity bonus) to their popularity.
        A unite is the action of PLAYER's turn (the player whose turn it is): the turn then
        passes. Without PLAYER or ALLIANCE: the app's unite questions (exit 3; --answer
        ID=VALUE)."""
        if player is not None and alliance is not None and not answers:
            event = {
                "kind": "unite",
                "player": player,
                "alliance": alliance.lower(),
                "affinity": affinity or "none",
            }
            step(save, event, as_json, revision)
            return
        given = {"player": player, "alliance": alliance and alliance.lower(), "affinity": affinity}
        planned = merged(answers, given_answers(given))
        if player is not None and alliance is not None:
            planned.setdefault("affinity", "none")  # as without --answer: no affinity played
        # Running the command confirms the unite (the app asks it after showing the gain).
        planned.setdefault("confirm", "yes")
        # Who unites is no question (the player whose turn it is) but may be given.
        step(save, planned, as_json, revision, quick_plans.unite_plan, ("player",))


def _add_popularity(group: click.Group, step: Step) -> None:
    """Add ``popularity`` (a card effect moves a marker) to ``group``."""

    @group.command("popularity", context_settings=NUMBERS)
    @SAVE_ARG
    @click.argument("player", required=False)
    @click.argument("delta", required=False)
    @ANSWER_OPTION
    @revision_option
    @JSON_OPTION
    @guarded
    def popularity(
        save: str,
        player: str | None,
        delta: str | None,
        answers: tuple[str, ...],
        revision: int | None,
        as_json: bool,
    ) -> None:
        """Move PLAYER's marker by DELTA (e.g. 10 or -10) for a card effect. Without PLAYER or
        DELTA: the app's questions (exit 3; --answer ID=VALUE)."""
        if player is None or delta is None:
            planned = merged(answers, given_answers({"player": player}))
            step(save, planned, as_json, revision, quick_plans.popularity_plan)
            return
        try:
            value = parse_int(delta)
        except InputError:
            raise InputError(
                say("DELTA {delta} is not a whole number", delta=repr(delta))
            ) from None
        if answers:  # the questions' answers must agree with PLAYER and DELTA
            way = {"way": "up" if value >= 0 else "down", "amount": str(abs(value))}
            planned = merged(answers, {"player": player, **way})
            step(save, planned, as_json, revision, quick_plans.popularity_plan)
            return
        step(save, {"kind": "popularity", "player": player, "delta": value}, as_json, revision)


def _add_turn_commands(group: click.Group, step: Step) -> None:
    """Add ``flip`` and ``next`` to ``group``."""

    @group.command("flip")
    @SAVE_ARG
    @revision_option
    @JSON_OPTION
    @guarded
    def flip(save: str, revision: int | None, as_json: bool) -> None:
        """Flip the direction token (3-4 players)."""
        step(save, {"kind": "flip"}, as_json, revision)

    @group.command("next")
    @SAVE_ARG
    @revision_option
    @JSON_OPTION
    @guarded
    def next_player(save: str, revision: int | None, as_json: bool) -> None:
        """End the turn: the next player, following the direction token."""
        step(save, {"kind": "next"}, as_json, revision)


def _table_commands(
    group: click.Group, engine: ModuleType, json_of: JsonOf, lines_of: LinesOf
) -> Step:
    """Add the quick game's own commands to ``group``; returns its ``step`` (play one event in SAVE),
    used by the campaign-only commands."""
    step = _stepper(engine, json_of, lines_of)
    _add_unite(group, step)
    _add_popularity(group, step)
    _add_turn_commands(group, step)
    return step


# The commands of their own, beside the protocol's (new, act, show, undo, redo).
_table_commands(quick, quick_engine, quick_json, table_lines)
_campaign_step = _table_commands(campaign, campaign_engine, campaign_json, campaign_lines)


@campaign.command("alliance")
@SAVE_ARG
@click.argument("name")
@click.option("--gain", type=int, help="Popularity gain of the alliance (percent).")
@click.option(
    "--unite",
    "unite_count",
    type=int,
    help="Personalities needed in hand to unite it.",
)
@click.option(
    "--replaces",
    default=None,
    help="An alliance in play that the tile covers (it leaves the game).",
)
@ANSWER_OPTION
@revision_option
@JSON_OPTION
@guarded
def campaign_alliance(
    save: str,
    name: str,
    gain: int | None,
    unite_count: int | None,
    replaces: str | None,
    answers: tuple[str, ...],
    revision: int | None,
    as_json: bool,
) -> None:
    """Add an alliance tile from a victory page: NAME, its --gain and --unite requirement.
    Without --gain or --unite: the app's tile questions (exit 3; --answer ID=VALUE)."""
    if gain is None or unite_count is None or answers:
        given = {"gain": gain, "unite": unite_count, "replaces": replaces}
        planned = merged(answers, {**given_answers(given), "name": name})
        if gain is not None and unite_count is not None:
            planned.setdefault("replaces", "none")  # as without --answer: the tile is added
        _campaign_step(save, planned, as_json, revision, quick_plans.tile_plan, ("name",))
        return
    event: dict[str, Any] = {"kind": "alliance", "name": name, "gain": gain, "unite": unite_count}
    if replaces is not None:
        event["replaces"] = replaces
    _campaign_step(save, event, as_json, revision)
