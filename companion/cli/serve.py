"""`companion serve`: the same app in a browser through textual-serve (no rules here)."""

from __future__ import annotations

import shlex
import sys

import click


def app_command() -> str:
    """The shell command textual-serve runs for each browser session: this app."""
    return f"{shlex.quote(sys.executable)} -m companion"


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; only this computer can connect unless you give another.",
)
@click.option(
    "--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port."
)
def serve(host: str, port: int) -> None:
    """Serve the app to a browser (textual-serve), at http://HOST:PORT."""
    from textual_serve.server import Server

    Server(app_command(), host=host, port=port, title="companion").serve()
