"""The memory watch of `companion serve`'s app processes: what it reads of /proc, and how often.

A session's app runs in a process group of its own; the watch adds up the resident memory
of the group (the app and whatever it started). Looking for the group's members reads every
process of the system, so it is done once every ``FIND_MEMBERS_EVERY`` looks; the looks
between read the app and the members found last.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
from pathlib import Path

import pytest

import companion.web.processes as processes

pytestmark = pytest.mark.skipif(
    not processes.can_watch_memory(), reason="reads app processes in /proc (Linux)"
)


def state_of(pid: int) -> str:
    """The state letter of process ``pid`` (T: stopped)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat[stat.rfind(")") + 2]


def test_a_group_is_its_leader_and_what_it_started():
    shell = subprocess.Popen(["sh", "-c", "sleep 30 & sleep 30; wait"], start_new_session=True)
    try:
        for _ in range(200):  # the shell starts its two children (each has its memory
            # once it runs sleep: a child between fork and exec may show none)
            members = processes.group_members(shell.pid)
            each = [processes.members_resident_bytes([pid], shell.pid) for pid in members]
            if len(members) == 3 and all(each):
                break
            subprocess.run(["sleep", "0.05"], check=True)
        assert shell.pid in members and len(members) == 3, members
        # Stopped, the group's memory holds still between the reads compared below (the
        # shell, running on to its `wait`, grew by a few pages between two reads once).
        processes.os.killpg(shell.pid, signal.SIGSTOP)
        for _ in range(200):
            if all(state_of(pid) == "T" for pid in members):
                break
            subprocess.run(["sleep", "0.05"], check=True)
        each = [processes.members_resident_bytes([pid], shell.pid) for pid in members]
        assert all(size and size > 0 for size in each), each
        used = processes.members_resident_bytes(members, shell.pid)
        assert used == sum(size for size in each if size)
        assert processes.group_resident_bytes(shell.pid) == used
        # A pid not (or no longer) in the group counts nothing.
        assert processes.members_resident_bytes([1], shell.pid) is None
    finally:
        processes.os.killpg(shell.pid, 9)
        shell.wait()
    assert processes.members_resident_bytes([shell.pid], shell.pid) is None  # gone


def test_the_watch_looks_for_members_once_every_few_looks(monkeypatch):
    found = []
    group_members, reads = processes.group_members, processes.members_resident_bytes

    def counted(group: int) -> list[int]:
        found.append(group)
        return group_members(group)

    monkeypatch.setattr(processes, "group_members", counted)

    async def watch(ceiling: int) -> tuple[int, float]:
        process = await asyncio.create_subprocess_exec("sleep", "1", start_new_session=True)
        looks = 0

        def read(pids: list[int], group: int) -> int | None:
            nonlocal looks
            looks += 1
            assert pids[0] == process.pid  # the app itself at every look
            return reads(pids, group)

        monkeypatch.setattr(processes, "members_resident_bytes", read)
        used = await processes.watch_memory(process, ceiling, every=0.01)
        await process.wait()
        return used, looks

    used, looks = asyncio.run(watch(ceiling=1 << 40))
    assert used == 0 and looks >= 20  # ran until the process ended
    assert len(found) == -(-looks // processes.FIND_MEMBERS_EVERY), (len(found), looks)
    found.clear()
    used, looks = asyncio.run(watch(ceiling=0))  # over it at the first look
    assert used > 0 and looks == 1 and len(found) == 1
