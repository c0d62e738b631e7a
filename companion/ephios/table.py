"""The Ephios games as objects (the game protocol of ``companion.core.game``): the solo game
against the Plot, the quick game and the campaign.

Each step records exactly the event the journal has always held (the solo game's ``act``
with its typed action and the cards revealed, ``move`` and ``set`` corrections; the quick
game's and the campaign's typed steps), so every save replays as before. The quick game
and the campaign ask the players' names as one typed answer (``players``: the names in
seating order, separated by commas).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from companion.core import session
from companion.core.catalog import N_, _, say
from companion.core.game import Action, Fact, Status, Stepped
from companion.core.journal import Journal
from companion.core.outcome import Outcome
from companion.core.plans import Ask, Next, NothingToAsk, Report, bind, run_plan_asking
from companion.core.questions import Announcement, NeedAnswers, Question
from companion.ephios import campaign, quick, quick_plans, setup_plans, solo
from companion.ephios import outcome as outcomes
from companion.ephios.solo_action_plans import (
    ARMED_VERB,
    PREACHER,
    target_warnings,
    turn_plan,
)
from companion.ephios.solo_actions import to_dict as action_table
from companion.ephios.solo_correction_plans import correction_plan, event_of
from companion.ephios.table_events import campaign_event, quick_event, to_dict

S = TypeVar("S")

ACT = "act"
CORRECT = "correct"
# The solo menu's entries as actions of their own: each verb by its key, then the Preacher
# (armed for the action that follows). ``r`` says the last spoken step again on every game
# screen, so Recruit is ``e``.
VERB_ACTIONS: dict[str, tuple[str, str]] = {
    "recruit": (N_("Recruit"), "e"),
    "recruit-top": (N_("Recruit the top card"), "t"),
    "debate": (N_("Debate"), "d"),
    "unite": (N_("Unite"), "u"),
    "corrupt": (N_("Corrupt"), "c"),
    "perceptive": (N_("Perceptive"), "p"),
    "use": (N_("Use a card"), "s"),
}
PREACHER_ACTION = (N_("Arm the Preacher"), "a")


def _planned(
    plan: Callable[[Any, Mapping[str, str]], Next], state: Any, answers: Mapping[str, str]
) -> tuple[Report, set[str]]:
    """Run ``plan`` on ``state`` with every answer given; its report and the ids it asked."""
    report, asked = run_plan_asking(bind(plan, state), answers)
    if report is None:
        raise NothingToAsk(_("Not recorded."))
    return report, asked


class SoloTable:
    """The solo game against the Plot: your action (then the Plot's turn), or a correction."""

    id = solo.GAME
    rules = solo.RULES

    def setup(self, answers: Mapping[str, str]) -> Next:
        """The difficulty, then the four cards revealed into the crossroads."""
        return setup_plans.solo_setup_plan(None, answers)

    def new(
        self,
        options: Mapping[str, Any],
        seed: int | None = None,
        answers: Mapping[str, str] | None = None,
    ) -> Journal:
        """A new solo game at the set-up's difficulty and crossroads."""
        return solo.new_game(str(options["difficulty"]), seed, dict(options["reveals"]))

    def checklist(self, state: solo.SoloState) -> tuple[Announcement, ...]:
        """The solo set-up on the table ("Solo Mode > Setup"), each step with its rule."""
        return tuple(solo.setup_steps(state))

    def actions(self, state: solo.SoloState) -> tuple[Action, ...]:
        """While the game goes on: your action from the menu (the Plot then plays), each
        entry of the menu by its own key (the verbs of the legal actions, the Preacher while
        your hand holds a card), and a table correction."""
        if state.result:
            return ()
        verbs = {a.verb for a in solo.legal_actions(state)}
        entries = [Action(v, label, key) for v, (label, key) in VERB_ACTIONS.items() if v in verbs]
        if state.hand:
            entries.append(Action(PREACHER, *PREACHER_ACTION))
        return (
            Action(ACT, N_("Your action"), "enter", main=True),
            *entries,
            Action(CORRECT, N_("Correct the table"), "x"),
        )

    def step(
        self, state: solo.SoloState, action: str, answers: Mapping[str, str], index: int
    ) -> Stepped[solo.SoloState]:
        """Your action ("Solo Mode, Course of a Game": the action, the end of your turn and
        the Plot's turn; the Preacher armed by the answer ``preacher``), or a correction.
        A menu entry's action (``debate``, ``preacher``...) is your action with that entry
        chosen."""
        if action == CORRECT:
            reported, asked = _planned(correction_plan, state, answers)
            event = event_of(state, reported.event())
            new, out = solo.apply_event(state, event)
            return Stepped(new, event, tuple(out), frozenset(asked))
        chosen = dict(answers)
        if action != ACT:
            chosen["action"] = action
        try:
            reported, asked = _planned(turn_plan, state, chosen)
        except NeedAnswers as need:
            verb = chosen.get(ARMED_VERB) if chosen.get("action") == PREACHER else None
            verb = verb or chosen.get("action")
            if verb is None or [q.id for q in need.questions] != ["arg"]:
                raise
            # the target asked with the engine's warnings (a warning only, never blocking)
            raise NeedAnswers(need.questions, target_warnings(state, verb)) from None
        typed = reported.fields["action"]
        rest = {k: v for k, v in answers.items() if k not in asked}
        if PREACHER in reported.fields:
            rest[PREACHER] = str(reported.fields[PREACHER])
        new, out, used = solo.act(state, typed, rest)
        event = {"kind": ACT, "action": action_table(typed), "answers": used}
        return Stepped(new, event, tuple(out), frozenset(asked | set(used)))

    def status(self, state: solo.SoloState) -> Status:
        """The turn, your popularity and tokens, the affinities, the Plot zone."""
        low, high = state.token_range()
        tokens = str(high) if low == high else f"{low}–{high}"
        return Status(
            (
                Fact(
                    "turn",
                    say(
                        "Turn {turn} · popularity {popularity}%",
                        turn=state.turn,
                        popularity=state.popularity,
                    ),
                    {"turn": state.turn, "popularity": state.popularity, "result": state.result},
                ),
                Fact(
                    "tokens",
                    say(
                        "Persuasion tokens {tokens} · affinities {n}",
                        tokens=tokens,
                        n=len(state.affinities),
                    ),
                    {"tokens": [low, high], "affinities": list(state.affinities)},
                ),
                Fact(
                    "plot",
                    say("Plot zone: {n} Dignitaries", n=len(state.plot_zone)),
                    {"plot_zone": list(state.plot_zone), "crossroads": list(state.crossroads)},
                ),
            )
        )

    def describe(self, event: Mapping[str, Any]) -> str:
        """One journal event in a few words."""
        return solo.describe_event(event)

    def outcome(self, journal: Journal, detail: bool = True) -> Outcome:
        """How the game stands, with the popularity turn by turn."""
        return outcomes.outcome(journal, detail)


PLAYERS = "players"


def players_question() -> Question:
    """The players' names, typed in seating order (clockwise), separated by commas."""
    return Question(
        PLAYERS, _("The players' names, in seating order, separated by commas?"), "text"
    )


# A round's steps: each planned one with its plan, label and key; then the plain ones.
ROUND_PLANS: dict[str, tuple[Callable[[quick.QuickState, Mapping[str, str]], Next], str, str]] = {
    "unite": (quick_plans.unite_plan, N_("Unite an alliance"), "u"),
    "popularity": (quick_plans.popularity_plan, N_("Change a popularity (a card)"), "a"),
}
ROUND_STEPS = {"flip": (N_("Flip the direction token"), "f"), "next": (N_("Next player"), "n")}


class RoundTable(Generic[S]):
    """The quick game or the campaign: the players, then the steps of a round (unite, a
    card's popularity change, the direction token, the next player); the campaign adds its
    alliance tiles. ``round_of`` gives the round a state is playing, ``stored`` an event as
    the journal holds it, ``start`` a new game's journal from its players and first."""

    def __init__(
        self,
        rules: session.FunctionRules[S],
        round_of: Callable[[S], quick.QuickState],
        stored: Callable[[Mapping[str, Any]], dict[str, Any]],
        start: Callable[..., Journal],
        describer: Callable[[Mapping[str, Any]], str],
        extra: Mapping[str, tuple[Callable[[quick.QuickState, Mapping[str, str]], Next], str, str]]
        | None = None,
        steps: Callable[[S], Sequence[Announcement]] | None = None,
    ) -> None:
        self.id = rules.game
        self.rules = rules
        self.round_of, self.stored, self.start, self.describer = round_of, stored, start, describer
        self.plans = {**ROUND_PLANS, **(extra or {})}
        self.steps = steps

    def checklist(self, state: S) -> tuple[Announcement, ...]:
        """The set-up on the table (of the current round in a campaign), each step with its
        rule; none when the object was made without its steps."""
        return tuple(self.steps(state)) if self.steps is not None else ()

    def setup(self, answers: Mapping[str, str]) -> Next:
        """The players' names, then who plays first."""
        if PLAYERS not in answers:
            return Ask.one(players_question())
        names = [n.strip() for n in answers[PLAYERS].split(",") if n.strip()]
        return setup_plans.players_plan(names, answers)

    def new(
        self,
        options: Mapping[str, Any],
        seed: int | None = None,
        answers: Mapping[str, str] | None = None,
    ) -> Journal:
        """A new game of the set-up's players, the first one chosen."""
        return self.start(list(options["players"]), options.get("first"), seed)

    def actions(self, state: S) -> tuple[Action, ...]:
        """A round's steps, while nobody has won; the direction token is flipped with 3 or 4
        players only (2 players have none: Quick Game > Components and Setup)."""
        if self.rules.outcome(state).ended:
            return ()
        planned = tuple(Action(k, label, key) for k, (_p, label, key) in self.plans.items())
        token = self.round_of(state).has_direction_token
        plain = tuple(
            Action(k, label, key) for k, (label, key) in ROUND_STEPS.items() if k != "flip" or token
        )
        return planned + plain

    def step(self, state: S, action: str, answers: Mapping[str, str], index: int) -> Stepped[S]:
        """A step of the round ("Quick Game > Course of a Game"), or a campaign's tile."""
        asked: set[str] = set()
        if action in self.plans:
            reported, asked = _planned(self.plans[action][0], self.round_of(state), answers)
            event = reported.event()
        else:
            event = {"kind": action}
        new, out = self.rules.apply(state, event, index)
        return Stepped(new, self.stored(event), tuple(out), frozenset(asked))

    def status(self, state: S) -> Status:
        """Whose turn it is and everyone's popularity; once won, the turn that won it and
        who (the game-over line)."""
        r = self.round_of(state)
        player = r.players[r.current]
        turn = (
            say("Turn {turn} · {player} won", turn=r.turn, player=r.winner)
            if r.winner
            else say("Turn {turn} · {player} plays", turn=r.turn, player=player)
        )
        return Status(
            (
                Fact("turn", turn, {"turn": r.turn, "player": player, "winner": r.winner}),
                Fact("popularity", quick.summary(r), {"popularity": dict(r.popularity)}),
            )
        )

    def describe(self, event: Mapping[str, Any]) -> str:
        """One journal event in a few words."""
        return self.describer(event)

    def outcome(self, journal: Journal, detail: bool = True) -> Outcome:
        """How the game stands, with the popularity turn by turn."""
        return outcomes.outcome(journal, detail)


SOLO = SoloTable()
QUICK = RoundTable(
    quick.RULES,
    lambda state: state,
    lambda event: to_dict(quick_event(event)),
    quick.new_game,
    quick.describe_event,
    steps=quick.setup_steps,
)
CAMPAIGN = RoundTable(
    campaign.RULES,
    lambda state: state.round,
    lambda event: to_dict(campaign_event(event)),
    campaign.new_game,
    campaign.describe_event,
    {"alliance": (quick_plans.tile_plan, N_("An alliance tile (victory page)"), "t")},
    steps=campaign.setup_steps,
)
