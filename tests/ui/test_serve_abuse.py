"""`companion serve` under abuse, in process, from loopback: what a session may send and cost.

Each test runs the real aiohttp application with a stand-in app command
(tests/serve_stand_in.py) and checks what reaches the app, what the log says
(one line per refusal, no traceback) and that every app process is gone soon
after its socket closes, its session's slot held until then.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import shlex
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

import companion.web.processes as processes
from companion.web.limits import MAX_INPUT
from companion.web.server import LOGGED_REFUSALS, MAX_REFUSED, CompanionServer
from companion.web.sessions import error_line

STAND_IN = Path(__file__).resolve().parents[1] / "serve_stand_in.py"


def stand_in(*args: str) -> str:
    """The shell command of a stand-in app (see serve_stand_in.py), run in the shell's place."""
    return "exec " + shlex.join([sys.executable, str(STAND_IN), *args])


@pytest.fixture(autouse=True)
def short_graces(monkeypatch):
    """Shorter waits before SIGTERM and SIGKILL, so that the tests are quick (the order holds)."""
    monkeypatch.setattr(processes, "QUIT_GRACE", 0.5)
    monkeypatch.setattr(processes, "TERM_GRACE", 0.5)


def serving(check, command, **options):
    """Run ``await check(client, server, own)`` against the application serving ``command``."""

    async def main_() -> None:
        server = CompanionServer(command, **options)
        server.spares.closed = True  # every session starts the stand-in command
        app = await server._make_app()
        async with TestClient(TestServer(app, host="127.0.0.1")) as client:
            own = {"Origin": f"http://127.0.0.1:{client.port}"}
            await check(client, server, own)
            await until(lambda: server.sessions == 0, 15)

    asyncio.run(main_())
    gc.collect()


async def until(condition, seconds=10.0):
    """Wait until ``condition()`` holds (fail after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come"
        await asyncio.sleep(0.02)


async def started(server):
    """The one live session's app process, once it has started."""
    await until(lambda: len(server.live) == 1 and next(iter(server.live.values())).process)
    service = next(iter(server.live.values()))
    return service, service.process


def refusals(caplog):
    return [r for r in caplog.records if r.name == "companion.web" and "refused" in r.message]


def no_traceback(caplog):
    for record in caplog.records:
        assert record.exc_info is None, record.message
        assert "Traceback" not in record.getMessage()


def test_a_message_over_the_limit_closes_its_session_and_ends_its_app(tmp_path, caplog):
    """The 1 MiB message: refused before it is read whole; the app gets none of it and ends."""
    fed = tmp_path / "fed"

    async def check(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        _service, process = await started(server)
        await websocket.send_str(json.dumps(["stdin", "z" * 1048576]))
        message = await websocket.receive()
        assert message.type == aiohttp.WSMsgType.CLOSE and websocket.close_code == 1009
        await until(lambda: process.returncode is not None)
        await until(lambda: server.sessions == 0)

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(check, stand_in("record", str(fed)))
    assert not fed.exists() or fed.read_bytes() == b""
    assert [r.message for r in refusals(caplog)] == [
        next(r.message for r in refusals(caplog) if "over 64 KiB" in r.message)
    ]
    no_traceback(caplog)


def test_a_tab_that_answers_no_ping_is_closed_and_said_so_not_called_a_big_message(
    tmp_path, caplog
):
    """A tab gone quiet (a phone asleep, a dropped network) answers no heartbeat ping: its
    session ends and its app process with it, and the log says why in one line (aiohttp ends
    the messages with an error then, as for a message over the limit)."""

    async def check(client, server, own):
        server.heartbeat = 0.2  # the tab is silent from the start: pinged at 0.2 s
        websocket = await client.ws_connect("/ws", headers=own, autoping=False)
        _service, process = await started(server)
        await until(lambda: process.returncode is not None)
        await until(lambda: server.sessions == 0)
        await websocket.close()

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(check, stand_in("record", str(tmp_path / "fed")))
    said = [
        r.message for r in caplog.records if r.name == "companion.web" and "closed" in r.message
    ]
    assert said == [said[0]] and said[0].endswith(
        "closed: the tab did not answer a ping within 0.1 s"
    )
    assert refusals(caplog) == []
    no_traceback(caplog)


def test_a_paste_too_long_is_refused_whole_and_the_session_goes_on(tmp_path, caplog):
    fed = tmp_path / "fed"

    async def check(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        await started(server)
        await websocket.send_str(json.dumps(["stdin", "\x1b[200~" + "z" * MAX_INPUT + "\x1b[201~"]))
        await websocket.send_str(json.dumps(["stdin", "ok"]))
        await until(lambda: fed.exists() and fed.read_bytes() == b"ok")
        await websocket.close()

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(check, stand_in("record", str(fed)))
    assert fed.read_bytes() == b"ok"
    [line] = refusals(caplog)
    assert f"at most {MAX_INPUT}" in line.message and "session " in line.message


BAD = [
    "not json",
    "{}",
    "[]",
    "[1]",
    '["stdin", 5]',
    '["resize", 3]',
    '["resize", {"width": "x"}]',
    '["resize", {"width": 100000, "height": 100000}]',
    '["ping"]',
    '["stdin"]',
    "null",
]


def test_bad_messages_one_log_line_each_no_traceback_the_session_goes_on(tmp_path, caplog):
    fed = tmp_path / "fed"

    async def check(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        service, _process = await started(server)
        for text in BAD[:LOGGED_REFUSALS]:
            await websocket.send_str(text)
        await websocket.send_bytes(b"binary")  # refused too (the 6th: counted, not logged)
        await websocket.send_str('["stdin", "still here"]')
        await until(lambda: fed.exists() and fed.read_bytes() == b"still here")
        await websocket.close()
        assert service.session_id

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(check, stand_in("record", str(fed)))
    lines = refusals(caplog)
    assert len(lines) == LOGGED_REFUSALS + 2  # 5 refusals, "counted, not logged", the total
    assert all(line.getMessage().count("\n") == 0 for line in lines)
    assert lines[-1].message.endswith(f"{LOGGED_REFUSALS + 1} messages refused in all")
    assert not any("failed to start" in r.message for r in caplog.records)
    no_traceback(caplog)


def test_deep_json_and_a_lone_surrogate_are_refused_and_the_session_goes_on(tmp_path, caplog):
    """What once ended the session ("ended by an error"): refused like any bad message, the
    app fed nothing of them, and the refused width quoted cut short."""
    fed = tmp_path / "fed"

    async def check(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        await started(server)
        await websocket.send_str("[" * 30_000)
        await websocket.send_str('["stdin", "\\ud800"]')
        await websocket.send_str('["resize", {"width": ' + "9" * 4000 + ', "height": 24}]')
        await websocket.send_str('["stdin", "still here"]')
        await until(lambda: fed.exists() and fed.read_bytes() == b"still here")
        await websocket.close()

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(check, stand_in("record", str(fed)))
    lines = [line.getMessage() for line in refusals(caplog)]
    assert len(lines) == 3, lines
    assert "nested too deeply" in lines[0] and "surrogate" in lines[1]
    assert all(len(line) < 120 for line in lines), lines
    assert not any("ended by an error" in r.getMessage() for r in caplog.records)
    no_traceback(caplog)


def test_a_flood_of_refused_messages_closes_the_session_in_a_few_lines(tmp_path, caplog):
    async def check(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        await started(server)
        for n in range(MAX_REFUSED * 4):
            await websocket.send_str(BAD[n % len(BAD)])
        message = await websocket.receive()
        assert message.type == aiohttp.WSMsgType.CLOSE and websocket.close_code == 1008
        assert message.extra == "refused-input"  # a reason id: the page has its words

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(check, stand_in("record", str(tmp_path / "fed")))
    assert len(refusals(caplog)) == LOGGED_REFUSALS + 2
    no_traceback(caplog)


def test_an_app_that_ignores_quit_and_sigterm_is_killed_and_holds_its_slot_till_then(caplog):
    async def check(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        _service, process = await started(server)
        await websocket.close()
        closed = time.monotonic()
        # Until its process is gone the slot is taken: the next browser is told so.
        assert process.returncode is None and server.sessions == 1
        assert (await client.get("/")).status == 503
        await until(lambda: process.returncode is not None)
        assert time.monotonic() - closed < 10
        assert process.returncode == -9
        await until(lambda: server.sessions == 0)
        assert (await client.get("/")).status == 200

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(check, stand_in("stubborn"), max_sessions=1)
    assert any(r.message.endswith("its app did not quit; killed") for r in caplog.records)
    no_traceback(caplog)


@pytest.mark.skipif(not processes.can_watch_memory(), reason="no /proc: no memory watchdog")
def test_an_app_past_the_memory_ceiling_is_ended_with_one_line(caplog):
    async def check(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        _service, process = await started(server)
        message = await websocket.receive(timeout=30)
        assert message.type == aiohttp.WSMsgType.CLOSE and websocket.close_code == 1011
        assert message.extra == "memory"  # a reason id: the page has its words
        await until(lambda: process.returncode is not None)

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(check, stand_in("hog"), memory_ceiling_mib=64)
    [line] = [r for r in caplog.records if "ceiling" in r.message]
    assert "over the ceiling of 64 MiB" in line.message
    no_traceback(caplog)


def test_failed_to_start_is_said_only_of_an_app_that_did_not(tmp_path, caplog):
    async def crashing(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        await websocket.receive(timeout=15)

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(crashing, stand_in("crash"))
    messages = [r.message for r in caplog.records if r.name == "companion.web"]
    assert sum("failed to start" in m for m in messages) == 1
    assert any(m.endswith("ValueError: broken (COMPANION_DEBUG=1 shows all)") for m in messages)
    no_traceback(caplog)
    caplog.clear()

    async def quick_close(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        await websocket.close()  # at once: the app is asked to quit as it starts

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(quick_close, stand_in("record", str(tmp_path / "fed")))
    assert not any("failed to start" in r.message for r in caplog.records)


def test_an_apps_error_is_logged_by_the_exception_it_ended_by_not_textuals_note():
    textual_crash = (
        "╭─ Traceback (most recent call last) ─╮\n│ app.py:12 in on_key │\n╰──────╯\n"
        "AttributeError: 'NoneType' object has no attribute 'id'\n\n"
        "NOTE: 1 of 2 errors shown. Run with textual run --dev to see all errors.\n"
    )
    assert error_line(textual_crash) == "AttributeError: 'NoneType' object has no attribute 'id'"
    assert error_line("Traceback:\n  File x\nmodule.ValueError: broken\n") == (
        "module.ValueError: broken"
    )
    assert error_line("a warning the app wrote\n\n") == "a warning the app wrote"


def test_a_websocket_without_origin_is_a_program_trusted_on_localhost_only(tmp_path):
    """Browsers always send Origin: none means a program. Loopback: accepted (the decision in
    companion.web.server); beyond localhost the key is needed whatever the headers."""

    async def loopback(client, server, own):
        websocket = await client.ws_connect("/ws")
        await started(server)
        await websocket.close()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect("/ws", headers={"Origin": "http://evil.example"})
        assert refused.value.status == 403

    serving(loopback, stand_in("record", str(tmp_path / "fed")))

    async def keyed(client, server, own):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect("/ws")
        assert refused.value.status == 403
        assert server.sessions == 0
        websocket = await client.ws_connect("/ws?key=k3y-of-this-run")
        await started(server)
        await websocket.close()

    serving(keyed, stand_in("record", str(tmp_path / "fed")), secret="k3y-of-this-run")


def test_with_companion_debug_the_apps_whole_error_output_is_shown(monkeypatch, capsys, caplog):
    monkeypatch.setenv("COMPANION_DEBUG", "1")

    async def crashing(client, server, own):
        websocket = await client.ws_connect("/ws", headers=own)
        await websocket.receive(timeout=15)

    with caplog.at_level(logging.INFO, "companion.web"):
        serving(crashing, stand_in("crash"))
    shown = capsys.readouterr().out
    assert "Traceback (most recent call last):" in shown and "ValueError: broken" in shown
    assert not any("COMPANION_DEBUG=1 shows all" in r.message for r in caplog.records)
