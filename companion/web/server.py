"""The web server of `companion serve`: textual-serve, with our page and its guards.

textual-serve runs one app process per browser tab and carries the terminal
over a websocket. This subclass keeps that and changes, in the ways the
library offers (its `templates_path`, its routes, its handlers):

- the page (`templates/app_index.html`): a device-width viewport, the title
  and favicon of the game, the font shipped with the package and served from
  here (`static/fonts`; nothing loaded from any other machine), swipes that scroll;
- the guards: websockets only from this server's own page (same origin),
  a cap on concurrent app sessions (a clear page when full), no directory
  listings, only the names of this machine when serving on localhost
  (no DNS rebinding), and, when serving beyond localhost, a per-run secret
  in the URL (kept in a cookie once the page has it);
- the spoken moves: an app's lines to say (`speak`) go to its page, which says them
  with the browser's speech synthesis (`sessions.WarmAppService.on_meta`);
- the bounds of a session: every message checked (`limits`: its size, shape
  and rate), its app process ended when its socket closes and the session's
  slot held until it is gone, a memory ceiling per session (`sessions`), a send
  timeout to its tab (`peers.Outgoing`);
- the bounds of a peer, before any key is checked (`peers`): connections per
  address, a header timeout; and a stop within 2 s of Ctrl+C (`lifetime`);
- a quiet log: one line per refused message or session (the reason, the
  session id), no tracebacks unless ``COMPANION_DEBUG=1``, rate-limited (`logbook`).

A websocket without an Origin header: browsers always send one, so such a
request comes from a program, not from a web page. On a localhost server it
is accepted: a program running on this machine can read the same saves and
run the same app anyway, and the Origin check is there against web pages
(which cannot leave the header out). Beyond localhost every request,
websockets included, needs the run's key whatever its Origin.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
import sys
from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WebSocketError, WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from companion.core.catalog import _
from companion.web import client, page_words
from companion.web.lifetime import QUIT_GRACE, STOP_GRACE, close_tabs, serve_until_stopped
from companion.web.limits import (
    MAX_MESSAGE_BYTES,
    Focus,
    InputGuard,
    Ping,
    Refused,
    Resize,
    cut,
)
from companion.web.logbook import quieten
from companion.web.message_pages import full_page, key_needed_page, not_here_page
from companion.web.peers import Outgoing
from companion.web.processes import DEFAULT_MEMORY_CEILING_MIB, MIB, can_watch_memory, hurry
from companion.web.sessions import SparePool, WarmAppService, debugging

log = logging.getLogger("companion.web")

TITLE = "Companion · Euphoria Automa & Ephios"
WEB = Path(str(files("companion.web")))
TEMPLATES = WEB / "templates"
STATIC = WEB / "static"
# The page's font, shipped with the package (Apache-2.0, see static/fonts/README.txt).
FONT = STATIC / "fonts" / "RobotoMono-VariableFont_wght.ttf"
# textual-serve's own scripts and stylesheet (served from here under /static/).
TEXTUAL_STATIC = Path(textual_serve.__file__).parent / "static"
COOKIE = "companion_key"
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
DEFAULT_MAX_SESSIONS = 4
# The browser closes a websocket refused for being one too many with this code.
TRY_AGAIN_LATER = 1013
# ... and every open session's websocket with this one when the server stops,
GOING_AWAY = 1001
# ... with this one when it sent too much that was refused,
POLICY_VIOLATION = 1008
# ... and with this one when its app passed the memory ceiling.
INTERNAL_ERROR = 1011
# A session whose messages were refused this many times is closed.
MAX_REFUSED = 50
# Refusals of one session logged one by one; the rest are counted in one line at its end.
LOGGED_REFUSALS = 5
# Seconds between the server's pings to a tab; a tab that has not answered one within
# half of that more is gone (a phone asleep, a dropped network) and its session is closed.
HEARTBEAT = 15.0

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def host_name(host_header: str) -> str:
    """The host part of a Host header or netloc, without port or IPv6 brackets, lower case."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` keeps the server to this machine: ``localhost``, or an
    address of the loopback network (127.0.0.0/8, ::1). Decided by the address, not by
    how the name reads: ``127.example.net`` is a name like any other, and may point
    anywhere."""
    name = host_name(host)
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class CompanionServer(Server):
    """textual-serve's server with the companion's page and guards.

    Args:
        command: the shell command of one app session.
        host, port: where to listen.
        public_url: the address to print (and to accept in the Host header).
        secret: the key a browser must bring (``?key=``) when serving beyond localhost;
            None when only this machine can connect.
        max_sessions: how many app sessions may run at once.
        memory_ceiling_mib: resident memory (MiB) past which a session's app is ended
            (None: no ceiling).
        voice: whether the pages say the moves at first (`serve --voice/--no-voice`);
            None: each app session reads the kept setting.
    """

    def __init__(
        self,
        command: str,
        *,
        host: str = "127.0.0.1",
        port: int = 8000,
        public_url: str | None = None,
        secret: str | None = None,
        max_sessions: int = DEFAULT_MAX_SESSIONS,
        memory_ceiling_mib: int | None = DEFAULT_MEMORY_CEILING_MIB,
        voice: bool | None = None,
        app_site: Path | None = None,
    ) -> None:
        super().__init__(
            command,
            host=host,
            port=port,
            title=TITLE,
            public_url=public_url,
            statics_path=TEXTUAL_STATIC,
            templates_path=TEMPLATES,
        )
        self.secret = secret
        self.voice = voice
        # The phone build (`companion web build DIR`), served at /app/ when given.
        self.app_site = app_site
        self.max_sessions = max_sessions
        self.sessions = 0
        self.memory_ceiling = memory_ceiling_mib * MIB if memory_ceiling_mib else None
        self.heartbeat = HEARTBEAT
        # The app sessions being ended: the server waits for them when it stops.
        self.ending: set[asyncio.Task[None]] = set()
        # session id -> its app session, from its websocket's opening until its process is gone.
        self.live: dict[str, WarmAppService] = {}
        # The open sessions' websockets, each with its way out (a send timeout).
        self.open_websockets: dict[web.WebSocketResponse, Outgoing] = {}
        self.spares = SparePool()
        self.allowed_hosts = set(LOOPBACK_NAMES)
        if is_loopback(host):  # another loopback address (127.0.0.2) is this machine too
            self.allowed_hosts.add(host_name(host))
        if public_url:
            self.allowed_hosts.add(host_name(urlsplit(public_url).netloc))

    def initialize_logging(self) -> None:
        """One plain line per thing worth saying (no line for every request, no rich panels)."""
        logging.basicConfig(
            level="DEBUG" if self.debug or debugging() else "INFO",
            format="%(asctime)s %(levelname)s %(message)s",
            datefmt="%H:%M:%S",
            stream=sys.stderr,
        )
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
        for handler in logging.getLogger().handlers:
            quieten(handler, self.debug or debugging())
        if self.memory_ceiling is not None and not can_watch_memory():
            log.warning("no memory ceiling per session: this system does not tell it")

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C (or SIGTERM); then stop within 2 s, every app process ended
        (`lifetime`: each connection behind the gate of `peers`)."""
        self.debug = debug
        self.initialize_logging()
        serve_until_stopped(self._make_app, self.host, self.port)

    # ----- the app ------------------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        """The aiohttp application: the page, the websocket, the static files; no listings."""
        app = web.Application(middlewares=[self.guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(str(self.templates_path)))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/favicon.ico", self.handle_favicon),
                web.get("/static/js/textual.js", self.handle_textual_js),
                web.static("/static", self.statics_path, show_index=False, name="static"),
                web.static("/companion", STATIC, show_index=False, name="companion"),
            ]
        )
        if self.app_site is not None:
            app.add_routes(
                [
                    web.get("/app", self.handle_app),
                    web.get("/app/", self.handle_app),
                    web.static("/app", self.app_site, show_index=False, name="app"),
                ]
            )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Start the first spare app process (`companion serve` has printed where to go)."""
        probe = WarmAppService(
            self.command,
            write_bytes=_nothing,
            write_str=_nothing,
            close=_nothing,
            download_manager=self.download_manager,
            spares=self.spares,
            voice=self.voice,
        )
        self.spares.refill(probe._build_environment())

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every session (its app quits) and stop the spare app process, in under 2 s.

        aiohttp waits for open requests before it stops: a tab left open would
        hold Ctrl+C (or SIGTERM) up to a minute without this (23 s measured). A tab
        that does not take its closing in time is cut off; an app that does not quit in
        time gets SIGTERM, then SIGKILL.
        """
        await close_tabs(self.open_websockets, GOING_AWAY, page_words.STOPPED)
        if self.ending:  # every app process gone before the server is
            await asyncio.wait(set(self.ending), timeout=QUIT_GRACE)
        processes = [s.process for s in self.live.values() if s.process is not None]
        await hurry(processes, STOP_GRACE)
        await self.spares.close()

    # ----- guards -------------------------------------------------------------------------

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse what does not come from the player's own page and devices."""
        if self.secret is None and host_name(request.host) not in self.allowed_hosts:
            # Only this machine's names: a web page whose name was re-pointed at
            # 127.0.0.1 (DNS rebinding) does not get in.
            return not_here_page(self.port)
        new_key = False
        if self.secret is not None:
            given = request.query.get("key", "")
            cookie = request.cookies.get(COOKIE, "")
            if given and hmac.compare_digest(given, self.secret):
                new_key = True
            elif not (cookie and hmac.compare_digest(cookie, self.secret)):
                return key_needed_page()
        if request.path == "/ws" and not self.same_origin(request):
            log.warning("refused a websocket from %s", cut(request.headers.get("Origin")))
            return web.Response(text=_(page_words.SOCKET_REFUSED) + "\n", status=403)
        response = await handler(request)
        if new_key:
            response.set_cookie(COOKIE, self.secret or "", httponly=True, samesite="Strict")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        if request.path == "/":
            response.headers["Content-Security-Policy"] = (
                "default-src 'self'; script-src 'self' 'unsafe-inline'; "
                "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
                "connect-src 'self'; frame-ancestors 'none'"
            )
            response.headers["Cache-Control"] = "no-store"
        return response

    @staticmethod
    def same_origin(request: web.Request) -> bool:
        """Whether a websocket request comes from a page of this server (its Origin's host:port).

        A request with no Origin does not come from a web page (browsers always send it).
        """
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        return urlsplit(origin).netloc.lower() == request.host.lower()

    # ----- handlers -----------------------------------------------------------------------

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page: our template, or a clear page when every session is in use."""
        if self.sessions >= self.max_sessions:
            return full_page(self.max_sessions)
        font_size = request.query.get("fontsize", "")
        context: dict[str, Any] = {
            "phone": False,  # the page of this server, not the phone build's (phone_build.py)
            "title": self.title,
            "root": "/",
            "static": "/static/",
            "companion_static": "/companion/",
            "font_size": font_size if font_size.isascii() and font_size.isdigit() else "",
            # The page's own words, in the server's language (its apps speak it too).
            "words": page_words.words(),
            # Why the server closed a session: reason id -> words (the page's closed line).
            "reasons": page_words.as_script_json(page_words.reasons()),
            "lang": page_words.html_lang(),
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_app(self, request: web.Request) -> web.StreamResponse:
        """The phone build's page (`serve --app DIR`), at /app/ (its files are relative)."""
        if request.path == "/app" or self.app_site is None:
            raise web.HTTPFound("/app/")
        return web.FileResponse(self.app_site / "index.html")

    async def handle_favicon(self, request: web.Request) -> web.StreamResponse:
        """/favicon.ico, which browsers ask for on their own."""
        return web.FileResponse(STATIC / "favicon.ico", headers={"Content-Type": "image/x-icon"})

    async def handle_textual_js(self, request: web.Request) -> web.StreamResponse:
        """textual-serve's page client with rows a finger can hit (``companion.web.client``);
        as it is, with one line in the log, when it is not the textual.js that module knows."""
        try:
            body = client.textual_js(Path(self.statics_path))
        except client.ClientError as error:
            log.warning("%s", error)
            return web.FileResponse(Path(self.statics_path) / "js" / "textual.js")
        return web.Response(body=body, content_type="text/javascript", charset="utf-8")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One app session, unless every session is in use (then closed with its reason id).

        The session's slot is held until its app process is gone, even when the
        server stops the handler: `--max-sessions` bounds the app processes too.
        """
        if self.sessions >= self.max_sessions:
            log.info("refused a session: every session is in use (%d)", self.max_sessions)
            websocket = web.WebSocketResponse()
            await websocket.prepare(request)
            reason = f"{page_words.SESSIONS_FULL}:{self.max_sessions}"
            await websocket.close(code=TRY_AGAIN_LATER, message=reason.encode())
            return websocket
        self.sessions += 1
        websocket = web.WebSocketResponse(heartbeat=self.heartbeat, max_msg_size=MAX_MESSAGE_BYTES)
        service = self.new_service(websocket, request.transport)
        self.live[service.session_id] = service
        try:
            await self.run_session(request, websocket, service)
        finally:
            ending = asyncio.ensure_future(service.stop())
            self.ending.add(ending)
            ending.add_done_callback(lambda done: self._session_gone(done, service))
            await asyncio.shield(ending)
        return websocket

    def _session_gone(self, ending: asyncio.Task[None], service: WarmAppService) -> None:
        """A session's app process is gone: its slot is free."""
        self.ending.discard(ending)
        self.live.pop(service.session_id, None)
        self.sessions -= 1

    def new_service(
        self, websocket: web.WebSocketResponse, transport: asyncio.Transport | None = None
    ) -> WarmAppService:
        """The app session behind ``websocket`` (its process not started yet); whatever it
        sends its tab goes through the tab's way out (`peers.Outgoing`: a send timeout)."""
        outgoing = Outgoing(transport, "")

        async def over_ceiling(used: int) -> None:
            await outgoing.close(
                websocket.close, code=INTERNAL_ERROR, message=page_words.MEMORY.encode()
            )

        async def write_bytes(data: bytes) -> None:
            await outgoing.send(websocket.send_bytes, data)

        async def write_str(data: str) -> None:
            await outgoing.send(websocket.send_str, data)

        async def close() -> None:
            await outgoing.close(websocket.close)

        service = WarmAppService(
            self.command,
            write_bytes=write_bytes,
            write_str=write_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
            spares=self.spares,
            memory_ceiling=self.memory_ceiling,
            on_over_ceiling=over_ceiling,
            voice=self.voice,
        )
        outgoing.session_id = service.session_id
        service.outgoing = outgoing
        return service

    async def run_session(
        self, request: web.Request, websocket: web.WebSocketResponse, service: WarmAppService
    ) -> None:
        """textual-serve's session (`Server.handle_websocket`), in a spare process when ready."""
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        if not (1 <= width <= 500 and 1 <= height <= 200):
            width, height = 80, 24
        service.touch = request.query.get("touch") == "1"  # the page is on a touch screen
        try:
            await websocket.prepare(request)
            self.open_websockets[websocket] = service.outgoing
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:  # the connection went, or the server is stopping
            self._gone(service, websocket.exception())
            await service.outgoing.close(websocket.close)
        except Exception as error:  # one line; the traceback only when debugging
            if service.outgoing.cut_off:
                pass  # said when it was cut off
            elif debugging():
                log.exception("session %s: ended by an error", service.session_id)
            else:
                log.error("session %s: ended by an error: %s", service.session_id, cut(error, 80))
        finally:
            self.open_websockets.pop(websocket, None)

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """Pass the page's messages to the app, each checked first (`limits.InputGuard`)."""
        assert isinstance(app_service, WarmAppService)
        service, guard, refused = app_service, InputGuard(), 0
        async for message in websocket:
            if message.type == WSMsgType.ERROR:  # the connection is broken: the session ends
                if too_big(message.data):
                    reason = f"a message over {MAX_MESSAGE_BYTES // 1024} KiB (session closed)"
                    self._refused(service, refused, reason)
                else:
                    self._gone(service, message.data)
                return
            if message.type != WSMsgType.TEXT:
                refused = self._refused(service, refused, f"a {message.type.name.lower()} message")
                continue
            try:
                checked = guard.check(message.data)
            except Refused as why:
                refused = self._refused(service, refused, why.reason)
                if refused >= MAX_REFUSED:
                    log.warning(
                        "session %s: closed: %d messages refused", service.session_id, refused
                    )
                    closing = page_words.REFUSED_INPUT.encode()
                    await service.outgoing.close(
                        websocket.close, code=POLICY_VIOLATION, message=closing
                    )
                    return
                continue
            if isinstance(checked, Resize):
                await service.set_terminal_size(checked.width, checked.height)
            elif isinstance(checked, Ping):
                await service.outgoing.send(websocket.send_json, ["pong", checked.stamp])
            elif isinstance(checked, Focus):
                await (service.focus() if checked.focused else service.blur())
            elif not await service.feed(checked.text.encode("utf-8")):
                return
        if websocket.exception() is not None:
            self._gone(service, websocket.exception())
        if refused > LOGGED_REFUSALS:
            log.warning("session %s: %d messages refused in all", service.session_id, refused)

    def _gone(self, service: WarmAppService, error: BaseException | None) -> None:
        """Log why the tab's connection broke, if it did: it did not answer a ping in time
        (`HEARTBEAT`: a phone asleep, a dropped network), or an error said in one line."""
        if isinstance(error, TimeoutError):
            log.warning(
                "session %s: closed: the tab did not answer a ping within %g s",
                service.session_id,
                self.heartbeat / 2,
            )
        elif error is not None:
            log.warning(
                "session %s: closed: its connection broke: %s", service.session_id, cut(error, 80)
            )

    @staticmethod
    def _refused(service: WarmAppService, refused: int, reason: str) -> int:
        """Log one refused message (the first few of a session; the rest are counted)."""
        refused += 1
        if refused <= LOGGED_REFUSALS:
            log.warning("session %s: refused a message: %s", service.session_id, reason)
        if refused == LOGGED_REFUSALS:
            log.warning(
                "session %s: further refused messages are counted, not logged", service.session_id
            )
        return refused


def too_big(error: object) -> bool:
    """Whether aiohttp ended a tab's messages with ``error`` for a message over the limit."""
    return isinstance(error, WebSocketError) and error.code == WSCloseCode.MESSAGE_TOO_BIG


async def _nothing(*args: object) -> None:
    """A writer that writes nothing (the service that only builds the environment)."""
