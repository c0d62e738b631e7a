"""Reading a TOML data file (a deck, a situation) with one-line errors naming the file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion.core.errors import InputError


def read_toml(path: str | Path, what: str = "file") -> dict[str, Any]:
    """The parsed TOML of ``path``; InputError naming the file if it is missing or not TOML.

    ``what`` names the kind of file in the "no such ..." message ("deck file").
    """
    file = Path(path)
    name = str(file)
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        raise InputError(f"no such {what}", file=name) from None
    except IsADirectoryError:
        raise InputError(f"is a folder, not a {what}", file=name) from None
    except OSError as exc:
        raise InputError(f"cannot be read: {exc.strerror}", file=name) from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"not valid TOML: {' '.join(str(exc).split())}", file=name) from None
