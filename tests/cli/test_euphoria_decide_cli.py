"""`companion euphoria decide SITUATION`: the JSON it prints, its errors, and fuzzing.

The rulebook's three worked examples come out exactly through the command;
docs/decide.md's examples are run and compared with the output shown there;
whatever the input, the command ends with status 0 and one JSON object, or
status 2 and one line naming the problem, never a traceback.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner
from euphoria_situations import situations
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.euphoria.board import ACTIONS, AREAS, FACTION_ICONS, SITES, SPACES
from companion.euphoria.situation import situation_to_dict

DOCS = Path(__file__).resolve().parents[2] / "docs" / "decide.md"


def run(args: list[str], stdin: str | bytes | None = None):
    return CliRunner().invoke(main, ["euphoria", "decide", *args], input=stdin)


def decide_text(text: str) -> dict:
    result = run(["-"], text)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("\n") == 1  # one JSON object on one line
    return json.loads(result.stdout)


COMMODITY = """\
players = 3
automa = "black"
faction = "icarus"
action = "commodity"
support = "{support}"
[workers]
available = [2, 6]
placed = [{{ knowledge = 4, space = "wastelands.commodity" }}, {{ knowledge = 3, space = "subterra.tunnel" }}]
"""


def test_rulebook_example_commodity_via_cli():
    """Place a Worker, example: generic icon -> the 2 on Icarus; Wastelands icon -> the 6."""
    out = decide_text(COMMODITY.format(support="automa"))
    assert (out["decision"], out["worker"], out["space"]) == ("place", 2, "icarus.commodity")
    assert out["bump"] is False and out["authority_token"] is None
    out = decide_text(COMMODITY.format(support="wastelands"))
    assert (out["worker"], out["space"]) == (6, "wastelands.commodity")


def test_rulebook_example_artifact_market_via_cli():
    """Artifact Market Action, example: Subterran artifact market, token on the bottommost
    Subterran market."""
    out = decide_text(
        """
players = 3
automa = "white"
faction = "wastelands"
action = "artifact_market"
support = "icarus"
[workers]
available = [5, 3, 1]
placed = [{ knowledge = 2, space = "euphoria.commodity" }]
[sites."euphoria.lower"]
built = true
[sites."subterra.lower"]
built = true
[sites."subterra.upper"]
built = true
automa_tokens = ["black"]
"""
    )
    assert (out["space"], out["authority_token"], out["worker"]) == (
        "subterra.artifact_market",
        "subterra.lower",
        5,
    )
    assert (
        "Faction area tiebreaker from Icarus: Icarus none, Wastelands none, Subterra yes."
        in (out["why"])
    )


def test_rulebook_example_constructed_market_via_cli():
    """Construct(ed) Market Action, example: the bottommost Euphorian construction space."""
    sites = "".join(f'[sites."{x}"]\nbuilt = true\n' for x in SITES if not x.startswith("euphoria"))
    out = decide_text(
        f"""
players = 3
automa = "black"
faction = "wastelands"
action = "construct_market"
support = "subterra"
[workers]
available = [4, 2]
placed = [{{ knowledge = 1, space = "euphoria.commodity" }}, {{ knowledge = 1, space = "icarus.commodity" }}]
{sites}"""
    )
    assert (out["space"], out["authority_token"], out["worker"], out["row"]) == (
        "euphoria.lower",
        None,
        4,
        2,
    )


def test_retrieve_output_keys():
    out = decide_text(
        """
players = 3
automa = "black"
faction = "icarus"
action = "construct_market"
support = "automa"
[workers]
placed = [{ knowledge = 4, space = "wastelands.commodity" }, { knowledge = 3, space = "euphoria.lower" }]
penalty_card = [6, 6]
[sites."euphoria.lower"]
workers = 1
"""
    )
    assert out["decision"] == "retrieve"
    assert out["retrieve"] == [4, 6, 6]
    assert [{k: x[k] for k in ("knowledge", "space")} for x in out["leave"]] == [
        {"knowledge": 3, "space": "euphoria.lower"}
    ]
    assert "construction sites" in out["why"]


def _doc_examples() -> list[tuple[str, dict]]:
    """(TOML, expected JSON) pairs: each ```toml block of docs/decide.md followed by ```json."""
    blocks = re.findall(r"```(toml|json)\n(.*?)```", DOCS.read_text(), re.S)
    pairs = []
    for (kind, body), (next_kind, next_body) in itertools.pairwise(blocks):
        if kind == "toml" and next_kind == "json":
            pairs.append((body, json.loads(next_body)))
    return pairs


def test_docs_have_examples():
    assert len(_doc_examples()) >= 4


@pytest.mark.parametrize(("toml", "expected"), _doc_examples())
def test_docs_examples_are_what_the_command_prints(toml, expected):
    out = decide_text(toml)
    assert {k: out[k] for k in expected} == expected


def test_file_argument_and_errors(tmp_path):
    path = tmp_path / "situation.toml"
    path.write_text(COMMODITY.format(support="automa").replace("[2, 6]", "[2, 7]"))
    result = run([str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {path}: workers.available[2]: 7 is not a die face 1-6\n"
    path.write_text(COMMODITY.format(support="automa"))
    result = run([str(path)])
    assert result.exit_code == 0 and json.loads(result.stdout)["worker"] == 2
    result = run([str(tmp_path / "nope.toml")])
    assert result.exit_code == 2
    assert result.stderr == f"error: {tmp_path / 'nope.toml'}: no such situation file\n"
    result = run([str(tmp_path)])
    assert result.exit_code == 2 and "is a folder, not a situation file" in result.stderr
    result = run(["-"], b"\xff\xfe")
    assert result.exit_code == 2 and result.stderr.startswith("error: <stdin>: not UTF-8")
    result = run(["-"], "players = [")
    assert result.exit_code == 2 and result.stderr.startswith("error: <stdin>: not valid TOML")


def _assert_one_outcome(result) -> None:
    assert result.exit_code in (0, 2), (result.exit_code, result.output, result.exception)
    if result.exit_code == 0:
        data = json.loads(result.stdout)
        assert data["decision"] in ("place", "retrieve") and data["why"]
        return
    assert result.stdout == ""
    lines = result.stderr.split("\n")
    assert len(lines) == 2 and lines[1] == "", result.stderr  # exactly one line
    assert lines[0].startswith("error: <stdin>: ")
    assert "Traceback" not in lines[0] and "internal error" not in lines[0]


_FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# A mutated situation costs about four times an input of random bytes (drawing the situation
# is most of it) and each run draws others: 150 a run.
_FUZZ_MUTATED = settings(_FUZZ, max_examples=150)


@_FUZZ
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_fuzz_any_bytes(text):
    _assert_one_outcome(run(["-"], text))


WORDS = st.sampled_from(
    [*SPACES, *ACTIONS, *AREAS, *FACTION_ICONS, "black", "white", "penalty_card", "territory:x"]
)
SCALARS = st.one_of(
    st.integers(-3, 8),
    st.integers(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    WORDS,
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.one_of(st.text(max_size=8), WORDS), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value, prefix=()):
    """Every (path to a container, key) in nested dicts and lists."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (prefix, key)
            yield from _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield (prefix, index)
            yield from _paths(inner, (*prefix, index))


# Made once, here: a strategy made inside the test is made and validated again at every draw.
KEYS = st.one_of(st.text(max_size=8), WORDS)
MUTATIONS = st.integers(1, 3)
CHANGES = st.sampled_from(("replace", "delete", "add"))


@cache
def _one_of(paths: tuple[tuple[tuple[str | int, ...], str | int], ...]) -> st.SearchStrategy:
    return st.sampled_from(paths)


@_FUZZ_MUTATED
@given(situations(), st.data())
def test_fuzz_mutated_situations(situation, data):
    """A valid situation with a few values replaced, deleted or added: status 0 or 2, one line."""
    doc = situation_to_dict(situation)
    for _ in range(data.draw(MUTATIONS)):
        container_path, key = data.draw(_one_of(tuple(_paths(doc))))
        container = doc
        for step in container_path:
            container = container[step]
        action = data.draw(CHANGES)
        if action == "delete":
            del container[key]
        elif action == "add" and isinstance(container, dict):
            container[data.draw(KEYS)] = data.draw(VALUES)
        elif action == "add":
            container.append(data.draw(VALUES))
        else:
            container[key] = data.draw(VALUES)
    _assert_one_outcome(run(["-"], tomli_w.dumps(doc)))


def test_decide_imports_no_textual_platformdirs_or_tomli_w(tmp_path):
    """The headless command starts without Textual (and without what only saves need)."""
    path = tmp_path / "s.toml"
    path.write_text(COMMODITY.format(support="automa"))
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "companion", "euphoria", "decide", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(result.stdout)["space"] == "icarus.commodity"
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()}
    for module in ("textual", "platformdirs", "tomli_w", "rich"):
        assert module not in imported


def test_decide_accepts_json_like_every_command(tmp_path):
    """`--json` is accepted (the output is always one JSON object)."""
    path = tmp_path / "s.toml"
    path.write_text(
        'players = 3\nautoma = "black"\nfaction = "icarus"\naction = "commodity"\n'
        'support = "automa"\n[workers]\navailable = [2, 6]\n'
        'placed = [{ knowledge = 1, space = "euphoria.commodity" }, '
        '{ knowledge = 5, space = "wastelands.commodity" }]\n'
    )
    result = CliRunner().invoke(main, ["euphoria", "decide", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["space"] == "icarus.commodity"


def test_standard_input_is_capped_like_a_file():
    """A valid situation followed by a 2 MiB comment is refused as a file that size is
    (exit 2, one line), not answered; exactly 1 MiB is still read."""
    situation = COMMODITY.format(support="automa")
    limit = 1024 * 1024
    result = run(["-"], situation + "#" + "x" * (2 * limit) + "\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        f"error: <stdin>: is too large for a situation file (over {limit} bytes)\n"
    )
    padded = situation + "#" + "x" * (limit - len(situation) - 2) + "\n"
    assert len(padded.encode()) == limit
    assert json.loads(run(["-"], padded).stdout)["space"] == "icarus.commodity"


def test_an_endless_standard_input_ends_the_command_at_the_cap():
    """`yes | companion euphoria decide -`: the command reads one byte past the cap and
    stops (exit 2) instead of reading (and keeping) all that is piped in."""
    endless = subprocess.Popen(["yes", "# a comment"], stdout=subprocess.PIPE)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "companion", "euphoria", "decide", "-"],
            stdin=endless.stdout,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        endless.kill()
        endless.wait()
    assert result.returncode == 2 and "too large" in result.stderr
    assert len(result.stderr.splitlines()) == 1
