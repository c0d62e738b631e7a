"""The run's key in a real browser: it opens the page, then leaves the address bar and
the history once the cookie is set; the restart link brings the cookie only.

The server is `companion serve`'s own (`CompanionServer`) with a key, listening on
127.0.0.1 only (loopback traffic; the key is given, not printed), its sessions played by
a stand-in app (tests/serve_stand_in.py).
"""

from __future__ import annotations

import contextlib
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import (
    TABLET,
    free_port,
    lane_tabs,
    need_browser,
    stop,
    until_listening,
)

KEY = "k3y-of-this-run-abcdefghijkl"
STAND_IN = Path(__file__).resolve().parents[1] / "serve_stand_in.py"
SERVER = (
    "import sys\n"
    "from companion.web.quick_import import import_aiohttp\n"
    "import_aiohttp()  # as `companion serve` does\n"
    "from companion.web.server import CompanionServer\n"
    "server = CompanionServer(sys.argv[1], host='127.0.0.1', port=int(sys.argv[2]),"
    " secret=sys.argv[3], max_sessions=8)\n"
    # Every session runs the stand-in, not a spare of the real app (each a whole app start).
    "server.spares.closed = True\n"
    "server.serve()\n"
)


@contextlib.contextmanager
def keyed_server(fed: Path) -> Iterator[str]:
    """A server that needs ``KEY``, on 127.0.0.1 at a free port; yields its base URL."""
    port = free_port()
    app = "exec " + shlex.join([sys.executable, str(STAND_IN), "record", str(fed)])
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, app, str(port), KEY],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        until_listening(port, process, "the keyed server")
        yield f"http://127.0.0.1:{port}"
    finally:
        assert stop(process)


@pytest.fixture
def tabs(browser):
    """The test's tabs in the lane's shared contexts (`browser_helpers.lane_context`: no
    cookie but the one this test sets and clears), closed when it ends."""
    with lane_tabs(browser) as tabs:
        yield tabs


@pytest.mark.takes(10)
def test_the_key_leaves_the_address_once_the_cookie_is_set(tabs, tmp_path):
    """Opened with ?key=: the cookie is set, then the address (and the history entry) lose
    the key and keep the rest; the restart link and a reload get in by the cookie alone;
    a browser without the cookie is still refused."""
    need_browser()
    with keyed_server(tmp_path / "fed") as base:
        # A tab of the lane's context (its renderer running already), its cookies cleared
        # when the test ends: a new context's renderer cost more than the rest of the test.
        page = tabs.page(TABLET)
        context = page.context
        try:
            check_the_key_leaves_the_address(page, base)
            context.clear_cookies()
            assert context.cookies() == []
            # A browser without the cookie (the lane's context now).
            refused = tabs.page(TABLET).goto(f"{base}/?fontsize=14")
            assert refused is not None and refused.status == 403
        finally:
            context.clear_cookies()


def check_the_key_leaves_the_address(page, base: str) -> None:
    """The page opened with the key: the cookie set, the key gone from the address and the
    history; the restart link and a reload get in by the cookie alone."""
    page.goto(f"{base}/?key={KEY}&fontsize=14")
    page.wait_for_function(
        "() => !new URL(window.location.href).searchParams.has('key')", timeout=15_000
    )
    assert page.url == f"{base}/?fontsize=14"
    page.go_back()  # the entry before is the blank tab's: none holds the key
    assert page.url == "about:blank"
    page.go_forward()
    assert page.url == f"{base}/?fontsize=14"
    cookies = page.context.cookies()
    assert [c["value"] for c in cookies if c["name"] == "companion_key"] == [KEY]
    assert page.evaluate("getStartUrl()") == "/?fontsize=14"
    with page.expect_navigation():
        page.evaluate("refresh()")
    assert KEY not in page.url
    assert page.locator("#terminal").count() == 1  # the app's page, not "a key is needed"
    page.reload()
    assert page.locator("#terminal").count() == 1
