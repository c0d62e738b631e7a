"""Table corrections in Ephios solo: card moves the user reports and counts set to the table.

For the effects the app does not model ("Use": "Add to your hand", the
Medium...). They are not actions: no end of turn, no Plot turn; victory and
defeat are checked at once. Zones: ``crossroads[:SLOT]`` (table slots, 1 =
left), ``hand``, ``plot``, ``discard``, ``draw`` (the top of the draw pile).
"""

from __future__ import annotations

from typing import Any

from companion.core.catalog import _, say
from companion.core.errors import InputError
from companion.core.questions import Answers
from companion.core.validate import parse_int, whole_number, within
from companion.ephios.cards import EphiosDeck, card_alliance, is_dignitary, load_deck
from companion.ephios.plot import CROSSROADS_SIZE
from companion.ephios.solo_rules import (
    CORRECTIONS,
    MAX_POPULARITY,
    MAX_TOKENS,
    MIN_POPULARITY,
    RULE_END_OF_TURN,
    RULE_USE,
    WHY_MEDIUM,
    WHY_MOVE,
    WHY_SET,
    WHY_SHORT,
    ZONES,
    cite,
    result_text,
)
from companion.ephios.solo_state import SoloState, distinct, possible
from companion.ephios.solo_table import Table


def parse_zone(text: str) -> tuple[str, int | None]:
    """A zone as typed, ``crossroads[:SLOT]``, ``hand``, ``plot``, ``discard`` or ``draw``.

    Returns the zone and the slot (None when not given); InputError for an
    unknown zone or a slot that is not a whole number from 1.
    """
    raw = str(text).strip().lower()
    name, sep, slot_text = raw.partition(":")
    if name == "box":
        raise InputError(
            say("move: cards never leave play in solo mode (no {zone} zone)", zone="'box'")
        )
    if name not in ZONES:
        raise InputError(
            say(
                "move: {text} is not a zone (one of crossroads[:SLOT], {zones})",
                text=repr(text),
                zones=", ".join(ZONES[1:]),
            )
        )
    if not sep:
        return name, None
    if name != "crossroads":
        raise InputError(say("move: only the crossroads has slots, not {zone}", zone=repr(name)))
    try:
        slot = parse_int(slot_text)
    except InputError:
        raise InputError(say("move: slot {slot} is not a number", slot=repr(slot_text))) from None
    if slot < 1:
        raise InputError(
            say("move: slot {slot} does not exist (slot 1 is the leftmost)", slot=slot)
        )
    return name, slot


def zone_text(zone: str, slot: int | None) -> str:
    """A zone as the journal stores it: ``crossroads:2``, ``hand``..."""
    return zone if slot is None else f"{zone}:{slot}"


def what_of(text: str) -> str:
    """The count a correction sets (``tokens`` is ``persuasion``, ``affinity`` ``affinities``)."""
    what = str(text).strip().lower()
    return {"affinity": "affinities", "tokens": "persuasion"}.get(what, what)


def _whole(value: object, what: str, lo: int, hi: int) -> int:
    try:
        number = whole_number(value.strip().rstrip("%") if isinstance(value, str) else value)
    except InputError:
        raise InputError(
            say("set {what}: {value} is not a whole number", what=what, value=repr(value))
        ) from None
    if not within(number, lo, hi):
        raise InputError(
            say(
                "set {what}: {number} is not from {lo} to {hi}",
                what=what,
                number=number,
                lo=lo,
                hi=hi,
            )
        )
    return number


def _alliances(value: object, deck: EphiosDeck) -> list[str]:
    words = value if isinstance(value, list | tuple) else str(value).replace(",", " ").split()
    if [str(w).strip().lower() for w in words] in ([], ["none"]):
        return []
    found: list[str] = []
    for word in words:
        alliance = deck.parse_alliance(str(word), item=_("set affinities"))
        if alliance not in found:
            found.append(alliance)
    return found


def takeable(state: SoloState, zone: str) -> list[str]:
    """The cards a reported move can take from ``zone`` (as typed: ``crossroads:2``, ``hand``,
    ...), in deck order: what the correction dialog offers.

    The top of an empty draw pile is a card of the discard pile, since taking it first
    rebuilds the draw pile (End of Turn: "rebuild a new draw pile by shuffling the discard
    pile").
    """
    deck = load_deck()
    name, slot = parse_zone(zone)
    if name == "crossroads":
        if slot is None:
            return list(distinct(state.crossroads, deck))
        card = state.card_at(slot)
        return [card] if card else []
    if name == "hand":
        return list(distinct(state.hand, deck))
    if name == "plot":
        return list(distinct(state.plot_cards(), deck))
    if name == "discard":
        return list(possible(state.discard, deck))
    pile = state.draw if state.draw_count() else state.discard
    return list(possible(pile, deck))


def _place(zone: str, slot: int | None = None) -> str:
    """Where a card was or went, as the journal stores a zone (``crossroads:2``, ``hand``)."""
    return f"{zone}:{slot}" if zone == "crossroads" else zone


class Corrections(Table):
    """The table corrections, worked out on a copy of the state."""

    taken_slot = 0  # the table slot a move took its card from (crossroads only)

    def take_crossroads(self, card: str, slot: int | None) -> str:
        """Remove ``card`` from the crossroads (from ``slot`` if given); returns where it was."""
        s = self.s
        row = ", ".join(c or _("gap") for c in s.row()) or _("empty")
        if slot is not None:
            if s.card_at(slot) is None:
                raise InputError(
                    say(
                        "move: slot {slot} of the crossroads is empty ({row})",
                        slot=slot,
                        row=row,
                    )
                )
            if s.card_at(slot) != card:
                raise InputError(
                    say(
                        "move: slot {slot} of the crossroads holds the {held}, not the {card}",
                        slot=slot,
                        held=s.card_at(slot),
                        card=card,
                    )
                )
        elif card not in s.crossroads:
            raise InputError(say("move: no {card} on the crossroads ({row})", card=card, row=row))
        else:
            slot = s.slot_of(s.crossroads.index(card))
        s.take_slot(slot)
        self.taken_slot = slot
        return _place("crossroads", slot)

    def take(self, card: str, zone: str, slot: int | None) -> str:
        """Remove ``card`` from ``zone``; returns where it was (a zone as the journal stores it)."""
        s = self.s
        if zone == "crossroads":
            return self.take_crossroads(card, slot)
        if zone == "hand":
            if card not in s.hand:
                raise InputError(
                    say(
                        "move: no {card} in your hand ({hand})",
                        card=card,
                        hand=", ".join(s.hand) or _("empty"),
                    )
                )
            s.hand.remove(card)
            return _place(zone)
        if zone == "plot":
            held = s.plot_cards()
            if card not in held:
                raise InputError(
                    say(
                        "move: no {card} in the Plot zone ({zone})",
                        card=card,
                        zone=", ".join(held) or _("empty"),
                    )
                )
            if is_dignitary(card):
                s.plot_zone.remove(card_alliance(card))
            else:
                s.plot_others.remove(card)
            return _place(zone)
        if zone == "discard":
            if not s.discard[card]:
                have = ", ".join(possible(s.discard, self.deck)) or _("empty")
                raise InputError(
                    say("move: no {card} in the discard pile ({have})", card=card, have=have)
                )
            s.discard[card] -= 1
            s.discard = +s.discard
            if s.discard_top == card:
                s.discard_top = None  # the card below it was not seen
            return _place(zone)
        # the draw pile: an empty one is first rebuilt from the discard pile
        if not s.draw_count():
            if not s.discard_count():
                raise InputError(_("move: the draw pile and the discard pile are empty"))
            self.rebuild()
        if not s.draw[card]:
            have = ", ".join(possible(s.draw, self.deck)) or _("empty")
            raise InputError(
                say(
                    "move: the {card} cannot be in the draw pile (it holds {have})",
                    card=card,
                    have=have,
                )
            )
        s.draw[card] -= 1
        s.draw = +s.draw
        return _place("draw")

    def put(self, card: str, zone: str, slot: int | None) -> str:
        """Add ``card`` to ``zone``; returns where it went (a zone as the journal stores it)."""
        s = self.s
        if zone == "crossroads":
            slot = 1 if slot is None else slot
            size = len(s.crossroads) + len(s.gaps)
            if not 1 <= slot <= size + 1:
                raise InputError(
                    say(
                        "move: the crossroads has {size} places, a card can go into slots "
                        "1 to {last}, not {slot}",
                        size=size,
                        last=size + 1,
                        slot=slot,
                    )
                )
            row = s.row()
            if slot in s.gaps:  # the card fills the gap
                row[slot - 1] = card
            else:  # the card goes in there, the others make room
                row.insert(slot - 1, card)
            s.crossroads = [c for c in row if c is not None]
            s.gaps = [n for n, c in enumerate(row, 1) if c is None]
            return _place(zone, slot)
        if zone == "hand":
            s.hand.append(card)
            return _place(zone)
        if zone == "plot":
            if is_dignitary(card):
                s.plot_zone.append(card_alliance(card))
            else:
                s.plot_others.append(card)
            return _place(zone)
        if zone == "discard":
            self.discard(card)
            return _place(zone)
        s.draw[card] += 1
        return _place("draw")

    def move(self, card: str, source: str, target: str) -> None:
        """A card move reported by the user (an effect the app does not model)."""
        s = self.s
        if s.result:
            raise InputError(say("the game is over ({result})", result=result_text(s.result)))
        card = self.deck.parse_card(card, item="move")
        src, src_slot = parse_zone(source)
        dst, dst_slot = parse_zone(target)
        if src == dst and (src != "crossroads" or src_slot == dst_slot):
            raise InputError(
                say("move: the {card} would stay where it is ({zone})", card=card, zone=source)
            )
        was = self.take(card, src, src_slot)  # may shuffle the discard pile (-10%, maybe 0%)
        if src == dst == "crossroads":  # moved along the row: TO is its slot in the new row
            row = s.row()
            # The gap it left closes; the last card of a Medium's longer row left none (the
            # row shrank back to its place count as it was taken: `SoloState.take_slot`).
            if self.taken_slot <= len(row):
                del row[self.taken_slot - 1]
            s.gaps = [n for n, c in enumerate(row, 1) if c is None]
        now = self.put(card, dst, dst_slot)
        self.tell("move", cite(WHY_MOVE), cards=(card,), rule=RULE_USE, was=was, now=now)
        if self.ended:
            return
        if dst == "crossroads" and len(s.crossroads) > CROSSROADS_SIZE:
            self.tell(
                "medium",
                cite(WHY_MEDIUM),
                "info",
                rule=RULE_USE,
                count=len(s.crossroads),
                size=CROSSROADS_SIZE,
            )
        elif src == "crossroads" and len(s.crossroads) < CROSSROADS_SIZE:
            self.tell("gap", cite(WHY_SHORT), "info", rule=RULE_END_OF_TURN)
        self.check_end()

    def correct(self, what: str, value: object) -> None:
        """A count the user corrects: popularity, persuasion tokens or affinities."""
        s = self.s
        if s.result:
            raise InputError(say("the game is over ({result})", result=result_text(s.result)))
        if what == "popularity":
            s.popularity = _whole(value, "popularity", MIN_POPULARITY, MAX_POPULARITY)
            self.tell("set.popularity", cite(WHY_SET), "info", popularity=s.popularity)
        elif what == "persuasion":
            count = _whole(value, "persuasion", 0, MAX_TOKENS)
            s.set_tokens(count, count)
            self.tell("set.persuasion", cite(WHY_SET), "info", tokens=s.tokens, supply=s.supply)
        elif what == "affinities":
            s.affinities = _alliances(value, self.deck)
            self.tell("set.affinities", cite(WHY_SET), "info", affinities=tuple(s.affinities))
        else:
            raise InputError(
                say(
                    "set: {what} is not one of {corrections}",
                    what=repr(what),
                    corrections=", ".join(CORRECTIONS),
                )
            )
        self.check_end()


def move_event(card: str, source: str, target: str) -> dict[str, Any]:
    """The journal's event of a card move: the card and zones as the journal names them;
    InputError if one is unknown."""
    src, dst = parse_zone(source), parse_zone(target)
    return {
        "kind": "move",
        "card": load_deck().parse_card(card, item="move"),
        "from": zone_text(*src),
        "to": zone_text(*dst),
    }


def set_event(state: SoloState, what: str, value: object) -> dict[str, Any]:
    """The journal's event of a count set on ``state`` (popularity, persuasion, affinities):
    the count as it stands after it; InputError for a bad value."""
    what = what_of(what)
    fix = Corrections(state, Answers(raw={}), load_deck())
    fix.correct(what, value)
    stored = {
        "popularity": fix.s.popularity,
        "persuasion": fix.s.tokens,
        "affinities": list(fix.s.affinities),
    }
    return {"kind": "set", "what": what, "value": stored[what]}
