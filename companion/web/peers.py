"""What a slow or stalled peer may hold of `companion serve`: connections, time, a tab's way out.

Before any request is read (so before the run's key is checked):

- **a cap per address** (:data:`PER_ADDRESS` open connections): a connection past it
  takes the place of the oldest one of that address still waiting for its headers
  (a stalled or hostile one), else it is closed at once;
- **a header timeout** (:data:`HEADER_TIMEOUT`): a request whose headers have not all
  arrived that long after its first byte (or after the connection opened) has its
  connection closed. A websocket, once upgraded, is bounded by its own checks (`limits`,
  the heartbeat) and by :class:`Outgoing`.

Each connection goes through :class:`GatedProtocol`, which watches the bytes coming in
for the end of each request's headers and hands everything on, unchanged, to aiohttp's
own protocol.

A tab's way out (:class:`Outgoing`): every send to a tab must be done within
:data:`SEND_TIMEOUT`; aiohttp waits for the connection to drain once more than 64 KiB
are buffered, so a tab that reads nothing holds at most that (and the system's socket
buffer) before its sends wait, and after the timeout its connection is cut, its session
ends and its slot is freed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

from companion.web.limits import cut

log = logging.getLogger("companion.web")

PER_ADDRESS: Final = 32  # open connections from one address (a browser opens about 6 a site)
HEADER_TIMEOUT: Final = 10.0  # seconds a request's headers may take to arrive whole
MAX_HEADERS: Final = 64 * 1024  # bytes of one request's headers (aiohttp refuses fewer)
SEND_TIMEOUT: Final = 5.0  # seconds one send to a tab may wait for the tab to read
END_OF_HEADERS: Final = b"\r\n\r\n"


class Gate:
    """The open connections of one server, by the address they come from."""

    def __init__(self, per_address: int | None = None, header_timeout: float | None = None) -> None:
        self.per_address = per_address or PER_ADDRESS
        self.header_timeout = header_timeout or HEADER_TIMEOUT
        self.open: dict[str, list[GatedProtocol]] = {}

    def admit(self, connection: GatedProtocol) -> bool:
        """Count ``connection`` in; whether it may stay (room made if an old one waits)."""
        others = self.open.setdefault(connection.address, [])
        if len(others) >= self.per_address:
            waiting = next((other for other in others if other.waiting), None)
            if waiting is None:
                log.warning(
                    "refused a connection from %s: %d connections open from there",
                    cut(connection.address),
                    len(others),
                )
                return False
            waiting.drop(f"its headers were not complete, and {self.per_address} were open")
        others.append(connection)
        return True

    def gone(self, connection: GatedProtocol) -> None:
        """``connection`` is closed: it counts no more."""
        others = self.open.get(connection.address, [])
        if connection in others:
            others.remove(connection)
        if not others:
            self.open.pop(connection.address, None)


class GatedProtocol(asyncio.Protocol):
    """aiohttp's protocol of one connection, behind the gate's cap and header timeout."""

    def __init__(self, inner: asyncio.Protocol, gate: Gate) -> None:
        self.inner = inner
        self.gate = gate
        self.address = ""
        self.transport: asyncio.Transport | None = None
        self.waiting = True  # for the end of a request's headers
        self.watching = True  # False once upgraded to a websocket or sending a body
        self.headers = bytearray()
        self.timer: asyncio.TimerHandle | None = None
        self.admitted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Count the connection in (or close it) and start its header timeout."""
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.gate.admit(self):
            transport.abort()
            return
        self.admitted = True
        self._start_timer()
        self.inner.connection_made(transport)

    def _start_timer(self) -> None:
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(self.gate.header_timeout, self._timed_out)

    def _timed_out(self) -> None:
        self.drop(f"its headers were not complete in {self.gate.header_timeout:.0f} s")

    def drop(self, why: str) -> None:
        """Close this connection at once, with one line saying why; it counts no more."""
        self.waiting = False
        self.gate.gone(self)
        if self.transport is None or self.transport.is_closing():
            return
        log.warning("closed a connection from %s: %s", cut(self.address), why)
        self.transport.abort()

    def data_received(self, data: bytes) -> None:
        """Watch for the end of the headers, then hand the bytes on as they came."""
        if not self.admitted:
            return
        if self.watching:
            self._watch(data)
        self.inner.data_received(data)

    def _watch(self, data: bytes) -> None:
        while data and self.watching:
            if not self.waiting:  # the next request begins
                self.waiting = True
                self.headers.clear()
                self._start_timer()
            start = max(0, len(self.headers) - len(END_OF_HEADERS) + 1)
            self.headers += data
            end = self.headers.find(END_OF_HEADERS, start)
            if end < 0:
                if len(self.headers) > MAX_HEADERS:
                    self.drop("its headers were too long")
                return
            taken = end + len(END_OF_HEADERS) - (len(self.headers) - len(data))
            self._headers_done(bytes(self.headers[: end + len(END_OF_HEADERS)]))
            data = data[taken:]

    def _headers_done(self, headers: bytes) -> None:
        """One request's headers are whole: no timeout until the next request's."""
        self.waiting = False
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        lowered = headers.lower()
        if b"\nupgrade:" in lowered or b"\ntransfer-encoding:" in lowered:
            self.watching = False  # frames or a body follow, not headers
        elif b"\ncontent-length:" in lowered and b"\ncontent-length: 0\r" not in lowered:
            self.watching = False
        self.headers.clear()

    def eof_received(self) -> bool | None:
        """Handed on."""
        return self.inner.eof_received() if self.admitted else None

    def connection_lost(self, exc: Exception | None) -> None:
        """Counted out, and handed on."""
        if self.timer is not None:
            self.timer.cancel()
        self.gate.gone(self)
        if self.admitted:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        """Handed on (aiohttp then waits before writing more)."""
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        """Handed on."""
        self.inner.resume_writing()


def gated(factory: Callable[[], asyncio.Protocol], gate: Gate) -> Callable[[], GatedProtocol]:
    """A protocol factory for ``loop.create_server``: aiohttp's, behind ``gate``."""
    return lambda: GatedProtocol(factory(), gate)


class Outgoing:
    """A tab's way out: each send done within :data:`SEND_TIMEOUT`, or the tab is cut off.

    ``transport`` is the tab's connection; ``session_id`` names it in the log line.
    """

    def __init__(self, transport: asyncio.Transport | None, session_id: str) -> None:
        self.transport = transport
        self.session_id = session_id
        self.cut_off = False

    async def send(self, send: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> None:
        """``await send(*args, **kwargs)`` within the time; ConnectionResetError otherwise."""
        if self.cut_off:
            raise ConnectionResetError("the tab was cut off")
        try:
            await asyncio.wait_for(send(*args, **kwargs), timeout=SEND_TIMEOUT)
        except TimeoutError:
            self.cut(f"its tab read nothing for {SEND_TIMEOUT:.0f} s")
            raise ConnectionResetError("the tab reads nothing") from None

    async def close(self, close: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> None:
        """``await close(*args, **kwargs)`` (the websocket's closing) within the time; the tab
        is cut off otherwise."""
        if self.cut_off:
            return
        try:
            await asyncio.wait_for(close(*args, **kwargs), timeout=SEND_TIMEOUT)
        except TimeoutError:
            self.cut(f"its tab did not take its closing in {SEND_TIMEOUT:.0f} s")

    def abort(self) -> None:
        """Close the tab's connection at once, saying nothing (the server is stopping)."""
        self.cut_off = True
        if self.transport is not None:
            self.transport.abort()

    def cut(self, why: str) -> None:
        """Close the tab's connection at once (its session then ends), with one line."""
        if self.cut_off:
            return
        self.cut_off = True
        log.warning("session %s: closed: %s", self.session_id, why)
        if self.transport is not None:
            self.transport.abort()
