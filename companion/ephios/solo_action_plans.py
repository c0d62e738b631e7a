"""The solo player's turn, as questions: which action, its target, and the Preacher.

The menu offers the legal actions (:func:`companion.ephios.solo.legal_actions`) by verb;
a verb's target is asked (a crossroads slot by its number, an alliance, a Dignitary of
the Plot zone, a card of the hand) and each answer means one typed action; the Preacher
is a card of the hand. The shells add their keys and draw the questions; which answers
there are and what they mean is decided here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core.catalog import N_, _, say
from companion.core.plans import Ask, Next, NothingToAsk, Report
from companion.core.questions import Announcement, Question
from companion.ephios import solo
from companion.ephios.card_labels import card_label
from companion.ephios.cards import alliance_name, dignitary_of
from companion.ephios.solo_rules import RULE_NUMBERS
from companion.ephios.solo_state import SoloState
from companion.ephios.solo_table import held
from companion.ephios.words import tokens

# The actions of the menu, in the order offered: verb -> label.
MENU_LABELS: dict[str, str] = {
    "recruit": N_("Recruit from the crossroads"),
    "recruit-top": N_("Recruit top of the draw pile"),
    "debate": N_("Debate: discard, +{debate_gain} tokens"),
    "unite": N_("Unite an alliance (+{unite_gain}%)"),
    "corrupt": N_("Corrupt a Plot Dignitary"),
    "perceptive": N_("Perceptive: take from the Plot"),
    "use": N_("Use another card in hand"),
}
PREACHER = "preacher"  # the menu's choice that arms the Preacher (not an action)
TARGET_QUESTIONS = {
    "recruit": N_("Recruit which personality? (its slot number)"),
    "debate": N_("Debate: discard which personality? (its slot number)"),
    "unite": N_("Unite which alliance? (hand discarded, +{unite_gain}%)"),
    "corrupt": N_("Corrupt which Dignitary of the Plot zone?"),
    "perceptive": N_("The Perceptive takes which Dignitary?"),
    "use": N_("Use which card of your hand?"),
}


def menu_label(verb: str) -> str:
    """The menu's label of ``verb`` in the player's language, its numbers from the rules."""
    return say(MENU_LABELS[verb], **RULE_NUMBERS)


def preacher_label(preacher: str | None) -> str:
    """The menu's Preacher choice: armed with its card, or to arm."""
    if preacher:
        return say("Preacher ⚑ armed: {card}", card=card_label(preacher))
    return _("Arm the Preacher")


def menu_question(
    state: SoloState, preacher: str | None = None, question_id: str = "action"
) -> Question:
    """Your action: the verbs of the legal actions in menu order, then the Preacher while
    your hand holds a card (it must be "in your hand" to be played when the Plot debates).

    A unite without the pair of cards its alliance asks is only possible with the Banker
    ("you use the Banker to unite"): the choice then says so. Asked as ``question_id``
    ``"verb"`` it is the action once the Preacher is armed (``preacher``): the Preacher
    is then no choice of it.
    """
    legal = solo.legal_actions(state)
    verbs = {a.verb for a in legal}
    offered = {verb: menu_label(verb) for verb in MENU_LABELS if verb in verbs}
    if "unite" in offered and not any(isinstance(a, solo.Unite) and not a.banker for a in legal):
        offered["unite"] = _("Unite with the Banker (no pair)")
    for verb in offered:
        offered[verb] = _menu_warned(state, [a for a in legal if a.verb == verb], offered[verb])
    if state.hand and question_id == "action":
        offered[PREACHER] = preacher_label(preacher)
    data = {"turn": state.turn, "difficulty": solo.difficulty_text(state.difficulty)}
    text = (
        say("Turn {turn} ({difficulty}): your action? (act again: Replay)", **data)
        if state.again
        else say("Turn {turn} ({difficulty}): your action?", **data)
    )
    if question_id != "action" and preacher:
        text = say("{question} ({preacher})", question=text, preacher=preacher_label(preacher))
    return Question.one_of(question_id, text, offered)


def action_label(action: solo.Action) -> str:
    """A legal action in words, e.g. 'Cult, with the Banker' or 'Order ◆ DIG'."""
    if isinstance(action, solo.Unite):
        name = alliance_name(action.alliance)
        return say("{alliance}, with the Banker", alliance=name) if action.banker else name
    if isinstance(action, solo.Corrupt | solo.Perceptive):
        return card_label(dignitary_of(action.alliance))
    if isinstance(action, solo.Use):
        label = card_label(action.card)
        return say("{card} — it says Replay: act again", card=label) if action.replay else label
    return action.verb


def _warned(state: SoloState, action: solo.Action, label: str) -> str:
    """The label marked when the engine warns the action loses (a warning only)."""
    return say("{label}  ⚠ loses", label=label) if solo.warnings(state, action) else label


def _menu_warned(state: SoloState, actions: Sequence[solo.Action], label: str) -> str:
    """A verb of the menu marked by what its targets are in the sub-menu: '⚠' when every
    one of them loses, '⚠ some' when some do (a warning only; the sub-menu says '⚠ loses'
    on each). The marks are short so that each entry of the menu keeps to one row beside
    what to do (80×24): the board's warning line says what loses."""
    losing = sum(1 for action in actions if solo.warnings(state, action))
    if not losing:
        return label
    if losing == len(actions):
        return say("{label} ⚠", label=label)
    return say("{label} ⚠ some", label=label)


def _recruit_label(state: SoloState, action: solo.Action, card: str, label: str) -> str:
    """A recruit's slot with its persuasion value, and why it cannot be paid if so."""
    low, high = solo.recruit_cost(card)
    if low == high:
        label = say("{label} ({low} tokens)", label=label, low=low)
    else:
        label = say("{label} (value {low}–{high})", label=label, low=low, high=high)
    if solo.refusal(state, action):
        label = say(
            "{label} — cannot: you have {tokens}", label=label, tokens=held(*state.token_range())
        )
    return label


def slot_question(verb: str, state: SoloState) -> tuple[Question, dict[str, solo.Action]]:
    """Recruit or debate: one choice per card on the crossroads, its key its slot number.

    A slot the engine would refuse (too few tokens) is shown with the reason; choosing it
    is refused (:func:`companion.ephios.solo.refusal`) and the question asked again.
    """
    options: dict[str, solo.Action] = {}
    labels: list[str] = []
    for slot, card in enumerate(state.row(), 1):
        if card is None:
            continue
        action: solo.Action = solo.Recruit(slot) if verb == "recruit" else solo.Debate(slot)
        label = say("slot {slot}: {card}", slot=slot, card=card_label(card))
        if verb == "recruit":
            label = _recruit_label(state, action, card, label)
        options[str(slot)] = action
        labels.append(_warned(state, action, label))
    text = say(TARGET_QUESTIONS[verb], **RULE_NUMBERS)
    question = Question(
        "arg", text, "one", tuple(options), labels=tuple(labels), keys=tuple(options)
    )
    return question, options


def target_question(
    verb: str, state: SoloState, legal: Sequence[solo.Action] | None = None
) -> tuple[Question, dict[str, solo.Action]]:
    """The question that picks the target of ``verb`` and the action each answer means.

    A card used may say "replay" (act again): each card of the hand is offered both ways.
    """
    if verb in ("recruit", "debate"):
        return slot_question(verb, state)
    legal = solo.legal_actions(state) if legal is None else legal
    actions = [a for a in legal if a.verb == verb]
    if verb == "use":
        actions = [
            v for a in actions if isinstance(a, solo.Use) for v in (a, solo.Use(a.card, True))
        ]
    options = {str(n): a for n, a in enumerate(actions, 1)}
    text = say(TARGET_QUESTIONS[verb], **RULE_NUMBERS) if verb in TARGET_QUESTIONS else ""
    question = Question(
        "arg",
        text or _("Which one?"),
        "one",
        tuple(options),
        labels=tuple(_warned(state, a, action_label(a)) for a in actions),
    )
    return question, options


def sole_target(
    verb: str, state: SoloState, legal: Sequence[solo.Action] | None = None
) -> tuple[solo.Action, str] | None:
    """The only target of ``verb`` and a line saying it was taken, when there is one (the
    Perceptive with one Dignitary in the Plot zone): a question with one possible answer is
    not asked. None when there are more, or the only one is refused (asked, to say why)."""
    question, options = target_question(verb, state, legal)
    if len(options) != 1:
        return None
    (action,) = options.values()
    if solo.refusal(state, action):
        return None
    label = question.labels[0] if question.labels else action.verb
    return action, say("{label}: the only choice, taken.", label=label)


# The answer that names the persuasion value of the ordinary personality you recruit.
COST = "cost"


def cost_question(state: SoloState, action: solo.Action) -> Question | None:
    """The persuasion value printed on the ordinary personality ``action`` recruits, asked
    with the card every time (a digit: each value its own key), so the tokens you hold stay
    exact. None when there is nothing to ask: a Dignitary's value is printed (3), and a
    value you could not pay is no choice (holding 1 token, the card costs 1).

    Rulebook, "Personality cards": "Persuasion value: This value goes from 1 to 3. It
    indicates the number of persuasion tokens that you must spend to recruit the
    personality"; it is printed on each card, not listed in the rulebook.
    """
    if not isinstance(action, solo.Recruit):
        return None
    card = state.card_at(action.slot)
    if card is None:
        return None
    low, high = solo.recruit_cost(card)
    top = min(high, state.token_range()[1])
    if top <= low:
        return None
    values = tuple(str(v) for v in range(low, top + 1))
    text = say("The {card}'s persuasion value, as printed on the card?", card=card_label(card))
    labels = tuple(tokens(int(v)) for v in values)
    return Question(COST, text, "one", values, labels=labels, keys=values)


def _with_cost(action: solo.Action, state: SoloState, answers: Mapping[str, str]) -> Next:
    """Report ``action``, once the persuasion value of the card it recruits is answered
    (asked at the same point every time: right after the card)."""
    question = cost_question(state, action)
    if question is not None and isinstance(action, solo.Recruit):
        if COST not in answers:
            return Ask.one(question)
        action = solo.Recruit(action.slot, int(str(question.parse(answers[COST]))))
    return Report("act", {"action": action})


def action_plan(state: SoloState, answers: Mapping[str, str]) -> Next:
    """Your action: the verb (``action``), then its target (``arg``) unless it has none (the
    top of the draw pile), then the value of an ordinary personality you recruit (``cost``,
    :func:`cost_question`). Reports ``act`` with the typed ``action`` for :func:`solo.play`."""
    verb = answers.get("action")
    if verb is None:
        return Ask.one(menu_question(state))
    if verb == "recruit-top":
        return Report("act", {"action": solo.RecruitTop()})
    question, options = target_question(verb, state)
    if "arg" not in answers:
        sole = sole_target(verb, state)
        if sole is not None:
            return Report("act", {"action": sole[0], "taken": sole[1]})
        return Ask.one(question)
    return _with_cost(options[answers["arg"]], state, answers)


def preacher_plan(state: SoloState, answers: Mapping[str, str]) -> Next:
    """Which card of your hand is the Preacher (it must be in your hand): not asked when the
    hand holds one kind of card. Reports ``preacher`` with its ``card``."""
    cards = list(dict.fromkeys(state.hand))
    if not cards:
        raise NothingToAsk(_("The Preacher must be in your hand: your hand is empty."))
    if len(cards) == 1:
        return Report(PREACHER, {"card": cards[0]})
    if PREACHER not in answers:
        which = _("Which card of your hand is the Preacher?")
        return Ask.one(Question(PREACHER, which, "one", tuple(cards)))
    return Report(PREACHER, {"card": answers[PREACHER]})


# The answer that names your action once the Preacher is armed (``action`` named the Preacher).
ARMED_VERB = "verb"


def turn_plan(state: SoloState, answers: Mapping[str, str]) -> Next:
    """Your action as the menu offers it (:func:`action_plan`); the menu's Preacher arms it
    first: which card of your hand it is (:func:`preacher_plan`), then your action again
    (``verb``) and its target. Reports ``act`` with the typed ``action`` and, armed, the
    ``preacher`` card (the answer the Plot's debate reads)."""
    if answers.get("action") != PREACHER:
        return action_plan(state, answers)
    armed = preacher_plan(state, answers)
    if not isinstance(armed, Report):
        return armed
    card = str(armed.fields["card"])
    verb = answers.get(ARMED_VERB)
    if verb is None:
        return Ask.one(menu_question(state, card, ARMED_VERB))
    step = action_plan(state, {**answers, "action": verb})
    if isinstance(step, Report):
        return Report(step.kind, {**step.fields, PREACHER: card})
    return step


def target_warnings(state: SoloState, verb: str) -> list[Announcement]:
    """The engine's warnings for the targets of ``verb`` (each once): shown while its target
    is asked, never blocking."""
    _question, options = target_question(verb, state)
    seen: dict[str, Announcement] = {}
    for action in options.values():
        for item in solo.warnings(state, action):
            seen.setdefault(item.text, item)
    return list(seen.values())
