"""The words of the app's two web pages themselves, through the catalog.

The page of `companion serve` (``templates/app_index.html``) and the phone build's page
(the same template, ``phone/boot.js``) show a few words of their own before the app
runs or after it closes: the loading line, the Start and Restart buttons, the line of a
closed app, the refusal of a second tab (and its offer to take over once the first has
gone), the first visit's download and that the offline copy is ready, the labels of the speech buttons, and why
`companion serve` closed a session (:data:`REASONS`); also the web manifest's description
(:data:`DESCRIPTION`) and `companion serve`'s refusal of a websocket from another page
(:data:`SOCKET_REFUSED`). They are catalog messages here, so the player reads them in the
app's language:

- `companion serve` renders its page with :func:`words` in the server's language (the
  language its apps speak too);
- the server closes a session's websocket with a short reason id (:data:`REASONS`' keys,
  ``sessions-full:4`` with its number): the page shows that reason's words from
  :func:`reasons`, rendered into it (an unknown reason: the generic "Session ended.");
- the phone build writes :func:`every_language` into its page: the page picks one
  (``?lang=``, else the browser's languages, else English), shows its words and starts the
  app in it (``COMPANION_LANG``).

No Textual, no click: `companion web build` and the server import this alone.
"""

from __future__ import annotations

import json

from companion.core.catalog import ENGLISH, N_, _, language, languages, translations_in

# id -> the English message (the id is what the pages' HTML and JS name).
MESSAGES: dict[str, str] = {
    "loading": N_("Loading…"),
    "start": N_("Start"),
    "restart": N_("Restart"),
    "closed": N_("The app has closed."),
    "ended": N_("Session ended."),
    "other_tab": N_("The app is open in another tab: close it there, then reload this one."),
    "other_gone": N_("The other tab has closed: this one can take over."),
    "take_over": N_("Take over"),
    "offline_ready": N_("✓ Ready to play offline"),
    "download": N_("Downloading for offline play: {done} of {total} MB"),
    "stop": N_("Stop"),
    "say_again": N_("Say again"),
}

# Why the server closed a session's websocket: the reason id it sends (ASCII and short: a
# close reason is at most 123 bytes; ``SESSIONS_FULL:4`` carries the number of sessions)
# -> the words its page shows for it (``{n}``: the number after the colon).
SESSIONS_FULL = "sessions-full"
MEMORY = "memory"
REFUSED_INPUT = "refused-input"
STOPPED = "stopped"
REASONS: dict[str, str] = {
    SESSIONS_FULL: N_("Every session is in use ({n}): close one, then restart."),
    MEMORY: N_("The app used too much memory and was ended."),
    REFUSED_INPUT: N_("The session sent too much that was refused and was closed."),
    STOPPED: N_("The server stopped."),
}


# The web manifest's description (the phone's install prompt shows it), in the language of
# the build; and the plain-text answer to a websocket from another page (`companion serve`
# refuses it), in the server's.
DESCRIPTION = N_("A table companion: the Automas of Euphoria and the Plot of Ephios.")
SOCKET_REFUSED = N_("Websocket refused: it does not come from this page.")


def words() -> dict[str, str]:
    """The pages' words in the player's language: id -> text."""
    return words_in(language())


def words_in(name: str) -> dict[str, str]:
    """The pages' words in the language ``name``, whatever the player's: id -> text."""
    catalog = translations_in(name)
    return {key: catalog.gettext(message) for key, message in MESSAGES.items()}


def reasons() -> dict[str, str]:
    """The words of each reason the server closes a session with, in the player's language:
    reason id -> text (``{n}`` left for the page to fill)."""
    return {key: _(message) for key, message in REASONS.items()}


def every_language() -> dict[str, dict[str, str]]:
    """The pages' words in every language the app speaks (English first): name -> words."""
    return {name: words_in(name) for name in languages()}


def html_lang(name: str | None = None) -> str:
    """The language ``name`` (the player's by default) as HTML's ``lang`` says it (``en-XA``)."""
    return (name or language() or ENGLISH).replace("_", "-")


def as_script_json(value: object) -> str:
    """``value`` as JSON safe inside a ``<script type="application/json">`` element."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
