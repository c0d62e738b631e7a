"""Ephios campaign keeping: rounds played as quick games, victory pages, two round wins.

Rulebook, "Campaign". Each round is a quick game (companion.ephios.quick);
when someone reaches 70% the round ends: the winner reads the victory page
of the last alliance united (once per page: an already-read page means "go
to the next round"), then the winner starts the next round. Two round wins
take the campaign. Alliance tiles are user data (their pages are not in the
rulebook): ``{"kind": "alliance", "name", "gain", "unite"}`` (optionally
``"replaces"``: an alliance the tile covers). The other events are those of
the quick game: unite, popularity, flip, next.
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
from companion.ephios import quick, setup
from companion.ephios.cards import load_deck, make_alliance

GAME = "ephios-campaign"
WINS_NEEDED = 2

WHY_END_ROUND = (
    "Campaign, End of round: discard your hands and affinities, return your persuasion tokens"
)
WHY_PAGE = "Campaign, End of round: the winner reads the victory page of the last united alliance"
WHY_READ = "Campaign, Victory pages: a page already read means you go directly to the next round"
WHY_NEXT_ROUND = "Campaign: the player who won the previous round starts the game"
RULE_ROUND = "Campaign > Course of a Campaign > End of round"
RULE_PAGES = "Campaign > Course of a Campaign > Victory pages"
WHY_CHAMPION = "End of the Campaign: the first player to win two rounds wins the campaign"


@dataclass
class CampaignState:
    """A campaign: round number, round wins, pages read, alliances in play, the current round."""

    players: list[str]
    round: quick.QuickState
    number: int = 1
    wins: dict[str, int] = field(default_factory=dict)
    round_winners: list[str] = field(default_factory=list)
    pages_read: list[str] = field(default_factory=list)
    champion: str | None = None
    started_by: str = ""  # who started the current round (round 1: the first player)

    def to_json(self) -> dict[str, Any]:
        """The state as the CLI's JSON object."""
        data = self.round.to_json()
        data.update(
            {
                "game": GAME,
                "round": self.number,
                "wins": dict(self.wins),
                "round_winners": list(self.round_winners),
                "pages_read": list(self.pages_read),
                "champion": self.champion,
                "winner": self.champion,
                "started_by": self.started_by,
            }
        )
        return data


def start_state(players: Sequence[str], first: str | None = None) -> CampaignState:
    """Round 1: the 5 alliances of the quick game, everyone at 0%."""
    first_round = quick.new_round(players, first, load_deck().alliances)
    return CampaignState(
        players=list(first_round.players),
        round=first_round,
        wins=dict.fromkeys(first_round.players, 0),
        started_by=first_round.players[first_round.current],
    )


def apply(
    state: CampaignState, event: Mapping[str, Any]
) -> tuple[CampaignState, list[Announcement]]:
    """Apply one event to a copy of ``state``; InputError (nothing changed) if it cannot apply."""
    s = copy.deepcopy(state)
    if s.champion:
        raise InputError(f"the campaign is over: {s.champion} won it")
    if event.get("kind") == "alliance":
        return _add_alliance(s, event)
    s.round, out = quick.apply(s.round, event)
    if s.round.winner:
        _end_round(s, s.round.winner, out)
    return s, out


def _add_alliance(
    s: CampaignState, event: Mapping[str, Any]
) -> tuple[CampaignState, list[Announcement]]:
    name = str(event.get("name", ""))
    tile = make_alliance(name, event.get("gain"), event.get("unite"))
    alliances = s.round.alliances
    replaces = event.get("replaces")
    if replaces is not None:
        old = str(replaces).strip().lower()
        if old not in alliances:
            raise InputError(
                f"{replaces!r} is not an alliance in play ({', '.join(alliances)})",
                field="replaces",
            )
        del alliances[old]
    if tile.id in alliances:
        raise InputError(
            f"the {tile.name} is already in play", item=f"alliance {name!r}", field="name"
        )
    alliances[tile.id] = tile
    where = f" on {the(str(replaces))} (it leaves the game)" if replaces is not None else ""
    text = f"Place {the(tile.name)} alliance tile{where}: unite with {tile.unite}, +{tile.gain}%."
    return s, [
        Announcement(
            text,
            "Campaign, Victory pages: place the alliance tiles the page shows",
            what="tile",
            rule=RULE_PAGES,
        )
    ]


def _end_round(s: CampaignState, winner: str, out: list[Announcement]) -> None:
    s.wins[winner] += 1
    s.round_winners.append(winner)
    out.append(
        Announcement(
            f"Round {s.number} won by {winner} "
            f"({s.wins[winner]} round win{'' if s.wins[winner] == 1 else 's'}).",
            WHY_END_ROUND,
            "info",
            winner,
            what="round.won",
            rule=RULE_ROUND,
        )
    )
    if s.wins[winner] >= WINS_NEEDED:
        s.champion = winner
        out.append(
            Announcement(
                f"{winner} has won two rounds and wins the campaign: the new High Governor.",
                WHY_CHAMPION,
                "end",
                winner,
                what="won",
                rule="Campaign > End of the Campaign",
            )
        )
        return
    out.append(
        Announcement(
            "Everyone discards their hand and affinity and returns their persuasion tokens.",
            WHY_END_ROUND,
            what="round.end",
            rule=RULE_ROUND,
        )
    )
    page = s.round.last_united
    name = ""
    if page is not None:
        name = s.round.alliances[page].name if page in s.round.alliances else page
    if page is None:
        out.append(
            Announcement(
                "No alliance was united this round: there is no victory page to read; go to the "
                "next round.",
                WHY_PAGE,
                "info",
                winner,
                what="page.none",
                rule=RULE_PAGES,
            )
        )
    elif page in s.pages_read:
        out.append(
            Announcement(
                f"{_capital(the(name))} victory page: already read, go to the next round.",
                WHY_READ,
                "info",
                winner,
                what="page.read-before",
                rule=RULE_PAGES,
            )
        )
    else:
        s.pages_read.append(page)
        out.append(
            Announcement(
                f"{winner} reads {the(name)} victory page in the Book of Victories and applies "
                "it: remove and add the cards it shows, place its alliance tiles (record each "
                "tile here too).",
                WHY_PAGE,
                who=winner,
                what="page.read",
                rule=RULE_PAGES,
            )
        )
    s.number += 1
    s.round = quick.new_round(s.players, winner, s.round.alliances)
    s.started_by = winner
    out.extend(round_setup(s))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def round_setup(s: CampaignState) -> list[Announcement]:
    """The set-up of the current round: the whole campaign set-up for round 1, else the next
    round's (what stays, what the victory pages changed, who starts)."""
    deck = load_deck()
    if s.number == 1:
        return setup.campaign_steps(s.players, s.started_by)
    alliances = s.round.alliances
    added = [a.name for a in alliances.values() if a.id not in deck.alliances]
    removed = [a.name for a in deck.alliances.values() if a.id not in alliances]
    pages = [_page_name(s, p) for p in s.pages_read]
    return setup.next_round_steps(
        s.number, s.players, s.started_by, alliances, added, removed, pages
    )


def _page_name(s: CampaignState, page: str) -> str:
    known = s.round.alliances.get(page) or load_deck().alliances.get(page)
    return known.name if known else page


def the(name: str) -> str:
    """'the Order', but 'The Guild' for a name that already starts with an article."""
    return name if name.lower().startswith("the ") else f"the {name}"


def describe_event(event: Mapping[str, Any]) -> str:
    """One campaign journal event in words (a quick-game event, or an alliance tile)."""
    if event.get("kind") == "alliance":
        on = f" on {the(str(event['replaces']))}" if event.get("replaces") else ""
        return (
            f"alliance tile {event.get('name')}{on}: unite with {event.get('unite')}, "
            f"+{event.get('gain')}%"
        )
    return quick.describe_event(event)


def summary(state: CampaignState) -> str:
    """A short status line: 'round 2 · Ann 1 win · Ann 30% · Bob 0%'."""
    if state.champion:
        return f"round {state.number} · {state.champion} won the campaign"
    wins = " ".join(f"{p} {n}" for p, n in state.wins.items() if n)
    text = f"round {state.number}"
    if wins:
        text += f" · wins {wins}"
    return f"{text} · {quick.summary(state.round)}"


def new_game(players: Sequence[str], first: str | None = None, seed: int | None = None) -> Journal:
    """A new campaign journal (players in seating order, clockwise)."""
    state = start_state(players, first)
    options: dict[str, Any] = {"players": list(state.players)}
    if first is not None:
        options["first"] = state.round.players[state.round.current]
    journal = Journal(game=GAME, seed=seed if seed is not None else new_seed(), options=options)
    journal.summary = summary(state)
    return journal


def setup_steps(state: CampaignState) -> list[Announcement]:
    """What to do on the table to set up the current round: round 1 is the quick game's
    set-up plus the campaign cards ("Campaign > Components and Setup"); a later round keeps
    what the victory pages changed ("Course of a Campaign")."""
    return round_setup(state)


def _start(journal: Journal) -> CampaignState:
    return start_state(list(journal.options.get("players", [])), journal.options.get("first"))


def outcome(state: CampaignState) -> Outcome:
    """How the campaign stands ("End of the Campaign": the first to win two rounds wins)."""
    champion = state.champion
    return among_players(
        GAME,
        champion,
        len(state.round_winners),
        f"{champion} won {WINS_NEEDED} rounds and the campaign."
        if champion
        else f"The campaign goes on: {summary(state)}.",
        "Each player's round wins after each round",
    )


RULES = session.register(session.FunctionRules(GAME, _start, apply, summary, outcome))


def replay(journal: Journal, source: str = "save") -> CampaignState:
    """The state of a campaign from its journal; SaveError naming ``source`` and the event if invalid."""
    return session.replay(RULES, journal, source)


def play(journal: Journal, event: Mapping[str, Any], source: str = "save") -> list[Announcement]:
    """Apply ``event`` to the campaign of ``journal`` and record it; the journal is unchanged on error."""
    return session.play(RULES, journal, dict(event), source)[1]
