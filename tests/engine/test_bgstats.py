"""A finished game as a BG Stats play: the `createPlay.html?data=` link decodes to the
documented fields (sourceName, playDate "YYYY-MM-DD HH:MM:SS", game name/sourceGameId/
highestWins/noPoints, players with name/sourcePlayerId/winner/startPlayer/score/role), for a
solo and a two-human game; the ids are the same in every language, the names translated;
`companion history --bgstats` prints them newest first (--json: the plays); a QR code of it."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

from click.testing import CliRunner

from companion.cli import main
from companion.core.catalog import set_language
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
    assert game["name"] and game["sourceGameId"] and isinstance(game["highestWins"], bool)
    assert isinstance(game["noPoints"], bool) and "bggId" not in game
    assert play["players"]
    for player in play["players"]:
        assert isinstance(player["name"], str) and player["name"]
        assert isinstance(player["sourcePlayerId"], str) and player["sourcePlayerId"]
        assert isinstance(player["winner"], bool) and isinstance(player["startPlayer"], bool)
    assert sum(p["startPlayer"] for p in play["players"]) == 1
    ids = [p["sourcePlayerId"] for p in play["players"]]
    assert len(set(ids)) == len(ids)


def test_a_solo_euphoria_game_decodes_to_the_documented_fields(tmp_path):
    """Euphoria solo won by the black Automa: the human, the black and white Automas (role
    Automa), black the only winner, the human the start player, the level by its name (the
    rulebook's "Difficulty Levels": Veteran) as the comment."""
    save = str(tmp_path / "g.toml")
    new = run("euphoria", "new", save, "--solo-variant", "--seed", "3", "--difficulty", "veteran")
    assert new.exit_code == 0, new.output
    (record,) = _finish(save, "black")
    play = decode(play_link(play_of(record)))
    check_documented(play)
    assert play["game"]["name"] == "Euphoria: Build a Better Dystopia"
    assert play["game"]["sourceGameId"] == "euphoria"
    assert play["game"]["noPoints"] is True
    names = [p["name"] for p in play["players"]]
    assert names == ["You", "Black Automa", "White Automa"]
    assert [p["winner"] for p in play["players"]] == [False, True, False]
    assert [p["sourcePlayerId"] for p in play["players"]] == ["you", "black-automa", "white-automa"]
    assert [p.get("role") for p in play["players"]] == [None, "Automa", "Automa"]
    assert play["players"][0]["startPlayer"] is True
    assert play["comments"] == "Level: Veteran"


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
    assert play["game"] == {
        "name": "Ephios",
        "sourceGameId": "ephios-quick",
        "highestWins": True,
        "noPoints": False,
    }
    ann, bob = play["players"]
    assert (ann["sourcePlayerId"], bob["sourcePlayerId"]) == ("Ann", "Bob")
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
    assert [
        (p["name"], p["sourcePlayerId"], p["winner"], p.get("role")) for p in play["players"]
    ] == [
        ("You", "you", False, None),
        ("The Plot", "plot", True, "Plot"),
    ]
    assert play["game"]["sourceGameId"] == "ephios-solo"
    assert play["comments"] == "Level: Hard (10%)"


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
    assert play["players"] == [
        {"name": "Cy", "sourcePlayerId": "Cy", "winner": True, "startPlayer": True}
    ]


def test_the_qr_code_is_square_rows_of_half_blocks():
    rows = qr_lines(BGSTATS_CREATE_PLAY + "?data=%7B%7D")
    assert len({len(r) for r in rows}) == 1
    assert len(rows) * 2 >= len(rows[0]) >= len(rows) * 2 - 1
    assert set("".join(rows)) <= set("█▀▄ ")


def _ids(play: dict) -> tuple[str, list[str]]:
    return play["game"]["sourceGameId"], [p["sourcePlayerId"] for p in play["players"]]


def test_the_same_game_has_the_same_ids_in_every_language(tmp_path):
    """BG Stats matches by the source ids: the same finished games (a two-human Euphoria game
    won by the white Automa, an Ephios solo game, a quick game) read under ``en`` and
    ``en_XA`` give identical game and player ids while the names are translated; the level is
    named in the comment, never by its id."""
    euphoria = str(tmp_path / "e.toml")
    assert run("euphoria", "new", euphoria, "--humans", "2", "--seed", "5",
               "--difficulty", "experienced").exit_code == 0  # fmt: skip
    _finish(euphoria, "white")
    solo = str(tmp_path / "s.toml")
    reveal = ["--reveal", "cult", "--reveal", "order", "--reveal", "syndicate-dignitary",
              "--reveal", "academy"]  # fmt: skip
    assert run("ephios", "solo", "new", solo, *reveal).exit_code == 0
    assert run("ephios", "solo", "set", solo, "popularity", "0").exit_code == 0
    quick = str(tmp_path / "q.toml")
    assert run("ephios", "quick", "new", quick, "--player", "Åsa", "--player", "Bo").exit_code == 0
    assert run("ephios", "quick", "popularity", quick, "Bo", "70").exit_code == 0
    records = sorted(load(), key=lambda r: r.game)
    english = [decode(play_link(play_of(r))) for r in records]
    set_language("en_XA")
    try:
        pseudo = [decode(play_link(play_of(r))) for r in records]
    finally:
        set_language(None)
    assert (
        [_ids(p) for p in pseudo]
        == [_ids(p) for p in english]
        == [
            ("ephios-quick", ["Åsa", "Bo"]),
            ("ephios-solo", ["you", "plot"]),
            ("euphoria", ["player-1", "player-2", "black-automa", "white-automa"]),
        ]
    )
    for play in pseudo:
        check_documented(play)
    english_euphoria, pseudo_euphoria = english[2], pseudo[2]
    assert [p["winner"] for p in pseudo_euphoria["players"]] == [False, False, False, True]
    assert [p["name"] for p in english_euphoria["players"]] == [
        "Player 1", "Player 2", "Black Automa", "White Automa"]  # fmt: skip
    assert all(p["name"].startswith("⟦") for p in pseudo_euphoria["players"])
    assert english_euphoria["comments"] == "Level: Experienced"
    assert "experienced" not in pseudo_euphoria["comments"]
    assert [p["name"] for p in pseudo[0]["players"]] == ["Åsa", "Bo"]  # names as entered
    assert pseudo[0]["game"]["name"] == english[0]["game"]["name"] == "Ephios"
