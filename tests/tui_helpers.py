"""What the Pilot tests of the screens share: running them, pressing keys, reading the screen."""

from __future__ import annotations

import asyncio
import functools
import html
import re


def sync(test):
    """Run an async test with asyncio (no async pytest plugin is needed)."""

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return wrapper


def shown(app) -> str:
    """The text on screen (from the SVG screenshot), rows joined by newlines."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in re.findall(r'<text [^>]*x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(y), []).append((float(x), html.unescape(text).replace("\xa0", " ")))
    return "\n".join("".join(t for _, t in sorted(rows[y])) for y in sorted(rows))


async def press(pilot, *keys: str) -> None:
    """Press keys one at a time, letting the app settle after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
