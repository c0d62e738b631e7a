"""Ephios campaign keeping: rounds played as quick games, victory pages, two round wins.

Rulebook, "Campaign". Each round is a quick game (companion.ephios.quick);
when someone reaches 70% the round ends: the winner reads the victory page
of the last alliance united (once per page: an already-read page means "go
to the next round"), then the winner starts the next round. Two round wins
take the campaign. Alliance tiles are user data (their pages are not in the
rulebook): the typed step ``AllianceTile`` of
:mod:`companion.ephios.table_events`, stored as ``{"kind": "alliance", "name",
"gain", "unite"}`` (optionally ``"replaces"``: an alliance the tile covers). The
other steps are those of the quick game: unite, popularity, flip, next.
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
from companion.ephios import quick, setup
from companion.ephios.cards import load_deck, make_alliance
from companion.ephios.table_events import (
    AllianceTile,
    CampaignEvent,
    campaign_event,
    to_dict,
)
from companion.ephios.words import QUICK_WORDS, describe_campaign_event

GAME = "ephios-campaign"
WINS_NEEDED = 2

# The "why" of each announcement (translated where an announcement is made).
WHY_END_ROUND = N_(
    "Campaign, End of round: discard your hands and affinities, return your persuasion tokens"
)
WHY_PAGE = N_(
    "Campaign, End of round: the winner reads the victory page of the last united alliance"
)
WHY_READ = N_(
    "Campaign, Victory pages: a page already read means you go directly to the next round"
)
WHY_REMOVED = N_(
    "Campaign, Victory pages: a victory page may ask you to remove from the game cards that "
    "have already been removed; ignore them and apply the rest of the modifications"
)
WHY_NEXT_ROUND = N_("Campaign: the player who won the previous round starts the game")
WHY_TILE = N_("Campaign, Victory pages: place the alliance tiles the page shows")
RULE_ROUND = "Campaign > Course of a Campaign > End of round"
RULE_PAGES = "Campaign > Course of a Campaign > Victory pages"
RULE_END = "Campaign > End of the Campaign"
# The rulebook says "two" (WINS_NEEDED) in words; so do these sentences.
WHY_CHAMPION = N_("End of the Campaign: the first player to win two rounds wins the campaign")


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

    def __deepcopy__(self, memo: dict[int, Any]) -> CampaignState:
        """A copy that shares nothing mutable with this state: the round's state copied as
        :meth:`QuickState.__deepcopy__` copies it, the lists and dicts (of strings and
        numbers) copied, every other field immutable (``tests/engine/test_state_copies.py``)."""
        new = same_fields(self)
        new.players = list(self.players)
        new.round = copy.deepcopy(self.round, memo)
        new.wins = dict(self.wins)
        new.round_winners = list(self.round_winners)
        new.pages_read = list(self.pages_read)
        return new

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


def start_state(
    players: Sequence[str], first: str | None = None, unite_ends_turn: bool = True
) -> CampaignState:
    """Round 1: the 5 alliances of the quick game, everyone at 0% (``unite_ends_turn``: see
    :func:`companion.ephios.quick.new_round`)."""
    first_round = quick.new_round(players, first, load_deck().alliances, unite_ends_turn)
    return CampaignState(
        players=list(first_round.players),
        round=first_round,
        wins=dict.fromkeys(first_round.players, 0),
        started_by=first_round.players[first_round.current],
    )


def apply(
    state: CampaignState, event: Mapping[str, Any] | CampaignEvent
) -> tuple[CampaignState, list[Announcement]]:
    """Apply one step (a typed step or its journal table) to a copy of ``state``; InputError
    (nothing changed) if it cannot apply."""
    s = copy.deepcopy(state)
    if s.champion:
        raise InputError(say("the campaign is over: {champion} won it", champion=s.champion))
    step = campaign_event(event)
    if isinstance(step, AllianceTile):
        return s, [_add_alliance(s, step)]
    s.round, out = quick.apply(s.round, step)
    if s.round.winner:
        _end_round(s, s.round.winner, out)
    return s, out


def _add_alliance(s: CampaignState, step: AllianceTile) -> Announcement:
    """Victory pages: a tile comes into play, covering an alliance in play if it says so."""
    tile = make_alliance(step.name, step.gain, step.unite)
    alliances = s.round.alliances
    replaces = step.replaces
    if replaces is not None:
        old = replaces.strip().lower()
        if old not in alliances:
            raise InputError(
                say(
                    "{replaces!r} is not an alliance in play ({alliances})",
                    replaces=replaces,
                    alliances=", ".join(alliances),
                ),
                field="replaces",
            )
        del alliances[old]
    if tile.id in alliances:
        raise InputError(
            say("the {alliance} is already in play", alliance=tile.name),
            item=say("alliance {name!r}", name=step.name),
            field="name",
        )
    alliances[tile.id] = tile
    return QUICK_WORDS.announce(
        "tile",
        _(WHY_TILE),
        rule=RULE_PAGES,
        name=tile.name,
        replaces=replaces,
        unite=tile.unite,
        gain=tile.gain,
    )


def _end_round(s: CampaignState, winner: str, out: list[Announcement]) -> None:
    """End of round: the round win, the campaign if it is the second, else the victory page
    and the next round's set-up (the winner starts)."""
    s.wins[winner] += 1
    s.round_winners.append(winner)
    out.append(
        QUICK_WORDS.announce(
            "round.won",
            _(WHY_END_ROUND),
            winner,
            "info",
            rule=RULE_ROUND,
            number=s.number,
            wins=s.wins[winner],
        )
    )
    if s.wins[winner] >= WINS_NEEDED:
        s.champion = winner
        out.append(
            QUICK_WORDS.announce(
                "won", _(WHY_CHAMPION), winner, "end", rule=RULE_END, campaign=True
            )
        )
        return
    out.append(QUICK_WORDS.announce("round.end", _(WHY_END_ROUND), rule=RULE_ROUND))
    page = _victory_page(s, winner)
    out.append(page)
    if page.what == "page.read":
        out.append(
            QUICK_WORDS.announce(
                "page.removed-before", _(WHY_REMOVED), winner, "info", rule=RULE_PAGES
            )
        )
    s.number += 1
    s.round = quick.new_round(s.players, winner, s.round.alliances, s.round.unite_ends_turn)
    s.started_by = winner
    out.extend(round_setup(s))


def _victory_page(s: CampaignState, winner: str) -> Announcement:
    """The victory page of the last alliance united: none, read before, or read now."""
    page = s.round.last_united
    if page is None:
        return QUICK_WORDS.announce("page.none", _(WHY_PAGE), winner, "info", rule=RULE_PAGES)
    name = s.round.alliances[page].name if page in s.round.alliances else page
    if page in s.pages_read:
        return QUICK_WORDS.announce(
            "page.read-before", _(WHY_READ), winner, "info", rule=RULE_PAGES, page=name
        )
    s.pages_read.append(page)
    return QUICK_WORDS.announce("page.read", _(WHY_PAGE), winner, rule=RULE_PAGES, page=name)


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


# One campaign step in words (a quick-game step, or an alliance tile).
describe_event = describe_campaign_event


def summary(state: CampaignState) -> str:
    """A short status line: 'round 2 · Ann 1 win · Ann 30% · Bob 0%'."""
    if state.champion:
        return say(
            "round {number} · {champion} won the campaign",
            number=state.number,
            champion=state.champion,
        )
    standings = quick.summary(state.round)
    wins = " ".join(say("{player} {wins}", player=p, wins=n) for p, n in state.wins.items() if n)
    if wins:
        return say(
            "round {number} · wins {wins} · {standings}",
            number=state.number,
            wins=wins,
            standings=standings,
        )
    return say("round {number} · {standings}", number=state.number, standings=standings)


def new_game(players: Sequence[str], first: str | None = None, seed: int | None = None) -> Journal:
    """A new campaign journal (players in seating order, clockwise)."""
    state = start_state(players, first)
    options: dict[str, Any] = {"players": list(state.players), quick.UNITE_ENDS_TURN: True}
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
    options = journal.options
    ends = options.get(quick.UNITE_ENDS_TURN) is True
    return start_state(list(options.get("players", [])), options.get("first"), ends)


def outcome(state: CampaignState) -> Outcome:
    """How the campaign stands ("End of the Campaign": the first to win two rounds wins)."""
    champion = state.champion
    if champion:
        headline = say(
            "{champion} won {wins} rounds and the campaign.", champion=champion, wins=WINS_NEEDED
        )
    else:
        headline = say("The campaign goes on: {summary}.", summary=summary(state))
    label = _("Each player's round wins after each round")
    return among_players(GAME, champion, len(state.round_winners), headline, label, rounds=True)


RULES = session.FunctionRules(GAME, _start, apply, summary, outcome)


def replay(journal: Journal, source: str = "save") -> CampaignState:
    """The state of a campaign from its journal; SaveError naming ``source`` and the event if invalid."""
    return session.replay(RULES, journal, source)


def play(
    journal: Journal, event: Mapping[str, Any] | CampaignEvent, source: str = "save"
) -> list[Announcement]:
    """Apply ``event`` (a typed step or its table) to the campaign of ``journal`` and record
    it in the journal's form; the journal is unchanged on error."""
    state = replay(journal, source)
    step = campaign_event(event)
    if not isinstance(step, AllianceTile):
        quick.check_change(state.round, step)
    new, out = apply(state, event)
    session.record(RULES, journal, to_dict(step), new)
    return out
