"""The correction ``x`` as a question plan: what the app has wrong about an Automa or a site.

A correction replaces what the app knows (an Automa's workers, the side of its
faction/penalty card, its authority tokens left; a site's market, the humans' workers
on it, the Automas' tokens on it) with what is on the table. Each question offers what
the app has now as its pre-selected answer, so confirming "unchanged" is one key.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.catalog import N_, _, say
from companion.core.plans import Ask, Next, Report
from companion.core.questions import Question
from companion.core.validate import parse_int
from companion.euphoria.board import AUTOMAS, SITES, SPACES, space_name
from companion.euphoria.events import LIMITS
from companion.euphoria.report_questions import (
    AVAILABLE,
    number_question,
    one_question,
    yes_no_question,
)
from companion.euphoria.state import PENALTY_CARD, WORKERS, GameState

WHAT = {
    "black": N_("the black Automa"),
    "white": N_("the white Automa"),
    "site": N_("a market site"),
}


def correct_plan(state: GameState, answers: Mapping[str, str]) -> Next:
    """Correct an Automa (its workers, penalty side or tokens left) or a market site."""
    if "correct.what" not in answers:
        text = _("What does the app have wrong?")
        return Ask.one(
            one_question("correct.what", text, list(WHAT), [_(w) for w in WHAT.values()])
        )
    what = answers["correct.what"]
    if what == "site":
        return _correct_site(state, answers)
    me = state.automas[what]
    if "correct.fact" not in answers:
        labels = [
            _("its workers: each one's die and place"),
            _("which side of its faction/penalty card is up"),
            say("how many authority tokens it has left (now {tokens})", tokens=me.tokens_left),
        ]
        text = say("What about the {automa} Automa?", automa=what)
        facts = ["workers", "penalty_side", "tokens_left"]
        return Ask.one(one_question("correct.fact", text, facts, labels))
    fact = answers["correct.fact"]
    if fact == "penalty_side":
        if "correct.value" not in answers:
            text = say(
                "Is the penalty side of {automa}'s faction/penalty card face up?", automa=what
            )
            return Ask.one(yes_no_question("correct.value", text, me.penalty_side))
        return Report(
            "correct", {"automa": what, "penalty_side": answers["correct.value"] == "yes"}
        )
    if fact == "tokens_left":
        if "correct.value" not in answers:
            text = say("How many authority tokens has {automa} left?", automa=what)
            limits = LIMITS["tokens_left"]
            return Ask.one(number_question("correct.value", text, limits, str(me.tokens_left)))
        return Report(
            "correct", {"automa": what, "tokens_left": parse_int(answers["correct.value"])}
        )
    return _correct_workers(state, what, answers)


def current_workers(state: GameState, automa: str) -> list[tuple[str, int]]:
    """Where the app has each of ``automa``'s workers and its die: the available ones
    (highest first), the placed ones, then those on its faction/penalty card."""
    me = state.automas[automa]
    out = [(AVAILABLE, k) for k in sorted(me.available, reverse=True)]
    out += [(w.space, w.knowledge) for w in me.placed]
    out += [(PENALTY_CARD, k) for k in me.penalty_card]
    return out


def _where_question(automa: str, n: int, where_now: str, die_now: int) -> Ask:
    places = [AVAILABLE, PENALTY_CARD, *SPACES]
    labels = [_("available (beside the board)"), _("on the faction/penalty card")]
    labels += [space_name(s) for s in SPACES]
    if where_now == AVAILABLE:
        text = say(
            "Where is {automa}'s worker {n} of {workers}? (the app has: {die} available)",
            automa=automa,
            n=n,
            workers=WORKERS,
            die=die_now,
        )
    else:
        text = say(
            "Where is {automa}'s worker {n} of {workers}? (the app has: {die} on {space})",
            automa=automa,
            n=n,
            workers=WORKERS,
            die=die_now,
            space=space_name(where_now),
        )
    return Ask.one(one_question(f"correct.where.{n}", text, places, labels, where_now))


def _correct_workers(state: GameState, automa: str, answers: Mapping[str, str]) -> Next:
    """Each of the Automa's workers in turn: where it is, then what its die shows."""
    current = current_workers(state, automa)
    for n in range(1, WORKERS + 1):
        where_now, die_now = current[n - 1] if n <= len(current) else (AVAILABLE, 1)
        if f"correct.where.{n}" not in answers:
            return _where_question(automa, n, where_now, die_now)
        if f"correct.die.{n}" not in answers:
            text = say("What does {automa}'s worker {n} show?", automa=automa, n=n)
            limits = LIMITS["knowledge"]
            return Ask.one(number_question(f"correct.die.{n}", text, limits, str(die_now)))
    available, placed, card = [], [], []
    for n in range(1, WORKERS + 1):
        where, die = answers[f"correct.where.{n}"], parse_int(answers[f"correct.die.{n}"])
        if where == AVAILABLE:
            available.append(die)
        elif where == PENALTY_CARD:
            card.append(die)
        else:
            placed.append(f"{die}@{where}")
    fields = {"automa": automa, "available": available, "placed": placed, "penalty_card": card}
    return Report("correct", fields)


SITE_FACTS = {
    "built": N_("whether the market is built"),
    "humans": N_("the humans' workers on its construction site"),
    "market_tokens": N_("which Automas have an authority token on the market"),
}


def _site_choice(state: GameState, site: str) -> str:
    if state.sites[site].built:
        return say("{site} (built)", site=space_name(site))
    return say("{site} (construction site)", site=space_name(site))


def _correct_site(state: GameState, answers: Mapping[str, str]) -> Next:
    if "correct.site" not in answers:
        labels = [_site_choice(state, s) for s in SITES]
        return Ask.one(one_question("correct.site", _("Which market site?"), list(SITES), labels))
    site = answers["correct.site"]
    info = state.sites[site]
    if "correct.fact" not in answers:
        text = say("What about {site}?", site=space_name(site))
        labels = [_(f) for f in SITE_FACTS.values()]
        return Ask.one(one_question("correct.fact", text, list(SITE_FACTS), labels))
    fact = answers["correct.fact"]
    if "correct.value" not in answers:
        if fact == "built":
            return Ask.one(yes_no_question("correct.value", _("Is the market built?"), info.built))
        if fact == "humans":
            text = _("How many humans' workers are on its site?")
            return Ask.one(
                number_question("correct.value", text, LIMITS["humans"], str(info.humans))
            )
        return Ask.one(_tokens_question(state, site))
    value = answers["correct.value"]
    if fact == "built":
        return Report("correct", {"site": site, "built": value == "yes"})
    if fact == "humans":
        return Report("correct", {"site": site, "humans": parse_int(value)})
    return Report("correct", {"site": site, "market_tokens": [a for a in value.split(",") if a]})


def _tokens_question(state: GameState, site: str) -> Question:
    tokens = [a for a in AUTOMAS if site in state.automas[a].tokens]
    return Question(
        id="correct.value",
        text=_("Which Automas have an authority token on it?"),
        kind="many",
        choices=AUTOMAS,
        labels=tuple(say("the {automa} Automa", automa=a) for a in AUTOMAS),
        default=",".join(tokens),
    )
