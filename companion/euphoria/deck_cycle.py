"""The Automa deck: the support card, the action card, discards, rebuilding with add-in decks.

Rulebook Part 2, "Draw an Automa Card": at the start of each Automa turn the
action card of the previous turn slides right to become the support card
(the old support card is discarded). When the Automa deck is empty it is
rebuilt from every card of this pass-through (discards, action and support)
plus the next add-in deck while one remains, shuffled; its top card becomes
the support card. Then the top card is drawn as the action card.

With the player's physical cards the order of the deck is unknown: the app
knows which cards are in it and asks which one was drawn (``pick``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# shuffle(cards, pass_number) shuffles a rebuilt deck in place (the app's own deck).
Shuffle = Callable[[list[str], int], None]
# pick(question_id, text, choices) -> the card id the player drew (physical cards).
Pick = Callable[[str, str, list[str]], str]


def card_order(card_id: str) -> tuple[str, int]:
    """Sort key for card ids: pile letter, then number (S2 before S10)."""
    letters = card_id.rstrip("0123456789")
    digits = card_id[len(letters) :]
    return letters, int(digits) if digits else 0


@dataclass
class DeckState:
    """Where every Automa card is.

    ``draw`` is the Automa deck, top card first (with physical cards: the
    cards in it, order unknown, sorted by id). ``add_ins`` are the add-in
    decks not yet shuffled in, in order.
    """

    draw: list[str]
    support: str | None
    action: str | None = None
    discards: list[str] = field(default_factory=list)
    add_ins: list[list[str]] = field(default_factory=list)
    add_ins_used: int = 0
    passes: int = 1  # the pass-through being played, 1 = the first
    physical: bool = False
    rebuilt: bool = False  # the last draw rebuilt the deck

    def clone(self) -> DeckState:
        """An independent copy."""
        return DeckState(
            draw=list(self.draw),
            support=self.support,
            action=self.action,
            discards=list(self.discards),
            add_ins=[list(a) for a in self.add_ins],
            add_ins_used=self.add_ins_used,
            passes=self.passes,
            physical=self.physical,
            rebuilt=self.rebuilt,
        )

    def pass_cards(self) -> list[str]:
        """Every card of this pass-through (deck, discards, action, support)."""
        out = [*self.draw, *self.discards]
        out += [c for c in (self.action, self.support) if c is not None]
        return out

    def to_json(self) -> dict[str, Any]:
        """Deck status: the pair, the cards left, the pass, the add-in decks."""
        return {
            "support": self.support,
            "action": self.action,
            "draw": list(self.draw),
            "order_known": not self.physical,
            "cards_left": len(self.draw),
            "discards": list(self.discards),
            "add_in": [list(a) for a in self.add_ins],
            "add_ins_left": len(self.add_ins),
            "add_ins_used": self.add_ins_used,
            "pass": self.passes,
        }


def start(initial: list[str], add_ins: list[list[str]], physical: bool = False) -> DeckState:
    """The deck after set-up: the top card of the shuffled Automa deck turned face up as the
    first support card ("Set Up the Decks", step 6). With physical cards the app does not
    know that card yet: it asks on the first turn."""
    if physical:
        return DeckState(
            draw=sorted(initial, key=card_order),
            support=None,
            add_ins=[sorted(a, key=card_order) for a in add_ins],
            physical=True,
        )
    return DeckState(draw=list(initial[1:]), support=initial[0], add_ins=[list(a) for a in add_ins])


def _take(deck: DeckState, qid: str, text: str, pick: Pick | None) -> str:
    if not deck.physical:
        return deck.draw.pop(0)
    if pick is None:
        raise ValueError("a physical deck needs pick()")
    card = pick(qid, text, sorted(deck.draw, key=card_order))
    deck.draw.remove(card)
    return card


def draw_pair(deck: DeckState, shuffle: Shuffle, pick: Pick | None = None) -> bool:
    """Draw an Automa card: the new (action, support) pair is then ``deck.action`` and
    ``deck.support``. Returns whether the deck was rebuilt. Mutates ``deck``."""
    deck.rebuilt = False
    # 1. Slide the action card of the previous turn to become the support card.
    if deck.action is not None:
        if deck.support is not None:
            deck.discards.append(deck.support)
        deck.support, deck.action = deck.action, None
    elif deck.support is None and deck.draw:
        # Physical cards, first turn: the card turned face up at set-up.
        deck.support = _take(
            deck,
            "deck.support",
            "Which Automa card did you turn face up as the first support card?",
            pick,
        )
    # 2. Rebuild the deck when it is empty.
    if not deck.draw:
        cards = deck.pass_cards()
        if deck.add_ins:
            cards += deck.add_ins.pop(0)
            deck.add_ins_used += 1
        deck.passes += 1
        deck.discards, deck.support, deck.action = [], None, None
        if deck.physical:
            deck.draw = sorted(cards, key=card_order)
        else:
            shuffle(cards, deck.passes)
            deck.draw = cards
        deck.rebuilt = True
        deck.support = _take(
            deck,
            "deck.support",
            "You rebuilt and shuffled the Automa deck: which card did you draw as the "
            "support card?",
            pick,
        )
    if not deck.draw:
        raise ValueError("the Automa deck has too few cards to draw an action card")
    # 3. Draw the action card.
    deck.action = _take(
        deck, "deck.action", "Which Automa card did you draw as the action card?", pick
    )
    return deck.rebuilt
