"""How a Euphoria Automa game went, turn by turn (for the end-of-game screen and the history).

How it stands or ended is the engine's (``EuphoriaRules.outcome`` in
``companion.euphoria.game``); this adds the picture: the tokens each Automa
has placed at the end of each Automa turn (turn 0: the set-up and what was
reported before the first turn), and the turns of the milestones: the first
market built, each Automa's first penalty flip, each recruit activation and
last-tier token.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import session
from companion.core.catalog import N_, _, say
from companion.core.journal import Journal
from companion.core.outcome import Milestone, Outcome, Seat, columns, last_per_turn
from companion.euphoria import game
from companion.euphoria.board import AUTOMAS, RECRUITS_ACTIVATED, automa_name, faction_name
from companion.euphoria.state import ALLEGIANCE, TOKENS, GameState


def _placed(state: GameState) -> tuple[int, ...]:
    return tuple(TOKENS - state.automas[a].tokens_left for a in AUTOMAS)


def _milestones(before: GameState, after: GameState, seen: set[str]) -> list[Milestone]:
    """What became true between two states, each thing once per game."""
    found: list[Milestone] = []
    turn = after.turn

    def once(key: str, text: str) -> None:
        """Record ``text`` at this turn unless ``key`` was recorded already."""
        if key not in seen:
            seen.add(key)
            found.append(Milestone(turn, text))

    if any(s.built for s in after.sites.values()) and not any(
        s.built for s in before.sites.values()
    ):
        once("market", say("First market built"))
    for automa in AUTOMAS:
        now, then = after.automas[automa], before.automas[automa]
        if now.penalty_side and not then.penalty_side:
            once(
                f"penalty:{automa}",
                say("{Automa}'s first penalty flip", Automa=automa_name(automa)),
            )
        for token in now.tokens:
            if token.startswith(ALLEGIANCE) and token not in then.tokens:
                _prefix, area, level = token.split(":")
                faction = faction_name(area)
                text = (
                    say(
                        "{Automa}: {faction} recruits activated (token)",
                        Automa=automa_name(automa),
                        faction=faction,
                    )
                    if level == str(RECRUITS_ACTIVATED)
                    else say(
                        "{Automa}: {faction} last tier (token)",
                        Automa=automa_name(automa),
                        faction=faction,
                    )
                )
                once(f"{automa}:{token}", text)
    if after.over and not before.over:
        winner = after.winner_name
        once("end", say("{winner} won", winner=winner[:1].upper() + winner[1:]))
    return found


# The event of a correction (`correct`, `x` in the app): an end it brings is marked.
CORRECTION = "correct"


def outcome(journal: Journal, detail: bool = True) -> Outcome:
    """The outcome of the game in ``journal`` (``corrected`` when a correction ended it, or
    corrected it after the end: the last authority token set by hand); with ``detail`` also the per-turn series of
    tokens placed and the milestones (it replays the game step by step, from the cache)."""
    base = session.outcome(game.RULES, journal)
    if base.ended:
        ending = session.ending_events(game.RULES, journal)
        base = replace(base, corrected=any(e.get("kind") == CORRECTION for e in ending))
    if not detail:
        return base
    points: list[tuple[int, tuple[int, ...]]] = []
    milestones: list[Milestone] = []
    seen: set[str] = set()
    previous: GameState | None = None
    for n in range(len(journal.events) + 1):
        prefix = Journal(
            game=journal.game,
            seed=journal.seed,
            options=journal.options,
            events=journal.events[:n],
        )
        now = game.replay(prefix)
        points.append((now.turn, _placed(now)))
        if previous is not None:
            milestones.extend(_milestones(previous, now, seen))
        previous = now
    start, rows = last_per_turn(points)
    return replace(
        base,
        series=columns(rows, list(AUTOMAS), TOKENS, start),
        milestones=tuple(milestones),
    )


# The Automas as a logged play names them (words) and knows them (ids, in every language).
AUTOMA_PLAYERS = {"black": N_("Black Automa"), "white": N_("White Automa")}


def seats(journal: Journal | None, result: str, winner: str) -> tuple[Seat, ...]:
    """The players of a finished game for a logged play (BG Stats): the humans ("you" alone,
    else "player-1", "player-2"...; the first the start player), then the black and the white
    Automa; ``winner`` as the outcome names it ("human", "human 2", "black"...). Without the
    journal (the save is gone): one human."""
    humans = journal.options.get("humans", 1) if journal else 1
    count = humans if isinstance(humans, int) and humans > 0 else 1
    out = []
    for n in range(1, count + 1):
        pid, name = ("you", _("You")) if count == 1 else (f"player-{n}", say("Player {n}", n=n))
        won = winner in ("human", f"human {n}") or (count == 1 and result == "won")
        out.append(Seat(pid, name, won, n == 1))
    for automa in AUTOMAS:
        out.append(
            Seat(f"{automa}-automa", _(AUTOMA_PLAYERS[automa]), winner == automa, role=_("Automa"))
        )
    return tuple(out)
