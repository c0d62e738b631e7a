"""What the Automa turn asks about the construction sites: which hold a human's worker
(asked once a turn, when a market action may depend on it: "Ask only what matters,
once"), and with 4 players which of them hold two (3 workers build a market then): one
plan, the same questions for the app and the CLI.
"""

from __future__ import annotations

from companion.core.catalog import _, say
from companion.core.questions import Answers, NeedAnswers, Question
from companion.euphoria.board import SITES, site_name, site_threshold
from companion.euphoria.state import GameState, is_construction_site, place_name

SITES_QUESTION = "sites.humans"
SITES_TWO_QUESTION = "sites.two"


def _two_text() -> str:
    """The text of ``sites.two`` (the same wherever it is asked)."""
    return _("Which of them hold two humans' workers? (none: answer with nothing)")


def site_choices(state: GameState) -> list[str]:
    """The market sites whose market is not built yet (construction sites)."""
    return [s for s in SITES if is_construction_site(state, s)]


def _room(state: GameState, site: str) -> int:
    """Workers the construction site can still take without being built."""
    return site_threshold(state.players) - 1 - len(state.automa_workers_on(site))


def learn_sites(state: GameState, answers: Answers) -> None:
    """Ask once this Automa turn which construction sites hold a human's worker.

    A site whose Automa workers leave no room (3 players: any Automa worker there) cannot
    hold a human's worker too, or it would have been built: it is not offered, and with no
    site left to offer nothing is asked ("Ask only what matters, once")."""
    full = [s for s in site_choices(state) if _room(state, s) < 1]
    for site in full:
        state.sites[site].humans, state.sites[site].humans_exact = 0, True
    choices = [s for s in site_choices(state) if s not in full]
    if not choices:
        state.sites_fresh = True
        return
    question = Question(
        id=SITES_QUESTION,
        text=_(
            "Which construction sites hold at least one human's worker now? "
            "(none: answer with nothing)"
        ),
        kind="many",
        choices=tuple(choices),
        labels=tuple(place_name(state, s) for s in choices),
        # What the app last knew: confirming "unchanged" is one key in the app.
        default=",".join(s for s in choices if state.sites[s].humans),
    )
    # 4 players: a site without an Automa worker can hold two humans' workers unbuilt. Which
    # do is asked in the same round as the sites (then a turn asks no count later, and a CLI
    # `turn` keeps to two rounds). A screen asks the sites alone first: then `sites.two` is
    # asked on its own, only if an Automa would join such a site (`learn_site_count`).
    pairs = [s for s in choices if _room(state, s) >= 2]
    two = Question(
        id=SITES_TWO_QUESTION,
        text=_two_text(),
        kind="many",
        choices=tuple(pairs),
        labels=tuple(place_name(state, s) for s in pairs),
        default=",".join(s for s in pairs if state.sites[s].humans >= 2),
    )
    picked = answers.get(question)
    if pairs and SITES_QUESTION not in answers.raw:
        answers.get(two)  # asked after the sites question it follows ("which of them")
    if picked is None:
        raise NeedAnswers(list(answers.missing))
    doubled = answers.get(two) if pairs and SITES_TWO_QUESTION in answers.raw else None
    for site in choices:
        info = state.sites[site]
        if doubled is not None and site in doubled:
            info.humans, info.humans_exact = 2, True
        elif site in picked:
            info.humans = 1
            info.humans_exact = _room(state, site) <= 1 or doubled is not None
        else:
            info.humans, info.humans_exact = 0, True
    state.sites_fresh = True


def learn_site_count(state: GameState, site: str, answers: Answers) -> None:
    """4 players: the Automa would join ``site``, where the app knows "at least one human's
    worker" (``sites.humans`` was answered without ``sites.two``): whether joining builds the
    market depends on the count. It asks ``sites.two`` now, among the sites it knows only so
    much of, and then knows every site's count: the question the CLI's first round asks
    beside ``sites.humans``, so the app and the CLI ask the same (one plan).

    A save of an earlier version answered ``site.<site>.humans`` (a count) instead: read it."""
    info = state.sites[site]
    count = f"site.{site}.humans"
    if count in answers.raw:
        question = Question(
            id=count,
            text=say("How many humans' workers stand on {site} now?", site=site_name(site)),
            kind="number",
            minimum=1,
            maximum=max(1, _room(state, site)),
        )
        info.humans = answers.ask(question)
        info.humans_exact = True
        return
    vague = [s for s in site_choices(state) if not state.sites[s].humans_exact]
    question = Question(
        id=SITES_TWO_QUESTION,
        text=_two_text(),
        kind="many",
        choices=tuple(vague),
        labels=tuple(place_name(state, s) for s in vague),
    )
    doubled = answers.ask(question)
    for each in vague:
        state.sites[each].humans = 2 if each in doubled else 1
        state.sites[each].humans_exact = True
