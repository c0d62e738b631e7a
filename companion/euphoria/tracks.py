"""The tracks an Automa advances with the space it used: miners and allegiance tracks
("What Automas Don't Do or Have"), and the allegiance tokens when a track reaches a
space that gives one (design reading 8)."""

from __future__ import annotations

from companion.core.questions import Question
from companion.euphoria.board import (
    BREEZE_BAR,
    COMMODITY_ADVANCE_MAX,
    COMMODITY_AREAS,
    COMMODITY_NAMES,
    FACTION_NAMES,
    LAST_TIER,
    MINER_ACTIVATES,
    RECRUITS_ACTIVATED,
    SKY_LOUNGE,
    area_of,
    space_name,
)
from companion.euphoria.effects import Table, allegiance_tokens, pending_allegiance


def _ask_reached(table: Table, automa: str, area: str, track: str, lead: str) -> None:
    """The track of ``area`` just advanced: if an Automa of that faction still has a token to
    place for it, ask whether it reached that space (design reading 8). ``lead`` comes
    before the question (the commodity area's condition)."""
    level = pending_allegiance(table.state, area)
    if not level or (track == "miner" and level != RECRUITS_ACTIVATED):
        return  # nothing to place (a tunnel activates recruits; it has no last tier)
    faction = FACTION_NAMES[area]
    if table.state.options.report_tracks:
        # The user moves the marker as announced and sees the space it reaches: a
        # reminder instead of a question keeps the turn to one key (see playing-euphoria.md).
        space = str(MINER_ACTIVATES) if track == "miner" else str(level)
        event = "recruit activation" if level == RECRUITS_ACTIVATED else "last tier"
        table.say(
            f"if the {faction} {'miner' if track == 'miner' else 'track'} reaches {space}, "
            f"report the {event}",
            "The Automa of that faction then places an authority token next to the track. "
            "Automa Allegiance: the first activation of its faction's recruits, and the last "
            "tier, each give that Automa one authority token.",
            automa,
            "info",
            what="track.report",
            rule="Automa Allegiance",
        )
        return
    if track == "miner":
        text = (
            f"Did the {faction} tunnel's miner just reach {MINER_ACTIVATES} ({faction} recruits "
            "activated)?"
        )
        qid = f"{automa}.miner"
    elif level == RECRUITS_ACTIVATED:
        text = (
            f"Did the {faction} allegiance track just reach {RECRUITS_ACTIVATED} ({faction} "
            "recruits activated)?"
        )
        qid = f"{automa}.allegiance"
    else:
        text = f"Did the {faction} allegiance track just reach {LAST_TIER} (the last tier)?"
        qid = f"{automa}.allegiance"
    reached = table.answers.get(Question(id=qid, text=lead + text, kind="yes_no"))
    if reached:
        allegiance_tokens(
            table,
            area,
            level,
            "Automa Allegiance: the first activation of its faction's recruits, and the last "
            "tier, each give that Automa one authority token next to the track.",
        )


def advance_tracks(table: Table, automa: str, space: str, knowledge: int) -> None:
    """The benefits an Automa takes from a space: advancing a miner or an allegiance track
    ("What Automas Don't Do or Have")."""
    state = table.state
    area = area_of(space)
    kind = space.partition(".")[2]
    faction = FACTION_NAMES[area]
    if kind == "tunnel":
        table.say(
            f"Advance the {faction} tunnel's miner by 1.",
            "Automas advance miners: using a tunnel advances its miner.",
            automa,
            what="track.miner",
            spaces=(space,),
        )
        _ask_reached(table, automa, area, "miner", "")
        return
    if kind in ("artifact_market", "lower", "upper") or space in (BREEZE_BAR, SKY_LOUNGE):
        table.say(
            f"Advance the {faction} allegiance track by 1.",
            f"Automas advance allegiance tracks: using {space_name(space)} advances the "
            f"{faction} track.",
            automa,
            what="track.allegiance",
            spaces=(space,),
        )
        _ask_reached(table, automa, area, "allegiance", "")
        return
    # A commodity area advances allegiance only if the dice total there is 4 or less.
    known = sum(w.knowledge for _owner, w in state.automa_workers_on(space))
    place = COMMODITY_NAMES[area]
    if known > COMMODITY_ADVANCE_MAX:
        table.say(
            f"No allegiance advance: the Automas' dice on the {COMMODITY_AREAS[area]} total {known}",
            f"A commodity area advances allegiance only if the dice total there is "
            f"{COMMODITY_ADVANCE_MAX} or less.",
            automa,
            "info",
            what="track.no_advance",
            spaces=(space,),
        )
        return
    table.say(
        f"{faction} track +1 if the {COMMODITY_AREAS[area]}'s dice total "
        f"{COMMODITY_ADVANCE_MAX} or less",
        f"Advance the {faction} allegiance track by 1 if the dice in the {place} (the new "
        f"{knowledge} included) total {COMMODITY_ADVANCE_MAX} or less: a commodity area advances "
        f"allegiance only then.",
        automa,
        what="track.commodity",
        spaces=(space,),
    )
    if not pending_allegiance(state, area):
        return
    _ask_reached(
        table,
        automa,
        area,
        "allegiance",
        f"{automa.capitalize()}'s {knowledge} went to the {place}: if all the dice there total "
        f"{COMMODITY_ADVANCE_MAX} or less, the {faction} allegiance track advances by 1. ",
    )
