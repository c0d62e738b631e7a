"""`companion serve`: options, the printed address/key/QR code, and the server's guards.

The guards are checked against the real aiohttp application (in process, a
stand-in app command); one test starts the real command. The real-browser
tests are in test_browser.py.
"""

from __future__ import annotations

import asyncio
import gc
import html
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from typing import ClassVar

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer
from click.testing import CliRunner
from tui_helpers import eventually

import companion.web.server as web_server
from companion.cli import main
from companion.cli.serve import app_command
from companion.core.catalog import pseudo
from companion.web import page_words
from companion.web.server import COOKIE, FONT, CompanionServer

# A stand-in app session: prints nothing and ends at the first thing it is sent
# (textual-serve's "quit"), so a test's session ends at once when it closes.
STAND_IN = f'{sys.executable} -c "import sys; sys.stdin.buffer.read(1)"'


class FakeServer:
    """Records how the command built the server instead of serving."""

    made: ClassVar[list] = []

    def __init__(self, command, **kwargs):
        FakeServer.made.append({"command": command, **kwargs})

    def serve(self, debug=False):
        FakeServer.made[-1]["served"] = True


def run(monkeypatch, *args):
    FakeServer.made = []
    monkeypatch.setattr(web_server, "CompanionServer", FakeServer)
    return CliRunner().invoke(main, ["serve", *args])


def test_serve_defaults_to_localhost_8000_without_a_key(monkeypatch):
    result = run(monkeypatch)
    assert result.exit_code == 0, result.output
    assert FakeServer.made == [
        {
            "command": app_command(),
            "host": "127.0.0.1",
            "port": 8000,
            "public_url": None,
            "secret": None,
            "max_sessions": 4,
            "memory_ceiling_mib": 512,
            "voice": False,
            "app_site": None,
            "served": True,
        }
    ]
    assert app_command().endswith(" -m companion")
    assert "open http://127.0.0.1:8000/ in the browser" in result.output
    assert "key=" not in result.output


def test_serve_host_and_port(monkeypatch):
    result = run(monkeypatch, "--host", "0.0.0.0", "--port", "8123", "--max-sessions", "2")
    assert result.exit_code == 0, result.output
    made = FakeServer.made[0]
    assert (made["host"], made["port"], made["max_sessions"]) == ("0.0.0.0", 8123, 2)


def test_serve_public_url_given_or_guessed(monkeypatch):
    """The address printed for a tablet: the one given, else this machine's on its network."""
    result = run(monkeypatch, "--host", "0.0.0.0", "--public-url", "http://10.1.2.3:8000/")
    assert result.exit_code == 0, result.output
    assert FakeServer.made[0]["public_url"] == "http://10.1.2.3:8000"
    assert "open http://10.1.2.3:8000/?key=" in result.output
    monkeypatch.setattr(socket, "gethostbyname", lambda name: "192.168.7.9")
    result = run(monkeypatch, "--host", "0.0.0.0", "--port", "8123")
    assert FakeServer.made[0]["public_url"] == "http://192.168.7.9:8123"
    monkeypatch.setattr(socket, "gethostbyname", lambda name: "127.0.1.1")
    result = run(monkeypatch, "--host", "0.0.0.0")
    assert FakeServer.made[0]["public_url"] is None
    assert "open http://127.0.0.1:8000/?key=" in result.output


def test_serving_beyond_localhost_needs_a_new_key_each_run_printed_with_a_qr_code(monkeypatch):
    keys = []
    for _ in range(2):
        result = run(monkeypatch, "--host", "0.0.0.0", "--public-url", "http://10.1.2.3:8000")
        assert result.exit_code == 0, result.output
        secret = FakeServer.made[0]["secret"]
        assert secret and len(secret) >= 20
        assert f"open http://10.1.2.3:8000/?key={secret} in the browser" in result.output
        # The QR code: rows of half blocks, as many as it is wide (give or take the half rows).
        rows = [line for line in result.output.splitlines() if set(line) <= set(" \xa0█▀▄")]
        assert len(rows) >= 10 and {"█", "▀", "▄"} & set("".join(rows))
        assert "Scan the code" in result.output
        keys.append(secret)
    assert keys[0] != keys[1]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]:8000", True),
        ("127.example.net", False),  # a name that reads like an address: it may point anywhere
        ("127.0.0.1.nip.io", False),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.20", False),
        ("LOCALHOST.example", False),
    ],
)
def test_loopback_is_decided_by_the_address_not_the_names_prefix(monkeypatch, host, loopback):
    """Only an address of the loopback network (or localhost) serves without a key."""
    from companion.web.server import is_loopback

    assert is_loopback(host) is loopback
    if ":" in host:
        return
    result = run(monkeypatch, "--host", host)
    assert result.exit_code == 0, result.output
    assert (FakeServer.made[0]["secret"] is None) is loopback
    assert ("?key=" in result.output) is not loopback


def test_the_qr_code_holds_the_url():
    import qrcode

    from companion.cli.serve import qr_text

    url = "http://10.1.2.3:8000/?key=abc"
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(url)
    code.make(fit=True)
    # 2 matrix rows per text line, plus the border.
    assert len(qr_text(url).splitlines()) == (len(code.get_matrix()) + 1) // 2


def test_serve_rejects_a_bad_port(monkeypatch):
    result = run(monkeypatch, "--port", "70000")
    assert result.exit_code == 2 and FakeServer.made == []
    assert "70000" in result.output


def test_serve_says_when_the_port_is_taken():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "companion", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=120,  # a hang guard: the command ends at once, slower only on a loaded machine
        )
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


# ----- the server's guards, in process --------------------------------------------------------


def child_processes() -> set[int]:
    """The processes this one started that are still there (a zombie until reaped)."""
    found: set[int] = set()
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/children", encoding="ascii") as children:
                found.update(int(pid) for pid in children.read().split())
        except FileNotFoundError:  # a thread that has just ended
            continue
    return found


def guarded(
    check, *, secret=None, max_sessions=4, public_url=None, app_site=None, host="127.0.0.1"
):
    """Run ``check(client, server)`` against the real application with a stand-in app command."""

    async def main_() -> None:
        server = CompanionServer(
            STAND_IN,
            host=host,
            public_url=public_url,
            secret=secret,
            max_sessions=max_sessions,
            app_site=app_site,
        )
        server.spares.closed = True  # no spare app process in these tests
        app = await server._make_app()
        before = child_processes()
        async with TestClient(TestServer(app, host="127.0.0.1")) as client:
            await check(client, server)
            # Let the stand-in sessions end (and their processes be reaped) before the loop does.
            await eventually(lambda: server.sessions == 0, "every session to end")
            await eventually(lambda: child_processes() <= before, "every app process reaped")
            await asyncio.sleep(0)  # the loop hears of the last one reaped

    asyncio.run(main_())
    gc.collect()  # the refused handshakes' leftovers, now rather than at a random later moment


def test_the_page_names_the_game_and_loads_nothing_from_elsewhere():
    async def check(client, server):
        reply = await client.get("/")
        assert reply.status == 200
        page = await reply.text()
        assert re.search(r"<title>[^<]*Euphoria[^<]*Ephios[^<]*</title>", page)
        assert 'name="viewport" content="width=device-width' in page
        assert not re.search(r"(https?:)?//[a-z]", page.replace("http://www.w3.org", ""))
        policy = reply.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "connect-src 'self'" in policy
        assets = re.findall(r'(?:href|src)="([^"]+)"', page)
        assert assets, page
        for path in assets:
            assert path.startswith("/"), path
            asset = await client.get(path)
            assert asset.status == 200, path
        css = await (await client.get("/static/css/xterm.css")).text()
        assert "@import" not in css and not re.search(r"url\(\s*['\"]?(https?:)?//", css)
        # The fonts: the package's own copies (static/fonts, with their licences): the
        # letters' and the symbols' (⏎ ≡ …, which Roboto Mono has not).
        fonts = set(re.findall(r'["(]([^"()]+\.(?:ttf|woff2?|otf))[")]', page))
        assert fonts == {
            "/companion/fonts/RobotoMono-VariableFont_wght.ttf",
            "/companion/fonts/CompanionSymbols.ttf",
        }, fonts
        for font in fonts:
            shipped = FONT.parent / font.rsplit("/", 1)[1]
            assert await (await client.get(font)).read() == shipped.read_bytes()

    guarded(check)


# The page's words only the phone build shows (a second tab, its offline copy).
PHONE_ONLY = (
    "loading",
    "closed",
    "other_tab",
    "other_gone",
    "take_over",
    "offline_ready",
    "download",
)


def test_the_page_says_its_own_words_in_the_servers_language(monkeypatch):
    """The page's buttons, lines and labels come from the catalog: in the pseudo-locale
    every one is the pseudo text and no English word of the page is left."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")

    async def check(client, server):
        page = await (await client.get("/")).text()
        assert '<html lang="en-XA">' in page
        for key, english in page_words.MESSAGES.items():
            if key in PHONE_ONLY:  # the phone build's own
                continue
            assert html.escape(pseudo(english)) in page, key
        shown = re.sub(r"<script.*?</script>|<style.*?</style>|<!--.*?-->", "", page, flags=re.S)
        shown = shown.replace(html.escape(web_server.TITLE), "")  # the games' names
        texts = re.findall(r">([^<]+)<", shown)
        labels = re.findall(r'(?:aria-label|title)="([^"]*)"', shown)
        for text in texts + labels:
            assert not re.search(r"[A-Za-z]{2,}", text) or "⟦" in text, text
        for english in page_words.MESSAGES.values():
            assert english not in shown, english

    guarded(check)


def shown_texts(page):
    """The texts and labels a page shows (not its scripts, styles or comments)."""
    shown = re.sub(r"<script.*?</script>|<style.*?</style>|<!--.*?-->", "", page, flags=re.S)
    texts = re.findall(r">([^<]+)<", shown)
    return [text for text in texts if text.strip()] + re.findall(
        r'(?:aria-label|title)="([^"]*)"', shown
    )


def test_the_message_pages_say_their_words_in_the_servers_language(monkeypatch):
    """Every session in use, the key missing, a name not this machine's: each page's title,
    line and "Try again" are the pseudo text in the pseudo-locale, no English word left."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    pages = []

    async def full(client, server):
        first = await client.ws_connect(
            "/ws", headers={"Origin": f"http://127.0.0.1:{client.port}"}
        )
        await eventually(lambda: server.sessions == 1, "the first session")
        reply = await client.get("/")
        assert reply.status == 503
        pages.append(await reply.text())
        await first.close()

    async def keyless(client, server):
        reply = await client.get("/")
        assert reply.status == 403
        pages.append(await reply.text())

    async def elsewhere(client, server):
        reply = await client.get("/", headers={"Host": "evil.example"})
        assert reply.status == 403
        pages.append(await reply.text())

    guarded(full, max_sessions=1)
    guarded(keyless, secret="s3cret")
    guarded(elsewhere)
    english = (
        "Every session is in use", "already open on", "Close it in another tab", "Try again",
        "A key is needed", "Open the address", "scan its QR code", "Not here", "Open this page",
    )  # fmt: skip
    for page in pages:
        assert '<html lang="en-XA">' in page
        assert html.escape(pseudo("Try again")) in page
        texts = shown_texts(page)
        assert len(texts) >= 4, texts  # the title twice, the line, the button
        for text in texts:
            assert "⟦" in text or not re.search(r"[A-Za-z]{2,}", text), text
        for words in english:
            assert words not in page, words
    # The commands, options and addresses in them are fields, as they are.
    assert "`companion serve --max-sessions`" in pages[0] and "?key=..." in pages[1]
    assert "http://127.0.0.1:" in pages[2]


def test_the_page_has_the_words_of_each_reason_the_server_closes_with(monkeypatch):
    """The server closes a session with a short reason id; the page holds each id's words
    in the server's language (its closed dialog shows them)."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")

    async def check(client, server):
        page = await (await client.get("/")).text()
        [data] = re.findall(
            r'<script type="application/json" id="close-reasons">(.*?)</script>', page, re.S
        )
        reasons = json.loads(data)
        assert set(reasons) == {"sessions-full", "memory", "refused-input", "stopped"}
        for reason, english in page_words.REASONS.items():
            assert reasons[reason] == pseudo(english), reason
            assert english not in page, reason
        assert "{n}" in reasons["sessions-full"]  # the page fills in the number of sessions

    guarded(check)


def test_a_stopping_server_closes_each_session_with_the_stopped_reason():
    async def check(client, server):
        own = {"Origin": f"http://127.0.0.1:{client.port}"}
        websocket = await client.ws_connect("/ws", headers=own)
        await eventually(lambda: server.open_websockets, "the session to open")
        stopping = asyncio.ensure_future(server.on_shutdown(client.app))
        message = await websocket.receive(timeout=10)
        assert message.type == aiohttp.WSMsgType.CLOSE
        assert websocket.close_code == 1001 and message.extra == "stopped"
        await stopping

    guarded(check)


def test_the_favicon():
    async def check(client, server):
        reply = await client.get("/favicon.ico")
        assert reply.status == 200 and reply.headers["Content-Type"] == "image/x-icon"
        assert (await reply.read())[:4] == b"\0\0\1\0"
        assert (await client.get("/companion/favicon.svg")).status == 200

    guarded(check)


def phone_build(folder):
    """A stand-in for `companion web build`'s DIR: its page, its worker, a folder."""
    (folder / "pyodide").mkdir(parents=True)
    (folder / "index.html").write_text("<title>the phone build</title>")
    (folder / "sw.js").write_text("// worker")
    (folder / "pyodide" / "pyodide.mjs").write_text("// runtime")
    return folder


def test_serve_app_takes_a_phone_build_and_prints_its_address_with_a_qr_code(monkeypatch, tmp_path):
    site = phone_build(tmp_path / "site")
    result = run(monkeypatch, "--app", str(site))
    assert result.exit_code == 0, result.output
    assert FakeServer.made[0]["app_site"] == site
    assert "open http://127.0.0.1:8000/app/ once" in result.output
    result = run(monkeypatch, "--app", str(site), "--host", "0.0.0.0", "--public-url", "http://h:1")
    secret = FakeServer.made[0]["secret"]
    assert f"http://h:1/app/?key={secret}" in result.output
    assert result.output.count("▀▀▀▀▀") >= 2  # a QR code for the page, one for the app
    # A folder that is not a build: one line, exit 2, nothing served.
    result = run(monkeypatch, "--app", str(tmp_path))
    assert result.exit_code == 2
    assert "web build" in result.output and FakeServer.made == []


def test_the_phone_build_is_served_at_app(tmp_path):
    site = phone_build(tmp_path / "site")

    async def check(client, server):
        moved = await client.get("/app", allow_redirects=False)
        assert moved.status == 302 and moved.headers["Location"] == "/app/"
        page = await client.get("/app/")
        assert page.status == 200 and "the phone build" in await page.text()
        assert await (await client.get("/app/sw.js")).text() == "// worker"
        assert (await client.get("/app/pyodide/pyodide.mjs")).status == 200
        assert (await client.get("/app/pyodide/")).status in (403, 404)

    guarded(check, app_site=site)

    async def without(client, server):
        assert (await client.get("/app/")).status == 404

    guarded(without)


def test_no_directory_listings():
    async def check(client, server):
        for path in ("/static/", "/static/js/", "/static/fonts", "/companion/", "/companion"):
            reply = await client.get(path)
            assert reply.status in (403, 404), path
            assert "textual.js" not in await reply.text() and "Index of" not in await reply.text()

    guarded(check)


def test_websockets_only_from_this_servers_own_page():
    async def check(client, server):
        for origin in ("http://evil.example", "http://127.0.0.1:1", "null"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect("/ws", headers={"Origin": origin})
            assert refused.value.status == 403
        own = f"http://127.0.0.1:{client.port}"
        websocket = await client.ws_connect("/ws", headers={"Origin": own})
        await websocket.close()

    guarded(check)


def test_only_this_machines_names_on_localhost():
    """A site whose name is re-pointed at 127.0.0.1 (DNS rebinding) gets nothing."""

    async def check(client, server):
        for host in ("evil.example", "evil.example:8000", "192.168.1.5:8000"):
            reply = await client.get("/", headers={"Host": host})
            assert reply.status == 403, host
        for host in (f"127.0.0.1:{client.port}", f"localhost:{client.port}", "table.local:80"):
            assert (await client.get("/", headers={"Host": host})).status == 200, host

    guarded(check, public_url="http://table.local")


def test_another_loopback_address_listened_on_is_one_of_this_machines_names():
    """`--host 127.0.0.2` serves without a key: its own address is accepted, no other."""

    async def check(client, server):
        assert (await client.get("/", headers={"Host": "127.0.0.2:8000"})).status == 200
        assert (await client.get("/", headers={"Host": "127.0.0.3:8000"})).status == 403

    guarded(check, host="127.0.0.2")


def test_a_full_server_says_so_on_the_page_and_on_the_websocket():
    async def check(client, server):
        own = {"Origin": f"http://127.0.0.1:{client.port}"}
        first = await client.ws_connect("/ws", headers=own)
        await eventually(lambda: server.sessions == 1, "the first session")
        page = await client.get("/")
        assert page.status == 503
        assert "Every session is in use" in await page.text()
        assert "--max-sessions" in await page.text()
        second = await client.ws_connect("/ws", headers=own)
        message = await second.receive()
        assert message.type == aiohttp.WSMsgType.CLOSE
        # A reason id, the page shows its words (test_the_page_has_the_words_of_each_reason).
        assert second.close_code == 1013 and message.extra == "sessions-full:1"
        await first.close()
        await eventually(lambda: server.sessions == 0, "the session to end")
        assert (await client.get("/")).status == 200

    guarded(check, max_sessions=1)


def test_beyond_localhost_the_key_is_needed_then_kept_in_a_cookie():
    async def check(client, server):
        for path in ("/", "/?key=wrong", "/static/js/textual.js", "/favicon.ico"):
            reply = await client.get(path)
            assert reply.status == 403, path
            assert "key" in await reply.text()
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await client.ws_connect("/ws", headers={"Origin": f"http://127.0.0.1:{client.port}"})
        reply = await client.get("/?key=s3cret-of-this-run")
        assert reply.status == 200
        cookie = reply.cookies[COOKIE]
        assert cookie.value == "s3cret-of-this-run" and cookie["httponly"]
        assert cookie["samesite"] == "Strict"
        assert reply.headers["Referrer-Policy"] == "no-referrer"
        # The page's own requests bring the cookie (the client keeps it).
        assert (await client.get("/static/js/textual.js")).status == 200
        websocket = await client.ws_connect(
            "/ws", headers={"Origin": f"http://127.0.0.1:{client.port}"}
        )
        await websocket.close()
        # Any host name: the key is the guard (a phone uses this machine's address).
        reply = await client.get("/favicon.ico", headers={"Host": "192.168.1.5:8000"})
        assert reply.status == 200

    guarded(check, secret="s3cret-of-this-run")


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
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as reply:
                    body = reply.read().decode()
                break
            except OSError:
                time.sleep(0.2)
        assert "Euphoria" in body
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_websocket_from_another_page_is_refused_in_the_servers_language(monkeypatch):
    """The plain-text refusal (read by no player in a browser, but by whoever tries it by
    hand) is the catalog's message in the server's language."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")

    async def foreign(client, server):
        reply = await client.get("/ws", headers={"Origin": "http://evil.example"})
        assert reply.status == 403
        assert await reply.text() == pseudo(page_words.SOCKET_REFUSED) + "\n"

    guarded(foreign)
