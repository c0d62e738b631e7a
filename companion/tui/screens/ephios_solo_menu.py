"""The Ephios solo screen's menus and words: keys to typed actions, the help, the log.

No rules here: which actions are legal, what they cost and what they would
lose come from `companion.ephios.solo`; this module turns them into
questions whose keys are those printed on the table (a slot is its number).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.catalog import N_, _, say, say_n
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.questions import Announcement, Question
from companion.ephios import solo
from companion.ephios.cards import load_deck
from companion.ephios.solo_rules import MIN_POPULARITY, RULE_NUMBERS, result_text
from companion.tui.widgets.ephios_board import alliance_name, card_label

HELP = N_("""
# Ephios solo — you against the Plot

**Goal.** Unite each of the {alliances} alliances (take its affinity the first time)
before your popularity falls to {least}% or the Plot gathers the {alliances} Dignitaries
(the personalities of persuasion value {dignitary}, marked `◆ DIG`).

**Your turn: one action.**

| Key | Action |
|---|---|
| r | **Recruit** a personality from the crossroads (then its slot number): pay its value in persuasion tokens (a Dignitary {dignitary}) |
| t | **Recruit** the top card of the draw pile for {top_cost} token (then say which card you drew) |
| d | **Debate** (then the slot number): discard a personality from the crossroads, take {debate_gain} tokens ({max_tokens} at most) |
| u | **Unite** an alliance: discard your whole hand, +{unite_gain}% (whatever the alliance); with the Banker only the Company gives the {unite_gain}% |
| c | **Corrupt**: discard a Dignitary from the Plot zone, then the Plot plays **twice** |
| p | use the **Perceptive**: take a Dignitary from the Plot zone into your hand |
| s | **Use** another card of your hand (apply its effect yourself; "replay" lets you act again) |
| a | arm the **Preacher** for this action (say which card of your hand it is): the first time the Plot debates, the debated personality goes to your hand; `a` again puts it away |

A slot's key is the number printed over it on the board, whatever you can
afford: a slot you cannot pay is shown and refused with the reason. A value
the engine refuses asks that value again. `⚠` marks a move after which the
Plot's known next move or a reshuffle loses the game (a warning only).

**The Plot's turn.** If a Dignitary is on the crossroads, the Plot recruits
the rightmost one into its zone; otherwise it debates: it discards the
rightmost personality. The line *Plot next* shows what it would do now.

**End of each turn** (yours and the Plot's): more than {hand_limit} cards in hand,
discard down to {hand_limit} (no effect); then slide the crossroads right and reveal
new cards into the empty slots, slot 1 (left) first. Until then a card that
left the crossroads leaves a gap where it was. Shuffling the discard pile
into a new draw pile costs {loss}% popularity.

The app asks for each card you reveal (only the cards still in the draw pile
are offered) and then lists what to do on the table. While it asks, the
board shows the table *so far* (marked "SO FAR" on the right): the cards
already moved, and `? reveal into here` on the slot to fill.

## Answering

1–9, a click, or ↑ ↓ Enter choose an answer; Backspace goes back one
question; w / W show the *why* of the highlighted / every announcement; Tab
moves between the questions and the announcements.
""")


def solo_help() -> str:
    """The F1 help of the solo screen in the player's language, its numbers from the rules."""
    numbers = {
        **RULE_NUMBERS,
        "least": MIN_POPULARITY,
        "dignitary": load_deck().dignitary_persuasion,
    }
    return say(HELP, **numbers)


# The actions of the menu: (verb, key, label).
VERBS: tuple[tuple[str, str, str], ...] = (
    ("recruit", "r", N_("Recruit from the crossroads")),
    ("recruit-top", "t", N_("Recruit top of the draw pile")),
    ("debate", "d", N_("Debate: discard, +{debate_gain} tokens")),
    ("unite", "u", N_("Unite an alliance (+{unite_gain}%)")),
    ("corrupt", "c", N_("Corrupt a Plot Dignitary")),
    ("perceptive", "p", N_("Perceptive: take from the Plot")),
    ("use", "s", N_("Use another card in hand")),
)
# The short name of each action (its key's name in the help and the footer).
VERB_NAMES: dict[str, str] = {
    "recruit": N_("Recruit"),
    "recruit-top": N_("Recruit"),
    "debate": N_("Debate"),
    "unite": N_("Unite"),
    "corrupt": N_("Corrupt"),
    "perceptive": N_("Perceptive"),
    "use": N_("Use"),
}


def verb_label(label: str) -> str:
    """A label of :data:`VERBS` in the player's language, its numbers from the rules."""
    return say(label, **RULE_NUMBERS)


PREACHER_KEY = "a"
QUESTIONS = {
    "recruit": N_("Recruit which personality? (its slot number)"),
    "debate": N_("Debate: discard which personality? (its slot number)"),
    "unite": N_("Unite which alliance? (hand discarded, +{unite_gain}%)"),
    "corrupt": N_("Corrupt which Dignitary of the Plot zone?"),
    "perceptive": N_("The Perceptive takes which Dignitary?"),
    "use": N_("Use which card of your hand?"),
}


def action_label(action: solo.Action) -> str:
    """A legal action in words, e.g. 'Cult, with the Banker' or 'Order ◆ DIG'."""
    if isinstance(action, solo.Unite):
        name = alliance_name(action.alliance)
        return say("{alliance}, with the Banker", alliance=name) if action.banker else name
    if isinstance(action, solo.Corrupt | solo.Perceptive):
        return f"{alliance_name(action.alliance)} ◆ DIG"
    if isinstance(action, solo.Use):
        label = card_label(action.card)
        return say("{card} — it says Replay: act again", card=label) if action.replay else label
    return action.verb


def _warned(state: solo.SoloState, action: solo.Action, label: str) -> str:
    return say("{label}  ⚠ loses", label=label) if solo.warnings(state, action) else label


def slot_question(verb: str, state: solo.SoloState) -> tuple[Question, dict[str, solo.Action]]:
    """Recruit or debate: one choice per card on the crossroads, its key its slot number.

    A slot the engine would refuse (too few tokens) is shown with the reason; choosing it
    is refused by the screen, which stays on this question.
    """
    options: dict[str, solo.Action] = {}
    labels: list[str] = []
    for slot, card in enumerate(state.row(), 1):
        if card is None:
            continue
        action: solo.Action = solo.Recruit(slot) if verb == "recruit" else solo.Debate(slot)
        label = say("slot {slot}: {card}", slot=slot, card=card_label(card))
        if verb == "recruit":
            low, high = solo.recruit_cost(card)
            if low == high:
                label = say("{label} ({low} tokens)", label=label, low=low)
            else:
                label = say("{label} (value {low}–{high})", label=label, low=low, high=high)
            refused = solo.refusal(state, action)
            if refused:
                label = say(
                    "{label} — cannot: you have {tokens} tokens", label=label, tokens=state.tokens
                )
        options[str(slot)] = action
        labels.append(_warned(state, action, label))
    question = Question(
        "arg",
        say(QUESTIONS[verb], **RULE_NUMBERS),
        "one",
        tuple(options),
        labels=tuple(labels),
        keys=tuple(options),
    )
    return question, options


def arg_question(
    verb: str, legal: Sequence[solo.Action], state: solo.SoloState
) -> tuple[Question, dict[str, solo.Action]]:
    """The question that picks the target of ``verb`` and the action each answer means."""
    if verb in ("recruit", "debate"):
        return slot_question(verb, state)
    actions = [a for a in legal if a.verb == verb]
    if verb == "use":  # the same card may say "replay"
        actions = [
            v for a in actions if isinstance(a, solo.Use) for v in (a, solo.Use(a.card, True))
        ]
    options = {str(n): a for n, a in enumerate(actions, 1)}
    question = Question(
        "arg",
        say(QUESTIONS[verb], **RULE_NUMBERS) if verb in QUESTIONS else _("Which one?"),
        "one",
        tuple(options),
        labels=tuple(_warned(state, a, action_label(a)) for a in actions),
    )
    return question, options


def log_lines(journal: Journal) -> list[str]:
    """Every step so far, in the engine's words, each followed by the table after it."""
    lines = []
    try:
        state: solo.SoloState | None = solo.replay(
            Journal(game=solo.GAME, seed=0, options=dict(journal.options))
        )
    except CompanionError:  # a damaged save still shows its steps
        state = None
    for event in journal.events:
        lines.append(solo.describe_event(event))
        if state is None:
            continue
        try:
            state, _out = solo.apply_event(state, event)
        except CompanionError:
            state = None
            continue
        plot = ", ".join(alliance_name(a) for a in state.plot_zone) or _("empty")
        line = say(
            "     ⇒ {popularity}% · Plot zone ({n}◆): {plot} · affinities {affinities}",
            popularity=state.popularity,
            n=len(state.plot_zone),
            plot=plot,
            affinities=len(state.affinities),
        )
        lines.append(f"{line} · {result_text(state.result)}" if state.result else line)
    return lines


def undo_items(event: dict[str, Any]) -> list[Announcement]:
    """What to do on the table after undoing ``event``: the step, the revealed cards back."""
    items = [
        Announcement(
            say(
                "Took back: {step}. Put the table back as the board shows.",
                step=solo.describe_event(event),
            ),
            kind="info",
            what="undo",
        )
    ]
    reveals = solo.event_reveals(event)
    if reveals:
        items.append(
            Announcement(
                say_n(
                    "Put the revealed cards back on the draw pile, this one on top: {cards} "
                    "(if the discard pile was shuffled meanwhile, rebuild the piles as the "
                    "board counts them).",
                    "Put the revealed cards back on the draw pile, from the top: {cards} "
                    "(if the discard pile was shuffled meanwhile, rebuild the piles as the "
                    "board counts them).",
                    len(reveals),
                    cards=", ".join(card_label(c) for c in reveals),
                ),
                kind="info",
                what="undo.reveals",
                cards=tuple(reveals),
            )
        )
    return items
