"""`companion serve`: the same app in a browser through textual-serve (no rules here)."""

from __future__ import annotations

import shlex
import socket
import sys

import click

WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def app_command() -> str:
    """The shell command textual-serve runs for each browser session: this app."""
    return f"{shlex.quote(sys.executable)} -m companion"


def public_url_for(host: str, port: int, public_url: str | None) -> str | None:
    """The address browsers load the page's scripts from.

    textual-serve writes it into the page, so listening on every address
    (0.0.0.0) needs an address a tablet can reach: the one given, else this
    machine's name resolved on its own network; None lets textual-serve use
    http://HOST:PORT.
    """
    if public_url:
        return public_url.rstrip("/")
    if host not in WILDCARD_HOSTS:
        return None
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    if address.startswith("127."):
        return None
    return f"http://{address}:{port}"


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; only this computer can connect unless you give another "
    "(0.0.0.0: every network, e.g. for a tablet at the table).",
)
@click.option(
    "--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port."
)
@click.option(
    "--public-url",
    help="The address a tablet or phone opens, e.g. http://192.168.1.20:8000 "
    "(guessed from this machine's name with --host 0.0.0.0).",
)
def serve(host: str, port: int, public_url: str | None) -> None:
    """Serve the app to a browser (textual-serve), at http://HOST:PORT."""
    from textual_serve.server import Server

    url = public_url_for(host, port, public_url)
    if url:
        click.echo(f"Open {url} in the browser (give --public-url if that address is wrong).")
    Server(app_command(), host=host, port=port, title="companion", public_url=url).serve()
