"""The history of finished games and `companion history`: recorded wherever the save lives,
taken out by undoing the ending, back with redo; exact JSON keys; CSV; headless."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys

from click.testing import CliRunner

from companion.cli import main
from companion.history import records
from companion.history.records import KEYS, history_path


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def history_json() -> dict:
    result = run("history", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def euphoria_game(save: str, difficulty: str = "intermediate") -> None:
    new = run("euphoria", "new", save, "--solo-variant", "--seed", "3", "--report-sites",
              "--difficulty", difficulty)  # fmt: skip
    assert new.exit_code == 0, new.output
    assert run("euphoria", "turn", save).exit_code == 0


def test_a_euphoria_game_won_from_the_cli_is_recorded_and_undo_takes_it_out(tmp_path):
    """Euphoria, game end: a human who placed their last authority token wins; the history
    records it wherever the save lives; undo takes the ending (and the record) back; redo
    brings both back; a step after the end is refused."""
    save = str(tmp_path / "elsewhere" / "g.toml")
    euphoria_game(save)
    assert history_json()["games"] == []
    won = run("euphoria", "event", save, "human-won", "--json")
    assert won.exit_code == 0, won.output
    games = history_json()["games"]
    assert len(games) == 1
    game = games[0]
    assert list(game) == list(KEYS)
    assert game["game"] == "euphoria" and game["result"] == "won" and game["winner"] == "human"
    assert game["difficulty"] == "intermediate" and game["turns"] == 1
    assert game["save"] == str((tmp_path / "elsewhere" / "g.toml").resolve())
    assert "T" in game["finished"] and game["finished"].endswith("+00:00")
    assert run("euphoria", "turn", save).exit_code == 2  # the game is over
    assert run("euphoria", "undo", save).exit_code == 0
    assert history_json()["games"] == []
    assert run("euphoria", "turn", save).exit_code == 0  # playing on is possible again
    assert run("euphoria", "undo", save).exit_code == 0
    assert run("euphoria", "redo", save).exit_code == 0
    assert history_json()["games"] == []  # the redone step is the turn, not the ending
    assert run("euphoria", "event", save, "human-won").exit_code == 0
    assert len(history_json()["games"]) == 1
    assert run("euphoria", "undo", save).exit_code == 0
    assert history_json()["games"] == []
    assert run("euphoria", "redo", save).exit_code == 0
    assert [g["result"] for g in history_json()["games"]] == ["won"]


def test_human_won_names_the_player_and_is_checked(tmp_path):
    """`human-won --player N`: with 2 humans the winner is "human 2"; a player the game does
    not have is one line, exit 2, nothing changed."""
    save = str(tmp_path / "two.toml")
    assert run("euphoria", "new", save, "--humans", "2", "--seed", "1").exit_code == 0
    bad = run("euphoria", "event", save, "human-won", "--player", "3")
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1
    assert history_json()["games"] == []
    assert run("euphoria", "event", save, "human-won", "--player", "2").exit_code == 0
    assert history_json()["games"][0]["winner"] == "human 2"
    solo = str(tmp_path / "one.toml")
    euphoria_game(solo)
    bad = run("euphoria", "event", solo, "human-won", "--player", "2")
    assert bad.exit_code == 2 and "1 human" in bad.output


def test_ephios_games_finished_from_the_cli_are_recorded(tmp_path):
    """Ephios solo (Defeat: 0% popularity), the quick game (70% wins) and the campaign (two
    round wins) are each recorded with their result and winner."""
    solo = str(tmp_path / "s.toml")
    reveal = ["--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary",
              "--reveal", "academy"]  # fmt: skip
    assert run("ephios", "solo", "new", solo, "--difficulty", "hard", *reveal).exit_code == 0
    assert run("ephios", "solo", "set", solo, "popularity", "0").exit_code == 0
    quick = str(tmp_path / "q.toml")
    assert run("ephios", "quick", "new", quick, "--player", "Ann", "--player", "Bob").exit_code == 0
    assert run("ephios", "quick", "popularity", quick, "Bob", "70").exit_code == 0
    camp = str(tmp_path / "c.toml")
    assert (
        run("ephios", "campaign", "new", camp, "--player", "Ann", "--player", "Bob").exit_code == 0
    )
    for _ in range(2):
        assert run("ephios", "campaign", "popularity", camp, "Ann", "70").exit_code == 0
    games = {g["game"]: g for g in history_json()["games"]}
    assert games["ephios-solo"]["result"] == "lost" and games["ephios-solo"]["winner"] == "plot"
    assert games["ephios-solo"]["difficulty"] == "hard"
    assert games["ephios-quick"]["result"] == "won" and games["ephios-quick"]["winner"] == "Bob"
    assert games["ephios-quick"]["difficulty"] is None
    assert games["ephios-campaign"]["winner"] == "Ann" and games["ephios-campaign"]["turns"] == 2
    assert run("ephios", "quick", "undo", quick).exit_code == 0
    assert "ephios-quick" not in {g["game"] for g in history_json()["games"]}


def test_csv_has_one_row_a_game(tmp_path):
    """`history --csv`: a header with the JSON keys, then one row a game; --json with --csv
    is one line, exit 2."""
    save = str(tmp_path / "g.toml")
    euphoria_game(save)
    assert run("euphoria", "event", save, "human-won").exit_code == 0
    result = run("history", "--csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert len(rows) == 1 and list(rows[0]) == list(KEYS) and rows[0]["winner"] == "human"
    both = run("history", "--json", "--csv")
    assert both.exit_code == 2 and len(both.output.strip().splitlines()) == 1
    text = run("history")
    assert text.exit_code == 0 and "euphoria" in text.output and "next:" in text.output


def test_a_damaged_history_is_one_line_and_never_overwritten(tmp_path):
    """A history file that is not valid is named in one line (exit 2) and left as it is,
    even when a game then ends (the game's save still works)."""
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("version = 1\ngames = [{game = 'chess'}]\n")
    result = run("history", "--json")
    assert result.exit_code == 2 and str(path) in result.output
    assert len(result.output.strip().splitlines()) == 1
    save = str(tmp_path / "g.toml")
    euphoria_game(save)
    assert run("euphoria", "event", save, "human-won").exit_code == 0
    assert path.read_text() == "version = 1\ngames = [{game = 'chess'}]\n"


def test_the_same_save_finished_again_keeps_one_record(tmp_path):
    """A game is keyed by its save's resolved path and its created stamp: finishing it again
    (after undo) updates its one record; a new game at the same path is another record."""
    save = tmp_path / "g.toml"
    euphoria_game(str(save))
    text = save.read_text()
    created = next(line for line in text.splitlines() if line.startswith("created"))
    save.write_text(text.replace(created, 'created = "2026-01-01T00:00:00+00:00"'))
    assert run("euphoria", "event", str(save), "human-won").exit_code == 0
    assert run("euphoria", "undo", str(save)).exit_code == 0
    assert run("euphoria", "event", str(save), "human-won").exit_code == 0
    assert len(records.load()) == 1
    save = str(save)
    new = run("euphoria", "new", save, "--solo-variant", "--seed", "4", "--force")
    assert new.exit_code == 0
    assert run("euphoria", "event", save, "human-won").exit_code == 0
    assert len(records.load()) == 2


def test_history_is_headless(tmp_path):
    """`companion history` (and a game ending in the CLI) must not import Textual."""
    code = (
        "import sys; from click.testing import CliRunner; from companion.cli import main;"
        "r = CliRunner().invoke(main, ['euphoria', 'new', 'x', '--humans', '2', '--seed', '1']);"
        "assert r.exit_code == 0, r.output;"
        "r = CliRunner().invoke(main, ['euphoria', 'event', 'x', 'human-won']);"
        "assert r.exit_code == 0, r.output;"
        "r = CliRunner().invoke(main, ['history', '--json']);"
        "assert r.exit_code == 0, r.output; assert '\"games\"' in r.output;"
        "assert 'textual' not in sys.modules"
    )
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


def test_a_too_large_history_is_refused_in_one_line_naming_the_file(tmp_path):
    """The history is read with the core's size limit: a file over it is one line naming the
    file (exit 2), and it is never overwritten by a game that ends."""
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    big = "version = 1\n" + "#" * records.MAX_BYTES + "\n"
    path.write_text(big)
    result = run("history", "--json")
    assert result.exit_code == 2 and str(path) in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "too large" in result.output
    save = str(tmp_path / "g.toml")
    euphoria_game(save)
    assert run("euphoria", "event", save, "human-won").exit_code == 0
    assert path.read_text() == big


WRITER = """
import sys
from companion.core.journal import Journal
from companion.core.outcome import Outcome
from companion.history import records
who = sys.argv[1]
for n in range(int(sys.argv[2])):
    journal = Journal(game="ephios-quick", seed=1, options={}, created=f"{who}-{n}")
    outcome = Outcome("ephios-quick", True, "won", who, turns=n)
    records.record(f"/saves/{who}.toml", journal, outcome)
"""


def test_two_writers_at_once_lose_no_record(tmp_path):
    """The history is changed under the core's lock: writers racing on it (the app and the
    CLI) keep every record each of them wrote."""
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path / "data")}
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, who, "12"], env=env)
        for who in ("Ann", "Bob", "Cy")
    ]
    assert [w.wait(timeout=120) for w in writers] == [0, 0, 0]
    found = records.load(tmp_path / "data" / records.FILE)
    assert sorted(r.created for r in found) == sorted(
        f"{who}-{n}" for who in ("Ann", "Bob", "Cy") for n in range(12)
    )
    assert not list((tmp_path / "data").glob(".*"))  # no lock file, no temporary file left


def test_history_confirm_counts_a_win_a_correction_brought(tmp_path):
    """Ephios solo won by `set affinities` (Victory and Defeat: the 5 affinities) is marked
    and left off the ladder; `history --confirm SAVE` counts it; a save with no such game is
    refused (exit 2, one line, the history unchanged)."""
    save = str(tmp_path / "s.toml")
    reveal = ["--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary",
              "--reveal", "academy"]  # fmt: skip
    assert run("ephios", "solo", "new", save, *reveal).exit_code == 0
    won = run("ephios", "solo", "set", save, "affinities", "syndicate,academy,order,company,cult")
    assert won.exit_code == 0, won.output
    (game,) = history_json()["games"]
    assert (game["result"], game["corrected"], game["confirmed"]) == ("won", True, False)
    normal = history_json()["ladder"][1]["levels"][1]
    assert (normal["level"], normal["won"], normal["unconfirmed"]) == ("normal", 0, 1)
    text = run("history").output
    assert "by a correction: not on the ladder until confirmed" in text
    assert "companion history --confirm SAVE" in text
    before = history_path().read_text()
    for bad in (str(tmp_path / "nothing.toml"), " "):
        refused = run("history", "--confirm", bad)
        assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1
        assert "Traceback" not in refused.output
    for extra in ("--csv", "--bgstats"):
        refused = run("history", "--confirm", save, extra)
        assert refused.exit_code == 2 and "--confirm alone" in refused.output
    assert history_path().read_text() == before
    confirmed = run("history", "--confirm", save, "--json")
    assert confirmed.exit_code == 0, confirmed.output
    assert json.loads(confirmed.output)["game"]["confirmed"] is True
    normal = history_json()["ladder"][1]["levels"][1]
    assert (normal["won"], normal["unconfirmed"]) == (1, 0)
    again = run("euphoria", "new", str(tmp_path / "e.toml"), "--solo-variant")
    assert again.exit_code == 0
    assert run("euphoria", "event", str(tmp_path / "e.toml"), "human-won").exit_code == 0
    plain = run("history", "--confirm", str(tmp_path / "e.toml"))
    assert plain.exit_code == 2 and "did not end by a correction" in plain.output
