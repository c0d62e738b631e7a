"""Export and Import of saves in the page (Pyodide): a game moves between phone and laptop.

A save in the page's data folder is the same TOML file the computer keeps, so Export
hands the page the file's text as it is (the page downloads it under its own name) and
Import takes a file the player picked: it must read as a companion save of a game this
app knows (:func:`companion.core.saves.read_save`, the guards of every save). Import knows
its game: a file of a game already on the phone (the same game, seed, start and options,
whatever the file's name) replaces the phone's save when it is the newer one (its steps
start with all of the phone's: the game played on elsewhere), and otherwise is a question
for the player (replace, keep both, cancel); never a silent second copy. A file of a game
the phone does not have is written beside the others under its own name, or a free one.
The page's dialog is HTML (a download and a file picker need the browser's own
controls), opened from the app's menu; its words come from here, through the catalog.

Imported only in the page.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from companion import paths
from companion.core import registry, session
from companion.core.catalog import _, say, say_n
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.saves import (
    NOT_SAVES,
    SUFFIX,
    journal_to_toml,
    read_save,
    scan_saves,
    write_text_atomically,
)

# The player's answers when a picked file is a game the phone has and not the newer one.
REPLACE, BOTH = "replace", "both"


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
        "replace": _("Replace it"),
        "both": _("Keep both"),
        "cancel": _("Cancel"),
    }


def listed() -> list[list[str]]:
    """The readable saves, newest first: [file name, the game and its summary]."""
    rows = []
    for entry in scan_saves(paths.data_dir()):
        if entry.journal is not None:
            game = registry.find(entry.journal.game)
            title = _(game.title) if game else entry.journal.game
            rows.append([entry.path.name, f"{title} · {session.status_line(entry.journal) or '—'}"])
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


class ImportQuestion(Exception):
    """The picked file is a game the phone has, and not the newer one: the player chooses
    (:data:`REPLACE`, :data:`BOTH`, or nothing). Its text is the question; nothing written."""


def _read(name: str, text: str) -> Journal:
    """The journal of the picked file ``name`` (a CompanionError of one line if it is not a
    save of a game this app knows)."""
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "picked.toml"
        probe.write_text(text, encoding="utf-8")
        try:
            return read_save(probe, registry.ids())
        except CompanionError as error:
            raise CompanionError(
                say("{name}: {problem}", name=name, problem=str(error).split(": ", 1)[-1])
            ) from None


def same_game(one: Journal, other: Journal) -> bool:
    """Whether two journals are one game (as saved here and elsewhere): the same game, seed,
    start and options; the steps may differ."""
    return (one.game, one.seed, one.created, one.options) == (
        other.game,
        other.seed,
        other.created,
        other.options,
    )


def extends(newer: Journal, older: Journal) -> bool:
    """Whether ``newer`` is ``older`` played on: its steps start with all of older's, and it
    has more of them, or as many written later (a step undone and played again)."""
    steps = len(older.events)
    return newer.events[:steps] == older.events and (
        len(newer.events) > steps or newer.revision > older.revision
    )


def _twin(journal: Journal) -> tuple[Path, Journal, bool] | None:
    """The save of the data folder holding the game of ``journal`` (of several copies kept
    on purpose: one at the same step, else the furthest one ``journal`` extends, else the
    newest), and whether ``journal`` is the newer; None if the phone has not this game."""
    twins = [
        (entry.path, entry.journal)
        for entry in scan_saves(paths.data_dir())  # newest first
        if entry.journal is not None and same_game(entry.journal, journal)
    ]
    for path, here in twins:
        if (here.events, here.redo_stack, here.revision) == (
            journal.events,
            journal.redo_stack,
            journal.revision,
        ):
            return path, here, False
    extended = [twin for twin in twins if extends(journal, twin[1])]
    if extended:
        path, here = max(extended, key=lambda twin: len(twin[1].events))
        return path, here, True
    return (*twins[0], False) if twins else None


def _question(name: str, here: Journal, there: Journal) -> str:
    """What to ask when the file ``name`` (``there``) is not the newer copy of ``here``."""
    lines = {"name": name, "here": _status(here), "there": _status(there)}
    if extends(here, there):
        return say(
            "{name}: this phone has this game further on ({here}) than the file ({there}). "
            "Replace the phone's game with the file?",
            **lines,
        )
    return say(
        "{name}: this game went one way on this phone ({here}) and another in the file "
        "({there}). Replace the phone's game with the file?",
        **lines,
    )


def _status(journal: Journal) -> str:
    """Where a game stands, for the question (its step count when its line is empty)."""
    return session.status_line(journal) or say_n("{n} step", "{n} steps", len(journal.events))


def _replace(path: Path, here: Journal, journal: Journal, text: str) -> None:
    """The save at ``path`` (``here``) replaced by the picked ``journal`` (``text``): as the
    file is, unless its revision is not past the phone's (a revision never goes back)."""
    if journal.revision > here.revision:
        write_text_atomically(path, text)
        return
    journal.revision = here.revision + 1
    write_text_atomically(path, journal_to_toml(journal))


def imported(name: str, text: str, choice: str = "") -> str:
    """Write the picked file ``name`` holding ``text`` into the data folder; its save's name.

    Refused with one line (a CompanionError, nothing written) unless it reads as a save
    of a game this app knows. A game the phone has is replaced by the file when the file is
    the newer one; otherwise :class:`ImportQuestion` asks, and ``choice`` answers it
    (:data:`REPLACE` the phone's save, :data:`BOTH` kept: the file under a free name). The
    same save already there is not written twice.
    """
    journal = _read(name, text)
    twin = _twin(journal)
    if twin is not None:
        path, here, newer = twin
        if (here.events, here.redo_stack, here.revision) == (
            journal.events,
            journal.redo_stack,
            journal.revision,
        ):
            return path.stem  # already here
        if choice == REPLACE or (not choice and newer):
            _replace(path, here, journal, text)
            return path.stem
        if choice != BOTH:
            raise ImportQuestion(_question(name, here, journal))
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


def picked(name: str, text: str, choice: str = "") -> list[str]:
    """:func:`imported` for the page: [the save's name, "", ""], ["", the one-line problem,
    ""], or ["", "", the question] (the page asks it, then calls again with the choice)."""
    try:
        return [imported(name, text, choice), "", ""]
    except ImportQuestion as question:
        return ["", "", str(question)]
    except CompanionError as error:
        return ["", str(error), ""]
    except (OSError, UnicodeError) as error:
        return ["", say("{name}: {problem}", name=name, problem=error), ""]
