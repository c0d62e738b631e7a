"""A soak of `companion serve` from loopback: sessions playing many steps, abuse beside them.

Starts the real `companion serve` on 127.0.0.1 with N Ephios quick-game saves in
an empty data folder, opens one websocket per save (with the page's own
Origin, as the page does), opens its save from the home screen and plays
TURNS steps ("n": next player; each one written to the save), while another
client sends the abusive messages (the 1 MiB message, malformed ones, a
flood) and a third asks for the page every half second. Measured: each app
process's memory at step 10 and at the last step, the slowest page answer,
how long each app process lives on after its socket closes, and the log.

Used by tests/ui/test_serve_soak.py (short) and benchmarks/bench_serve_soak.py (long).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from companion.core.session import revision_of
from companion.web.processes import resident_bytes

FIXTURE = Path(__file__).parent / "fixtures" / "saves" / "ephios-quick.toml"
MIB = 1024 * 1024
# Seconds a wait of the soak gives up after: a hang guard, not a timing (how fast a slot is
# freed and an app process goes is what benchmarks/bench_serve_soak.py measures).
GUARD = 120
BAD = ["not json", "[]", '["stdin", 5]', '["resize", {"width": 100000, "height": 100000}]']
# The abusive sessions, one after another, each an app session of its own: the 1 MiB message,
# the bad ones, a flood of them.
ABUSE = (["stdin-1MiB"], BAD, BAD * 30)


@dataclass
class Soak:
    """What a soak measured."""

    turns: dict[str, int] = field(default_factory=dict)  # save -> steps written
    memory: dict[int, list[int]] = field(default_factory=dict)  # pid -> RSS at step 10, at end
    trace: dict[int, dict[int, int]] = field(default_factory=dict)  # pid -> step -> RSS
    linger: list[float] = field(default_factory=list)  # seconds from socket close to gone
    gone: list[bool] = field(default_factory=list)  # each app process gone after its close
    slowest_page: float = 0.0
    pages: int = 0
    abuse_closed: list[int | None] = field(default_factory=list)  # close codes
    forked: int = 0  # sessions whose app was forked from the server's zygote
    log: str = ""
    seconds: float = 0.0


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def app_pids(server: int) -> set[int]:
    """The app processes the server started, in sessions of their own: its children, and the
    children of its zygote (`companion.web.forks`: the spares forked from it), not the zygote."""
    parents: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                stat = Path(entry.path, "stat").read_text()
                parents[int(entry.name)] = int(stat[stat.rfind(")") + 2 :].split()[1])
    children = {pid for pid, parent in parents.items() if parent == server}
    zygotes = {pid for pid in children if is_zygote(pid)}
    forked = {pid for pid, parent in parents.items() if parent in zygotes}
    return (children - zygotes) | forked


def parent_of(pid: int) -> int:
    """The parent of process ``pid``."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat[stat.rfind(")") + 2 :].split()[1])


def is_zygote(pid: int) -> bool:
    """Whether process ``pid`` is a server's zygote (``companion.web.warm --fork FD``)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return b"companion.web.warm" in command and b"--fork" in command


def make_saves(data: Path, count: int) -> list[Path]:
    """``count`` quick-game saves, the first the newest (so the home list shows them in order)."""
    data.mkdir(parents=True, exist_ok=True)
    saves = []
    for n in range(1, count + 1):
        text = FIXTURE.read_text().replace(
            'updated = "2026-12-01T04:55:54+00:00"',
            f'updated = "2026-11-{30 - n:02d}T12:00:00+00:00"',
        )
        path = data / f"soak-{n}.toml"
        path.write_text(text)
        saves.append(path)
    return saves


# `companion serve` with its spare app processes capped (see serving).
SERVE_SPARES = Path(__file__).parent / "serve_spares.py"


@contextlib.contextmanager
def serving(
    data: Path, log: Path, sessions: int, spares: int | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`companion serve` on a free loopback port; yields its URL and process.

    ``spares``: the spare app processes it starts in all (tests/serve_spares.py), for a test
    that opens that many sessions; None: as many as `companion serve` starts (the soak).
    """
    port = free_port()
    env = {**os.environ, "COMPANION_DATA_DIR": str(data), "COMPANION_DOUBLE_PRESS": "0"}
    command = [sys.executable, "-m", "companion", "serve"]
    if spares is not None:
        command = [sys.executable, str(SERVE_SPARES), str(spares)]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                *command,
                "--port",
                str(port),
                "--max-sessions",
                str(sessions),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                with contextlib.suppress(OSError):
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                time.sleep(0.1)
            yield f"http://127.0.0.1:{port}", process
        finally:
            process.terminate()
            process.wait(timeout=30)


async def output_until(
    websocket: aiohttp.ClientWebSocketResponse, text: bytes, seconds: float
) -> None:
    """Read the app's output until ``text`` has come (the bytes of the screen it draws)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while text not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{text!r} did not come within {seconds} s")
        message = await websocket.receive(timeout=left)
        if message.type == aiohttp.WSMsgType.BINARY:
            seen = (seen + message.data)[-65536:]
        elif message.type != aiohttp.WSMsgType.TEXT:
            raise AssertionError(f"the session closed: {message}")


async def drain(websocket: aiohttp.ClientWebSocketResponse) -> None:
    """Read (and drop) the app's output, as the page does, until the socket closes."""
    with contextlib.suppress(Exception):
        async for _message in websocket:
            pass


def reading(websocket: aiohttp.ClientWebSocketResponse) -> asyncio.Future[None]:
    """Read the session's output from now until its socket closes, as a tab does.

    aiohttp answers the server's heartbeat pings only while the socket is read: a session
    left unread while the others open (each waits for a spare app process, slow on a busy
    machine) had no pong for the server's 15 s + 7.5 s and was closed by it.
    """
    return asyncio.ensure_future(drain(websocket))


async def open_session(
    client: aiohttp.ClientSession, url: str, save: Path, server: int, taken: set[int]
) -> tuple[aiohttp.ClientWebSocketResponse, int]:
    """A session on its home screen, and its app process (the spare it took).

    Waits first for the server's spare app process (the one of its app processes
    no session has taken yet): the new session takes that one.
    """
    deadline = time.monotonic() + 60
    while len(app_pids(server) - taken) != 1:
        assert time.monotonic() < deadline, "no spare app process came"
        await asyncio.sleep(0.1)
    [pid] = app_pids(server) - taken
    websocket = await client.ws_connect(f"{url}/ws?width=100&height=30", headers={"Origin": url})
    await output_until(websocket, save.stem.encode(), 60)
    taken.add(pid)
    return websocket, pid


async def play(
    websocket: aiohttp.ClientWebSocketResponse,
    index: int,
    save: Path,
    turns: int,
    pid: int,
    soak: Soak,
) -> None:
    """Open save number ``index`` from the home screen and play ``turns`` steps on it.

    The session's output is read meanwhile by the caller (`reading`).
    """
    for _ in range(index):
        await websocket.send_str(json.dumps(["stdin", "\x1b[B"]))  # down the resume list
    await websocket.send_str(json.dumps(["stdin", "\r"]))

    # The save is read (parsed whole) in a thread: read in the event loop, four sessions'
    # reads every few milliseconds kept it from reading the app's output and answering the
    # server's pings on a busy machine, and the server cut the tab off as a stalled one.
    async def revision() -> int:
        return await asyncio.to_thread(revision_of, save) or 0

    start = await revision()
    done = 0
    while done < turns:
        before = await revision()
        await websocket.send_str(json.dumps(["stdin", "n"]))
        deadline = time.monotonic() + 5
        while await revision() == before and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        done = await revision() - start
        if done in (min(10, turns), turns) and len(soak.memory.get(pid, [])) < 2:
            used = resident_bytes(pid)
            if used:
                soak.memory.setdefault(pid, []).append(used)
        if done % 25 == 0:
            soak.trace.setdefault(pid, {})[done] = resident_bytes(pid) or 0
    soak.turns[save.stem] = done


async def abuse(client: aiohttp.ClientSession, url: str, soak: Soak) -> None:
    """The abusive messages, each on a session of its own: the 1 MiB message, bad ones, a flood."""
    for messages in ABUSE:
        # A slot is free once the last abusive session's app process is gone.
        deadline = time.monotonic() + GUARD
        while (await client.get(f"{url}/")).status != 200:
            assert time.monotonic() < deadline, "the abusive session's slot was not freed"
            await asyncio.sleep(0.1)
        websocket = await client.ws_connect(f"{url}/ws", headers={"Origin": url})
        for text in messages:
            if websocket.closed:
                break
            payload = json.dumps(["stdin", "z" * 1048576]) if text == "stdin-1MiB" else text
            with contextlib.suppress(ConnectionError):
                await websocket.send_str(payload)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(drain(websocket), timeout=3)
        soak.abuse_closed.append(websocket.close_code)
        await websocket.close()


async def ask_pages(
    client: aiohttp.ClientSession, url: str, soak: Soak, stop: asyncio.Event
) -> None:
    """Ask for the page every half second; the slowest answer (a full server answers 503)."""
    while not stop.is_set():
        start = time.monotonic()
        async with client.get(f"{url}/") as reply:
            assert reply.status in (200, 503), reply.status
            await reply.read()
        soak.slowest_page = max(soak.slowest_page, time.monotonic() - start)
        soak.pages += 1
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


async def gone_after_close(
    websocket: aiohttp.ClientWebSocketResponse, pid: int
) -> tuple[float, bool]:
    """Close the session's socket; seconds until its app process is gone, and whether it
    went (within the hang guard)."""
    closed = time.monotonic()
    await websocket.close()
    while resident_bytes(pid) is not None and time.monotonic() - closed < GUARD:
        await asyncio.sleep(0.05)
    return time.monotonic() - closed, resident_bytes(pid) is None


def soak(folder: Path, sessions: int = 4, turns: int = 100, spares: int | None = None) -> Soak:
    """Run the soak in ``folder`` (its data and the server's log); what it measured.

    ``spares``: the spare app processes the server starts in all (``serving``); None: as
    many as `companion serve` starts, the last for a tab that never comes."""
    result = Soak()
    saves = make_saves(folder / "data", sessions)
    log = folder / "serve.log"
    started = time.monotonic()
    with serving(folder / "data", log, sessions + 1, spares) as (url, server):

        async def main() -> None:
            async with aiohttp.ClientSession() as client:
                stop = asyncio.Event()
                pages = asyncio.ensure_future(ask_pages(client, url, result, stop))
                taken: set[int] = set()
                opened, readers = [], []
                for save in saves:
                    websocket, pid = await open_session(client, url, save, server.pid, taken)
                    result.forked += parent_of(pid) != server.pid
                    readers.append(reading(websocket))  # until gone_after_close closes it
                    opened.append((websocket, pid))
                await asyncio.gather(
                    *(
                        play(websocket, index, save, turns, pid, result)
                        for index, (save, (websocket, pid)) in enumerate(
                            zip(saves, opened, strict=True)
                        )
                    ),
                    abuse(client, url, result),
                )
                for websocket, pid in opened:
                    seconds, gone = await gone_after_close(websocket, pid)
                    result.linger.append(seconds)
                    result.gone.append(gone)
                stop.set()
                await pages
                await asyncio.gather(*readers)

        try:
            asyncio.run(main())
        except (OSError, aiohttp.ClientError, AssertionError) as broken:
            # A session broken on the way: what the server said of it is the cause.
            said = log.read_text(errors="replace")
            raise AssertionError(f"{broken!r}; the server's log:\n{said}") from broken
    result.seconds = time.monotonic() - started
    result.log = log.read_text(errors="replace")
    shutil.rmtree(folder / "data", ignore_errors=True)
    return result
