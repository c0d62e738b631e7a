"""What the journal's steps said, and what to do on the table to take them back.

The words are those of :mod:`companion.euphoria.words` (`describe_event`, the journal's
line of an event, is importable from here as well);
`replay_steps` plays the journal again to show each step with its
announcements; `undo_lines` says, for steps about to be undone, what to put
back on the table (each line the action that reverses one change, in the
imperative, worded by ``undo.*`` messages), from the difference between the game before
and after them and from what their announcements mean (data, never their text).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from companion.core.catalog import one_language, say
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.questions import Announcement
from companion.euphoria import game
from companion.euphoria.board import AUTOMAS, SITES, area_of
from companion.euphoria.state import GameState
from companion.euphoria.turn import draw_line
from companion.euphoria.words import WORDS, answered, render
from companion.euphoria.words import describe_event as describe_event


@dataclass(frozen=True)
class LoggedStep:
    """One journal event: its number, a title, and what the app announced for it."""

    number: int
    title: str
    announcements: list[Announcement]


def replay_steps(journal: Journal, first: int = 1) -> list[LoggedStep]:
    """Play the journal's events again through the engine API; return steps ``first``.. on."""
    with one_language():  # every event's announcements again: the language read once
        return _replay_steps(journal, first)


def _replay_steps(journal: Journal, first: int) -> list[LoggedStep]:
    copy = Journal(game=journal.game, seed=journal.seed, options=dict(journal.options))
    steps: list[LoggedStep] = []
    for number, event in enumerate(journal.events, 1):
        answers = event.get("answers")
        if number < first:
            copy.events.append(event)
            continue
        title = describe_event(event)
        try:
            if event.get("kind") == "turn":
                said = game.run_turn(copy, answers).announcements
                title = render(said[0], "log")
            else:
                said = game.replay_event(copy, event)
        except CompanionError as exc:  # should not happen for a journal that replays
            said = [Announcement(text=say("(cannot be shown: {error})", error=exc), kind="info")]
            copy.events.append(event)
        if answers:
            title = answered(title, answers)
        steps.append(LoggedStep(number, title, said))
    return steps


def journal_lines(journal: Journal) -> list[dict[str, Any]]:
    """The journal's steps, one line each in the player's language: ``index`` (1 = the
    first), ``revision`` (of the save that wrote it; None if not known) and ``line`` (an
    Automa turn with its card pair, seen then; a human event as the move log says it).

    No replay of the game: a turn's line is its card pair, which only the Automa deck
    decides, and only turns move the deck (``draw_line``); a human event's line is
    the event's own words. A journal of 60,000 events costs its draws, not its moves.
    """
    state = game.RULES.start(journal)
    out = []
    with one_language():  # a line for every event: the language read once
        for index, event in enumerate(journal.events, 1):
            if event.get("kind") == "turn":
                line = render(draw_line(state, game.event_answers(event)), "log")
            else:
                line = describe_event(event)
            out.append({"index": index, "revision": journal.revision_of(index), "line": line})
    return out


def last_step(journal: Journal) -> LoggedStep | None:
    """The journal's last event with its announcements (None before the first step)."""
    if not journal.events:
        return None
    return replay_steps(journal, first=len(journal.events))[-1]


# --- undo: what to put back on the table ------------------------------------------------------


def _do(what: str, who: str = "", **data: Any) -> Announcement:
    return WORDS.announce(what, "", who, "do", **data)


def _workers_back(before: GameState, after: GameState, owner: str) -> list[Announcement]:
    """Each worker move of ``owner`` between ``before`` and ``after``, reversed."""
    was, now = before.automas[owner], after.automas[owner]
    lines = []
    old = Counter((w.knowledge, w.space) for w in was.placed)
    new = Counter((w.knowledge, w.space) for w in now.placed)
    for (knowledge, space), n in sorted((new - old).items(), key=str):
        for _ in range(n):
            lines.append(_do("undo.worker_off", owner, spaces=(space,), dice=(knowledge,)))
    for (knowledge, space), n in sorted((old - new).items(), key=str):
        site = space in SITES and not before.sites[space].built
        for _ in range(n):
            lines.append(
                _do("undo.worker_on", owner, spaces=(space,), dice=(knowledge,), site=site)
            )
    if Counter(was.penalty_card) != Counter(now.penalty_card):
        lines.append(_do("undo.card", owner, faces=tuple(sorted(was.penalty_card))))
    if sorted(was.available) != sorted(now.available):
        lines.append(_do("undo.dice", owner, faces=tuple(sorted(was.available))))
    return lines


def _tokens_back(before: GameState, after: GameState, owner: str) -> list[Announcement]:
    was, now = Counter(before.automas[owner].tokens), Counter(after.automas[owner].tokens)
    lines = []
    for where, n in (now - was).items():
        lines += [_do("undo.token_off", owner, place=where) for _ in range(n)]
    for where, n in (was - now).items():
        lines += [_do("undo.token_on", owner, place=where) for _ in range(n)]
    return lines


def _from_announcements(steps: list[LoggedStep], turns: dict[int, int]) -> list[Announcement]:
    """Reversals told by what the undone steps announced (tracks, the Bazaar)."""
    lines = []
    for step in reversed(steps):
        for item in step.announcements:
            if item.what in UNDONE_TRACKS and item.spaces:
                area = area_of(item.spaces[0])
                lines.append(_do("undo.track", item.who, area=area, track=UNDONE_TRACKS[item.what]))
            elif item.what == "bazaar.discard":
                lines.append(
                    WORDS.announce(
                        "undo.bazaar",
                        kind="info",
                        cards=item.cards,
                        slots=item.slots,
                        turn=turns.get(step.number, 0),
                    )
                )
            elif item.what == "market.humans_return":
                lines.append(_do("undo.humans"))
    return lines


# The tracks an undone step advanced, by its announcement's ``what``: which one goes back.
UNDONE_TRACKS = {
    "track.miner": "miner",
    "track.allegiance": "allegiance",
    "track.commodity": "commodity",
}


def undo_lines(journal: Journal, steps: int) -> list[Announcement]:
    """What to do on the table to take back the journal's last ``steps`` steps.

    Call it before undoing. Each line reverses one change: workers taken back or
    put back, dice turned back, tokens, flips, built markets, tracks, the deck.
    """
    count = len(journal.events)
    steps = max(0, min(steps, count))
    if not steps:
        return []
    after = game.replay(journal)
    earlier = Journal(
        game=journal.game,
        seed=journal.seed,
        options=dict(journal.options),
        events=list(journal.events[: count - steps]),
    )
    before = game.replay(earlier)
    undone = replay_steps(journal, first=count - steps + 1)
    turns: dict[int, int] = {}
    turn = before.turn
    for number, event in enumerate(journal.events[count - steps :], count - steps + 1):
        if event.get("kind") == "turn":
            turn += 1
        turns[number] = turn
    lines: list[Announcement] = []
    for owner in AUTOMAS:
        lines += _workers_back(before, after, owner)
        lines += _tokens_back(before, after, owner)
        if before.automas[owner].penalty_side != after.automas[owner].penalty_side:
            lines.append(_do("undo.flip", owner, penalty=before.automas[owner].penalty_side))
    for site in SITES:
        was, now = before.sites[site].humans, after.sites[site].humans
        if now != was and not after.sites[site].built:
            lines.append(_do("undo.humans", spaces=(site,), workers=was))
        if after.sites[site].built and not before.sites[site].built:
            lines.append(_do("undo.unbuild", spaces=(site,)))
    lines += _from_announcements(undone, turns)
    if after.turn != before.turn:
        lines.append(_deck_back(before, after))
    if after.winner and not before.winner:
        lines.append(WORDS.announce("undo.won", kind="info"))
    return lines


def _deck_back(before: GameState, after: GameState) -> Announcement:
    """The Automa cards of the undone turns, back where they were."""
    return _do(
        "undo.deck",
        action=before.deck.action,
        support=before.deck.support,
        rebuilt=after.deck.passes != before.deck.passes,
    )
