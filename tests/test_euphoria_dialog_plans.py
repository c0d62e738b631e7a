"""The Euphoria event dialogs ask only what is unknown, with stable keys (issue 11 items 4, 7)."""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.euphoria import game
from companion.euphoria.board import SITES
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import GameOptions
from companion.tui.screens.euphoria_dialogs import Step, market_plan, site_plan
from companion.tui.widgets.questions import choice_keys


def state_with_built(*built: str):
    options = GameOptions(recruits=("icarus", "euphoria"), factions=("subterra", "wastelands"))
    state = game.replay(game.new_game(options, seed=7))
    for site in built:
        state.sites[site].built = True
    return state


def test_every_site_keeps_its_key_whatever_is_built():
    """Six sites, keys 1-6 in board order; a built one is shown as built, not pickable."""
    state = state_with_built("euphoria.lower")
    step = site_plan(state, {"site.op": "add"})
    assert isinstance(step, Step)
    question = step.question
    assert question.choices == SITES and choice_keys(question) == tuple("123456")
    assert question.disabled == ("euphoria.lower",)
    assert "built" in question.labels[0]
    with pytest.raises(InputError):
        question.parse("euphoria.lower")
    assert question.parse("subterra.upper") == "subterra.upper"  # key 6, as before the build


def test_counts_are_limited_to_what_fits():
    """Base rule (design): 2 workers build a market with 3 players. With one Automa worker on
    the site only one more fits: no count question."""
    state = state_with_built()
    step = site_plan(state, {"site.op": "add", "site.which": "euphoria.upper"})
    assert isinstance(step, Step) and (step.question.minimum, step.question.maximum) == (1, 2)
    state.automas["black"].available.pop()
    state.automas["black"].placed.append(PlacedWorker(3, "euphoria.upper"))
    outcome = site_plan(state, {"site.op": "add", "site.which": "euphoria.upper"})
    assert outcome == ("site-add", {"site": "euphoria.upper", "count": 1})


def test_market_built_asks_only_the_site():
    """The app knows which Automas had a worker on the site: it does not ask."""
    state = state_with_built()
    assert market_plan(state, {"market.site": "wastelands.lower"}) == (
        "market-built",
        {"site": "wastelands.lower"},
    )


def test_choice_keys_go_on_with_letters_after_ten():
    """Physical cards: the 11th-14th cards of an Expert rebuild keep one key each."""
    from companion.core.questions import Question

    question = Question(id="q", text="?", kind="one", choices=tuple(f"c{i}" for i in range(14)))
    assert choice_keys(question) == tuple("1234567890abcd")
