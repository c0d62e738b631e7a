"""Export and Import of saves in the page (Pyodide): a game moves between phone and laptop.

A save in the page's data folder is the same TOML file the computer keeps, so Export
hands the page the file's text as it is (the page downloads it under its own name) and
Import takes a file the player picked: it must read as a companion save of a game this
app knows (:func:`companion.core.saves.read_save`, the guards of every save), and is
written beside the others under its own name, or a free one if a different save has it.
The page's dialog is HTML (a download and a file picker need the browser's own
controls), opened from the app's menu; its words come from here, through the catalog.

Imported only in the page.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from companion import paths
from companion.core import registry
from companion.core.catalog import _, say
from companion.core.errors import CompanionError
from companion.core.saves import NOT_SAVES, SUFFIX, read_save, scan_saves, write_text_atomically


def words() -> dict[str, str]:
    """The dialog's words, in the player's language."""
    return {
        "title": _("Saves on this phone"),
        "hint": _(
            "Export downloads a save: the same file the computer's companion reads. "
            "Import opens a save made on a computer or another phone."
        ),
        "export": _("Export"),
        "import": _("Import a save…"),
        "close": _("Close"),
        "none": _("no saved games yet"),
    }


def listed() -> list[list[str]]:
    """The readable saves, newest first: [file name, the game and its summary]."""
    rows = []
    for entry in scan_saves(paths.data_dir()):
        if entry.journal is not None:
            game = registry.find(entry.journal.game)
            title = _(game.title) if game else entry.journal.game
            rows.append(
                [entry.path.name, f"{title} · {registry.status_line(entry.journal) or '—'}"]
            )
    return rows


def exported(name: str) -> str:
    """The text of the save ``name`` of the data folder, as it is on disk."""
    return (paths.data_dir() / _file_name(name)).read_text(encoding="utf-8")


def _file_name(name: str) -> str:
    """``name`` as a save's file name in the data folder (no folder part, ``.toml``)."""
    base = Path(name).name.strip()
    stem = base.removesuffix(SUFFIX)
    stem = re.sub(r"[^\w.-]+", "-", stem).strip(".-") or "imported"
    return stem + SUFFIX


def imported(name: str, text: str) -> str:
    """Write the picked file ``name`` holding ``text`` into the data folder; its save's name.

    Refused with one line (a CompanionError, nothing written) unless it reads as a save
    of a game this app knows. The same save already there is not written twice.
    """
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "picked.toml"
        probe.write_text(text, encoding="utf-8")
        try:
            read_save(probe, registry.ids())
        except CompanionError as error:
            raise CompanionError(
                say("{name}: {problem}", name=name, problem=str(error).split(": ", 1)[-1])
            ) from None
    data = paths.data_dir()
    data.mkdir(parents=True, exist_ok=True)
    file_name = _file_name(name)
    if file_name in NOT_SAVES:
        file_name = "imported-" + file_name
    target = data / file_name
    number = 1
    while target.exists():
        if target.read_text(encoding="utf-8") == text:
            return target.stem
        number += 1
        target = data / f"{file_name.removesuffix(SUFFIX)}-{number}{SUFFIX}"
    write_text_atomically(target, text)
    return target.stem


def picked(name: str, text: str) -> list[str]:
    """:func:`imported` for the page: [the save's name, ""], or ["", the one-line problem]."""
    try:
        return [imported(name, text), ""]
    except CompanionError as error:
        return ["", str(error)]
    except (OSError, UnicodeError) as error:
        return ["", say("{name}: {problem}", name=name, problem=error)]
