"""The catalog (companion/core/catalog.py): the language from the environment, and the
pseudo-locale en_XA that shows every string that escaped the catalog."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import catalog


@pytest.fixture(autouse=True)
def _fresh_language(monkeypatch):
    for variable in catalog.LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    catalog.set_language(None)
    yield
    catalog.set_language(None)


def test_the_language_comes_from_companion_lang_first(monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert catalog.language() == "de_DE"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8@euro")
    assert catalog.language() == "fr_FR"
    monkeypatch.setenv("LANGUAGE", "it:es")
    assert catalog.language() == "it"
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    assert catalog.language() == "en_XA"


def test_one_language_reads_the_language_once_for_its_block(monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    with catalog.one_language() as name:
        assert name == "en_XA"
        monkeypatch.setenv("COMPANION_LANG", "de_DE")
        assert catalog.language() == "en_XA"
        assert catalog.say("{n} workers", n=3).startswith("⟦3 ")
        catalog.set_language("fr_FR")  # a choice made in the block still wins
        assert catalog.language() == "fr_FR"
        catalog.set_language(None)
        assert catalog.language() == "en_XA"
    assert catalog.language() == "de_DE"  # after the block, the environment again


def test_a_replay_reads_the_environment_once_for_all_its_texts(monkeypatch):
    from companion.core import session
    from companion.euphoria import game
    from companion.euphoria.state import GameOptions

    journal = game.new_game(GameOptions(humans=2, report_sites=True), seed=5)
    for _ in range(4):
        game.run_turn(journal, {})
    session.clear_cache()
    reads = _counted_reads(monkeypatch)
    game.replay(journal)
    assert 0 < len(reads) <= len(catalog.LANGUAGE_VARIABLES)


def _counted_reads(monkeypatch) -> list[str]:
    """The language variables read from the environment from now on (each appended)."""
    reads: list[str] = []
    real_get = catalog.os.environ.get

    def counted_get(key, default=None):
        if key in catalog.LANGUAGE_VARIABLES:
            reads.append(key)
        return real_get(key, default)

    monkeypatch.setattr(catalog.os.environ, "get", counted_get)
    monkeypatch.setattr(catalog, "_RAW", None)  # every read through the mapping, counted
    return reads


def test_a_step_reads_the_environment_once_for_all_its_texts(monkeypatch):
    """A step on a table (its replay, its announcements, its questions, its record), an
    Automa turn or a human event on a Euphoria journal, a table's view: each reads the
    player's language once for its hundreds of texts, not once a text."""
    import random

    from random_play import answer, new_game

    from companion.core import registry, table
    from companion.core.errors import CompanionError
    from companion.core.questions import NeedAnswers
    from companion.euphoria import game
    from companion.euphoria.state import GameOptions

    monkeypatch.setenv("COMPANION_LANG", "en_XA")  # the texts made in the pseudo-locale
    journal = game.new_game(GameOptions(humans=2, report_sites=True), seed=5)
    game.run_turn(journal, {})
    faction = game.replay(journal).automas["black"].faction
    reads = _counted_reads(monkeypatch)
    game.run_turn(journal, {})
    assert 0 < len(reads) <= len(catalog.LANGUAGE_VARIABLES)
    reads.clear()
    game.apply_event(journal, "activation", faction=faction)
    assert 0 < len(reads) <= len(catalog.LANGUAGE_VARIABLES)
    for entry in registry.table_games():
        obj = registry.table(entry.id)
        assert obj is not None
        rng = random.Random(3)
        journal = new_game(obj, rng)
        reads.clear()
        actions = table.view(obj, journal).actions
        assert 0 < len(reads) <= len(catalog.LANGUAGE_VARIABLES), entry.id
        action = next((a for a in actions if a.main), actions[0])
        answers: dict[str, str] = {}
        for _try in range(40):  # each try (asked, refused or taken) reads it once
            reads.clear()
            try:
                table.act(obj, journal, action.id, answers)
            except NeedAnswers as need:
                answers.update({q.id: answer(q, rng) for q in need.questions})
            except CompanionError:
                answers.clear()  # an answer refused: the step asked again from the start
            else:
                break
            finally:
                assert 0 < len(reads) <= len(catalog.LANGUAGE_VARIABLES), entry.id
        assert journal.events, entry.id


VALUES = st.one_of(
    st.none(),
    st.sampled_from(["", "C", "POSIX", "C.UTF-8", "de_DE.UTF-8", "fr_FR@euro", "en_XA", "it:es"]),
    st.sampled_from([":fr", " pt_BR ", "xx_YY.ISO-8859-1"]),
)


@given(values=st.tuples(*[VALUES] * len(catalog.LANGUAGE_VARIABLES)))
def test_the_language_read_from_the_environments_table_is_the_one_its_mapping_names(values):
    """The quick read (the environment's own table) names the language the variables do as
    ``os.environ`` reads them, as they change; a replaced ``os.environ`` is read too."""
    saved = {name: catalog.os.environ.get(name) for name in catalog.LANGUAGE_VARIABLES}
    try:
        for name, value in zip(catalog.LANGUAGE_VARIABLES, values, strict=True):
            if value is None:
                catalog.os.environ.pop(name, None)
            else:
                catalog.os.environ[name] = value
        expected = catalog._language_in(dict(catalog.os.environ))
        assert catalog.language() == expected
        first = next((v for v in values if v), None)
        if first is None:
            assert expected == "en"
    finally:
        for name, value in saved.items():
            if value is None:
                catalog.os.environ.pop(name, None)
            else:
                catalog.os.environ[name] = value


def test_a_replaced_environment_is_read_as_it_is(monkeypatch):
    monkeypatch.setattr(catalog.os, "environ", {"LANG": "de_DE.UTF-8"})
    assert catalog.language() == "de_DE"
    monkeypatch.setattr(catalog.os, "environ", {"LANGUAGE": "it:es", "LANG": "de_DE"})
    assert catalog.language() == "it"


def test_c_and_posix_and_nothing_read_english(monkeypatch):
    assert catalog.language() == "en"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert catalog.language() == "en"
    monkeypatch.setenv("LC_ALL", "POSIX")
    assert catalog.language() == "en"


def test_a_language_without_a_catalog_reads_english(monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "xx_YY")
    assert catalog.say("{n} workers", n=3) == "3 workers"


def test_pseudo_locale_accents_lengthens_and_brackets(monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    text = catalog.say("Press {key} to roll the dice", key="Enter")
    assert text.startswith("⟦") and text.endswith("⟧")
    assert "Enter" in text  # the data is the caller's, not the catalog's
    plain = text.replace("Enter", "")
    assert not any("a" <= c <= "z" or "A" <= c <= "Z" for c in plain)
    message = "Press {key} to roll the dice"
    assert len(catalog.pseudo(message)) >= 1.3 * len(message)


def test_pseudo_locale_keeps_fields_printf_and_markup():
    assert catalog.pseudo("[b]{who}[/b] rolls %(n)s and %d").count("[b]{who}[/b]") == 1
    out = catalog.pseudo("[b]{who}[/b] rolls %(n)s and %d [@click=app.quit]quit[/]")
    assert "%(n)s" in out and "%d" in out and "[@click=app.quit]" in out and "[/]" in out


def test_plural_forms_pick_by_number(monkeypatch):
    assert catalog.say_n("{n} token", "{n} tokens", 1) == "1 token"
    assert catalog.say_n("{n} token", "{n} tokens", 4) == "4 tokens"
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    assert catalog.say_n("{n} token", "{n} tokens", 4).startswith("⟦4 ţ")


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_characters="{}"), max_size=60))
def test_a_pseudo_text_formats_like_its_english(text):
    """Whatever the text, its pseudo form has the same fields (none here) and no ASCII
    letter outside fields and markup."""
    out = catalog.pseudo(text)
    if text:
        assert out[0] == "⟦" and out[-1] == "⟧"
        assert len(out) >= 1.3 * len(text)
    stripped = catalog._KEEP.sub("", out)
    assert not any(c.isascii() and c.isalpha() for c in stripped)


def test_a_text_kept_for_one_language_is_never_shown_in_another(monkeypatch):
    """``_`` keeps each language's texts apart: the same message read in English, in the
    pseudo-locale, in a chosen language and in a block's language is each its own."""
    message = "{n} workers"
    assert catalog._(message) == message
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    assert catalog._(message) == catalog.pseudo(message)
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert catalog._(message) == message
    catalog.set_language("en_XA")
    assert catalog._(message) == catalog.pseudo(message)
    catalog.set_language(None)
    assert catalog._(message) == message
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    with catalog.one_language():
        monkeypatch.setenv("COMPANION_LANG", "en")
        assert catalog._(message) == catalog.pseudo(message)
    assert catalog._(message) == message


def test_the_kept_texts_stay_few_and_right_whatever_is_asked(monkeypatch):
    """Texts made at run time and passed to ``_`` do not grow the memo without end, and
    every answer is still the catalog's."""
    monkeypatch.setattr(catalog, "_TEXTS_KEPT", 10)
    monkeypatch.setenv("COMPANION_LANG", "en_XA")
    for n in range(35):
        assert catalog._(f"line {n}") == catalog.pseudo(f"line {n}")
        assert len(catalog._TEXTS["en_XA"]) <= 10
    assert catalog._("line 3") == catalog.pseudo("line 3")
