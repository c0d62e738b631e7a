"""Shared test set-up: saves go to a temporary data directory, never the user's; English
unless a test says otherwise; each test marked with its tier.

The tiers (markers registered in pyproject.toml):
- ``engine``: the rules and the core, pure Python;
- ``cli``: the command line, through click's runner or a subprocess;
- ``ui``: the Textual app, through Pilot and SVG snapshots (and `companion serve`);
- ``browser``: `companion serve` in a real browser.
A test's tier is the folder it is in (``tests/engine/``, ``tests/cli/``, ``tests/ui/``,
``tests/browser/``); a module directly in ``tests/`` gets it from its name. The fast lane
is ``pytest -m "not ui and not browser"``.
"""

from __future__ import annotations

import compileall
import gc
import importlib.util
import itertools
import os
import re
import sys
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from _pytest.mark.expression import Expression, ParseError
from hypothesis import settings

TIERS = ("engine", "cli", "ui", "browser")
HERE = Path(__file__).resolve().parent
# The shared helpers (tui_helpers, euphoria_helpers, ...) live here, beside this file: a
# test module in a tier folder imports them as it does from here.
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

# The run keeps what Python compiles, even where PYTHONDONTWRITEBYTECODE is set (as in
# some containers): each xdist worker, and each of the hundreds of `companion` processes
# the CLI and server tests start, would otherwise compile the package again (over a
# second of CPU for the app's modules) and rewrite every test module's asserts (about 3 s
# a worker). The compiled files go where Python keeps them, in `__pycache__` folders
# (ignored by git). Set here, before the workers and subprocesses start, they inherit it.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


# The SVG snapshots' plugin (pytest-textual-snapshot: `snap_compare`), kept from loading
# at start by `-p no:textual-snapshot` (pyproject.toml's addopts) and loaded here only
# when the ui tier runs: it imports Textual, jinja2, rich and syrupy, about 0.4 s of CPU in
# each process of a fast lane that has no snapshot to compare.
SNAPSHOT_PLUGIN = ("textual-snapshot", "pytest_textual_snapshot")


def _load_snapshot_plugin(config: pytest.Config) -> None:
    """Load the SVG snapshots' plugin unless ``-m`` leaves out the ui tier (or it is loaded)."""
    name, module = SNAPSHOT_PLUGIN
    manager = config.pluginmanager
    if "ui" in tiers_deselected(config.getoption("markexpr") or "") or manager.has_plugin(name):
        return
    manager.unblock(name)
    manager.register(importlib.import_module(module), name)


def pytest_configure(config: pytest.Config) -> None:
    """Load the snapshots' plugin where the ui tier runs (``_load_snapshot_plugin``);
    compile the package once, in the controlling process, before any worker starts.

    In a fresh checkout nothing is compiled yet: each xdist worker, and the CLI and server
    processes the first tests start, would compile the same modules at once (the first
    run of a fresh clone took 122.5 s where the next took 114 s). Where everything is
    compiled already this only compares timestamps (a few milliseconds).
    """
    _load_snapshot_plugin(config)
    if hasattr(config, "workerinput"):  # a worker: the controller has done it
        return
    spec = importlib.util.find_spec("companion")
    if spec is not None and spec.submodule_search_locations:
        for folder in spec.submodule_search_locations:
            compileall.compile_dir(folder, quiet=2)


def tier_of(path: Path) -> str:
    """The tier of the test module at ``path``: its folder under tests/, else its name."""
    return _tier_of(str(path))


@cache  # asked for every test (a module's tests share its path): resolving a path is slow
def _tier_of(module: str) -> str:
    path = Path(module)
    try:
        parts = path.resolve().relative_to(HERE).parts
    except ValueError:
        parts = path.parts
    for folder in parts[:-1]:
        if folder in TIERS:
            return folder
    name = path.stem
    if name.startswith("test_browser"):
        return "browser"
    if name.startswith("test_tui_"):
        return "ui"
    if "_cli" in name:
        return "cli"
    return "engine"


# The order the tiers run in. The real-browser tests first: their lanes (a worker's chain
# of them sharing one chromium, tests/browser/conftest.py) are the longest work of the
# run. The engines last: hundreds of short tests at the end keep every worker busy until
# the run ends, where a long Pilot test queued last kept one core waiting.
RUN_ORDER = ("browser", "ui", "cli", "engine")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test with its tier (see the module's docstring), put the tiers in their
    run order (``RUN_ORDER``; each module's tests keep their order), and in the fast lane
    give each property test its share of examples (``fast_lane_examples``)."""
    tiers = {}
    for item in items:
        tier = tiers[item] = tier_of(Path(str(item.path)))
        item.add_marker(getattr(pytest.mark, tier))
    items.sort(key=lambda item: RUN_ORDER.index(tiers[item]))
    if fast_lane_examples(config):
        for item in items:
            _fewer_examples(item)


# The property tests (hypothesis) in the fast lane. The whole suite (`.ci/run`'s
# `pytest -m "not stress"` and its stress lane, any run that takes in the ui or browser
# tier) runs every property with its full ``max_examples``, as written in its module. The
# fast lane (`-m "not ui and not browser"`), the quick check between two edits, runs a
# quarter of each (at least 4, or all when it has fewer): the same properties and
# assertions, fewer drawn cases. `COMPANION_PROPERTIES=full` (or `CI` set) runs the
# fast lane with the full examples too.
FULL_PROPERTIES = "COMPANION_PROPERTIES"
FAST_LANE_SHARE = 4
FAST_LANE_LEAST = 4
_SHARED: set[object] = set()


def fast_lane_examples(config: pytest.Config) -> bool:
    """Whether this run gives its property tests the fast lane's share of examples."""
    if os.environ.get(FULL_PROPERTIES) == "full" or os.environ.get("CI"):
        return False
    return {"ui", "browser"} <= tiers_deselected(config.getoption("markexpr") or "")


def fast_lane_share(examples: int) -> int:
    """The examples a property of ``examples`` runs in the fast lane."""
    return min(examples, max(FAST_LANE_LEAST, examples // FAST_LANE_SHARE))


def _fewer_examples(item: pytest.Item) -> None:
    """Give the property test ``item`` (if it is one) the fast lane's share of its examples."""
    test = getattr(item, "obj", None)
    test = getattr(test, "__func__", test)  # a method's function
    if not getattr(test, "is_hypothesis_test", False) or test in _SHARED:
        return
    _SHARED.add(test)  # once for all of a parametrized test's items
    # hypothesis reads a test's settings from this attribute each time the test runs
    # (hypothesis/core.py); its absence fails the run rather than run the full examples
    # in silence.
    chosen = test._hypothesis_internal_use_settings
    share = fast_lane_share(chosen.max_examples)
    if share != chosen.max_examples:
        test._hypothesis_internal_use_settings = settings(chosen, max_examples=share)


# A name in a `-m` expression (pytest's own pattern, _pytest/mark/expression.py).
_MARK_NAME = re.compile(r"(?:\w|:|\+|-|\.|\[|\]|\\|/)+")


def _selects(expression: Expression, tier: str, others: dict[str, bool]) -> bool:
    """Whether ``expression`` selects a test of ``tier`` whose other markers are ``others``."""

    def has(name: str, /, **kwargs: object) -> bool:
        if name in TIERS:  # a test has one tier, and its marker no arguments
            return name == tier and not kwargs
        return others.get(name, False)

    return expression.evaluate(has)


@cache
def tiers_deselected(markexpr: str) -> frozenset[str]:
    """The tiers ``-m markexpr`` deselects whole: none of their tests can match it, whatever
    other markers a test has.

    A test has exactly one tier, its folder's (pytest_collection_modifyitems); each other
    name of the expression is tried true and false, and a tier is deselected only if no
    combination selects it. An expression this cannot read deselects nothing (pytest then
    reports it as usual).
    """
    try:
        expression = Expression.compile(markexpr)
    except ParseError:
        return frozenset()
    names = set(_MARK_NAME.findall(markexpr)) - {"and", "or", "not", *TIERS}
    if not markexpr.strip() or len(names) > 12:
        return frozenset()
    deselected = set()
    for tier in TIERS:
        combinations = itertools.product((False, True), repeat=len(names))
        if not any(
            _selects(expression, tier, dict(zip(sorted(names), c, strict=True)))
            for c in combinations
        ):
            deselected.add(tier)
    return frozenset(deselected)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Not even import the modules of a tier ``-m`` deselects.

    pytest imports every module before it reads the markers, and each xdist worker does it
    again: the fast lane's four workers imported the whole Textual app and every Pilot test
    to run none of them (about 3 s of CPU each).
    """
    deselected = tiers_deselected(config.getoption("markexpr") or "")
    if not deselected:
        return None
    if collection_path.is_dir():
        tier = collection_path.name if collection_path.parent == HERE else ""
    elif collection_path.suffix == ".py":
        tier = tier_of(collection_path)
    else:
        return None
    return True if tier in deselected else None


def pytest_collection_finish(session: pytest.Session) -> None:
    """Set Python's garbage collector for a test process: what collection made is frozen,
    and collections come less often.

    A worker holds every imported module and collected test (Textual, hypothesis, the
    app): each full collection walked all of it again, about 0.1 s each, and the young
    generations were collected every 700 objects while a Pilot test builds screens by the
    thousand: a tenth of a Pilot module's CPU was the collector (`gc.callbacks`), a third
    of that after. What a test leaves is still collected, only in larger batches.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 100)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (addopts): three workers per core, one when ``-m`` leaves no ui or browser
    test.

    Most of a Pilot test is Textual waiting for the app to be idle (20 ms sleeps
    between key presses), and a browser test mostly waits for chromium and the
    server: on two cores, two workers leave the CPU idle about half the time, four
    about a seventh of the run (docs/performance.md). The real-browser tests still run
    in two lanes per core (tests/browser/conftest.py): the third worker of each core
    runs the other tiers from the start. The engine and CLI tests keep a core busy, and
    each worker more starts Python and collects the tests again (about 2.5 s of CPU on
    this machine). PYTEST_XDIST_AUTO_NUM_WORKERS still overrides this.
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    cores = len(os.sched_getaffinity(0))
    if {"ui", "browser"} <= tiers_deselected(config.getoption("markexpr") or ""):
        return cores
    return 3 * cores


# Each test's own folder (``tmp_path``), numbered once a process.
_FOLDERS = itertools.count()


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new empty folder for the test (pytest's ``tmp_path``, every test has one: the data
    folder below), under the run's base temporary folder, named after the test and kept
    after the run as pytest keeps it (its default retention).

    pytest's own numbers each test's folder by listing every folder made before it, which
    made the fast lane's some 560 tests a worker list about 160,000 names (about 1.5 ms a
    test, a tenth of the lane's CPU spent outside the tests): here a count gives the number.
    """
    name = re.sub(r"\W", "_", request.node.name)[:30]
    folder = tmp_path_factory.getbasetemp() / "tests" / f"{name}{next(_FOLDERS)}"
    folder.mkdir(parents=True)
    return folder


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own COMPANION_DATA_DIR."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    # The replay checkpoints of long games too (companion.core.checkpoints).
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path / "cache"))
    # English unless a test says otherwise (the player's own LANG does not reach the tests).
    monkeypatch.setenv("COMPANION_LANG", "en")
    # Scripted key presses come faster than a hand: each is a separate press, not a double
    # press (tests/ui/test_tui_live.py sets the real half second to test one press, one step).
    monkeypatch.setenv("COMPANION_DOUBLE_PRESS", "0")


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is UTC during the test (the snapshots show times)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


# Hypothesis without its per-example deadline: a deadline is a timed assertion, and the
# suite must pass with both cores busy (speed is measured by benchmarks/, not by tests).
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")
