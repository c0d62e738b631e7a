"""`companion euphoria decide SITUATION`: one Automa decision as one JSON object.

A thin shell over ``companion.euphoria.situation`` (read and check the file)
and ``companion.euphoria.decide`` (the rules). It imports nothing it does not
need at start-up: no Textual, no platformdirs, no tomli_w (docs/performance.md).
"""

from __future__ import annotations

import sys

import click

from companion.cli import words
from companion.cli.common import guarded, print_json
from companion.core.catalog import N_
from companion.core.tomlfile import read_limited_stream
from companion.euphoria.decide import decide as decide_situation
from companion.euphoria.situation import load_situation, parse_situation_text

STDIN = "-"


# The help as click shows it (no indentation: the message id is the text shown).
HELP = N_(
    "Print what the Automa does in SITUATION (a TOML file, or - for standard input).\n"
    "\n"
    'The output is one JSON object: "decision" ("place" or "retrieve"), then\n'
    'for a placement "worker", "space", "bump", "authority_token",\n'
    '"completes_site", for a retrieval "retrieve" and "leave"; always "why".\n'
    "A bad situation exits with status 2 and one line naming the field.\n"
    "See docs/decide.md."
)


@click.command(cls=words.Command, help=HELP)
@click.argument("situation", metavar="SITUATION")
@click.option(
    "--json", "as_json", is_flag=True, help=N_("Accepted like every command's; the output is JSON.")
)
@guarded
def decide(situation: str, as_json: bool = True) -> None:
    """Print what the Automa does in SITUATION (the help: ``HELP``)."""
    if situation == STDIN:
        # Capped as a situation file is: an endless pipe is refused, not read into memory.
        text = read_limited_stream(sys.stdin.buffer, "<stdin>", N_("situation file"))
        parsed = parse_situation_text(text, "<stdin>")
    else:
        parsed = load_situation(situation)
    print_json(decide_situation(parsed).to_json())
