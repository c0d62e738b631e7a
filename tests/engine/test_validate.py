"""The one validator (core/validate.py) and the messages of the readers moved onto it.

Every reader refuses a bool where a number belongs, a number written in other
digits than ASCII, and 2.5 where a whole number belongs; each message is one
line naming the file, the item and the field it knows.
"""

from __future__ import annotations

import pytest

from companion.core import session
from companion.core.errors import InputError
from companion.core.journal import Journal
from companion.core.questions import Question
from companion.core.validate import IS_NOT, MUST_BE, Reader, shown, whole_number
from companion.ephios import quick
from companion.ephios.solo_actions import from_dict, from_words
from companion.euphoria import game
from companion.euphoria.events import normalize
from companion.euphoria.state import GameOptions


def _message(call) -> str:
    with pytest.raises(InputError) as info:
        call()
    assert "\n" not in str(info.value)
    return str(info.value)


def test_values_are_shown_as_the_file_writes_them():
    assert [shown(v) for v in (True, False, 3, "yes", {"a": 1}, [2, 6])] == [
        "true",
        "false",
        "3",
        "'yes'",
        "a table",
        "[2, 6]",
    ]
    assert shown("h\u00e9") == "'h\\xe9'"
    assert shown("b" * 100) == "'" + "b" * 36 + "..."


def test_a_reader_names_file_item_field_in_its_form():
    must = Reader("deck.toml", "card S1", MUST_BE)
    assert _message(lambda: must.whole_number(True, "bazaar", 0, 4)) == (
        "deck.toml: card S1: bazaar: true must be a whole number from 0 to 4"
    )
    assert _message(lambda: must.flag(0, "camping")) == (
        "deck.toml: card S1: camping: 0 must be true or false"
    )
    assert _message(lambda: must.choice("grey", "pile", ("green", "black"))) == (
        "deck.toml: card S1: pile: 'grey' is not one of green, black"
    )
    is_not = Reader("s.toml", form=IS_NOT)
    assert _message(lambda: is_not.whole_number(7, "k", 1, 6, "a die face 1-6")) == (
        "s.toml: k: 7 is not a die face 1-6"
    )
    assert _message(lambda: is_not.table([1], "w", "a table (expected workers)")) == (
        "s.toml: w: [1] is not a table (expected workers)"
    )
    assert must.whole_number(4, "bazaar", 0, 4) == 4 and must.flag(False, "camping") is False


@pytest.mark.parametrize("text", ["٣", "²", "1_000", "2.5", "", "+"])
def test_a_number_typed_as_text_has_ascii_digits_only(text):
    with pytest.raises(InputError):
        whole_number(text)
    with pytest.raises(InputError, match="is not a whole number"):
        Question("n", "How many?", "number", minimum=0, maximum=9999).parse(text)


def test_whole_number_takes_a_number_or_its_text_and_nothing_else():
    assert whole_number(" -3 ") == -3 and whole_number(7) == 7
    for bad in (True, 2.5, None, [1]):
        assert _message(lambda bad=bad: whole_number(bad, field="delta")).startswith("delta: ")


def test_event_fields_name_the_field_and_show_values_as_written():
    """Events: a bool is not a count (shown `true`, not Python's `True`), a yes/no fact is
    true or false, and a placed worker's knowledge has ASCII digits only."""
    assert _message(lambda: normalize("correct", {"automa": "black", "tokens_left": True})) == (
        "tokens_left: true must be a whole number from 0 to 10"
    )
    assert _message(lambda: normalize("correct", {"site": "euphoria.lower", "built": 3})) == (
        "built: 3 must be true or false"
    )
    message = _message(lambda: normalize("correct", {"automa": "black", "placed": ["٣@x"]}))
    assert message.startswith("placed: '") and "expected KNOWLEDGE@SPACE" in message
    assert _message(lambda: normalize("human-won", {"player": 3})) == (
        "player: 3 must be a whole number from 1 to 2"
    )


def test_steps_and_turns_name_what_they_must_be():
    journal = Journal(game="euphoria", seed=1, options={})
    assert _message(lambda: session.undo(journal, 0)) == "steps: 0 must be 1 or more"
    assert _message(lambda: session.undo(journal, True)) == "steps: true must be 1 or more"
    assert _message(lambda: game.preview_cards("beginner", 1, -1)) == (
        "turns: -1 must be 0 or more"
    )


def test_saved_options_name_the_option():
    message = _message(lambda: GameOptions.from_dict({"humans": True}))
    assert message == "options: humans: expected a whole number, got true or false"
    message = _message(lambda: GameOptions.from_dict({"recruits": "icarus"}))
    assert message.startswith("options: recruits: expected a list of text values")


def test_a_stored_solo_action_names_its_verb_and_field():
    assert _message(lambda: from_dict({"verb": "debate", "slot": True})) == (
        "debate: slot: true is not a whole number"
    )
    assert _message(lambda: from_dict({"verb": "corrupt", "alliance": 3})) == (
        "corrupt: alliance: 3 is not text"
    )
    assert from_dict({"verb": "corrupt", "alliance": " Cult "}).alliance == "cult"
    with pytest.raises(InputError, match="is not an action of an older save"):
        from_words(["debate", "٣"])


def test_a_quick_game_delta_is_a_whole_number_never_truncated():
    """Before the one validator, a delta of 2.5 was read as 2."""
    journal = quick.new_game(["Ann", "Bob"], seed=1)
    for bad in (2.5, True, "١٠"):
        with pytest.raises(InputError, match=r"^delta: "):
            quick.play(journal, {"kind": "popularity", "player": "Ann", "delta": bad})
    assert journal.events == []


def test_one_reading_of_yes_and_no_for_answers_and_options():
    """The CLI's yes/no options and the questions' yes/no answers read the same words."""
    from companion.core.validate import yes_or_no

    question = Question("q", "Sure?", "yes_no")
    for word, meaning in (("Yes", True), (" y", True), ("TRUE", True), ("no", False), ("N", False)):
        assert yes_or_no(word) is meaning and question.parse(word) is meaning
    assert yes_or_no("maybe") is None
    assert (
        _message(lambda: question.parse("maybe")) == "question q: answer 'maybe' must be yes or no"
    )


@pytest.fixture
def pseudo_locale():
    from companion.core import catalog

    catalog.set_language(catalog.PSEUDO)
    yield
    catalog.set_language(None)


def test_core_errors_come_through_the_catalog_with_their_data_kept(tmp_path, pseudo_locale):
    """In the pseudo-locale every word of a core error is the catalog's, while the file, the
    item, the field and the values stay as they are (data, not message ids)."""
    from companion.core.errors import SaveError
    from companion.core.saves import read_save

    problem = _message(lambda: Reader("d.toml", "card S7").whole_number(True, "bazaar", 1, 4))
    assert problem.startswith("d.toml: card S7: bazaar: ⟦true ") and problem.endswith("⟧")
    assert "1" in problem and "4" in problem
    bad = tmp_path / "bad.toml"
    bad.write_text("x = [")
    with pytest.raises(SaveError) as refused:
        read_save(bad)
    assert str(bad) in str(refused.value) and "⟦" in str(refused.value)
    question = Question("q", "How many?", "number", minimum=1, maximum=3)
    assert "⟦" in _message(lambda: question.parse("9"))
