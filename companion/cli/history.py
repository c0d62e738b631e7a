"""`companion history [--json] [--csv]`: the finished games and the difficulty ladder.

Headless (no Textual). Text by default; ``--json`` prints one object
``{"games": [...], "ladder": [...]}``; ``--csv`` one row a game for
spreadsheets. A damaged history file is one line naming it (exit 2).
``--confirm SAVE`` confirms the end of a game that a correction brought, so
that the ladder counts its win.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import click

from companion.cli import words
from companion.cli.common import guarded, print_json
from companion.core import registry
from companion.core.catalog import _, say, say_n
from companion.core.errors import InputError
from companion.core.saves import resolve_save_path
from companion.history.ladder import ladder
from companion.history.records import KEYS, Record, confirm, history_path, load


def _text(games: list[Record], rungs: list[dict[str, Any]]) -> None:
    if not games:
        click.echo(
            say("No finished game yet (the history lives in {place}).", place=history_path())
        )
    for r in games:
        level = f" · {r.difficulty}" if r.difficulty else ""
        who = f" ({r.winner})" if r.winner else ""
        if r.to_confirm:
            who += " · " + _("by a correction: not on the ladder until confirmed")
        elif r.corrected:
            who += " · " + _("by a correction")
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
        waiting = sum(row["unconfirmed"] for row in game["levels"])
        if waiting:
            click.echo(
                "  "
                + say_n(
                    "{count} win by a correction left off: `companion history --confirm SAVE`"
                    " counts it.",
                    "{count} wins by a correction left off: `companion history --confirm SAVE`"
                    " counts each.",
                    waiting,
                    count=waiting,
                )
            )
        click.echo(
            "  " + say("next: {level} — {reason}", level=game["suggested"], reason=game["reason"])
        )


def _confirm(save: str, as_json: bool) -> None:
    """Confirm the end of the game saved at ``save`` and say what the ladder now counts."""
    if not save.strip():
        raise InputError(_("the save name is empty"))
    game = confirm(resolve_save_path(save))
    if as_json:
        print_json({"game": game.to_json()})
        return
    click.echo(
        say(
            "Confirmed: the end of {save}, which a correction brought; its result ({result})"
            " counts on the ladder.",
            result=game.result,
            save=game.save,
        )
    )


@click.command(cls=words.Command)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (games, ladder).")
@click.option("--csv", "as_csv", is_flag=True, help="Print the games as CSV, one row a game.")
@click.option(
    "--bgstats",
    is_flag=True,
    help="Print the BG Stats link of each finished game, newest first (--json: the plays).",
)
@click.option(
    "--confirm",
    "confirm_save",
    metavar="SAVE",
    help="Confirm the end of the game saved at SAVE, which a correction brought: its win "
    "then counts on the ladder.",
)
@guarded
def history(
    as_json: bool, as_csv: bool, bgstats: bool = False, confirm_save: str | None = None
) -> None:
    """The games you finished and the difficulty ladder, with the level to try next."""
    if as_json and as_csv:
        raise InputError(_("give --json or --csv, not both"))
    if confirm_save is not None:
        if as_csv or bgstats:
            raise InputError(_("give --confirm alone (or with --json)"))
        _confirm(confirm_save, as_json)
        return
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
