"""The words of `companion ephios solo act`, turned into the engine's typed actions and back.

ACTION: ``recruit SLOT [COST]`` | ``recruit-top [CARD]`` | ``debate SLOT`` |
``unite ALLIANCE [banker]`` | ``corrupt ALLIANCE`` | ``use perceptive
ALLIANCE [CARD]`` | ``use CARD [replay]``. The wording of errors is the
shell's; the engine checks the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.errors import InputError
from companion.core.validate import parse_int
from companion.ephios.campaign import CampaignState
from companion.ephios.quick import QuickState
from companion.ephios.solo_actions import (
    Action,
    Corrupt,
    Debate,
    Perceptive,
    Recruit,
    RecruitTop,
    Unite,
    Use,
)
from companion.ephios.solo_rules import SUPPLY
from companion.ephios.solo_state import SoloState

CLI_VERBS = ("recruit", "recruit-top", "debate", "unite", "corrupt", "use")
USAGE = (
    "recruit SLOT [COST] | recruit-top [CARD] | debate SLOT | unite ALLIANCE [banker] | "
    "corrupt ALLIANCE | use perceptive ALLIANCE [CARD] | use CARD [replay]"
)


def _slot(verb: str, rest: Sequence[str]) -> int:
    if not rest:
        raise InputError(f"{verb} needs a slot number (1 = leftmost)")
    try:
        return parse_int(rest[0])
    except InputError:
        raise InputError(f"{verb}: slot {rest[0]!r} is not a number") from None


def _no_more(verb: str, extra: Sequence[str], allowed: str = "") -> None:
    if extra:
        may = f" (only {allowed} may follow)" if allowed else ""
        raise InputError(f"{verb}: unexpected {' '.join(extra)!r}{may}")


def parse_action(words: Sequence[str], *, banker: bool = False, cost: int | None = None) -> Action:
    """The typed action for the words of ``solo act`` (``--banker`` and ``--cost`` as given)."""
    w = [str(x).strip().lower() for x in words]
    if not w:
        raise InputError(f"no action given ({USAGE})")
    verb, rest = w[0], w[1:]
    if verb == "recruit":
        slot = _slot(verb, rest)
        _no_more(verb, rest[2:])
        if len(rest) > 1:
            try:
                cost = parse_int(rest[1])
            except InputError:
                raise InputError(f"recruit: value {rest[1]!r} is not a number") from None
        return Recruit(slot, cost)
    if verb == "recruit-top":
        _no_more(verb, rest[1:])
        return RecruitTop(rest[0] if rest else None)
    if verb == "debate":
        slot = _slot(verb, rest)
        _no_more(verb, rest[1:])
        return Debate(slot)
    if verb == "unite":
        if not rest:
            raise InputError("unite needs an alliance")
        _no_more(verb, [x for x in rest[1:] if x != "banker"], "'banker'")
        return Unite(rest[0], banker=banker or "banker" in rest[1:])
    if verb == "corrupt":
        if not rest:
            raise InputError("corrupt needs the alliance of a Dignitary in the Plot zone")
        _no_more(verb, rest[1:])
        return Corrupt(rest[0])
    if verb == "use":
        if not rest:
            raise InputError("use needs 'perceptive ALLIANCE' or the card of your hand you use")
        if rest[0] == "preacher":
            raise InputError(
                "the Preacher is used when the Plot debates: give --preacher CARD with your action"
            )
        if rest[0] == "perceptive":
            if len(rest) < 2:
                raise InputError(
                    "use perceptive needs the alliance of a Dignitary in the Plot zone"
                )
            _no_more("use perceptive", rest[3:])
            return Perceptive(rest[1], rest[2] if len(rest) > 2 else None)
        _no_more(verb, [x for x in rest[1:] if x != "replay"], "'replay'")
        return Use(rest[0], replay="replay" in rest[1:])
    raise InputError(f"{verb!r} is not an action (one of {', '.join(CLI_VERBS)})")


def action_words(action: Action) -> list[str]:
    """The words of ``solo act`` for a typed action (``legal_actions`` in the JSON)."""
    if isinstance(action, Recruit):
        return ["recruit", str(action.slot), *([str(action.cost)] if action.cost else [])]
    if isinstance(action, RecruitTop):
        return ["recruit-top", *([action.card] if action.card else [])]
    if isinstance(action, Debate):
        return ["debate", str(action.slot)]
    if isinstance(action, Unite):
        return ["unite", action.alliance, *(["banker"] if action.banker else [])]
    if isinstance(action, Corrupt):
        return ["corrupt", action.alliance]
    if isinstance(action, Perceptive):
        return ["use", "perceptive", action.alliance, *([action.card] if action.card else [])]
    return ["use", action.card, *(["replay"] if action.replay else [])]


def solo_lines(state: SoloState) -> list[str]:
    """The solo state as the lines `solo show` prints (the crossroads as on the table)."""
    return [
        f"Turn {state.turn} · popularity {state.popularity}% · persuasion "
        f"{state.persuasion_text()} (supply {state.supply}–{SUPPLY - state.token_range()[0]})"
        if state.tokens_low is not None
        else f"Turn {state.turn} · popularity {state.popularity}% · persuasion {state.tokens} "
        f"(supply {state.supply})",
        f"Crossroads (slot 1 = left): {', '.join(c or '(gap)' for c in state.row()) or 'empty'}",
        f"Plot zone: {', '.join(state.plot_zone) or 'empty'}"
        + (f" (and {', '.join(state.plot_others)})" if state.plot_others else "")
        + f" · your hand: {', '.join(state.hand) or 'empty'}",
        f"Affinities: {', '.join(state.affinities) or 'none'} · draw pile {state.draw_count()} · "
        f"discard pile {state.discard_count()}",
        *([f"Result: {state.result}"] if state.result else []),
        *(["Replay: take your new action now."] if state.again else []),
    ]


def table_lines(state: QuickState) -> list[str]:
    """A quick game (or campaign round) as lines: popularity, direction, whose turn or winner."""
    lines = [" · ".join(f"{p} {state.popularity[p]}%" for p in state.players)]
    if state.has_direction_token:
        lines.append(f"Direction token: {'clockwise' if state.clockwise else 'counterclockwise'}")
    lines.append(
        f"Winner: {state.winner}" if state.winner else f"{state.players[state.current]}'s turn"
    )
    return lines


def campaign_lines(state: CampaignState) -> list[str]:
    """A campaign as lines: the round, who started it, the wins, then the round's table."""
    wins = ", ".join(f"{p} {n}" for p, n in state.wins.items())
    head = [f"Round {state.number} · started by {state.started_by} · round wins: {wins}"]
    if state.champion:
        return [*head, f"Campaign winner: {state.champion}"]
    return head + table_lines(state.round)
