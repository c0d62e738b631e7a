"""The app processes of `companion serve`: how much memory one uses, and how one is ended.

Each app process is started in a session of its own (its own process group),
so that ending it ends whatever it started too. Ending one is: ask it to quit
(the caller does, the way textual-serve does), wait :data:`QUIT_GRACE`; then
SIGTERM to its group, wait :data:`TERM_GRACE`; then SIGKILL. An app busy with
a flood of input does not read its "quit" and may not act on SIGTERM either:
SIGKILL always ends it, well within 10 seconds of its socket closing.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import weakref
from asyncio.subprocess import Process
from pathlib import Path
from typing import Final

QUIT_GRACE: Final = 2.0  # seconds an app has to quit when asked
TERM_GRACE: Final = 2.0  # seconds it has after SIGTERM, before SIGKILL
MIB: Final = 1024 * 1024
# A session's app process using more memory than this (resident) is ended. An app
# session uses about 100 MiB (docs/performance.md); this leaves room for any game.
DEFAULT_MEMORY_CEILING_MIB: Final = 512
WATCH_EVERY: Final = 1.0  # seconds between two looks at a process's memory
# Looks at an app's memory between two looks for what else is in its group (that look reads
# every process of the system: 6 ms among 100 processes, many times that on a desktop's);
# the looks between read the app and the members found last.
FIND_MEMBERS_EVERY: Final = 10


def _page_size() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not a POSIX system
        return 4096


PAGE_SIZE: Final = _page_size()


def resident_bytes(pid: int) -> int | None:
    """The resident memory of process ``pid`` in bytes (Linux's /proc); None if unknown."""
    try:
        fields = Path(f"/proc/{pid}/statm").read_text().split()
    except OSError:
        return None
    try:
        return int(fields[1]) * PAGE_SIZE
    except (IndexError, ValueError):
        return None


def _stat_fields(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the name (state, ppid, pgrp, ...); None if gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # "pid (name) state ppid pgrp ..."; the name may hold spaces and parentheses.
    return stat[stat.rfind(")") + 2 :].split()


def group_members(group: int) -> list[int]:
    """The process ids of every process in process group ``group``: a look at every
    process of the system (none if the system does not tell: no /proc)."""
    members = []
    try:
        entries = os.scandir("/proc")
    except OSError:
        return []
    with entries:
        for entry in entries:
            if not entry.name.isdigit():
                continue
            fields = _stat_fields(entry.name)
            if fields is not None and len(fields) > 21 and fields[2] == str(group):
                members.append(int(entry.name))
    return members


def members_resident_bytes(pids: list[int], group: int) -> int | None:
    """The resident memory of those of ``pids`` still in process group ``group``, in bytes;
    None if none is (or the system does not tell)."""
    total, seen = 0, False
    for pid in dict.fromkeys(pids):
        fields = _stat_fields(pid)
        if fields is not None and len(fields) > 21 and fields[2] == str(group):
            seen = True
            total += int(fields[21]) * PAGE_SIZE
    return total if seen else None


def group_resident_bytes(group: int) -> int | None:
    """The resident memory of every process in process group ``group``, in bytes.

    An app session's group is its app and whatever it started (a shell that did
    not hand over to the app, say). None if the system does not tell (no /proc).
    """
    return members_resident_bytes(group_members(group), group)


def can_watch_memory() -> bool:
    """Whether this system tells the memory of a process (Linux: /proc)."""
    return resident_bytes(os.getpid()) is not None


def _signal_group(process: Process, number: int) -> None:
    """Send ``number`` to the process's group (its own session), else to the process."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        try:
            os.killpg(process.pid, number)
        except (ProcessLookupError, PermissionError):
            process.send_signal(number)


async def _gone_within(process: Process, seconds: float) -> bool:
    try:
        await asyncio.wait_for(asyncio.shield(process.wait()), timeout=seconds)
    except TimeoutError:
        return False
    return True


async def end_process(process: Process) -> str:
    """End ``process`` (already asked to quit): wait, SIGTERM, wait, SIGKILL; how it ended.

    Returns "quit", "terminated" or "killed". Whatever else the process started
    in its group gets the same signals.
    """
    if process.returncode is None and await _gone_within(process, QUIT_GRACE):
        _signal_group(process, signal.SIGKILL)  # anything it left behind in its group
        return "quit"
    if process.returncode is not None:
        return "quit"
    _signal_group(process, signal.SIGTERM)
    if await _gone_within(process, TERM_GRACE):
        _signal_group(process, signal.SIGKILL)
        return "terminated"
    _signal_group(process, signal.SIGKILL)
    await process.wait()
    return "killed"


# Every app process started, while it is referenced (see close_pipes).
STARTED: weakref.WeakSet[Process] = weakref.WeakSet()


def started(process: Process) -> Process:
    """``process``, noted as started (its pipes are closed with the server's loop)."""
    STARTED.add(process)
    return process


def close_pipes() -> None:
    """Close the pipes of every app process started (ended by now): left to the garbage
    collector, they are closed after the server's event loop, each with a traceback."""
    for process in list(STARTED):
        transport = getattr(process, "_transport", None)  # asyncio's, not public
        if transport is not None:
            transport.close()


async def hurry(processes: list[Process], grace: float) -> None:
    """End ``processes`` now (the server is stopping): SIGTERM to each group, ``grace``
    seconds, then SIGKILL to what is left; waits until they are gone."""
    living = [process for process in processes if process.returncode is None]
    for process in living:
        _signal_group(process, signal.SIGTERM)
    if living:
        await asyncio.wait([asyncio.ensure_future(p.wait()) for p in living], timeout=grace)
    for process in living:
        _signal_group(process, signal.SIGKILL)
    for process in living:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), timeout=grace)


async def watch_memory(process: Process, ceiling: int, every: float = WATCH_EVERY) -> int:
    """Wait until ``process`` and its group use more than ``ceiling`` bytes; how much then.

    Runs as long as the process does (0 when it has ended). The group's other members are
    looked for every :data:`FIND_MEMBERS_EVERY` looks (the process itself at every look).
    """
    members: list[int] = []
    looks = 0
    while process.returncode is None:
        if looks % FIND_MEMBERS_EVERY == 0:
            members = group_members(process.pid)
        looks += 1
        used = members_resident_bytes([process.pid, *members], process.pid)
        if used is not None and used > ceiling:
            return used
        await asyncio.sleep(every)
    return 0
