"""`companion history [--json] [--csv]`: the finished games and the difficulty ladder.

Headless (no Textual). Text by default; ``--json`` prints one object
``{"games": [...], "ladder": [...]}``; ``--csv`` one row a game for
spreadsheets. A damaged history file is one line naming it (exit 2).
"""

from __future__ import annotations

import csv
import io
from typing import Any

import click

from companion.cli import words
from companion.cli.common import guarded, print_json
from companion.core import registry
from companion.core.catalog import _, say
from companion.core.errors import InputError
from companion.history.ladder import ladder
from companion.history.records import KEYS, Record, history_path, load


def _text(games: list[Record], rungs: list[dict[str, Any]]) -> None:
    if not games:
        click.echo(
            say("No finished game yet (the history lives in {place}).", place=history_path())
        )
    for r in games:
        level = f" · {r.difficulty}" if r.difficulty else ""
        who = f" ({r.winner})" if r.winner else ""
        kind = registry.find(r.game)  # a campaign counts rounds
        turns = kind.turns_text(r.turns) if kind else registry.turns_text(r.turns)
        click.echo(
            f"{r.finished[:16].replace('T', ' ')}  {r.game:<15} {r.result}{who}{level} · "
            + say("{turns} · {save}", turns=turns, save=r.save)
        )
    for game in rungs:
        played = [row for row in game["levels"] if row["played"]]
        click.echo("\n" + say("{game} ladder:", game=game["game"]))
        for row in played:
            run = row["streak"]
            click.echo(
                f"  {row['name']:<16} "
                + say(
                    "played {played}, won {won}, lost {lost}; streak {count} {result}",
                    played=row["played"],
                    won=row["won"],
                    lost=row["lost"],
                    count=run["count"],
                    result=run["result"],
                )
            )
        click.echo(
            "  " + say("next: {level} — {reason}", level=game["suggested"], reason=game["reason"])
        )


@click.command(cls=words.Command)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (games, ladder).")
@click.option("--csv", "as_csv", is_flag=True, help="Print the games as CSV, one row a game.")
@click.option(
    "--bgstats",
    is_flag=True,
    help="Print the BG Stats link of each finished game, newest first (--json: the plays).",
)
@guarded
def history(as_json: bool, as_csv: bool, bgstats: bool = False) -> None:
    """The games you finished and the difficulty ladder, with the level to try next."""
    if as_json and as_csv:
        raise InputError(_("give --json or --csv, not both"))
    games = load()
    if bgstats:
        from companion.cli.history_bgstats import print_bgstats

        print_bgstats(games, as_json, as_csv)
        return
    if as_json:
        print_json({"games": [r.to_json() for r in games], "ladder": ladder(games)})
    elif as_csv:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(KEYS), lineterminator="\n")
        writer.writeheader()
        for r in games:
            row = r.to_json()
            writer.writerow({k: "" if row[k] is None else row[k] for k in KEYS})
        click.echo(out.getvalue(), nl=False)
    else:
        _text(games, ladder(games))
