"""Checkpoints of replayed states: a long game replays at most :data:`EVERY` events.

The journal is the game; a state is always what replaying it gives. Replaying a game of
60,000 events from its set-up takes far longer than reading its save, so every
:data:`EVERY` events the state replayed so far is kept in a small file of the user's
cache folder (:func:`companion.paths.cache_dir`, ``replay/``), and a later replay of the
same journal starts from the nearest one below the step it wants: ``show``, resuming,
undo and redo of a long game cost reading the save and at most :data:`EVERY` events.

Nothing in a checkpoint is trusted over the journal:

- A checkpoint file is named by the **digest of what it was replayed from**: the game,
  the seed, the options and the first *k* events (a chain of SHA-256 digests, one link per
  :data:`EVERY` events), and the code that replayed it (below). A journal whose first *k*
  events differ in any way (edited, undone, another game), or another version of the app,
  looks for another name, so a stale checkpoint is never found.
- Its content is the state, signed (HMAC-SHA256) with a key made at random for this
  user's cache (``replay/key``, readable by the user alone), over that digest and the
  **fingerprint of the code** that replayed it (each file of the package and its decks,
  the Python version, and the files a game's set-up reads, ``Rules.inputs``). A
  checkpoint of an older or newer version of the app, of a changed deck file, copied from
  elsewhere, damaged or made by hand fails the check and is ignored.
- The state is read back with an unpickler that makes only the app's own classes; any
  error reading, checking or restoring a checkpoint means "no checkpoint": the journal is
  replayed from the set-up, as it always could be. Nothing here ever stops a replay; a
  cache that cannot be written (read-only, full, missing) only costs time.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import marshal
import os
import pickle
import secrets
import sys
import tempfile
import types
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from companion import paths
from companion.core.debug import caught
from companion.core.journal import Journal

# A checkpoint every this many events: a replay applies at most this many (an Automa turn
# takes about half a millisecond: a quarter of a second at worst).
EVERY = 500
MAGIC = b"companion-checkpoint 1\n"
FOLDER = "replay"
KEY_FILE = "key"
KEY_BYTES = 32
# A state of any game today pickles to a few kilobytes: a larger file is not one of ours.
MAX_BYTES = 1024 * 1024
# The package the unpickler may always make classes from: the app's own (and the game's);
# and the plain data classes of the standard library a state may hold.
_OWN = "companion"
_STANDARD = frozenset({"builtins", "collections", "datetime", "decimal", "fractions"})


def _proxy(mapping: dict[Any, Any]) -> types.MappingProxyType[Any, Any]:
    """A read-only view of ``mapping`` (how a checkpoint restores one: views do not pickle)."""
    return types.MappingProxyType(mapping)


# --- the digests of a journal's prefixes ----------------------------------------------------


# What ``json.dumps(value, sort_keys=True, default=str, separators=(",", ":"))`` makes, from
# one encoder (``json.dumps`` with options makes an encoder each call: about 10 µs).
_ENCODER = json.JSONEncoder(sort_keys=True, default=str, separators=(",", ":"))


def _json(value: Any) -> bytes:
    return _ENCODER.encode(value).encode()


# The JSON of each event of a digest's tail, and of each game's set-up (its game, seed and
# options), as last made, by the value's marshal form: a process playing step after step
# digests the same events again at every step (each replay, each record: up to
# :data:`EVERY` events each time, most of a step's digest). ``marshal`` (version 2: no
# shared references) writes a value's every part with its exact type, in order, and reads
# back to an equal value, so one form is one JSON text whatever object holds it, and an
# event changed in place has another form: its JSON is made anew. A value ``marshal``
# cannot write (not plain data) is encoded every time. Emptied rather than grown past the
# tails of a few games.
_KEPT: dict[bytes, bytes] = {}
_KEPT_MOST = 4096


def _kept_json(value: Any) -> bytes:
    """``_json(value)``, from the memo when a value of the same form was encoded before."""
    try:
        form = marshal.dumps(value, 2)
    except ValueError:
        return _json(value)
    data = _KEPT.get(form)
    if data is None:
        if len(_KEPT) >= _KEPT_MOST:
            _KEPT.clear()
        data = _KEPT[form] = _json(value)
    return data


# Each journal keeps the links already worked out for it (by the link before and the
# events of the link: their identities, the memo holding the events themselves so that an
# identity is never reused while it is there). An event in a journal is never changed in
# place (undo and redo move it whole), so a process playing step after step digests only
# the events of the last link. Forgotten with the journal, or when it grows past twice the
# journal's links (an undo far back, a journal's events replaced).
_MEMO = "_prefix_links"
_Memo = dict[tuple[bytes, tuple[int, ...]], tuple[bytes, list[dict[str, Any]]]]


class Prefixes:
    """The digests of a journal's prefixes: ``digest(n)`` names its game, seed, options and
    first ``n`` events. One pass over the events, in links of :data:`EVERY` events, serves
    every ``n`` (the session's cache keys and the checkpoints' names)."""

    def __init__(self, journal: Journal, every: int | None = None) -> None:
        """Digest ``journal`` as it is now (a later change of it needs a new object), in links
        of ``every`` events (:data:`EVERY`)."""
        self.events = journal.events
        self.every = every or EVERY
        link = hashlib.sha256(_kept_json([journal.game, journal.seed, journal.options])).digest()
        self.links = [link]
        memo: _Memo = journal.__dict__.setdefault(_MEMO, {})
        if len(memo) > 2 * (len(self.events) // self.every) + 8:
            memo.clear()
        for start in range(0, len(self.events) - self.every + 1, self.every):
            link = _link(memo, link, self.events[start : start + self.every])
            self.links.append(link)

    def digest(self, n: int) -> str:
        """The digest of the first ``n`` events (and the game, seed and options)."""
        whole = n // self.every
        link = self.links[whole]
        tail = self.events[whole * self.every : n]
        # ``_json([n, tail])``, each event's part from the memo: a JSON list is its items'
        # texts joined by commas (no spaces: the separators above).
        body = b",".join([_kept_json(event) for event in tail])
        return hashlib.sha256(b"%s[%d,[%s]]" % (link, n, body)).hexdigest()

    def marks(self, below: int) -> list[int]:
        """The checkpoint steps (multiples of :data:`EVERY`) at or below ``below``, nearest
        first."""
        top = min(below, len(self.events)) // self.every
        return [k * self.every for k in range(top, 0, -1)]


def _link(memo: _Memo, before: bytes, chunk: list[dict[str, Any]]) -> bytes:
    """The digest of ``chunk`` of events after the link ``before`` (from ``memo`` when these
    very events were digested after it)."""
    key = (before, tuple(map(id, chunk)))
    found = memo.get(key)
    if found is not None:
        return found[0]
    link = hashlib.sha256(before + _json(chunk)).digest()
    memo[key] = (link, chunk)
    return link


# --- the key and the fingerprint ----------------------------------------------------------


def folder() -> Path:
    """The folder of the checkpoint files."""
    return paths.cache_dir() / FOLDER


def _key(create: bool) -> bytes | None:
    """This cache's signing key (made on first use, readable by the user alone); None when
    there is none and ``create`` is false, or it cannot be read or made."""
    path = folder() / KEY_FILE
    try:
        with open(path, "rb") as file:
            key = file.read(KEY_BYTES + 1)
        return key if len(key) == KEY_BYTES else None
    except FileNotFoundError:
        if not create:
            return None
    except OSError:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it meanwhile
        return _key(create=False)
    except OSError:
        return None
    key = secrets.token_bytes(KEY_BYTES)
    with os.fdopen(fd, "wb") as file:
        file.write(key)
    return key


@cache
def _code() -> bytes:
    """The fingerprint of the app's code and bundled data: every file of the package (name,
    size, modification time) and the Python version. Any change of the app, a rule or a deck
    makes every checkpoint of before unknown."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(sys.version.encode())
    entries = []
    for where, _dirs, files in os.walk(root, followlinks=True):
        for name in files:
            if name.endswith((".py", ".toml")):
                path = os.path.join(where, name)
                info = os.stat(path)
                entries.append(f"{os.path.relpath(path, root)}:{info.st_size}:{info.st_mtime_ns}")
    digest.update("\n".join(sorted(entries)).encode())
    return digest.digest()


def _modules(rules: Any) -> list[str]:
    """The modules a game's rules are made of: their class's, and those of the functions
    they hold (``session.FunctionRules``)."""
    found = {type(rules).__module__}
    for value in getattr(rules, "__dict__", {}).values():
        if callable(value) and isinstance(getattr(value, "__module__", None), str):
            found.add(value.__module__)
    return sorted(found)


def fingerprint(rules: Any, journal: Journal) -> bytes:
    """What a checkpoint's state depends on besides its journal: the code (the package's,
    and the modules of the rules, wherever they live), the rules' class, and the files its
    set-up reads (``rules.inputs(journal)``, when the rules have one: a game's own
    deck file)."""
    digest = hashlib.sha256(_code())
    kind = type(rules)
    digest.update(f"{kind.__module__}.{kind.__qualname__}".encode())
    files = [getattr(sys.modules.get(name), "__file__", None) for name in _modules(rules)]
    inputs: Iterable[Any] = getattr(rules, "inputs", lambda _journal: ())(journal)
    for name in [*(f for f in files if f), *inputs]:
        try:
            info = os.stat(name)
            digest.update(f"{name}:{info.st_size}:{info.st_mtime_ns}".encode())
        except (OSError, TypeError, ValueError):
            digest.update(f"{name}:missing".encode())
    return digest.digest()


def _name(code: bytes, digest: str) -> str:
    """The file name of a checkpoint: its journal prefix's digest under this code (a
    checkpoint of other code is never looked at, and never stands in the way of one)."""
    return hashlib.sha256(code + digest.encode()).hexdigest()


def _signature(key: bytes, code: bytes, name: str, body: bytes) -> bytes:
    return hmac.new(key, code + name.encode() + b"\n" + body, hashlib.sha256).digest()


# --- reading and writing ------------------------------------------------------------------


class _Pickler(pickle.Pickler):
    """Pickles a state; read-only mapping views become :func:`_proxy` of a dict."""

    def reducer_override(self, obj: Any) -> Any:
        """A mapping view as a call of :func:`_proxy`; anything else as pickle does it."""
        if type(obj) is types.MappingProxyType:
            return (_proxy, (dict(obj),))
        return NotImplemented


class _Unpickler(pickle.Unpickler):
    """Makes only classes of the app's own packages, of the game's and of plain data (and
    :func:`_proxy`): never a function, whatever the bytes ask for."""

    def __init__(self, data: bytes, packages: frozenset[str]) -> None:
        """Read ``data``, making classes of the modules in ``packages`` (and below) only."""
        super().__init__(io.BytesIO(data))
        self.packages = packages

    def find_class(self, module: str, name: str) -> Any:
        """The class ``module.name`` when it is one of the app's or the game's;
        UnpicklingError otherwise."""
        if module == __name__ and name == "_proxy":
            return _proxy
        if module.split(".", 1)[0] in self.packages and module in sys.modules:
            found = getattr(sys.modules[module], name, None)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"not a class of the game: {module}.{name}")


def _dumps(state: Any) -> bytes:
    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    return out.getvalue()


def restore(rules: Any, journal: Journal, prefixes: Prefixes, below: int) -> tuple[int, Any]:
    """The nearest checkpoint of ``journal`` at or below step ``below``: ``(k, state)`` with
    the state after its first ``k`` events, or ``(0, None)`` when there is none to trust."""
    marks = prefixes.marks(below)
    if not marks:
        return 0, None
    key = _key(create=False)
    if key is None:
        return 0, None
    code = fingerprint(rules, journal)
    packages = frozenset({_OWN, *_STANDARD, *(name.split(".", 1)[0] for name in _modules(rules))})
    for k in marks:
        name = _name(code, prefixes.digest(k))
        state = _read(folder() / name, key, code, name, packages)
        if state is not None:
            return k, state
    return 0, None


def _read(path: Path, key: bytes, code: bytes, name: str, packages: frozenset[str]) -> Any:
    """The state a checkpoint file holds, or None (missing, foreign, damaged or stale)."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError:
        return None
    size = len(MAGIC) + hashlib.sha256().digest_size
    if len(data) > MAX_BYTES or len(data) < size or not data.startswith(MAGIC):
        return None
    signature, body = data[len(MAGIC) : size], data[size:]
    if not hmac.compare_digest(signature, _signature(key, code, name, body)):
        return None
    try:
        return _Unpickler(body, packages).load()
    except Exception as error:  # a checkpoint never stops a replay: replayed instead
        caught(error, f"reading the replay checkpoint {path.name}")
        return None


def keep(
    rules: Any, journal: Journal, prefixes: Prefixes, marks: Sequence[tuple[int, Any]]
) -> None:
    """Keep the states ``marks`` (``(k, state)``: the state after the first ``k`` events) as
    checkpoints of ``journal``. Best effort: a cache that cannot be written is skipped."""
    if not marks:
        return
    try:
        key = _key(create=True)
        if key is None:
            return
        code = fingerprint(rules, journal)
        where = folder()
        for k, state in marks:
            name = _name(code, prefixes.digest(k))
            if (where / name).exists():
                continue
            body = _dumps(state)
            _write(where / name, MAGIC + _signature(key, code, name, body) + body)
    except Exception as error:  # a checkpoint is only ever a saving of time
        caught(error, "keeping a replay checkpoint")


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file renamed into place)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        _unlink(temporary)
        raise


def _unlink(path: str) -> None:
    """Remove ``path`` if it is there (a temporary file a failed write left)."""
    try:
        os.unlink(path)
    except OSError:
        return
