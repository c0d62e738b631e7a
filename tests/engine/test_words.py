"""Each move worded once: every ``what`` an engine announces has its screen text, its
spoken form and its journal line in one table (``euphoria/words.py``, ``ephios/words.py``),
each made from the announcement's data through the catalog.

The announcements are collected by playing: random seeded games (the spoken-forms suite's
walks), the fixture saves replayed (their human events, undo lines, quick and campaign
steps) and a few solo positions that random play reaches seldom (the Preacher, empty piles,
the corrections, the warnings). Each table's ``what``s and the ``what``s played are the
same set: a message no engine announces, or a move announced without words, fails. Every
form is then rendered again from the data alone, in ``en`` and in the pseudo-locale.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_ephios_solo import make_state
from test_spoken import ephios_steps, euphoria_turns

from companion.cli.ephios_words import parse_action
from companion.core.catalog import set_language
from companion.core.journal import Journal
from companion.core.questions import Announcement
from companion.core.saves import read_save
from companion.core.words import FORMS, Message, Words
from companion.ephios import campaign, quick, setup, solo
from companion.ephios.cards import load_deck
from companion.ephios.plot import plot_decision
from companion.ephios.solo_words import threats, warnings
from companion.ephios.words import QUICK_WORDS, SOLO_WORDS
from companion.euphoria import journal_text
from companion.euphoria.words import WORDS as EUPHORIA_WORDS
from tests.ephios_solo_helpers import threatened

SAVES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
# One worker runs the module: what the games announced is played once a process
# (``played``), and each worker that ran a test of it played all of it again.
pytestmark = pytest.mark.xdist_group("words")


def _checklists() -> frozenset[str]:
    """The ``what``s of the set-up checklists' lines: no moves (no spoken form, no log line),
    each worded once where its checklist is made."""
    players = ["Ann", "Bob", "Cy"]
    lines = [
        *setup.quick_steps(players, "Ann"),
        *setup.campaign_steps(players, "Ann"),
        *setup.next_round_steps(2, players, "Bob", load_deck().alliances, ["Guild"], [], ["x"]),
    ]
    return frozenset(a.what for a in lines)


CHECKLIST = _checklists()


def _euphoria() -> Iterator[Announcement]:
    for said in euphoria_turns(range(4)):
        yield from said
    for path in sorted(SAVES.glob("euphoria*.toml")):
        journal = read_save(path)
        for step in journal_text.replay_steps(journal):
            yield from step.announcements
        yield from journal_text.undo_lines(journal, 1)  # the last step (a win, in one save)
        for end in range(8, len(journal.events) + 1, 12):  # 8 steps back from every 12th
            events = journal.events[:end]
            part = Journal(
                game=journal.game, seed=journal.seed, options=journal.options, events=events
            )
            yield from journal_text.undo_lines(part, 8)


def _solo_positions() -> Iterator[Announcement]:
    """The solo moves random play reaches seldom, each from a position of its own."""
    row = ["cult", "order", "syndicate", "academy"]
    act = solo.act
    yield from act(
        make_state(row, hand=["company"]),
        parse_action(["debate", "1"]),
        {"preacher": "company", "reveal-1": "syndicate", "reveal-2": "order"},
    )[1]
    yield from act(
        make_state(["order-dignitary", *row[1:]], hand=["company"]),
        parse_action(["debate", "2"]),
        {"preacher": "company", "reveal-1": "syndicate", "reveal-2": "order"},
    )[1]
    yield from act(make_state(row, hand=["company"]), parse_action(["use", "company", "replay"]))[1]
    won = make_state(
        row,
        hand=["company", "company-dignitary"],
        affinities=["syndicate", "academy", "order", "cult"],
    )
    yield from act(won, parse_action(["unite", "company"]))[1]
    empty = make_state(["cult"], hand=["order"], draw=[], discard=[])
    yield from act(empty, parse_action(["debate", "1"]))[1]
    reshuffle = make_state(row, draw=[], discard=["company", "company"])
    yield from act(reshuffle, parse_action(["recruit-top"]), {"drawn": "company"})[1]
    full = make_state(row, hand=["company", "order", "syndicate"])
    answers = {"cost": "1", "hand-limit-1": "order", "reveal-1": "syndicate", "reveal-2": "academy"}
    yield from act(full, parse_action(["recruit", "1"]), answers)[1]
    yield plot_decision([]).announcement()
    journal = threatened()
    state = solo.replay(journal)
    yield from threats(state)
    for action in solo.legal_actions(state):
        yield from warnings(state, action)
    yield from solo.play_move(journal, "cult", "hand", "crossroads:1")
    yield from solo.play_move(journal, "cult", "crossroads:1", "discard")
    yield from solo.play_set(journal, "popularity", "40")
    yield from solo.play_set(journal, "persuasion", "4")
    yield from solo.play_set(journal, "affinities", "cult,order")
    fresh = solo.new_game("normal", 1, {f"reveal-{n}": c for n, c in enumerate(row, 1)})
    yield from solo.play_move(fresh, "cult", "crossroads:1", "hand")
    short = make_state(["cult", "order"], draw=[], discard=[])
    yield from act(short, parse_action(["recruit", "1"]), {"cost": "1"})[1]
    lost = make_state(row, popularity=10, draw=[], discard=["company"])
    yield from threats(lost)
    for action in solo.legal_actions(lost):
        yield from warnings(lost, action)


def _solo() -> Iterator[Announcement]:
    for said in ephios_steps(range(6)):
        yield from said
    yield from _solo_positions()


def _quick() -> Iterator[Announcement]:
    for path in sorted(SAVES.glob("ephios-*.toml")):
        journal = read_save(path)
        engine = {quick.GAME: quick, campaign.GAME: campaign}.get(journal.game)
        if engine is None:
            continue
        state = engine.RULES.start(journal)
        for event in [*journal.events, *reversed(journal.redo_stack)]:
            state, said = engine.apply(state, event)
            yield from said


GAMES = {
    "euphoria": (EUPHORIA_WORDS, _euphoria),
    "solo": (SOLO_WORDS, _solo),
    "quick": (QUICK_WORDS, _quick),
}


@functools.cache
def played(game: str) -> dict[str, list[Announcement]]:
    """What ``game`` announced, by ``what`` (at most a few of each), played in English."""
    set_language("en")
    try:
        out: dict[str, list[Announcement]] = {}
        for item in GAMES[game][1]():
            checklist = item.what.startswith("setup.") or item.what in CHECKLIST
            if not checklist and len(out.setdefault(item.what, [])) < 8:
                out[item.what].append(item)
        return out
    finally:
        set_language(None)


def outside_the_catalog(text: str) -> str:
    """The letters of ``text`` outside every ⟦ ⟧ of the pseudo-locale (English that escaped)."""
    depth, out = 0, []
    for char in text:
        depth += char == "⟦"
        depth -= char == "⟧"
        if not depth and char.isascii() and char.isalpha():
            out.append(char)
    return "".join(out)


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> tuple[Words, dict[str, list[Announcement]]]:
    """A game's words and what it announced."""
    return GAMES[request.param][0], played(request.param)


def test_every_move_announced_is_worded_and_every_message_is_announced(game) -> None:
    words, said = game
    assert set(said) == set(words.messages), (
        sorted(set(said) - set(words.messages)),
        sorted(set(words.messages) - set(said)),
    )


def test_the_screen_form_is_the_text_the_engine_announced(game) -> None:
    """The text an announcement carries is its screen form, made again from its data."""
    words, said = game
    set_language("en")
    try:
        for items in said.values():
            for item in items:
                assert words.render(item, "screen") == item.text, item
    finally:
        set_language(None)


@pytest.mark.parametrize("language", ["en", "en_XA"])
def test_every_move_has_its_three_forms_in_every_language(game, language: str) -> None:
    """Screen, spoken and log forms: not empty; in the pseudo-locale all of it is inside the
    catalog's ⟦ ⟧ (no English leaking) and differs from the English."""
    words, said = game
    english: dict[tuple[str, int, str], str] = {}
    set_language("en")
    try:
        for what, items in said.items():
            for n, item in enumerate(items):
                for form in FORMS:
                    english[what, n, form] = words.render(item, form)
        set_language(language)
        for what, items in said.items():
            for n, item in enumerate(items):
                for form in FORMS:
                    text = words.render(item, form)
                    assert text.strip(), (what, form)
                    if language == "en_XA":
                        assert not outside_the_catalog(text), (what, form, text)
                        assert text != english[what, n, form], (what, form, text)
    finally:
        set_language(None)


def test_the_narrow_form_takes_one_row_of_a_phone_where_the_screen_text_takes_two() -> None:
    """A move worded for a phone's narrow screen (34 columns, its mark "■ " before it) fits
    one row in English where it is worded at all, and is never longer than its screen
    text; a move without narrow words keeps its screen text there."""
    from rich.cells import cell_len

    said = played("euphoria")
    set_language("en")
    try:
        for what, items in said.items():
            message = EUPHORIA_WORDS.messages[what]
            for item in items:
                narrow = EUPHORIA_WORDS.render(item, "narrow")
                if message.narrow is None:
                    assert narrow == item.text, (what, narrow)
                    continue
                assert cell_len(narrow) <= len(item.text), (what, narrow)
                assert cell_len(("■ " if item.who else "") + narrow) <= 34 or (
                    what == "automa.place" and "artifact" in narrow
                ), (what, narrow)
    finally:
        set_language(None)


def test_the_spoken_lines_come_from_the_same_table() -> None:
    """The voice says a move's spoken form: a "do" move of a message with a spoken line of
    its own is said, an "info" one only when the table says so."""
    said = played("euphoria")
    place = said["automa.place"][0]
    assert EUPHORIA_WORDS.line(place) == EUPHORIA_WORDS.render(place, "spoken")
    assert EUPHORIA_WORDS.render(place, "spoken") != place.text
    draw = said["deck.draw"][0]
    assert EUPHORIA_WORDS.line(draw) is None
    assert EUPHORIA_WORDS.render(draw, "log").startswith("Automa turn ")
    rebuilt = Counter(a.what for a in said.get("deck.rebuilt", []))
    assert all(EUPHORIA_WORDS.line(a) for a in said.get("deck.rebuilt", [])) or not rebuilt


def test_an_announcement_is_made_once_its_text_from_its_data(monkeypatch) -> None:
    """``Words.announce`` makes one announcement (each costs about 9 µs: tens of thousands in
    a long replay), its screen text made from its own data, every field as given."""
    made: list[Announcement] = []
    real_init = Announcement.__init__

    def counted(self: Announcement, *args: object, **kwargs: object) -> None:
        made.append(self)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Announcement, "__init__", counted)
    words = Words({"x.on": Message(screen=lambda a: f"{a.who} on {a.spaces[0]} ({a.args['n']})")})
    said = words.announce("x.on", "why", "black", cards=["c"], spaces=("s",), dice=(4,), n=2)
    assert made == [said]
    assert said == Announcement(
        text="black on s (2)",
        why="why",
        who="black",
        what="x.on",
        cards=("c",),
        spaces=("s",),
        dice=(4,),
    )
    assert said.args == {"n": 2}
