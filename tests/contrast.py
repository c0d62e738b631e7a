"""WCAG contrast of what the app draws: every letter's colour against its background.

Read from the compositor's full update (what the page's terminal is sent, colours as the
app resolved them: dim blended in, reverse applied here), so a test sees each cell's
colours as the player does. WCAG 2.x: text needs 4.5:1 (level AA).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual._compositor import LayoutUpdate

AA_TEXT = 4.5
# Lines, frames and bars: drawn shapes, not text (box drawing, blocks, the scrollbar's).
SHAPES = range(0x2500, 0x25A0)


def luminance(rgb: tuple[int, int, int]) -> float:
    """A colour's relative luminance (WCAG 2.x)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = rgb
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def ratio(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    """The contrast ratio of two colours, from 1 to 21."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@dataclass(frozen=True)
class Cell:
    """A run of letters drawn in one style, where it is and its contrast."""

    row: int
    column: int
    text: str
    contrast: float

    def __str__(self) -> str:
        return f"row {self.row} col {self.column} {self.text!r}: {self.contrast:.2f}:1"


def cells(app: Any, region: Any = None) -> list[Cell]:
    """Every run of letters on ``app``'s screen with its contrast (shapes and blanks left
    out); only those in ``region`` when given (a dialog over a dimmed screen)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    assert isinstance(update, LayoutUpdate)
    found = []
    for row, line in enumerate(update.strips):
        column = 0
        for strip in line:
            for segment in strip:
                text, style = segment.text, segment.style
                letters = "".join(c for c in text if not c.isspace() and ord(c) not in SHAPES)
                inside = region is None or region.contains(column, row)
                if letters and inside and style is not None and style.color and style.bgcolor:
                    fore = style.color.get_truecolor()
                    back = style.bgcolor.get_truecolor()
                    found.append(Cell(row, column, text.strip(), ratio(tuple(fore), tuple(back))))
                column += len(text)
    return found


def too_faint(app: Any, region: Any = None, least: float = AA_TEXT) -> list[str]:
    """The runs of letters on ``app``'s screen (in ``region`` if given) under ``least``:1
    (WCAG AA: 4.5), as lines."""
    return [str(cell) for cell in cells(app, region) if cell.contrast < least]
