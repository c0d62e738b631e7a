"""Reading a TOML data file (a deck, a situation, a save) with one-line errors naming the file.

Only a regular file is read (a FIFO or a device never hangs a command), of at
most a size cap (1 MiB for decks and situations; standard input has the same cap), nested at most
``validate.MAX_DEPTH`` levels. Standard library only: the light ``decide``
command may use it (docs/performance.md).
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any, BinaryIO

from companion.core.catalog import N_, _, say
from companion.core.errors import InputError, NotToml
from companion.core.validate import check_depth

MAX_BYTES = 1024 * 1024


def file_in_the_way(path: Path) -> Path | None:
    """The nearest existing folder above ``path`` when it is not a folder but a file (a data
    folder set to a file's name); None when the folders above ``path`` are folders."""
    for parent in Path(path).parents:
        if os.path.lexists(parent):
            return None if parent.is_dir() else parent
    return None


def not_a_folder(folder: Path) -> str:
    """The one-line problem of a file standing where a folder is needed."""
    return say("{folder}: is a file, not a folder", folder=folder)


def read_limited(path: Path, what: str = N_("save file"), limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes; InputError naming the
    file otherwise (missing, a folder, a FIFO or device, too large, unreadable)."""
    name = str(path)
    what = _(what)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(say("no such {what}", what=what), file=name) from None
    except NotADirectoryError:
        in_the_way = file_in_the_way(path)
        if in_the_way is None:
            raise InputError(say("no such {what}", what=what), file=name) from None
        raise InputError(not_a_folder(in_the_way)) from None
    except OSError as exc:
        raise InputError(
            say("cannot be read: {problem}", problem=exc.strerror or exc), file=name
        ) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(say("is a folder, not a {what}", what=what), file=name)
    if not stat.S_ISREG(info.st_mode):
        raise InputError(say("is not a regular file, so not a {what}", what=what), file=name)
    if info.st_size > limit:
        raise InputError(
            say(
                "is too large for a {what} ({size} bytes, at most {limit})",
                what=what,
                size=info.st_size,
                limit=limit,
            ),
            file=name,
        )
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError(say("no such {what}", what=what), file=name) from None
    except OSError as exc:
        raise InputError(
            say("cannot be read: {problem}", problem=exc.strerror or exc), file=name
        ) from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # swapped since the stat
            raise InputError(say("is not a regular file, so not a {what}", what=what), file=name)
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise InputError(
            say("is too large for a {what} (over {limit} bytes)", what=what, limit=limit), file=name
        )
    return data


def read_limited_stream(
    stream: BinaryIO, name: str, what: str = N_("save file"), limit: int = MAX_BYTES
) -> bytes:
    """The bytes of ``stream`` (standard input) up to its end, at most ``limit`` as for a file;
    InputError naming it (``name``) past that, read no further than one byte more."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputError(
            say("is too large for a {what} (over {limit} bytes)", what=_(what), limit=limit),
            file=name,
        )
    return data


# tomllib's own messages that name no value (its others quote the file's text), for the
# catalog: a parse error reads in the player's language as every other error.
_TOML_PROBLEMS = frozenset(
    (
        N_("Cannot overwrite a value"),
        N_("Escaped character is not a Unicode scalar value"),
        N_("Expected '=' after a key in a key/value pair"),
        N_("Expected ']' at the end of a table declaration"),
        N_("Expected ']]' at the end of an array declaration"),
        N_("Invalid date or datetime"),
        N_("Invalid hex value"),
        N_("Invalid initial character for a key part"),
        N_("Invalid statement"),
        N_("Invalid value"),
        N_("Unclosed array"),
        N_("Unclosed inline table"),
        N_("Unescaped '\\' in a string"),
        N_("Unterminated string"),
    )
)
_TOML_AT = re.compile(r"^(.*) \(at (?:line (\d+), column (\d+)|end of document)\)$")


def _toml_problem(detail: str) -> str:
    """tomllib's message ``detail`` in the player's language when it is one of its fixed
    messages ("Invalid value (at line 3, column 7)"); as tomllib wrote it otherwise."""
    match = _TOML_AT.match(detail)
    if match is None or match.group(1) not in _TOML_PROBLEMS:
        return detail
    problem = _(match.group(1))
    if match.group(2) is None:
        return say("{problem} (at end of document)", problem=problem)
    return say(
        "{problem} (at line {line}, column {column})",
        problem=problem,
        line=match.group(2),
        column=match.group(3),
    )


def parse_toml(raw: bytes, file: str, what: str = "file") -> dict[str, Any]:
    """Parsed TOML of ``raw`` (UTF-8), nested at most MAX_DEPTH levels; InputError naming ``file``."""
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        detail = " ".join(str(exc).split())
        problem = say("not valid TOML: {problem}", problem=_toml_problem(detail))
        raise NotToml(problem, detail, file=file) from None
    except RecursionError:
        raise InputError(_("nested too deeply"), file=file) from None
    check_depth(data, file=file)
    return data


def read_toml(path: str | Path, what: str = "file") -> dict[str, Any]:
    """The parsed TOML of ``path``; InputError naming the file if it is missing or not TOML.

    ``what`` names the kind of file in the "no such ..." message ("deck file").
    """
    file = Path(path)
    return parse_toml(read_limited(file, what, MAX_BYTES), str(file), what)
