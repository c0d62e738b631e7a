"""The `companion ephios` command line: JSON keys, exit codes, nothing changed on refusal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.core import session
from companion.core.saves import write_save
from companion.ephios.cards import load_deck

SETUP = [
    "--reveal",
    "cult",
    "--reveal",
    "order",
    "--reveal",
    "syndicate-dignitary",
    "--reveal",
    "academy",
]


def run(*args):
    result = CliRunner().invoke(main, ["ephios", *args])
    return result


def data(result):
    return json.loads(result.output.strip().splitlines()[-1])


def test_plot_prints_the_decision_as_json():
    """`plot`: {"action", "slot", "why"}; slots from 1 at the left; always JSON."""
    result = run("plot", "cult", "order-dignitary", "syndicate", "academy", "--json")
    assert result.exit_code == 0
    assert data(result)["action"] == "recruit" and data(result)["slot"] == 2 and data(result)["why"]
    result = run("plot", "cult", "order")
    assert (data(result)["action"], data(result)["slot"]) == ("debate", 2)
    result = run("plot", "--json")
    assert (data(result)["action"], data(result)["slot"]) == ("none", None)


@pytest.mark.parametrize(
    "cards",
    [
        ["guild"],
        ["cult"] * 5,
        ["order-dignitary", "order-dignitary"],
        ["cult", "cult", "cult", "cult"],
    ],
)
def test_plot_bad_input_is_one_line_status_2(cards):
    """Bad crossroads: status 2 and a one-line reason, never a traceback."""
    result = run("plot", *cards)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_solo_new_needs_four_cards(tmp_path):
    """`solo new` with fewer than 4 reveals prints the questions, exits 3, creates nothing."""
    save = tmp_path / "g.toml"
    result = run("solo", "new", str(save), "--reveal", "cult", "--json")
    assert result.exit_code == 3
    assert [q["id"] for q in data(result)["questions"]] == ["reveal-2", "reveal-3", "reveal-4"]
    assert not save.exists()


def test_solo_game_through_the_cli(tmp_path):
    """`solo new/act/show/undo/redo` with --json: the contract keys and exit codes."""
    save = str(tmp_path / "g.toml")
    result = run("solo", "new", save, "--difficulty", "hard", "--seed", "3", *SETUP, "--json")
    assert result.exit_code == 0, result.output
    shown = data(run("solo", "show", save, "--json"))
    for key in (
        "popularity",
        "plot_zone",
        "affinities",
        "crossroads",
        "draw_pile",
        "discard_pile",
        "result",
    ):
        assert key in shown
    assert (
        shown["popularity"] == 10 and shown["crossroads"][0] == "cult" and shown["result"] is None
    )

    before = Path(save).read_text()
    need = run("solo", "act", save, "recruit", "2", "--cost", "1", "--json")
    assert need.exit_code == 3 and data(need)["questions"][0]["id"] == "reveal-1"
    assert Path(save).read_text() == before
    need = run(
        "solo", "act", save, "recruit", "2", "--cost", "1", "--reveal", "order-dignitary", "--json"
    )
    assert need.exit_code == 3 and data(need)["questions"][0]["id"] == "reveal-2"
    assert any(a["who"] == "plot" for a in data(need)["announcements"])
    refused = run("solo", "act", save, "recruit", "2", "--cost", "1", "--reveal", "cult", "--json")
    assert (
        refused.exit_code == 2 and Path(save).read_text() == before
    )  # the only cult is on the crossroads

    done = run(
        "solo",
        "act",
        save,
        "recruit",
        "2",
        "--cost",
        "1",
        "--reveal",
        "order-dignitary",
        "--reveal",
        "company",
        "--json",
    )
    assert done.exit_code == 0, done.output
    state = data(done)["state"]
    assert state["plot_zone"] == ["syndicate"] and state["crossroads"] == [
        "company",
        "order-dignitary",
        "cult",
        "academy",
    ]
    assert state["hand"] == ["order"] and state["draw_pile"] == 8

    assert data(run("solo", "undo", save, "--json"))["state"]["plot_zone"] == []
    assert data(run("solo", "redo", save, "--json"))["state"]["plot_zone"] == ["syndicate"]
    assert run("solo", "redo", save).exit_code == 2


def test_solo_unite_with_banker_and_corrupt_words(tmp_path):
    """ACTION words: `unite ALLIANCE --banker`, `corrupt ALLIANCE` refused when impossible."""
    save = str(tmp_path / "g.toml")
    run("solo", "new", save, *SETUP)
    result = run("solo", "act", save, "corrupt", "order", "--json")
    assert result.exit_code == 2 and "Plot zone" in result.output
    result = run("solo", "act", save, "unite", "cult", "--banker")
    assert result.exit_code == 2 and "Banker" in result.output


@pytest.mark.parametrize(
    "content",
    ["not toml [", 'format = "companion-save"\nversion = 1\ngame = "ephios-quick"\nseed = 1\n'],
)
def test_bad_save_is_one_line_and_never_overwritten(tmp_path, content):
    """Bad save files: one line naming the file and the problem, exit 2, file untouched."""
    save = tmp_path / "bad.toml"
    save.write_text(content)
    for args in (
        ("solo", "act", str(save), "debate", "1"),
        ("solo", "show", str(save)),
        ("solo", "undo", str(save)),
    ):
        result = run(*args)
        assert result.exit_code == 2
        assert str(save) in result.output and len(result.output.strip().splitlines()) == 1
        assert save.read_text() == content


def test_bad_event_in_save(tmp_path):
    """A save whose events do not replay names the file and the event number."""
    save = tmp_path / "g.toml"
    run("solo", "new", str(save), *SETUP)
    journal = session.load_game(save, "ephios-solo")
    journal.events.append({"kind": "act", "action": ["debate", "7"], "answers": {}})
    write_save(save, journal)  # planted as a damaged file would be (the app never writes it)
    text = save.read_text()
    result = run("solo", "show", str(save), "--json")
    assert result.exit_code == 2 and "event #1" in result.output and save.read_text() == text


def test_new_refuses_to_overwrite(tmp_path):
    """A new game never replaces an existing file unless --force."""
    save = tmp_path / "g.toml"
    save.write_text("keep")
    assert run("solo", "new", str(save), *SETUP).exit_code == 2
    assert run("quick", "new", str(save), "--player", "A", "--player", "B").exit_code == 2
    assert save.read_text() == "keep"


def test_quick_commands(tmp_path):
    """`quick new/unite/popularity/flip/next/show/undo/redo` with --json."""
    save = str(tmp_path / "q.toml")
    assert (
        run("quick", "new", save, "--player", "Ann", "--player", "Bob", "--player", "Cy").exit_code
        == 0
    )
    result = run("quick", "unite", save, "Ann", "company", "--affinity", "match", "--json")
    assert data(result)["state"]["popularity"]["Ann"] == 60
    assert data(result)["state"]["current_player"] == "Bob"  # a unite ends the turn
    result = run("quick", "popularity", save, "Ann", "-10", "--json")
    assert result.exit_code == 0, result.output
    assert data(result)["state"]["popularity"]["Ann"] == 50
    assert data(run("quick", "flip", save, "--json"))["state"]["direction"] == "counterclockwise"
    assert data(run("quick", "next", save, "--json"))["state"]["current_player"] == "Ann"
    again = run("quick", "unite", save, "Ann", "cult", "--affinity", "hand")
    assert again.exit_code == 2 and "already used" in again.output
    assert data(run("quick", "undo", save, "--json"))["state"]["current_player"] == "Bob"
    shown = data(run("quick", "show", save, "--json"))
    assert shown["winner"] is None and shown["can_redo"] is True
    assert run("quick", "unite", save, "Zed", "cult").exit_code == 2


def test_campaign_commands(tmp_path):
    """`campaign new/alliance/unite/show` with --json: rounds, pages, two wins."""
    save = str(tmp_path / "c.toml")
    new = run("campaign", "new", save, "--player", "Ann", "--player", "Bob", "--first", "Bob")
    assert new.exit_code == 0
    assert run("campaign", "alliance", save, "Guild", "--gain", "50", "--unite", "2").exit_code == 0
    result = run("campaign", "unite", save, "Bob", "guild", "--affinity", "match", "--json")
    state = data(result)["state"]
    assert state["round"] == 2 and state["wins"]["Bob"] == 1 and state["current_player"] == "Bob"
    assert state["pages_read"] == ["guild"]
    bad = run("campaign", "alliance", save, "Guild", "--gain", "500", "--unite", "2")
    assert bad.exit_code == 2


def test_gain_calculator():
    """`gain ALLIANCE --affinity`: the unite calculator."""
    assert data(run("gain", "syndicate", "--affinity", "hand", "--json"))["gain"] == 30


def test_solo_move_and_set_through_the_cli(tmp_path):
    """`solo move/set` (table corrections): status 0, the state JSON; undo names the step."""
    save = str(tmp_path / "g.toml")
    run("solo", "new", save, *SETUP)
    result = run("solo", "move", save, "order-dignitary", "draw", "crossroads", "--json")
    assert result.exit_code == 0, result.output
    state = data(result)["state"]
    assert state["crossroads"] == [
        "order-dignitary",
        "cult",
        "order",
        "syndicate-dignitary",
        "academy",
    ]
    assert state["turn"] == 1 and state["draw_pile"] == 9 and state["plot_zone_cards"] == []
    assert data(result)["announcements"][0]["text"].startswith("Move the Order Dignitary")
    result = run("solo", "move", save, "cult", "crossroads:2", "hand")
    assert result.exit_code == 0 and "your hand: cult" in result.output
    result = run("solo", "set", save, "popularity", "35", "--json")
    assert result.exit_code == 0 and data(result)["state"]["popularity"] == 35
    result = run("solo", "set", save, "persuasion", "5", "--json")
    assert data(result)["state"]["persuasion"] == 5 and data(result)["state"]["supply"] == 0
    result = run("solo", "set", save, "affinities", "cult,order", "--json")
    assert data(result)["state"]["affinities"] == ["cult", "order"]
    undone = run("solo", "undo", save)
    assert (
        undone.exit_code == 0
        and "Took back: correction: set the affinities you hold to Cult, Order" in undone.output
    )
    undone = run("solo", "undo", save, "--json")
    assert "set your persuasion tokens to 5" in data(undone)["announcements"][0]["text"]
    assert data(run("solo", "redo", save, "--json"))["state"]["persuasion"] == 5


@pytest.mark.parametrize(
    "args",
    [
        ("move", "cult", "crossroads:2", "hand"),
        ("move", "company", "hand", "discard"),
        ("move", "cult", "crossroads:1", "table"),
        ("move", "cult", "crossroads:9", "hand"),
        ("move", "cult", "crossroads:1", "crossroads:0"),
        ("move", "cult", "crossroads:1", "box"),
        ("move", "syndicate-dignitary", "draw", "hand"),
        ("set", "popularity", "-5"),
        ("set", "popularity", "101"),
        ("set", "persuasion", "six"),
        ("set", "hand", "3"),
        ("set", "affinities", "guild"),
    ],
)
def test_solo_move_and_set_refused_leave_the_file(tmp_path, args):
    """Refused corrections: status 2, one line, the save file untouched."""
    save = tmp_path / "g.toml"
    run("solo", "new", str(save), *SETUP)
    before = save.read_text()
    result = run("solo", args[0], str(save), *args[1:], "--json")
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert save.read_text() == before


def test_solo_set_popularity_to_zero_loses(tmp_path):
    """Solo mode, Defeat at 0% popularity: checked after a correction too; the game then stops."""
    save = str(tmp_path / "g.toml")
    run("solo", "new", save, *SETUP)
    run("solo", "set", save, "popularity", "10")
    result = run("solo", "set", save, "popularity", "0", "--json")
    assert result.exit_code == 0 and data(result)["state"]["result"] == "lost"
    assert data(result)["state"]["legal_actions"] == []
    assert run("solo", "move", save, "cult", "crossroads:1", "hand").exit_code == 2


def _plain_words(text):
    """The plain ASCII words of ``text`` outside the pseudo-locale's ⟦ ⟧ (nested ones too)."""
    import re

    depth, outside = 0, []
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            outside.append(char)
    return set(re.findall(r"[A-Za-z]{2,}", "".join(outside)))


def test_solo_words_in_the_pseudo_locale(tmp_path, monkeypatch):
    """With COMPANION_LANG=en_XA every word the solo commands print is translated: what is
    left outside ⟦ ⟧ is an id (cards, verbs, zones) the player types."""
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    deck_ids = {part for card in load_deck().card_order() for part in card.split("-")}
    ids = deck_ids | {"recruit", "top", "debate", "unite", "corrupt", "use", "popularity"}
    save = str(tmp_path / "g.toml")
    outputs = [run("solo", "new", save, *SETUP)]
    outputs.append(
        run("solo", "act", save, "debate", "1", "--reveal", "company", "--reveal", "order")
    )
    outputs.append(run("solo", "set", save, "popularity", "40"))
    outputs.append(run("solo", "move", save, "cult", "discard", "hand"))
    outputs.append(run("solo", "undo", save))
    outputs.append(run("solo", "show", save))
    outputs.append(run("solo", "act", save, "recruit", "9"))
    assert [r.exit_code for r in outputs] == [0, 0, 0, 0, 0, 0, 2]
    for result in outputs:
        # "error:" is the shell's prefix of every refusal (cli/common)
        assert _plain_words(result.output) - ids - {"error"} == set(), result.output


def test_plot_json_carries_the_spoken_line():
    """`plot` says aloud what the Plot does, as `euphoria turn --json` has "spoken" (Solo
    Mode, Plot's turn: it recruits the rightmost Dignitary, else debates)."""
    recruit = CliRunner().invoke(main, ["ephios", "plot", "cult", "order-dignitary", "--json"])
    data = json.loads(recruit.output)
    assert data["action"] == "recruit" and len(data["spoken"]) == 1
    assert "Order Dignitary" in data["spoken"][0]
    empty = json.loads(CliRunner().invoke(main, ["ephios", "plot", "--json"]).output)
    assert empty["action"] == "none" and empty["spoken"] == []


def test_a_finished_campaign_is_counted_in_rounds(tmp_path):
    """Campaign: "Each round is played like a quick game"; "when one of you has won two
    rounds, the campaign stops": the history says rounds, not turns."""
    save = str(tmp_path / "c.toml")
    ephios = ["ephios", "campaign"]
    assert CliRunner().invoke(main, [*ephios, "new", save, "--player", "Ann", "--player", "Bob"])
    for _round in range(2):
        won = CliRunner().invoke(main, [*ephios, "popularity", save, "Ann", "70"])
        assert won.exit_code == 0, won.output
    lines = CliRunner().invoke(main, ["history"]).output.splitlines()
    (line,) = [line for line in lines if "ephios-campaign" in line]
    assert "2 rounds" in line and "turn" not in line
