"""`companion serve`: option parsing (with a stand-in server) and one real start on localhost."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from typing import ClassVar

import textual_serve.server
from click.testing import CliRunner

from companion.cli import main
from companion.cli.serve import app_command


class FakeServer:
    """Records how the command built the server instead of serving."""

    made: ClassVar[list] = []

    def __init__(self, command, host="localhost", port=8000, title=None, public_url=None, **kwargs):
        FakeServer.made.append({"command": command, "host": host, "port": port, "title": title})
        if public_url:
            FakeServer.made[-1]["public_url"] = public_url

    def serve(self, debug=False):
        FakeServer.made[-1]["served"] = True


def run(monkeypatch, *args):
    FakeServer.made = []
    monkeypatch.setattr(textual_serve.server, "Server", FakeServer)
    return CliRunner().invoke(main, ["serve", *args])


def test_serve_defaults_to_localhost_8000(monkeypatch):
    result = run(monkeypatch)
    assert result.exit_code == 0, result.output
    assert FakeServer.made == [
        {
            "command": app_command(),
            "host": "127.0.0.1",
            "port": 8000,
            "title": "companion",
            "served": True,
        }
    ]
    assert app_command().endswith(" -m companion")


def test_serve_host_and_port(monkeypatch):
    result = run(monkeypatch, "--host", "0.0.0.0", "--port", "8123")
    assert result.exit_code == 0, result.output
    assert FakeServer.made[0]["host"] == "0.0.0.0" and FakeServer.made[0]["port"] == 8123


def test_serve_public_url_given_or_guessed(monkeypatch):
    """A tablet must load the page's scripts from an address it can reach."""
    result = run(monkeypatch, "--host", "0.0.0.0", "--public-url", "http://10.1.2.3:8000/")
    assert result.exit_code == 0, result.output
    assert FakeServer.made[0]["public_url"] == "http://10.1.2.3:8000"
    assert "Open http://10.1.2.3:8000" in result.output
    monkeypatch.setattr(socket, "gethostbyname", lambda name: "192.168.7.9")
    result = run(monkeypatch, "--host", "0.0.0.0", "--port", "8123")
    assert FakeServer.made[0]["public_url"] == "http://192.168.7.9:8123"
    monkeypatch.setattr(socket, "gethostbyname", lambda name: "127.0.1.1")
    result = run(monkeypatch, "--host", "0.0.0.0")
    assert "public_url" not in FakeServer.made[0]  # textual-serve's own http://HOST:PORT
    result = run(monkeypatch)
    assert "public_url" not in FakeServer.made[0]  # localhost: nothing to guess


def test_serve_rejects_a_bad_port(monkeypatch):
    result = run(monkeypatch, "--port", "70000")
    assert result.exit_code == 2 and FakeServer.made == []
    assert "70000" in result.output


def test_serve_really_serves_the_page():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ),
    )
    try:
        body = ""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as reply:
                    body = reply.read().decode()
                break
            except OSError:
                time.sleep(0.2)
        assert "companion" in body
    finally:
        process.terminate()
        process.wait(timeout=10)
