"""What every Pilot test of this tier shares: the screen drawn when a test reads it, and
the app's stylesheets parsed once a process.

Textual draws every frame of a headless app, then throws the drawing away (its
``App._display`` writes nothing when headless): about a quarter of a Pilot test's CPU.
Here a headless app's frames are laid out as usual but not drawn; what the player would
see is drawn, whole, when a test reads the screen (``tui_helpers.shown``, an SVG
snapshot, a fit check), from the same widgets through the same compositor. A screen or
a widget that fails to draw still fails the test that reads it. The app in a terminal,
or behind ``companion serve``, draws every frame as before: this touches only the
in-process headless apps of these tests.

Each app parses the CSS of its widget classes again, and all of it once more whenever a
screen brings CSS of its own (Textual's ``Stylesheet.reparse`` parses every source into a
new stylesheet, whose cache is empty): here the parsed rules are kept for the process,
keyed by the CSS, where it came from and the app's CSS variables (a theme). A parse
error still fails the first test that meets it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet
from textual.screen import Screen

_draw_frame: Callable[[Screen[object]], None] = Screen._compositor_refresh


def _lay_out_without_drawing(screen: Screen[object]) -> None:
    """``Screen._compositor_refresh`` for a headless app: what it does but the drawing."""
    app = screen.app
    if not app.is_headless or app.is_inline:
        _draw_frame(screen)
        return
    # The frame is drawn when read: mark nothing as left to draw, as the drawing would.
    screen._compositor._dirty_regions.clear()
    screen._dirty_widgets.clear()
    app._update_mouse_over(screen)  # hover styles follow the pointer, as after a frame


_parse_rules = Stylesheet._parse_rules
_parsed: dict[tuple[object, ...], list[RuleSet]] = {}


def _parse_rules_once(
    stylesheet: Stylesheet,
    css: str,
    read_from: CSSLocation,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    """``Stylesheet._parse_rules``, each CSS parsed once a process for the same variables."""
    variables = tuple(sorted(stylesheet._variables.items()))
    key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
    rules = _parsed.get(key)
    if rules is None:
        rules = _parse_rules(stylesheet, css, read_from, is_default_rules, tie_breaker, scope)
        if not any(rule.errors for rule in rules):
            _parsed[key] = rules
    return rules


@pytest.fixture(autouse=True)
def _frames_drawn_when_read(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every Pilot test of this tier: headless frames laid out, drawn when read, and the
    stylesheets parsed once a process (above)."""
    monkeypatch.setattr(Screen, "_compositor_refresh", _lay_out_without_drawing)
    monkeypatch.setattr(Stylesheet, "_parse_rules", _parse_rules_once)
    yield
