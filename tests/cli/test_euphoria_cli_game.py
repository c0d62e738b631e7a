"""The headless contract of `companion euphoria new|cards|turn|event|undo|redo|show|checklist`:
option names, JSON keys, exit codes (0 done, 2 bad input, 3 questions)."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from companion.cli import main


def run(*args: str):
    result = CliRunner().invoke(main, ["euphoria", *args])
    return result


def as_json(result) -> dict:
    return json.loads(result.output.strip().splitlines()[-1])


def new(name="g", *extra: str):
    result = run("new", name, "--recruits", "icarus,euphoria", "--seed", "11", "--json", *extra)
    assert result.exit_code == 0, result.output
    return as_json(result)


def answer_all(name: str, rng_answer="no"):
    """Run `turn` until it completes, answering every question with a plain value."""
    answers: list[str] = []
    for _ in range(6):
        result = run("turn", name, "--json", *answers)
        if result.exit_code == 0:
            return as_json(result)
        assert result.exit_code == 3, result.output
        for q in as_json(result)["questions"]:
            value = {"yes_no": rng_answer, "many": "", "number": str(q.get("minimum", 1))}.get(
                q["kind"], (q["choices"] or [""])[0]
            )
            answers += ["--answer", f"{q['id']}={value}"]
    raise AssertionError("turn kept asking")


def test_new_json_contract(tmp_path):
    """`new --json`: factions, players, deck {support, draw, add_in} (counts); the save is written to
    the data directory for a bare name; a second `new` refuses to overwrite (exit 2)."""
    data = new()
    assert set(data["factions"]) == {"black", "white"}
    assert data["players"] == 3
    deck = data["deck"]
    assert isinstance(deck["support"], str) and deck["draw"] == 5
    assert deck["add_in"] == [5, 5]
    assert data["save"].endswith("g.toml")
    assert {"title", "lines", "why"} <= set(data["checklist"][0])
    again = run("new", "g", "--recruits", "icarus,euphoria")
    assert again.exit_code == 2 and "already exists" in again.output
    assert run("new", "g", "--recruits", "icarus,euphoria", "--force").exit_code == 0


def test_new_bad_input_exits_2_without_traceback():
    """Bad options are one-line errors, exit 2, and no save is created."""
    for args in (
        ["--humans", "3"],
        ["--difficulty", "hard", "--recruits", "icarus,euphoria"],
        ["--recruits", "icarus,mars"],
        [],
    ):
        result = run("new", "bad", *args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output
    assert run("show", "bad").exit_code == 2


def test_new_physical_dice_asks_for_the_starting_workers():
    """ "Give the Automas Their Components": with physical dice the 4 workers of each Automa
    are asked (exit 3) and nothing is saved until they are given."""
    result = run("new", "p", "--humans", "2", "--physical-dice", "--json")
    assert result.exit_code == 3
    ids = [q["id"] for q in as_json(result)["questions"]]
    assert ids[0] == "black.worker.1" and len(ids) == 8
    assert run("show", "p").exit_code == 2
    answers = [x for i in ids for x in ("--answer", f"{i}=4")]
    assert run("new", "p", "--humans", "2", "--physical-dice", *answers).exit_code == 0
    shown = as_json(run("show", "p", "--json"))
    assert shown["automas"]["black"]["available"] == [4, 4, 4, 4]


def test_cards_preview_lines():
    """`cards --json`: one object per line per Automa turn with turn, action, support,
    rebuilt, add_in; add-in decks are shuffled in on the rebuilds."""
    result = run("cards", "--difficulty", "veteran", "--seed", "4", "--turns", "30", "--json")
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r["turn"] for r in rows] == list(range(1, 31))
    assert set(rows[0]) == {"turn", "action", "support", "rebuilt", "add_in"}
    assert rows[-1]["add_in"] == 2 and any(r["rebuilt"] for r in rows)


def test_turn_questions_change_nothing_then_answers_complete_it():
    """`turn`: exit 3 with {"questions": [...]} and the save unchanged; with the answers the
    turn completes with turn, cards, announcements and the state summary."""
    new("t", "--ask-tracks")
    before = as_json(run("show", "t", "--json"))
    result = run("turn", "t", "--json")
    assert result.exit_code == 3  # seed 11: black's tunnel may activate its recruits
    questions = as_json(result)["questions"]
    assert [q["id"] for q in questions] == ["black.miner"]
    assert all({"id", "text", "kind", "choices"} <= set(q) for q in questions)
    assert as_json(run("show", "t", "--json")) == before
    data = answer_all("t")
    assert data["turn"] == 1
    assert set(data["cards"]) == {"action", "support"}
    first = data["announcements"][0]
    # The English text and why, and what it means as data.
    assert {"text", "why", "who", "kind", "what", "cards", "rule"} == set(first)
    pair = [data["cards"]["action"], data["cards"]["support"]]
    assert first["what"] == "deck.draw" and first["cards"] == pair
    assert data["summary"].startswith("turn 1 · tokens left: black")


def test_turn_reports_tracks_by_default_without_a_question():
    """Automa Allegiance, as we run it by default: the same turn as above needs no question;
    the announcement tells the user to report the activation if the miner reaches 6."""
    new("r")
    result = run("turn", "r", "--json")
    assert result.exit_code == 0, result.output
    texts = [a["text"] for a in as_json(result)["announcements"]]
    assert any("Wastelander miner reaches 6, report the recruit activation" in t for t in texts)


def test_turn_bad_answer_exits_2():
    """An answer that does not fit its question is a one-line error (exit 2)."""
    new("b")
    result = run("turn", "b", "--answer", "nonsense")
    assert result.exit_code == 2
    # Find a question, then answer it wrongly.
    for _ in range(10):
        asked = run("turn", "b", "--json")
        if asked.exit_code == 3:
            q = as_json(asked)["questions"][0]
            bad = run("turn", "b", "--answer", f"{q['id']}=maybe-not")
            assert bad.exit_code == 2 and "question" in bad.output
            return
        assert asked.exit_code == 0


def test_show_json_contract():
    """`show --json`: turn, automas -> black/white -> faction, available, placed,
    penalty_card, penalty_side, tokens_left; deck status, sites, result."""
    new("s")
    answer_all("s")
    data = as_json(run("show", "s", "--json"))
    assert data["turn"] == 1
    for name in ("black", "white"):
        automa = data["automas"][name]
        assert {
            "faction",
            "available",
            "placed",
            "penalty_card",
            "penalty_side",
            "tokens_left",
        } <= set(automa)
        assert all({"knowledge", "space"} == set(w) for w in automa["placed"])
    assert {"cards_left", "pass", "add_ins_left", "action", "support"} <= set(data["deck"])
    assert "euphoria.lower" in data["sites"] and data["result"] is None


def test_events_undo_redo():
    """`event` kinds, `undo --steps`, `redo --steps`: each step saved; undo past the set-up
    and an unknown kind are refused (exit 2)."""
    new("e")
    answer_all("e")
    r = run("event", "e", "site-add", "--site", "euphoria.upper", "--json")
    assert r.exit_code == 0, r.output
    assert as_json(r)["event"] == "site-add"
    black = as_json(run("show", "e", "--json"))["automas"]["black"]["faction"]
    assert run("event", "e", "activation", "--faction", black).exit_code == 0
    assert run("event", "e", "sites", "--workers", "euphoria.upper=1").exit_code == 0
    assert run("event", "e", "correct", "--automa", "black", "--tokens-left", "9").exit_code == 0
    assert as_json(run("show", "e", "--json"))["automas"]["black"]["tokens_left"] == 9
    assert run("event", "e", "explode").exit_code == 2
    assert (
        run("event", "e", "bump", "--automa", "black", "--space", "icarus.commodity").exit_code == 2
    )
    assert run("event", "e", "correct", "--automa", "black", "--available", "1,2").exit_code == 2
    undone = run("undo", "e", "--steps", "5", "--json")
    assert undone.exit_code == 0 and as_json(undone)["turn"] == 0
    assert run("undo", "e").exit_code == 2
    redone = run("redo", "e", "--steps", "5", "--json")
    assert as_json(redone)["state"]["automas"]["black"]["tokens_left"] == 9


def test_an_event_without_its_options_asks_its_reports_questions():
    """`event KIND` alone asks the questions the app asks (exit 3, nothing saved);
    `--answer` answers them and records the event; `--json` gives them as JSON."""
    new("q")
    before = as_json(run("show", "q", "--json"))["revision"]
    asked = run("event", "q", "site-add", "--json")
    assert asked.exit_code == 3, asked.output
    (question,) = as_json(asked)["questions"]
    assert question["id"] == "site.which" and "euphoria.upper" in question["choices"]
    text = run("event", "q", "activation")
    assert text.exit_code == 3 and "faction:" in text.output
    assert as_json(run("show", "q", "--json"))["revision"] == before
    count = run("event", "q", "site-add", "--answer", "site.which=euphoria.upper", "--json")
    assert count.exit_code == 3 and as_json(count)["questions"][0]["id"] == "site.count"
    done = run(
        "event",
        "q",
        "site-add",
        "--answer",
        "site.which=euphoria.upper",
        "--answer",
        "site.count=1",
        "--json",
    )
    assert done.exit_code == 0, done.output
    assert as_json(done)["state"]["sites"]["euphoria.upper"]["humans"] == 1
    bad = run("event", "q", "activation", "--answer", "faction=nowhere")
    assert bad.exit_code == 2 and bad.output.count("\n") == 1
    nothing = run("event", "q", "bump")  # no Automa worker to bump at the set-up
    assert nothing.exit_code == 2 and nothing.output.startswith("error:")
    fixed = run("event", "q", "correct", "--answer", "correct.what=white", "--json")
    assert as_json(fixed)["questions"][0]["id"] == "correct.fact"


def test_event_contradicting_the_sites_names_the_command_to_report_with():
    """The engine says what to report as data; the CLI names its own `event` kinds."""
    new("s")
    result = run("event", "s", "site-remove", "--site", "euphoria.upper")
    assert result.exit_code == 2
    assert "not 1: first tell the app how many workers the construction sites hold" in (
        result.output
    )
    assert result.output.rstrip().endswith("(report it with `event sites`)")


def test_damaged_save_is_reported_and_kept(tmp_path):
    """A damaged save: one line naming the file, exit 2, the file untouched."""
    path = tmp_path / "broken.toml"
    path.write_text("format = [")
    for command in (
        ["turn"],
        ["show"],
        ["undo"],
        ["event", str(path), "activation", "--faction", "icarus"],
    ):
        args = command if command[0] == "event" else [*command, str(path)]
        result = run(*args)
        assert result.exit_code == 2 and str(path) in result.output
    assert path.read_text() == "format = ["


def test_checklist_command():
    """`checklist --players N [--base-game]`: the multiplayer set-up checklist."""
    result = run("checklist", "--players", "5", "--json")
    assert result.exit_code == 0
    titles = [i["title"] for i in as_json(result)["checklist"]]
    assert "Miners" in titles and "The New Antiques Bazaar" in titles
    base = as_json(run("checklist", "--players", "2", "--base-game", "--json"))
    assert "The New Antiques Bazaar" not in [i["title"] for i in base["checklist"]]
    assert run("checklist", "--players", "7").exit_code == 2


def test_headless_commands_do_not_import_textual(tmp_path):
    """Headless commands must not import Textual: they start fast and run where Textual cannot."""
    import subprocess

    code = (
        "import sys; from click.testing import CliRunner; from companion.cli import main;"
        "r = CliRunner().invoke(main, ['euphoria', 'new', 'x', '--humans', '2', '--seed', '1']);"
        "assert r.exit_code == 0, r.output;"
        "r = CliRunner().invoke(main, ['euphoria', 'turn', 'x']);"
        "assert r.exit_code == 0, r.output; assert 'textual' not in sys.modules"
    )
    env = {**__import__("os").environ, "COMPANION_DATA_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


@pytest.mark.parametrize("humans", [1, 2])
def test_a_physical_deck_turn_asks_in_at_most_two_rounds(humans):
    """With the printed cards and physical dice, a `turn` asks everything in
    at most two rounds, the first turn and a rebuild included: both cards (and which
    construction sites hold a human's worker, with 4 players also which hold two, which the
    move may depend on) together, then the dice and the tracks once the move is known."""
    dice = [f"--answer={a}.worker.{n}=3" for a in ("black", "white") for n in range(1, 5)]
    recruits = "icarus,euphoria" if humans == 1 else "icarus,subterra"
    result = run(
        "new", "p", "--humans", str(humans), "--recruits", recruits, "--seed", "4",
        "--difficulty", "beginner", "--physical-deck", "--physical-dice", "--ask-tracks",
        "--json", *dice,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    faces = iter([5, 2, 6, 1, 4, 3] * 40)
    rebuilt = 0
    for number in range(1, 13):
        answers: list[str] = []
        rounds: list[list[str]] = []
        while (result := run("turn", "p", "--json", *answers)).exit_code == 3:
            questions = as_json(result)["questions"]
            rounds.append([q["id"] for q in questions])
            for q in questions:
                if q["id"] == "deck.action":  # the player names the card they drew
                    value = q["choices"][-1]
                elif q["id"] == "sites.humans":  # a human's worker on every site
                    value = ",".join(q["choices"])
                elif q["kind"] == "one":
                    value = q["choices"][0]
                else:
                    value = {"yes_no": "no", "many": ""}.get(q["kind"], str(next(faces)))
                answers.append(f"--answer={q['id']}={value}")
            assert len(rounds) <= 2, (number, rounds)
        assert result.exit_code == 0, result.output
        data = as_json(result)
        rebuilt += data["rebuilt"]
        if number == 1 or data["rebuilt"]:
            assert {"deck.support", "deck.action"} <= set(rounds[0])
    assert rebuilt
