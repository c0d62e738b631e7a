"""The human-event dialogs of the Euphoria turn screen, as the engine's typed questions.

Each dialog is a *plan*: a function ``plan(state, answers)`` that, given the
answers so far (question id -> raw string, in the order given), returns the
next :class:`Step` (a Question and its pre-selected answer) or, when nothing
is left to ask, the event as ``(kind, fields)`` for
`companion.euphoria.game.apply_event`. The choices come from the state
(e.g. only unbuilt sites for a construction site); the engine checks the
event and applies the rules. A plan raises :class:`NothingToReport` when the
state offers no choice at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core.questions import Question
from companion.core.validate import parse_int
from companion.euphoria.board import (
    AREA_NAMES,
    AREAS,
    AUTOMAS,
    LAST_TIER,
    MINER_ACTIVATES,
    RECRUITS_ACTIVATED,
    SITES,
    SPACES,
    site_threshold,
    space_name,
)
from companion.euphoria.events import LIMITS, bumpable_workers
from companion.euphoria.state import PENALTY_CARD, WORKERS, GameState, is_construction_site

AVAILABLE = "available"


class NothingToReport(Exception):
    """The state offers nothing to choose for this event (the message says why)."""


@dataclass(frozen=True)
class Step:
    """The next question of a dialog, with the answer to pre-select ("" = none)."""

    question: Question
    default: str = ""


Outcome = Step | tuple[str, dict]
Plan = Callable[[GameState, dict[str, str]], Outcome]


def _one(qid: str, text: str, choices: list[str], labels: list[str]) -> Question:
    return Question(id=qid, text=text, kind="one", choices=tuple(choices), labels=tuple(labels))


def _number(qid: str, text: str, low: int, high: int) -> Question:
    return Question(id=qid, text=text, kind="number", minimum=low, maximum=high)


def _site_label(state: GameState, site: str) -> str:
    info = state.sites[site]
    automas = [f"{a} {w.knowledge}" for a, w in state.automa_workers_on(site)]
    known = f"{info.humans}{'' if info.humans_exact else '+'} human(s)"
    held = ", ".join(automas) if automas else "no Automa"
    return f"{space_name(site)} — site holds {held}, {known}"


def _unbuilt(state: GameState) -> list[str]:
    return [s for s in SITES if is_construction_site(state, s)]


# Every site keeps its key whatever is built (issue 11 item 4): 1-6 in board order.
SITE_KEYS = tuple(str(n) for n in range(1, len(SITES) + 1))


def _sites_question(qid: str, text: str, state: GameState, open_sites: list[str]) -> Question:
    """All six sites with their own keys; the ones not in ``open_sites`` shown, not pickable."""
    labels = []
    for site in SITES:
        if state.sites[site].built:
            labels.append(f"{space_name(site)} — built")
        else:
            labels.append(_site_label(state, site))
    return Question(
        id=qid,
        text=text,
        kind="one",
        choices=SITES,
        labels=tuple(labels),
        keys=SITE_KEYS,
        disabled=tuple(s for s in SITES if s not in open_sites),
    )


# --- b: bump -----------------------------------------------------------------------------


def bump_plan(state: GameState, answers: dict[str, str]) -> Outcome:
    """Which Automa worker a human bumped: the Automas' workers on single-occupancy spaces."""
    choices, labels = [], []
    for automa, worker in bumpable_workers(state):
        choices.append(f"{automa}@{worker.space}")
        labels.append(f"{automa.capitalize()}'s {worker.knowledge} on {space_name(worker.space)}")
    if not choices:
        raise NothingToReport(
            "No Automa worker stands on a space a human can bump it from "
            "(artifact market, constructed market, tunnel, Breeze Bar, Sky Lounge)."
        )
    if "bump.worker" not in answers:
        return Step(_one("bump.worker", "Which Automa worker did a human bump?", choices, labels))
    automa, _, space = answers["bump.worker"].partition("@")
    return "bump", {"automa": automa, "space": space}


# --- c: construction sites -----------------------------------------------------------------


def site_plan(state: GameState, answers: dict[str, str]) -> Outcome:
    """A human worker placed on / taken from a construction site, or every site's count now."""
    unbuilt = _unbuilt(state)
    if not unbuilt:
        raise NothingToReport("Every market is built: there is no construction site left.")
    if "site.op" not in answers:
        return Step(
            _one(
                "site.op",
                "Construction sites: what did the humans do?",
                ["add", "remove", "all"],
                [
                    "a human placed a worker on a construction site",
                    "a human took a worker back from a construction site",
                    "tell the humans' workers on every construction site now "
                    "(the next turn then asks nothing about them)",
                ],
            )
        )
    op = answers["site.op"]
    if op == "all":
        for site in unbuilt:
            qid = f"sites.{site}"
            if qid not in answers:
                return Step(
                    _number(
                        qid,
                        f"How many humans' workers stand on the construction site of "
                        f"{space_name(site)} now?",
                        *LIMITS["humans"],
                    ),
                    str(state.sites[site].humans),
                )
        return "sites", {"workers": {s: parse_int(answers[f"sites.{s}"]) for s in unbuilt}}
    sites = unbuilt if op == "add" else [s for s in unbuilt if state.sites[s].humans]
    if not sites:
        raise NothingToReport(
            "The app knows no human worker on a construction site: choose "
            "'every construction site now' to tell it."
        )
    if "site.which" not in answers:
        verb = "place a worker on" if op == "add" else "take a worker from"
        return Step(
            _sites_question(
                "site.which", f"Which construction site did a human {verb}?", state, sites
            )
        )
    site = answers["site.which"]
    # Only what fits: up to the workers that build the market, or the humans known there.
    most = (
        site_threshold(state.players) - state.site_workers(site)
        if op == "add"
        else state.sites[site].humans
    )
    kind = "site-add" if op == "add" else "site-remove"
    if most <= 1:
        return kind, {"site": site, "count": 1}
    if "site.count" not in answers:
        return Step(_number("site.count", "How many workers?", 1, most), "1")
    return kind, {"site": site, "count": parse_int(answers["site.count"])}


# --- m: market built -----------------------------------------------------------------------


def market_plan(state: GameState, answers: dict[str, str]) -> Outcome:
    """A market a human built: which site (the app knows which Automas had a worker on it)."""
    unbuilt = _unbuilt(state)
    if not unbuilt:
        raise NothingToReport("Every market is already built.")
    if "market.site" not in answers:
        return Step(
            _sites_question("market.site", "Which market did a human build?", state, unbuilt)
        )
    # The app knows which Automas had a worker there (issue 11 item 7: ask only the unknown;
    # a wrong one is fixed with `x` first).
    return "market-built", {"site": answers["market.site"]}


# --- a / l: allegiance ---------------------------------------------------------------------


def _faction_plan(kind: str, text: str) -> Plan:
    def plan(state: GameState, answers: dict[str, str]) -> Outcome:
        """Ask which faction (the Automas' factions listed first); the outcome names it."""
        owned = [state.automas[a].faction for a in AUTOMAS]
        order = [*dict.fromkeys(owned), *(a for a in AREAS if a not in owned)]
        labels = []
        for area in order:
            who = [a for a in AUTOMAS if state.automas[a].faction == area]
            label = AREA_NAMES[area].removeprefix("the ").capitalize()
            if who:
                label += " — the " + " and ".join(who) + " Automa's faction"
            labels.append(label)
        if "faction" not in answers:
            return Step(_one("faction", text, order, labels))
        return kind, {"faction": answers["faction"]}

    return plan


activation_plan = _faction_plan(
    "activation",
    "Recruits of which faction were activated for the first time "
    f"(allegiance track {RECRUITS_ACTIVATED}, or its tunnel's miner {MINER_ACTIVATES})?",
)
last_tier_plan = _faction_plan(
    "last-tier", f"Which faction's allegiance track reached its last tier ({LAST_TIER})?"
)


# --- x: correction -------------------------------------------------------------------------


def _current_workers(state: GameState, automa: str) -> list[tuple[str, int]]:
    me = state.automas[automa]
    out = [(AVAILABLE, k) for k in sorted(me.available, reverse=True)]
    out += [(w.space, w.knowledge) for w in me.placed]
    out += [(PENALTY_CARD, k) for k in me.penalty_card]
    return out


def correct_plan(state: GameState, answers: dict[str, str]) -> Outcome:
    """Correct an Automa (its workers, penalty side or tokens left) or a market site."""
    if "correct.what" not in answers:
        return Step(
            _one(
                "correct.what",
                "What does the app have wrong?",
                [*AUTOMAS, "site"],
                ["the black Automa", "the white Automa", "a market site"],
            )
        )
    what = answers["correct.what"]
    if what == "site":
        return _correct_site(state, answers)
    me = state.automas[what]
    if "correct.fact" not in answers:
        return Step(
            _one(
                "correct.fact",
                f"What about the {what} Automa?",
                ["workers", "penalty_side", "tokens_left"],
                [
                    "its workers: each one's die and place",
                    "which side of its faction/penalty card is up",
                    f"how many authority tokens it has left (now {me.tokens_left})",
                ],
            )
        )
    fact = answers["correct.fact"]
    if fact == "penalty_side":
        if "correct.value" not in answers:
            return Step(
                Question(
                    id="correct.value",
                    text=f"Is the penalty side of {what}'s faction/penalty card face up?",
                    kind="yes_no",
                ),
                "yes" if me.penalty_side else "no",
            )
        return "correct", {"automa": what, "penalty_side": answers["correct.value"] == "yes"}
    if fact == "tokens_left":
        if "correct.value" not in answers:
            return Step(
                _number(
                    "correct.value",
                    f"How many authority tokens has {what} left?",
                    *LIMITS["tokens_left"],
                ),
                str(me.tokens_left),
            )
        return "correct", {"automa": what, "tokens_left": parse_int(answers["correct.value"])}
    current = _current_workers(state, what)
    places = [AVAILABLE, PENALTY_CARD, *SPACES]
    labels = ["available (beside the board)", "on the faction/penalty card"]
    labels += [space_name(s) for s in SPACES]
    for n in range(1, WORKERS + 1):
        where_now, die_now = current[n - 1] if n <= len(current) else (AVAILABLE, 1)
        where_id, die_id = f"correct.where.{n}", f"correct.die.{n}"
        if where_id not in answers:
            return Step(
                _one(
                    where_id,
                    f"Where is {what}'s worker {n} of {WORKERS}? (the app has: {die_now} "
                    f"{'available' if where_now == AVAILABLE else 'on ' + space_name(where_now)})",
                    places,
                    labels,
                ),
                where_now,
            )
        if die_id not in answers:
            return Step(
                _number(die_id, f"What does {what}'s worker {n} show?", *LIMITS["knowledge"]),
                str(die_now),
            )
    available, placed, card = [], [], []
    for n in range(1, WORKERS + 1):
        where, die = answers[f"correct.where.{n}"], parse_int(answers[f"correct.die.{n}"])
        if where == AVAILABLE:
            available.append(die)
        elif where == PENALTY_CARD:
            card.append(die)
        else:
            placed.append(f"{die}@{where}")
    return "correct", {
        "automa": what,
        "available": available,
        "placed": placed,
        "penalty_card": card,
    }


def _correct_site(state: GameState, answers: dict[str, str]) -> Outcome:
    if "correct.site" not in answers:
        return Step(
            _one(
                "correct.site",
                "Which market site?",
                list(SITES),
                [
                    f"{space_name(s)} ({'built' if state.sites[s].built else 'construction site'})"
                    for s in SITES
                ],
            )
        )
    site = answers["correct.site"]
    info = state.sites[site]
    if "correct.fact" not in answers:
        return Step(
            _one(
                "correct.fact",
                f"What about {space_name(site)}?",
                ["built", "humans", "market_tokens"],
                [
                    "whether the market is built",
                    "the humans' workers on its construction site",
                    "which Automas have an authority token on the market",
                ],
            )
        )
    fact = answers["correct.fact"]
    if "correct.value" not in answers:
        if fact == "built":
            question = Question(id="correct.value", text="Is the market built?", kind="yes_no")
            return Step(question, "yes" if info.built else "no")
        if fact == "humans":
            return Step(
                _number(
                    "correct.value", "How many humans' workers are on its site?", *LIMITS["humans"]
                ),
                str(info.humans),
            )
        tokens = [a for a in AUTOMAS if site in state.automas[a].tokens]
        return Step(
            Question(
                id="correct.value",
                text="Which Automas have an authority token on it?",
                kind="many",
                choices=AUTOMAS,
                labels=tuple(f"the {a} Automa" for a in AUTOMAS),
            ),
            ",".join(tokens),
        )
    value = answers["correct.value"]
    if fact == "built":
        return "correct", {"site": site, "built": value == "yes"}
    if fact == "humans":
        return "correct", {"site": site, "humans": parse_int(value)}
    return "correct", {"site": site, "market_tokens": [a for a in value.split(",") if a]}


# --- h: a human won ------------------------------------------------------------------------


def human_won_plan(state: GameState, answers: dict[str, str]) -> Outcome:
    """Which human placed their last authority token (with 2 humans), then a confirmation:
    the game ends (undo takes it back)."""
    humans = state.options.humans
    if humans > 1 and "won.player" not in answers:
        players = [str(n) for n in range(1, humans + 1)]
        return Step(
            _one(
                "won.player",
                "Which human placed their last authority token?",
                players,
                [f"human {n}" for n in players],
            )
        )
    player = int(answers.get("won.player", "1"))
    if "won.sure" not in answers:
        asked = (
            "Have you placed all your authority tokens?"
            if humans == 1
            else f"Has human {player} placed all their authority tokens?"
        )
        question = Question(
            id="won.sure",
            text=f"{asked} The game ends (z takes it back).",
            kind="yes_no",
        )
        return Step(question, "yes")
    if answers["won.sure"] != "yes":
        raise NothingToReport("Not reported: the game goes on.")
    return "human-won", {"player": player}


# key -> (title, plan)
DIALOGS: dict[str, tuple[str, Plan]] = {
    "bump": ("Report a bump", bump_plan),
    "site": ("Report a construction site", site_plan),
    "market": ("Report a market built", market_plan),
    "activation": ("Report a recruit activation", activation_plan),
    "last_tier": ("Report a last tier", last_tier_plan),
    "correct": ("Correct the app", correct_plan),
    "human_won": ("Report a human's win", human_won_plan),
}
