"""The tracks an Automa advances with the space it used: miners and allegiance tracks
("What Automas Don't Do or Have"), and the allegiance tokens when a track reaches a
space that gives one (design reading 8)."""

from __future__ import annotations

from companion.core.catalog import N_, _, say
from companion.core.questions import Question
from companion.euphoria.board import (
    BREEZE_BAR,
    COMMODITY_ADVANCE_MAX,
    LAST_TIER,
    MINER_ACTIVATES,
    RECRUITS_ACTIVATED,
    SKY_LOUNGE,
    area_of,
    automa_name,
    commodity_name,
    faction_name,
    space_name,
)
from companion.euphoria.effects import Table, allegiance_tokens, pending_allegiance

# Why reaching the recruit activation or the last tier gives a token ("Automa Allegiance").
ALLEGIANCE_WHY = N_(
    "Automa Allegiance: the first activation of its faction's recruits, and the last "
    "tier, each give that Automa one authority token."
)


def _ask_reached(table: Table, automa: str, area: str, track: str, lead: str) -> None:
    """The track of ``area`` just advanced: if an Automa of that faction still has a token to
    place for it, ask whether it reached that space (design reading 8). ``lead`` comes
    before the question (the commodity area's condition)."""
    level = pending_allegiance(table.state, area)
    if not level or (track == "miner" and level != RECRUITS_ACTIVATED):
        return  # nothing to place (a tunnel activates recruits; it has no last tier)
    faction = faction_name(area)
    if table.state.options.report_tracks:
        # The user moves the marker as announced and sees the space it reaches: a
        # reminder instead of a question keeps the turn to one key (see playing-euphoria.md).
        table.tell(
            "track.report",
            say(
                "The Automa of that faction then places an authority token next to the "
                "track. {why}",
                why=_(ALLEGIANCE_WHY),
            ),
            automa,
            "info",
            rule="Automa Allegiance",
            area=area,
            track=track,
            level=level,
        )
        return
    if track == "miner":
        text = say(
            "Did the {faction} tunnel's miner just reach {space} ({faction} recruits activated)?",
            faction=faction,
            space=MINER_ACTIVATES,
        )
        qid = f"{automa}.miner"
    elif level == RECRUITS_ACTIVATED:
        text = say(
            "Did the {faction} allegiance track just reach {space} ({faction} recruits activated)?",
            faction=faction,
            space=RECRUITS_ACTIVATED,
        )
        qid = f"{automa}.allegiance"
    else:
        text = say(
            "Did the {faction} allegiance track just reach {space} (the last tier)?",
            faction=faction,
            space=LAST_TIER,
        )
        qid = f"{automa}.allegiance"
    reached = table.answers.get(Question(id=qid, text=lead + text, kind="yes_no"))
    if reached:
        allegiance_tokens(
            table,
            area,
            level,
            _(
                "Automa Allegiance: the first activation of its faction's recruits, and the "
                "last tier, each give that Automa one authority token next to the track."
            ),
        )


def advance_tracks(table: Table, automa: str, space: str, knowledge: int) -> None:
    """The benefits an Automa takes from a space: advancing a miner or an allegiance track
    ("What Automas Don't Do or Have")."""
    area = area_of(space)
    kind = space.partition(".")[2]
    faction = faction_name(area)
    if kind == "tunnel":
        table.tell(
            "track.miner",
            _("Automas advance miners: using a tunnel advances its miner."),
            automa,
            spaces=(space,),
        )
        _ask_reached(table, automa, area, "miner", "")
        return
    if kind in ("artifact_market", "lower", "upper") or space in (BREEZE_BAR, SKY_LOUNGE):
        table.tell(
            "track.allegiance",
            say(
                "Automas advance allegiance tracks: using {space} advances the {faction} track.",
                space=space_name(space),
                faction=faction,
            ),
            automa,
            spaces=(space,),
        )
        _ask_reached(table, automa, area, "allegiance", "")
        return
    _commodity_advance(table, automa, space, knowledge)


def _commodity_advance(table: Table, automa: str, space: str, knowledge: int) -> None:
    """A commodity area advances its allegiance track only if the dice total there is
    COMMODITY_ADVANCE_MAX or less; the app cannot see the humans' dice there, so it asks."""
    state = table.state
    area = area_of(space)
    faction = faction_name(area)
    known = sum(w.knowledge for _owner, w in state.automa_workers_on(space))
    place = commodity_name(area)
    if known > COMMODITY_ADVANCE_MAX:
        table.tell(
            "track.no_advance",
            say(
                "A commodity area advances allegiance only if the dice total there is {most} "
                "or less.",
                most=COMMODITY_ADVANCE_MAX,
            ),
            automa,
            "info",
            spaces=(space,),
            total=known,
        )
        return
    table.tell(
        "track.commodity",
        say(
            "Advance the {faction} allegiance track by 1 if the dice in the {commodity} (the "
            "new {knowledge} included) total {most} or less: a commodity area advances "
            "allegiance only then.",
            faction=faction,
            commodity=place,
            knowledge=knowledge,
            most=COMMODITY_ADVANCE_MAX,
        ),
        automa,
        spaces=(space,),
    )
    if not pending_allegiance(state, area):
        return
    _ask_reached(
        table,
        automa,
        area,
        "allegiance",
        say(
            "{automa}'s {knowledge} went to the {commodity}: if all the dice there total "
            "{most} or less, the {faction} allegiance track advances by 1. ",
            automa=automa_name(automa),
            knowledge=knowledge,
            commodity=place,
            most=COMMODITY_ADVANCE_MAX,
            faction=faction,
        ),
    )
