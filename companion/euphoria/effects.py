"""What happens on the table when an Automa worker moves or a token is placed.

Shared by the Automa turn (``turn.py``) and the human events (``events.py``):
rolling workers (the app's seeded dice or the player's physical dice),
bumped workers going back to their Automa, authority tokens, markets being
built, the penalty side of the faction/penalty cards, and winning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.catalog import N_, _, say
from companion.core.questions import Announcement, AnnouncementKind, Answers, Question
from companion.core.rng import roll_die
from companion.euphoria.board import (
    AUTOMAS,
    DIE_FACES,
    LAST_TIER,
    RECRUITS_ACTIVATED,
    automa_word,
    space_name,
)
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import ALLEGIANCE, TERRITORY, TOKENS, GameState
from companion.euphoria.words import WORDS, rolled_words


@dataclass
class Table:
    """One step's context: the state it changes, the answers, the dice, the announcements."""

    state: GameState
    answers: Answers
    labels: tuple[str | int, ...]  # the label path of this step's dice in the seeded stream
    prefix: str  # question ids of this step start with it ("black", "event")
    out: list[Announcement] = field(default_factory=list)
    rolls: int = 0
    # The Automas whose worker was rolled with a physical die not answered yet.
    unrolled: set[str] = field(default_factory=set)

    def tell(
        self, what: str, why: str = "", who: str = "", kind: AnnouncementKind = "do", **data: Any
    ) -> None:
        """Announce a step on the table as data: ``what`` (a stable message id such as
        "automa.place"), why (the details and the rule), who, its kind, the spaces, cards,
        slots and dice faces it names, the rulebook section and the facts its words need;
        its text is the screen form of ``WORDS`` (``companion.euphoria.words``)."""
        self.out.append(WORDS.announce(what, why, who, kind, **data))

    def roll(self, owner: str, what: str) -> int | None:
        """Roll one die for ``owner``'s worker: seeded, or asked with physical dice.

        With physical dice a missing answer is recorded and None returned (the face is not
        known yet); the step calls ``answers.require()`` before anything depends on it.
        """
        self.rolls += 1
        if not self.state.options.physical_dice:
            return roll_die(self.state.seed, *self.labels, self.rolls)
        question = Question(
            id=f"{self.prefix}.roll.{self.rolls}",
            text=say("Roll the die of {worker}: what does it show?", worker=what),
            kind="number",
            minimum=DIE_FACES[0],
            maximum=DIE_FACES[1],
        )
        value = self.answers.get(question)
        if value is None:
            self.unrolled.add(owner)
            return None
        return int(value)


@dataclass(frozen=True)
class Rolled:
    """The dice rolled for workers going back to their Automa: the faces (None: not rolled
    yet, physical dice) and how many went onto the faction/penalty card."""

    faces: tuple[int | None, ...]
    to_card: int

    @property
    def known(self) -> tuple[int, ...]:
        """The faces known (all of them once every physical die is answered)."""
        return tuple(f for f in self.faces if f is not None)

    def words(self) -> str:
        """'rolled 3 6 (6 onto its card)', 'rolled 6: onto its penalty card', or 'roll it' /
        'roll them' while a physical die is not answered yet."""
        return rolled_words(self.faces, self.to_card)


# A catalog message, translated where it is used (penalty_why()).
PENALTY_WHY = N_("Market Penalties: with the penalty side up, every 6 it rolls goes onto the card.")


def penalty_why() -> str:
    """Why a rolled 6 goes onto the faction/penalty card ("Market Penalties")."""
    return _(PENALTY_WHY)


def settle(table: Table, owner: str, faces: list[int | None]) -> Rolled:
    """Rolled workers join their Automa: available, or onto the faction/penalty card when one
    shows 6 with the penalty side up ("Market Penalties"). A face not known yet (physical
    dice, not answered) counts as 1 meanwhile."""
    automa = table.state.automas[owner]
    to_card = 0
    for face in faces:
        if face == 6 and automa.penalty_side:
            automa.penalty_card.append(face)
            to_card += 1
        else:
            automa.available.append(1 if face is None else face)
    return Rolled(tuple(faces), to_card)


def return_and_roll(table: Table, owner: str, worker: PlacedWorker, why: str) -> None:
    """An Automa worker leaves the board (bumped): it returns to its Automa and is re-rolled."""
    return_workers(table, [(owner, worker)], why)


def return_workers(table: Table, workers: list[tuple[str, PlacedWorker]], why: str) -> None:
    """Automa workers leave the board (bumped, or their market was built): each returns to
    its Automa and is re-rolled, in the order given (the dice stream's order); one line per
    Automa names its workers and the faces they rolled (the places in the why)."""
    rolled: dict[str, list[tuple[PlacedWorker, int | None]]] = {}
    for owner, worker in workers:
        table.state.automas[owner].placed.remove(worker)
        face = table.roll(
            owner,
            say(
                "the worker {automa} just got back from {space}",
                automa=automa_word(owner),
                space=space_name(worker.space),
            ),
        )
        rolled.setdefault(owner, []).append((worker, face))
    for owner, pairs in rolled.items():
        result = settle(table, owner, [face for _w, face in pairs])
        places = "; ".join(
            say("{knowledge} from {space}", knowledge=w.knowledge, space=space_name(w.space))
            for w, _f in pairs
        )
        reason = say("Back: {places}. {why}", places=places, why=why)
        if result.to_card:
            reason += " " + penalty_why()
        table.tell(
            "worker.return",
            reason,
            owner,
            spaces=tuple(w.space for w, _f in pairs),
            dice=result.known,
            knowledge=tuple(w.knowledge for w, _f in pairs),
            faces=result.faces,
            to_card=result.to_card,
        )


def place_token(table: Table, owner: str, where: str, why: str) -> bool:
    """Place one of ``owner``'s authority tokens; True if it was its last (it wins)."""
    state = table.state
    automa = state.automas[owner]
    if automa.tokens_left <= 0 or state.winner:
        return bool(state.winner)
    automa.tokens.append(where)
    if where.startswith(TERRITORY):
        why = say("{why} (Next to the territory when it is full.)", why=why)
    table.tell("token.place", why, owner, spaces=(where,), left=automa.tokens_left)
    if automa.tokens_left == 0:
        state.winner = owner
        table.tell(
            "game.won",
            say("A player with all {tokens} authority tokens placed wins.", tokens=TOKENS),
            owner,
            "end",
        )
        return True
    return False


def build_market(table: Table, site: str, why: str) -> None:
    """A construction site completes: the market is built, each Automa that had a worker on
    the site places a token on it (unless it already did), and every worker on the site
    returns to its owner (the Automas' are re-rolled)."""
    state = table.state
    state.sites[site].built = True
    contributors = [a for a in AUTOMAS if any(w.space == site for w in state.automas[a].placed)]
    table.tell("market.built", why, spaces=(site,))
    for owner in contributors:
        if site not in state.automas[owner].tokens:
            place_token(
                table,
                owner,
                site,
                _(
                    "Each player with a worker on the construction site places an authority "
                    "token on the new market."
                ),
            )
    if state.sites[site].humans:
        table.tell(
            "market.humans_return",
            _(
                "When a market is built every worker on its site returns to its owner and is "
                "re-rolled as usual; each human with a worker there places an authority token "
                "on the market."
            ),
            spaces=(site,),
        )
    state.sites[site].humans = 0
    state.sites[site].humans_exact = True
    return_workers(
        table,
        state.automa_workers_on(site),
        _("When a market is built every worker on its site returns."),
    )
    update_penalty_sides(table)


def update_penalty_sides(table: Table) -> None:
    """Turn each faction/penalty card to the side the markets call for, announcing every flip
    (design reading 6; "Penalizing Market")."""
    state = table.state
    for owner in AUTOMAS:
        automa = state.automas[owner]
        markets = state.penalizing(owner)
        wanted = bool(markets)
        if wanted == automa.penalty_side:
            continue
        automa.penalty_side = wanted
        if wanted:
            names = ", ".join(space_name(m) for m in markets)
            table.tell(
                "penalty.flip",
                say(
                    "Penalizing Market: {markets} has no {automa} authority token. From now on "
                    "every 6 {automa} rolls goes onto the card; its workers already showing 6 "
                    "stay where they are.",
                    markets=names,
                    automa=automa_word(owner),
                ),
                owner,
                spaces=tuple(markets),
                rule="Penalizing Market",
            )
        else:
            table.tell(
                "penalty.flip_back",
                say(
                    "Penalizing Market: every constructed market now has a {automa} authority "
                    "token. Workers on the card stay there until it retrieves.",
                    automa=automa_word(owner),
                ),
                owner,
                rule="Penalizing Market",
            )


def allegiance_tokens(table: Table, area: str, level: int, why: str) -> None:
    """Recruits of ``area`` activated for the first time (level 8, or its tunnel's miner) or
    its allegiance track reached the last tier (11): each Automa of that faction places its
    token next to the track, once ("Automa Allegiance")."""
    for owner in AUTOMAS:
        automa = table.state.automas[owner]
        if automa.faction != area or automa.has_allegiance_token(area, level):
            continue
        if table.state.winner:
            return
        place_token(table, owner, f"{ALLEGIANCE}{area}:{level}", why)


def pending_allegiance(state: GameState, area: str) -> int:
    """The allegiance token still to place for ``area`` by an Automa of that faction:
    8 (recruit activation), 11 (last tier) or 0 (none: no question needed)."""
    owners = [state.automas[a] for a in AUTOMAS if state.automas[a].faction == area]
    if any(not a.has_allegiance_token(area, RECRUITS_ACTIVATED) for a in owners):
        return RECRUITS_ACTIVATED
    if any(not a.has_allegiance_token(area, LAST_TIER) for a in owners):
        return LAST_TIER
    return 0
