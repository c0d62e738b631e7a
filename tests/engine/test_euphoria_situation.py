"""Situation files (docs/decide.md): every key, its default, and every way to get one wrong.

Each bad situation gives one InputError line naming the file and the field
as written in the file, and what was expected.
"""

from __future__ import annotations

import copy
import tomllib

import pytest
import tomli_w

from companion.core.errors import InputError
from companion.core.tomlfile import parse_toml
from companion.euphoria.model import DEFAULT_RETRIEVE_WITH_ONE, PlacedWorker, Site
from companion.euphoria.situation import (
    load_situation,
    parse_situation,
    parse_situation_text,
)

# The example of the issue and of docs/decide.md.
EXAMPLE = """\
players = 3
automa = "black"
faction = "icarus"
action = "artifact_market"
support = "automa"
camping = false
occupied = ["icarus.breeze_bar"]

[workers]
available = [2, 6]
placed = [{ knowledge = 4, space = "wastelands.commodity" }, { knowledge = 3, space = "euphoria.lower" }]
penalty_card = []

[sites."subterra.lower"]
built = true
automa_tokens = ["white"]
[sites."euphoria.lower"]
built = false
workers = 1
"""


def base() -> dict:
    return tomllib.loads(EXAMPLE)


def test_example_parses():
    """The situation example of docs/decide.md parses into the Situation it describes."""
    s = parse_situation_text(EXAMPLE, "situation.toml")
    assert (s.players, s.automa, s.faction, s.action, s.support, s.camping) == (
        3,
        "black",
        "icarus",
        "artifact_market",
        "automa",
        False,
    )
    assert s.available == (2, 6)
    assert s.placed == (
        PlacedWorker(4, "wastelands.commodity"),
        PlacedWorker(3, "euphoria.lower"),
    )
    assert s.penalty_card == ()
    assert s.occupied == frozenset({"icarus.breeze_bar"})
    assert s.site("subterra.lower") == Site(built=True, automa_tokens=frozenset({"white"}))
    assert s.site("euphoria.lower") == Site(workers=1)
    assert s.site("wastelands.upper") == Site()  # not listed: unbuilt, no workers
    assert s.retrieve_with_one_worker == DEFAULT_RETRIEVE_WITH_ONE


def test_defaults():
    """camping, occupied, sites, placed, penalty_card and retrieve_with_one_worker may be left out."""
    s = parse_situation(
        {
            "players": 4,
            "automa": "white",
            "faction": "subterra",
            "action": "commodity",
            "support": "wastelands",
            "workers": {"available": [1, 2, 3, 4]},
        }
    )
    assert s.camping is False and s.occupied == frozenset() and dict(s.sites) == {}
    assert s.placed == () and s.penalty_card == ()
    assert s.retrieve_with_one_worker == DEFAULT_RETRIEVE_WITH_ONE


def test_retrieve_with_one_worker_override():
    data = base() | {"retrieve_with_one_worker": ["artifact_market"]}
    assert parse_situation(data).retrieve_with_one_worker == frozenset({"artifact_market"})
    data = base() | {"retrieve_with_one_worker": []}
    assert parse_situation(data).retrieve_with_one_worker == frozenset()


def test_site_workers_count_this_automas_workers_too():
    """A construction site's worker count includes the Automa's own workers there."""
    data = base()
    data["workers"]["placed"].append({"knowledge": 1, "space": "euphoria.upper"})
    data["workers"]["available"] = [2]
    data["sites"]["euphoria.upper"] = {"workers": 1}
    assert len(parse_situation(data).placed) == 3


def _set(data: dict, path: str, value) -> None:
    *parents, last = path.split("/")
    for key in parents:
        data = data[int(key)] if isinstance(data, list) else data[key]
    if value is DELETE:
        del data[last]
    elif isinstance(data, list):
        data[int(last)] = value
    else:
        data[last] = value


DELETE = object()

# (path in the example's data, new value, the whole expected message after "situation.toml: ")
BAD = [
    ("workers/available/1", 7, "workers.available[2]: 7 is not a die face 1-6"),
    ("workers/available/0", 0, "workers.available[1]: 0 is not a die face 1-6"),
    ("workers/available/1", "6", "workers.available[2]: '6' is not a die face 1-6"),
    ("workers/available/1", 6.0, "workers.available[2]: 6.0 is not a die face 1-6"),
    (
        "workers/available",
        2,
        "workers.available: 2 is not a list (expected a list of die faces 1-6, e.g. [2, 6])",
    ),
    (
        "colour",
        "red",
        "colour: unknown key (expected one of players, automa, faction, action, support, camping, occupied, workers, sites, retrieve_with_one_worker)",
    ),
    ("players", 5, "players: 5 is not 3 or 4 (players, Automas included)"),
    ("players", 2, "players: 2 is not 3 or 4 (players, Automas included)"),
    ("players", True, "players: true is not 3 or 4 (players, Automas included)"),
    ("players", DELETE, "players: missing (see docs/decide.md)"),
    ("automa", "red", "automa: 'red' is not one of black, white"),
    ("automa", DELETE, "automa: missing (see docs/decide.md)"),
    ("faction", "automa", "faction: 'automa' is not one of euphoria, wastelands, subterra, icarus"),
    ("faction", DELETE, "faction: missing (see docs/decide.md)"),
    (
        "action",
        "comodity",
        "action: 'comodity' is not one of commodity, tunnel_breeze_bar, tunnel_sky_lounge, artifact_market, construct_market",
    ),
    ("action", DELETE, "action: missing (see docs/decide.md)"),
    (
        "support",
        "mars",
        "support: 'mars' is not one of automa, euphoria, wastelands, subterra, icarus",
    ),
    ("support", DELETE, "support: missing (see docs/decide.md)"),
    ("camping", "no", "camping: 'no' is not true or false"),
    ("camping", 0, "camping: 0 is not true or false"),
    (
        "occupied",
        "icarus.breeze_bar",
        "occupied: 'icarus.breeze_bar' is not a list (expected a list of space ids)",
    ),
    ("occupied/0", 3, "occupied[1]: 3 is not a space id (a string)"),
    (
        "occupied/0",
        "icarus.commodity",
        "occupied[1]: 'icarus.commodity' is not a single-occupancy space (expected one of euphoria.artifact_market, euphoria.lower, euphoria.tunnel, euphoria.upper, icarus.breeze_bar, icarus.sky_lounge, subterra.artifact_market, subterra.lower, subterra.tunnel, subterra.upper, wastelands.artifact_market, wastelands.lower, wastelands.tunnel, wastelands.upper)",
    ),
    (
        "occupied/0",
        "euphoria.lower",
        "occupied[1]: euphoria.lower is a construction site (its market is not built), whose spaces are never bumped; leave it out, or set built = true",
    ),
    ("workers", DELETE, "workers: missing (see docs/decide.md)"),
    (
        "workers",
        [2, 6],
        "workers: [2, 6] is not a table (expected a table with available, placed, penalty_card)",
    ),
    (
        "workers/spare",
        [1],
        "workers.spare: unknown key (expected one of available, placed, penalty_card)",
    ),
    (
        "workers/placed/0/space",
        "mars.commodity",
        "workers.placed[1].space: 'mars.commodity' is not a space (expected one of euphoria.commodity, wastelands.commodity, subterra.commodity, icarus.commodity, euphoria.artifact_market, wastelands.artifact_market, subterra.artifact_market, euphoria.lower, euphoria.upper, wastelands.lower, wastelands.upper, subterra.lower, subterra.upper, euphoria.tunnel, wastelands.tunnel, subterra.tunnel, icarus.breeze_bar, icarus.sky_lounge)",
    ),
    ("workers/placed/0/space", 4, "workers.placed[1].space: 4 is not a space id (a string)"),
    ("workers/placed/0/knowledge", DELETE, "workers.placed[1].knowledge: missing"),
    ("workers/placed/1/knowledge", 9, "workers.placed[2].knowledge: 9 is not a die face 1-6"),
    (
        "workers/placed/0/colour",
        "black",
        "workers.placed[1].colour: unknown key (expected one of knowledge, space)",
    ),
    (
        "workers/placed/0",
        4,
        "workers.placed[1]: 4 is not a table (expected { knowledge = 1-6, space = <space id> })",
    ),
    (
        "workers/available",
        [2],
        "workers: 3 workers in all (1 available + 2 placed + 0 on the penalty card); an Automa has exactly 4",
    ),
    (
        "workers/available",
        [2, 6, 1],
        "workers: 5 workers in all (3 available + 2 placed + 0 on the penalty card); an Automa has exactly 4",
    ),
    (
        "workers/penalty_card",
        [5],
        "workers.penalty_card[1]: 5 is not 6 (only a worker that rolls 6 goes on the penalty card)",
    ),
    (
        "sites/moon.lower",
        {"built": True},
        'sites."moon.lower": unknown key (expected one of euphoria.lower, euphoria.upper, wastelands.lower, wastelands.upper, subterra.lower, subterra.upper)',
    ),
    ("sites", 3, "sites: 3 is not a table (expected [sites.<site id>] tables)"),
    (
        "sites/subterra.lower/workers",
        1,
        'sites."subterra.lower".workers: 1 workers on the construction site of a built market (a built market has no construction site: expected 0)',
    ),
    (
        "sites/subterra.lower/built",
        "yes",
        "sites.\"subterra.lower\".built: 'yes' is not true or false",
    ),
    (
        "sites/subterra.lower/size",
        4,
        'sites."subterra.lower".size: unknown key (expected one of built, workers, automa_tokens)',
    ),
    (
        "sites/subterra.lower/automa_tokens",
        ["grey"],
        "sites.\"subterra.lower\".automa_tokens[1]: 'grey' is not one of black, white",
    ),
    (
        "sites/subterra.lower/automa_tokens",
        ["white", "white"],
        "sites.\"subterra.lower\".automa_tokens[2]: 'white' is listed twice",
    ),
    (
        "sites/euphoria.lower/workers",
        2,
        'sites."euphoria.lower".workers: 2 is not 0-1: with 3 players 2 workers build the market (then write built = true)',
    ),
    (
        "sites/euphoria.lower/workers",
        -1,
        'sites."euphoria.lower".workers: -1 is not 0-1: with 3 players 2 workers build the market (then write built = true)',
    ),
    (
        "sites/euphoria.lower/workers",
        0,
        "workers.placed[2].space: 1 of this Automa's workers on the construction site euphoria.lower but sites.\"euphoria.lower\".workers is 0 (it counts everyone's workers there)",
    ),
    (
        "sites/euphoria.lower/automa_tokens",
        ["black"],
        'sites."euphoria.lower".automa_tokens: an unbuilt market holds no authority tokens (expected [] or built = true)',
    ),
    ("workers/placed/0/space", "icarus.breeze_bar", None),  # fine: its own worker there
    (
        "retrieve_with_one_worker",
        ["fly"],
        "retrieve_with_one_worker[1]: 'fly' is not one of commodity, tunnel_breeze_bar, tunnel_sky_lounge, artifact_market, construct_market",
    ),
    (
        "retrieve_with_one_worker",
        "commodity",
        "retrieve_with_one_worker: 'commodity' is not a list (expected a list of commodity, tunnel_breeze_bar, tunnel_sky_lounge, artifact_market, construct_market)",
    ),
]


@pytest.mark.parametrize(
    ("path", "value", "message"), BAD, ids=[b[0] + "=" + repr(b[1])[:20] for b in BAD]
)
def test_bad_situation_names_the_field(path, value, message):
    data = copy.deepcopy(base())
    _set(data, path, value)
    text = tomli_w.dumps(data)
    if message is None:
        parse_situation_text(text, "situation.toml")
        return
    with pytest.raises(InputError) as info:
        parse_situation_text(text, "situation.toml")
    assert str(info.value) == f"situation.toml: {message}"
    assert "\n" not in str(info.value)


def test_two_own_workers_on_one_single_occupancy_space():
    """Single-occupancy spaces hold one worker: two of the Automa's own there is not a possible situation."""
    data = base()
    data["workers"]["placed"][0]["space"] = "subterra.tunnel"
    data["workers"]["placed"].append({"knowledge": 5, "space": "subterra.tunnel"})
    data["workers"]["available"] = [2]
    with pytest.raises(
        InputError,
        match=r"workers.placed\[3\].space: subterra.tunnel already holds workers.placed\[1\]",
    ):
        parse_situation(data, "s.toml")


def test_four_players_allow_two_workers_on_a_site():
    """Base-game fact (design): a market is built at 3 workers with 4 players, so 2 may wait on a site."""
    data = base() | {"players": 4}
    data["sites"]["euphoria.lower"]["workers"] = 2
    assert parse_situation(data).site("euphoria.lower").workers == 2
    data["sites"]["euphoria.lower"]["workers"] = 3
    with pytest.raises(InputError, match="3 is not 0-2: with 4 players 3 workers build"):
        parse_situation(data)


@pytest.mark.parametrize(
    "text",
    [
        "players = = 3",
        "a = " + "[" * 200 + "]" * 200,
        "a = " + "{ b = " * 60 + "1" + " }" * 60,
        'a = "\\q"',
    ],
)
def test_a_situation_file_is_read_as_the_core_reads_toml(text):
    """A situation file's TOML is read by the core (``parse_toml``): the same one-line error,
    naming the file, for text that is not TOML or nested too deeply."""
    with pytest.raises(InputError) as core:
        parse_toml(text.encode(), "s.toml", "situation file")
    with pytest.raises(InputError) as situation:
        parse_situation_text(text, "s.toml")
    assert (situation.value.file, situation.value.problem) == ("s.toml", core.value.problem)


def test_bad_toml_and_bad_files(tmp_path):
    with pytest.raises(InputError, match=r"^s\.toml: not valid TOML: .*line 1"):
        parse_situation_text("players = = 3", "s.toml")
    with pytest.raises(InputError, match=r"^s\.toml: not UTF-8 text \(byte 12\)$"):
        parse_situation_text(b"players = 3\xff", "s.toml")
    missing = tmp_path / "nope.toml"
    with pytest.raises(InputError, match=r"nope\.toml: no such situation file$"):
        load_situation(str(missing))
    with pytest.raises(InputError, match="is a folder, not a situation file"):
        load_situation(str(tmp_path))
    good = tmp_path / "s.toml"
    good.write_text(EXAMPLE)
    assert load_situation(str(good)).players == 3


def test_top_level_must_be_a_table():
    with pytest.raises(InputError, match="is not a table"):
        parse_situation([1, 2])  # type: ignore[arg-type]


def test_odd_keys_are_quoted_and_ascii():
    data = base() | {'h\u00e9 "x"\n': 1}
    with pytest.raises(InputError) as info:
        parse_situation(data, "s.toml")
    line = str(info.value)
    assert line.startswith('s.toml: "h\\xe9 \\"x\\"\\n": unknown key')
    assert line.isascii() and "\n" not in line


def test_long_values_are_cut():
    data = base() | {"automa": "b" * 100}
    with pytest.raises(InputError) as info:
        parse_situation(data)
    assert "b" * 36 + "..." in str(info.value) and "b" * 40 not in str(info.value)
