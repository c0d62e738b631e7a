"""The page's terminal client: textual-serve's ``textual.js``, with rows a finger can hit.

textual-serve builds its xterm.js terminal with a fixed set of options (the font size from
the page's ``data-font-size``). On a touch screen a row of a 16 px font is 21 CSS px, under
the 24 px a tap target needs (WCAG 2.5.8); the row's height is xterm.js's ``lineHeight``,
which textual.js does not pass. :func:`with_line_height` adds it, read from the page's
``data-line-height`` (1 when the page sets none): `companion serve` serves the script so, and
the phone build writes it so. No Textual, no web server here.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

# textual.js's terminal options (textual-serve 1.1), and the same with the line height.
OPTIONS = "fontSize:i,scrollback:0,"
WITH_LINE_HEIGHT = "fontSize:i,lineHeight:Number(e.dataset.lineHeight)||1,scrollback:0,"


class ClientError(Exception):
    """textual.js is not the one this module knows how to change (another textual-serve)."""


def with_line_height(source: str) -> str:
    """``source`` (textual.js) with its terminal's line height read from the page."""
    if source.count(OPTIONS) != 1:
        raise ClientError(
            "textual.js: its terminal options are not textual-serve 1.1's; "
            "the page's line height cannot be set"
        )
    return source.replace(OPTIONS, WITH_LINE_HEIGHT)


@cache
def textual_js(static: Path) -> bytes:
    """textual-serve's ``js/textual.js`` under ``static``, with the line height (read once)."""
    source = (static / "js" / "textual.js").read_text(encoding="utf-8")
    return with_line_height(source).encode("utf-8")
