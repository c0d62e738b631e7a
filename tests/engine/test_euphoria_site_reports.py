"""The construction-site reports (`c`, `m`) offer only what the rules allow.

Base rules (design notes, "Base-game facts"): a market is built when its construction
site holds 2 workers with 3 players, 3 with 4; so a site unbuilt holds at most one
fewer, the Automas' workers there counted.
"""

from __future__ import annotations

import pytest
from euphoria_helpers import fresh, set_workers

from companion.core.errors import InputError
from companion.core.plans import Ask, Report, bind, run_plan
from companion.euphoria.board import SITES
from companion.euphoria.reports import market_plan, site_plan

EVERY = {"site.op": "all"}


def asked(state, answers):
    step = site_plan(state, answers)
    assert isinstance(step, Ask)
    (question,) = step.questions
    return question


@pytest.mark.parametrize(("humans", "most"), [(1, 1), (2, 2)])
def test_every_site_now_offers_up_to_one_fewer_than_build_the_market(humans, most):
    """3 players: 0-1 per site; 4 players: 0-2 (3 would have built it)."""
    state = fresh(humans=humans)
    question = asked(state, EVERY)
    assert (question.id, question.minimum, question.maximum) == ("sites.euphoria.lower", 0, most)
    plan = bind(site_plan, state)
    answers = {**EVERY, **{f"sites.{s}": str(most) for s in SITES}}
    report = run_plan(plan, answers)
    assert report == Report("sites", {"workers": dict.fromkeys(SITES, most)})
    with pytest.raises(InputError):
        run_plan(plan, {**answers, "sites.euphoria.lower": str(most + 1)})


def test_every_site_now_counts_the_automas_workers_there():
    """4 players, one Automa worker on the lower Euphorian site: at most 1 human's worker
    there; 3 players, one Automa worker: none fits, the site is not asked (it holds 0)."""
    four = fresh(humans=2)
    set_workers(four, "black", [1, 2, 3], [(4, "euphoria.lower")])
    assert asked(four, EVERY).maximum == 1
    three = fresh(humans=1)
    set_workers(three, "black", [1, 2, 3], [(4, "euphoria.lower")])
    assert asked(three, EVERY).id == "sites.euphoria.upper"
    answers = {**EVERY, **{f"sites.{s}": "1" for s in SITES[1:]}}
    report = run_plan(bind(site_plan, three), answers)
    assert report is not None and report.fields["workers"]["euphoria.lower"] == 0


def test_a_market_built_is_not_offered_again():
    """A built market is no construction site ("a construction site of 4 worker spaces
    until built, then a constructed market", design.md's board vocabulary): it is not a
    choice at all (it was listed and then refused), and the other sites keep their keys."""
    state = fresh(humans=2)
    state.sites["euphoria.lower"].built = True
    step = market_plan(state, {})
    assert isinstance(step, Ask)
    (question,) = step.questions
    assert "euphoria.lower" not in question.choices
    assert dict(zip(question.choices, question.keys, strict=True)) == {
        site: str(n) for n, site in enumerate(SITES, 1) if site != "euphoria.lower"
    }
    with pytest.raises(InputError, match="not one of"):
        run_plan(bind(market_plan, state), {"market.site": "euphoria.lower"})


def market_labels(state):
    step = market_plan(state, {})
    assert isinstance(step, Ask)
    (question,) = step.questions
    return dict(zip(question.choices, question.labels, strict=True))


@pytest.mark.parametrize(
    ("humans", "exact", "said"),
    [
        (0, True, "0 humans"),
        (1, True, "1 human"),
        (2, True, "2 humans"),
        (1, False, "at least 1 human"),
        (2, False, "at least 2 humans"),
    ],
)
def test_a_market_label_says_its_humans_in_the_singular_or_the_plural(humans, exact, said):
    """The market report names each site with the human workers the app knows of there: one
    human, two humans, never "human(s)"."""
    state = fresh(humans=2)
    site = state.sites["wastelands.upper"]
    site.humans, site.humans_exact = humans, exact
    label = market_labels(state)["wastelands.upper"]
    assert label.endswith(", " + said), label
    assert "(s)" not in label
