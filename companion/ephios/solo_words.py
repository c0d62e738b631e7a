"""Ephios solo in words: one describer of journal events, and the warnings before a losing move.

:func:`describe_event` is the one text of a journal event, used by the log
screen, the undo and redo messages and the CLI alike. :func:`threats` says
what loses the game from the table as it is (the Plot's known next move, the
reshuffle of the next refill); :func:`warnings` what an action would lose,
before the player commits. Warnings never block a move: the shells show them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.catalog import N_, _, say
from companion.core.errors import InputError
from companion.core.questions import Announcement, Answers, NeedAnswers
from companion.ephios.cards import alliance_name, card_name, is_dignitary, load_deck
from companion.ephios.plot import CROSSROADS_SIZE
from companion.ephios.solo_actions import Action, Corrupt, from_dict
from companion.ephios.solo_corrections import zone_name
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

# The answers a journal event holds, in words (a card or a number follows each).
_ANSWER_NAMES = {
    "preacher": N_("Preacher {value}"),
    "drawn": N_("drew {value}"),
    "perceptive-card": N_("Perceptive {value}"),
    "cost": N_("cost {value}"),
    # hand-limit-1, hand-limit-2 ...: each discard down to the hand limit (no id is shown)
    "hand-limit": N_("discarded {value} (hand limit)"),
}


# The counts a correction sets (``solo_rules.CORRECTIONS``), in words.
COUNT_NAMES = {
    "popularity": N_("your popularity"),
    "persuasion": N_("your persuasion tokens"),
    "affinities": N_("the affinities you hold"),
}


def _answer_order(key: str) -> tuple[str, int]:
    head, _, tail = key.rpartition("-")
    return (head, int(tail)) if tail.isascii() and tail.isdigit() else (key, 0)


def _card(value: object) -> str:
    text = str(value)
    try:
        return card_name(load_deck().parse_card(text))
    except InputError:
        return text


def action_text(data: Mapping[str, Any]) -> str:
    """A stored action in words: 'recruit slot 2 (value 1)', 'unite the Cult with the Banker'."""
    try:
        action = from_dict(data)
    except InputError:
        return " ".join(f"{k} {v}" for k, v in data.items())
    verb = action.verb
    fields = dict(data)
    if verb == "recruit":
        if "cost" in fields:
            return say(
                "recruit slot {slot} (value {cost})", slot=fields["slot"], cost=fields["cost"]
            )
        return say("recruit slot {slot}", slot=fields["slot"])
    if verb == "recruit-top":
        if "card" in fields:
            return say("recruit the top of the draw pile ({card})", card=_card(fields["card"]))
        return _("recruit the top of the draw pile")
    if verb == "debate":
        return say("debate slot {slot}", slot=fields["slot"])
    if verb == "unite":
        alliance = _card(fields["alliance"])
        if fields.get("banker"):
            return say("unite the {alliance} with the Banker", alliance=alliance)
        return say("unite the {alliance}", alliance=alliance)
    if verb == "corrupt":
        return say("corrupt the {card}", card=_card(str(fields["alliance"]) + "-dignitary"))
    if verb == "perceptive":
        return say(
            "use the Perceptive on the {card}", card=_card(str(fields["alliance"]) + "-dignitary")
        )
    if fields.get("replay"):
        return say("use the {card} (Replay)", card=_card(fields["card"]))
    return say("use the {card}", card=_card(fields["card"]))


def describe_event(event: Mapping[str, Any]) -> str:
    """One solo journal event in words, e.g. 'debate slot 1 — revealed Order Dignitary, Cult'."""
    kind = event.get("kind")
    if kind == "move":
        return say(
            "correction: move the {card} from {source} to {target}",
            card=_card(event.get("card")),
            source=zone_name(str(event.get("from"))),
            target=zone_name(str(event.get("to"))),
        )
    if kind == "set":
        value = event.get("value")
        shown = (
            (", ".join(alliance_name(str(v)) for v in value) or _("none"))
            if isinstance(value, list)
            else value
        )
        what = str(event.get("what"))
        named = _(COUNT_NAMES[what]) if what in COUNT_NAMES else what
        return say("correction: set {what} to {value}", what=named, value=shown)
    if kind != "act":
        rest = {k: v for k, v in event.items() if k != "kind"}
        return f"{kind or '?'}: " + ", ".join(f"{k} {v}" for k, v in rest.items())
    stored = event.get("action")
    if isinstance(stored, Mapping):
        words = action_text(stored)
    else:  # an older save, not yet migrated
        words = " ".join(str(w) for w in stored or [])
    answers = dict(event.get("answers", {}))
    reveals = [
        answers.pop(k) for k in sorted(answers, key=_answer_order) if k.startswith("reveal-")
    ]
    parts = [
        say(_ANSWER_NAMES[_answer_order(k)[0]], value=_card(v) if k != "cost" else v)
        if _answer_order(k)[0] in _ANSWER_NAMES
        else f"{k} {v}"
        for k, v in answers.items()
    ]
    if reveals:
        parts.append(say("revealed {cards}", cards=", ".join(_card(r) for r in reveals)))
    return words + (f" — {'; '.join(parts)}" if parts else "")


def event_reveals(event: Mapping[str, Any]) -> list[str]:
    """The cards an action revealed, in order (empty for a correction)."""
    answers = dict(event.get("answers", {})) if event.get("kind") == "act" else {}
    keys = sorted((k for k in answers if k.startswith("reveal-")), key=_answer_order)
    return [str(answers[k]) for k in keys]


def _warn(text: str, what: str, rule: str, why: str = "", **data: Any) -> Announcement:
    return Announcement(
        f"⚠ {text}", why or cite(WHY_WARN), "warn", "plot", what=what, rule=rule, **data
    )


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
                say(
                    "The Plot's next move recruits the {card} (slot {slot}): the {nth}th "
                    "Dignitary in the Plot zone, you lose unless your move changes that.",
                    card=card_name(nxt.card),
                    slot=nxt.slot,
                    nth=lose,
                ),
                "threat.plot",
                RULE_PLOT,
                cite(WHY_LOST_PLOT, alliances=lose),
                cards=(nxt.card,),
                slots=(nxt.slot,) if nxt.slot else (),
            )
        )
    if not state.draw_count() and state.discard_count() and _losing_reshuffle(state.popularity):
        out.append(
            _warn(
                say(
                    "The draw pile is empty: the next refill shuffles the discard pile, "
                    "−{loss}% takes you from {popularity}% to {least}%.",
                    loss=RESHUFFLE_LOSS,
                    popularity=state.popularity,
                    least=MIN_POPULARITY,
                ),
                "threat.reshuffle",
                RULE_END_OF_TURN,
                cite(WHY_RESHUFFLE),
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


def warnings(state: SoloState, action: Action) -> list[Announcement]:
    """What ``action`` would lose, from what the app knows now (never a refusal).

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
        return [_warn(_("This move loses the game at once."), "warn.now", RULE_END_OF_TURN)]
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
                say(
                    "After this move the Plot recruits the {card}: the {nth}th Dignitary "
                    "in the Plot zone, you lose.",
                    card=card_name(card),
                    nth=lose,
                ),
                "warn.plot",
                RULE_PLOT,
                cite(WHY_LOST_PLOT, alliances=lose),
                cards=(card,),
            )
        )
    missing = max(0, CROSSROADS_SIZE - len(after.crossroads))
    draw = after.draw_count()
    reshuffles = draw < missing + plot_turns and after.discard_count()
    if reshuffles and _losing_reshuffle(after.popularity):
        data = {"loss": RESHUFFLE_LOSS, "popularity": after.popularity, "least": MIN_POPULARITY}
        out.append(
            _warn(
                say(
                    "The refill after your turn shuffles the discard pile: −{loss}% takes "
                    "you from {popularity}% to {least}%, you lose.",
                    **data,
                )
                if draw < missing
                else say(
                    "The refill after the Plot's turn shuffles the discard pile: −{loss}% takes "
                    "you from {popularity}% to {least}%, you lose.",
                    **data,
                ),
                "warn.reshuffle",
                RULE_END_OF_TURN,
                cite(WHY_RESHUFFLE),
            )
        )
    return out
