"""The Automa deck: the support card, the action card, discards, rebuilding with add-in decks.

Rulebook Part 2, "Draw an Automa Card": at the start of each Automa turn the
action card of the previous turn slides right to become the support card
(the old support card is discarded). When the Automa deck is empty it is
rebuilt from every card of this pass-through (discards, action and support)
plus the next add-in deck while one remains, shuffled; its top card becomes
the support card. Then the top card is drawn as the action card.

With the player's physical cards the player builds the decks as the
rulebook says (shuffle each pile, deal the level's number of cards from it):
the app knows how many cards of each pile each deck holds, not which ones.
An unknown card of a deck is the placeholder ``?<pile>``; a card it may be
is any card of that pile not seen yet. The app asks which card was drawn
(``pick``) only when more than one card can come.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.core.catalog import _, say
from companion.core.errors import InputError

# shuffle(cards, pass_number) shuffles a rebuilt deck in place (the app's own deck).
Shuffle = Callable[[list[str], int], None]
# pick(question_id, text, choices) -> the card id the player drew (physical cards), or None
# when it is asked and not answered yet (the caller then asks every card question at once).
Pick = Callable[[str, str, list[str]], str | None]

UNKNOWN = "?"  # "?green": a card of the green pile the app has not seen yet


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
    # Physical cards: the card ids of each pile (which ones an unknown card may be).
    piles: dict[str, list[str]] = field(default_factory=dict)

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
            piles=self.piles,
        )

    def seen(self) -> set[str]:
        """The card ids known to be somewhere (deck, discards, the pair)."""
        return {c for c in self.pass_cards() if not c.startswith(UNKNOWN)}

    def candidates(self) -> list[str]:
        """The cards the next draw may bring: the known cards of the deck and, for each
        pile with an unknown card in it, every card of that pile not seen yet."""
        known = [c for c in self.draw if not c.startswith(UNKNOWN)]
        seen = self.seen()
        unknown_piles = {c.removeprefix(UNKNOWN) for c in self.draw if c.startswith(UNKNOWN)}
        maybe = [c for p in unknown_piles for c in self.piles.get(p, []) if c not in seen]
        return sorted({*known, *maybe}, key=card_order)

    def remove(self, card: str) -> None:
        """The card ``card`` was drawn from the deck (a known one, or an unknown of its pile)."""
        if card in self.draw:
            self.draw.remove(card)
            return
        pile = next(p for p, ids in self.piles.items() if card in ids)
        self.draw.remove(UNKNOWN + pile)

    def pass_cards(self) -> list[str]:
        """Every card of this pass-through (deck, discards, action, support)."""
        out = [*self.draw, *self.discards]
        out += [c for c in (self.action, self.support) if c is not None]
        return out

    def to_json(self) -> dict[str, Any]:
        """Deck status as the shells print it: the pair, the discards, the pass, and how many
        cards the deck and each add-in deck hold. Never which cards are unseen nor in what
        order: the app never shows what comes next (the set-up checklist's promise)."""
        return {
            "support": self.support,
            "action": self.action,
            "draw": len(self.draw),
            "order_known": not self.physical,
            "cards_left": len(self.draw),
            "discards": list(self.discards),
            "add_in": [len(a) for a in self.add_ins],
            "add_ins_left": len(self.add_ins),
            "add_ins_used": self.add_ins_used,
            "pass": self.passes,
        }

    def unseen(self) -> dict[str, Any]:
        """The cards not seen yet, in order: the deck (top first) and each add-in deck. For
        checks that a game replays to the very same deck, never for the player's eyes."""
        return {"draw": list(self.draw), "add_in": [list(a) for a in self.add_ins]}


def start(
    initial: list[str],
    add_ins: list[list[str]],
    physical: bool = False,
    piles: dict[str, list[str]] | None = None,
) -> DeckState:
    """The deck after set-up: the top card of the shuffled Automa deck turned face up as the
    first support card ("Set Up the Decks", step 6). With physical cards the app knows only
    how many cards of each pile (``piles``: pile -> its card ids) each deck holds; it asks
    for the cards on the first turn."""
    if physical:
        piles = piles or {}
        pile_of = {c: p for p, ids in piles.items() for c in ids}

        def unknown(cards: list[str]) -> list[str]:
            return sorted((UNKNOWN + pile_of[c] for c in cards), key=pile_order)

        return DeckState(
            draw=unknown(initial),
            support=None,
            add_ins=[unknown(a) for a in add_ins],
            physical=True,
            piles={p: list(ids) for p, ids in piles.items()},
        )
    return DeckState(draw=list(initial[1:]), support=initial[0], add_ins=[list(a) for a in add_ins])


def pile_order(card: str) -> tuple[str, int]:
    """Sort key: known cards by id, then the unknown ones by pile."""
    return ("~" + card, 0) if card.startswith(UNKNOWN) else card_order(card)


def _take(deck: DeckState, qid: str, text: str, pick: Pick | None) -> str | None:
    """Take the top card of the deck: the app's own, or (physical cards) the one the player
    names, asked only when more than one card can come (None: asked, not answered yet)."""
    if not deck.physical:
        return deck.draw.pop(0)
    choices = deck.candidates()
    if len(choices) == 1:
        deck.remove(choices[0])
        return choices[0]
    if pick is None:
        raise ValueError("a physical deck needs pick()")
    card = pick(qid, text, choices)
    if card is None:
        return None
    if card not in choices:
        raise InputError(
            say("{card} cannot be in the Automa deck now", card=card),
            item=say("question {id}", id=qid),
        )
    deck.remove(card)
    return card


def _support_rebuilt(add_in: int) -> str:
    """ "Draw an Automa Card" step 2, told before the card is asked: which piles to gather and
    shuffle (never which cards), then what came up (``add_in``: the add-in deck shuffled in,
    0 when none is left)."""
    if add_in:
        return say(
            "The Automa deck is empty: rebuild it. Gather every Automa card of this "
            "pass-through (the discards, the action card and the support card), and add-in "
            "deck {add_in} (set aside at set-up), shuffle them into a new deck and turn its top "
            "card face up as the support card. Which card is it?",
            add_in=add_in,
        )
    return _(
        "The Automa deck is empty: rebuild it. Gather every Automa card of this pass-through "
        "(the discards, the action card and the support card) (no add-in deck is left to add), "
        "shuffle them into a new deck and turn its top card face up as the support card. "
        "Which card is it?"
    )


def draw_pair(deck: DeckState, shuffle: Shuffle, pick: Pick | None = None) -> bool:
    """Draw an Automa card: the new (action, support) pair is then ``deck.action`` and
    ``deck.support``. Returns whether the deck was rebuilt. Mutates ``deck``.

    With physical cards both cards may be asked in one round: when the support card is not
    answered yet (``pick`` gave None) the action card is asked among every card that can
    come, and the pair is left unknown (None) for the caller to ask both."""
    deck.rebuilt = False
    support_question = ""
    # 1. Slide the action card of the previous turn to become the support card.
    if deck.action is not None:
        if deck.support is not None:
            deck.discards.append(deck.support)
        deck.support, deck.action = deck.action, None
    elif deck.support is None and deck.draw:
        # Physical cards, first turn: the card turned face up at set-up.
        support_question = _("Which Automa card did you turn face up as the first support card?")
    # 2. Rebuild the deck when it is empty.
    if not deck.draw:
        cards = deck.pass_cards()
        add_in = 0
        if deck.add_ins:
            cards += deck.add_ins.pop(0)
            deck.add_ins_used += 1
            add_in = deck.add_ins_used
        deck.passes += 1
        deck.discards, deck.support, deck.action = [], None, None
        if deck.physical:
            deck.draw = sorted(cards, key=pile_order)
        else:
            shuffle(cards, deck.passes)
            deck.draw = cards
        deck.rebuilt = True
        support_question = _support_rebuilt(add_in)
    if len(deck.draw) < (2 if support_question else 1):
        raise ValueError("the Automa deck has too few cards to draw an action card")
    # 3. Draw the action card (first the support card of a new deck).
    if support_question:
        deck.support = _take(deck, "deck.support", support_question, pick)
    deck.action = _take(
        deck, "deck.action", _("Which Automa card did you draw as the action card?"), pick
    )
    return deck.rebuilt
