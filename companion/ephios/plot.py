"""The Plot's decision in solo mode: recruit the rightmost Dignitary, else debate.

Rulebook, "Solo Mode > Course of Solo Mode > Plot's turn": if at least one
Dignitary card is on the crossroads the Plot recruits the rightmost one;
if there is none it debates: it discards the rightmost personality. The
crossroads slots are numbered 1-4 from the left, so "rightmost" is the
highest slot number holding such a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.catalog import N_, _, say
from companion.core.questions import Announcement
from companion.ephios.cards import EphiosDeck, is_dignitary
from companion.ephios.words import SOLO_WORDS

CROSSROADS_SIZE = 4

RECRUIT_WHY = N_(
    "Solo mode, Plot's turn: a Dignitary is on the crossroads, so the Plot recruits "
    "the rightmost Dignitary into the Plot zone (slot {slot})."
)
DEBATE_WHY = N_(
    "Solo mode, Plot's turn: no Dignitary on the crossroads, so the Plot debates: "
    "it discards the rightmost personality (slot {slot})."
)
NONE_WHY = N_(
    "Solo mode, Plot's turn: the crossroads is empty, so the Plot can neither recruit nor debate."
)


@dataclass(frozen=True)
class PlotDecision:
    """What the Plot does: ``recruit``, ``debate`` or ``none``, the slot (1 = leftmost) and card."""

    action: str
    slot: int | None
    card: str | None
    why: str

    def to_json(self) -> dict[str, Any]:
        """The decision as the CLI's JSON object (action, slot, card, why)."""
        return {"action": self.action, "slot": self.slot, "card": self.card, "why": self.why}

    def announcement(self) -> Announcement:
        """The decision as the Plot's announcement in a solo turn (``what`` "plot.recruit",
        "plot.debate" or "plot.none", its card and slot): what the spoken forms read."""
        return SOLO_WORDS.announce(
            f"plot.{self.action}",
            self.why,
            "plot",
            "info" if self.action == "none" else "do",
            cards=(self.card,) if self.card else (),
            slots=(self.slot,) if self.slot else (),
        )


def plot_decision(crossroads: Sequence[str | None]) -> PlotDecision:
    """The Plot's action for a crossroads given left to right (slot 1 first; None: a gap)."""
    for index in range(len(crossroads) - 1, -1, -1):
        card = crossroads[index]
        if card is not None and is_dignitary(card):
            return PlotDecision("recruit", index + 1, card, say(RECRUIT_WHY, slot=index + 1))
    for index in range(len(crossroads) - 1, -1, -1):
        card = crossroads[index]
        if card is not None:
            slot = index + 1
            return PlotDecision("debate", slot, card, say(DEBATE_WHY, slot=slot))
    return PlotDecision("none", None, None, _(NONE_WHY))


def read_crossroads(words: Sequence[str], deck: EphiosDeck) -> list[str]:
    """Cards typed left to right, checked: known cards, holdable by one deck.

    The crossroads holds 4 cards, or more after the Medium ("add the card to the crossroads
    anyway"): any number the deck can hold is accepted.
    """
    cards = [deck.parse_card(word, item=say("slot {n}", n=n)) for n, word in enumerate(words, 1)]
    deck.check_holdable(cards, where="crossroads")
    return cards
