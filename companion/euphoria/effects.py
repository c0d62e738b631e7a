"""What happens on the table when an Automa worker moves or a token is placed.

Shared by the Automa turn (``turn.py``) and the human events (``events.py``):
rolling workers (the app's seeded dice or the player's physical dice),
bumped workers going back to their Automa, authority tokens, markets being
built, the penalty side of the faction/penalty cards, and winning.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.questions import Announcement, Answers, Question
from companion.core.rng import roll_die
from companion.euphoria.board import (
    AUTOMAS,
    FACTION_NAMES,
    LAST_TIER,
    RECRUITS_ACTIVATED,
    space_name,
)
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import ALLEGIANCE, PENALTY_CARD, TERRITORY, TOKENS, GameState


@dataclass
class Table:
    """One step's context: the state it changes, the answers, the dice, the announcements."""

    state: GameState
    answers: Answers
    labels: tuple[str | int, ...]  # the label path of this step's dice in the seeded stream
    prefix: str  # question ids of this step start with it ("black", "event")
    out: list[Announcement] = field(default_factory=list)
    rolls: int = 0

    def say(
        self,
        text: str,
        why: str = "",
        who: str = "",
        kind: str = "do",
        *,
        what: str = "",
        spaces: tuple[str, ...] = (),
        cards: tuple[str, ...] = (),
        rule: str = "",
    ) -> None:
        """Announce a step on the table: its English text and why, and what it means as data
        (``what`` a stable message id such as "automa.place", the spaces and cards it names,
        the rulebook section)."""
        self.out.append(
            Announcement(
                text=text,
                why=why,
                kind=kind,
                who=who,
                what=what,
                spaces=tuple(spaces),
                cards=tuple(cards),
                rule=rule,
            )
        )

    def roll(self, owner: str, what: str) -> int:
        """Roll one die for ``owner``'s worker: seeded, or asked with physical dice.

        With physical dice a missing answer is recorded and 1 is used meanwhile;
        the step calls ``answers.require()`` before anything depends on it.
        """
        self.rolls += 1
        if not self.state.options.physical_dice:
            return roll_die(self.state.seed, *self.labels, self.rolls)
        question = Question(
            id=f"{self.prefix}.roll.{self.rolls}",
            text=f"Roll the die of {what}: what does it show?",
            kind="number",
            minimum=1,
            maximum=6,
        )
        value = self.answers.get(question)
        return 1 if value is None else value


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def settle(table: Table, owner: str, knowledge: int, what: str) -> None:
    """A rolled worker joins its Automa: available, or onto the faction/penalty card when it
    shows 6 with the penalty side up ("Market Penalties")."""
    automa = table.state.automas[owner]
    if knowledge == 6 and automa.penalty_side:
        automa.penalty_card.append(knowledge)
        table.say(
            f"{what} shows 6: put it on {owner}'s faction/penalty card (unavailable).",
            "Market Penalties: with the penalty side up, every 6 it rolls goes onto the card.",
            owner,
            what="roll.penalty_card",
            spaces=(PENALTY_CARD,),
            rule="Market Penalties",
        )
    else:
        automa.available.append(knowledge)
        table.say(
            f"{what} shows {knowledge}: it is available again.", "", owner, "info", what="roll"
        )


def return_and_roll(table: Table, owner: str, worker: PlacedWorker, why: str) -> None:
    """An Automa worker leaves the board (bumped, or its market was built): it returns to its
    Automa and is re-rolled."""
    table.state.automas[owner].placed.remove(worker)
    what = f"{owner.capitalize()}'s {worker.knowledge} from {space_name(worker.space)}"
    knowledge = table.roll(
        owner, f"the worker {owner} just got back from {space_name(worker.space)}"
    )
    table.say(
        f"Return {what} to {owner} and re-roll it.",
        why,
        owner,
        what="worker.return",
        spaces=(worker.space,),
    )
    settle(table, owner, knowledge, f"{owner.capitalize()}'s re-rolled worker")


def place_token(table: Table, owner: str, where: str, why: str) -> bool:
    """Place one of ``owner``'s authority tokens; True if it was its last (it wins)."""
    state = table.state
    automa = state.automas[owner]
    if automa.tokens_left <= 0 or state.winner:
        return bool(state.winner)
    automa.tokens.append(where)
    if where.startswith(TERRITORY):
        area = where.removeprefix(TERRITORY)
        text = (
            f"{owner.capitalize()} places an authority token on the {FACTION_NAMES[area]} "
            "territory (next to it if the territory is full)."
        )
    elif where.startswith(ALLEGIANCE):
        area = where.removeprefix(ALLEGIANCE).split(":")[0]
        text = (
            f"{owner.capitalize()} places an authority token next to the "
            f"{FACTION_NAMES[area]} allegiance track."
        )
    else:
        text = f"{owner.capitalize()} places an authority token on {space_name(where)}."
    table.say(
        f"{text} ({automa.tokens_left} left)", why, owner, what="token.place", spaces=(where,)
    )
    if automa.tokens_left == 0:
        state.winner = owner
        table.say(
            f"{owner.capitalize()} has placed all 10 of its authority tokens: "
            f"the {owner} Automa wins. The game is over.",
            f"A player with all {TOKENS} authority tokens placed wins.",
            owner,
            "end",
            what="game.won",
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
    table.say(
        f"{_cap(space_name(site))} is built: turn its construction site into the market.",
        why,
        "",
        what="market.built",
        spaces=(site,),
    )
    for owner in contributors:
        if site not in state.automas[owner].tokens:
            place_token(
                table,
                owner,
                site,
                "Each player with a worker on the construction site places an authority token "
                "on the new market.",
            )
    if state.sites[site].humans:
        table.say(
            "Return the humans' workers on the site to their owners (each human with a worker "
            "there places an authority token on the market and re-rolls as usual).",
            "When a market is built every worker on its site returns to its owner.",
            what="market.humans_return",
            spaces=(site,),
        )
    state.sites[site].humans = 0
    state.sites[site].humans_exact = True
    for owner, worker in state.automa_workers_on(site):
        return_and_roll(
            table, owner, worker, "When a market is built every worker on its site returns."
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
            table.say(
                f"Turn {owner}'s faction/penalty card to the penalty side.",
                f"Penalizing Market: {names} has no {owner} authority token. From now on every 6 "
                f"{owner} rolls goes onto the card; its workers already showing 6 stay where "
                "they are.",
                owner,
                what="penalty.flip",
                spaces=tuple(markets),
                rule="Penalizing Market",
            )
        else:
            table.say(
                f"Turn {owner}'s faction/penalty card back to the non-penalty side.",
                f"Penalizing Market: every constructed market now has a {owner} authority token. "
                "Workers on the card stay there until it retrieves.",
                owner,
                what="penalty.flip_back",
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
