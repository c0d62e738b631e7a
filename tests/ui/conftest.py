"""What every Pilot test of this tier shares: the screen drawn when a test reads it.

Textual draws every frame of a headless app, then throws the drawing away (its
``App._display`` writes nothing when headless): about a quarter of a Pilot test's CPU.
Here a headless app's frames are laid out as usual but not drawn; what the player would
see is drawn, whole, when a test reads the screen (``tui_helpers.shown``, an SVG
snapshot, a fit check), from the same widgets through the same compositor. A screen or
a widget that fails to draw still fails the test that reads it. The app in a terminal,
or behind ``companion serve``, draws every frame as before: this touches only the
in-process headless apps of these tests.

The app's stylesheets are parsed once a process by the product itself
(``companion.tui.stylesheet``), as in a terminal and on the phone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
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


@pytest.fixture(autouse=True)
def _frames_drawn_when_read(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every Pilot test of this tier: headless frames laid out, drawn when read (above)."""
    monkeypatch.setattr(Screen, "_compositor_refresh", _lay_out_without_drawing)
    yield
