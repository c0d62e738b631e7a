"""The phone build's PNG icons, drawn from the project's own ``favicon.svg``.

An installed web app wants PNG icons: 192 and 512 px (Android's home screen and splash), a
maskable one (the launcher crops it to its own shape: the design inside the middle 80%, the
background to the edges) and ``apple-touch-icon`` (iOS, 180 px, no transparency). They are
drawn here, in Python, from the SVG the package ships, so the build needs no image library
and no tool beyond Python; the same SVG gives the same bytes.

The SVG is the project's own and simple: rounded rectangles and circles filled with one
colour (``rect`` with ``x y width height rx fill``, ``circle`` with ``cx cy r fill``), in a
``viewBox``. Anything else in it is refused (:class:`IconError`), not drawn wrong. Each
pixel's coverage comes from its distance to the shape's edge (one pixel of anti-aliasing).
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from xml.etree import ElementTree

SVG = "{http://www.w3.org/2000/svg}"
# The icons the build writes: file name, size in px, whether the background fills it all.
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
)
# A maskable icon's design fits the middle 80% (the launcher may crop the rest).
MASKABLE_SCALE = 0.8

RGB = tuple[int, int, int]


class IconError(Exception):
    """The SVG holds what this module does not draw."""


@dataclass(frozen=True)
class Shape:
    """A filled rounded rectangle (a circle is one: as wide as high, its radius half of that)."""

    x: float
    y: float
    width: float
    height: float
    radius: float
    fill: RGB

    def scaled(self, scale: float, shift: float) -> Shape:
        """This shape drawn ``scale`` times larger, moved by ``shift`` on both axes."""
        return Shape(
            self.x * scale + shift,
            self.y * scale + shift,
            self.width * scale,
            self.height * scale,
            self.radius * scale,
            self.fill,
        )

    def coverage(self, px: float, py: float) -> float:
        """How much of the pixel centred on (px, py) the shape covers, 0 to 1."""
        half_w, half_h = self.width / 2, self.height / 2
        radius = min(self.radius, half_w, half_h)
        dx = abs(px - (self.x + half_w)) - (half_w - radius)
        dy = abs(py - (self.y + half_h)) - (half_h - radius)
        outside = math.hypot(max(dx, 0.0), max(dy, 0.0)) + min(max(dx, dy), 0.0) - radius
        return min(1.0, max(0.0, 0.5 - outside))


def colour(value: str) -> RGB:
    """``#rrggbb`` (or ``#rgb``) as RGB."""
    text = value.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(2 * c for c in text)
    if len(text) != 6 or any(c not in "0123456789abcdefABCDEF" for c in text):
        raise IconError(f"favicon.svg: the colour {value!r} is not #rrggbb")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def shapes(svg: str) -> tuple[float, list[Shape]]:
    """The SVG's square ``viewBox`` side and its shapes, in order (later ones on top)."""
    root = ElementTree.fromstring(svg)
    box = [float(part) for part in root.get("viewBox", "").split()]
    if len(box) != 4 or box[:2] != [0, 0] or box[2] != box[3]:
        raise IconError("favicon.svg: the icons need a square viewBox from 0 0")
    found = []
    for element in root:
        tag = element.tag.removeprefix(SVG)
        get = element.attrib.get
        fill = colour(get("fill", "#000000"))
        if tag == "rect":
            x, y = float(get("x", 0)), float(get("y", 0))
            width, height = float(element.attrib["width"]), float(element.attrib["height"])
            found.append(Shape(x, y, width, height, float(get("rx", 0)), fill))
        elif tag == "circle":
            r = float(element.attrib["r"])
            cx, cy = float(get("cx", 0)), float(get("cy", 0))
            found.append(Shape(cx - r, cy - r, 2 * r, 2 * r, r, fill))
        else:
            raise IconError(f"favicon.svg: a <{tag}> is not drawn by the icon maker")
    return box[2], found


def draw(svg: str, size: int, full_bleed: bool) -> list[bytearray]:
    """The icon's rows of RGBA pixels: the SVG at ``size`` px, transparent around it; or,
    ``full_bleed``, its first shape's colour to the edges and the design in the middle 80%."""
    side, drawn = shapes(svg)
    if full_bleed:
        scale = size * MASKABLE_SCALE / side
        shift = size * (1 - MASKABLE_SCALE) / 2
        back = drawn[0].fill
        canvas = [bytearray(bytes((*back, 255)) * size) for _ in range(size)]
    else:
        scale, shift = size / side, 0.0
        canvas = [bytearray(4 * size) for _ in range(size)]
    for shape in (s.scaled(scale, shift) for s in drawn):
        paint(canvas, shape)
    return canvas


def paint(canvas: list[bytearray], shape: Shape) -> None:
    """Lay ``shape`` over ``canvas`` (source-over), row by row within its bounds.

    A shape is convex, so on each row the pixels it covers whole are one run: only the
    pixels of its edge, from each end of the row to that run, are blended one by one;
    the run is filled at once with the shape's colour (what blending a whole pixel
    gives). The four icons of a build took some 3 s of Python pixel by pixel, a tenth
    of that now.
    """
    size = len(canvas)
    left, top = max(0, int(shape.x) - 1), max(0, int(shape.y) - 1)
    right = min(size, int(shape.x + shape.width) + 2)
    bottom = min(size, int(shape.y + shape.height) + 2)
    whole = bytes((*shape.fill, 255))
    for y in range(top, bottom):
        row = canvas[y]
        start = left  # the first pixel covered whole (``right`` when none is)
        while start < right and not _blend(row, start, y, shape):
            start += 1
        end = right  # one past the last pixel covered whole
        while end > start + 1 and not _blend(row, end - 1, y, shape):
            end -= 1
        if start < end:
            row[4 * start : 4 * end] = whole * (end - start)


def _blend(row: bytearray, x: int, y: int, shape: Shape) -> bool:
    """Blend pixel ``x`` of ``row`` (row ``y``) with ``shape``; whether the shape covers it
    whole (then it is left to the caller, who fills the run it starts or ends)."""
    alpha = shape.coverage(x + 0.5, y + 0.5)
    if alpha >= 1:
        return True
    if alpha > 0:
        at = 4 * x
        under = row[at + 3] / 255 * (1 - alpha)
        total = alpha + under
        for offset, value in enumerate(shape.fill):
            row[at + offset] = round((value * alpha + row[at + offset] * under) / total)
        row[at + 3] = round(total * 255)
    return False


def png(canvas: list[bytearray]) -> bytes:
    """``canvas`` (rows of RGBA) as a PNG file: 8 bits a channel, no filter, zlib level 9."""
    height, width = len(canvas), len(canvas[0]) // 4

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + bytes(row) for row in canvas)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            chunk(b"IHDR", header),
            chunk(b"IDAT", zlib.compress(raw, 9)),
            chunk(b"IEND", b""),
        )
    )


def icons(svg: str) -> Iterator[tuple[str, bytes]]:
    """Every icon of :data:`ICONS`: its file name and its PNG bytes."""
    yield from _icons(svg)


@cache
def _icons(svg: str) -> tuple[tuple[str, bytes], ...]:
    """The icons of ``svg``, drawn once a process."""
    return tuple((name, png(draw(svg, size, full_bleed))) for name, size, full_bleed in ICONS)


def manifest_icons() -> list[dict[str, str]]:
    """The web manifest's entries of the PNG icons (the maskable one said so)."""
    return [
        {
            "src": name,
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "maskable" if full_bleed else "any",
        }
        for name, size, full_bleed in ICONS
        if name != "apple-touch-icon.png"
    ]
