"""Ephios solo games the engine and screen tests share: a crossroads to start from and a
game under the Plot's threat."""

from __future__ import annotations

from companion.core.journal import Journal
from companion.ephios import solo

# The crossroads at the start (slot 1 = left): a Dignitary, then three personalities.
CROSSROADS = {
    "reveal-1": "syndicate-dignitary",
    "reveal-2": "order",
    "reveal-3": "academy",
    "reveal-4": "company",
}


def threatened() -> Journal:
    """Four Dignitaries in the Plot zone, the fifth on the crossroads, a full hand: the
    threat shows, every action of the menu is offered, with the Preacher."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    for card in ("academy-dignitary", "order-dignitary", "company-dignitary"):
        solo.play_move(journal, card, "draw", "plot", "test")
    solo.play_move(journal, "syndicate-dignitary", "crossroads:1", "plot", "test")
    solo.play_move(journal, "cult-dignitary", "draw", "crossroads:1", "test")
    for card in ("cult", "order", "academy"):
        solo.play_move(journal, card, "draw", "hand", "test")
    return journal
