"""The Euphoria reports' question plans ask only what is unknown, with stable keys.

Rulebook: /work/shared/rules/euphoria-ignorance-is-bliss.txt (the Automa rules) and the
base game's markets and allegiance tracks as that rulebook reads them.
"""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.plans import Ask, NothingToAsk, Report, bind, run_plan
from companion.core.questions import NeedAnswers, Question
from companion.euphoria import game, reports
from companion.euphoria.board import AUTOMAS, SITES
from companion.euphoria.model import PlacedWorker
from companion.euphoria.report_corrections import correct_plan
from companion.euphoria.reports import (
    REPORTS,
    activation_plan,
    bump_plan,
    human_won_plan,
    last_tier_plan,
    market_plan,
    site_plan,
    turn_questions_to_ask,
)
from companion.euphoria.state import WORKERS, GameOptions

OPTIONS = GameOptions(recruits=("icarus", "euphoria"), factions=("subterra", "wastelands"))


def state_with_built(*built: str, humans: int = 1):
    options = OPTIONS if humans == 1 else GameOptions(humans=2, recruits=("icarus", "euphoria"))
    state = game.replay(game.new_game(options, seed=7))
    for site in built:
        state.sites[site].built = True
    return state


# The tests that read the questions' keys as the screens show them (Textual's widgets) run
# on one worker, that of the turn screen's tests (test_euphoria_physical.py): a fast
# lane's other worker never imports Textual.
TUI = pytest.mark.xdist_group("tui")


def choice_keys(question: Question) -> tuple[str, ...]:
    """The keys a screen shows for ``question``'s choices (the widgets', imported here)."""
    from companion.tui.widgets.questions import choice_keys as keys

    return keys(question)


def only(step) -> Question:
    assert isinstance(step, Ask) and len(step.questions) == 1
    return step.questions[0]


@TUI
def test_every_site_keeps_its_key_whatever_is_built():
    """Six sites, keys 1-6 in board order; a built one is no choice (a constructed market
    is no construction site), the others keep their keys."""
    state = state_with_built("euphoria.lower")
    question = only(site_plan(state, {"site.op": "add"}))
    assert question.choices == SITES[1:] and choice_keys(question) == tuple("23456")
    with pytest.raises(InputError):
        question.parse("euphoria.lower")
    assert question.parse("subterra.upper") == "subterra.upper"  # key 6, as before the build


def test_counts_are_limited_to_what_fits():
    """Base rule: 2 workers on a construction site build its market with 3 players
    (board.site_threshold). With one Automa worker on the site only one more fits: no
    count question."""
    state = state_with_built()
    question = only(site_plan(state, {"site.op": "add", "site.which": "euphoria.upper"}))
    assert (question.id, question.minimum, question.maximum) == ("site.count", 1, 2)
    assert reports.most_workers(state, "euphoria.upper", "add") == 2
    state.automas["black"].available.pop()
    state.automas["black"].placed.append(PlacedWorker(3, "euphoria.upper"))
    outcome = site_plan(state, {"site.op": "add", "site.which": "euphoria.upper"})
    assert outcome == Report("site-add", {"site": "euphoria.upper", "count": 1})


def test_removing_offers_only_sites_with_a_known_human_worker():
    """A worker is taken back only from a site the app knows holds one; none: nothing to ask."""
    state = state_with_built()
    with pytest.raises(NothingToAsk):
        site_plan(state, {"site.op": "remove"})
    state.sites["subterra.lower"].humans = 1
    question = only(site_plan(state, {"site.op": "remove"}))
    assert [s for s in SITES if s not in question.disabled] == ["subterra.lower"]
    assert site_plan(state, {"site.op": "remove", "site.which": "subterra.lower"}) == Report(
        "site-remove", {"site": "subterra.lower", "count": 1}
    )


def test_every_site_now_asks_each_unbuilt_site_with_what_the_app_knows():
    state = state_with_built("wastelands.upper")
    state.sites["euphoria.lower"].humans = 1  # 3 players: a second worker would build it
    answers = {"site.op": "all"}
    first = only(site_plan(state, answers))
    assert (first.id, first.default) == ("sites.euphoria.lower", "1")
    for site in SITES:
        if site != "wastelands.upper":
            answers[f"sites.{site}"] = "1"
    report = site_plan(state, answers)
    assert isinstance(report, Report) and report.kind == "sites"
    assert set(report.fields["workers"]) == set(SITES) - {"wastelands.upper"}


def test_market_built_asks_only_the_site():
    """The app knows which Automas had a worker on the site: it does not ask."""
    state = state_with_built()
    assert market_plan(state, {"market.site": "wastelands.lower"}) == Report(
        "market-built", {"site": "wastelands.lower"}
    )
    with pytest.raises(NothingToAsk):
        market_plan(state_with_built(*SITES), {})


def test_bump_offers_only_workers_on_single_occupancy_spaces():
    """Automas "bump and retrieve workers as normal": only a single-occupancy space bumps
    (artifact market, constructed market, tunnel, Breeze Bar, Sky Lounge)."""
    state = state_with_built()
    with pytest.raises(NothingToAsk):
        bump_plan(state, {})
    black = state.automas["black"]
    black.available.pop()
    black.placed.append(PlacedWorker(4, "subterra.tunnel"))
    black.available.pop()
    black.placed.append(PlacedWorker(2, "euphoria.lower"))  # a construction site: no bump
    question = only(bump_plan(state, {}))
    assert question.choices == ("black@subterra.tunnel",)
    assert bump_plan(state, {"bump.worker": "black@subterra.tunnel"}) == Report(
        "bump", {"automa": "black", "space": "subterra.tunnel"}
    )


def test_track_reports_list_the_automas_factions_first():
    """Only an Automa faction's activation / last tier matters to the Automas ("The first
    time that recruits of an Automa faction would be activated", "When an Automa's faction
    reaches the last tier")."""
    state = state_with_built()
    owned = [state.automas[a].faction for a in AUTOMAS]
    for plan, kind in ((activation_plan, "activation"), (last_tier_plan, "last-tier")):
        question = only(plan(state, {}))
        assert list(question.choices[: len(set(owned))]) == list(dict.fromkeys(owned))
        assert plan(state, {"faction": "icarus"}) == Report(kind, {"faction": "icarus"})


def test_human_won_asks_which_human_only_with_two_and_confirms():
    one = state_with_built()
    assert only(human_won_plan(one, {})).id == "won.sure"
    assert human_won_plan(one, {"won.sure": "yes"}) == Report("human-won", {"player": 1})
    with pytest.raises(NothingToAsk):
        human_won_plan(one, {"won.sure": "no"})
    two = state_with_built(humans=2)
    assert only(human_won_plan(two, {})).choices == ("1", "2")
    assert human_won_plan(two, {"won.player": "2", "won.sure": "yes"}) == Report(
        "human-won", {"player": 2}
    )


def test_correction_offers_what_the_app_has():
    """Each correction question pre-selects what the app knows ("10 authority tokens"
    each at the set-up: "give them 4 workers (roll them) and 10 authority tokens")."""
    state = state_with_built()
    tokens = only(correct_plan(state, {"correct.what": "white", "correct.fact": "tokens_left"}))
    assert (tokens.kind, tokens.default) == ("number", "10")
    answers = {"correct.what": "black", "correct.fact": "workers"}
    where = only(correct_plan(state, answers))
    assert (where.id, where.default) == ("correct.where.1", "available")
    for n in range(1, WORKERS + 1):
        answers[f"correct.where.{n}"] = "available" if n > 1 else "subterra.tunnel"
        answers[f"correct.die.{n}"] = str(n)
    report = correct_plan(state, answers)
    assert report == Report(
        "correct",
        {
            "automa": "black",
            "available": [2, 3, 4],
            "placed": ["1@subterra.tunnel"],
            "penalty_card": [],
        },
    )


def test_run_plan_asks_the_next_question_and_checks_answers():
    """The CLI's way: every answer at once; a missing one is asked (NeedAnswers)."""
    state = state_with_built()
    plan = bind(REPORTS["market"].plan, state)
    with pytest.raises(NeedAnswers) as need:
        run_plan(plan, {})
    assert [q.id for q in need.value.questions] == ["market.site"]
    with pytest.raises(InputError):
        run_plan(plan, {"market.site": "nowhere"})
    assert reports.plan_event(
        state, "site-add", {"site.which": "euphoria.upper", "site.count": "2"}
    ) == (Report("site-add", {"site": "euphoria.upper", "count": 2}))


def test_report_records_the_planned_event():
    journal = game.new_game(OPTIONS, seed=7)
    said = reports.report(journal, "activation", {"faction": "subterra"})
    assert journal.events[-1]["kind"] == "activation" and said


def test_turn_questions_ask_the_support_card_first():
    """ "Draw a card from the Automa deck and place it to the left of the support card":
    the support card is asked before the action card, then the sites alone."""
    support = Question("deck.support", "?", "one", ("a",))
    action = Question("deck.action", "?", "one", ("b",))
    sites = Question("sites.humans", "?", "many", ("s",))
    two = Question("sites.two", "?", "many", ("s",))
    step = turn_questions_to_ask([action, support, sites], {})
    assert step.cards and [q.id for q in step.questions] == ["deck.action"]
    step = turn_questions_to_ask([support, action, sites, two], {})
    assert [q.id for q in step.questions] == ["deck.support"]
    step = turn_questions_to_ask([sites, two], {})
    assert not step.cards and [q.id for q in step.questions] == ["sites.humans"]


@TUI
def test_choice_keys_go_on_with_letters_after_ten():
    """Physical cards: the 11th-14th cards of an Expert rebuild keep one key each."""
    question = Question(id="q", text="?", kind="one", choices=tuple(f"c{i}" for i in range(14)))
    assert choice_keys(question) == tuple("1234567890abcd")
