"""With ``COMPANION_LANG=en_XA`` no plain English word is left in any CLI output.

Every ``companion`` command and subcommand (the click tree walked from ``companion.cli:main``,
the lazy groups of the game registry included) is run with ``--help``, then a scripted set
of real runs of each game, the history, the voice and the errors. The pseudo-locale
accents every letter of a translated text, so a run of two or more plain ASCII letters is
either an id — a command or option name, a choice, a JSON key or id-like JSON value, a card,
space, faction or question id, a file name, what the test typed — or an English word that
escaped the catalog; the test fails listing each escaped word and the command that printed
it. Nothing is allow-listed because it is English: the ids come from the click tree, the
game's own tables and the output's JSON.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import inspect
import json
import re
import shlex
import tomllib
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.cli.help_messages import help_texts
from companion.cli.words import CLICK_MESSAGES
from companion.core import registry
from companion.ephios.cards import load_deck
from companion.ephios.solo_actions import ACTIONS
from companion.euphoria.board import AREAS, AUTOMAS, FACTION_ICONS, SPACES
from companion.euphoria.cards import LEVEL_IDS, PILES

REPO = Path(__file__).resolve().parents[2]
SITUATION = """\
players = 3
automa = "black"
faction = "icarus"
action = "commodity"
support = "automa"

[workers]
available = [2, 6]
placed = [{ knowledge = 4, space = "wastelands.commodity" }, { knowledge = 3, space = "subterra.tunnel" }]
"""
SOLO_SETUP = ("--reveal", "cult", "--reveal", "order-dignitary", "--reveal", "syndicate")
SOLO_SETUP += ("--reveal", "academy")
WORD = re.compile(r"[A-Za-z]{2,}")
ID_LIKE = re.compile(r"^[A-Za-z0-9_.:@=,/+-]*$")
# JSON fields that cite, not say: an announcement's "rule" names the passage of the
# (English) rulebook it applies, as a card id names a card.
CITATIONS = frozenset({"rule"})
URL = re.compile(r"https?://\S+")
PATH = re.compile(r"(?<![\w.])/[\w./-]+")
# a question the CLI lists: "  ID: text [choices]" (the id is what the player types)
QUESTION = re.compile(r"^(\s+)[\w.-]+: ")


def walk(
    command: click.Command, path: tuple[str, ...]
) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command under ``command`` (itself first), with its path of names."""
    yield path, command
    if isinstance(command, click.Group):
        ctx = click.Context(command, info_name=path[-1] if path else "companion")
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                yield from walk(sub, (*path, name))


def tree_ids() -> set[str]:
    """The words of the click tree's ids: command names, option names, choices."""
    ids: set[str] = set()
    for path, command in walk(main, ()):
        for name in path:
            ids.update(WORD.findall(name))
        ctx = click.Context(command, info_name=path[-1] if path else "companion")
        for param in command.get_params(ctx):
            for opt in (*param.opts, *param.secondary_opts):
                ids.update(WORD.findall(opt))
            if isinstance(param.type, click.Choice):
                for choice in param.type.choices:
                    ids.update(WORD.findall(str(choice)))
            if param.name:
                ids.update(WORD.findall(param.name))
    return ids


def game_ids() -> set[str]:
    """The words of the games' ids: Euphoria's areas, spaces and Automas, Ephios' cards."""
    ids: set[str] = {"companion", "toml", "wav", "json", "csv"}
    # the games as BG Stats and BoardGameGeek name them: the titles that find the game there
    for title in (game.play_title for game in registry.games()):
        ids.update(WORD.findall(title))
    for level in (*LEVEL_IDS, *PILES):
        ids.update(WORD.findall(level))
    for table in (AREAS, SPACES, AUTOMAS, FACTION_ICONS):
        for key in table:
            ids.update(WORD.findall(str(key)))
    for card in load_deck().card_order():
        ids.update(WORD.findall(card))
    # the words of a solo action (`act recruit SLOT`, `use CARD replay`): verbs and fields
    for verb, action in ACTIONS.items():
        ids.update(WORD.findall(verb))
        ids.update(field.name for field in dataclasses.fields(action))
    return ids


def json_prose(value: object) -> Iterator[str]:
    """The texts of a JSON value that are not ids: its keys, ``true``/``false``/``null`` and
    its id-like string values are data; every other string is prose, checked."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in CITATIONS:
                yield from json_prose(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_prose(item)
    elif isinstance(value, str) and not ID_LIKE.match(value):
        yield value


def json_keys(value: object) -> Iterator[str]:
    """The keys of a JSON value, at every depth."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from json_keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_keys(item)


def printed_json(output: str) -> Iterator[object]:
    """Every JSON value printed as a line of ``output``."""
    for line in output.splitlines():
        stripped = line.strip()
        if stripped.startswith(("{", "[")):
            with contextlib.suppress(ValueError):  # a line of prose that starts with "["
                yield json.loads(stripped)


def shown_text(output: str) -> str:
    """The prose of ``output``: each JSON line replaced by its prose strings, web addresses
    and absolute file paths left out, the id of each listed question left out."""
    lines = []
    for line in output.splitlines():
        stripped = line.strip()
        if stripped.startswith(("{", "[")):
            try:
                lines.extend(json_prose(json.loads(stripped)))
                continue
            except ValueError:
                pass
        line = QUESTION.sub(r"\1", line)
        lines.append(PATH.sub(" ", URL.sub(" ", line)))
    return "\n".join(lines)


class Session:
    """Runs commands in the pseudo-locale and gathers the words that escaped."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp = tmp_path
        self.ids = tree_ids() | game_ids()
        self.escaped: dict[str, set[str]] = {}
        self.codes: list[tuple[str, int]] = []
        self.typed: set[str] = set()  # what the test typed so far (names of players, ...)

    def run(self, *args: str, stdin: str | None = None) -> click.testing.Result:
        """Run ``companion ARGS`` and note every word of its output that is not an id."""
        result = CliRunner().invoke(main, list(args), input=stdin, prog_name="companion")
        output = result.output + (result.stderr if result.stderr_bytes else "")
        self.typed |= {word for arg in args for word in WORD.findall(arg)}
        for value in printed_json(output):  # JSON keys are ids, here and in every help
            self.ids |= {word for key in json_keys(value) for word in WORD.findall(key)}
        words = set(WORD.findall(shown_text(output))) - self.ids - self.typed
        if words:
            self.escaped[shlex.join(args)] = words
        assert "Traceback" not in output, output
        self.codes.append((shlex.join(args), result.exit_code))
        return result

    def report(self) -> str:
        """The escaped words, a line a command."""
        return "\n".join(f"{cmd}: {' '.join(sorted(w))}" for cmd, w in self.escaped.items())


@pytest.fixture
def session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Session:
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    return Session(tmp_path)


def test_every_help_is_translated(session: Session) -> None:
    """`--help` of every command and group, and `--version`."""
    # the JSON keys a help names are learnt from the commands' JSON
    session.run("ephios", "plot", "cult", "order-dignitary", "syndicate", "academy")
    situation = session.tmp / "situation.toml"
    situation.write_text(SITUATION)
    session.run("euphoria", "decide", str(situation))
    paths = [path for path, _command in walk(main, ())]
    assert ("euphoria", "turn") in paths and ("ephios", "solo", "act") in paths
    for path in paths:
        assert session.run(*path, "--help").exit_code == 0
    session.run("--version")
    assert not session.escaped, session.report()


def euphoria_runs(session: Session) -> None:
    """A game of Euphoria through the CLI: every command, events of each kind."""
    save = str(session.tmp / "e.toml")
    run = session.run
    run("euphoria", "new", save, "--recruits", "icarus,euphoria", "--seed", "11")
    run("euphoria", "new", save, "--recruits", "icarus,euphoria")  # exists already
    run("euphoria", "turn", save)
    physical = str(session.tmp / "p.toml")  # the printed cards: a turn asks which ones
    run("euphoria", "new", physical, "--recruits", "icarus,euphoria", "--physical-deck")
    run("euphoria", "turn", physical)
    asked = run("euphoria", "turn", physical, "--json")
    answers: list[str] = []
    for _round in range(6):
        if asked.exit_code != 3:
            break
        for q in json.loads(asked.output.strip().splitlines()[-1])["questions"]:
            value = {"yes_no": "no", "many": "", "number": str(q.get("minimum", 1))}.get(
                q["kind"], (q["choices"] or [""])[0]
            )
            answers += ["--answer", f"{q['id']}={value}"]
        if run("euphoria", "turn", physical, *answers).exit_code == 0:  # answered in words
            break
        asked = run("euphoria", "turn", physical, "--json", *answers)
    else:
        raise AssertionError("the turn kept asking")
    for kind in ("bump", "site-add", "site-remove", "sites", "market-built"):
        run("euphoria", "event", save, kind)  # without its options: its questions
    for kind in ("activation", "last-tier", "correct"):
        run("euphoria", "event", save, kind)
    run("euphoria", "event", save, "site-add", "--site", "euphoria.upper")
    run("euphoria", "event", save, "sites", "--workers", "euphoria.upper=1")
    run("euphoria", "event", save, "activation", "--faction", "icarus")
    run("euphoria", "event", save, "last-tier", "--faction", "icarus")
    run("euphoria", "event", save, "market-built", "--site", "euphoria.upper")
    run("euphoria", "event", save, "bump", "--automa", "black", "--space", "icarus.commodity")
    run("euphoria", "event", save, "correct", "--automa", "black", "--tokens-left", "9")
    run("euphoria", "event", save, "site-remove", "--site", "euphoria.upper")
    run("euphoria", "undo", save)
    run("euphoria", "redo", save)
    run("euphoria", "show", save)
    run("euphoria", "show", save, "--json")
    run("euphoria", "cards", "--seed", "3")
    run("euphoria", "checklist", "--players", "4")
    run("euphoria", "event", save, "human-won")  # without its options: human 1 won
    run("euphoria", "show", save)
    run("euphoria", "turn", save)  # the game is over
    dice = str(session.tmp / "d.toml")  # the Automas' dice rolled at the table: questions
    run("euphoria", "new", dice, "--recruits", "icarus,euphoria", "--physical-dice")
    run("euphoria", "new", dice, "--recruits", "icarus,euphoria", "--physical-dice", "--force")
    situation = session.tmp / "situation.toml"
    situation.write_text(SITUATION)
    run("euphoria", "decide", str(situation))
    run("euphoria", "decide", "-", stdin=SITUATION)
    run("euphoria", "decide", str(session.tmp / "nope.toml"))


def ephios_runs(session: Session) -> None:
    """Ephios: the solo game, the Plot's decision, the quick game and the campaign."""
    run = session.run
    save = str(session.tmp / "s.toml")
    run("ephios", "solo", "new", save, "--seed", "3", *SOLO_SETUP)
    run("ephios", "solo", "act", save, "recruit", "2", "--cost", "1")
    run("ephios", "solo", "act", save, "debate", "1", "--reveal", "company", "--reveal", "order")
    run("ephios", "solo", "move", save, "cult", "discard", "hand")
    run("ephios", "solo", "undo", save)
    run("ephios", "solo", "show", save)
    run("ephios", "plot", "cult", "order-dignitary", "syndicate", "academy")
    run("ephios", "plot", "guild")
    quick = str(session.tmp / "q.toml")
    run("ephios", "quick", "new", quick, "--player", "Ann", "--player", "Bob", "--player", "Cy")
    run("ephios", "quick", "unite", quick, "Ann", "company", "--affinity", "match")
    run("ephios", "quick", "unite", quick, "Ann", "cult", "--affinity", "match")
    run("ephios", "quick", "popularity", quick, "Ann", "-10")
    run("ephios", "quick", "flip", quick)
    run("ephios", "quick", "next", quick)
    run("ephios", "quick", "show", quick)
    camp = str(session.tmp / "c.toml")
    run("ephios", "campaign", "new", camp, "--player", "Ann", "--player", "Bob")
    run("ephios", "campaign", "alliance", camp, "Guild", "--gain", "50", "--unite", "2")
    run("ephios", "campaign", "unite", camp, "Bob", "guild", "--affinity", "match")
    run("ephios", "campaign", "show", camp)
    run("ephios", "gain", "syndicate", "--affinity", "hand")


def test_every_run_is_translated(session: Session) -> None:
    """Real runs of each game, the history, the voice and the errors."""
    euphoria_runs(session)
    ephios_runs(session)
    run = session.run
    run("history")
    run("history", "--bgstats")
    run("voice")
    run("voice", "--test", "--to", str(session.tmp / "sample.wav"))
    # errors: a bad option value, an unknown option, a missing save, a malformed save
    run("euphoria", "new", str(session.tmp / "x.toml"), "--humans", "7")
    run("euphoria", "new", str(session.tmp / "x.toml"), "--bogus")
    run("euphoria", "show", str(session.tmp / "missing.toml"))
    bad = session.tmp / "bad.toml"
    bad.write_text("this is [not toml")
    run("euphoria", "show", str(bad))
    run("ephios", "solo", "show", str(bad))
    assert not session.escaped, session.report()


def marked_messages() -> set[str]:
    """Every message Babel extracts from the command line's modules: the help texts (our
    extractor) and the strings given to ``_``/``N_``/``say``."""
    messages: set[str] = set()
    for path in (REPO / "companion" / "cli").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        messages.update(text for _line, text in help_texts(source))
        for node in ast.walk(ast.parse(source)):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) in ("_", "N_", "say")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                messages.add(node.args[0].value)
    return messages


def test_every_help_is_in_the_catalog() -> None:
    """Each command's help (docstring or help=) and each option's help and metavar, as the
    help looks it up, is a message Babel extracts: a translator sees every one."""
    marked = marked_messages() | set(CLICK_MESSAGES)
    missing = []
    for path, command in walk(main, ()):
        english = command.__dict__.get("_english_help")
        if english and inspect.cleandoc(english) not in marked:
            missing.append((path, inspect.cleandoc(english)[:60]))
        ctx = click.Context(command, info_name="companion")
        for param in command.params:
            text = getattr(param, "help", None)
            if text and inspect.cleandoc(text) not in marked:
                missing.append((path, text[:60]))
            if param.metavar and param.metavar not in marked:
                missing.append((path, param.metavar))
            if not isinstance(param.type, click.Choice) and param.metavar is None:
                shown = param.type.get_metavar(param=param, ctx=ctx) or (
                    (param.name or "").upper()
                    if isinstance(param, click.Argument)
                    else param.type.name.upper()
                )
                if shown not in marked and not getattr(param, "is_flag", False):
                    missing.append((path, shown))
    assert not missing, missing


# The fields of a save that hold what the player typed: players' and alliances' names.
TYPED_FIELDS = frozenset({"name", "player", "players", "first", "replaces"})


def typed_in(value: object, key: str = "") -> set[str]:
    """The words the player typed into a save (its TYPED_FIELDS, at any depth)."""
    if isinstance(value, dict):
        return {w for k, item in value.items() for w in typed_in(item, str(k))}
    if isinstance(value, list):
        return {w for item in value for w in typed_in(item, key)}
    if isinstance(value, str) and key in TYPED_FIELDS:
        return set(WORD.findall(value))
    return set()


def test_every_saved_game_is_translated(session: Session) -> None:
    """The saves of every kind and version in tests/fixtures: shown, a turn, a step undone
    (the names of its players and alliances are what the player typed)."""
    fixtures = REPO / "tests" / "fixtures"
    saves = sorted((fixtures / "saves").glob("*.toml")) + sorted(fixtures.glob("*/*.toml"))
    assert len(saves) > 10
    for source in saves:
        save = session.tmp / source.name
        save.write_bytes(source.read_bytes())
        session.typed |= typed_in(tomllib.loads(source.read_text(encoding="utf-8")))
        if source.name.startswith("euphoria") or source.name == "busy-turn.toml":
            group: tuple[str, ...] = ("euphoria",)
            session.run(*group, "show", str(save), "--json")
            session.run(*group, "turn", str(save))
        else:
            kind = next((k for k in ("quick", "campaign") if k in source.name), "solo")
            group = ("ephios", kind)
            session.run(*group, "show", str(save), "--json")
        session.run(*group, "show", str(save))
        session.run(*group, "undo", str(save))
    assert not session.escaped, session.report()
