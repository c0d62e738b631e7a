"""Ephios solo mode: the player against the Plot (rulebook, "Solo Mode").

A game is a Journal: options (difficulty, the initial crossroads) and one
event per step. The state is derived by replaying the events. The app sees
every card move, so it knows the exact cards of the draw and discard piles
and offers only the still-possible cards when it asks what was revealed.

The engine is split by job: the numbers and rule texts
(:mod:`~companion.ephios.solo_rules`), the state and set-up
(:mod:`~companion.ephios.solo_state`), the typed actions
(:mod:`~companion.ephios.solo_actions`), the End of Turn and the Plot's turn
(:mod:`~companion.ephios.solo_table`), the player's turn
(:mod:`~companion.ephios.solo_turn`), the table corrections
(:mod:`~companion.ephios.solo_corrections`), the warnings
(:mod:`~companion.ephios.solo_words`) and every move's words, the journal's lines with them
(:mod:`~companion.ephios.words`). This module plays and records
steps; the names the shells use are importable from here.

Journal events (docs/playing-ephios.md, "The save file"):

- ``{"kind": "act", "action": {"verb": ..., ...}, "answers": {id: value}}``: a
  player action (see :mod:`~companion.ephios.solo_actions`), then End of
  Turn and the Plot's turn(s). Saves of older versions store the action as a
  word list; they are migrated when loaded (:func:`migrate`).
- ``{"kind": "move", "card": CARD, "from": ZONE, "to": ZONE}``: a card the
  user moved (not an action).
- ``{"kind": "set", "what": WHAT, "value": VALUE}``: ``popularity``
  (0-100), ``persuasion`` (0-5) or ``affinities`` (a list of alliances).

Questions: ``reveal-1``, ``reveal-2``, ... (cards revealed, in order),
``cost``, ``drawn``, ``perceptive-card``, ``hand-limit-1``, ...; the answer
``preacher=CARD`` arms the Preacher for the action. A step that lacks an
answer raises NeedAnswers (with ``.announcements``, what was worked out so
far, and ``.context``, the table so far) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core import session
from companion.core.catalog import _, say, say_n
from companion.core.errors import InputError
from companion.core.journal import Journal
from companion.core.outcome import Outcome
from companion.core.questions import Announcement, Answers, NeedAnswers
from companion.core.rng import new_seed
from companion.core.validate import Fields
from companion.ephios.cards import EphiosDeck, card_alliance, load_deck
from companion.ephios.solo_actions import (
    ACTIONS,
    VERBS,
    Action,
    Corrupt,
    Debate,
    Perceptive,
    Recruit,
    RecruitTop,
    Unite,
    Use,
    from_dict,
    from_words,
    to_dict,
)
from companion.ephios.solo_corrections import (
    Corrections,
    move_event,
    parse_zone,
    set_event,
    takeable,
    what_of,
    zone_text,
)
from companion.ephios.solo_rules import (
    CORRECTIONS,
    DIFFICULTIES,
    GAME,
    HAND_LIMIT,
    MAX_POPULARITY,
    MAX_TOKENS,
    MIN_POPULARITY,
    RECRUIT_TOP_COST,
    RESHUFFLE_LOSS,
    START_TOKENS,
    SUPPLY,
    UNITE_GAIN,
    ZONES,
    difficulty_text,
    result_text,
)
from companion.ephios.solo_state import (
    SoloState,
    as_answers,
    check_difficulty,
    distinct,
    setup_questions,
    setup_steps,
    start_state,
    summary,
)
from companion.ephios.solo_turn import Turn
from companion.ephios.solo_turn import recruit_cost as _recruit_cost
from companion.ephios.solo_words import event_reveals, threats, warnings
from companion.ephios.words import describe_event

# The version of the journal's action format: 2 = typed actions, table slots.
ACTIONS_FORMAT = 2

__all__ = [
    "ACTIONS",
    "CORRECTIONS",
    "DIFFICULTIES",
    "GAME",
    "HAND_LIMIT",
    "MAX_POPULARITY",
    "MAX_TOKENS",
    "MIN_POPULARITY",
    "RECRUIT_TOP_COST",
    "RESHUFFLE_LOSS",
    "START_TOKENS",
    "SUPPLY",
    "UNITE_GAIN",
    "VERBS",
    "ZONES",
    "Action",
    "Corrupt",
    "Debate",
    "Perceptive",
    "Recruit",
    "RecruitTop",
    "SoloState",
    "Unite",
    "Use",
    "act",
    "apply_event",
    "correct",
    "describe_event",
    "difficulty_text",
    "event_reveals",
    "legal_actions",
    "migrate",
    "move",
    "move_event",
    "new_game",
    "parse_zone",
    "play",
    "play_move",
    "play_set",
    "recruit_cost",
    "refusal",
    "replay",
    "result_text",
    "set_event",
    "setup_questions",
    "setup_steps",
    "start_state",
    "summary",
    "takeable",
    "threats",
    "warnings",
]


def new_game(
    difficulty: str = "normal",
    seed: int | None = None,
    answers: Answers | Mapping[str, str] | None = None,
) -> Journal:
    """A new solo game; the initial crossroads comes from answers ``reveal-1``..``reveal-4``."""
    check_difficulty(difficulty)
    cards = setup_questions(answers)
    journal = Journal(
        game=GAME,
        seed=seed if seed is not None else new_seed(),
        options={"difficulty": difficulty, "crossroads": cards, "actions": ACTIONS_FORMAT},
    )
    journal.summary = summary(replay(journal))
    return journal


def act(
    state: SoloState,
    action: Action,
    answers: Answers | Mapping[str, str] | None = None,
) -> tuple[SoloState, list[Announcement], dict[str, str]]:
    """Play one player action, the end of turn and the Plot's turn(s) on a copy of ``state``.

    Returns the new state, the announcements and the answers that were used
    (what the journal records). Raises NeedAnswers or InputError having
    changed nothing.
    """
    if not isinstance(action, tuple(ACTIONS.values())):
        raise InputError(
            say(
                "{action} is not an action (one of {verbs})",
                action=repr(action),
                verbs=", ".join(VERBS),
            )
        )
    ans = as_answers(answers)
    turn = Turn(state, ans, load_deck())
    turn.run(action)
    unused = sorted(k for k in ans.raw if k.startswith("reveal-") and k not in ans.used)
    if unused and not turn.ended:
        raise InputError(
            say_n(
                "{n} more card given than were revealed ({reveals})",
                "{n} more cards given than were revealed ({reveals})",
                len(unused),
                reveals=turn.reveals,
            )
        )
    used = {k: str(ans.raw[k]) for k in ans.raw if k in ans.used}
    return turn.s, turn.out, used


def refusal(state: SoloState, action: Action) -> str | None:
    """Why the engine refuses ``action`` now (one line), or None if it may be played."""
    try:
        act(state, action)
    except NeedAnswers:
        return None
    except InputError as exc:
        return str(exc)
    return None


def move(
    state: SoloState, card: str, source: str, target: str
) -> tuple[SoloState, list[Announcement]]:
    """Move ``card`` from zone ``source`` to zone ``target`` on a copy of ``state``.

    A table correction for an effect the app does not model ("Use": e.g.
    "Add to your hand", the Medium). It is not an action: no end of turn, no
    Plot turn; victory and defeat are checked at once. InputError (nothing
    changed) if the card is not where the user says or a zone is unknown.
    """
    fix = Corrections(state, Answers(raw={}), load_deck())
    fix.move(card, source, target)
    return fix.s, fix.out


def correct(state: SoloState, what: str, value: object) -> tuple[SoloState, list[Announcement]]:
    """Set ``popularity`` (0-100), ``persuasion`` (0-5) or ``affinities`` on a copy of ``state``.

    A table correction; victory and defeat are checked at once (0% loses,
    5 affinities win). InputError (nothing changed) for a bad value.
    """
    fix = Corrections(state, Answers(raw={}), load_deck())
    fix.correct(what_of(what), value)
    return fix.s, fix.out


def event_action(event: Mapping[str, Any]) -> Action:
    """The typed action of an ``act`` event (its stored table); InputError if malformed."""
    stored = event.get("action")
    if isinstance(stored, Mapping):
        return from_dict(stored)
    raise InputError(_("the action is not a table with a verb"), field="action")


def apply_event(state: SoloState, event: Mapping[str, Any]) -> tuple[SoloState, list[Announcement]]:
    """Replay one journal event (``act``, ``move`` or ``set``) on ``state``; InputError if invalid."""
    kind = event.get("kind")
    if kind == "act":
        answers = event.get("answers", {})
        if not isinstance(answers, Mapping):
            raise InputError(_("answers is not a table"), field="answers")
        new, out, _used = act(state, event_action(event), dict(answers))
        return new, out
    if kind == "move":
        return move(
            state, str(event.get("card", "")), str(event.get("from", "")), str(event.get("to", ""))
        )
    if kind == "set":
        return correct(state, str(event.get("what", "")), event.get("value", ""))
    raise InputError(say("unknown event kind {kind}", kind=repr(kind)))


def _legacy_slot(state: SoloState, slot: int, into: bool = False) -> int:
    """A slot of an older save (counted over the cards, gaps closed) as a table slot."""
    if 1 <= slot <= len(state.crossroads):
        return state.slot_of(slot - 1)
    return len(state.row()) + 1 if into else slot


def _legacy_event(state: SoloState | None, event: Mapping[str, Any]) -> dict[str, Any]:
    """An event of an older save in today's form (typed action, table slots)."""
    new = dict(event)
    if event.get("kind") == "act" and not isinstance(event.get("action"), Mapping):
        stored = event.get("action")
        if not isinstance(stored, list | tuple):
            raise InputError(_("the action is neither a table nor a word list"), field="action")
        action = from_words([str(w) for w in stored])
        if state is not None and isinstance(action, Recruit | Debate):
            action = replace(action, slot=_legacy_slot(state, action.slot))
        new["action"] = to_dict(action)
    elif event.get("kind") == "move" and state is not None:
        for key, into in (("from", False), ("to", True)):
            zone, slot = parse_zone(str(event.get(key, "")))
            if zone == "crossroads" and slot is not None:
                new[key] = zone_text(zone, _legacy_slot(state, slot, into))
    return new


def migrate(journal: Journal, source: str = "save") -> bool:
    """Bring a journal written before the typed actions to today's form; True if it changed.

    Each word-list action becomes its typed table and every crossroads slot is
    counted on the table (the state before the event tells where the gaps are).
    The journal's events are replaced (the save keeps the new form once written)
    (an event that cannot be read stays as it is: replay then names it).
    """
    if journal.options.get("actions") == ACTIONS_FORMAT:
        return False
    options = journal.options
    state: SoloState | None
    try:
        state = start_state(str(options.get("difficulty", "")), list(options.get("crossroads", [])))
    except (InputError, TypeError):
        state = None
    events = []
    for event in [*journal.events, None, *journal.redo_stack]:
        if event is None:  # the redo stack: its slots are taken as they are
            state = None
            continue
        try:
            converted = _legacy_event(state, event)
        except (InputError, TypeError, ValueError):
            converted = dict(event)  # replay names the event that cannot be read
        events.append(converted)
        if state is not None:
            try:
                state = apply_event(state, converted)[0]
            except (InputError, NeedAnswers, TypeError, ValueError):
                state = None
    redo = events[len(journal.events) :]
    events = events[: len(journal.events)]
    journal.events[:] = events
    journal.redo_stack[:] = redo
    journal.options["actions"] = ACTIONS_FORMAT
    return True


def _start(journal: Journal) -> SoloState:
    options = Fields.of(journal.options, item="options")
    return start_state(options.text("difficulty", ""), options.texts("crossroads", []))


def outcome(state: SoloState) -> Outcome:
    """How the game stands ("Solo Mode, Victory and Defeat"): you win with the 5 different
    affinities; you lose at 0% popularity or with the 5 Dignitaries in the Plot zone."""
    result = state.result
    n = len(load_deck().alliances)
    if result == "won":
        headline = say(
            "You gathered the {n} affinities on turn {turn}: you won.", n=n, turn=state.turn
        )
    elif result == "lost" and state.popularity <= MIN_POPULARITY:
        headline = say(
            "On turn {turn} your popularity reached {least}%: the Plot won.",
            turn=state.turn,
            least=MIN_POPULARITY,
        )
    elif result == "lost":
        headline = say(
            "On turn {turn} the Plot gathered the {n} Dignitaries: the Plot won.",
            n=n,
            turn=state.turn,
        )
    else:
        headline = say(
            "The game goes on: turn {turn}, {popularity}%.",
            turn=state.turn,
            popularity=state.popularity,
        )
    return Outcome(
        game=GAME,
        ended=result is not None,
        result=result,
        winner={"won": "human", "lost": "plot"}.get(result or ""),
        turns=state.turn,
        difficulty=state.difficulty,
        headline=headline,
        series_label=_("Your popularity (%) and the Dignitaries in the Plot zone, each turn"),
    )


RULES = session.FunctionRules(GAME, _start, apply_event, summary, outcome, migrate_fn=migrate)


def replay(journal: Journal, source: str = "save") -> SoloState:
    """The state of a solo game from its journal (an older save is migrated first); SaveError
    naming ``source`` and the event if invalid."""
    return session.replay(RULES, journal, source)


def play(
    journal: Journal,
    action: Action,
    answers: Answers | Mapping[str, str] | None = None,
    source: str = "save",
) -> list[Announcement]:
    """Play an action in the game of ``journal`` and record it; the journal is unchanged on error."""
    state = replay(journal, source)
    given = as_answers(answers)
    new, out, used = act(state, action, given)
    _refuse_unused(given, used)
    event = {"kind": "act", "action": to_dict(action), "answers": used}
    session.record(RULES, journal, event, new)
    return out


def _refuse_unused(given: Answers, used: Mapping[str, str]) -> None:
    """An answer the step did not use is refused, not ignored: cards given beyond those
    revealed (also when the step ends the game), an answer to a question not asked."""
    reveals = [k for k in given.raw if k not in used and k.startswith("reveal-")]
    if reveals:
        raise InputError(
            say_n(
                "{n} more card given than were revealed ({reveals})",
                "{n} more cards given than were revealed ({reveals})",
                len(reveals),
                reveals=sum(1 for k in used if k.startswith("reveal-")),
            )
        )
    given.refuse_unused()


def _record(journal: Journal, event: dict[str, Any], source: str) -> list[Announcement]:
    state = replay(journal, source)
    new, out = apply_event(state, event)
    session.record(RULES, journal, event, new)
    return out


def play_move(
    journal: Journal, card: str, source: str, target: str, source_name: str = "save"
) -> list[Announcement]:
    """Record a card move (see :func:`move`) in the game of ``journal``; unchanged on error."""
    return _record(journal, move_event(card, source, target), source_name)


def play_set(
    journal: Journal, what: str, value: object, source: str = "save"
) -> list[Announcement]:
    """Record a correction (see :func:`correct`) in the game of ``journal``; unchanged on error."""
    return _record(journal, set_event(replay(journal, source), what, value), source)


def recruit_cost(card: str, deck: EphiosDeck | None = None) -> tuple[int, int]:
    """The persuasion value a recruit of ``card`` can cost, as (lowest, highest): a Dignitary's
    is printed (3); an ordinary personality's is 1 or 2 (the rulebook does not list it per card)."""
    return _recruit_cost(card, deck or load_deck())


def legal_actions(state: SoloState) -> list[Action]:
    """The actions the player may take now (answers such as costs are asked later)."""
    if state.result:
        return []
    deck = load_deck()
    actions: list[Action] = []
    row = state.row()
    for slot, card in enumerate(row, 1):
        if card is not None and state.tokens >= recruit_cost(card, deck)[0]:
            actions.append(Recruit(slot))
    if state.tokens >= RECRUIT_TOP_COST and (state.draw_count() or state.discard_count()):
        actions.append(RecruitTop())
    actions.extend(Debate(slot) for slot, card in enumerate(row, 1) if card is not None)
    for alliance in deck.alliances.values():
        if sum(1 for c in state.hand if card_alliance(c) == alliance.id) >= alliance.unite:
            actions.append(Unite(alliance.id))
    if state.hand:
        actions.extend(Unite(a, banker=True) for a in deck.alliances)
    for plotted in dict.fromkeys(state.plot_zone):
        actions.append(Corrupt(plotted))
    if state.hand:
        actions.extend(Perceptive(a) for a in dict.fromkeys(state.plot_zone))
        actions.extend(Use(c) for c in distinct(state.hand, deck))
    return actions
