"""The game registry: every game registered once by its own package, the core naming none."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import grimp
import pytest

from companion.core import registry, session

CORE = Path(__file__).resolve().parents[2] / "companion" / "core"
GAME_PACKAGES = ("companion.euphoria", "companion.ephios")


def test_every_game_and_new_game_entry_is_registered():
    """The four saved-game kinds and the five new-game entries (the Euphoria set-up without
    Automas among them), in the order the home screen numbers them."""
    assert registry.ids() == ("euphoria", "ephios-solo", "ephios-quick", "ephios-campaign")
    assert [entry.id for entry in registry.new_games()] == [
        "euphoria",
        "ephios-solo",
        "ephios-quick",
        "ephios-campaign",
        "euphoria-multiplayer",
    ]
    assert [group.name for group in registry.command_groups()] == ["euphoria", "ephios"]


def test_the_games_are_found_through_entry_points():
    """Each game package registers through one ``companion.games`` entry point."""
    found = {entry.value for entry in metadata.entry_points(group=registry.ENTRY_POINTS)}
    assert found == {f"{package}.registration" for package in GAME_PACKAGES}


def test_every_lazy_target_exists():
    """Every "module:attribute" a descriptor names can be loaded."""
    for game in registry.games():
        targets = [game.rules, game.describer, game.outcome]
        targets += [t for t in (game.resume, game.table, game.levels, game.step_describer) if t]
        targets += [entry.screen for entry in game.new if entry.screen]
        targets += [entry.setup for entry in game.new if entry.setup]
        if game.cli is not None:
            targets.append(game.cli.target)
        for target in targets:
            assert registry.load(target) is not None, target
        assert registry.rules(game.id).game == game.id


def test_an_unknown_game_is_refused_by_name():
    """A game no package registered: UnknownGame, naming it."""
    try:
        registry.get("chess")
    except registry.UnknownGame as error:
        assert error.game == "chess"
    else:  # pragma: no cover
        raise AssertionError("an unknown game was found")


def _game_words() -> set[str]:
    ids = {*registry.ids(), *(entry.id for entry in registry.new_games())}
    return ids | {package.rpartition(".")[2] for package in GAME_PACKAGES}


def test_the_core_names_no_game():
    """No file of companion/core mentions a game id or a game package (in any case)."""
    pattern = re.compile(
        "|".join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in sorted(_game_words())),
        re.IGNORECASE,
    )
    files = sorted(CORE.rglob("*.py"))
    assert files
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = pattern.search(line)
            assert found is None, f"{path.name}:{number} names a game: {line.strip()}"


def test_the_core_imports_no_game_package():
    """No module of companion.core imports a game package, directly or not."""
    graph = grimp.build_graph("companion")
    for package in GAME_PACKAGES:
        for module in graph.find_descendants("companion.core") | {"companion.core"}:
            for game_module in graph.find_descendants(package) | {package}:
                assert not graph.direct_import_exists(importer=module, imported=game_module)
        assert not graph.chain_exists(importer="companion.core", imported=package, as_packages=True)


def test_the_tui_has_no_import_cycle():
    """The TUI's modules import each other without a cycle (the layers hold without
    function-local imports)."""
    graph = grimp.build_graph("companion")
    tui = sorted(graph.find_descendants("companion.tui"))
    for module in tui:
        for imported in graph.find_modules_directly_imported_by(module):
            if imported.startswith("companion.tui"):
                chain = graph.find_shortest_chain(importer=imported, imported=module)
                assert chain is None, f"cycle: {module} -> {' -> '.join(chain or ())}"


@pytest.mark.xdist_group("tui")  # imports Textual: on the worker of the others that do
def test_a_third_game_is_one_registration(monkeypatch):
    """A game registered by its package is known everywhere the games are listed: its name
    in the app's lists, its new-game entry, its commands."""
    from companion.tui import routes

    registry.discover()
    game = registry.Game(
        id="mygame",
        title="My game",
        end_title="My game",
        short_title="My game",
        rules="companion.mygame.engine:RULES",
        describer="companion.mygame.engine:describe_event",
        outcome="companion.mygame.engine:outcome",
        resume="companion.tui.screens.mygame:MyGameScreen",
        new=(registry.NewGame("mygame", "My game", "New game of mine", "hint", "x:Y", order=60),),
        cli=registry.CommandGroup("mygame", "companion.cli.mygame:mygame", "My game."),
        order=60,
    )
    monkeypatch.setitem(registry._GAMES, game.id, game)
    assert registry.ids()[-1] == "mygame"
    assert registry.new_games()[-1].id == "mygame"
    assert registry.command_groups()[-1].name == "mygame"
    assert routes.game_name("mygame") == "My game"
    assert routes.new_game_screen("mygame") is None  # its screen is not written yet


def test_a_saves_status_line_is_said_in_the_language_of_the_moment(monkeypatch, tmp_path):
    """A save keeps the status line of the language it was saved in; the line a list shows
    is made again in the player's language now (a game saved in the pseudo-locale shows in
    English once the player's language is English), and is the engine's own line."""
    from ephios_solo_helpers import CROSSROADS

    from companion.ephios import solo
    from companion.euphoria import game
    from companion.euphoria.state import GameOptions

    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    solo_path, euphoria_path = tmp_path / "solo.toml", tmp_path / "euphoria.toml"
    session.create_game(solo_path, solo.new_game("normal", 1, CROSSROADS))
    session.create_game(euphoria_path, game.new_game(GameOptions(humans=2), seed=3))
    journals = (
        session.load_game(solo_path, solo.GAME),
        session.load_game(euphoria_path, game.GAME),
    )
    for journal in journals:
        assert journal.summary.startswith("⟦")
        assert session.status_line(journal).startswith("⟦")
    monkeypatch.setenv("COMPANION_LANG", "en")
    for journal in journals:
        line = session.status_line(journal)
        assert line and "⟦" not in line
        rules = registry.rules(journal.game)
        assert line == rules.summary(session.replay(rules, journal))


def test_a_save_is_listed_without_replaying_it(monkeypatch, tmp_path):
    """A save keeps its line, the language it is in and whether the game has ended: a list
    in that language shows it without replaying the game; a long save written before they
    were kept shows its own line and counts as open (thousands of steps are never replayed
    for a row)."""
    from companion.core import checkpoints, session
    from companion.core.saves import read_save
    from companion.euphoria import game
    from companion.euphoria.state import GameOptions

    path = tmp_path / "euphoria.toml"
    session.create_game(path, game.new_game(GameOptions(humans=2), seed=3))
    journal = read_save(path)
    assert journal.summary_language == "en"

    def no_replay(*_args):
        raise AssertionError("replayed for a row of a list")

    assert journal.ended is False
    monkeypatch.setattr(session, "replay", no_replay)
    assert session.status_line(journal) == journal.summary
    assert registry.has_ended(journal) is False
    journal.ended = True
    assert registry.has_ended(journal) is True
    journal.summary_language, journal.ended = "", None
    journal.events = [{"kind": "turn"}] * (checkpoints.EVERY + 1)
    assert session.status_line(journal) == journal.summary
    assert registry.has_ended(journal) is False


def test_a_save_its_engine_cannot_replay_keeps_its_own_status_line():
    """A list's row is never worth a crash: an unreplayable save shows the line it kept."""
    from companion.core.journal import Journal

    journal = Journal(game="euphoria", seed=1, options={"humans": "many"}, summary="turn 3")
    assert session.status_line(journal) == "turn 3"
