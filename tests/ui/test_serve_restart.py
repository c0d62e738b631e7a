"""After a restart (of `companion serve` or of the app) the home screen names the step just
played and when: the player sees it was kept and does not play it twice."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import aiohttp
import pytest
from serve_soak import Soak, make_saves, open_session, output_until, play, reading, serving
from textual.widgets import Static
from tui_helpers import home, make_game, sync, wait_for_text

from companion.core.catalog import set_language
from companion.core.journal import Journal
from companion.core.session import revision_of
from companion.tui.live import RECENT, not_lost_note
from companion.web.processes import can_watch_memory


def written_at(journal: Journal, moment: datetime) -> Journal:
    journal.updated = moment.isoformat(timespec="seconds")
    return journal


def test_a_step_written_lately_is_named_with_its_time():
    _path, journal = make_game(turns=28)
    now = datetime(2026, 12, 1, 20, 45, tzinfo=UTC)
    note = not_lost_note(written_at(journal, now - timedelta(minutes=4)), now)
    local = (now - timedelta(minutes=4)).astimezone().strftime("%H:%M")
    assert note == f"Automa turn 28 was played at {local} — not lost."


def test_nothing_said_of_an_old_step_or_a_game_without_steps():
    _path, journal = make_game(turns=3)
    now = datetime(2026, 12, 1, 20, 45, tzinfo=UTC)
    assert not_lost_note(written_at(journal, now - RECENT - timedelta(seconds=1)), now) == ""
    assert not_lost_note(written_at(journal, now - RECENT), now) != ""
    _path, fresh = make_game(turns=0, name="fresh")
    assert not_lost_note(written_at(fresh, now), now) == ""
    broken = written_at(journal, now)
    broken.updated = "not a time"
    assert not_lost_note(broken, now) == ""


def test_the_note_goes_through_the_catalog():
    _path, journal = make_game(turns=2)
    now = datetime.now(UTC)
    set_language("en_XA")
    try:
        note = not_lost_note(written_at(journal, now), now)
    finally:
        set_language(None)
    assert note.startswith("⟦") and "not lost" not in note and "played" not in note


@sync
async def test_the_home_screen_that_comes_back_says_the_last_turn_was_kept():
    make_game(turns=28)  # the turn played just before the restart: written now
    async with home() as (app, pilot):
        await wait_for_text(pilot, "Automa turn 28 was played at")
        hint = str(app.screen.query_one("#home-hint", Static).render())
        assert "— not lost." in hint and "Enter: resume euphoria-test" in hint


@pytest.mark.ui
@pytest.mark.skipif(not can_watch_memory(), reason="reads app processes in /proc (Linux)")
def test_a_step_played_just_before_the_server_died_is_said_kept_after_the_restart(tmp_path):
    """Tap a step, SIGKILL the server at once, start it again: the tab that reconnects says the
    step was played, and when (the journal has it)."""
    data, step = tmp_path / "data", Soak()
    [save] = make_saves(data, 1)

    async def tap_then_die(url, server):
        async with aiohttp.ClientSession() as client:
            websocket, pid = await open_session(client, url, save, server.pid, set())
            reader = reading(websocket)
            await play(websocket, 0, save, 1, pid, step)
            server.kill()
            await reader  # ends as the socket does

    async def reconnect(url, server):
        async with aiohttp.ClientSession() as client:
            websocket, _pid = await open_session(client, url, save, server.pid, set())
            await output_until(websocket, b"not lost", 30)
            await websocket.close()

    before = revision_of(save)
    # Each server starts the one spare app its one session takes (none for a next session).
    with serving(data, tmp_path / "first.log", 2, spares=1) as (url, server):
        asyncio.run(tap_then_die(url, server))
    assert step.turns == {"soak-1": 1} and revision_of(save) == (before or 0) + 1
    with serving(data, tmp_path / "second.log", 2, spares=1) as (url, server):
        asyncio.run(reconnect(url, server))
