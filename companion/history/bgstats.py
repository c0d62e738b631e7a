"""A finished game as a BG Stats play, and the link that opens BG Stats with it filled in.

BG Stats takes a play pushed from another app as a ``createPlay.html?data=`` link whose
``data`` is the play as JSON: ``sourceName``, ``sourcePlayId``, ``playDate`` ("YYYY-MM-DD
HH:MM:SS"), ``game`` (``name``, ``sourceGameId``, ``highestWins``, ``noPoints``; ``bggId``
only where it can be cited, so it is left out here) and ``players`` (``name``,
``sourcePlayerId``, ``winner``, ``startPlayer``, ``score``, ``role``). BG Stats matches a
game and a player by their source ids first: they are the same in every language (the game's
id; each player's id from the game), while the names are in the player's language. Nothing
is sent anywhere: the link is printed or shown as a QR code, and the player opens it on
their own device.

What differs from game to game comes from its registration (``companion.core.registry``):
its title where plays are logged (``play_title``) and its players (``seats``: the humans,
then an opponent of the game's own such as an Automa or the Plot); the level goes in the
play's comment by its name.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from companion.core import registry
from companion.core.catalog import say
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.outcome import Seat
from companion.history.records import Record

# The BG Stats web app's address that takes a pushed play (one named constant, so that a
# change of address is one line).
BGSTATS_CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Companion"


def play_date(finished: str) -> str:
    """The history's ISO stamp ("2026-05-01T20:15:00+00:00") as BG Stats' play date
    ("2026-05-01 20:15:00")."""
    return finished[:19].replace("T", " ")


def game_title(game: str) -> str:
    """The title of ``game`` where plays are logged (never translated; its id without one)."""
    found = registry.find(game)
    return found.play_title if found is not None and found.play_title else game


def level_name(game: str, level: str) -> str:
    """The level ``level`` of ``game`` by its name, as the ladder shows it (its id when the
    game has no such level)."""
    for levels in registry.levels():
        if levels.game == game:
            return levels.names.get(level, level)
    return level


def _journal(record: Record) -> Journal | None:
    """The game's save, if it is still there and readable (the names of the players)."""
    from companion.core.saves import read_save

    try:
        return read_save(Path(record.save), record.game)
    except (CompanionError, OSError):
        return None


def _player(seat: Seat) -> dict[str, Any]:
    player: dict[str, Any] = {
        "name": seat.name,
        "sourcePlayerId": seat.id,
        "winner": seat.winner,
        "startPlayer": seat.start,
    }
    if seat.score is not None:
        player["score"] = seat.score
    if seat.role:
        player["role"] = seat.role
    return player


def play_of(record: Record, journal: Journal | None = None) -> dict[str, Any]:
    """The BG Stats play of a finished game (its save read for the players' names when
    ``journal`` is not given and the save is still there)."""
    if journal is None:
        journal = _journal(record)
    seats = registry.seats(journal, record.game, record.result, record.winner)
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": hashlib.sha1(f"{record.save}|{record.created}".encode()).hexdigest()[:16],
        "playDate": play_date(record.finished),
        "game": {
            "name": game_title(record.game),
            "sourceGameId": record.game,
            "highestWins": True,
            "noPoints": all(seat.score is None for seat in seats),
        },
        "players": [_player(seat) for seat in seats],
    }
    if record.difficulty:
        level = level_name(record.game, record.difficulty)
        play["comments"] = say("Level: {level}", level=level)
    return play


def play_link(play: dict[str, Any], base: str = BGSTATS_CREATE_PLAY) -> str:
    """The link that opens BG Stats with ``play`` filled in (``base?data=`` the play's JSON,
    percent-encoded)."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{base}?data={quote(data, safe='')}"


def finished_plays(records: list[Record]) -> list[tuple[Record, dict[str, Any], str]]:
    """Every finished game's play and link, the newest first."""
    # Oldest first, then reversed: games finished in the same second keep the history's
    # order, the later-recorded one first.
    newest = sorted(records, key=lambda r: r.finished)[::-1]
    out = []
    for record in newest:
        play = play_of(record)
        out.append((record, play, play_link(play)))
    return out


def qr_lines(link: str) -> list[str]:
    """``link`` as a QR code of half blocks, one string a row (two modules a character row),
    for the end-of-game screen to show and a phone to scan. The light modules are the drawn
    ones (as ``companion serve`` draws its code), so on a terminal's dark background the code
    reads dark on light, with its quiet zone."""
    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(link)
    code.make(fit=True)
    matrix: list[list[bool]] = code.get_matrix()
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    glyph = {(False, False): "█", (True, False): "▄", (False, True): "▀", (True, True): " "}
    return [
        "".join(glyph[(top, bottom)] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(matrix[::2], matrix[1::2], strict=True)
    ]
