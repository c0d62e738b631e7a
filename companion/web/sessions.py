"""App sessions of `companion serve`: each browser tab's app process, started ahead of time.

textual-serve's `AppService` starts a new Python for every tab when its
websocket opens; most of the wait is Python importing Textual and the app.
`SparePool` keeps one process that has done its imports already
(`companion.web.warm`) and `WarmAppService` hands it to the next session,
telling it the terminal size; a new spare is started for the session after.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from asyncio.subprocess import Process

from textual_serve.app_service import AppService

log = logging.getLogger("companion.web")

WARM_COMMAND = (sys.executable, "-m", "companion.web.warm")


class SparePool:
    """At most one waiting app process, started with the environment of an app session."""

    def __init__(self, command: tuple[str, ...] = WARM_COMMAND) -> None:
        self.command = command
        self.spare: Process | None = None
        self.starting: asyncio.Task[None] | None = None
        self.closed = False

    async def _start(self, environment: dict[str, str]) -> None:
        try:
            self.spare = await asyncio.create_subprocess_exec(
                *self.command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=environment,
            )
        except OSError as error:  # no spare: the next session starts its own process
            log.warning("could not start a spare app process: %s", error)
            self.spare = None

    def refill(self, environment: dict[str, str]) -> None:
        """Start a spare in the background if there is none."""
        if self.closed or self.spare is not None or self.starting is not None:
            return

        async def start() -> None:
            try:
                await self._start(environment)
            finally:
                self.starting = None

        self.starting = asyncio.ensure_future(start())

    def take(self) -> Process | None:
        """The waiting process (now the caller's), or None if there is none ready."""
        spare, self.spare = self.spare, None
        if spare is None or spare.returncode is not None:
            return None
        return spare

    async def close(self) -> None:
        """Stop the waiting process (the server is stopping)."""
        self.closed = True
        if self.starting is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(self.starting), timeout=5)
        spare = self.take()
        if spare is not None:
            with contextlib.suppress(ProcessLookupError):
                spare.kill()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(spare.wait(), timeout=5)


class WarmAppService(AppService):
    """textual-serve's app session, run in a spare process when one is ready."""

    def __init__(self, *args, spares: SparePool, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.spares = spares

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        """Take the spare (telling it the size) or start a process; then start the next spare."""
        environment = self._build_environment(width=width, height=height)
        process = self.spares.take()
        if process is not None and process.stdin is not None:
            try:
                process.stdin.write(f"{width} {height}\n".encode())
                await process.stdin.drain()
            except (ConnectionError, RuntimeError):
                process = None
        if process is None or process.stdin is None:
            process = await super()._open_app_process(width, height)
        else:
            self._process = process
        self._stdin = process.stdin
        self.spares.refill(environment)
        return process
