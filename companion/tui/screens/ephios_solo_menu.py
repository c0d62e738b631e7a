"""The Ephios solo screen's menus and words: keys to typed actions, the help, the log.

No rules here: which actions are legal, what they cost and what they would
lose come from `companion.ephios.solo`; this module turns them into
questions whose keys are those printed on the table (a slot is its number).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.questions import Announcement, Question
from companion.ephios import solo
from companion.tui.widgets.ephios_board import alliance_name, card_label

HELP = """
# Ephios solo — you against the Plot

**Goal.** Unite each of the 5 alliances (take its affinity the first time)
before your popularity falls to 0% or the Plot gathers the 5 Dignitaries
(the personalities of persuasion value 3, marked `◆ DIG`).

**Your turn: one action.**

| Key | Action |
|---|---|
| r | **Recruit** a personality from the crossroads (then its slot number): pay its value in persuasion tokens (a Dignitary 3) |
| t | **Recruit** the top card of the draw pile for 1 token (then say which card you drew) |
| d | **Debate** (then the slot number): discard a personality from the crossroads, take 2 tokens (5 at most) |
| u | **Unite** an alliance: discard your whole hand, +10% (whatever the alliance); with the Banker only the Company gives the 10% |
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

**End of each turn** (yours and the Plot's): more than 3 cards in hand,
discard down to 3 (no effect); then slide the crossroads right and reveal
new cards into the empty slots, slot 1 (left) first. Until then a card that
left the crossroads leaves a gap where it was. Shuffling the discard pile
into a new draw pile costs 10% popularity.

The app asks for each card you reveal (only the cards still in the draw pile
are offered) and then lists what to do on the table. While it asks, the
board shows the table *so far* (marked "SO FAR" on the right): the cards
already moved, and `? reveal into here` on the slot to fill.

## Answering

1–9, a click, or ↑ ↓ Enter choose an answer; Backspace goes back one
question; w / W show the *why* of the highlighted / every announcement; Tab
moves between the questions and the announcements.
"""

# The actions of the menu: (verb, key, label).
VERBS: tuple[tuple[str, str, str], ...] = (
    ("recruit", "r", "Recruit from the crossroads"),
    ("recruit-top", "t", "Recruit top of the draw pile"),
    ("debate", "d", "Debate: discard, +2 tokens"),
    ("unite", "u", "Unite an alliance (+10%)"),
    ("corrupt", "c", "Corrupt a Plot Dignitary"),
    ("perceptive", "p", "Perceptive: take from the Plot"),
    ("use", "s", "Use another card in hand"),
)
PREACHER_KEY = "a"
QUESTIONS = {
    "recruit": "Recruit which personality? (its slot number)",
    "debate": "Debate: discard which personality? (its slot number)",
    "unite": "Unite which alliance? (hand discarded, +10%)",
    "corrupt": "Corrupt which Dignitary of the Plot zone?",
    "perceptive": "The Perceptive takes which Dignitary?",
    "use": "Use which card of your hand?",
}


def action_label(action: solo.Action) -> str:
    """A legal action in words, e.g. 'Cult, with the Banker' or 'Order ◆ DIG'."""
    if isinstance(action, solo.Unite):
        name = alliance_name(action.alliance)
        return f"{name}, with the Banker" if action.banker else name
    if isinstance(action, solo.Corrupt | solo.Perceptive):
        return f"{alliance_name(action.alliance)} ◆ DIG"
    if isinstance(action, solo.Use):
        label = card_label(action.card)
        return f"{label} — it says Replay: act again" if action.replay else label
    return action.verb


def _warned(state: solo.SoloState, action: solo.Action, label: str) -> str:
    return f"{label}  ⚠ loses" if solo.warnings(state, action) else label


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
        label = f"slot {slot}: {card_label(card)}"
        if verb == "recruit":
            low, high = solo.recruit_cost(card)
            label += f" ({low} tokens)" if low == high else f" (value {low}–{high})"
            refused = solo.refusal(state, action)
            if refused:
                label += f" — cannot: you have {state.tokens} tokens"
        options[str(slot)] = action
        labels.append(_warned(state, action, label))
    question = Question(
        "arg",
        QUESTIONS[verb],
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
        QUESTIONS.get(verb, "Which one?"),
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
            state, _ = solo.apply_event(state, event)
        except CompanionError:
            state = None
            continue
        plot = ", ".join(alliance_name(a) for a in state.plot_zone) or "empty"
        lines.append(
            f"     ⇒ {state.popularity}% · Plot zone ({len(state.plot_zone)}◆): {plot} · "
            f"affinities {len(state.affinities)}" + (f" · {state.result}" if state.result else "")
        )
    return lines


def undo_items(event: dict) -> list[Announcement]:
    """What to do on the table after undoing ``event``: the step, the revealed cards back."""
    items = [
        Announcement(
            f"Took back: {solo.describe_event(event)}. Put the table back as the board shows.",
            kind="info",
            what="undo",
        )
    ]
    reveals = solo.event_reveals(event)
    if reveals:
        items.append(
            Announcement(
                "Put the revealed cards back on the draw pile, "
                f"{'this one on top' if len(reveals) == 1 else 'from the top'}: "
                f"{', '.join(card_label(c) for c in reveals)} (if the discard pile was "
                "shuffled meanwhile, rebuild the piles as the board counts them).",
                kind="info",
                what="undo.reveals",
                cards=tuple(reveals),
            )
        )
    return items
