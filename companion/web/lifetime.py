"""The life of `companion serve`: listening behind the gate, and stopping in under 2 s.

:func:`serve_until_stopped` is textual-serve's ``serve`` (aiohttp's ``run_app``) with
each connection behind :class:`companion.web.peers.Gate` and short graces when it stops:
aiohttp's own wait for requests under way is a minute. On Ctrl+C (or SIGTERM) the
server closes every tab (:func:`close_tabs`: a tab that does not take its closing in
:data:`CLOSE_GRACE` is cut off), gives the apps :data:`QUIT_GRACE` to quit, then SIGTERM
and SIGKILL :data:`STOP_GRACE` apart, and requests under way :data:`REQUEST_GRACE`:
under 2 s in all, whatever the tabs do.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import signal
from collections.abc import Awaitable, Callable
from typing import Final

from aiohttp import web

from companion.web.peers import Gate, Outgoing, gated
from companion.web.processes import close_pipes

CLOSE_GRACE: Final = 0.3
QUIT_GRACE: Final = 0.4
STOP_GRACE: Final = 0.3
REQUEST_GRACE: Final = 0.2
KEEPALIVE: Final = 15.0  # seconds an idle kept-alive connection stays open


def serve_until_stopped(
    make_app: Callable[[], Awaitable[web.Application]], host: str, port: int
) -> None:
    """Serve the application ``make_app`` makes at ``host``:``port`` until Ctrl+C or SIGTERM
    (OSError when it cannot listen there)."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(_serve(make_app, host, port))
    finally:
        _close(loop)


def _close(loop: asyncio.AbstractEventLoop) -> None:
    """Close ``loop`` with nothing left on it: the tasks still waiting (for processes
    already ended) are cancelled, and what is left of the app processes' pipes is closed
    while the loop still runs (after it, each said "Event loop is closed" in a traceback)."""
    tasks = asyncio.all_tasks(loop)
    for task in tasks:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
    close_pipes()
    gc.collect()
    loop.run_until_complete(asyncio.sleep(0))
    loop.run_until_complete(loop.shutdown_asyncgens())
    loop.close()


async def _serve(make_app: Callable[[], Awaitable[web.Application]], host: str, port: int) -> None:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(number, stop.set)
    runner = web.AppRunner(
        await make_app(),
        handle_signals=False,
        access_log=None,
        keepalive_timeout=KEEPALIVE,
        shutdown_timeout=REQUEST_GRACE,
    )
    await runner.setup()
    try:
        assert runner.server is not None
        listening = await loop.create_server(
            gated(runner.server, Gate()), host, port, reuse_address=True
        )
        try:
            await stop.wait()
        finally:
            listening.close()
    finally:
        await runner.cleanup()


async def close_tabs(tabs: dict[web.WebSocketResponse, Outgoing], code: int, message: str) -> None:
    """Close every tab's websocket with ``code`` and ``message``; a tab that does not take
    its closing within :data:`CLOSE_GRACE` is cut off."""
    closing = {
        asyncio.ensure_future(
            outgoing.close(websocket.close, code=code, message=message.encode())
        ): outgoing
        for websocket, outgoing in tabs.items()
    }
    if not closing:
        return
    _closed, late = await asyncio.wait(closing, timeout=CLOSE_GRACE)
    for task in late:
        closing[task].abort()
        task.cancel()
