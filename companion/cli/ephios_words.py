"""The words of `companion ephios solo act`, turned into the engine's typed actions and back.

ACTION: ``recruit SLOT [COST]`` | ``recruit-top [CARD]`` | ``debate SLOT`` |
``unite ALLIANCE [banker]`` | ``corrupt ALLIANCE`` | ``use perceptive
ALLIANCE [CARD]`` | ``use CARD [replay]``. The wording of errors is the
shell's; the engine checks the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.catalog import _, say
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
from companion.ephios.solo_rules import SUPPLY, result_text
from companion.ephios.solo_state import SoloState
from companion.ephios.solo_words import threats

CLI_VERBS = ("recruit", "recruit-top", "debate", "unite", "corrupt", "use")
USAGE = (
    "recruit SLOT [COST] | recruit-top [CARD] | debate SLOT | unite ALLIANCE [banker] | "
    "corrupt ALLIANCE | use perceptive ALLIANCE [CARD] | use CARD [replay]"
)


def _slot(verb: str, rest: Sequence[str]) -> int:
    if not rest:
        raise InputError(say("{verb} needs a slot number (1 = leftmost)", verb=verb))
    try:
        return parse_int(rest[0])
    except InputError:
        raise InputError(
            say("{verb}: slot {slot} is not a number", verb=verb, slot=repr(rest[0]))
        ) from None


def _no_more(verb: str, extra: Sequence[str], allowed: str = "") -> None:
    if extra:
        words = repr(" ".join(extra))
        if allowed:
            raise InputError(
                say(
                    "{verb}: unexpected {words} (only {allowed} may follow)",
                    verb=verb,
                    words=words,
                    allowed=allowed,
                )
            )
        raise InputError(say("{verb}: unexpected {words}", verb=verb, words=words))


def parse_action(words: Sequence[str], *, banker: bool = False, cost: int | None = None) -> Action:
    """The typed action for the words of ``solo act`` (``--banker`` and ``--cost`` as given)."""
    w = [str(x).strip().lower() for x in words]
    if not w:
        raise InputError(say("no action given ({usage})", usage=USAGE))
    verb, rest = w[0], w[1:]
    # An option the action does not use is refused, not ignored.
    if cost is not None and verb != "recruit":
        raise InputError(say("--cost is for recruit only, not {verb}", verb=verb))
    if banker and verb != "unite":
        raise InputError(say("--banker is for unite only, not {verb}", verb=verb))
    if verb == "recruit":
        slot = _slot(verb, rest)
        _no_more(verb, rest[2:])
        if len(rest) > 1:
            try:
                value = parse_int(rest[1])
            except InputError:
                raise InputError(
                    say("recruit: value {value} is not a number", value=repr(rest[1]))
                ) from None
            if cost is not None and cost != value:
                raise InputError(
                    say("recruit: value {value} contradicts --cost {cost}", value=value, cost=cost)
                )
            cost = value
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
            raise InputError(_("unite needs an alliance"))
        _no_more(verb, [x for x in rest[1:] if x != "banker"], "'banker'")
        return Unite(rest[0], banker=banker or "banker" in rest[1:])
    if verb == "corrupt":
        if not rest:
            raise InputError(_("corrupt needs the alliance of a Dignitary in the Plot zone"))
        _no_more(verb, rest[1:])
        return Corrupt(rest[0])
    if verb == "use":
        if not rest:
            raise InputError(_("use needs 'perceptive ALLIANCE' or the card of your hand you use"))
        if rest[0] == "preacher":
            raise InputError(
                _(
                    "the Preacher is used when the Plot debates: give --preacher CARD with your action"
                )
            )
        if rest[0] == "perceptive":
            if len(rest) < 2:
                raise InputError(
                    _("use perceptive needs the alliance of a Dignitary in the Plot zone")
                )
            _no_more("use perceptive", rest[3:])
            return Perceptive(rest[1], rest[2] if len(rest) > 2 else None)
        _no_more(verb, [x for x in rest[1:] if x != "replay"], "'replay'")
        return Use(rest[0], replay="replay" in rest[1:])
    raise InputError(
        say(
            "{action} is not an action (one of {verbs})",
            action=repr(verb),
            verbs=", ".join(CLI_VERBS),
        )
    )


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
    empty = _("empty")
    head = {"turn": state.turn, "popularity": state.popularity, "supply": state.supply}
    zone = {"zone": ", ".join(state.plot_zone) or empty, "hand": ", ".join(state.hand) or empty}
    return [
        say(
            "Turn {turn} · popularity {popularity}% · persuasion {tokens} (supply {supply}–{most})",
            tokens=state.persuasion_text(),
            most=SUPPLY - state.token_range()[0],
            **head,
        )
        if state.tokens_low is not None
        else say(
            "Turn {turn} · popularity {popularity}% · persuasion {tokens} (supply {supply})",
            tokens=state.tokens,
            **head,
        ),
        say(
            "Crossroads (slot 1 = left): {cards}",
            cards=", ".join(c or _("(gap)") for c in state.row()) or empty,
        ),
        say(
            "Plot zone: {zone} (and {others}) · your hand: {hand}",
            others=", ".join(state.plot_others),
            **zone,
        )
        if state.plot_others
        else say("Plot zone: {zone} · your hand: {hand}", **zone),
        say(
            "Affinities: {affinities} · draw pile {draw} · discard pile {discard}",
            affinities=", ".join(state.affinities) or _("none"),
            draw=state.draw_count(),
            discard=state.discard_count(),
        ),
        *([say("Result: {result}", result=result_text(state.result))] if state.result else []),
        *([_("Replay: take your new action now.")] if state.again else []),
        # What loses from the table as it is (the JSON's "warnings"; the app shows them too)
        *(f"{threat.text}  ({threat.why})" for threat in threats(state)),
    ]


def table_lines(state: QuickState) -> list[str]:
    """A quick game (or campaign round) as lines: popularity, direction, whose turn or winner."""
    lines = [" · ".join(f"{p} {state.popularity[p]}%" for p in state.players)]
    if state.has_direction_token:
        lines.append(
            _("Direction token: clockwise")
            if state.clockwise
            else _("Direction token: counterclockwise")
        )
    lines.append(
        say("Winner: {player}", player=state.winner)
        if state.winner
        else say("{player}'s turn", player=state.players[state.current])
    )
    return lines


def campaign_lines(state: CampaignState) -> list[str]:
    """A campaign as lines: the round, who started it, the wins, then the round's table."""
    wins = ", ".join(f"{p} {n}" for p, n in state.wins.items())
    head = [
        say(
            "Round {number} · started by {player} · round wins: {wins}",
            number=state.number,
            player=state.started_by,
            wins=wins,
        )
    ]
    if state.champion:
        return [*head, say("Campaign winner: {player}", player=state.champion)]
    return head + table_lines(state.round)
