"""The phone build's PNG icons, drawn from the package's favicon.svg (companion.web.icons):
192 and 512 px with the icon's own rounded corners, a maskable 512 and the apple-touch-icon
with the background to the edges; an SVG the maker cannot draw is refused, not drawn wrong."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from companion.web import icons, phone_build

SVG = (phone_build.STATIC / "favicon.svg").read_text(encoding="utf-8")
DARK, ORANGE = (0x0C, 0x18, 0x1F, 255), (0xF0, 0xA0, 0x20, 255)
CLEAR = (0, 0, 0, 0)


def pixels(data: bytes) -> list[list[tuple[int, ...]]]:
    """A PNG of the maker's kind (RGBA, 8 bits, no filter) as rows of RGBA pixels."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert (depth, kind) == (8, 6)
    at, chunks = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            chunks += data[at + 8 : at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(chunks)
    stride = 1 + 4 * width
    rows = [raw[y * stride + 1 : (y + 1) * stride] for y in range(height)]
    return [[tuple(row[x * 4 : x * 4 + 4]) for x in range(width)] for row in rows]


def test_every_icon_is_drawn_from_the_svg_at_its_size() -> None:
    made = dict(icons.icons(SVG))
    assert list(made) == [name for name, _size, _bleed in icons.ICONS]
    for name, size, full_bleed in icons.ICONS:
        image = pixels(made[name])
        assert len(image) == size and len(image[0]) == size, name
        middle = size // 2
        assert image[middle][middle] == DARK, name  # the die's middle pip
        # On the die's face, between two pips (the SVG's x=16, y=11 at its 32 units).
        scale, shift = (icons.MASKABLE_SCALE, size * 0.1) if full_bleed else (1, 0)
        face = round(16 / 32 * size * scale + shift), round(11 / 32 * size * scale + shift)
        assert image[face[1]][face[0]] == ORANGE, name
        # A corner: beyond the rounded square (clear), or the background to the edge.
        assert image[0][0] == (DARK if full_bleed else CLEAR), name
    assert dict(icons.icons(SVG)) == made  # the same SVG, the same bytes


def blended_pixel_by_pixel(svg: str, size: int, full_bleed: bool) -> list[bytearray]:
    """The icon as blending every pixel of each shape's bounds one by one draws it (the
    maker fills the run a shape covers whole at once: it must give the same pixels)."""
    side, drawn = icons.shapes(svg)
    if full_bleed:
        scale, shift = size * icons.MASKABLE_SCALE / side, size * (1 - icons.MASKABLE_SCALE) / 2
        canvas = [bytearray(bytes((*drawn[0].fill, 255)) * size) for _ in range(size)]
    else:
        scale, shift = size / side, 0.0
        canvas = [bytearray(4 * size) for _ in range(size)]
    for shape in (s.scaled(scale, shift) for s in drawn):
        for y in range(max(0, int(shape.y) - 1), min(size, int(shape.y + shape.height) + 2)):
            row = canvas[y]
            for x in range(max(0, int(shape.x) - 1), min(size, int(shape.x + shape.width) + 2)):
                alpha = shape.coverage(x + 0.5, y + 0.5)
                if alpha <= 0:
                    continue
                at = 4 * x
                under = row[at + 3] / 255 * (1 - alpha)
                total = alpha + under
                for offset, value in enumerate(shape.fill):
                    row[at + offset] = round((value * alpha + row[at + offset] * under) / total)
                row[at + 3] = round(total * 255)
    return canvas


@pytest.mark.parametrize(("size", "full_bleed"), [(192, False), (180, True), (37, False)])
def test_filling_each_covered_run_at_once_gives_the_pixels_of_blending_each_pixel(
    size: int, full_bleed: bool
) -> None:
    assert icons.draw(SVG, size, full_bleed) == blended_pixel_by_pixel(SVG, size, full_bleed)


def test_the_manifest_names_the_png_icons_and_the_maskable_one() -> None:
    listed = {
        (entry["src"], entry["sizes"], entry.get("purpose"))
        for entry in phone_build.manifest()["icons"]
    }  # type: ignore[index, union-attr]
    assert ("icon-192.png", "192x192", "any") in listed
    assert ("icon-512.png", "512x512", "any") in listed
    assert ("icon-maskable-512.png", "512x512", "maskable") in listed


def test_the_page_names_its_apple_touch_icon_and_the_build_writes_every_icon(
    tmp_path: Path,
) -> None:
    phone_build.copy_page(tmp_path, phone_build.textual_serve_static())
    assert '<link rel="apple-touch-icon" href="apple-touch-icon.png" />' in (
        tmp_path / "index.html"
    ).read_text(encoding="utf-8")
    for name, _size, _bleed in icons.ICONS:
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name


@pytest.mark.parametrize(
    ("svg", "said"),
    [
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M0 0"/></svg>',
            "<path>",
        ),
        ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 16"></svg>', "square viewBox"),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="red"/></svg>',
            "'red'",
        ),
    ],
)
def test_what_the_maker_cannot_draw_is_refused_in_one_line(svg: str, said: str) -> None:
    with pytest.raises(icons.IconError) as refused:
        list(icons.icons(svg))
    assert said in str(refused.value) and "\n" not in str(refused.value)
