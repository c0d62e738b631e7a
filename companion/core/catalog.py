"""Every word the player reads, through one catalog (gettext).

What the player reads is an English message id (a sentence with named ``{fields}``)
plus data: ``say("{automa} places its {die} on {space}", automa=..., ...)`` looks the
message up in the player's language and fills it in. Babel extracts the messages
(``_``, ``N_``, ``N_plural``, ``ngettext``, ``say``, ``say_n``) into ``companion/locale/companion.pot``;
``.ci/catalog-check`` keeps that template up to date.

The language comes from ``COMPANION_LANG``, else the usual ``LANGUAGE`` /
``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``. A language with no catalog reads English.

On a touch screen (``COMPANION_TOUCH=1``: `companion serve` sets it for a page on a
phone or a tablet) a text that names a key has its own message that says "tap" instead:
``_("Tap a choice") if touch() else _("Press its key")`` (two message ids, each
translated on its own).

``en_XA`` is the pseudo-locale: every letter accented, each text about 30% longer,
wrapped in ⟦ ⟧, fields and markup kept. It is made from the English text itself
(:class:`PseudoTranslations`), so it always covers every message: a plain English
word on a screen in ``en_XA`` is a string that escaped the catalog, and the longer
texts are the hardest test of every layout.

Module-level tables of words hold ``N_("...")`` (marked, not translated) and are
translated where they are shown, with ``_()``: the language is read when a text is
shown, not when a module is imported.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
PSEUDO = "en_XA"
ENGLISH = "en"

# The environment variables read for the language, in order (gettext's own order
# after the app's own).
LANGUAGE_VARIABLES = ("COMPANION_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_chosen: str | None = None
# The language read once for a batch of texts (:func:`one_language`), in this context only.
_pinned: ContextVar[str | None] = ContextVar("companion_language", default=None)

# Set in the app's environment when its screen is a touch screen (a phone or a tablet in
# a browser, as its page tells `companion serve`): "1" touch, anything else keys.
TOUCH_ENV = "COMPANION_TOUCH"


@lru_cache(maxsize=64)  # read for every message; the environment holds a handful of names
def _normalise(raw: str) -> str:
    """``fr_FR.UTF-8@euro`` -> ``fr_FR``; ``C``/``POSIX`` -> English."""
    name = raw.split(".", 1)[0].split("@", 1)[0].strip()
    if name in ("", "C", "POSIX"):
        return ENGLISH
    return name


def language() -> str:
    """The player's language: the one set by :func:`set_language`, else the first of
    ``COMPANION_LANG``, ``LANGUAGE`` (its first entry), ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG`` that is set; English when none is."""
    if _chosen is not None:
        return _chosen
    pinned = _pinned.get()
    if pinned is not None:
        return pinned
    if os.environ is _ENVIRON and _RAW is not None:
        get = _RAW.get  # the five names one by one: a loop cost as much again
        return _language_of((get(_KEY_0), get(_KEY_1), get(_KEY_2), get(_KEY_3), get(_KEY_4)))
    return _language_in(os.environ)


def _language_in(environ: Mapping[str, str]) -> str:
    """The language the variables of ``environ`` name (see :func:`language`)."""
    for variable in LANGUAGE_VARIABLES:
        value = environ.get(variable, "")
        if variable == "LANGUAGE":
            value = value.split(":", 1)[0]
        if value:
            return _normalise(value)
    return ENGLISH


# Every text looks its language up (:func:`language`): thousands a step, hundreds of
# thousands a test run. ``os.environ.get`` of an unset name raises and catches a KeyError
# inside the mapping and encodes and decodes each name and value: about 20 µs for the five
# names, where the environment's own table (``os.environ._data``, what ``os.environ``
# reads and writes) answers the same in about 1 µs. Where this
# Python keeps no such table, or ``os.environ`` was replaced, the mapping is read as above.
_ENVIRON = os.environ
_RAW: dict[Any, Any] | None = getattr(_ENVIRON, "_data", None)
_encodekey: Callable[[str], Any] | None = getattr(_ENVIRON, "encodekey", None)
_decodevalue: Callable[[Any], str] = getattr(_ENVIRON, "decodevalue", str)
_RAW_KEYS: tuple[Any, ...] = ()
if isinstance(_RAW, dict) and _encodekey is not None:
    _RAW_KEYS = tuple(_encodekey(variable) for variable in LANGUAGE_VARIABLES)
else:
    _RAW = None
_KEY_0, _KEY_1, _KEY_2, _KEY_3, _KEY_4 = _RAW_KEYS or (None,) * len(LANGUAGE_VARIABLES)


@lru_cache(maxsize=64)
def _language_of(raw: tuple[Any, ...]) -> str:
    """The language of the five variables' raw values (None where unset)."""
    decoded = {
        variable: _decodevalue(value)
        for variable, value in zip(LANGUAGE_VARIABLES, raw, strict=True)
        if value is not None
    }
    return _language_in(decoded)


@contextmanager
def one_language() -> Iterator[str]:
    """Read the player's language once for the texts made inside the block (this thread or
    task only), and yield it.

    Each text looks its language up, which reads five environment variables: a replay
    makes thousands of texts (each event's announcements) and read them for each, over
    half of its time. Inside the block :func:`language` answers the one read at its start
    (:func:`set_language` still wins); after it, the environment is read again.
    """
    name = language()
    token = _pinned.set(name)
    try:
        yield name
    finally:
        _pinned.reset(token)


def set_language(name: str | None) -> None:
    """Use ``name`` from now on (None: read the environment again). For a settings
    screen, the CLI's start-up and tests."""
    global _chosen
    _chosen = None if name is None else _normalise(name)


# -- the pseudo-locale -------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķļɱñöƥʠŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖƤǪŔŠŢÛṼŴẊÝŽ",
)
# What is kept as it is: ``{fields}`` (str.format), ``%(name)s``/``%s``/``%d`` (printf),
# Textual markup ``[b]``/``[/]``/``[@click=...]`` and key names in markup (a colon
# followed by a space is prose in brackets, "[default: none]", not markup).
_KEEP = re.compile(r"\{[^{}]*\}|%\(\w+\)[sdif]|%[sdif]|\[/?[a-z@$](?:[^\[\]:]|:(?!\s))*\]")
_VOWELS = frozenset("aeiouAEIOU")


@lru_cache(maxsize=4096)  # the catalog's messages, each made once (about 2,000 of them)
def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: accented, about 30% longer, inside ⟦ ⟧.

    Fields, printf conversions and markup keep their exact form, so a pseudo text
    formats and renders exactly as the English one would."""
    if not text:
        return text
    out: list[str] = []
    last = 0
    for match in _KEEP.finditer(text):
        out.append(_stretch(text[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(_stretch(text[last:]))
    body = "".join(out)
    # At least 30% longer than the English, counting the brackets: a short text with few
    # vowels is padded.
    short = -(-len(text) * 13 // 10) - len(body) - 2
    return "⟦" + body + "·" * max(0, short) + "⟧"


def _stretch(plain: str) -> str:
    # Every vowel written twice (and accented): English text is about 38% vowels, so
    # a text grows by about a third, as a longer language would.
    return "".join(c + c if c in _VOWELS else c for c in plain).translate(_ACCENTED)


class PseudoTranslations(gettext.NullTranslations):
    """The ``en_XA`` catalog: every message, made from its English text."""

    def gettext(self, message: str) -> str:
        """The message in the pseudo-locale."""
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The singular or plural message in the pseudo-locale."""
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        """The message in the pseudo-locale (the context does not change it)."""
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        """The singular or plural message in the pseudo-locale."""
        return pseudo(msgid1 if n == 1 else msgid2)


@cache
def _translations(name: str) -> gettext.NullTranslations:
    if name == PSEUDO:
        return PseudoTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[name], fallback=True)


def translations() -> gettext.NullTranslations:
    """The catalog of the player's language (English: the messages as written)."""
    return _translations(language())


def translations_in(name: str) -> gettext.NullTranslations:
    """The catalog of the language ``name`` (English when it has none), whatever the
    player's: for words written ahead for every language (the phone build's page)."""
    return _translations(_normalise(name))


def languages() -> list[str]:
    """The languages the app speaks: English, the pseudo-locale and each compiled catalog
    (``locale/NAME/LC_MESSAGES/companion.mo``)."""
    compiled = sorted(mo.parent.parent.name for mo in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [ENGLISH, PSEUDO, *(name for name in compiled if name not in (ENGLISH, PSEUDO))]


# -- what the code calls ----------------------------------------------------------


# Each language's texts as :func:`_` found them (message -> text): hundreds of thousands of
# lookups a test run, most of them of a few hundred messages (an area's name, a space's).
# A language's catalog is read once a process (``_translations``), so its texts never
# change. The messages are the catalog's, about 2,000; a memo that outgrows that (texts
# made at run time passed to ``_``) is emptied rather than grown without end.
_TEXTS: dict[str, dict[str, str]] = {}
_TEXTS_KEPT = 8192


def _(message: str) -> str:
    """``message`` in the player's language (the English text is the message id)."""
    name = _chosen or _pinned.get() or language()  # language()'s first two answers, inline
    texts = _TEXTS.get(name)
    if texts is not None:
        text = texts.get(message)
        if text is not None:
            return text
    return _look_up(name, message)


def _look_up(name: str, message: str) -> str:
    """``message`` in the language ``name``, from its catalog, kept for :func:`_`."""
    texts = _TEXTS.setdefault(name, {})
    if len(texts) >= _TEXTS_KEPT:
        texts.clear()
    text = texts[message] = _translations(name).gettext(message)
    return text


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet: for tables of words
    built at import time, translated with :func:`_` where they are shown."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural message pair for the catalog without translating it yet
    (a table of words built at import time): shown with ``say_n(*pair, n)``."""
    return (singular, plural)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n``, in the player's language."""
    return translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, told apart from the same English words used
    elsewhere by ``context`` (e.g. "key" for a key's short label)."""
    return translations().pgettext(context, message)


def say(message: str, /, **data: Any) -> str:
    """``message`` in the player's language with its ``{fields}`` filled from ``data``."""
    return _(message).format(**data)


def say_n(singular: str, plural: str, n: int, /, **data: Any) -> str:
    """The singular or plural message for ``n`` with its fields filled (``{n}`` is ``n``)."""
    return ngettext(singular, plural, n).format(n=n, **data)


def touch() -> bool:
    """Whether the player's screen is a touch screen (``COMPANION_TOUCH=1``): the texts that
    name a key then say "tap" (a message of their own, chosen with this)."""
    return os.environ.get(TOUCH_ENV, "") == "1"


def is_pseudo() -> bool:
    """Whether the player's language is the pseudo-locale (tests of the layout use it)."""
    return language() == PSEUDO
