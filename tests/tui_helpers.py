"""What the Pilot tests of the screens share: running them, pressing keys, reading the screen."""

from __future__ import annotations

import asyncio
import contextlib
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


@contextlib.asynccontextmanager
async def home(size: tuple[int, int] = (80, 24)):
    """The app started at its home screen and settled: ``async with home() as (app, pilot)``."""
    from companion.tui.app import CompanionApp

    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield app, pilot


async def tap(pilot, *args, **kwargs) -> bool:
    """Click (``pilot.click``'s arguments) and let the app settle; whether it hit."""
    hit = await pilot.click(*args, **kwargs)
    await pilot.pause()
    return hit


async def press(pilot, *keys: str) -> None:
    """Press keys one at a time, letting the app settle after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
