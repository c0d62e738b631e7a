"""How an Ephios game ended and how it went, turn by turn (for the end-of-game screen and
the history).

- Solo ("Solo Mode, Victory and Defeat"): you win with the 5 different
  affinities; you lose at 0% popularity or with the 5 Dignitaries in the Plot
  zone. The picture: your popularity and the Dignitaries in the Plot zone at
  the end of each turn.
- Quick game ("End of the Game"): the first to reach 70% wins at once. The
  picture: each player's popularity after each turn.
- Campaign ("End of the Campaign"): the first to win two rounds wins. The
  picture: each player's round wins after each round.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.journal import Journal
from companion.core.outcome import Milestone, Outcome, Series, columns, last_per_turn
from companion.ephios import campaign, quick, solo
from companion.ephios.cards import load_deck
from companion.ephios.solo_table import dignitaries_to_lose


def _solo(journal: Journal, detail: bool) -> Outcome:
    state = solo.replay(journal)
    result = state.result
    if result == "won":
        headline = f"You gathered the 5 affinities on turn {state.turn}: you won."
    elif result == "lost":
        why = "your popularity reached 0%" if state.popularity <= 0 else "the Plot gathered"
        if state.popularity > 0:
            why += " the 5 Dignitaries"
        headline = f"On turn {state.turn} {why}: the Plot won."
    else:
        headline = f"The game goes on: turn {state.turn}, {state.popularity}%."
    base = Outcome(
        game=solo.GAME,
        ended=result is not None,
        result=result,
        winner={"won": "human", "lost": "plot"}.get(result or ""),
        turns=state.turn,
        difficulty=state.difficulty,
        headline=headline,
        series_label="Your popularity (%) and the Dignitaries in the Plot zone, each turn",
    )
    if not detail:
        return base
    now = solo.start_state(
        str(journal.options.get("difficulty", "")), list(journal.options.get("crossroads", []))
    )
    points: list[tuple[int, tuple[int, ...]]] = [(now.turn, (now.popularity, len(now.plot_zone)))]
    milestones: list[Milestone] = []
    for event in journal.events:
        before = now
        now = solo.apply_event(now, event)[0]
        turn = before.turn
        for alliance in now.affinities:
            if alliance not in before.affinities:
                milestones.append(Milestone(turn, f"Affinity of the {alliance} gathered"))
        if now.reshuffles > before.reshuffles:
            milestones.append(Milestone(turn, "Draw pile rebuilt (−10%)"))
        points.append(
            (now.turn if now.result is None else turn, (now.popularity, len(now.plot_zone)))
        )
    start, rows = last_per_turn(points)
    pop, plot = columns(rows, ["popularity", "plot zone"], solo.MAX_POPULARITY, start)
    return replace(
        base,
        series=(pop, Series(plot.name, plot.values, dignitaries_to_lose(load_deck()), start)),
        milestones=tuple(milestones),
    )


def _quick(journal: Journal, detail: bool) -> Outcome:
    state = quick.replay(journal)
    turns = 1 + sum(1 for e in journal.events if e.get("kind") == "next")
    base = Outcome(
        game=quick.GAME,
        ended=state.winner is not None,
        result="won" if state.winner else None,
        winner=state.winner,
        turns=turns,
        difficulty=None,
        headline=f"{state.winner} reached {state.popularity[state.winner]}% and won."
        if state.winner
        else f"The game goes on: {quick.summary(state)}.",
        series_label="Each player's popularity (%) after each turn",
    )
    if not detail:
        return base
    now = quick.new_round(
        list(journal.options.get("players", [])),
        journal.options.get("first"),
        load_deck().alliances,
    )
    turn = 1
    points: list[tuple[int, tuple[int, ...]]] = [
        (turn, tuple(now.popularity[p] for p in now.players))
    ]
    milestones: list[Milestone] = []
    for event in journal.events:
        now = quick.apply(now, event)[0]
        if event.get("kind") == "next":
            turn += 1
        elif event.get("kind") == "unite":
            player, alliance, gain = now.unites[-1]
            milestones.append(Milestone(turn, f"{player} united the {alliance} (+{gain}%)"))
        points.append((turn, tuple(now.popularity[p] for p in now.players)))
    start, rows = last_per_turn(points)
    return replace(
        base,
        series=columns(rows, list(now.players), quick.MAX_POPULARITY, start),
        milestones=tuple(milestones),
    )


def _campaign(journal: Journal, detail: bool) -> Outcome:
    state = campaign.replay(journal)
    rounds = len(state.round_winners)
    base = Outcome(
        game=campaign.GAME,
        ended=state.champion is not None,
        result="won" if state.champion else None,
        winner=state.champion,
        turns=rounds,
        difficulty=None,
        headline=f"{state.champion} won {campaign.WINS_NEEDED} rounds and the campaign."
        if state.champion
        else f"The campaign goes on: {campaign.summary(state)}.",
        series_label="Each player's round wins after each round",
    )
    if not detail:
        return base
    rows = [tuple(0 for _ in state.players)]
    wins = dict.fromkeys(state.players, 0)
    milestones = []
    for number, winner in enumerate(state.round_winners, 1):
        wins[winner] += 1
        rows.append(tuple(wins[p] for p in state.players))
        milestones.append(Milestone(number, f"Round {number} won by {winner}"))
    return replace(
        base,
        series=columns(rows, list(state.players), campaign.WINS_NEEDED),
        milestones=tuple(milestones),
    )


def outcome(journal: Journal, detail: bool = True) -> Outcome:
    """The outcome of an Ephios game (solo, quick or campaign) in ``journal``; with ``detail``
    also the per-turn series and the milestones."""
    builders = {solo.GAME: _solo, quick.GAME: _quick, campaign.GAME: _campaign}
    return builders[journal.game](journal, detail)
