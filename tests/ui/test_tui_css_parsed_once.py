"""The app's CSS sources are parsed once a process for a theme (companion.tui.stylesheet):
counted by Textual's parser, the rules kept before the test dropped. Textual parsed every
source again whenever a screen brought CSS of its own, and each app all of them again."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
import textual.css.stylesheet as textual_stylesheet
from tui_helpers import at_home, press, sync, until, wait_for_screen

from companion.tui import stylesheet
from companion.tui.app import CompanionApp
from companion.tui.screens.table_setup import TableSetupScreen


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[Any, ...]]:
    """Each source Textual's parser parses from now on (where from, the theme's variables),
    counted; no rules kept before."""
    monkeypatch.setattr(stylesheet, "_parsed", type(stylesheet._parsed)())
    counted: Counter[tuple[Any, ...]] = Counter()
    parse = textual_stylesheet.parse

    def counting(scope: str, css: str, read_from: Any, **kwargs: Any) -> Any:
        tokens = kwargs.get("variable_tokens") or {}
        theme = tuple(sorted((name, repr(value)) for name, value in tokens.items()))
        counted[(read_from, scope, kwargs.get("tie_breaker"), hash(theme))] += 1
        return parse(scope, css, read_from, **kwargs)

    monkeypatch.setattr(textual_stylesheet, "parse", counting)
    return counted


@sync
async def test_each_css_source_is_parsed_once_a_process(parses: Counter[tuple[Any, ...]]) -> None:
    """The home screen, then the set-up screen (which brings CSS of its own: every source
    parsed again by Textual), then a theme switched and back: each source parsed once for
    each theme; a second app parses none."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        home = sum(parses.values())
        assert home > 10, f"the home screen's sources: {parses}"
        await press(pilot, "1")
        await wait_for_screen(pilot, TableSetupScreen)
        assert sum(parses.values()) > home, "the set-up screen's own CSS"
        theme = app.theme
        for _ in range(2):
            await press(pilot, "f2")
        await until(pilot, lambda: app.theme == theme, "the theme back")
        again = {source: n for source, n in parses.items() if n > 1}
        assert not again, f"parsed again: {again}"
    before = sum(parses.values())
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "1")
        await wait_for_screen(pilot, TableSetupScreen)
    assert sum(parses.values()) == before, "a second app parsed its sources again"
