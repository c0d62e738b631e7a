"""The public API of a Euphoria Automa game (the CLI and the TUI are shells over it).

A game is a :class:`~companion.core.journal.Journal`: its options, its seed
and the list of events (Automa turns with the answers they needed, and the
human events). The state is derived by :func:`replay`. Every step either
raises NeedAnswers (changing nothing) or appends one event; the shell then
writes the save through the session core, the same for every game
(:func:`companion.core.session.save_game`, or the ``editing_game`` block around
the step); undo and redo are the core's too (:func:`companion.core.session.undo`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, cast

from companion.core import session
from companion.core.catalog import one_language, say, say_n
from companion.core.errors import InputError, SaveError
from companion.core.journal import Journal
from companion.core.outcome import Outcome
from companion.core.questions import Announcement, Answers, Question
from companion.core.rng import new_seed, roll_die, stream
from companion.core.validate import Reader
from companion.euphoria import deck_cycle, event_types, events, turn
from companion.euphoria.automa_checklist import automa_checklist, deal_lines
from companion.euphoria.board import AUTOMAS, SITES
from companion.euphoria.cards import PILES, AutomaDeck, load_deck
from companion.euphoria.checklist import ChecklistItem, multiplayer_checklist
from companion.euphoria.event_types import EVENT_KINDS
from companion.euphoria.setup import build_decks, check_factions, draw_factions
from companion.euphoria.state import (
    TOKENS,
    WORKERS,
    AutomaState,
    GameOptions,
    GameState,
    SiteState,
)

GAME = "euphoria"

__all__ = [
    "EVENT_KINDS",
    "GameOptions",
    "GameState",
    "SaveError",
    "TurnReport",
    "apply_event",
    "checklist",
    "multiplayer_checklist",
    "new_game",
    "preview_cards",
    "replay",
    "run_turn",
]


@dataclass(frozen=True)
class TurnReport(turn.TurnOutcome):
    """One Automa turn done: the engine's TurnOutcome (number, card pair, announcements) and
    the new state."""

    state: GameState

    @classmethod
    def of(cls, outcome: turn.TurnOutcome, state: GameState) -> TurnReport:
        """The report of ``outcome`` with the state it led to."""
        return cls(**{f.name: getattr(outcome, f.name) for f in fields(outcome)}, state=state)

    def to_json(self) -> dict[str, Any]:
        """The object `companion euphoria turn --json` prints."""
        return {
            "turn": self.turn,
            "cards": {"action": self.action, "support": self.support},
            "rebuilt": self.rebuilt,
            "add_in": self.add_in,
            "announcements": [a.to_json() for a in self.announcements],
            "summary": self.state.summary(),
            "state": self.state.to_json(),
        }


# --- set-up --------------------------------------------------------------------------------


def _deck_file(options: GameOptions) -> AutomaDeck:
    return load_deck(options.deck or None)


def _worker_question(automa: str, n: int) -> Question:
    return Question(
        id=f"{automa}.worker.{n}",
        text=say(
            "Roll {automa}'s starting worker {n} of {workers}: what does the die show?",
            automa=automa,
            n=n,
            workers=WORKERS,
        ),
        kind="number",
        minimum=1,
        maximum=6,
    )


def new_game(
    options: GameOptions, seed: int | None = None, answers: Mapping[str, str] | None = None
) -> Journal:
    """A new game's journal (no events yet). Checks the options (InputError names the bad
    one); with physical dice raises NeedAnswers for the Automas' starting workers; an answer
    to no question of the set-up is refused (InputError)."""
    options.check()
    if options.solo_variant and options.humans != 1:
        # Checked for new games only: a save made before this check still loads.
        raise InputError(
            say("the Optional Solo Variant is for a game with one human"), field="solo_variant"
        )
    seed = new_seed() if seed is None else seed
    cards = _deck_file(options)
    build_decks(cards, options.difficulty, seed)
    if options.factions:
        black, white = options.factions
        check_factions(black, white, options.humans, options.recruits, options.solo_variant)
    setup_answers: tuple[tuple[str, str], ...] = ()
    given = Answers(raw={**dict(options.setup_answers), **dict(answers or {})})
    if options.physical_dice:
        for automa in AUTOMAS:
            for n in range(1, WORKERS + 1):
                given.get(_worker_question(automa, n))
        given.require()
        setup_answers = tuple(
            (q, str(given.raw[q]).strip())
            for q in (f"{a}.worker.{n}" for a in AUTOMAS for n in range(1, WORKERS + 1))
        )
    given.refuse_unused()  # without physical dice the set-up asks nothing
    options = replace(options, setup_answers=setup_answers)
    journal = Journal(game=GAME, seed=seed, options=options.to_dict())
    journal.summary = replay(journal).summary()
    return journal


def _initial(options: GameOptions, seed: int) -> tuple[GameState, dict[str, Any]]:
    """The state right after set-up, and what the checklist needs to say about it."""
    cards = _deck_file(options)
    decks = build_decks(cards, options.difficulty, seed)
    if options.factions:
        black, white = options.factions
        set_aside: list[str] = []
    else:
        black, white, set_aside = draw_factions(
            seed, options.humans, options.recruits, options.solo_variant
        )
    answers = dict(options.setup_answers)
    workers: dict[str, list[int]] = {}
    for automa in AUTOMAS:
        if options.physical_dice:
            # A number question's answer is an int.
            workers[automa] = [
                cast(
                    int, _worker_question(automa, n).parse(answers.get(f"{automa}.worker.{n}", ""))
                )
                for n in range(1, WORKERS + 1)
            ]
        else:
            workers[automa] = [roll_die(seed, "setup", automa, n) for n in range(1, WORKERS + 1)]
    factions = {"black": black, "white": white}
    state = GameState(
        options=options,
        seed=seed,
        cards=cards,
        deck=deck_cycle.start(
            decks.initial,
            decks.add_ins,
            options.physical_deck,
            {pile: cards.pile(pile) for pile in PILES},
        ),
        automas={
            a: AutomaState(name=a, faction=factions[a], available=list(workers[a])) for a in AUTOMAS
        },
        sites={s: SiteState() for s in SITES},
    )
    extra = {
        "factions": factions,
        "set_aside": set_aside,
        "workers": workers,
        "initial": decks.initial,
        "add_ins": decks.add_ins,
        "level": cards.levels[options.difficulty],
    }
    return state, extra


def checklist(state: GameState) -> list[ChecklistItem]:
    """The set-up checklist of this game (the same whatever has happened since)."""
    options = state.options
    _initial_state, extra = _initial(options, state.seed)
    level = extra["level"]
    return automa_checklist(
        humans=options.humans,
        base_game=options.base_game,
        recruits=options.recruits,
        solo_variant=options.solo_variant,
        factions=extra["factions"],
        set_aside=extra["set_aside"],
        workers=extra["workers"],
        level_text=say(
            "{level} ({composition})", level=level.title(), composition=level.composition()
        ),
        initial=extra["initial"],
        add_ins=extra["add_ins"],
        support=None if options.physical_deck else extra["initial"][0],
        physical_deck=options.physical_deck,
        physical_dice=options.physical_dice,
        drawn_at_table=bool(options.factions),
        deal=deal_lines(level, state.cards.piles),
    )


def setup_json(journal: Journal) -> dict[str, Any]:
    """The object `companion euphoria new --json` prints: factions, players, deck, checklist."""
    state = replay(journal)
    start, extra = _initial(state.options, state.seed)
    physical = state.options.physical_deck
    return {
        "seed": journal.seed,
        "players": state.players,
        "humans": state.options.humans,
        "difficulty": state.options.difficulty,
        "factions": extra["factions"],
        "workers": extra["workers"],
        # How many cards each deck holds, never which nor in what order: the app never
        # shows what comes next.
        "deck": {
            "support": None if physical else extra["initial"][0],
            "draw": len(start.deck.draw),
            "order_known": not physical,
            "add_in": [len(a) for a in start.deck.add_ins],
        },
        "checklist": [item.to_json() for item in checklist(state)],
    }


# --- the session protocol ------------------------------------------------------------------


class EuphoriaRules:
    """The Euphoria Automa game for the session core (``companion.core.rules.Rules``)."""

    game = GAME

    def migrate(self, journal: Journal) -> None:
        """Nothing to bring up to date: every Euphoria save has today's form."""

    def start(self, journal: Journal) -> GameState:
        """The state right after set-up, from the journal's options and seed."""
        return _initial(GameOptions.from_dict(journal.options), journal.seed)[0]

    def apply(
        self, state: GameState, event: Mapping[str, Any], index: int
    ) -> tuple[GameState, list[Announcement]]:
        """Apply journal event ``index`` (an Automa turn or a human event) to ``state``."""
        out = _apply(state, event, index)
        state.events = index
        return state, out

    def clone(self, state: GameState) -> GameState:
        """An independent copy of ``state``."""
        return state.clone()

    def inputs(self, journal: Journal) -> tuple[str, ...]:
        """The files its set-up reads besides the journal: a deck file of the player's own
        (a replay checkpoint is of that file as it was, ``companion.core.checkpoints``)."""
        deck = journal.options.get("deck")
        return (deck,) if isinstance(deck, str) and deck else ()

    def summary(self, state: GameState) -> str:
        """The resume list's status line."""
        return state.summary()

    def outcome(self, state: GameState) -> Outcome:
        """How the game stands. It ends when a player has placed all 10 authority tokens: an
        Automa (its 10th token, placed by the engine) or a human (the ``human-won`` event)."""
        winner = state.winner_name[:1].upper() + state.winner_name[1:]
        if not state.over:
            headline = say_n(
                "The game goes on: {n} Automa turn played.",
                "The game goes on: {n} Automa turns played.",
                state.turn,
            )
        elif state.human_won:
            headline = say_n(
                "{winner} placed the last authority token: the humans won after {n} Automa turn.",
                "{winner} placed the last authority token: the humans won after {n} Automa turns.",
                state.turn,
                winner=winner,
            )
        else:
            headline = say(
                "{winner} placed its {tokens}th authority token on Automa turn {turn}: the "
                "Automas won.",
                winner=winner,
                tokens=TOKENS,
                turn=state.turn,
            )
        return Outcome(
            game=GAME,
            ended=state.over,
            result=("won" if state.human_won else "lost") if state.over else None,
            winner=state.winner or None,
            turns=state.turn,
            difficulty=state.options.difficulty,
            headline=headline,
            series_label=say(
                "Authority tokens placed (of {tokens}) after each Automa turn", tokens=TOKENS
            ),
        )


RULES = EuphoriaRules()


def _apply(state: GameState, event: Mapping[str, Any], index: int) -> list[Announcement]:
    kind = event.get("kind")
    answers = event_answers(event)
    if kind == "turn":
        return turn.run_turn(state, answers).announcements
    if kind in EVENT_KINDS:
        return events.play(state, event_types.from_dict(event), answers, index)
    raise InputError(say("{kind} is not an event kind", kind=repr(kind)))


def event_answers(event: Mapping[str, Any]) -> Answers:
    """The answers a journal event was played with (InputError if they are not a table)."""
    raw = event.get("answers", {})
    if not isinstance(raw, dict):
        raise InputError(say("answers: expected a table"))
    return Answers(raw={str(k): str(v) for k, v in raw.items()})


def replay(journal: Journal) -> GameState:
    """The state of a game: set-up from its options and seed, then every event in order.
    Raises SaveError naming the event that cannot be replayed. Cached: cheap to call."""
    return session.replay(RULES, journal)


# --- steps ---------------------------------------------------------------------------------


def _used(answers: Answers) -> dict[str, str]:
    return {k: str(answers.raw[k]).strip() for k in sorted(answers.used)}


def turn_event(
    state: GameState, answers: Answers, index: int
) -> tuple[dict[str, Any], turn.TurnOutcome]:
    """Play the next Automa turn on ``state`` (mutated: give it a copy) as journal event
    ``index``: the event that records it (the answers it used beside it) and the turn.
    NeedAnswers, InputError (an answer no question of the turn asks too) or CompanionError
    (the game is over), ``state`` then to be thrown away."""
    outcome = turn.run_turn(state, answers)
    answers.refuse_unused()
    event: dict[str, Any] = {"kind": "turn"}
    if answers.used:
        event["answers"] = _used(answers)
    state.events = index
    return event, outcome


def human_event(
    state: GameState,
    typed: event_types.HumanEvent,
    answers: Answers,
    index: int,
    strict: bool = False,
) -> tuple[dict[str, Any], list[Announcement]]:
    """Play a human event on ``state`` (mutated: give it a copy) as journal event ``index``:
    the event that records it (with the answers of its physical dice) and what it says.
    ``strict``: an answer no question of the event asks is refused (InputError)."""
    out = events.play(state, typed, answers, index)
    if strict:
        answers.refuse_unused()
    event = event_types.to_dict(typed)
    if answers.used:
        event["answers"] = _used(answers)
    state.events = index
    return event, out


def run_turn(journal: Journal, answers: Mapping[str, str] | None = None) -> TurnReport:
    """Run the next Automa turn and append it to the journal.

    Raises NeedAnswers (nothing changed) when it needs facts, InputError for an answer that
    does not fit its question or that no question of the turn asks, CompanionError when the
    game is over. The turn's texts read the player's language once (``one_language``).
    """
    with one_language():
        state = replay(journal)
        given = Answers(raw=dict(answers or {}))
        event, outcome = turn_event(state, given, len(journal.events) + 1)
        session.record(RULES, journal, event, state)
    return TurnReport.of(outcome, state.clone())


def apply_event(
    journal: Journal,
    kind: str,
    answers: Mapping[str, str] | None = None,
    *,
    strict: bool = False,
    asked: tuple[str, ...] = (),
    **fields: Any,
) -> list[Announcement]:
    """Apply a human event (kinds: ``EVENT_KINDS``) reported now and append it to the journal.

    Fields by kind are described in ``companion.euphoria.events``. Raises InputError or
    CompanionError (nothing changed) for bad input or a report that would change nothing
    (``events.as_reported``), NeedAnswers for physical dice. ``strict``: an answer no
    question of the event asks is refused too (InputError, nothing recorded), not ignored;
    ``asked``: the questions its report asked before (named by that refusal).
    """
    state = replay(journal)
    typed = events.as_reported(state, event_types.parse(kind, fields))
    return _record_event(journal, state, typed, answers, strict, asked)


def replay_event(journal: Journal, event: Mapping[str, Any]) -> list[Announcement]:
    """Append a human event exactly as a journal holds it (its table, answers beside it) and
    say what it does: the move log's replay of a save, whatever version wrote it."""
    answers = event.get("answers")
    given = {str(k): str(v) for k, v in answers.items()} if isinstance(answers, dict) else {}
    return _record_event(journal, replay(journal), event_types.from_dict(event), given)


def _record_event(
    journal: Journal,
    state: GameState,
    typed: event_types.HumanEvent,
    answers: Mapping[str, str] | None,
    strict: bool = False,
    asked: tuple[str, ...] = (),
) -> list[Announcement]:
    given = Answers(raw=dict(answers or {}), asked=list(asked))
    with one_language():  # the event's texts read the player's language once
        event, out = human_event(state, typed, given, len(journal.events) + 1, strict)
        session.record(RULES, journal, event, state)
    return out


# --- the deck alone ------------------------------------------------------------------------


def preview_cards(
    difficulty: str, seed: int, turns: int, deck_path: str | None = None
) -> list[dict[str, Any]]:
    """The deck cycle alone, as a game with this seed and level would draw it: one dict per
    Automa turn with turn, action, support, rebuilt and add_in (add-in decks used so far)."""
    Reader().whole_number(turns, "turns", 0, expected=say("0 or more"))
    cards = load_deck(deck_path)
    decks = build_decks(cards, difficulty, seed)
    deck = deck_cycle.start(decks.initial, decks.add_ins)

    def shuffle(pile: list[str], passes: int) -> None:
        """Shuffle a rebuilt Automa deck with this seed's stream for rebuild ``passes``."""
        stream(seed, "deck", "rebuild", passes).shuffle(pile)

    rows = []
    for number in range(1, turns + 1):
        rebuilt = deck_cycle.draw_pair(deck, shuffle)
        rows.append(
            {
                "turn": number,
                "action": deck.action,
                "support": deck.support,
                "rebuilt": rebuilt,
                "add_in": deck.add_ins_used,
            }
        )
    return rows
