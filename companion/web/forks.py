"""Spare app processes forked from one Python that has imported the app (`companion serve`).

A spare started as a new Python imports Python, Textual and the app's screens before its
first frame (about 0.45 s of CPU, most of a session's start). `Zygote` starts one such
Python (`companion.web.warm --fork FD`, its imports done once) and asks it for each spare:
the server makes the spare's three pipes and sends their other ends over a socket; the
zygote forks, the child takes the pipes as its standard input and outputs, the
environment sent, and a session of its own, and waits for its size as a spare does
(`companion.web.warm`). A spare after the first costs a fork, not a start.

A forked spare is the zygote's child, not the server's: the server watches it through a
process file descriptor (Linux's pidfd: readable once the process has ended) and signals
it by its id; the zygote reaps its children. `ForkedTransport` makes such a
process an `asyncio.subprocess.Process` for the rest of the server (its pipes, `wait`,
`returncode`, `kill`). Its exit status is not the server's to read: `returncode` is 0 once
it has ended (its negative signal if the server killed it).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import signal
import socket
import sys
from asyncio.subprocess import Process
from collections.abc import Callable
from functools import cache
from typing import Any

ZYGOTE_COMMAND = (sys.executable, "-m", "companion.web.warm", "--fork")
READ_LIMIT = 2**16  # asyncio's own for a subprocess's pipes
MAX_REQUEST = 1 << 20  # bytes of one request (the spare's environment)


@cache
def can_fork() -> bool:
    """Whether this system can watch a process that is not a child (Linux's pidfd, since
    5.3) and pass pipes over a socket: otherwise every spare is a new Python."""
    if sys.platform != "linux" or not hasattr(socket, "send_fds"):
        return False
    try:
        os.close(os.pidfd_open(os.getpid()))
    except (AttributeError, OSError):  # an older kernel
        return False
    return True


class ForkedTransport(asyncio.SubprocessTransport):
    """The transport of a forked spare: its pipes' transports, its end seen through a pidfd."""

    def __init__(
        self, pid: int, pipes: list[asyncio.BaseTransport], loop: asyncio.AbstractEventLoop
    ) -> None:
        super().__init__()
        self.pid = pid
        self.pipes = pipes
        self.loop = loop
        self.returncode: int | None = None
        self.killed_by: int | None = None
        self.waiters: list[asyncio.Future[int]] = []
        self.closed = False
        self.pidfd: int | None = None
        try:
            self.pidfd = os.pidfd_open(pid)
        except OSError:  # gone already (and reaped)
            self._ended()
        else:
            loop.add_reader(self.pidfd, self._ended)

    def _ended(self) -> None:
        if self.pidfd is not None:
            self.loop.remove_reader(self.pidfd)
            os.close(self.pidfd)
            self.pidfd = None
        if self.returncode is None:
            self.returncode = -self.killed_by if self.killed_by else 0
        for waiter in self.waiters:
            if not waiter.done():
                waiter.set_result(self.returncode)
        self.waiters.clear()

    def get_pid(self) -> int:
        """The spare's process id."""
        return self.pid

    def get_returncode(self) -> int | None:
        """None while it runs; once ended, 0 (or minus the signal the server killed it by)."""
        return self.returncode

    def get_pipe_transport(self, fd: int) -> Any:
        """The transport of its standard input (0), output (1) or error output (2)."""
        return self.pipes[fd] if 0 <= fd < len(self.pipes) else None

    async def _wait(self) -> int:
        if self.returncode is not None:
            return self.returncode
        waiter: asyncio.Future[int] = self.loop.create_future()
        self.waiters.append(waiter)
        return await waiter

    def send_signal(self, signal: int) -> None:
        """Send ``signal`` to the spare (ProcessLookupError once it has ended)."""
        if self.returncode is not None:
            raise ProcessLookupError
        if signal == _KILL:
            self.killed_by = signal
        os.kill(self.pid, signal)

    def terminate(self) -> None:
        """SIGTERM to the spare."""
        self.send_signal(_TERM)

    def kill(self) -> None:
        """SIGKILL to the spare."""
        self.send_signal(_KILL)

    def close(self) -> None:
        """Close its pipes and stop watching it."""
        self.closed = True
        for pipe in self.pipes:
            pipe.close()
        if self.pidfd is not None:
            self.loop.remove_reader(self.pidfd)
            os.close(self.pidfd)
            self.pidfd = None

    def is_closing(self) -> bool:
        """Whether `close` was called."""
        return self.closed


_TERM, _KILL = signal.SIGTERM, signal.SIGKILL


def _reading_into(
    reader: asyncio.StreamReader, loop: asyncio.AbstractEventLoop
) -> Callable[[], asyncio.StreamReaderProtocol]:
    return lambda: asyncio.StreamReaderProtocol(reader, loop=loop)


async def _process_on(pid: int, fds: list[int]) -> Process:
    """An asyncio `Process` for the forked spare ``pid`` on the pipe ends ``fds`` (in, out, err).

    asyncio's, not public (check at an upgrade of Python): `Process(transport, protocol,
    loop)` takes its streams from the protocol's ``stdin``, ``stdout`` and ``stderr`` and
    asks the transport for the rest; a pipe's writer is a `FlowControlMixin`'s, as
    `asyncio.subprocess` makes it.
    """
    loop = asyncio.get_running_loop()
    writer_transport, writer_protocol = await loop.connect_write_pipe(
        asyncio.streams.FlowControlMixin, os.fdopen(fds[0], "wb", 0)
    )
    stdin = asyncio.StreamWriter(writer_transport, writer_protocol, None, loop)
    readers: list[asyncio.StreamReader] = []
    transports: list[asyncio.BaseTransport] = [writer_transport]
    for fd in fds[1:]:
        reader = asyncio.StreamReader(limit=READ_LIMIT, loop=loop)
        transport, _ = await loop.connect_read_pipe(
            _reading_into(reader, loop), os.fdopen(fd, "rb", 0)
        )
        readers.append(reader)
        transports.append(transport)

    class Streams:  # what `Process` takes from its protocol
        pass

    streams = Streams()
    streams.stdin, streams.stdout, streams.stderr = stdin, readers[0], readers[1]  # type: ignore[attr-defined]
    return Process(ForkedTransport(pid, transports, loop), streams, loop)  # type: ignore[arg-type]


class Zygote:
    """The Python that forks the spares (started at the first), and the socket to it."""

    def __init__(self, command: tuple[str, ...] = ZYGOTE_COMMAND) -> None:
        self.command = command
        self.process: Process | None = None
        self.channel: socket.socket | None = None

    async def _ensure(self, environment: dict[str, str]) -> socket.socket:
        if self.channel is not None:
            return self.channel
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self.command,
                str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
                env=environment,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,
            )
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self.channel = ours
        return ours

    async def spawn(self, environment: dict[str, str]) -> Process:
        """A new spare, forked with ``environment`` (the zygote started at the first call)."""
        channel = await self._ensure(environment)
        pipes = [os.pipe() for _ in range(3)]
        theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
        ours = [pipes[0][1], pipes[1][0], pipes[2][0]]
        try:
            socket.send_fds(channel, [json.dumps(environment).encode()], theirs)
            reply = await asyncio.get_running_loop().sock_recv(channel, 64)
        except BaseException:
            for fd in ours:
                os.close(fd)
            raise
        finally:
            for fd in theirs:
                os.close(fd)
        if not reply.isdigit():
            for fd in ours:
                os.close(fd)
            raise ConnectionError("the zygote ended")
        return await _process_on(int(reply), ours)

    async def close(self) -> None:
        """End the zygote (its socket closed, it ends; killed if it does not within 5 s)."""
        if self.channel is not None:
            self.channel.close()
            self.channel = None
        process, self.process = self.process, None
        if process is None:
            return
        try:
            await asyncio.wait_for(process.wait(), timeout=5)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


def serve_forks(fd: int) -> None:
    """The zygote's loop (in `companion.web.warm`, its imports done): fork a spare for each
    request on the socket ``fd``; returns only in a forked spare, set up as one. Ends the
    process when the server closes the socket (or is gone)."""
    channel = socket.socket(fileno=fd)
    # Reaped here as they end (their CPU counted in this process's children's, as a child's
    # is when waited for); the server has seen their end through its pidfd already.
    signal.signal(signal.SIGCHLD, _reap)
    gc.collect()
    gc.freeze()  # what the imports made: never walked again, so its pages stay shared
    while True:
        try:
            data, fds, _flags, _address = socket.recv_fds(channel, MAX_REQUEST, 3)
        except OSError:
            data, fds = b"", []
        if not data or len(fds) != 3:
            sys.exit(0)
        pid = os.fork()
        if pid == 0:
            channel.close()
            _become_spare(fds, json.loads(data))
            return
        for received in fds:
            os.close(received)
        channel.send(str(pid).encode())


def _reap(_signal: int, _frame: object) -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def _become_spare(fds: list[int], environment: dict[str, str]) -> None:
    """In the forked child: the pipes as its standard input and outputs, its own session,
    the environment sent, the zygote's signal handling undone."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    os.setsid()
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    os.environ.clear()
    os.environ.update(environment)
