"""`companion history --bgstats`: the BG Stats link of each finished game, newest first.

Text: one line a game (when, which game, how it ended) and its link below; ``--json``: one
object ``{"plays": [...]}`` with each game's BG Stats play object and its link.
"""

from __future__ import annotations

import click

from companion.cli.common import print_json
from companion.core.catalog import _, say
from companion.core.errors import InputError
from companion.history.bgstats import finished_plays
from companion.history.records import Record, history_path


def print_bgstats(games: list[Record], as_json: bool, as_csv: bool = False) -> None:
    """Print the BG Stats link (``as_json``: the play object and link) of each game, newest
    first; InputError with ``--csv`` (a link is no spreadsheet row)."""
    if as_csv:
        raise InputError(_("give --bgstats or --csv, not both"))
    plays = finished_plays(games)
    if as_json:
        print_json(
            {"plays": [{"save": r.save, "play": play, "link": link} for r, play, link in plays]}
        )
        return
    if not plays:
        click.echo(say("No finished game yet (the history lives in {path}).", path=history_path()))
    for record, play, link in plays:
        click.echo(
            say(
                "{date}  {game} · {result}",
                date=play["playDate"][:16],
                game=play["game"]["name"],
                result=record.result,
            )
        )
        click.echo(f"  {link}")
