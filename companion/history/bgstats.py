"""A finished game as a BG Stats play, and the link that opens BG Stats with it filled in.

BG Stats takes a play pushed from another app as a ``createPlay.html?data=`` link whose
``data`` is the play as JSON: ``sourceName``, ``playDate`` ("YYYY-MM-DD HH:MM:SS"),
``game`` (``name``, ``highestWins``, ``noPoints``; ``bggId`` only where it can be cited,
so it is left out here and BG Stats matches the game by its name) and ``players``
(``name``, ``winner``, ``startPlayer``, ``score``, ``role``). Nothing is sent anywhere: the
link is printed or shown as a QR code, and the player opens it on their own device.

The players are the humans as the game names them, the black and white Automas (Euphoria)
or the Plot (Ephios solo); the difficulty level goes in the play's comment.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from companion.core.catalog import _, say
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.history.records import Record

# The BG Stats web app's address that takes a pushed play (one named constant, so that a
# change of address is one line).
BGSTATS_CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Companion"
# The games as BG Stats (and BoardGameGeek) name them: titles, never translated.
GAME_NAMES = {
    "euphoria": "Euphoria: Build a Better Dystopia",
    "ephios-solo": "Ephios",
    "ephios-quick": "Ephios",
    "ephios-campaign": "Ephios",
}


def play_date(finished: str) -> str:
    """The history's ISO stamp ("2026-05-01T20:15:00+00:00") as BG Stats' play date
    ("2026-05-01 20:15:00")."""
    return finished[:19].replace("T", " ")


def _journal(record: Record) -> Journal | None:
    """The game's save, if it is still there and readable (the names of the players)."""
    from companion.core.saves import read_save

    try:
        return read_save(Path(record.save), record.game)
    except (CompanionError, OSError):
        return None


def _player(
    name: str, winner: bool, start: bool, role: str = "", score: int | None = None
) -> dict[str, Any]:
    player: dict[str, Any] = {"name": name, "winner": winner, "startPlayer": start}
    if score is not None:
        player["score"] = score
    if role:
        player["role"] = role
    return player


def _euphoria_players(record: Record, journal: Journal | None) -> list[dict[str, Any]]:
    humans = journal.options.get("humans", 1) if journal else 1
    count = humans if isinstance(humans, int) and humans > 0 else 1
    players = []
    for n in range(1, count + 1):
        name = _("You") if count == 1 else say("Player {n}", n=n)
        won = record.winner in ("human", f"human {n}") or (count == 1 and record.result == "won")
        players.append(_player(name, won, n == 1))
    for automa, name in (("black", _("Black Automa")), ("white", _("White Automa"))):
        players.append(_player(name, record.winner == automa, False, _("Automa")))
    return players


def _solo_players(record: Record) -> list[dict[str, Any]]:
    won = record.result == "won"
    return [_player(_("You"), won, True), _player(_("The Plot"), not won, False, _("Plot"))]


def _named_players(record: Record, journal: Journal | None) -> tuple[list[dict[str, Any]], bool]:
    """The players of a game between humans, by name, with their final popularity as the score
    when the save still tells it; and whether there are scores."""
    names = [str(p) for p in journal.options.get("players", [])] if journal else []
    if not names:
        return [_player(record.winner, True, True)] if record.winner else [], False
    first = journal.options.get("first") if journal else None
    start = first if first in names else names[0]
    scores = _final_scores(journal, names) if record.game == "ephios-quick" else {}
    players = [_player(n, n == record.winner, n == start, score=scores.get(n)) for n in names]
    return players, bool(scores)


def _final_scores(journal: Journal | None, names: list[str]) -> dict[str, int]:
    from companion.history.outcomes import outcome_of

    if journal is None:
        return {}
    try:
        series = outcome_of(journal).series
    except CompanionError:
        return {}
    return {s.name: s.values[-1] for s in series if s.name in names and s.values}


def play_of(record: Record, journal: Journal | None = None) -> dict[str, Any]:
    """The BG Stats play of a finished game (its save read for the players' names when
    ``journal`` is not given and the save is still there)."""
    if journal is None:
        journal = _journal(record)
    scored = False
    if record.game == "euphoria":
        players = _euphoria_players(record, journal)
    elif record.game == "ephios-solo":
        players = _solo_players(record)
    else:
        players, scored = _named_players(record, journal)
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": hashlib.sha1(f"{record.save}|{record.created}".encode()).hexdigest()[:16],
        "playDate": play_date(record.finished),
        "game": {
            "name": GAME_NAMES.get(record.game, record.game),
            "highestWins": True,
            "noPoints": not scored,
        },
        "players": players,
    }
    if record.difficulty:
        play["comments"] = say("Level: {level}", level=record.difficulty)
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
