"""Ephios quick game keeping: popularity per player, the unite calculator, the direction token.

Rulebook, "Quick Game". The app does not see the cards of a multiplayer
game; it keeps the popularity board, the affinities already used, the
direction token and whose turn it is. A game is a Journal whose events are
the typed steps of :mod:`companion.ephios.table_events` (``Unite``,
``Popularity``, ``Flip``, ``Next``), stored as the tables ``{"kind": "unite",
"player", "alliance", "affinity"}``, ``{"kind": "popularity", "player",
"delta"}``, ``{"kind": "flip"}`` and ``{"kind": "next"}``.

A unite is the turn's action ("on your turn, you must perform a single action of your
choice among the following 4", Quick Game > Course of a Game): only the player whose
turn it is unites, and the turn then passes (End of Turn). Games saved before this
reading (no ``unite_ends_turn`` option) replay as they were played: anyone could
unite, and the turn passed with ``next`` only.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import session
from companion.core.catalog import N_, _, say
from companion.core.copies import same_fields
from companion.core.errors import InputError
from companion.core.journal import Journal
from companion.core.outcome import Outcome, among_players
from companion.core.questions import Announcement
from companion.core.rng import new_seed
from companion.ephios import setup, table_events
from companion.ephios.cards import Alliance, load_deck
from companion.ephios.table_events import AFFINITY_BONUS as AFFINITY_BONUS
from companion.ephios.table_events import (
    Flip,
    Next,
    Popularity,
    QuickEvent,
    Unite,
    kind_of,
    quick_event,
    to_dict,
)
from companion.ephios.words import QUICK_WORDS, describe_quick_event

GAME = "ephios-quick"
WIN = 70
MIN_PLAYERS, MAX_PLAYERS = 2, 4
DIRECTION_PLAYERS = 3  # the direction token is used from 3 players on
HAND_LIMIT = 3  # End of Turn: personalities kept in hand at most
CROSSROADS_SIZE = 4  # End of Turn: the crossroads is refilled to this many cards
MIN_POPULARITY, MAX_POPULARITY = 0, 100  # the popularity track
# The option of a game saved since a unite ends the turn (older saves lack it).
UNITE_ENDS_TURN = "unite_ends_turn"

# The "why" of each announcement (translated where an announcement is made; {bonus} and
# {win} are filled from AFFINITY_BONUS and WIN).
WHY_UNITE = N_("Unite: discard all your hand and gain the popularity of the united alliance")
WHY_MATCH = N_("Affinity card: the united alliance matches your affinity, +{bonus}%")
WHY_HAND = N_("Affinity card: you hold a personality of your affinity's alliance, +{bonus}%")
WHY_WIN = N_("End of the Game: reaching or exceeding {win}% popularity wins at once")
WHY_DIRECTION = N_("Course of a Game: the next player follows the direction token")
WHY_EFFECT = N_("A card effect changed popularity")
WHY_HAND_LIMIT = N_(
    "End of Turn: with more than {limit} personalities in hand, discard the excess to keep "
    "only {limit} (do not apply the effects of the cards thus discarded)"
)
WHY_REFILL = N_(
    "End of Turn: with fewer than {size} cards on the crossroads, reveal new character cards "
    "from the draw pile to reach {size} again (shuffle the discard pile into a new draw pile "
    "when it runs out)"
)
RULE_UNITE = "Quick Game > Course of a Game > 4 - Unite"
RULE_AFFINITY = "Quick Game > Affinity Card"
RULE_END = "Quick Game > End of the Game"
RULE_TURN = "Quick Game > End of Turn"
RULE_USE = "Quick Game > Course of a Game > 3 - Use"


def unite_gain(alliance: Alliance, affinity: str = "none") -> int:
    """The popularity gain of a unite: the alliance's gain plus +20% (match) or +10% (hand)."""
    return alliance.gain + AFFINITY_BONUS[table_events.affinity(affinity)]


def popularity_after(before: int, delta: int) -> int:
    """A marker at ``before``% moved by ``delta``%: it stays on the track, 0% to 100%."""
    return max(MIN_POPULARITY, min(MAX_POPULARITY, before + delta))


def room(before: int, up: bool) -> int:
    """How far a marker at ``before``% can move up (or down) and stay on the track."""
    return MAX_POPULARITY - before if up else before - MIN_POPULARITY


def check_change(state: QuickState, event: Mapping[str, Any] | QuickEvent) -> None:
    """Refuse (InputError) a card effect's change that would move a marker beyond the
    popularity track (0% to 100%): a number out of range is refused, never clamped."""
    step = quick_event(event)
    if not isinstance(step, Popularity) or state.winner:
        return
    player = find_player(state, step.player)
    before = state.popularity[player]
    if 0 <= step.delta <= room(before, True) or 0 < -step.delta <= room(before, False):
        return
    down, up = room(before, False), room(before, True)
    data = {
        "change": f"{step.delta:+d}",
        "player": player,
        "before": before,
        "least": MIN_POPULARITY,
        "most": MAX_POPULARITY,
    }
    # What fits, as the player would say it: only up at the bottom, only down at the top.
    if not down:
        fits = say(
            "{change}% would move {player}'s marker from {before}% off the track "
            "({least}% to {most}%): up to +{up}% fits",
            up=up,
            **data,
        )
    elif not up:
        fits = say(
            "{change}% would move {player}'s marker from {before}% off the track "
            "({least}% to {most}%): down to −{down}% fits",
            down=down,
            **data,
        )
    else:
        fits = say(
            "{change}% would move {player}'s marker from {before}% off the track "
            "({least}% to {most}%): a change from −{down}% to +{up}% fits",
            down=down,
            up=up,
            **data,
        )
    raise InputError(fits, field="delta")


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
    unite_ends_turn: bool = True  # False: a game saved before (anyone unites, no turn passes)

    def __deepcopy__(self, memo: dict[int, Any]) -> QuickState:
        """A copy that shares nothing mutable with this state: its lists and dicts copied
        (they hold strings, numbers, tuples of them and frozen alliances), every other
        field immutable.

        Every step works on a copy and the session keeps copies in its cache:
        ``copy.deepcopy``'s walk rebuilt each of the game's alliances, item by item with
        its memo. ``tests/engine/test_state_copies.py`` keeps the fields to what this
        copies."""
        new = same_fields(self)
        new.players = list(self.players)
        new.alliances = dict(self.alliances)
        new.popularity = dict(self.popularity)
        new.affinity_used = dict(self.affinity_used)
        new.unites = list(self.unites)
        return new

    @property
    def has_direction_token(self) -> bool:
        """The direction token is used with 3 or 4 players only."""
        return len(self.players) >= DIRECTION_PLAYERS

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
            say(
                "a game has {fewest} to {most} players, got {count}",
                fewest=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=len(names),
            ),
            field="player",
        )
    for name in names:
        if not name:
            raise InputError(_("a player name is empty"), field="player")
    lowered = [n.lower() for n in names]
    if len(set(lowered)) != len(names):
        raise InputError(_("two players have the same name"), field="player")
    return names


def new_round(
    players: Sequence[str],
    first: str | None,
    alliances: Mapping[str, Alliance],
    unite_ends_turn: bool = True,
) -> QuickState:
    """A fresh quick game: everyone at 0%, affinities unused, direction token clockwise
    (``unite_ends_turn`` False: the reading of games saved before a unite ended the turn)."""
    names = check_players(players)
    state = QuickState(
        players=names,
        alliances=dict(alliances),
        popularity=dict.fromkeys(names, 0),
        affinity_used=dict.fromkeys(names, False),
        unite_ends_turn=unite_ends_turn,
    )
    if first is not None:
        state.current = names.index(find_player(state, first))
    return state


def find_player(state: QuickState, name: str) -> str:
    """The player called ``name`` (case-insensitive); InputError if there is none."""
    for player in state.players:
        if player.lower() == str(name).strip().lower():
            return player
    raise InputError(
        say("{name!r} is not a player ({players})", name=name, players=", ".join(state.players)),
        field="player",
    )


def apply(
    state: QuickState, event: Mapping[str, Any] | QuickEvent
) -> tuple[QuickState, list[Announcement]]:
    """Apply one step (a typed step or its journal table) to a copy of ``state``; InputError
    (nothing changed) if it cannot apply."""
    s = copy.deepcopy(state)
    if s.winner and kind_of(event) in ("unite", "popularity", "next"):
        raise InputError(say("the game is over: {winner} won", winner=s.winner))
    step = quick_event(event)
    out: list[Announcement] = []
    match step:
        case Unite():
            _unite(s, step, out)
        case Popularity():
            _popularity(s, step, out)
        case Flip():
            _flip(s, out)
        case Next():
            _next(s, out)
    return s, out


def _unite(s: QuickState, step: Unite, out: list[Announcement]) -> None:
    """Unite (Quick Game > Course of a Game > 4): the alliance's gain and the affinity bonus;
    the Affinity card is played once per game. It is the turn's single action: only the
    player whose turn it is unites, and then the turn passes (End of Turn)."""
    player = find_player(s, step.player)
    current = s.players[s.current]
    if s.unite_ends_turn and player != current:
        raise InputError(
            say(
                "it is {current}'s turn: a unite is the action of a turn, only {current} "
                "may unite now",
                current=current,
            ),
            field="player",
        )
    if step.alliance not in s.alliances:
        raise InputError(
            say(
                "{alliance!r} is not an alliance in play ({alliances})",
                alliance=step.alliance,
                alliances=", ".join(s.alliances),
            ),
            field="alliance",
        )
    alliance = s.alliances[step.alliance]
    affinity = step.affinity
    gain = unite_gain(alliance, affinity)
    if affinity != "none":
        if s.affinity_used[player]:
            raise InputError(
                say("{player} has already used their affinity this game", player=player),
                field="affinity",
            )
        s.affinity_used[player] = True
    before = s.popularity[player]
    s.popularity[player] = popularity_after(before, gain)
    s.last_united = alliance.id
    s.unites.append((player, alliance.id, gain))
    why = _(WHY_UNITE)
    out.append(
        QUICK_WORDS.announce(
            "unite", why, player, rule=RULE_UNITE, alliance=alliance.id, gain=alliance.gain
        )
    )
    if affinity != "none":
        bonus = AFFINITY_BONUS[affinity]
        reason = say(WHY_MATCH if affinity == "match" else WHY_HAND, bonus=bonus)
        out.append(
            QUICK_WORDS.announce(
                f"affinity.{affinity}", reason, player, rule=RULE_AFFINITY, bonus=bonus
            )
        )
    out.append(
        QUICK_WORDS.announce(
            "popularity",
            why,
            player,
            rule=RULE_UNITE,
            before=before,
            after=s.popularity[player],
            gain=gain,
        )
    )
    _check_win(s, player, out)
    if s.unite_ends_turn and s.winner is None:
        _next(s, out, united=True)


def _popularity(s: QuickState, step: Popularity, out: list[Announcement]) -> None:
    """A card effect moves a marker (Quick Game > Course of a Game > 3 - Use), on the track."""
    player = find_player(s, step.player)
    before = s.popularity[player]
    s.popularity[player] = popularity_after(before, step.delta)
    out.append(
        QUICK_WORDS.announce(
            "popularity",
            _(WHY_EFFECT),
            player,
            rule=RULE_USE,
            before=before,
            after=s.popularity[player],
        )
    )
    _check_win(s, player, out)


def _flip(s: QuickState, out: list[Announcement]) -> None:
    """The direction token is flipped; it is used with 3 or 4 players only."""
    if not s.has_direction_token:
        raise InputError(
            say(
                "the direction token is used with {fewest} or {most} players only",
                fewest=DIRECTION_PLAYERS,
                most=MAX_PLAYERS,
            )
        )
    s.clockwise = not s.clockwise
    out.append(
        QUICK_WORDS.announce("direction", _(WHY_DIRECTION), rule=RULE_TURN, clockwise=s.clockwise)
    )


def _next(s: QuickState, out: list[Announcement], united: bool = False) -> None:
    """End of Turn: what ends the turn on the table, then the next player, following the
    direction token (clockwise with 2). A turn whose action was a unite ends with a hand
    discarded whole: only the crossroads is refilled."""
    _end_of_turn(s.players[s.current], united, out)
    step = 1 if s.clockwise or not s.has_direction_token else -1
    s.current = (s.current + step) % len(s.players)
    s.turn += 1
    who = s.players[s.current]
    out.append(QUICK_WORDS.announce("next", _(WHY_DIRECTION), who, "info", rule=RULE_TURN))


def _end_of_turn(player: str, united: bool, out: list[Announcement]) -> None:
    """End of Turn ("At the end of your turn"): the player's hand down to 3 personalities
    (not after a unite, which discarded it all), the crossroads back up to 4 cards. The app
    does not see the cards: each says how far ("down to", "up to"), its why when."""
    if not united:
        out.append(
            QUICK_WORDS.announce(
                "turn.hand-limit",
                say(WHY_HAND_LIMIT, limit=HAND_LIMIT),
                player,
                rule=RULE_TURN,
                limit=HAND_LIMIT,
            )
        )
    out.append(
        QUICK_WORDS.announce(
            "turn.refill",
            say(WHY_REFILL, size=CROSSROADS_SIZE),
            rule=RULE_TURN,
            size=CROSSROADS_SIZE,
        )
    )


def _check_win(s: QuickState, player: str, out: list[Announcement]) -> None:
    if s.winner is None and reaches_win(s.popularity[player]):
        s.winner = player
        why = say(WHY_WIN, win=WIN)
        out.append(
            QUICK_WORDS.announce(
                "won", why, player, "end", rule=RULE_END, popularity=s.popularity[player]
            )
        )


# One quick-game step in words (the log screen's, undo's and the CLI's line).
describe_event = describe_quick_event


def summary(state: QuickState) -> str:
    """A short status line: 'Ann 40% · Bob 30%' (and the winner)."""
    text = " · ".join(
        say("{player} {popularity}%", player=p, popularity=state.popularity[p])
        for p in state.players
    )
    if state.winner:
        return say("{standings} · {winner} won", standings=text, winner=state.winner)
    return text


def setup_steps(state: QuickState) -> list[Announcement]:
    """What to do on the table to start a game, step by step ("Quick Game > Components and
    Setup"), each citing its rulebook section."""
    return setup.quick_steps(state.players, state.players[state.current])


def new_game(players: Sequence[str], first: str | None = None, seed: int | None = None) -> Journal:
    """A new quick game journal (players in seating order, clockwise)."""
    names = check_players(players)
    options: dict[str, Any] = {"players": names, UNITE_ENDS_TURN: True}
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
        journal.options.get(UNITE_ENDS_TURN) is True,
    )


def outcome(state: QuickState) -> Outcome:
    """How the game stands ("End of the Game": the first to reach 70% wins at once)."""
    winner = state.winner
    if winner:
        headline = say(
            "{winner} reached {popularity}% and won.",
            winner=winner,
            popularity=state.popularity[winner],
        )
    else:
        headline = say("The game goes on: {summary}.", summary=summary(state))
    label = _("Each player's popularity (%) after each turn")
    return among_players(GAME, winner, state.turn, headline, label)


RULES = session.FunctionRules(GAME, _start, apply, summary, outcome)


def replay(journal: Journal, source: str = "save") -> QuickState:
    """The state of a quick game from its journal; SaveError naming ``source`` and the event if invalid."""
    return session.replay(RULES, journal, source)


def play(
    journal: Journal, event: Mapping[str, Any] | QuickEvent, source: str = "save"
) -> list[Announcement]:
    """Apply ``event`` (a typed step or its table) to the game of ``journal`` and record it
    in the journal's form (:func:`~companion.ephios.table_events.to_dict`); the journal is
    unchanged on error (a change beyond the track is refused: :func:`check_change`)."""
    state = replay(journal, source)
    check_change(state, event)
    new, out = apply(state, event)
    session.record(RULES, journal, to_dict(quick_event(event)), new)
    return out
