"""Spare app processes forked from one zygote (companion/web/forks.py): each a session of its
own on the server's pipes, with the environment sent, watched and ended by the server
though it is not the server's child; and `companion serve`'s pool forks its spares after the
first, or starts each as a new Python when it cannot fork."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import pytest
from serve_soak import parent_of

from companion.web import forks
from companion.web.forks import Zygote
from companion.web.sessions import SparePool

pytestmark = pytest.mark.skipif(not forks.can_fork(), reason="forks need Linux's pidfd")

# A zygote that imports no app: each forked spare reads a line and answers with what it is.
STAND_IN = (
    sys.executable,
    "-c",
    "import os, sys\n"
    "from companion.web.forks import serve_forks\n"
    "serve_forks(int(sys.argv[1]))\n"
    "line = sys.stdin.readline().strip()\n"
    "print(line, os.environ.get('SPARE'), os.getpgid(0) == os.getpid(), flush=True)\n"
    "print('to the errors', file=sys.stderr, flush=True)\n"
    "if line == 'wait':\n"
    "    sys.stdin.readline()\n",
)


def test_forked_spares_run_on_the_servers_pipes_each_in_a_session_of_its_own():
    async def main() -> None:
        zygote = Zygote(STAND_IN)
        environment = {**os.environ, "SPARE": "first"}
        first = await zygote.spawn(environment)
        second = await zygote.spawn({**environment, "SPARE": "second"})
        assert zygote.process is not None
        assert first.pid != second.pid
        assert parent_of(first.pid) == parent_of(second.pid) == zygote.process.pid
        assert first.returncode is None
        for process, name in ((first, "first"), (second, "second")):
            assert process.stdin is not None and process.stdout is not None
            assert process.stderr is not None
            process.stdin.write(b"hello\n")
            await process.stdin.drain()
            assert await process.stdout.readline() == f"hello {name} True\n".encode()
            assert await process.stderr.readline() == b"to the errors\n"
            assert await asyncio.wait_for(process.wait(), 30) == 0
            assert process.returncode == 0
        # One that waits is ended by the server's signal, as a session's app is.
        third = await zygote.spawn(environment)
        assert third.stdin is not None and third.stdout is not None
        third.stdin.write(b"wait\n")
        await third.stdin.drain()
        assert await third.stdout.readline() == b"wait first True\n"
        third.kill()
        assert await asyncio.wait_for(third.wait(), 30) == -signal.SIGKILL
        with pytest.raises(ProcessLookupError):
            third.send_signal(signal.SIGTERM)
        for process in (first, second, third):
            process._transport.close()  # type: ignore[attr-defined]
        zygote_process = zygote.process
        await zygote.close()
        assert zygote_process.returncode == 0  # the socket closed: it ended by itself

    asyncio.run(main())


def test_the_pool_forks_its_spares_from_one_zygote_and_starts_them_without_it():
    """`companion serve`'s pool: the usual command forks; a zygote that cannot answer (here
    one that ends at once) leaves the pool starting each spare as a new Python."""

    async def take(pool: SparePool) -> asyncio.subprocess.Process:
        pool.refill(dict(os.environ))
        while pool.starting is not None:
            await asyncio.sleep(0.01)
        spare = pool.take()
        assert spare is not None
        return spare

    async def main() -> None:
        assert SparePool().zygote is not None  # the usual command forks where it can
        assert SparePool(command=(sys.executable, "-c", "pass")).zygote is None
        # The spare started waits for a line: ended, it would be reaped at once, and its
        # parent could no longer be read (under load, before the test read it).
        started_command = "import sys; print('started', flush=True); sys.stdin.readline()"
        pool = SparePool(command=(sys.executable, "-c", started_command), forking=True)
        pool.zygote = Zygote(STAND_IN)
        forked = await take(pool)
        assert pool.zygote is not None and pool.zygote.process is not None
        assert parent_of(forked.pid) == pool.zygote.process.pid
        assert forked.stdin is not None
        forked.stdin.write(b"x\n")
        await forked.stdin.drain()
        await forked.wait()

        pool.zygote = Zygote((sys.executable, "-c", "pass"))  # ends without answering
        started = await take(pool)
        assert pool.zygote is None
        assert parent_of(started.pid) == os.getpid()
        assert started.stdout is not None and started.stdin is not None
        assert await started.stdout.readline() == b"started\n"
        started.stdin.write(b"\n")
        await started.stdin.drain()
        await started.wait()
        await pool.close()

    asyncio.run(main())
