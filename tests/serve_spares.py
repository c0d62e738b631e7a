"""`companion serve` as a player starts it, with at most N spare app processes in all.

``python serve_spares.py N ARGS...`` runs `companion serve ARGS...` (the same command, the
same options), except that its pool of spare app processes (`companion.web.sessions.SparePool`)
starts no more than N in all: the real-browser tests that open N app sessions use N spares,
each taken by a page as a player's would be, and none is started that no page takes (the
spare started after the last session's, only for a next tab that never comes, cost a whole
app's start: about 0.35 s of CPU in each test). How spares are kept and handed over is the
ui tier's (tests/ui/test_serve*.py), with the pool as `companion serve` makes it.
"""

from __future__ import annotations

import sys


def cap_spares(limit: int) -> None:
    """Let every `SparePool` of this process start at most ``limit`` spares in all."""
    from companion.web.sessions import SparePool

    refill = SparePool.refill
    started = 0

    def capped(pool: SparePool, environment: dict[str, str]) -> None:
        nonlocal started
        if pool.closed or pool.spare is not None or pool.starting is not None:
            return
        if started >= limit:
            return
        started += 1
        refill(pool, environment)

    SparePool.refill = capped  # type: ignore[method-assign]


def main() -> None:
    """`companion serve` with the arguments after N, its spares capped at N."""
    cap_spares(int(sys.argv[1]))
    from companion.cli import main as companion

    companion(args=["serve", *sys.argv[2:]], prog_name="companion")


if __name__ == "__main__":
    main()
