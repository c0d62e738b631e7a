"""A finished game as a BG Stats play: the `createPlay.html?data=` link decodes to the
documented fields (sourceName, playDate "YYYY-MM-DD HH:MM:SS", game name/highestWins/
noPoints, players with name/winner/startPlayer/score/role), for a solo and a two-human game;
`companion history --bgstats` prints them newest first (--json: the plays); a QR code of it."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

from click.testing import CliRunner

from companion.cli import main
from companion.history.bgstats import BGSTATS_CREATE_PLAY, play_link, play_of, qr_lines
from companion.history.records import Record, load

DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def decode(link: str) -> dict:
    """The play a BG Stats link carries (its base must be the web app's createPlay page)."""
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == BGSTATS_CREATE_PLAY
    (data,) = parse_qs(parts.query)["data"]
    return json.loads(data)


def check_documented(play: dict) -> None:
    assert play["sourceName"]
    assert DATE.match(play["playDate"]), play["playDate"]
    game = play["game"]
    assert game["name"] and isinstance(game["highestWins"], bool)
    assert isinstance(game["noPoints"], bool) and "bggId" not in game
    assert play["players"]
    for player in play["players"]:
        assert isinstance(player["name"], str) and player["name"]
        assert isinstance(player["winner"], bool) and isinstance(player["startPlayer"], bool)
    assert sum(p["startPlayer"] for p in play["players"]) == 1


def test_a_solo_euphoria_game_decodes_to_the_documented_fields(tmp_path):
    """Euphoria solo won by the white Automa: the human, the black and white Automas (role
    Automa), white the only winner, the human the start player, the level as the comment."""
    save = str(tmp_path / "g.toml")
    new = run("euphoria", "new", save, "--solo-variant", "--seed", "3", "--difficulty", "veteran")
    assert new.exit_code == 0, new.output
    (record,) = _finish(save, "black")
    play = decode(play_link(play_of(record)))
    check_documented(play)
    assert play["game"]["name"] == "Euphoria: Build a Better Dystopia"
    assert play["game"]["noPoints"] is True
    names = [p["name"] for p in play["players"]]
    assert names == ["You", "Black Automa", "White Automa"]
    assert [p["winner"] for p in play["players"]] == [False, True, False]
    assert [p.get("role") for p in play["players"]] == [None, "Automa", "Automa"]
    assert play["players"][0]["startPlayer"] is True
    assert "veteran" in play["comments"]


def _finish(save: str, automa: str) -> list[Record]:
    """End the game: ``automa`` placed its last authority token (a correction)."""
    result = run("euphoria", "event", save, "correct", "--automa", automa, "--tokens-left", "0")
    if result.exit_code != 0:  # the correction is not how this game ends: a human wins
        assert run("euphoria", "event", save, "human-won").exit_code == 0, result.output
    return load()


def test_a_two_human_quick_game_decodes_with_names_scores_and_the_start_player(tmp_path):
    """Ephios quick game, Ann and Bob, Bob at 70%: both by name, Bob the winner with his
    popularity as the score, Ann (first to play) the start player, points counted."""
    save = str(tmp_path / "q.toml")
    assert run("ephios", "quick", "new", save, "--player", "Ann", "--player", "Bob").exit_code == 0
    assert run("ephios", "quick", "popularity", save, "Bob", "70").exit_code == 0
    (record,) = load()
    play = decode(play_link(play_of(record)))
    check_documented(play)
    assert play["game"] == {"name": "Ephios", "highestWins": True, "noPoints": False}
    ann, bob = play["players"]
    assert (ann["name"], ann["winner"], ann["startPlayer"]) == ("Ann", False, True)
    assert (bob["name"], bob["winner"], bob["startPlayer"], bob["score"]) == (
        "Bob",
        True,
        False,
        70,
    )
    assert "comments" not in play


def test_an_ephios_solo_game_names_the_plot(tmp_path):
    save = str(tmp_path / "s.toml")
    reveal = ["--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary",
              "--reveal", "academy"]  # fmt: skip
    assert run("ephios", "solo", "new", save, "--difficulty", "hard", *reveal).exit_code == 0
    assert run("ephios", "solo", "set", save, "popularity", "0").exit_code == 0
    play = decode(play_link(play_of(load()[0])))
    check_documented(play)
    assert [(p["name"], p["winner"], p.get("role")) for p in play["players"]] == [
        ("You", False, None),
        ("The Plot", True, "Plot"),
    ]


def test_history_bgstats_prints_each_link_newest_first(tmp_path):
    first = str(tmp_path / "a.toml")
    second = str(tmp_path / "b.toml")
    for save, winner in ((first, "Ann"), (second, "Bob")):
        assert (
            run("ephios", "quick", "new", save, "--player", "Ann", "--player", "Bob").exit_code == 0
        )
        assert run("ephios", "quick", "popularity", save, winner, "70").exit_code == 0
    result = run("history", "--bgstats")
    assert result.exit_code == 0, result.output
    links = [line.strip() for line in result.output.splitlines() if "createPlay" in line]
    winners = [[p["name"] for p in decode(link)["players"] if p["winner"]] for link in links]
    assert winners == [["Bob"], ["Ann"]]  # newest first
    as_json = json.loads(run("history", "--bgstats", "--json").output)
    assert [decode(p["link"]) == p["play"] for p in as_json["plays"]] == [True, True]
    both = run("history", "--bgstats", "--csv")
    assert both.exit_code == 2 and len(both.output.strip().splitlines()) == 1


def test_a_game_whose_save_is_gone_still_has_a_play(tmp_path):
    record = Record("ephios-quick", str(tmp_path / "gone.toml"), "2026-01-01T10:00:00+00:00",
                    "2026-01-02T11:12:13+00:00", "won", "Cy", None, 4)  # fmt: skip
    play = play_of(record)
    check_documented(play)
    assert play["playDate"] == "2026-01-02 11:12:13"
    assert play["players"] == [{"name": "Cy", "winner": True, "startPlayer": True}]


def test_the_qr_code_is_square_rows_of_half_blocks():
    rows = qr_lines(BGSTATS_CREATE_PLAY + "?data=%7B%7D")
    assert len({len(r) for r in rows}) == 1
    assert len(rows) * 2 >= len(rows[0]) >= len(rows) * 2 - 1
    assert set("".join(rows)) <= set("█▀▄ ")
