"""A short soak of the real `companion serve` from loopback (the long one:
benchmarks/bench_serve_soak.py): 4 sessions play steps on 4 saves while
abusive messages come beside them; the server answers throughout, every app
process is gone once its socket closes, and the log stays quiet. Untimed: how soon
a process goes and how fast the page is answered are the benchmark's figures (a
timed assertion fails on a loaded machine)."""

from __future__ import annotations

import pytest
from serve_soak import ABUSE, soak

from companion.web.forks import can_fork
from companion.web.processes import can_watch_memory

pytestmark = [
    pytest.mark.ui,
    pytest.mark.skipif(not can_watch_memory(), reason="reads app processes in /proc (Linux)"),
]

SESSIONS, TURNS = 4, 12


def test_four_sessions_and_abuse_beside_them(tmp_path):
    # A spare app process for each session, the abusive ones included; none left untaken.
    result = soak(tmp_path, sessions=SESSIONS, turns=TURNS, spares=SESSIONS + len(ABUSE))
    assert result.turns == {f"soak-{n}": TURNS for n in range(1, SESSIONS + 1)}, result.log
    assert len(result.memory) == SESSIONS and all(len(m) == 2 for m in result.memory.values())
    assert all(end <= 1.2 * at_10 for at_10, end in result.memory.values()), result.memory
    assert len(result.gone) == SESSIONS and all(result.gone), result.linger
    # Each app forked from the server's zygote (its imports), where the system allows it.
    assert result.forked == (SESSIONS if can_fork() else 0)
    assert result.pages > 0
    # The 1 MiB message closes its session (1009); the flood is closed as a policy matter (1008).
    assert result.abuse_closed[0] == 1009 and result.abuse_closed[2] == 1008, result.abuse_closed
    assert "Traceback" not in result.log and "failed to start" not in result.log
    assert "reported an error" not in result.log, result.log
    assert len(result.log.splitlines()) < 40, result.log
