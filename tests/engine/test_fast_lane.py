"""The fast lane's share of each property's examples (tests/conftest.py): a quarter in
`pytest -m "not ui and not browser"`, the full count in every run that takes in the ui or
browser tier (CI's) or with COMPANION_PROPERTIES=full."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import fast_lane_examples, fast_lane_share


@settings(max_examples=40, deadline=None, database=None)
@given(st.integers())
def test_a_property(number):
    assert isinstance(number, int)


def test_a_share_is_a_quarter_and_never_fewer_than_four_or_more_than_written():
    assert [fast_lane_share(n) for n in (1, 4, 8, 15, 20, 40, 150, 400)] == [
        1,
        4,
        4,
        4,
        5,
        10,
        37,
        100,
    ]


def test_this_run_gives_the_property_above_its_share_or_all_its_examples(request):
    chosen = test_a_property._hypothesis_internal_use_settings.max_examples
    assert chosen == (10 if fast_lane_examples(request.config) else 40)


@pytest.mark.parametrize(
    ("markexpr", "environment", "fast"),
    [
        ("not ui and not browser", {}, True),
        ("not browser and not ui and not stress", {}, True),
        ("not ui and not browser", {"COMPANION_PROPERTIES": "full"}, False),
        ("not ui and not browser", {"CI": "true"}, False),
        ("not stress", {}, False),
        ("", {}, False),
        ("not browser", {}, False),
    ],
)
def test_the_fast_lane_is_told_by_its_marks_and_the_environment(
    request, monkeypatch, markexpr, environment, fast
):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("COMPANION_PROPERTIES", raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(request.config.option, "markexpr", markexpr)
    assert fast_lane_examples(request.config) is fast
