"""The spoken forms of the announcements (Euphoria's Automa turns, Ephios' solo game): every
announcement the player acts on, in many seeded games, has a spoken line of at most 12
words that names what the text names (the worker's die, the space, the card), in order."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest
from test_euphoria_audit import _answer, _human_event

from companion.core.catalog import language, set_language
from companion.core.errors import InputError
from companion.core.questions import Announcement, NeedAnswers
from companion.ephios import solo
from companion.ephios import words as ephios_spoken
from companion.ephios.cards import card_name, load_deck
from companion.euphoria import game
from companion.euphoria import words as euphoria_spoken
from companion.euphoria.board import AREAS, short_name
from companion.euphoria.state import GameOptions

MOST_WORDS = 12
# One worker runs this module and tests/engine/test_words.py, which plays some of the same
# seeded games: each game is played once a process (``euphoria_turns``, ``ephios_steps``).
pytestmark = pytest.mark.xdist_group("words")


def euphoria_turns(seeds: range) -> Iterator[list[Announcement]]:
    """The announcements of every Automa turn and human event of random seeded games."""
    for seed in seeds:
        for said in _euphoria_game(seed, language()):
            yield list(said)


@functools.cache
def _euphoria_game(seed: int, spoken_in: str) -> tuple[tuple[Announcement, ...], ...]:
    """What one seeded game announced, step by step, played once a process and language."""
    return tuple(tuple(said) for said in _euphoria_play(seed))


def _euphoria_play(seed: int) -> Iterator[list[Announcement]]:
    """The announcements of every Automa turn and human event of one random seeded game."""
    rng = random.Random(seed)
    humans = 1 + seed % 2
    options: dict = dict(
        humans=humans,
        physical_dice=seed % 3 == 0,
        physical_deck=seed % 4 == 0,
        report_tracks=seed % 2 == 0,
        difficulty=rng.choice(["beginner", "veteran", "i-want-to-cry"]),
    )
    if humans == 1:
        options["recruits"] = tuple(rng.sample(AREAS, 2))
    if options["physical_dice"]:
        options["setup_answers"] = tuple(
            (f"{a}.worker.{n}", str(rng.randint(1, 6)))
            for a in ("black", "white")
            for n in range(1, 5)
        )
    journal = game.new_game(GameOptions(**options), seed=seed)
    for _ in range(120):
        if game.replay(journal).over:
            break
        if rng.random() < 0.8:
            answers: dict[str, str] = {}
            for _ in range(12):
                try:
                    yield game.run_turn(journal, answers).announcements
                    break
                except NeedAnswers as need:
                    answers.update({q.id: _answer(q, rng) for q in need.questions})
        else:
            yield from _human_event_said(journal, rng)


def _human_event_said(journal, rng: random.Random) -> list[list[Announcement]]:
    """A random human event (as the audit plays them) and what the engine announced for it."""
    said: list[list[Announcement]] = []
    apply = game.apply_event

    def kept(*args, **kwargs):
        out = apply(*args, **kwargs)
        said.append(out)
        return out

    game.apply_event = kept
    try:
        _human_event(journal, rng)
    finally:
        game.apply_event = apply
    return said


def ephios_steps(seeds: range) -> Iterator[list[Announcement]]:
    """The announcements of every action of random seeded solo games."""
    for seed in seeds:
        for said in _ephios_game(seed, language()):
            yield list(said)


@functools.cache
def _ephios_game(seed: int, spoken_in: str) -> tuple[tuple[Announcement, ...], ...]:
    """What one seeded solo game announced, action by action, played once a process and
    language."""
    return tuple(tuple(said) for said in _ephios_play(seed))


def _ephios_play(seed: int) -> Iterator[list[Announcement]]:
    """The announcements of every action of one random seeded solo game."""
    everyone = list(load_deck().personalities().elements())
    rng = random.Random(seed)
    order = list(everyone)
    rng.shuffle(order)
    journal = solo.new_game(
        rng.choice(list(solo.DIFFICULTIES)),
        seed,
        {f"reveal-{i}": order[i - 1] for i in range(1, 5)},
    )
    for _ in range(80):
        state = solo.replay(journal)
        if state.result:
            break
        actions = solo.legal_actions(state)
        unites = [a for a in actions if isinstance(a, solo.Unite) and not a.banker]
        action = rng.choice(unites if unites and rng.random() < 0.7 else actions)
        answers: dict[str, str] = {}
        while True:
            try:
                yield solo.play(journal, action, answers)
                break
            except NeedAnswers as need:
                q = need.questions[0]
                if q.kind == "number":
                    answers[q.id] = str(rng.randint(q.minimum or 0, q.maximum or 0))
                else:
                    answers[q.id] = rng.choice(q.choices)
            except InputError:
                break


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language(None)


def _words(line: str) -> int:
    return len(line.split())


def test_every_euphoria_move_has_a_short_complete_spoken_line():
    """Every "do"/"end" announcement of the Automa turns has a spoken line of at most 12
    words; a placement names its automa, die and space, a leave its die and space, a token
    its space; a turn's lines keep the engine's order (black's moves before white's)."""
    seen: set[str] = set()
    for said in euphoria_turns(range(10)):
        lines = euphoria_spoken.spoken(said)
        acted = [a for a in said if euphoria_spoken.spoken_line(a)]
        assert len(lines) == len(acted)
        for a in said:
            line = euphoria_spoken.spoken_line(a)
            if a.kind in ("do", "end"):
                assert line, a
            if not line:
                continue
            seen.add(a.what)
            assert _words(line) <= MOST_WORDS, line
            if a.what in ("automa.place", "automa.leave"):
                assert a.dice and str(a.dice[0]) in line, (a, line)
                assert short_name(a.spaces[0]) in line, line
                assert a.who.capitalize() in line
            if a.what == "token.place" and a.spaces[0].count(".") == 1:
                assert short_name(a.spaces[0]) in line, line  # the token's space
            if a.what == "worker.return" and len(a.spaces) == 1:
                assert short_name(a.spaces[0]) in line, line
            if a.what == "automa.retrieve" and a.dice:
                assert ", ".join(map(str, a.dice)) in line
        movers = [a.who for a in acted if a.what in ("automa.place", "automa.retrieve")]
        assert movers == sorted(movers), movers  # black's move is said before white's
        assert lines == [euphoria_spoken.spoken_line(a) for a in acted]
    assert {"automa.place", "automa.retrieve", "token.place", "bazaar.discard"} <= seen


def test_euphoria_examples():
    """The spoken lines read as a player at the table would say them."""
    place = Announcement(
        "", who="black", what="automa.place", spaces=("wastelands.commodity",), dice=(3,)
    )
    assert euphoria_spoken.spoken_line(place) == "Black: the Farm, worker 3."
    leave = Announcement(
        "", who="white", what="automa.leave", spaces=("icarus.commodity",), dice=(4,)
    )
    assert euphoria_spoken.spoken_line(leave) == "White leaves its 4 on the Cloud Mine."
    bazaar = Announcement("", what="bazaar.discard", cards=("S9",), slots=(2,))
    assert euphoria_spoken.spoken_line(bazaar) == "Discard the second artifact from the right."
    info = Announcement("", kind="info", what="track.report", who="black")
    assert euphoria_spoken.spoken_line(info) is None


def test_every_ephios_move_has_a_short_complete_spoken_line():
    """Every "do"/"end" announcement of the solo game has a spoken line of at most 12 words
    naming the card (and the slot) its data names; the lines keep the announcements' order."""
    seen: set[str] = set()
    for said in ephios_steps(range(30)):
        for a in said:
            line = ephios_spoken.spoken_line(a)
            if a.kind in ("do", "end"):
                assert line, a
            if not line:
                continue
            seen.add(a.what)
            assert _words(line) <= MOST_WORDS, line
            if a.what in ("plot.recruit", "plot.debate", "recruit", "debate", "use"):
                assert card_name(a.cards[0]) in line, line
        assert ephios_spoken.spoken(said) == [
            line for line in map(ephios_spoken.spoken_line, said) if line
        ]
    assert {"plot.recruit", "plot.debate", "refill", "unite", "affinity"} <= seen


def test_ephios_examples():
    """The Plot's recruit reads as the rulebook says it."""
    recruit = Announcement(
        "", who="plot", what="plot.recruit", cards=("order-dignitary",), slots=(2,)
    )
    assert (
        ephios_spoken.spoken_line(recruit) == "The Plot recruits the Order Dignitary from slot two."
    )


def test_the_sound_cues_of_a_turn():
    """A card pair drawn, a rebuilt deck (shuffle), a penalty flip and the game's end each
    have their cue, once a turn, in order; the solo game's refill, reshuffle and end too."""
    said = [
        Announcement("", kind="info", what="deck.rebuilt", cards=("W4", "S10")),
        Announcement("", who="black", what="penalty.flip", spaces=("subterra.upper",)),
        Announcement("", who="white", what="penalty.flip", spaces=("subterra.upper",)),
        Announcement("", kind="end", who="black", what="game.won"),
    ]
    assert euphoria_spoken.cues(said) == ["shuffle", "penalty", "game-end"]
    solo_said = [
        Announcement("", what="reshuffle"),
        Announcement("", what="refill", cards=("cult",), slots=(1,)),
        Announcement("", kind="end", what="lost.popularity"),
    ]
    assert ephios_spoken.cues(solo_said) == ["shuffle", "draw", "game-end"]
    from companion.speech.cues import CUES

    cue_ids = {
        message.cue
        for table in (euphoria_spoken.WORDS, ephios_spoken.SOLO_WORDS, ephios_spoken.QUICK_WORDS)
        for message in table.messages.values()
        if message.cue
    }
    assert cue_ids and cue_ids <= set(CUES)
