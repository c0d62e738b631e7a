"""The solo table correction, as a question plan: move a card, or set a count to the table.

For the card effects the app does not model ("Use": "Add to your hand", the Medium...):
what to correct, then for a move where the card is (``from``), which card (``card``,
not asked for a crossroads slot: it holds one card) and where it goes (``to``); for a
count its new value (``value``, the current one offered first). The plan
(:mod:`companion.core.plans`) only gathers the correction; :func:`record` has
:mod:`companion.ephios.solo_corrections` check and record it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.catalog import N_, _, say, touch
from companion.core.journal import Journal
from companion.core.plans import Ask, Next, Report
from companion.core.questions import Announcement, Question
from companion.ephios import solo
from companion.ephios.card_labels import card_label
from companion.ephios.cards import alliance_name, load_deck
from companion.ephios.solo_rules import CORRECTIONS
from companion.ephios.solo_state import SoloState
from companion.ephios.words import zone_name

# What the player can correct: a card move, or one of the counts of
# :data:`companion.ephios.solo_rules.CORRECTIONS`.
KINDS = {
    "move": N_("Move a card (an effect the app does not model)"),
    "popularity": N_("Set the popularity"),
    "persuasion": N_("Set your persuasion tokens"),
    "affinities": N_("Set the affinities you hold"),
}
# The zones other than the crossroads, in the order they are offered.
PILES = ("hand", "plot", "discard", "draw")


def zone_label(zone: str, state: SoloState) -> str:
    """A zone as a choice shows it: a crossroads slot with the card it holds, or a pile."""
    if zone.startswith("crossroads:"):
        slot = int(zone.split(":")[1])
        card = state.card_at(slot)
        if card is not None:
            return say("crossroads slot {slot} ({card})", slot=slot, card=card_label(card))
        return say("crossroads slot {slot} (empty)", slot=slot)
    return zone_name(zone)


def sources(state: SoloState) -> list[str]:
    """Where a moved card can come from: each crossroads slot holding a card, then the piles
    that hold one (the top of an empty draw pile is a card of the discard pile)."""
    slots = [f"crossroads:{n}" for n, card in enumerate(state.row(), 1) if card is not None]
    return [z for z in [*slots, *PILES] if solo.takeable(state, z)]


def targets(state: SoloState, source: str) -> list[str]:
    """Where a card from ``source`` can go: any crossroads slot up to one past the last (a gap
    is filled, another slot moves the cards from there right), or another pile."""
    slots = [f"crossroads:{n}" for n in range(1, len(state.row()) + 2)]
    return [z for z in [*slots, *PILES] if z != source]


def _target_label(zone: str, state: SoloState) -> str:
    if zone.startswith("crossroads:"):
        return say("crossroads slot {slot}", slot=zone.split(":")[1])
    return zone_label(zone, state)


def _move_step(state: SoloState, answers: Mapping[str, str]) -> Next:
    """The next question of a card move (from, card, to), or the ``move`` report."""
    if "from" not in answers:
        offered = sources(state)
        labels = tuple(zone_label(z, state) for z in offered)
        return Ask.one(Question("from", _("From where?"), "one", tuple(offered), labels=labels))
    source = answers["from"]
    cards = solo.takeable(state, source)
    # A crossroads slot holds one card: no need to ask which.
    if "card" not in answers and not source.startswith("crossroads:"):
        labels = tuple(card_label(c) for c in cards)
        return Ask.one(Question("card", _("Which card?"), "one", tuple(cards), labels=labels))
    if "to" not in answers:
        offered = targets(state, source)
        text = _(
            "To where? (a crossroads gap is filled; another slot moves the cards from there right)"
        )
        labels = tuple(_target_label(z, state) for z in offered)
        return Ask.one(Question("to", text, "one", tuple(offered), labels=labels))
    card = answers.get("card") or next(iter(cards), "")
    return Report("move", {"card": card, "from": source, "to": answers["to"]})


def current_value(state: SoloState, kind: str) -> str:
    """The count ``kind`` as the app now knows it, as a raw answer (offered first)."""
    if kind == "popularity":
        return str(state.popularity)
    if kind == "persuasion":
        return str(state.tokens)
    return ",".join(state.affinities)


def value_question(state: SoloState, kind: str) -> Question:
    """The new value of the count ``kind``: popularity from the marker's lowest to highest
    space, the persuasion tokens in front of you (at most the supply's), or the affinities."""
    default = current_value(state, kind)
    if kind == "popularity":
        return Question(
            "value",
            _("Popularity (%)?"),
            "number",
            minimum=solo.MIN_POPULARITY,
            maximum=solo.MAX_POPULARITY,
            default=default,
        )
    if kind == "persuasion":
        return Question(
            "value",
            _("Persuasion tokens in front of you?"),
            "number",
            minimum=0,
            maximum=solo.MAX_TOKENS,
            default=default,
        )
    alliances = tuple(load_deck().alliances)
    return Question(
        "value",
        _("Which affinities do you hold? (tap each to tick it, then OK)")
        if touch()
        else _("Which affinities do you hold? (Space or digits tick, Enter confirms)"),
        "many",
        alliances,
        labels=tuple(alliance_name(a) for a in alliances),
        default=default,
    )


def _kind_question(kinds: tuple[str, ...]) -> Question:
    labels = tuple(_(KINDS[kind]) for kind in kinds)
    return Question("kind", _("What do you correct?"), "one", kinds, labels=labels)


def correction_plan(state: SoloState, answers: Mapping[str, str]) -> Next:
    """A table correction: what to correct, then the move's from/card/to or the count's value.
    Reports a ``move`` (card, from, to) or a ``set`` (what, value) for :func:`record`."""
    kind = answers.get("kind")
    if kind is None:
        return Ask.one(_kind_question(tuple(KINDS)))
    if kind == "move":
        return _move_step(state, answers)
    if "value" not in answers:
        return Ask.one(value_question(state, kind))
    return Report("set", {"what": kind, "value": answers["value"]})


def count_plan(state: SoloState, answers: Mapping[str, str]) -> Next:
    """A count set to the table (popularity, persuasion or affinities; no card move): the
    correction's questions with the move left out (the CLI's ``solo set``)."""
    if "kind" not in answers:
        return Ask.one(_kind_question(CORRECTIONS))
    return correction_plan(state, answers)


def event_of(state: SoloState, reported: Mapping[str, Any]) -> dict[str, Any]:
    """The journal's event of a correction the plan reported (its event mapping) on
    ``state``; InputError if it cannot apply."""
    if reported.get("kind") == "move":
        return solo.move_event(str(reported["card"]), str(reported["from"]), str(reported["to"]))
    value: object = reported["value"]
    if reported["what"] == "affinities":
        value = [v for v in str(value).split(",") if v]
    return solo.set_event(state, str(reported["what"]), value)


def record(journal: Journal, event: Mapping[str, Any], source: str) -> list[Announcement]:
    """Record a correction the plan reported (its event mapping) through the engine;
    InputError (nothing changed) if it cannot apply."""
    if event.get("kind") == "move":
        return solo.play_move(
            journal, str(event["card"]), str(event["from"]), str(event["to"]), source
        )
    value: object = event["value"]
    if event["what"] == "affinities":
        value = [v for v in str(value).split(",") if v]
    return solo.play_set(journal, str(event["what"]), value, source)
