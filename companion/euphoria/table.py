"""The Euphoria Automa game as one object (the game protocol of ``companion.core.game``).

Its actions are the Automa turn (the main one: one key when nothing is unknown) and the
reports the player makes of what the humans did (``companion.euphoria.reports``: bump,
construction site, market built, recruit activation, last tier, a human's win, a
correction). A step plays exactly what the journal has always recorded: an Automa turn is
a ``turn`` event with the answers it used, a report its typed event
(``companion.euphoria.event_types``) with the answers of its physical dice, so every save
replays as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.catalog import N_, say, say_n
from companion.core.game import Action, Fact, Status, Stepped
from companion.core.journal import Journal
from companion.core.outcome import Outcome
from companion.core.plans import Next, NothingToAsk, bind, run_plan_asking
from companion.core.questions import Announcement, Answers
from companion.euphoria import event_types, events, game, reports, setup_plan
from companion.euphoria.board import AUTOMAS, automa_name, faction_name
from companion.euphoria.outcome import outcome as game_outcome
from companion.euphoria.state import GameOptions, GameState
from companion.euphoria.words import describe_event

TURN = "turn"
# The reports, each with the app's key (the turn screen's), in the order a screen lists them.
REPORT_KEYS = {
    "bump": "b",
    "site": "c",
    "market": "m",
    "activation": "a",
    "last_tier": "l",
    "human_won": "h",
    "correct": "x",
}


class EuphoriaTable:
    """The Euphoria Automa game: its set-up, its actions and steps, its status."""

    id = game.GAME
    rules = game.RULES

    def setup(self, answers: Mapping[str, str]) -> Next:
        """The set-up wizard's questions (``companion.euphoria.setup_plan``), then the new
        game's ``options`` and ``seed``."""
        return setup_plan.setup_plan(None, answers)

    def new(
        self,
        options: Mapping[str, Any],
        seed: int | None = None,
        answers: Mapping[str, str] | None = None,
    ) -> Journal:
        """A new game from the set-up's options (NeedAnswers for the Automas' starting
        workers when the dice are physical)."""
        chosen = options.get("options", options)
        given_seed = seed if seed is not None else options.get("seed")
        return game.new_game(GameOptions.from_dict(chosen), given_seed, answers)

    def checklist(self, state: GameState) -> tuple[Announcement, ...]:
        """The set-up checklist of the game (``companion.euphoria.automa_checklist``: the
        factions drawn, the removals, the miners, the Bazaar, the minority bonus...)."""
        return tuple(item.announcement() for item in game.checklist(state))

    def actions(self, state: GameState) -> tuple[Action, ...]:
        """The Automa turn and the reports, while nobody has won."""
        if state.over:
            return ()
        turn_action = Action(TURN, N_("Automa turn"), "enter", main=True)
        return (
            turn_action,
            *(Action(k, reports.REPORTS[k].title, key) for k, key in REPORT_KEYS.items()),
        )

    def step(
        self, state: GameState, action: str, answers: Mapping[str, str], index: int
    ) -> Stepped[GameState]:
        """An Automa turn ("Turn Order" of the Automa rules), or a report's event."""
        state = state.clone()
        if action == TURN:
            given = Answers(raw=dict(answers))
            event, done = game.turn_event(state, given, index)
            return Stepped(state, event, tuple(done.announcements), frozenset(given.raw))
        plan = bind(reports.REPORTS[action].plan, state)
        report, asked = run_plan_asking(plan, answers)
        if report is None:  # the plans of these reports never decline
            raise NothingToAsk(say("Not reported."))
        typed = events.as_reported(state, event_types.parse(report.kind, report.fields))
        rest = {k: v for k, v in answers.items() if k not in asked}
        given = Answers(raw=rest, asked=sorted(asked))
        event, out = game.human_event(state, typed, given, index, strict=True)
        return Stepped(state, event, tuple(out), frozenset(answers))

    def status(self, state: GameState) -> Status:
        """The turn and the deck, the card pair, and each Automa's tokens and workers."""
        deck = state.deck
        facts = [
            Fact(
                "turn",
                say_n(
                    "Automa turn {turn} · {n} card in the deck",
                    "Automa turn {turn} · {n} cards in the deck",
                    len(deck.draw),
                    turn=state.turn + 1,
                ),
                {"turn": state.turn + 1, "deck": len(deck.draw), "played": state.turn},
            )
        ]
        if deck.action or deck.support:
            facts.append(
                Fact(
                    "cards",
                    say(
                        "Action card {action}, support card {support}",
                        action=deck.action or "–",
                        support=deck.support or "–",
                    ),
                    {"action": deck.action, "support": deck.support},
                )
            )
        for automa in AUTOMAS:
            a = state.automas[automa]
            facts.append(
                Fact(
                    f"automa.{automa}",
                    say(
                        "{Automa} ({faction}): {tokens} tokens left, dice {dice}",
                        Automa=automa_name(automa),
                        faction=faction_name(a.faction),
                        tokens=a.tokens_left,
                        dice=" ".join(str(d) for d in a.available) or "–",
                    ),
                    {
                        "faction": a.faction,
                        "tokens_left": a.tokens_left,
                        "available": list(a.available),
                        "penalty_side": a.penalty_side,
                    },
                )
            )
        if state.over:
            facts.insert(0, Fact("winner", say("{winner} won", winner=state.winner_name)))
        return Status(tuple(facts))

    def describe(self, event: Mapping[str, Any]) -> str:
        """One journal event in a few words."""
        return describe_event(event)

    def outcome(self, journal: Journal, detail: bool = True) -> Outcome:
        """How the game stands, with the tokens placed turn by turn."""
        return game_outcome(journal, detail)


GAME_OBJECT = EuphoriaTable()
