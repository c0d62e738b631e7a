"""`companion euphoria cards|turn|event|checklist`, and how the protocol's `new`, `show`,
`undo` and `redo` make and print a Euphoria game (``FACE``, ``companion.cli.table``).

A thin shell over ``companion.euphoria.game``: parse options, call the engine,
save after every step, print text or one JSON object. Errors are one line
(exit 2); questions the engine needs are printed and exit 3, changing nothing.
An ``event`` given without any of its options asks the questions of its report
(``companion.euphoria.reports``, the same the app asks), answered with ``--answer``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from companion.cli import saving, words
from companion.cli.common import (
    announce,
    announce_lines,
    guarded,
    parse_answers,
    print_json,
    revision_option,
)
from companion.cli.table import Face, LaterJSON, Reply
from companion.core.catalog import _, say, say_n
from companion.core.errors import CompanionError, InputError
from companion.core.game import TableGame
from companion.core.journal import Journal
from companion.core.questions import Announcement
from companion.core.saves import resolve_save_path
from companion.core.validate import parse_int, yes_or_no
from companion.euphoria import game, journal_text, reports
from companion.euphoria import game as game_engine  # in the face, `game` is the game object
from companion.euphoria import words as spoken
from companion.euphoria.board import automa_name
from companion.euphoria.events import EVENT_KINDS, ReportFirst
from companion.euphoria.state import GameOptions, GameState

# An event kind whose options all have defaults today (``human-won``: human 1) is
# recorded as given; the others, given without any option, ask their report's questions.
RECORDED_AS_GIVEN = frozenset({"human-won"})


def _list(text: str | None, name: str) -> list[str] | None:
    """'a,b' -> ['a', 'b']; '' -> []; None -> None."""
    if text is None:
        return None
    return [part.strip() for part in text.split(",") if part.strip()]


def _dice(text: str | None, name: str) -> list[int] | None:
    items = _list(text, name)
    if items is None:
        return None
    out = []
    for item in items:
        try:
            out.append(parse_int(item))
        except InputError:
            raise InputError(
                say("{value} is not a die face (1-6)", value=repr(item)), field=name
            ) from None
    return out


def _yes_no(text: str | None, name: str) -> bool | None:
    if text is None:
        return None
    answer = yes_or_no(text)
    if answer is None:
        raise InputError(say("{value} must be yes or no", value=repr(text)), field=name)
    return answer


def _announce(announcements: Sequence[Announcement], as_json: bool) -> None:
    announce(announcements)


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
answer_option = click.option(
    "--answer",
    "answers",
    multiple=True,
    metavar="ID=VALUE",
    help="Answer a question (repeatable; 'many' answers comma-separated, yes/no as yes or no).",
)


@click.command(cls=words.Command)
@click.option("--difficulty", default="intermediate", show_default=True)
@click.option("--seed", type=int, required=True)
@click.option("--turns", type=click.IntRange(0, 10000), default=20, show_default=True)
# (metavar given: click.Path names itself when it is made, in the language of the import)
@click.option(
    "--deck",
    "deck_path",
    type=click.Path(),
    metavar="PATH",
    help="Another deck file of the format.",
)
@json_option
@guarded
def cards(difficulty: str, seed: int, turns: int, deck_path: str | None, as_json: bool) -> None:
    """Preview the Automa deck cycle alone: the card pair of each Automa turn."""
    rows = game.preview_cards(difficulty, seed, turns, deck_path)
    for row in rows:
        if as_json:
            print_json(row)
        else:
            line = say(
                "turn {turn}: action {action} support {support} add-ins {add_in}",
                turn=f"{row['turn']:3}",
                action=f"{row['action']:4}",
                support=f"{row['support']:4}",
                add_in=row["add_in"],
            )
            click.echo(line + (_("  rebuilt") if row["rebuilt"] else ""))


@click.command(cls=words.Command)
@click.argument("save")
@revision_option
@answer_option
@json_option
@guarded
def turn(save: str, revision: int | None, answers: tuple[str, ...], as_json: bool) -> None:
    """Run the next Automa turn (exit 3 with questions when it needs facts)."""
    with saving.editing_game(resolve_save_path(save), game.GAME, revision) as journal:
        report = game.run_turn(journal, parse_answers(answers))
    if as_json:
        spoken_lines = spoken.spoken(report.announcements)
        print_json({**report.to_json(), "spoken": spoken_lines, "revision": journal.revision})
        return
    _announce(report.announcements, as_json)
    click.echo(report.state.summary())


@click.command(cls=words.Command)
@click.argument("save")
@click.argument("kind", type=click.Choice(list(EVENT_KINDS)))
@click.option("--automa", type=click.Choice(["black", "white"]))
@click.option("--space", help="A space id, e.g. subterra.tunnel.")
@click.option("--site", help="A market site id, e.g. euphoria.lower.")
@click.option("--count", type=int, help="How many workers (site-add, site-remove).")
@click.option("--workers", metavar="SITE=N,...", help="sites: humans' workers on each site.")
@click.option("--automas", metavar="A,B", help="market-built: Automas with a worker there.")
@click.option("--faction", help="activation, last-tier: the faction (an area id).")
@click.option("--player", type=int, help="human-won: which human won, 1 or 2 (default 1).")
@click.option("--available", metavar="K,...", help="correct: available workers' knowledge.")
@click.option("--placed", metavar="K@SPACE,...", help="correct: the placed workers.")
@click.option("--penalty-card", metavar="K,...", help="correct: workers on the card.")
@click.option("--penalty-side", metavar="yes|no", help="correct: the card's side.")
@click.option("--tokens-left", type=int, help="correct: authority tokens not placed.")
@click.option("--built", metavar="yes|no", help="correct: the site's market is built.")
@click.option("--humans", type=int, help="correct: humans' workers on the site.")
@click.option("--market-tokens", metavar="A,B", help="correct: Automas with a token there.")
@revision_option
@answer_option
@json_option
@guarded
def event(
    save: str,
    kind: str,
    revision: int | None,
    answers: tuple[str, ...],
    as_json: bool,
    **options: Any,
) -> None:
    """Report what a human did (KIND: bump, site-add, site-remove, sites, market-built,
    activation, last-tier, human-won, correct). Without its options, an event asks the
    questions of its report (exit 3; answer them with --answer ID=VALUE)."""
    fields: dict[str, Any] = {
        "automa": options["automa"],
        "space": options["space"],
        "site": options["site"],
        "count": options["count"],
        "faction": options["faction"],
        "player": options["player"],
        "tokens_left": options["tokens_left"],
        "humans": options["humans"],
        "automas": _list(options["automas"], "automas"),
        "available": _dice(options["available"], "available"),
        "placed": _list(options["placed"], "placed"),
        "penalty_card": _dice(options["penalty_card"], "penalty-card"),
        "penalty_side": _yes_no(options["penalty_side"], "penalty-side"),
        "built": _yes_no(options["built"], "built"),
        "market_tokens": _list(options["market_tokens"], "market-tokens"),
    }
    if options["workers"] is not None:
        workers: dict[str, int] = {}
        for pair in _list(options["workers"], "workers") or []:
            site, sep, n = pair.partition("=")
            try:
                count = parse_int(n) if sep else None
            except InputError:
                count = None
            if count is None:
                raise InputError(say("{pair}: expected SITE=N", pair=repr(pair)), field="workers")
            if site.strip() in workers:
                raise InputError(say("{site} is listed twice", site=site.strip()), field="workers")
            workers[site.strip()] = count
        fields["workers"] = workers
    given = parse_answers(answers)
    asks = kind not in RECORDED_AS_GIVEN and all(v is None for v in fields.values())
    asks = asks and options["workers"] is None
    try:
        with saving.editing_game(resolve_save_path(save), game.GAME, revision) as journal:
            if asks:
                announcements = reports.report(journal, kind, given)
            else:
                announcements = game.apply_event(journal, kind, given, strict=True, **fields)
    except ReportFirst as exc:  # the engine names what to report; the CLI says how
        how = " or ".join(f"`event {report}`" for report in exc.reports)
        raise CompanionError(
            say("{problem} (report it with {how})", problem=exc, how=how)
        ) from None
    state = game.replay(journal)
    if as_json:
        print_json(
            {
                "event": kind,
                "revision": journal.revision,
                "announcements": [a.to_json() for a in announcements],
                "summary": state.summary(),
                "state": state.to_json(),
            }
        )
        return
    _announce(announcements, as_json)
    click.echo(state.summary())


@click.command(cls=words.Command)
@click.option("--players", type=click.IntRange(2, 6), required=True)
@click.option("--base-game", is_flag=True, help="Original recruits and markets (no Bazaar).")
@click.option("--active", metavar="F1,...", help="Each player's active recruit's faction.")
@json_option
@guarded
def checklist(players: int, base_game: bool, active: str | None, as_json: bool) -> None:
    """The set-up checklist of a game without Automas (2–6 humans)."""
    items = game.multiplayer_checklist(players, base_game, tuple(_list(active, "active") or ()))
    if as_json:
        print_json({"players": players, "checklist": [i.to_json() for i in items]})
        return
    for number, item in enumerate(items, 1):
        click.echo(f"{number}. {item.title}")
        for line in item.lines:
            click.echo(f"   - {line}")
        click.echo(f"   ({item.why})")


class EuphoriaFace(Face):
    """How the protocol's commands make and print a Euphoria game: ``new`` from its set-up
    options (and the set-up checklist), ``show`` the deck, the Automas and the sites, and
    ``undo``/``redo`` what to put back on the table."""

    def journal(
        self,
        game: TableGame[Any],
        values: Mapping[str, Any],
        answers: dict[str, str],
        seed: int | None,
    ) -> Journal:
        """A new game of the options of ``new`` (NeedAnswers for the Automas' starting
        workers when the dice are physical)."""
        deck_path = values["deck_path"]
        options = GameOptions(
            humans=values["humans"],
            difficulty=values["difficulty"],
            recruits=tuple(_list(values["recruits"], "recruits") or ()),
            solo_variant=values["solo_variant"],
            base_game=values["base_game"],
            physical_dice=values["physical_dice"],
            physical_deck=values["physical_deck"],
            deck=str(Path(deck_path).resolve()) if deck_path else "",
            factions=tuple(_list(values["factions"], "factions") or ()),
            report_sites=values["report_sites"],
            report_tracks=values["report_tracks"],
        )
        return game_engine.new_game(options, seed, answers)

    def created(self, game: TableGame[Any], path: Path, journal: Journal, save: str) -> Reply:
        """The set-up checklist (``--json``: the set-up as data)."""
        data = game_engine.setup_json(journal)
        lines = [say("New game saved to {path} (seed {seed}).", path=path, seed=journal.seed)]
        for number, item in enumerate(data["checklist"], 1):
            lines.append(f"\n{number}. {item['title']}")
            lines.extend(f"   - {line}" for line in item["lines"])
            lines.append(f"   ({item['why']})")
        command = f"companion euphoria turn {save}"
        lines.append("\n" + say("When the humans have played, run: {command}", command=command))
        return Reply({**data, "save": str(path), "revision": journal.revision}, lines)

    def shown(self, game: TableGame[Any], path: Path, journal: Journal) -> Reply:
        """The deck, the Automas, the sites (``--json``: the whole state and the journal, its
        lines made only for the JSON)."""
        state = game_engine.replay(journal)
        data = {
            **state.to_json(),
            "save": str(path),
            "revision": journal.revision,
            "can_undo": journal.can_undo(),
            "can_redo": journal.can_redo(),
        }
        later = {"journal": lambda: journal_text.journal_lines(journal)}
        return Reply(LaterJSON(data, later), show_lines(path, state))

    def before(self, journal: Journal, steps: int, undo: bool) -> list[Announcement]:
        """What to take back on the table, read before the steps are undone."""
        return journal_text.undo_lines(journal, steps) if undo else []

    def moved(
        self,
        game: TableGame[Any],
        path: Path,
        journal: Journal,
        moved: list[dict[str, Any]],
        steps: int,
        before: Any,
        undo: bool,
    ) -> Reply:
        """What to take back (undo) or play again (redo) on the table, and the game."""
        lines: list[Announcement] = list(before)
        if not undo:
            first = len(journal.events) - steps + 1
            for step in journal_text.replay_steps(journal, first=first):
                lines += step.announcements
        state = game_engine.replay(journal)
        data = {
            "undone" if undo else "redone": steps,
            "turn": state.turn,
            "revision": journal.revision,
            "announcements": [a.to_json() for a in lines],
            "summary": state.summary(),
            "state": state.to_json(),
        }
        said = (
            say_n("Undid {n} step.", "Undid {n} steps.", steps)
            if undo
            else say_n("Redid {n} step.", "Redid {n} steps.", steps)
        )
        return Reply(data, [said, *announce_lines(lines), state.summary()])


def show_lines(path: Path, state: GameState) -> list[str]:
    """The game as `show` prints it: the deck, each Automa, the sites with workers."""
    data = state.to_json()
    deck = data["deck"]
    lines = [
        f"{path}: {state.summary()}",
        say(
            "Deck: pass {passes}, {cards}, {add_ins}; action {action}, support {support}.",
            passes=deck["pass"],
            cards=say_n("{n} card left", "{n} cards left", deck["cards_left"]),
            add_ins=say_n("{n} add-in deck left", "{n} add-in decks left", deck["add_ins_left"]),
            action=deck["action"],
            support=deck["support"],
        ),
    ]
    lines.extend(_automa_line(name, automa) for name, automa in data["automas"].items())
    lines.extend(_site_lines(data["sites"]))
    return lines


def _automa_line(name: str, automa: Mapping[str, Any]) -> str:
    """One Automa's workers, penalty card and tokens."""
    placed = ", ".join(f"{w['knowledge']}@{w['space']}" for w in automa["placed"])
    facts = {
        "automa": automa_name(name),
        "faction": automa["faction"],
        "available": automa["available"],
        "placed": placed or _("none"),
        "card": automa["penalty_card"],
        "tokens": automa["tokens_left"],
    }
    if automa["penalty_side"]:
        return say(
            "{automa} ({faction}): available {available}, placed {placed}, on the card "
            "{card}, penalty side, {tokens} tokens left.",
            **facts,
        )
    return say(
        "{automa} ({faction}): available {available}, placed {placed}, on the card "
        "{card}, non-penalty side, {tokens} tokens left.",
        **facts,
    )


def _site_lines(sites: Mapping[str, Any]) -> list[str]:
    """Each market built, and each construction site with workers on it."""
    lines = []
    for site, info in sites.items():
        if info["built"]:
            tokens = ", ".join(info["automa_tokens"]) or _("no Automa token")
            lines.append(say("{site}: built ({tokens}).", site=site, tokens=tokens))
        elif info["automa_workers"] or info["humans"]:
            automas = say_n("{n} Automa worker", "{n} Automa workers", len(info["automa_workers"]))
            humans = say_n("{n} human worker", "{n} human workers", info["humans"])
            lines.append(
                say(
                    "{site}: {automas} and {humans} on the construction site.",
                    site=site,
                    automas=automas,
                    humans=humans,
                )
            )
    return lines


FACE = EuphoriaFace()
