"""How an Ephios game went, turn by turn (for the end-of-game screen and the history).

How it stands or ended is each engine's ``outcome`` (``solo``, ``quick``,
``campaign``: the session rules' :meth:`~companion.core.rules.Rules.outcome`);
this adds the picture:

- Solo: your popularity and the Dignitaries in the Plot zone at the end of
  each turn; each affinity gathered and each draw pile rebuilt.
- Quick game: each player's popularity after each turn; each union.
- Campaign: each player's round wins after each round; each round won.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from companion.core import session
from companion.core.catalog import _, say
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.outcome import Milestone, Outcome, Seat, Series, columns, last_per_turn
from companion.core.rules import Rules
from companion.ephios import campaign, quick, solo
from companion.ephios.cards import alliance_name, load_deck
from companion.ephios.solo_rules import RESHUFFLE_LOSS
from companion.ephios.solo_table import dignitaries_to_lose

S = TypeVar("S")


def _walk(
    rules: Rules[S],
    journal: Journal,
    turn: Callable[[S], int],
    values: Callable[[S], tuple[int, ...]],
    news: Callable[[S, S], list[str]],
    passes_turn: bool = False,
) -> tuple[int, list[tuple[int, ...]], tuple[Milestone, ...]]:
    """Play the journal again from its set-up: the first turn and the ``values`` at the end
    of each turn (an event that ends the game counts in the turn it was played; with
    ``passes_turn``, so does an event that ends the turn, e.g. a quick game's unite), and
    the milestones: what ``news(before, after)`` says an event brought, at its turn."""
    now = rules.start(journal)
    points = [(turn(now), values(now))]
    milestones: list[Milestone] = []
    for index, event in enumerate(journal.events, 1):
        before = now
        now = rules.apply(rules.clone(now), event, index)[0]
        milestones += [Milestone(turn(before), text) for text in news(before, now)]
        if passes_turn and turn(now) != turn(before):
            points.append((turn(before), values(now)))
        points.append((turn(before) if rules.outcome(now).ended else turn(now), values(now)))
    start, rows = last_per_turn(points)
    return start, rows, tuple(milestones)


def _solo_news(before: solo.SoloState, after: solo.SoloState) -> list[str]:
    found = [
        say("Affinity of the {alliance} gathered", alliance=alliance_name(a))
        for a in after.affinities
        if a not in before.affinities
    ]
    if after.reshuffles > before.reshuffles:
        found.append(say("Draw pile rebuilt (−{loss}%)", loss=RESHUFFLE_LOSS))
    return found


def _solo(journal: Journal, base: Outcome) -> Outcome:
    start, rows, milestones = _walk(
        solo.RULES,
        journal,
        lambda s: s.turn,
        lambda s: (s.popularity, len(s.plot_zone)),
        _solo_news,
    )
    pop, plot = columns(rows, [_("popularity"), _("plot zone")], solo.MAX_POPULARITY, start)
    top = dignitaries_to_lose(load_deck())
    return replace(
        base, series=(pop, Series(plot.name, plot.values, top, start)), milestones=milestones
    )


def _quick_news(before: quick.QuickState, after: quick.QuickState) -> list[str]:
    if len(after.unites) == len(before.unites):
        return []
    player, alliance, gain = after.unites[-1]
    return [
        say(
            "{player} united the {alliance} (+{gain}%)",
            player=player,
            alliance=alliance_name(alliance),  # as the rulebook writes it: the Company
            gain=gain,
        )
    ]


def _quick(journal: Journal, base: Outcome) -> Outcome:
    players = list(journal.options.get("players", []))
    start, rows, milestones = _walk(
        quick.RULES,
        journal,
        lambda s: s.turn,
        lambda s: tuple(s.popularity[p] for p in s.players),
        _quick_news,
        passes_turn=True,
    )
    series = columns(rows, players, quick.MAX_POPULARITY, start)
    return replace(base, series=series, milestones=milestones)


def _campaign(journal: Journal, base: Outcome) -> Outcome:
    state = campaign.replay(journal)
    rows = [tuple(0 for _ in state.players)]
    wins = dict.fromkeys(state.players, 0)
    milestones = []
    for number, winner in enumerate(state.round_winners, 1):
        wins[winner] += 1
        rows.append(tuple(wins[p] for p in state.players))
        text = say("Round {number} won by {winner}", number=number, winner=winner)
        milestones.append(Milestone(number, text))
    return replace(
        base,
        series=columns(rows, list(state.players), campaign.WINS_NEEDED),
        milestones=tuple(milestones),
    )


_GAMES: dict[str, tuple[Any, Callable[[Journal, Outcome], Outcome]]] = {
    solo.GAME: (solo.RULES, _solo),
    quick.GAME: (quick.RULES, _quick),
    campaign.GAME: (campaign.RULES, _campaign),
}


# The solo game's corrections (`solo set`, `solo move`): an end they bring is marked.
CORRECTIONS = ("set", "move")


def outcome(journal: Journal, detail: bool = True) -> Outcome:
    """The outcome of an Ephios game (solo, quick or campaign) in ``journal`` (a solo game
    ``corrected`` when a correction, `set` or `move`, ended it); with ``detail`` also the
    per-turn series and the milestones."""
    rules, story = _GAMES[journal.game]
    base = session.outcome(rules, journal, "save")
    if base.ended and journal.game == solo.GAME:
        ending = session.ending_events(rules, journal, "save")
        base = replace(base, corrected=any(e.get("kind") in CORRECTIONS for e in ending))
    return story(journal, base) if detail else base


def solo_seats(journal: Journal | None, result: str, winner: str) -> tuple[Seat, ...]:
    """The players of a finished solo game for a logged play (BG Stats): you ("you", the start
    player) and the Plot ("plot")."""
    won = result == "won"
    return (Seat("you", _("You"), won, True), Seat("plot", _("The Plot"), not won, role=_("Plot")))


def named_seats(journal: Journal | None, result: str, winner: str) -> tuple[Seat, ...]:
    """The players of a finished quick game or campaign for a logged play (BG Stats), each by
    the name entered (their id too); the first to play the start player; in a quick game each
    one's final popularity as the score. Without the journal (the save is gone): the winner."""
    names = [str(p) for p in journal.options.get("players", [])] if journal else []
    if journal is None or not names:
        return (Seat(winner, winner, True, True),) if winner else ()
    first = journal.options.get("first")
    start = first if first in names else names[0]
    scores: dict[str, int] = {}
    if journal.game == quick.GAME:
        with contextlib.suppress(CompanionError):  # a save that no longer replays: no scores
            series = outcome(journal).series
            scores = {s.name: s.values[-1] for s in series if s.name in names and s.values}
    return tuple(Seat(n, n, n == winner, n == start, score=scores.get(n)) for n in names)
