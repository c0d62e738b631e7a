"""The solo "correct the table" dialog: move a card, set popularity, persuasion or affinities.

For the card effects the app does not model. The dialog only gathers the
correction; the engine (`solo.play_move`, `solo.play_set`) checks and
records it. The choices offered list where cards are now, from the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.catalog import N_, _, say
from companion.core.journal import Journal
from companion.core.questions import Announcement, Question
from companion.ephios import solo
from companion.ephios.cards import load_deck
from companion.tui.widgets.ephios_board import alliance_name, card_label
from companion.tui.widgets.step_dialog import StepDialog, question_plan

KINDS = {
    "move": N_("Move a card (an effect the app does not model)"),
    "popularity": N_("Set the popularity"),
    "persuasion": N_("Set your persuasion tokens"),
    "affinities": N_("Set the affinities you hold"),
}
ZONE_NAMES = {
    "hand": N_("your hand"),
    "plot": N_("the Plot zone"),
    "discard": N_("the discard pile"),
    "draw": N_("the top of the draw pile"),
}


def _zone_label(zone: str, state: solo.SoloState) -> str:
    if zone.startswith("crossroads:"):
        slot = int(zone.split(":")[1])
        card = state.card_at(slot)
        if card is not None:
            return say("crossroads slot {slot} ({card})", slot=slot, card=card_label(card))
        return say("crossroads slot {slot} (empty)", slot=slot)
    return _(ZONE_NAMES[zone]) if zone in ZONE_NAMES else zone


def _cards_in(zone: str, state: solo.SoloState) -> list[str]:
    return solo.takeable(state, zone)


def _move_question(
    answers: Mapping[str, str], state: solo.SoloState, sources: list[str], targets: list[str]
) -> Question | None:
    """The next question of a card move (from, card, to); None when all are answered."""
    if "from" not in answers:
        offered = [z for z in sources if _cards_in(z, state)]
        return Question(
            "from",
            _("From where?"),
            "one",
            tuple(offered),
            labels=tuple(_zone_label(z, state) for z in offered),
        )
    cards = _cards_in(answers["from"], state)
    # A crossroads slot holds one card: no need to ask which.
    if "card" not in answers and not answers["from"].startswith("crossroads:"):
        return Question(
            "card",
            _("Which card?"),
            "one",
            tuple(cards),
            labels=tuple(card_label(c) for c in cards),
        )
    if "to" not in answers:
        offered = [z for z in targets if z != answers["from"]]
        return Question(
            "to",
            _(
                "To where? (a crossroads gap is filled; another slot moves the cards "
                "from there right)"
            ),
            "one",
            tuple(offered),
            labels=tuple(
                say("crossroads slot {slot}", slot=z.split(":")[1])
                if z.startswith("crossroads:")
                else _zone_label(z, state)
                for z in offered
            ),
        )
    return None


def _count_question(kind: str) -> Question:
    """The value of the count ``kind`` (popularity, persuasion or the affinities)."""
    if kind == "popularity":
        return Question(
            "value",
            _("Popularity (%)?"),
            "number",
            minimum=solo.MIN_POPULARITY,
            maximum=solo.MAX_POPULARITY,
        )
    if kind == "persuasion":
        return Question(
            "value",
            _("Persuasion tokens in front of you?"),
            "number",
            minimum=0,
            maximum=solo.MAX_TOKENS,
        )
    alliances = tuple(load_deck().alliances)
    return Question(
        "value",
        _("Which affinities do you hold? (Space or digits tick, Enter confirms)"),
        "many",
        alliances,
        labels=tuple(alliance_name(a) for a in alliances),
    )


def correction_dialog(state: solo.SoloState) -> StepDialog:
    """The dialog; it dismisses with the correction as an event dict (or None)."""
    row = state.row()
    sources = [f"crossroads:{n}" for n, card in enumerate(row, 1) if card is not None]
    sources += ["hand", "plot", "discard", "draw"]
    targets = [f"crossroads:{n}" for n in range(1, len(row) + 2)]
    targets += ["hand", "plot", "discard", "draw"]

    def next_question(answers: Mapping[str, str]) -> Question | None:
        """The next question (kind, then from/card/to or the value); None when done."""
        kind = answers.get("kind")
        if kind is None:
            return Question(
                "kind",
                _("What do you correct?"),
                "one",
                tuple(KINDS),
                labels=tuple(_(label) for label in KINDS.values()),
            )
        if kind == "move":
            return _move_question(answers, state, sources, targets)
        if "value" in answers:
            return None
        return _count_question(kind)

    def finish(answers: Mapping[str, str]) -> dict[str, Any] | None:
        """The answers as a ``move`` or ``set`` event for the engine."""
        if answers.get("kind") == "move":
            card = answers.get("card") or next(iter(_cards_in(answers["from"], state)), "")
            return {
                "kind": "move",
                "card": card,
                "from": answers["from"],
                "to": answers["to"],
            }
        return {"kind": "set", "what": answers["kind"], "value": answers["value"]}

    current = {
        "popularity": str(state.popularity),
        "persuasion": str(state.tokens),
        "affinities": ",".join(state.affinities),
    }

    def defaults(answers: Mapping[str, str]) -> dict[str, str]:
        """The current value of the count being set, as the answer offered first."""
        kind = answers.get("kind", "")
        return {"value": current[kind]} if kind in current else {}

    return StepDialog(_("Correct the table"), question_plan(next_question, finish, defaults))


def record(journal: Journal, event: Mapping[str, Any], source: str) -> list[Announcement]:
    """Record the correction through the engine; InputError (nothing changed) if it cannot apply."""
    if event.get("kind") == "move":
        return solo.play_move(
            journal, str(event["card"]), str(event["from"]), str(event["to"]), source
        )
    value = event["value"]
    if event["what"] == "affinities":
        value = [v for v in str(value).split(",") if v]
    return solo.play_set(journal, str(event["what"]), value, source)
