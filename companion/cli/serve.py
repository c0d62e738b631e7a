"""`companion serve`: the same app in a browser through textual-serve (no rules here)."""

from __future__ import annotations

import ipaddress
import secrets
import shlex
import socket
import sys
from pathlib import Path

import click

from companion.cli import words
from companion.cli.common import fail
from companion.core.catalog import say
from companion.web.processes import DEFAULT_MEMORY_CEILING_MIB

WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def app_command() -> str:
    """The shell command textual-serve runs for each browser session: this app.

    ``exec``: the app takes the shell's place, so the process the server watches
    and ends is the app itself.
    """
    return f"exec {shlex.quote(sys.executable)} -m companion"


def public_url_for(host: str, port: int, public_url: str | None) -> str | None:
    """The address a tablet or phone opens (printed, and accepted as the page's host).

    The one given, else, listening on every address (0.0.0.0), this machine's
    name resolved on its own network; None means http://HOST:PORT.
    """
    if public_url:
        return public_url.rstrip("/")
    if host not in WILDCARD_HOSTS:
        return None
    try:
        address = socket.gethostbyname(socket.gethostname())
        if ipaddress.ip_address(address).is_loopback:  # this machine's name is only its own
            return None
    except (OSError, ValueError):
        return None
    return f"http://{address}:{port}"


def page_url(host: str, port: int, public_url: str | None, secret: str | None) -> str:
    """The URL to open: the public one or http://HOST:PORT, with the run's key when there is one."""
    if public_url:
        base = public_url
    else:
        name = "127.0.0.1" if host in WILDCARD_HOSTS else host
        base = f"http://[{name}]:{port}" if ":" in name else f"http://{name}:{port}"
    return f"{base}/?key={secret}" if secret else f"{base}/"


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with half blocks, for a phone to scan from the terminal."""
    import io

    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(url)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def phone_build_in(folder: Path) -> bool:
    """Whether ``folder`` holds a phone build (`companion web build`): its page and worker."""
    return (folder / "index.html").is_file() and (folder / "sw.js").is_file()


def served_voice(voice: bool | None) -> bool:
    """Whether the sessions' pages say the moves: as given, else the kept setting."""
    if voice is not None:
        return voice
    from companion.speech.settings import load_settings

    return load_settings().voice


@click.command(cls=words.Command)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; only this computer can connect unless you give another "
    "(0.0.0.0: every network, e.g. for a tablet at the table; the page then needs the "
    "printed key).",
)
@click.option(
    "--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port."
)
@click.option(
    "--public-url",
    help="The address a tablet or phone opens, e.g. http://192.168.1.20:8000 "
    "(guessed from this machine's name with --host 0.0.0.0).",
)
@click.option(
    "--max-sessions",
    default=4,
    show_default=True,
    type=click.IntRange(1, 64),
    help="How many browser tabs may have the app open at once.",
)
@click.option(
    "--session-memory",
    default=DEFAULT_MEMORY_CEILING_MIB,
    show_default=True,
    type=click.IntRange(0, 65536),
    help="MiB of memory one tab's app may use before it is ended (0: no limit).",
)
# (metavar given: click.Path names itself when it is made, in the language of the import)
@click.option(
    "--app",
    "app_site",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Also serve the phone build made by `companion web build DIR` at /app/: a phone "
    "takes the app from here once, then plays with no computer.",
)
@click.option(
    "--voice/--no-voice",
    default=None,
    help="Whether the pages say the moves aloud (default: the kept setting, `companion voice`).",
)
def serve(
    host: str,
    port: int,
    public_url: str | None,
    max_sessions: int,
    session_memory: int,
    voice: bool | None,
    app_site: Path | None,
) -> None:
    """Serve the app to a browser (textual-serve), at http://HOST:PORT.

    Beyond this computer (--host), the address carries a key made for this run:
    open the printed address, or scan its QR code with the tablet or phone.
    """
    from companion.web.quick_import import import_aiohttp

    import_aiohttp()  # before the server's modules: no CA certificates loaded for nothing
    from companion.web.server import CompanionServer, is_loopback

    if app_site is not None and not phone_build_in(app_site):
        fail(
            say(
                "{dir}: not a phone build (no index.html and sw.js); make one with "
                "`companion web build {dir}`",
                dir=app_site,
            )
        )
    url = public_url_for(host, port, public_url)
    secret = None if is_loopback(host) else secrets.token_urlsafe(16)
    address = page_url(host, port, url, secret)
    click.echo(f"companion: open {address} in the browser (Ctrl+C stops).")
    if secret:
        click.echo(qr_text(address), nl=False)
        click.echo(
            "Scan the code with the tablet or phone (same network); the key changes every run. "
            "Give --public-url if that address is wrong."
        )
    if app_site is not None:
        phone = address.replace("/?", "/app/?") if secret else address + "app/"
        click.echo(
            say(
                "The app for a phone alone: open {address} once (then it plays offline, "
                "with no computer).",
                address=phone,
            )
        )
        if secret:
            click.echo(qr_text(phone), nl=False)
    server = CompanionServer(
        app_command(),
        host=host,
        port=port,
        public_url=url,
        secret=secret,
        max_sessions=max_sessions,
        memory_ceiling_mib=session_memory or None,
        voice=served_voice(voice),
        app_site=app_site,
    )
    try:
        server.serve()
    except OSError as error:
        click.echo(f"error: cannot listen on {host}:{port}: {error.strerror or error}", err=True)
        sys.exit(2)
