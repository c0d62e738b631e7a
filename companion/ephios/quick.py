"""Ephios quick game keeping: popularity per player, the unite calculator, the direction token.

Rulebook, "Quick Game". The app does not see the cards of a multiplayer
game; it keeps the popularity board, the affinities already used, the
direction token and whose turn it is. A game is a Journal whose events are
``{"kind": "unite", "player", "alliance", "affinity"}``, ``{"kind":
"popularity", "player", "delta"}``, ``{"kind": "flip"}`` and ``{"kind":
"next"}``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import session
from companion.core.errors import InputError
from companion.core.journal import Journal
from companion.core.outcome import Outcome, among_players
from companion.core.questions import Announcement
from companion.core.rng import new_seed
from companion.core.validate import whole_number
from companion.ephios import setup
from companion.ephios.cards import Alliance, load_deck

GAME = "ephios-quick"
WIN = 70
MIN_PLAYERS, MAX_PLAYERS = 2, 4
AFFINITY_BONUS = {"match": 20, "hand": 10, "none": 0}
MAX_POPULARITY = 100

WHY_UNITE = "Unite: discard all your hand and gain the popularity of the united alliance"
WHY_MATCH = "Affinity card: the united alliance matches your affinity, +20%"
WHY_HAND = "Affinity card: you hold a personality of your affinity's alliance, +10%"
WHY_WIN = "End of the Game: reaching or exceeding 70% popularity wins at once"
WHY_DIRECTION = "Course of a Game: the next player follows the direction token"
RULE_UNITE = "Quick Game > Course of a Game > 4 - Unite"
RULE_AFFINITY = "Quick Game > Affinity Card"
RULE_END = "Quick Game > End of the Game"
RULE_TURN = "Quick Game > End of Turn"
RULE_USE = "Quick Game > Course of a Game > 3 - Use"


def unite_gain(alliance: Alliance, affinity: str = "none") -> int:
    """The popularity gain of a unite: the alliance's gain plus +20% (match) or +10% (hand)."""
    if affinity not in AFFINITY_BONUS:
        raise InputError(
            f"affinity {affinity!r} is not one of {', '.join(AFFINITY_BONUS)}", field="affinity"
        )
    return alliance.gain + AFFINITY_BONUS[affinity]


def popularity_after(before: int, delta: int) -> int:
    """A marker at ``before``% moved by ``delta``%: it stays on the track, 0% to 100%."""
    return max(0, min(MAX_POPULARITY, before + delta))


def reaches_win(popularity: int) -> bool:
    """Whether ``popularity`` wins: reaching or exceeding 70% wins at once."""
    return popularity >= WIN


@dataclass
class QuickState:
    """One quick game (or campaign round): players in seating order (clockwise), popularity, turn."""

    players: list[str]
    alliances: dict[str, Alliance]
    popularity: dict[str, int] = field(default_factory=dict)
    affinity_used: dict[str, bool] = field(default_factory=dict)
    clockwise: bool = True
    current: int = 0  # index in players of whose turn it is
    turn: int = 1  # the turn being played (each ``next`` starts the next one)
    winner: str | None = None
    last_united: str | None = None
    unites: list[tuple[str, str, int]] = field(default_factory=list)  # (player, alliance, gain)

    @property
    def has_direction_token(self) -> bool:
        """The direction token is used with 3 or 4 players only."""
        return len(self.players) >= 3

    def to_json(self) -> dict[str, Any]:
        """The state as the CLI's JSON object."""
        return {
            "players": list(self.players),
            "popularity": dict(self.popularity),
            "affinity_used": dict(self.affinity_used),
            "direction": ("clockwise" if self.clockwise else "counterclockwise")
            if self.has_direction_token
            else None,
            "current_player": self.players[self.current],
            "alliances": {
                a.id: {"name": a.name, "gain": a.gain, "unite": a.unite}
                for a in self.alliances.values()
            },
            "last_united": self.last_united,
            "winner": self.winner,
        }


def check_players(players: Sequence[str]) -> list[str]:
    """2 to 4 distinct player names; InputError otherwise."""
    names = [str(p).strip() for p in players]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InputError(
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}", field="player"
        )
    for name in names:
        if not name:
            raise InputError("a player name is empty", field="player")
    lowered = [n.lower() for n in names]
    if len(set(lowered)) != len(names):
        raise InputError("two players have the same name", field="player")
    return names


def new_round(
    players: Sequence[str], first: str | None, alliances: Mapping[str, Alliance]
) -> QuickState:
    """A fresh quick game: everyone at 0%, affinities unused, direction token clockwise."""
    names = check_players(players)
    state = QuickState(
        players=names,
        alliances=dict(alliances),
        popularity=dict.fromkeys(names, 0),
        affinity_used=dict.fromkeys(names, False),
    )
    if first is not None:
        state.current = names.index(find_player(state, first))
    return state


def find_player(state: QuickState, name: str) -> str:
    """The player called ``name`` (case-insensitive); InputError if there is none."""
    for player in state.players:
        if player.lower() == str(name).strip().lower():
            return player
    raise InputError(f"{name!r} is not a player ({', '.join(state.players)})", field="player")


def apply(state: QuickState, event: Mapping[str, Any]) -> tuple[QuickState, list[Announcement]]:
    """Apply one event to a copy of ``state``; InputError (nothing changed) if it cannot apply."""
    s = copy.deepcopy(state)
    out: list[Announcement] = []
    kind = event.get("kind")
    if s.winner and kind in ("unite", "popularity", "next"):
        raise InputError(f"the game is over: {s.winner} won")
    if kind == "unite":
        player = find_player(s, event.get("player", ""))
        alliance_id = str(event.get("alliance", "")).strip().lower()
        if alliance_id not in s.alliances:
            raise InputError(
                f"{alliance_id!r} is not an alliance in play ({', '.join(s.alliances)})",
                field="alliance",
            )
        alliance = s.alliances[alliance_id]
        affinity = str(event.get("affinity", "none"))
        gain = unite_gain(alliance, affinity)
        if affinity != "none":
            if s.affinity_used[player]:
                raise InputError(
                    f"{player} has already used their affinity this game", field="affinity"
                )
            s.affinity_used[player] = True
        before = s.popularity[player]
        s.popularity[player] = popularity_after(before, gain)
        s.last_united = alliance.id
        s.unites.append((player, alliance.id, gain))
        out.append(
            Announcement(
                f"{player} unites the {alliance.name} (+{alliance.gain}%): discard the whole hand.",
                WHY_UNITE,
                who=player,
                what="unite",
                rule=RULE_UNITE,
            )
        )
        if affinity != "none":
            out.append(
                Announcement(
                    f"{player} plays their affinity (+{AFFINITY_BONUS[affinity]}%) and discards it.",
                    WHY_MATCH if affinity == "match" else WHY_HAND,
                    who=player,
                    what=f"affinity.{affinity}",
                    rule=RULE_AFFINITY,
                )
            )
        out.append(
            Announcement(
                f"Move {player}'s marker from {before}% to {s.popularity[player]}% (+{gain}%).",
                WHY_UNITE,
                who=player,
                what="popularity",
                rule=RULE_UNITE,
            )
        )
        _check_win(s, player, out)
    elif kind == "popularity":
        player = find_player(s, event.get("player", ""))
        delta = whole_number(event.get("delta"), field="delta")
        before = s.popularity[player]
        s.popularity[player] = popularity_after(before, delta)
        if s.popularity[player] == before:
            text = f"{player}'s marker stays at {before}% (the end of the track)."
        else:
            text = f"Move {player}'s marker from {before}% to {s.popularity[player]}%."
        out.append(
            Announcement(
                text,
                "A card effect changed popularity",
                who=player,
                what="popularity",
                rule=RULE_USE,
            )
        )
        _check_win(s, player, out)
    elif kind == "flip":
        if not s.has_direction_token:
            raise InputError("the direction token is used with 3 or 4 players only")
        s.clockwise = not s.clockwise
        out.append(
            Announcement(
                f"Flip the direction token: play goes {'clockwise' if s.clockwise else 'counterclockwise'}.",
                WHY_DIRECTION,
                what="direction",
                rule=RULE_TURN,
            )
        )
    elif kind == "next":
        step = 1 if s.clockwise or not s.has_direction_token else -1
        s.current = (s.current + step) % len(s.players)
        s.turn += 1
        out.append(
            Announcement(
                f"{s.players[s.current]}'s turn.",
                WHY_DIRECTION,
                "info",
                s.players[s.current],
                what="next",
                rule=RULE_TURN,
            )
        )
    else:
        raise InputError(f"unknown event kind {kind!r}")
    return s, out


def _check_win(s: QuickState, player: str, out: list[Announcement]) -> None:
    if s.winner is None and reaches_win(s.popularity[player]):
        s.winner = player
        out.append(
            Announcement(
                f"{player} reaches {s.popularity[player]}% and wins.",
                WHY_WIN,
                "end",
                player,
                what="won",
                rule=RULE_END,
            )
        )


def describe_event(event: Mapping[str, Any]) -> str:
    """One quick-game journal event in words: the one text of the log screen, undo and the CLI."""
    kind = event.get("kind")
    if kind == "unite":
        affinity = event.get("affinity", "none")
        extra = (
            f" (affinity {affinity}, +{AFFINITY_BONUS.get(str(affinity), 0)}%)"
            if affinity != "none"
            else ""
        )
        alliance = str(event.get("alliance", ""))
        known = load_deck().alliances.get(alliance)
        return f"{event.get('player')} unites the {known.name if known else alliance}{extra}"
    if kind == "popularity":
        delta = whole_number(event.get("delta", 0), field="delta")
        return f"{event.get('player')} popularity {'+' if delta >= 0 else '−'}{abs(delta)}%"
    if kind == "flip":
        return "flip the direction token"
    if kind == "next":
        return "next player"
    rest = ", ".join(f"{k} {v}" for k, v in event.items() if k != "kind")
    return f"{kind}: {rest}" if rest else str(kind)


def summary(state: QuickState) -> str:
    """A short status line: 'Ann 40% · Bob 30%' (and the winner)."""
    text = " · ".join(f"{p} {state.popularity[p]}%" for p in state.players)
    return f"{text} · {state.winner} won" if state.winner else text


def setup_steps(state: QuickState) -> list[Announcement]:
    """What to do on the table to start a game, step by step ("Quick Game > Components and
    Setup"), each citing its rulebook section."""
    return setup.quick_steps(state.players, state.players[state.current])


def new_game(players: Sequence[str], first: str | None = None, seed: int | None = None) -> Journal:
    """A new quick game journal (players in seating order, clockwise)."""
    names = check_players(players)
    options: dict[str, Any] = {"players": names}
    if first is not None:
        options["first"] = find_player(new_round(names, None, {}), first)
    journal = Journal(game=GAME, seed=seed if seed is not None else new_seed(), options=options)
    journal.summary = summary(replay(journal))
    return journal


def _start(journal: Journal) -> QuickState:
    return new_round(
        list(journal.options.get("players", [])),
        journal.options.get("first"),
        load_deck().alliances,
    )


def outcome(state: QuickState) -> Outcome:
    """How the game stands ("End of the Game": the first to reach 70% wins at once)."""
    winner = state.winner
    return among_players(
        GAME,
        winner,
        state.turn,
        f"{winner} reached {state.popularity[winner]}% and won."
        if winner
        else f"The game goes on: {summary(state)}.",
        "Each player's popularity (%) after each turn",
    )


RULES = session.register(session.FunctionRules(GAME, _start, apply, summary, outcome))


def replay(journal: Journal, source: str = "save") -> QuickState:
    """The state of a quick game from its journal; SaveError naming ``source`` and the event if invalid."""
    return session.replay(RULES, journal, source)


def play(journal: Journal, event: Mapping[str, Any], source: str = "save") -> list[Announcement]:
    """Apply ``event`` to the game of ``journal`` and record it; the journal is unchanged on error."""
    return session.play(RULES, journal, dict(event), source)[1]
