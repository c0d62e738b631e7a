"""What `companion euphoria` prints means what it says: the unseen cards stay unseen, the
journal is listed, an option an event does not use is refused."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from companion.cli import main
from companion.core import session
from companion.core.saves import resolve_save_path
from companion.euphoria import game


def run(*args: str):
    return CliRunner().invoke(main, ["euphoria", *args])


def as_json(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.output.strip().splitlines()[-1])


def turn(name: str, *extra: str):
    """Run `turn`, answering every question with its first choice / minimum / no."""
    answers: list[str] = []
    for _ in range(6):
        result = run("turn", name, *extra, *answers)
        if result.exit_code != 3:
            return result
        asked = run("turn", name, "--json", *answers)
        for q in json.loads(asked.output)["questions"]:
            value = {"yes_no": "no", "many": "", "number": str(q.get("minimum", 1))}.get(
                q["kind"], (q["choices"] or [""])[0]
            )
            answers += ["--answer", f"{q['id']}={value}"]
    raise AssertionError("turn kept asking")


def unseen(name: str) -> set[str]:
    """The cards of the Automa deck and of the add-in decks not shuffled in yet."""
    deck = game.replay(session.load_game(resolve_save_path(name), game.GAME)).deck.unseen()
    return {*deck["draw"], *(card for add_in in deck["add_in"] for card in add_in)}


def strings(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [s for v in data.values() for s in strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in strings(v)]
    return [data] if isinstance(data, str) else []


def named(output: str) -> set[str]:
    """The card ids an output names: in its text, and in every string of its JSON but the
    journal (the pairs drawn so far: seen then, whatever the deck rebuilt since holds)."""
    texts = []
    for line in output.strip().splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            data.pop("journal", None)
            texts += strings(data)
        else:
            texts.append(line)
    return set(re.findall(r"\b[A-Z]\d+\b", " ".join(texts)))


def test_no_output_names_a_card_not_seen_yet():
    """The set-up checklist: "The app shuffles and draws the Automa cards (it never shows what
    comes next)". `new`, `turn`, `event`, `show`, in text and JSON, name the cards of the pair
    and the discards only; the decks are counts."""
    created = run("new", "g", "--humans", "2", "--seed", "5", "--json")
    deck = as_json(created)["deck"]
    assert (deck["draw"], deck["add_in"]) == (5, [5, 5])
    outputs = [created.output, run("new", "t", "--humans", "2", "--seed", "5").output]
    for n in range(8):  # past the first rebuild, an add-in deck shuffled in
        outputs.append(turn("g", "--json").output)
        outputs.append(turn("t").output)
        outputs.append(run("event", "g", "activation", "--faction", "icarus", "--json").output)
        outputs += [run("show", "g", "--json").output, run("show", "g").output]
        hidden = unseen("g")
        assert hidden == unseen("t")
        for output in outputs:
            words = named(output)
            assert not words & hidden, (n, words & hidden)
        outputs = []
    shown = as_json(run("show", "g", "--json"))["deck"]
    assert shown["draw"] == shown["cards_left"] and isinstance(shown["draw"], int)
    assert shown["add_in"] == [5] * shown["add_ins_left"]


def test_the_questions_printed_offer_only_what_can_be_chosen():
    """`m` (`event SAVE market-built`) after a market was built: the built one is no answer
    (its site is turned over), so neither the text nor the JSON offers it."""
    assert run("new", "g", "--humans", "2", "--seed", "5").exit_code == 0
    assert run("event", "g", "market-built", "--site", "euphoria.lower").exit_code == 0
    text = run("event", "g", "market-built")
    assert text.exit_code == 3
    (line,) = [line for line in text.output.splitlines() if "market.site" in line]
    assert "euphoria.lower" not in line and "euphoria.upper" in line
    asked = json.loads(run("event", "g", "market-built", "--json").output)["questions"][0]
    assert "euphoria.lower" not in asked["choices"] and "euphoria.upper" in asked["choices"]
    assert "disabled" not in asked
    site_add = run("event", "g", "site-add")
    assert site_add.exit_code == 3 and "euphoria.lower" not in site_add.output


def test_an_option_or_answer_an_event_does_not_use_is_refused():
    """House rule "Bad input": an input that is not used is refused, not ignored: exit 2,
    one line, the save byte for byte as it was."""
    assert run("new", "g", "--humans", "2", "--seed", "5", "--factions", "subterra,wastelands")
    save = resolve_save_path("g")
    before = save.read_bytes()
    for args in (
        ["activation", "--faction", "subterra", "--count", "2"],
        ["activation", "--faction", "subterra", "--answer", "faction=wastelands"],
        ["activation", "--answer", "faction=subterra", "--answer", "site.which=euphoria.lower"],
        ["sites", "--workers", "euphoria.lower=1", "--answer", "sites.euphoria.upper=1"],
        ["site-add", "--site", "euphoria.lower", "--answer", "site.count=2"],
        ["human-won", "--automa", "black"],
        ["human-won", "--answer", "won.player=2", "--answer", "won.sure=yes"],
    ):
        result = run("event", "g", *args)
        assert result.exit_code == 2, (args, result.output)
        assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
        assert save.read_bytes() == before, args
    assert run("event", "g", "activation", "--answer", "faction=subterra").exit_code == 0


def test_show_json_lists_the_journal_one_line_a_step():
    """`show --json` keeps its keys and adds `journal`: each step's index, the revision of
    the save that wrote it (what `turn`/`event`/`redo --json` printed), one line."""
    assert run("new", "g", "--humans", "2", "--seed", "5", "--factions", "subterra,wastelands")
    empty = as_json(run("show", "g", "--json"))
    assert empty["journal"] == []
    wrote = [as_json(turn("g", "--json"))["revision"]]
    wrote.append(
        as_json(run("event", "g", "activation", "--faction", "subterra", "--json"))["revision"]
    )
    assert run("undo", "g").exit_code == 0
    wrote[-1] = as_json(run("redo", "g", "--json"))["revision"]
    shown = as_json(run("show", "g", "--json"))
    keys = {"turn", "automas", "deck", "sites", "result", "summary", "save", "revision"}
    assert keys | {"can_undo", "can_redo"} <= set(shown)
    journal = shown["journal"]
    assert [(s["index"], s["revision"]) for s in journal] == [(1, wrote[0]), (2, wrote[1])]
    assert journal[0]["line"].startswith("Automa turn 1 — cards ")
    assert journal[1]["line"] == "recruit activation: Subterran"
    assert all("\n" not in s["line"] for s in journal)


def test_show_makes_the_journal_lines_for_its_json_only(monkeypatch):
    """`show` prints no journal: it makes none (a line per event of a long game); `show
    --json` has it, where it always was (after `can_redo`)."""
    from companion.euphoria import journal_text

    assert run("new", "g", "--humans", "2", "--seed", "5").exit_code == 0
    assert turn("g").exit_code == 0
    made = []
    lines = journal_text.journal_lines
    monkeypatch.setattr(journal_text, "journal_lines", lambda j: made.append(1) or lines(j))
    text = run("show", "g")
    assert text.exit_code == 0 and text.output.strip() and made == []
    data = as_json(run("show", "g", "--json"))
    assert made == [1] and data["journal"][0]["line"].startswith("Automa turn 1 — cards ")
    keys = list(data)
    assert keys.index("journal") == keys.index("can_redo") + 1  # where it always was


def test_the_journal_lines_speak_through_the_catalog(tmp_path):
    """In the pseudo-locale every journal line is the catalog's (inside ⟦ ⟧); a save written
    before the revisions were kept lists its steps with revision null."""
    from companion.core.catalog import PSEUDO, set_language
    from companion.euphoria import journal_text

    old = session.load_game(
        Path(__file__).parents[1] / "fixtures" / "saves" / "euphoria-events.toml", game.GAME
    )
    set_language(PSEUDO)
    try:
        lines = journal_text.journal_lines(old)
    finally:
        set_language(None)
    assert len(lines) == len(old.events)
    assert all(s["line"].startswith("⟦") and s["revision"] is None for s in lines)
