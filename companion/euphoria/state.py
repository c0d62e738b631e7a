"""The game state of a Euphoria Automa game: options, the two Automas, the sites, the deck.

A :class:`GameState` is never stored: it is derived by replaying the journal
(see ``game.py``). It holds only what the app did and what it was told; facts
a human may have changed (human workers on construction sites, allegiance
tracks) are asked for when a decision depends on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core.catalog import _, say
from companion.core.copies import same_fields
from companion.core.errors import InputError
from companion.core.validate import Fields
from companion.euphoria.board import (
    AREAS,
    AUTOMAS,
    LAST_TIER,
    RECRUIT_FACTIONS,
    RECRUITS_ACTIVATED,
    SITES,
    SPACES,
    automa_word,
    construction_site_name,
    short_name,
)
from companion.euphoria.cards import LEVEL_IDS, AutomaDeck
from companion.euphoria.deck_cycle import DeckState
from companion.euphoria.model import PlacedWorker

TOKENS = 10  # authority tokens of each Automa ("Give the Automas Their Components")
WORKERS = 4  # workers of each Automa
PENALTY_CARD = "penalty_card"
PENALTY_FACE = 6  # the die face that goes onto the faction/penalty card ("Market Penalties")
TERRITORY = "territory:"
ALLEGIANCE = "allegiance:"  # allegiance:<area>:8 (activation) and allegiance:<area>:11 (last tier)
CORRECTED = "corrected"  # a token the user said was placed somewhere the app did not see
HUMAN = "human"  # the winner when a human placed their last token ("human 2" with 2 humans)


@dataclass(frozen=True)
class GameOptions:
    """How a game was set up (stored in the save; the seed is stored beside it).

    ``recruits``: with 1 human, the factions of the human's two recruits, the
    active one first; with 2 humans, each human's active recruit (optional).
    ``factions``: the Automas' factions drawn at the table (black, white);
    empty = the app draws them. ``setup_answers``: the physical dice rolled
    for the Automas' starting workers. ``report_sites``: the user promises to
    report every human worker placed on or taken from a construction site,
    so the app never asks which sites hold workers. ``report_tracks`` (the
    default): the user reports a recruit activation or last tier of an
    Automa's faction as an event when the announced advance takes a track
    there, so a turn needs no question; with it off, the app asks after every
    advance of such a track whether it reached 8 or 11 (design reading 8).
    """

    humans: int = 1
    difficulty: str = "intermediate"
    recruits: tuple[str, ...] = ()
    solo_variant: bool = False
    base_game: bool = False
    physical_dice: bool = False
    physical_deck: bool = False
    deck: str = ""
    factions: tuple[str, ...] = ()
    report_sites: bool = False
    report_tracks: bool = True
    setup_answers: tuple[tuple[str, str], ...] = ()

    @property
    def players(self) -> int:
        """Humans plus the two Automas (3 or 4)."""
        return self.humans + 2

    @property
    def bazaar(self) -> bool:
        """Whether the New Antiques Bazaar is in play (expansion recruits and markets)."""
        return not self.base_game

    def to_dict(self) -> dict[str, Any]:
        """The TOML-friendly table stored in the save."""
        data: dict[str, Any] = {
            "humans": self.humans,
            "difficulty": self.difficulty,
            "recruits": list(self.recruits),
            "solo_variant": self.solo_variant,
            "base_game": self.base_game,
            "physical_dice": self.physical_dice,
            "physical_deck": self.physical_deck,
            "deck": self.deck,
            "factions": list(self.factions),
            "report_sites": self.report_sites,
            "report_tracks": self.report_tracks,
        }
        if self.setup_answers:
            data["setup_answers"] = dict(self.setup_answers)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameOptions:
        """Read (and check) the options table of a save."""

        read = Fields.of(data, item="options")
        answers = read.table("setup_answers", {})
        options = cls(
            humans=read.integer("humans", default=1),
            difficulty=read.text("difficulty", "intermediate"),
            recruits=tuple(read.texts("recruits", [])),
            solo_variant=read.flag("solo_variant", False),
            base_game=read.flag("base_game", False),
            physical_dice=read.flag("physical_dice", False),
            physical_deck=read.flag("physical_deck", False),
            deck=read.text("deck", ""),
            factions=tuple(read.texts("factions", [])),
            report_sites=read.flag("report_sites", False),
            report_tracks=read.flag("report_tracks", True),
            setup_answers=tuple((str(k), str(v)) for k, v in answers.items()),
        )
        options.check()
        return options

    def check(self) -> None:
        """Raise InputError (naming the option) if the options cannot make a game."""
        if self.humans not in (1, 2):
            raise InputError(
                say(
                    "{humans} humans: an Automa game has 1 or 2 humans (a game without "
                    "Automas needs only the set-up checklist)",
                    humans=self.humans,
                ),
                field="humans",
            )
        if self.difficulty not in LEVEL_IDS:
            raise InputError(_not_one_of(self.difficulty, LEVEL_IDS), field="difficulty")
        self._check_recruits()
        if self.humans == 1 and not self.recruits and not self.solo_variant and not self.factions:
            raise InputError(
                say(
                    "with 1 human the Automas' factions depend on your recruits: give your two "
                    "recruits' factions (the active one first), or play the optional solo "
                    "variant"
                ),
                field="recruits",
            )
        for faction in self.factions:
            if faction not in AREAS:
                raise InputError(_not_one_of(faction, AREAS), field="factions")
        if self.factions and len(self.factions) != 2:
            raise InputError(say("give two factions: black's, then white's"), field="factions")

    def _check_recruits(self) -> None:
        """The recruits' factions: known ones, two of them, factionless as the rules allow."""
        for faction in self.recruits:
            if faction not in RECRUIT_FACTIONS:
                raise InputError(_not_one_of(faction, RECRUIT_FACTIONS), field="recruits")
        if self.recruits and len(self.recruits) != 2:
            raise InputError(
                say(
                    "give two factions: with 1 human, your two recruits (the active one "
                    "first); with 2 humans, each human's active recruit"
                ),
                field="recruits",
            )
        if self.base_game and "factionless" in self.recruits:
            # "Selecting Recruits": the factionless recruits are in the new recruit deck only.
            raise InputError(
                say(
                    "factionless recruits are in the new recruit set only, not with the "
                    "original recruits (the base game)"
                ),
                field="recruits",
            )
        if self.humans == 1 and self.recruits:
            # "Selecting Recruits": at most 1 factionless of the 4 dealt, and it must be active.
            if self.recruits.count("factionless") > 1:
                raise InputError(
                    say("at most one of your recruits is factionless"), field="recruits"
                )
            if self.recruits[1] == "factionless":
                raise InputError(
                    say("a factionless recruit must be your active recruit: name it first"),
                    field="recruits",
                )


@dataclass
class AutomaState:
    """One Automa: its faction, workers (available, placed, on the card), tokens."""

    name: str
    faction: str
    available: list[int] = field(default_factory=list)
    placed: list[PlacedWorker] = field(default_factory=list)
    penalty_card: list[int] = field(default_factory=list)
    penalty_side: bool = False
    # Where each placed authority token went: a site id (a market), territory:<area>,
    # allegiance:<area>:8 / :11, or "corrected".
    tokens: list[str] = field(default_factory=list)

    @property
    def tokens_left(self) -> int:
        """Authority tokens not yet placed."""
        return TOKENS - len(self.tokens)

    def has_allegiance_token(self, area: str, level: int) -> bool:
        """Whether it placed its token for its faction's recruits (8) or last tier (11)."""
        return f"{ALLEGIANCE}{area}:{level}" in self.tokens

    def workers(self) -> int:
        """How many workers it has in all (always 4)."""
        return len(self.available) + len(self.placed) + len(self.penalty_card)

    def clone(self) -> AutomaState:
        """An independent copy (its lists copied; a placed worker is frozen)."""
        new = same_fields(self)
        new.available = list(self.available)
        new.placed = list(self.placed)
        new.penalty_card = list(self.penalty_card)
        new.tokens = list(self.tokens)
        return new

    def to_json(self) -> dict[str, Any]:
        """The JSON object `show` prints for this Automa."""
        return {
            "faction": self.faction,
            "available": sorted(self.available, reverse=True),
            "placed": [w.to_json() for w in self.placed],
            "penalty_card": list(self.penalty_card),
            "penalty_side": self.penalty_side,
            "tokens_left": self.tokens_left,
            "tokens": list(self.tokens),
            "allegiance_tokens": {
                "activation": self.has_allegiance_token(self.faction, RECRUITS_ACTIVATED),
                "last_tier": self.has_allegiance_token(self.faction, LAST_TIER),
            },
        }


@dataclass
class SiteState:
    """A market site: built or not, and the humans' workers the app believes are on it.

    ``humans_exact`` is False when the app only knows "at least ``humans``"
    (a 4-player answer "this site holds workers" without a count).
    """

    built: bool = False
    humans: int = 0
    humans_exact: bool = True


@dataclass
class GameState:
    """Everything the app knows about a game, derived by replaying its journal."""

    options: GameOptions
    seed: int
    cards: AutomaDeck
    deck: DeckState
    automas: dict[str, AutomaState]
    sites: dict[str, SiteState]
    turn: int = 0  # Automa turns played
    # The humans' workers on construction sites are known as of now (asked this
    # Automa turn, or reported with a `sites` event since the last Automa turn).
    sites_fresh: bool = False
    winner: str = ""
    events: int = 0  # journal events applied

    @property
    def players(self) -> int:
        """Humans plus the two Automas."""
        return self.options.players

    @property
    def over(self) -> bool:
        """Whether someone has won (no more turns)."""
        return bool(self.winner)

    @property
    def human_won(self) -> bool:
        """Whether the game ended with a human placing their last authority token."""
        return self.winner.startswith(HUMAN)

    @property
    def winner_name(self) -> str:
        """Who won, for a sentence: 'the black Automa', 'the human', 'human 2' ('' if nobody)."""
        if not self.winner:
            return ""
        if self.winner == HUMAN:
            return say("the human")
        if self.human_won:
            return say("human {player}", player=self.winner.removeprefix(HUMAN).strip())
        return say("the {automa} Automa", automa=automa_word(self.winner))

    @property
    def winner_word(self) -> str:
        """Who won, shortly (the resume list): 'human', 'human 2', 'black' ('' if nobody)."""
        if not self.winner:
            return ""
        if self.winner == HUMAN:
            return _("human")
        if self.human_won:
            return say("human {player}", player=self.winner.removeprefix(HUMAN).strip())
        return automa_word(self.winner)

    def automa_workers_on(self, space: str) -> list[tuple[str, PlacedWorker]]:
        """The Automas' workers standing on ``space`` as (automa, worker)."""
        return [(a, w) for a in AUTOMAS for w in self.automas[a].placed if w.space == space]

    def is_construction_site(self, space: str) -> bool:
        """Whether ``space`` is a market site not built yet (a construction site)."""
        return is_construction_site(self, space)

    def site_workers(self, site: str) -> int:
        """Everyone's workers on a construction site, as far as the app knows."""
        return len(self.automa_workers_on(site)) + self.sites[site].humans

    def penalizing(self, automa: str) -> list[str]:
        """The constructed markets without this Automa's token ("Penalizing Market")."""
        tokens = self.automas[automa].tokens
        return [s for s in SITES if self.sites[s].built and s not in tokens]

    def clone(self) -> GameState:
        """An independent copy (the deck file is shared: it never changes)."""
        new = same_fields(self)
        new.deck = self.deck.clone()
        new.automas = {a: s.clone() for a, s in self.automas.items()}
        new.sites = {k: same_fields(v) for k, v in self.sites.items()}  # numbers and flags
        return new

    def summary(self) -> str:
        """One status line for the resume list, e.g. 'turn 12 · tokens left: black 7, white 9'."""
        black = self.automas["black"].tokens_left
        white = self.automas["white"].tokens_left
        if self.winner:
            return say(
                "turn {turn} · tokens left: black {black}, white {white} · {winner} won",
                turn=self.turn,
                black=black,
                white=white,
                winner=self.winner_word,
            )
        return say(
            "turn {turn} · tokens left: black {black}, white {white}",
            turn=self.turn,
            black=black,
            white=white,
        )

    def to_json(self) -> dict[str, Any]:
        """The JSON object `companion euphoria show --json` prints."""
        sites = {}
        for site in SITES:
            s = self.sites[site]
            sites[site] = {
                "built": s.built,
                "automa_workers": [
                    {"automa": a, "knowledge": w.knowledge} for a, w in self.automa_workers_on(site)
                ]
                if not s.built
                else [],
                "humans": s.humans if not s.built else 0,
                "humans_exact": s.humans_exact,
                "automa_tokens": [a for a in AUTOMAS if site in self.automas[a].tokens],
            }
        return {
            "turn": self.turn,
            "players": self.players,
            "humans": self.options.humans,
            "difficulty": self.options.difficulty,
            "bazaar": self.options.bazaar,
            "physical_dice": self.options.physical_dice,
            "physical_deck": self.options.physical_deck,
            "seed": self.seed,
            "factions": {a: self.automas[a].faction for a in AUTOMAS},
            "automas": {a: self.automas[a].to_json() for a in AUTOMAS},
            "deck": self.deck.to_json(),
            "sites": sites,
            "sites_known": self.sites_fresh or self.options.report_sites,
            "result": {"over": True, "winner": self.winner} if self.winner else None,
            "summary": self.summary(),
        }


def _not_one_of(value: str, allowed: tuple[str, ...]) -> str:
    return say("{value} is not one of {allowed}", value=repr(value), allowed=", ".join(allowed))


def check_space(space: str, where: str) -> str:
    """``space`` if it is a space id an Automa worker can stand on, else InputError."""
    if space not in SPACES:
        raise InputError(
            say(
                "{space} is not a space id (one of {spaces})",
                space=repr(space),
                spaces=", ".join(SPACES),
            ),
            field=where,
        )
    return space


def place_name(state: GameState, space: str) -> str:
    """A space as the table calls it now, shortly: 'the upper Wastelander construction site'
    while its market is not built, else its short name ('the Subterran tunnel', 'the Farm')."""
    if is_construction_site(state, space):
        return construction_site_name(space)
    return short_name(space)


def is_construction_site(state: GameState, space: str) -> bool:
    """Whether ``space`` is a market site whose market is not built yet (a construction site:
    any number of spaces up to the threshold, nobody is bumped there)."""
    return space in SITES and not state.sites[space].built
