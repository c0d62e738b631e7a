"""The reports and corrections a player makes between Automa turns, as question plans.

Each report (``b c m a l h`` and the correction ``x``) is a plan
(:mod:`companion.core.plans`): ``plan(state, answers)`` returns the next question,
or the event it builds for :func:`companion.euphoria.game.apply_event`. The choices
come from the state (only unbuilt sites for a construction site, only a count that
fits); the engine then checks the event and applies the rules. :func:`report` runs a
plan with every answer given at once and records its event (the CLI's ``event``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from companion.core.catalog import N_, _, say, say_n
from companion.core.journal import Journal
from companion.core.plans import Ask, Next, NothingToAsk, Report, bind, run_plan_asking
from companion.core.questions import Announcement, Question
from companion.core.validate import parse_int
from companion.euphoria import game
from companion.euphoria.board import (
    AREAS,
    AUTOMAS,
    LAST_TIER,
    MINER_ACTIVATES,
    RECRUITS_ACTIVATED,
    SITES,
    area_short,
    automa_word,
    site_threshold,
    space_name,
)
from companion.euphoria.events import bumpable_workers
from companion.euphoria.report_corrections import correct_plan
from companion.euphoria.report_questions import number_question, one_question, yes_no_question
from companion.euphoria.state import GameState, is_construction_site
from companion.euphoria.turn import SITES_QUESTION, SITES_TWO_QUESTION

EuphoriaPlan = Callable[[GameState, Mapping[str, str]], Next]


def _site_label(state: GameState, site: str) -> str:
    info = state.sites[site]
    automas = [f"{automa_word(a)} {w.knowledge}" for a, w in state.automa_workers_on(site)]
    held = ", ".join(automas) if automas else _("no Automa")
    if info.humans_exact:
        return say_n(
            "{site} — site holds {held}, {n} human",
            "{site} — site holds {held}, {n} humans",
            info.humans,
            site=space_name(site),
            held=held,
        )
    return say_n(
        "{site} — site holds {held}, at least {n} human",
        "{site} — site holds {held}, at least {n} humans",
        info.humans,
        site=space_name(site),
        held=held,
    )


def _unbuilt(state: GameState) -> list[str]:
    return [s for s in SITES if is_construction_site(state, s)]


# Every site keeps its key whatever is built: 1-6 in board order.
SITE_KEYS = tuple(str(n) for n in range(1, len(SITES) + 1))


def _sites_question(qid: str, text: str, state: GameState, open_sites: list[str]) -> Question:
    """The sites not built, each with its own key (1-6 in board order, whatever is built):
    a built market is no choice; a site not in ``open_sites`` is shown, not pickable."""
    shown = [site for site in SITES if not state.sites[site].built]
    return Question(
        id=qid,
        text=text,
        kind="one",
        choices=tuple(shown),
        labels=tuple(_site_label(state, site) for site in shown),
        keys=tuple(SITE_KEYS[SITES.index(site)] for site in shown),
        disabled=tuple(site for site in shown if site not in open_sites),
    )


# --- b: bump -----------------------------------------------------------------------------


def bump_plan(state: GameState, answers: Mapping[str, str]) -> Next:
    """Which Automa worker a human bumped: only the Automas' workers on single-occupancy
    spaces can be bumped (the rulebook: Automas "bump and retrieve workers as normal")."""
    choices, labels = [], []
    for automa, worker in bumpable_workers(state):
        choices.append(f"{automa}@{worker.space}")
        labels.append(
            say(
                "{automa}'s {die} on {space}",
                automa=automa.capitalize(),
                die=worker.knowledge,
                space=space_name(worker.space),
            )
        )
    if not choices:
        raise NothingToAsk(
            _(
                "No Automa worker stands on a space a human can bump it from "
                "(artifact market, constructed market, tunnel, Breeze Bar, Sky Lounge)."
            )
        )
    if "bump.worker" not in answers:
        return Ask.one(
            one_question("bump.worker", _("Which Automa worker did a human bump?"), choices, labels)
        )
    automa, _at, space = answers["bump.worker"].partition("@")
    return Report("bump", {"automa": automa, "space": space})


# --- c: construction sites -----------------------------------------------------------------


SITE_OPS = {
    "add": N_("a human placed a worker on a construction site"),
    "remove": N_("a human took a worker back from a construction site"),
    "all": N_(
        "tell the humans' workers on every construction site now "
        "(the next turn then asks nothing about them)"
    ),
}


def site_plan(state: GameState, answers: Mapping[str, str]) -> Next:
    """A human worker placed on / taken from a construction site, or every site's count now."""
    unbuilt = _unbuilt(state)
    if not unbuilt:
        raise NothingToAsk(_("Every market is built: there is no construction site left."))
    if "site.op" not in answers:
        text = _("Construction sites: what did the humans do?")
        return Ask.one(
            one_question("site.op", text, list(SITE_OPS), [_(t) for t in SITE_OPS.values()])
        )
    op = answers["site.op"]
    if op == "all":
        return _every_site(state, answers, unbuilt)
    sites = unbuilt if op == "add" else [s for s in unbuilt if state.sites[s].humans]
    if not sites:
        raise NothingToAsk(
            _(
                "The app knows no human worker on a construction site: choose "
                "'every construction site now' to tell it."
            )
        )
    if "site.which" not in answers:
        text = (
            _("Which construction site did a human place a worker on?")
            if op == "add"
            else _("Which construction site did a human take a worker from?")
        )
        return Ask.one(_sites_question("site.which", text, state, sites))
    site = answers["site.which"]
    kind = "site-add" if op == "add" else "site-remove"
    most = most_workers(state, site, op)
    if most <= 1:
        return Report(kind, {"site": site, "count": 1})
    if "site.count" not in answers:
        return Ask.one(number_question("site.count", _("How many workers?"), (1, most), "1"))
    return Report(kind, {"site": site, "count": parse_int(answers["site.count"])})


def most_workers(state: GameState, site: str, op: str) -> int:
    """The most workers a human can place on (``op`` "add") or take from a construction site:
    up to the workers that build its market (2 with 3 players, 3 with 4: "Workers on a
    construction site build its market"), or the humans' workers known there."""
    if op == "add":
        return site_threshold(state.players) - state.site_workers(site)
    return state.sites[site].humans


def most_waiting(state: GameState, site: str) -> int:
    """The most humans' workers a construction site can hold unbuilt: one fewer than build
    its market (2 with 3 players, 3 with 4: "Workers on a construction site build its
    market"), less the Automas' workers there."""
    return max(0, site_threshold(state.players) - 1 - len(state.automa_workers_on(site)))


def _every_site(state: GameState, answers: Mapping[str, str], unbuilt: list[str]) -> Next:
    """One count per construction site that can hold a human's worker unbuilt, from 0 to
    :func:`most_waiting` (a site that cannot holds none: not asked)."""
    open_sites = [s for s in unbuilt if most_waiting(state, s)]
    for site in open_sites:
        qid = f"sites.{site}"
        if qid not in answers:
            text = say(
                "How many humans' workers stand on the construction site of {site} now?",
                site=space_name(site),
            )
            most = most_waiting(state, site)
            known = str(min(state.sites[site].humans, most))
            return Ask.one(number_question(qid, text, (0, most), known))
    counts = {s: parse_int(answers[f"sites.{s}"]) if s in open_sites else 0 for s in unbuilt}
    return Report("sites", {"workers": counts})


# --- m: market built -----------------------------------------------------------------------


def market_plan(state: GameState, answers: Mapping[str, str]) -> Next:
    """A market a human built: which site (the app knows which Automas had a worker on it)."""
    unbuilt = _unbuilt(state)
    if not unbuilt:
        raise NothingToAsk(_("Every market is already built."))
    if "market.site" not in answers:
        text = _("Which market did a human build?")
        return Ask.one(_sites_question("market.site", text, state, unbuilt))
    # The app knows which Automas had a worker there: it asks only the unknown (a wrong one
    # is fixed with a correction first).
    return Report("market-built", {"site": answers["market.site"]})


# --- a / l: allegiance ---------------------------------------------------------------------


def faction_question(state: GameState, text: str, level: int) -> Question:
    """Which faction: the Automas' factions first (only they matter to the Automas: "the
    first time that recruits of an Automa faction would be activated", "when an Automa's
    faction reaches the last tier"), then the others. The others, and a faction whose
    Automa already placed the token of ``level`` (8: the activation, 11: the last tier), are
    shown, not pickable: a report of them would change nothing. NothingToAsk when no
    faction can be picked."""
    owned = [state.automas[a].faction for a in AUTOMAS]
    order = [*dict.fromkeys(owned), *(a for a in AREAS if a not in owned)]
    labels, placed = [], []
    for area in order:
        who = [a for a in AUTOMAS if state.automas[a].faction == area]
        name = area_short(area)
        if who and all(state.automas[a].has_allegiance_token(area, level) for a in who):
            placed.append(area)
            labels.append(
                say(
                    "{faction} — the {automas} Automa placed that token",
                    faction=name,
                    automas=_and([automa_word(a) for a in who]),
                )
            )
        elif who:
            labels.append(
                say(
                    "{faction} — the {automas} Automa's faction",
                    faction=name,
                    automas=_and([automa_word(a) for a in who]),
                )
            )
        else:
            placed.append(area)
            labels.append(say("{faction} — no Automa's faction", faction=name))
    if len(placed) == len(order):
        raise NothingToAsk(_("Each Automa has placed that token already: nothing to report."))
    question = one_question("faction", text, order, labels)
    return replace(question, disabled=tuple(placed))


def _and(names: list[str]) -> str:
    if len(names) == 2:
        return say("{first} and {second}", first=names[0], second=names[1])
    return names[0]


def activation_plan(state: GameState, answers: Mapping[str, str]) -> Next:
    """Recruits of a faction activated for the first time (its allegiance track reached
    its activation tier, or its tunnel's miner), which faction."""
    if "faction" not in answers:
        text = say(
            "Recruits of which faction were activated for the first time "
            "(allegiance track {tier}, or its tunnel's miner {miner})?",
            tier=RECRUITS_ACTIVATED,
            miner=MINER_ACTIVATES,
        )
        return Ask.one(faction_question(state, text, RECRUITS_ACTIVATED))
    return Report("activation", {"faction": answers["faction"]})


def last_tier_plan(state: GameState, answers: Mapping[str, str]) -> Next:
    """A faction's allegiance track reached its last tier: which faction."""
    if "faction" not in answers:
        text = say(
            "Which faction's allegiance track reached its last tier ({tier})?", tier=LAST_TIER
        )
        return Ask.one(faction_question(state, text, LAST_TIER))
    return Report("last-tier", {"faction": answers["faction"]})


# --- h: a human won ------------------------------------------------------------------------


def human_won_plan(state: GameState, answers: Mapping[str, str]) -> Next:
    """Which human placed their last authority token (with 2 humans), then a confirmation:
    the game ends (undo takes it back)."""
    humans = state.options.humans
    if humans > 1 and "won.player" not in answers:
        players = [str(n) for n in range(1, humans + 1)]
        labels = [say("human {n}", n=n) for n in players]
        text = _("Which human placed their last authority token?")
        return Ask.one(one_question("won.player", text, players, labels))
    player = int(answers.get("won.player", "1"))
    if "won.sure" not in answers:
        text = (
            _("Have you placed all your authority tokens? The game ends (z takes it back).")
            if humans == 1
            else say(
                "Has human {n} placed all their authority tokens? The game ends (z takes it back).",
                n=player,
            )
        )
        return Ask.one(yes_no_question("won.sure", text, True))
    if answers["won.sure"] != "yes":
        raise NothingToAsk(_("Not reported: the game goes on."))
    return Report("human-won", {"player": player})


# --- the reports, by key -------------------------------------------------------------------


@dataclass(frozen=True)
class ReportPlan:
    """One report the player can make: its title (a catalog message) and its plan."""

    title: str
    plan: EuphoriaPlan

    def shown_title(self) -> str:
        """The title in the player's language."""
        return _(self.title)


REPORTS: dict[str, ReportPlan] = {
    "bump": ReportPlan(N_("Report a bump"), bump_plan),
    "site": ReportPlan(N_("Report a construction site"), site_plan),
    "market": ReportPlan(N_("Report a market built"), market_plan),
    "activation": ReportPlan(N_("Report a recruit activation"), activation_plan),
    "last_tier": ReportPlan(N_("Report a last tier"), last_tier_plan),
    "correct": ReportPlan(N_("Correct the app"), correct_plan),
    "human_won": ReportPlan(N_("Report a human's win"), human_won_plan),
}

# The journal's event kinds, each with the report that builds it and the answers that
# choose it inside that report (a CLI ``event KIND`` given without its options).
EVENT_REPORTS: dict[str, tuple[str, dict[str, str]]] = {
    "bump": ("bump", {}),
    "site-add": ("site", {"site.op": "add"}),
    "site-remove": ("site", {"site.op": "remove"}),
    "sites": ("site", {"site.op": "all"}),
    "market-built": ("market", {}),
    "activation": ("activation", {}),
    "last-tier": ("last_tier", {}),
    "correct": ("correct", {}),
    "human-won": ("human_won", {}),
}


def plan_event(state: GameState, kind: str, answers: Mapping[str, str]) -> Report:
    """The event of kind ``kind`` built by its report's questions from ``answers``.

    Raises NeedAnswers (the next questions) when an answer is missing, NothingToAsk when
    the state offers nothing to report, InputError for an answer that does not fit."""
    return _planned(state, kind, answers)[0]


def _planned(state: GameState, kind: str, answers: Mapping[str, str]) -> tuple[Report, set[str]]:
    """:func:`plan_event`, and the ids of the questions its plan asked."""
    key, chosen = EVENT_REPORTS[kind]
    report, asked = run_plan_asking(bind(REPORTS[key].plan, state), {**answers, **chosen})
    if report is None:  # the plans of these reports never decline
        raise NothingToAsk(_("Not reported."))
    return report, asked


def report(journal: Journal, kind: str, answers: Mapping[str, str]) -> list[Announcement]:
    """Ask the questions of the report of ``kind`` and record its event; the engine's own
    questions for the event (physical dice) are answered from ``answers`` too. An answer
    neither asks is refused (InputError, nothing recorded): an input not used is no input."""
    planned, asked = _planned(game.replay(journal), kind, answers)
    rest = {k: v for k, v in answers.items() if k not in asked}
    before = tuple(sorted(asked))
    return game.apply_event(
        journal, planned.kind, rest, strict=True, asked=before, **planned.fields
    )


# --- the turn's own questions, one at a time ------------------------------------------------


# The questions of the card pair's draw (physical deck), asked one at a time.
CARD_QUESTIONS = ("deck.support", "deck.action")


@dataclass(frozen=True)
class TurnStep:
    """The turn's questions to show now, and whether they are the card pair's draw."""

    questions: list[Question]
    cards: bool


def turn_questions_to_ask(questions: list[Question], answered: Mapping[str, str]) -> TurnStep:
    """Which of a turn's questions to show now, when they are asked one screen at a time.

    The engine asks the cards and the sites at once (for the CLI). A screen asks the
    support card first, then the action card among the cards that can come after it
    ("Draw a card from the Automa deck and place it to the left of the support card.
    This is the action card"); the sites alone, then ``sites.two`` (the engine asks it
    again on its own, among the sites just named) only if the move needs it."""
    missing = [q for q in questions if q.id not in answered]
    cards = [q for q in missing if q.id in CARD_QUESTIONS]
    if cards:
        return TurnStep(cards[:1], True)
    if any(q.id == SITES_QUESTION for q in missing):
        missing = [q for q in missing if q.id != SITES_TWO_QUESTION]
    return TurnStep(missing or list(questions), False)
