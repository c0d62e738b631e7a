"""Core pieces: journal undo/redo, atomic saves, save-file errors, questions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.errors import InputError, SaveError
from companion.core.journal import Journal
from companion.core.questions import Answers, NeedAnswers, Question
from companion.core.saves import read_save, write_save


def test_save_round_trip(tmp_path):
    journal = Journal(game="euphoria", seed=7, options={"humans": 1})
    journal.append({"kind": "turn", "answers": {"q": "yes"}})
    path = tmp_path / "g.toml"
    write_save(path, journal)
    back = read_save(path, "euphoria")
    assert back.events == journal.events
    assert back.options == {"humans": 1}
    assert back.seed == 7


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not toml [", "damaged save"),
        ('format = "other"', "not a companion save"),
        ('format = "companion-save"\nversion = 1\ngame = "euphoria"', "missing 'seed'"),
        ('format = "companion-save"\nversion = 9\ngame = "euphoria"\nseed = 1', "newer"),
        ('format = "companion-save"\nversion = 1\ngame = "ephios-solo"\nseed = 1', "not euphoria"),
        (
            'format = "companion-save"\nversion = 1\ngame = "euphoria"\nseed = 1\n[[events]]\nx = 1',
            "events #1: kind",
        ),
    ],
)
def test_bad_save_names_file_and_problem(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(SaveError) as info:
        read_save(path, "euphoria")
    assert str(path) in str(info.value)
    assert message in str(info.value)
    assert path.read_text() == text  # never touched


def test_missing_save(tmp_path):
    with pytest.raises(SaveError, match="no such save file"):
        read_save(tmp_path / "nope.toml")


@given(st.lists(st.sampled_from(["add", "undo", "redo"]), max_size=40))
def test_undo_redo_round_trip(ops):
    """Undoing n steps then redoing n steps gives back the same journal."""
    journal = Journal(game="g", seed=1, options={})
    for n, op in enumerate(ops):
        if op == "add":
            journal.append({"kind": "e", "n": n})
        elif op == "undo" and journal.can_undo():
            journal.undo()
        elif op == "redo" and journal.can_redo():
            journal.redo()
    before = list(journal.events)
    steps = len(journal.events)
    for _ in range(steps):
        journal.undo()
    assert journal.events == []
    for _ in range(steps):
        journal.redo()
    assert journal.events == before


def test_question_parsing():
    yes_no = Question("q1", "Built?", "yes_no")
    assert yes_no.parse("yes") is True and yes_no.parse("no") is False
    one = Question("q2", "Which?", "one", ("a", "b"))
    assert one.parse("b") == "b"
    with pytest.raises(InputError, match="not one of a, b"):
        one.parse("c")
    many = Question("q3", "Which?", "many", ("a", "b"))
    assert many.parse("a,b") == ("a", "b") and many.parse("") == ()
    number = Question("q4", "How many?", "number", minimum=0, maximum=3)
    assert number.parse("2") == 2
    with pytest.raises(InputError):
        number.parse("4")


def test_a_number_steps_by_one_or_by_its_step_within_its_bounds():
    """+ / - move a number by 1 by default; a question with a step of 10 goes to the next
    multiple of 10 that way (a typed 15 to 20 or 10) and keeps to the multiples inside its
    bounds where there are any (its JSON says the step)."""
    by_one = Question("q", "How many?", "number", minimum=0, maximum=4)
    assert [by_one.stepped(2, True), by_one.stepped(2, False)] == [3, 1]
    assert [by_one.stepped(4, True), by_one.stepped(0, False)] == [4, 0]
    assert "step" not in by_one.to_json()
    tens = Question("q", "By how many %?", "number", minimum=1, maximum=35, step=10)
    assert [tens.stepped(15, True), tens.stepped(15, False)] == [20, 10]
    assert [tens.stepped(30, True), tens.stepped(10, False)] == [30, 10]
    assert tens.to_json()["step"] == 10
    short = Question("q", "By how many %?", "number", minimum=1, maximum=5, step=10)
    assert [short.stepped(5, True), short.stepped(5, False)] == [5, 1]  # no ten inside


def test_answers_collect_missing_questions():
    answers = Answers({"a": "yes"})
    assert answers.get(Question("a", "A?", "yes_no")) is True
    assert answers.get(Question("b", "B?", "yes_no")) is None
    with pytest.raises(NeedAnswers) as info:
        answers.require()
    assert [q.id for q in info.value.questions] == ["b"]


def test_bare_save_names_live_in_the_data_folder(tmp_path, monkeypatch):
    """A bare name is kept where the resume list looks; a path is taken as it is."""
    from companion.core.saves import resolve_save_path

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    assert resolve_save_path("evening") == tmp_path / "evening.toml"
    assert str(resolve_save_path("games/evening")) == "games/evening"
    assert str(resolve_save_path("evening.toml")) == "evening.toml"
    with pytest.raises(InputError, match="empty"):
        resolve_save_path(" ")


def test_ephios_bare_save_name_goes_to_the_data_folder(tmp_path, monkeypatch):
    """`companion ephios quick new NAME` saves where the app's resume list finds it."""
    from click.testing import CliRunner

    from companion.cli import main
    from companion.core.saves import list_saves

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    result = CliRunner().invoke(
        main, ["ephios", "quick", "new", "fam", "--player", "A", "--player", "B"]
    )
    assert result.exit_code == 0, result.output
    assert [p.name for p, _ in list_saves(tmp_path)] == ["fam.toml"]


def test_run_plan_asking_gives_the_report_and_the_ids_of_the_questions_it_asked():
    """What the CLI needs to refuse an ``--answer`` no question asked: the ids asked."""
    from companion.core.plans import Ask, Report, run_plan_asking
    from companion.core.questions import Question

    def plan(given):
        if "who" not in given:
            return Ask.one(Question(id="who", text="Who?", kind="one", choices=("ann", "bob")))
        return Report("named", {"who": given["who"]})

    report, asked = run_plan_asking(plan, {"who": "bob", "extra": "1"})
    assert report is not None and report.fields == {"who": "bob"} and asked == {"who"}


def test_the_revision_of_each_step_round_trips_and_a_malformed_list_is_refused(tmp_path):
    """Each step keeps the revision of the save that wrote it (`show --json`'s journal); a
    save without them (an older version) reads as not known, and a list that does not give
    one whole number per step is refused naming the file and the field."""
    path = tmp_path / "g.toml"
    journal = Journal(game="x", seed=1, options={})
    journal.append({"kind": "a"}, 2)
    journal.append({"kind": "b"}, 3)
    journal.undo()
    write_save(path, journal)
    again = read_save(path)
    assert again.step_revisions() == ([2], [3])
    import tomllib

    import tomli_w

    data = tomllib.loads(path.read_text())
    path.write_text(tomli_w.dumps({**data, "event_revisions": [2, 9]}))
    with pytest.raises(SaveError, match=r"g\.toml.*event_revisions"):
        read_save(path)
    del data["event_revisions"], data["redo_revisions"]
    path.write_text(tomli_w.dumps(data))
    assert read_save(path).step_revisions() == ([0], [0])


def test_a_choice_is_read_in_any_case_when_one_choice_matches():
    """A card id typed in another case is the card (``s2`` is the printed S2); a value that
    names no choice, or two alike, is still refused."""
    q = Question("deck.action", "Which card?", "one", ("S1", "S2"))
    assert q.parse("s2") == "S2" and q.parse(" S1 ") == "S1"
    with pytest.raises(InputError):
        q.parse("s3")
    assert Question("m", "Which?", "many", ("S1", "S2")).parse("s2,S1") == ("S2", "S1")
    with pytest.raises(InputError):
        Question("x", "Which?", "one", ("Ab", "aB")).parse("ab")


def test_a_step_refuses_an_answer_no_question_of_it_asked():
    """`asked` holds every question the step asked, answered or not; an answer to another
    id is refused with the ids the step asks named (nothing else changes)."""
    answers = Answers(raw={"a": "yes", "stray": "1"})
    answers.get(Question("a", "A?", "yes_no"))
    answers.get(Question("b", "B?", "yes_no"))
    assert answers.asked == ["a", "b"] and answers.used == {"a"}
    with pytest.raises(InputError, match=r"stray.*\(it asks a, b\)"):
        answers.refuse_unused()
    answers.note("stray")  # asked in an earlier round, not needed now: not refused
    answers.refuse_unused()
    with pytest.raises(InputError, match="asks no question"):
        Answers(raw={"x": "1"}).refuse_unused()
