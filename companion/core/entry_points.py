"""The entry points of one group, read without importing :mod:`importlib.metadata`.

Every `companion` process reads the ``companion.games`` entry points to find its games.
``importlib.metadata`` imports the email package, zipfile, csv and more to do it: over
half of the CPU `companion --help` spent beyond Python's own start. Where the installed
distributions are plain folders on ``sys.path`` (a virtual environment, a system's
site-packages, an editable install), this reads their ``entry_points.txt`` itself, the
way ``importlib.metadata.entry_points`` does: each distribution once, the first found on
``sys.path`` by its normalised name. Anywhere else (a zip on ``sys.path``, an import hook
that finds distributions of its own, as in Pyodide) it asks ``importlib.metadata``.
"""

from __future__ import annotations

import os
import re
import sys
from importlib.machinery import PathFinder

_SUFFIXES = (".dist-info", ".egg-info")


def entries(group: str) -> list[tuple[str, str]]:
    """The name and value (``module:attribute`` or ``module``) of every entry point of
    ``group``, in the order ``importlib.metadata.entry_points`` gives them."""
    found = _from_folders(group)
    if found is None:
        from importlib import metadata

        return [(entry.name, entry.value) for entry in metadata.entry_points(group=group)]
    return found


def values(group: str) -> list[str]:
    """The value of every entry point of ``group`` (:func:`entries`)."""
    return [value for _name, value in entries(group)]


def _from_folders(group: str) -> list[tuple[str, str]] | None:
    """The values read from the distributions' folders; None when some distribution could
    be elsewhere (then only ``importlib.metadata`` knows)."""
    if any(
        hasattr(finder, "find_distributions") and finder is not PathFinder
        for finder in sys.meta_path
    ):
        return None
    seen: set[str] = set()
    found: list[tuple[str, str]] = []
    for entry in sys.path:
        folder = entry or "."
        if os.path.isfile(folder):
            return None  # a zip: its distributions are read by importlib.metadata alone
        try:
            names = os.listdir(folder)
        except OSError:
            continue  # not there (or not a folder): nothing found in it, as for metadata
        for name in names:
            low = name.lower()
            if not low.endswith(_SUFFIXES):
                continue
            distribution = _normalised(low.rpartition(".")[0].partition("-")[0])
            if distribution in seen:
                continue
            seen.add(distribution)
            found.extend(_group(os.path.join(folder, name, "entry_points.txt"), group))
    return found


def _normalised(name: str) -> str:
    """A distribution's name as importlib.metadata compares them (PEP 503, then ``_``)."""
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _group(path: str, group: str) -> list[tuple[str, str]]:
    """The name and value of ``group``'s entries in the ``entry_points.txt`` at ``path`` (none when
    there is no such file): ``[section]`` lines, ``name = value`` lines, ``#`` comments."""
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except OSError:
        return []
    section, found = None, []
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group:
            name, _equals, value = line.partition("=")
            found.append((name.strip(), value.strip()))
    return found
