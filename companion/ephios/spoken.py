"""The solo game said aloud: one short spoken line per announcement the player acts on.

Each line is made from the announcement's data (``what``, ``who``, ``cards``, ``slots``),
never from its text, through the catalog: "The Plot recruits the Order Dignitary." The
lines keep the order of the announcements (the player's action, then the Plot's turn,
then the end of the turn).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.core.catalog import N_, _, say
from companion.core.questions import Announcement
from companion.core.spoken import SpokenForms
from companion.ephios.cards import card_name

# A crossroads slot as a spoken line names it (slot 1 is the leftmost).
SLOT_NAMES = {1: N_("slot one"), 2: N_("slot two"), 3: N_("slot three"), 4: N_("slot four")}


def _card(a: Announcement, index: int = 0) -> str:
    return card_name(a.cards[index]) if len(a.cards) > index else _("a card")


def _slot(a: Announcement) -> str:
    slot = a.slots[0] if a.slots else 0
    name = SLOT_NAMES.get(slot)
    return _(name) if name else say("slot {slot}", slot=slot)


def _plot_recruit(a: Announcement) -> str:
    return say("The Plot recruits the {card} from {slot}.", card=_card(a), slot=_slot(a))


def _plot_debate(a: Announcement) -> str:
    return say("The Plot debates: discard the {card} from {slot}.", card=_card(a), slot=_slot(a))


def _recruit(a: Announcement) -> str:
    return say("Take the {card} from {slot}, pay its tokens.", card=_card(a), slot=_slot(a))


def _debate(a: Announcement) -> str:
    return say("Discard the {card} from {slot}, take two tokens.", card=_card(a), slot=_slot(a))


def _use(a: Announcement) -> str:
    return say("Apply the {card}, then discard it.", card=_card(a))


def _unite(a: Announcement) -> str:
    return _("Discard your hand to unite.")


def _affinity(a: Announcement) -> str:
    return say("Take the {alliance} affinity.", alliance=_card(a))


def _corrupt(a: Announcement) -> str:
    return say("Discard the {card} from the Plot zone.", card=_card(a))


def _perceptive(a: Announcement) -> str:
    return say("Take the {card} from the Plot zone into your hand.", card=_card(a, 1))


def _preacher(a: Announcement) -> str:
    return say("Add the debated {card} to your hand.", card=_card(a, 1))


def _hand_limit(a: Announcement) -> str:
    return say("Discard the {card} from your hand.", card=_card(a))


def _refill(a: Announcement) -> str:
    if len(a.cards) == 1:
        return say("Slide right and reveal the {card}.", card=_card(a))
    return say("Slide right and reveal {cards}.", cards=", ".join(card_name(c) for c in a.cards))


def _slide(a: Announcement) -> str:
    return _("Slide the crossroads right.")


def _reshuffle(a: Announcement) -> str:
    return _("Shuffle the discard pile into a new draw pile.")


def _recruit_top(a: Announcement) -> str:
    return _("Pay a token, secretly take the top card.")


def _recruit_top_draw(a: Announcement) -> str:
    return _("Secretly take the top card of the new pile.")


def _popularity(a: Announcement) -> str:
    return _("Move your popularity marker.")


def _won(a: Announcement) -> str:
    return _("You win.")


def _lost(a: Announcement) -> str:
    return _("You lose.")


# Every announcement the player acts on, by its ``what`` id; the others are shown only.
SPOKEN: dict[str, Callable[[Announcement], str]] = {
    "plot.recruit": _plot_recruit,
    "plot.debate": _plot_debate,
    "recruit": _recruit,
    "recruit-top": _recruit_top,
    "recruit-top.draw": _recruit_top_draw,
    "debate": _debate,
    "use": _use,
    "unite": _unite,
    "affinity": _affinity,
    "corrupt": _corrupt,
    "perceptive": _perceptive,
    "preacher": _preacher,
    "hand-limit": _hand_limit,
    "refill": _refill,
    "slide": _slide,
    "reshuffle": _reshuffle,
    "popularity": _popularity,
    "won": _won,
    "lost.plot": _lost,
    "lost.popularity": _lost,
}


# The sound cue of an announcement (the ids of ``companion.speech.cues``): cards revealed,
# the discard pile shuffled into a new draw pile, the game's end (won or lost).
CUES = {
    "refill": "draw",
    "recruit-top": "draw",
    "reshuffle": "shuffle",
    "won": "game-end",
    "lost.plot": "game-end",
    "lost.popularity": "game-end",
}


FORMS = SpokenForms(SPOKEN, CUES)
spoken_line = FORMS.line
spoken = FORMS.spoken
cues = FORMS.cues


# ----- the quick game and the campaign (their rounds are quick games) ----------------------
# The players are named (``who``), so each line says whose marker or hand it is.


def _quick_unite(a: Announcement) -> str:
    return say("{player}: discard the whole hand.", player=a.who)


def _quick_affinity(a: Announcement) -> str:
    return say("{player}: discard the affinity card.", player=a.who)


def _quick_popularity(a: Announcement) -> str:
    return say("Move {player}'s marker.", player=a.who)


def _quick_direction(a: Announcement) -> str:
    return _("Flip the direction token.")


def _quick_next(a: Announcement) -> str:
    return say("{player}'s turn.", player=a.who)


def _quick_won(a: Announcement) -> str:
    return say("{player} wins.", player=a.who)


QUICK_SPOKEN: dict[str, Callable[[Announcement], str]] = {
    "unite": _quick_unite,
    "affinity.match": _quick_affinity,
    "affinity.hand": _quick_affinity,
    "popularity": _quick_popularity,
    "direction": _quick_direction,
    "next": _quick_next,
    "won": _quick_won,
}
# Whose turn it is comes as an "info" line, but the table acts on it: it is said.
QUICK_FORMS = SpokenForms(QUICK_SPOKEN, {"won": "game-end"}, frozenset({"next"}))
quick_cues = QUICK_FORMS.cues


def quick_spoken(announcements: Sequence[Announcement]) -> list[str]:
    """The spoken lines of a quick-game or campaign step, in order; a line the same as the
    one before is said once (the round win that also wins a campaign is "won" twice)."""
    lines = QUICK_FORMS.spoken(announcements)
    return [line for n, line in enumerate(lines) if n == 0 or line != lines[n - 1]]
