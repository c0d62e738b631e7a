"""App sessions of `companion serve`: each browser tab's app process, started ahead of time.

textual-serve's `AppService` starts a new Python for every tab when its
websocket opens; most of the wait is Python importing Textual and the app.
`SparePool` keeps one process that has done its imports already
(`companion.web.warm`) and `WarmAppService` hands it to the next session,
telling it the terminal size; a new spare is started for the session after.
Where the system allows it, each spare is forked from one Python that has
imported the app (`companion.web.forks`), not started anew.

`WarmAppService` also bounds what a session costs: its process is ended when
the session ends (`processes.end_process`: quit, SIGTERM, SIGKILL), ended
sooner if it passes the memory ceiling, and what it writes to its error output
becomes one line of the server's log (all of it with ``COMPANION_DEBUG=1``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import sys
from asyncio.subprocess import Process
from collections.abc import Awaitable, Callable
from typing import Any

from textual_serve.app_service import AppService

from companion.core.catalog import TOUCH_ENV
from companion.speech.page import ACTIONS, CUES, MAX_LINE, MAX_LINES, SPEAK, VOICE_ENV
from companion.tui.keyboard import KEYBOARD
from companion.web.forks import Zygote, can_fork
from companion.web.peers import Outgoing
from companion.web.processes import MIB, end_process, started, watch_memory

log = logging.getLogger("companion.web")

WARM_COMMAND = (sys.executable, "-m", "companion.web.warm")
# The app's first line on its output: it is a Textual app and it has started.
READY = b"__GANGLION__\n"
FEED_TIMEOUT = 10.0  # seconds an app may leave its input unread before the session ends
ERROR_TAIL = 64 * 1024  # bytes of an app's error output kept for the log


def debugging() -> bool:
    """Whether ``COMPANION_DEBUG=1``: the log shows tracebacks and an app's whole error output."""
    return os.environ.get("COMPANION_DEBUG", "") == "1"


class SparePool:
    """At most one waiting app process, started with the environment of an app session."""

    def __init__(
        self, command: tuple[str, ...] = WARM_COMMAND, forking: bool | None = None
    ) -> None:
        self.command = command
        self.spare: Process | None = None
        self.starting: asyncio.Task[None] | None = None
        self.closed = False
        # The spares forked from one Python that has imported the app (`forks`), where the
        # system allows it and the command is the usual one.
        if forking is None:
            forking = command == WARM_COMMAND and can_fork()
        self.zygote: Zygote | None = Zygote() if forking else None

    async def _start(self, environment: dict[str, str]) -> None:
        if self.zygote is not None:
            try:
                self.spare = started(await self.zygote.spawn(environment))
                return
            except (OSError, ValueError) as error:  # a new Python for each spare from now
                log.warning("could not fork a spare app process: %s", error)
                zygote, self.zygote = self.zygote, None
                await zygote.close()
        try:
            self.spare = started(
                await asyncio.create_subprocess_exec(
                    *self.command,
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.PIPE,
                    env=environment,
                    start_new_session=True,
                )
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
        if self.zygote is not None:
            await self.zygote.close()


class WarmAppService(AppService):
    """textual-serve's app session, run in a spare process when one is ready, and bounded.

    Args (besides `AppService`'s):
        spares: the pool of waiting app processes.
        memory_ceiling: bytes of resident memory past which the app is ended (None: no limit).
        on_over_ceiling: called (with the bytes used) when it is, to close the session.
        voice: whether the page says the moves (`serve --voice`), told to the app in its
            environment (``companion.speech.page.VOICE_ENV``); None: the app reads its settings.

    ``touch`` (set before `start`): the page is on a touch screen (its websocket's
    ``touch=1``), told to the app as ``catalog.TOUCH_ENV``, so its texts say "tap".
    """

    def __init__(
        self,
        *args: Any,
        spares: SparePool,
        memory_ceiling: int | None = None,
        on_over_ceiling: Callable[[int], Awaitable[None]] | None = None,
        voice: bool | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.voice = voice
        self.touch = False
        self.spares = spares
        self.memory_ceiling = memory_ceiling
        self.on_over_ceiling = on_over_ceiling
        self.session_id = self.app_service_id[:8]
        self.stopping: asyncio.Task[str] | None = None
        self.watchdog: asyncio.Task[None] | None = None
        # Its tab's way out (the server sets the tab's connection; `peers.Outgoing`).
        self.outgoing = Outgoing(None, self.session_id)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        """textual-serve's environment of an app session, with the sessions' voice."""
        environment = super()._build_environment(width=width, height=height)
        environment.pop(VOICE_ENV, None)
        environment.pop(TOUCH_ENV, None)
        if self.voice is not None:
            environment[VOICE_ENV] = "1" if self.voice else "0"
        if self.touch:
            environment[TOUCH_ENV] = "1"
        return environment

    async def on_meta(self, data: bytes) -> None:
        """The app's meta packets: the spoken lines go to the page (checked), and whether a
        text field wants the keyboard; the rest as before."""
        try:
            meta = json.loads(data)
        except ValueError:
            return
        if isinstance(meta, dict) and meta.get("type") == SPEAK:
            speech = page_speech(meta)
            if speech is not None:
                await self.remote_write_str(json.dumps([SPEAK, speech]))
            return
        if isinstance(meta, dict) and meta.get("type") == KEYBOARD:  # a text field's keyboard
            await self.remote_write_str(json.dumps([KEYBOARD, meta.get("wanted") is True]))
            return
        await super().on_meta(data)

    @property
    def process(self) -> Process | None:
        """The session's app process (None before it starts)."""
        return self._process

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        """Take the spare (telling it the size) or start a process; then start the next spare."""
        environment = self._build_environment(width=width, height=height)
        process = self.spares.take()
        if process is not None and process.stdin is not None:
            try:
                touch = " touch" if self.touch else ""
                process.stdin.write(f"{width} {height}{touch}\n".encode())
                await process.stdin.drain()
            except (ConnectionError, RuntimeError):
                process = None
        if process is None or process.stdin is None:
            process = started(
                await asyncio.create_subprocess_shell(
                    self.command,
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.PIPE,
                    env=environment,
                    start_new_session=True,  # its own group: ending it ends what it started
                )
            )
        self._process = process
        self._stdin = process.stdin
        environment.pop(TOUCH_ENV, None)  # the spare is told when a session takes it
        self.spares.refill(environment)
        return process

    async def start(self, width: int, height: int) -> None:
        """Start the app (and the watch on its memory)."""
        await super().start(width, height)
        if self.memory_ceiling is not None and self._process is not None:
            self.watchdog = asyncio.ensure_future(self._watch(self._process, self.memory_ceiling))

    async def _watch(self, process: Process, ceiling: int) -> None:
        used = await watch_memory(process, ceiling)
        if used:
            log.warning(
                "session %s: ended: its app used %d MiB, over the ceiling of %d MiB",
                self.session_id,
                used // MIB,
                ceiling // MIB,
            )
            if self.on_over_ceiling is not None:
                await self.on_over_ceiling(used)
            self._end()

    async def feed(self, data: bytes) -> bool:
        """Send input to the app; False if it could not be sent or the app left it unread."""
        try:
            return await asyncio.wait_for(self.send_bytes(data), timeout=FEED_TIMEOUT)
        except TimeoutError:
            log.warning(
                "session %s: ended: its app left its input unread for %.0f s",
                self.session_id,
                FEED_TIMEOUT,
            )
            return False

    def _end(self) -> asyncio.Task[str]:
        if self.stopping is None:
            self.stopping = asyncio.ensure_future(self._stop())
        return self.stopping

    async def stop(self) -> None:
        """End the session's app process (and wait until it is gone), once however often called.

        Not cancelled with its caller: a session's slot is held until its process is gone.
        """
        await asyncio.shield(self._end())

    async def _stop(self) -> str:
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        how = "quit"
        process = self._process
        if process is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), timeout=1)
            how = await end_process(process)
            if how != "quit":
                log.warning("session %s: its app did not quit; %s", self.session_id, how)
        if self._task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._task, timeout=5)
            self._task = None
        return how  # the watchdog ends by itself once the process is gone

    async def run(self) -> None:
        """Carry the app's output to the browser until it ends (textual-serve's `run`, quieter).

        The app's error output becomes one line of the log (all of it when debugging);
        "failed to start" is said only of an app that ended before it started.
        """
        process = self._process
        assert process is not None and process.stdout is not None and process.stderr is not None
        stdout, errors = process.stdout, bytearray()
        stderr_task = asyncio.ensure_future(_read_tail(process.stderr, errors))
        ready = False
        try:
            for _ in range(10):
                line = await stdout.readline()
                if not line or line == READY:
                    ready = line == READY
                    break
            if ready:
                await self._carry(stdout)
        except ConnectionResetError:  # its tab is gone: what the app still draws goes nowhere
            await _read_tail(stdout, bytearray())  # (unread, its end would never be seen)
        except (asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(stderr_task, timeout=2)
            stderr_task.cancel()
        if not ready and self.stopping is None:
            log.error("session %s: the app failed to start", self.session_id)
        self._report_errors(bytes(errors))
        if self.stopping is None:  # the app ended on its own: the page says the session ended
            with contextlib.suppress(Exception):
                await self.remote_close()

    async def _carry(self, stdout: asyncio.StreamReader) -> None:
        handlers = {b"D": self.on_data, b"M": self.on_meta, b"P": self.on_packed}
        while True:
            kind = await stdout.readexactly(1)
            size = int.from_bytes(await stdout.readexactly(4), "big")
            payload = await stdout.readexactly(size)
            handler = handlers.get(kind)
            if handler is not None:
                await handler(payload)

    def _report_errors(self, errors: bytes) -> None:
        text = errors.decode("utf-8", "replace").strip()
        if not text:
            return
        if debugging():
            sys.stdout.write(text + "\n")
            return
        last = error_line(text)[:200]
        log.warning(
            "session %s: its app reported an error: %s (COMPANION_DEBUG=1 shows all)",
            self.session_id,
            last,
        )


# The line of a traceback that names the exception ("ValueError: broken"): Python's and
# Rich's (Textual's) tracebacks both end with it, though Textual writes a note after it.
_EXCEPTION = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b.*$")


def error_line(text: str) -> str:
    """The line of an app's error output the log gives: the exception it ended by when a
    traceback names one (after it, Textual writes "NOTE: 1 of 2 errors shown..."), else
    its last line."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    named = [line for line in lines if _EXCEPTION.match(line)]
    return named[-1] if named else lines[-1]


def page_speech(meta: dict[str, Any]) -> dict[str, Any] | None:
    """What the page is told of a spoken-lines packet (only the known fields, bounded);
    None for a packet that is not one (an app is trusted, but the page gets plain data)."""
    action = meta.get("action")
    if action not in ACTIONS:
        return None
    if action == "stop":
        return {"action": "stop"}
    lines, cues, rate, lang = (meta.get(key) for key in ("lines", "cues", "rate", "lang"))
    if not isinstance(lines, list) or not isinstance(cues, list):
        return None
    return {
        "action": "say",
        "lines": [line[:MAX_LINE] for line in lines if isinstance(line, str)][:MAX_LINES],
        "cues": [cue for cue in cues if cue in CUES][:MAX_LINES],
        "rate": rate if isinstance(rate, int) and not isinstance(rate, bool) else None,
        "lang": lang[:35] if isinstance(lang, str) else "",
    }


async def _read_tail(stream: asyncio.StreamReader, kept: bytearray) -> None:
    """Read ``stream`` to its end, keeping its last :data:`ERROR_TAIL` bytes in ``kept``."""
    with contextlib.suppress(asyncio.CancelledError, ConnectionError):
        while data := await stream.read(4096):
            kept.extend(data)
            del kept[:-ERROR_TAIL]
