"""Ephios solo's warnings before a losing move (their words are in :mod:`~companion.ephios.words`).

:func:`threats` says what loses the game from the table as it is (the Plot's known next
move, the reshuffle of the next refill); :func:`warnings` what an action would lose, before
the player commits. Warnings never block a move: the shells show them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.catalog import language, touch
from companion.core.errors import InputError
from companion.core.questions import Announcement, Answers, NeedAnswers
from companion.ephios.cards import is_dignitary, load_deck
from companion.ephios.plot import CROSSROADS_SIZE
from companion.ephios.solo_actions import Action, Corrupt
from companion.ephios.solo_rules import (
    MIN_POPULARITY,
    RESHUFFLE_LOSS,
    RULE_END_OF_TURN,
    RULE_PLOT,
    WHY_LOST_PLOT,
    WHY_RESHUFFLE,
    WHY_WARN,
    cite,
)
from companion.ephios.solo_state import SoloState
from companion.ephios.solo_table import dignitaries_to_lose
from companion.ephios.words import SOLO_WORDS, answer_order


def event_reveals(event: Mapping[str, Any]) -> list[str]:
    """The cards an action revealed, in order (empty for a correction)."""
    answers = dict(event.get("answers", {})) if event.get("kind") == "act" else {}
    keys = sorted((k for k in answers if k.startswith("reveal-")), key=answer_order)
    return [str(answers[k]) for k in keys]


def _warn(what: str, rule: str, why: str = "", **data: Any) -> Announcement:
    return SOLO_WORDS.announce(what, why or cite(WHY_WARN), "plot", "warn", rule=rule, **data)


def _losing_reshuffle(popularity: int) -> bool:
    return popularity - RESHUFFLE_LOSS <= MIN_POPULARITY


def threats(state: SoloState) -> list[Announcement]:
    """What loses the game from the table as it is, if the player does not prevent it.

    The Plot's known next move (a Dignitary on the crossroads while the Plot zone holds
    4) and the reshuffle (−10%) that the next refill needs when the draw pile is empty
    and popularity is at 10% or less.
    """
    if state.result:
        return []
    deck = load_deck()
    out: list[Announcement] = []
    nxt = state.plot_next()
    lose = dignitaries_to_lose(deck)
    if (
        nxt is not None
        and nxt.action == "recruit"
        and nxt.card
        and len(set(state.plot_zone)) + 1 >= lose
    ):
        out.append(
            _warn(
                "threat.plot",
                RULE_PLOT,
                cite(WHY_LOST_PLOT, alliances=lose),
                cards=(nxt.card,),
                slots=(nxt.slot,) if nxt.slot else (),
                nth=lose,
            )
        )
    if not state.draw_count() and state.discard_count() and _losing_reshuffle(state.popularity):
        out.append(
            _warn(
                "threat.reshuffle",
                RULE_END_OF_TURN,
                cite(WHY_RESHUFFLE),
                loss=RESHUFFLE_LOSS,
                popularity=state.popularity,
                least=MIN_POPULARITY,
            )
        )
    return out


def _after_player(state: SoloState, action: Action) -> SoloState | None:
    """The state right after the player's part of ``action`` (before End of Turn), with the
    unknown answers taken as the cheapest; None if the engine refuses the action."""
    from companion.ephios.solo_turn import Turn

    deck = load_deck()
    answers: dict[str, str] = {}
    for _attempt in range(4):
        turn = Turn(state, Answers(raw=dict(answers)), deck)
        try:
            getattr(turn, action.verb.replace("-", "_"))(action)
        except NeedAnswers as need:
            q = need.questions[0]
            answers[q.id] = str(q.minimum) if q.kind == "number" else q.choices[0]
            continue
        except InputError:
            return None
        return turn.s
    return None


# What each (language, state, action) warned, the latest first out: a menu asks it of
# every legal action for its labels, its sub-menu again, and every view of the same table
# again, each time playing the action on a copy of the state (most of a solo step's CPU).
_WARNED: dict[tuple[str, bool, str, Action], tuple[Announcement, ...]] = {}
_WARNED_SIZE = 512


def warnings(state: SoloState, action: Action) -> list[Announcement]:
    """What ``action`` would lose, from what the app knows now (never a refusal).

    Remembered for the same state (every field, as its ``repr`` shows it), action and
    language: the announcements are frozen, the list a new one each call."""
    key = (language(), touch(), repr(state), action)
    found = _WARNED.get(key)
    if found is None:
        found = tuple(_warnings(state, action))
        if len(_WARNED) >= _WARNED_SIZE:
            del _WARNED[next(iter(_WARNED))]
        _WARNED[key] = found
    return list(found)


def _warnings(state: SoloState, action: Action) -> list[Announcement]:
    """What ``action`` would lose (:func:`warnings`), worked out.

    After the action: the Plot's known move recruits the 5th Dignitary (one on the
    crossroads, or two after a Corrupt), or a refill must shuffle the discard pile at
    10% popularity or less. Cards the refill reveals are unknown and not guessed.
    """
    if state.result:
        return []
    after = _after_player(state, action)
    if after is None:
        return []
    if after.result == "lost":
        return [_warn("warn.now", RULE_END_OF_TURN)]
    if after.result or after.again:
        return []
    deck = load_deck()
    out: list[Announcement] = []
    plot_turns = 2 if isinstance(action, Corrupt) else 1
    dignitaries = [c for c in after.crossroads if is_dignitary(c)]
    zone = len(set(after.plot_zone))
    lose = dignitaries_to_lose(deck)
    if dignitaries and zone + min(len(dignitaries), plot_turns) >= lose:
        card = dignitaries[-1]
        out.append(
            _warn(
                "warn.plot",
                RULE_PLOT,
                cite(WHY_LOST_PLOT, alliances=lose),
                cards=(card,),
                nth=lose,
            )
        )
    missing = max(0, CROSSROADS_SIZE - len(after.crossroads))
    draw = after.draw_count()
    reshuffles = draw < missing + plot_turns and after.discard_count()
    if reshuffles and _losing_reshuffle(after.popularity):
        out.append(
            _warn(
                "warn.reshuffle",
                RULE_END_OF_TURN,
                cite(WHY_RESHUFFLE),
                loss=RESHUFFLE_LOSS,
                popularity=after.popularity,
                least=MIN_POPULARITY,
                after_plot=draw >= missing,
            )
        )
    return out
