"""The page's terminal client with rows a finger can hit: textual.js with its line height
read from the page (``companion.web.client``), served by `companion serve` and written by the
phone build; another textual.js is served as it is, with one line in the log."""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
import subprocess
import sys

import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion.web import client
from companion.web.server import TEXTUAL_STATIC, CompanionServer

STAND_IN = f'{sys.executable} -c "import sys; sys.stdin.buffer.read(1)"'


def served_script() -> tuple[int, str]:
    """What `companion serve` answers for textual.js: its status and text."""

    async def main() -> tuple[int, str]:
        server = CompanionServer(STAND_IN, host="127.0.0.1")
        server.spares.closed = True
        async with TestClient(TestServer(await server._make_app(), host="127.0.0.1")) as http:
            reply = await http.get("/static/js/textual.js")
            return reply.status, await reply.text()

    return asyncio.run(main())


def test_serve_gives_the_page_a_client_that_reads_the_line_height():
    status, script = served_script()
    assert status == 200
    assert client.WITH_LINE_HEIGHT in script and client.OPTIONS not in script
    original = (TEXTUAL_STATIC / "js" / "textual.js").read_text(encoding="utf-8")
    assert script == original.replace(client.OPTIONS, client.WITH_LINE_HEIGHT)


def test_a_textual_js_it_does_not_know_is_refused_and_served_as_it_is(monkeypatch, caplog):
    with pytest.raises(client.ClientError, match=r"textual\.js"):
        client.with_line_height("new Terminal({fontSize:size})")

    def unknown(static):
        raise client.ClientError("textual.js: not the one known")

    monkeypatch.setattr(client, "textual_js", unknown)
    with caplog.at_level(logging.WARNING):
        status, script = served_script()
    assert status == 200 and client.OPTIONS in script  # the page still works, rows as before
    assert "not the one known" in caplog.text


# What `companion serve`'s process imports before it listens, in a fresh interpreter.
SERVER_IMPORTS = """
import json, ssl, sys
from companion.web.quick_import import import_aiohttp
import_aiohttp()
import companion.cli.serve, companion.web.server
from aiohttp import connector
print(json.dumps({
    "textual": sorted(m for m in sys.modules if m.split(".")[0] == "textual"),
    "aiohttp_ca": connector._SSL_CONTEXT_VERIFIED.cert_store_stats()["x509_ca"],
    "ssl_as_before": [name for name in ("load_default_certs", "set_default_verify_paths")
                      if name in vars(ssl.SSLContext)],
    "later_ca": ssl.create_default_context().cert_store_stats()["x509_ca"],
}))
"""


def test_the_server_starts_without_textual_nor_certificates():
    """`companion serve`'s own process imports no Textual (each app session runs it in its
    own process): importing Textual's app was half the CPU of the server's start. Nor does
    it load the machine's CA certificates for aiohttp's client contexts (the server makes no
    request; a tenth of its start): those hold none, and a context made later holds what
    this machine gives one (``ssl`` as it was)."""
    done = subprocess.run(
        [sys.executable, "-c", SERVER_IMPORTS], capture_output=True, text=True, check=True
    )
    imported = json.loads(done.stdout)
    assert imported["textual"] == [], imported
    assert imported["aiohttp_ca"] == 0, imported
    own = [name for name in ("load_default_certs", "set_default_verify_paths")
           if name in vars(ssl.SSLContext)]  # fmt: skip
    assert imported["ssl_as_before"] == own, imported
    expected = ssl.create_default_context().cert_store_stats()["x509_ca"]
    assert imported["later_ca"] == expected, imported
