"""The small pages `companion serve` answers with instead of its app page.

Every session in use, the run's key missing, a name of this machine other than its own:
a title, a line and a "Try again" button, all catalog messages rendered in the server's
language (the language its apps and its page speak). Commands, options and addresses are
fields of their messages, never translated.
"""

from __future__ import annotations

import html

from aiohttp import web

from companion.core.catalog import _, say, say_n
from companion.web.page_words import html_lang


def message_page(title: str, message: str, status: int) -> web.Response:
    """A small page saying ``message`` under ``title``, with a reload button (its words in
    the server's language, like ``title`` and ``message``)."""
    body = f"""<!DOCTYPE html>
<html lang="{html.escape(html_lang())}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>body{{background:#0c181f;color:#eee;font-family:monospace;margin:0;padding:24px;
font-size:18px;line-height:1.5}}button{{font:inherit;padding:12px 24px;margin-top:16px}}</style>
</head><body><h1>{html.escape(title)}</h1><p>{html.escape(message)}</p>
<button type="button" onclick="location.reload()">{html.escape(_("Try again"))}</button>
</body></html>"""
    return web.Response(
        text=body, status=status, content_type="text/html", headers={"Cache-Control": "no-store"}
    )


def not_here_page(port: int) -> web.Response:
    """The page of a request by a name that is not this machine's (DNS rebinding)."""
    return message_page(
        _("Not here"),
        say("Open this page as {address}.", address=f"http://127.0.0.1:{port}/"),
        403,
    )


def key_needed_page() -> web.Response:
    """The page of a request without the run's key (serving beyond localhost)."""
    return message_page(
        _("A key is needed"),
        say(
            "Open the address that {command} printed, with its key ({key}), or scan its QR code.",
            command="`companion serve`",
            key="?key=...",
        ),
        403,
    )


def full_page(max_sessions: int) -> web.Response:
    """The page of a browser that comes when every one of ``max_sessions`` is in use."""
    return message_page(
        _("Every session is in use"),
        say_n(
            "The companion is already open on {n} screen, the most it serves at once "
            "({option}). Close it in another tab or device, then try again.",
            "The companion is already open on {n} screens, the most it serves at once "
            "({option}). Close it in another tab or device, then try again.",
            max_sessions,
            option="`companion serve --max-sessions`",
        ),
        503,
    )
