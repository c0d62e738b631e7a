"""The Automa turn said aloud: one short spoken line per announcement the player acts on.

A player moving the Automas' workers keeps their eyes on the board; these lines are what a
speech engine says for them ("Black: the Farm, worker 3."). Each line is made from the
announcement's data (``what``, ``who``, ``spaces``, ``cards``, ``slots``, ``dice``), never
from its text, through the catalog: a translation says the same move in its own words.
A turn is said in the order the engine announced it (black's moves, then white's).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.core.catalog import N_, _, say, say_n
from companion.core.questions import Announcement
from companion.core.spoken import SpokenForms
from companion.euphoria.board import (
    COMMODITY_ADVANCE_MAX,
    COMMODITY_AREAS,
    FACTION_NAMES,
    area_of,
    short_name,
)
from companion.euphoria.state import ALLEGIANCE, CORRECTED, PENALTY_CARD, TERRITORY

# The Automas as a spoken line names them (by their colour, the `who` of an announcement).
AUTOMA_NAMES = {"black": N_("Black"), "white": N_("White")}
# A Bazaar slot counted from the right (slot 1 is the rightmost).
ORDINALS = {2: N_("second"), 3: N_("third"), 4: N_("fourth"), 5: N_("fifth")}


def _automa(who: str) -> str:
    name = AUTOMA_NAMES.get(who)
    return _(name) if name else who


def _space(space: str) -> str:
    if space == PENALTY_CARD:
        return _("its card")
    return _(short_name(space))


def _faces(dice: Sequence[int]) -> str:
    return ", ".join(str(d) for d in dice)


def _faction(area: str) -> str:
    return _(FACTION_NAMES.get(area, area))


def _first_space(a: Announcement) -> str:
    return a.spaces[0] if a.spaces else ""


def _place(a: Announcement) -> str:
    die = a.dice[0] if a.dice else "?"
    return say(
        "{automa}: {space}, worker {die}.",
        automa=_automa(a.who),
        space=_space(_first_space(a)),
        die=die,
    )


def _retrieve(a: Announcement) -> str:
    automa, n = _automa(a.who), len(a.spaces)
    if not n:
        return say("{automa} retrieves; every worker stays.", automa=automa)
    if a.dice:
        return say_n(
            "{automa} retrieves {n} worker, rolled {faces}.",
            "{automa} retrieves {n} workers, rolled {faces}.",
            n,
            automa=automa,
            faces=_faces(a.dice),
        )
    return say_n(
        "{automa} retrieves {n} worker: roll it.",
        "{automa} retrieves {n} workers: roll them.",
        n,
        automa=automa,
    )


def _leave(a: Announcement) -> str:
    die = a.dice[0] if a.dice else "?"
    return say(
        "{automa} leaves its {die} on {space}.",
        automa=_automa(a.who),
        die=die,
        space=_space(_first_space(a)),
    )


def _worker_return(a: Announcement) -> str:
    automa, n = _automa(a.who), len(a.spaces)
    if n == 1 and a.dice:
        return say(
            "{automa}'s worker leaves {space}, rolled {faces}.",
            automa=automa,
            space=_space(a.spaces[0]),
            faces=_faces(a.dice),
        )
    if n == 1:
        return say(
            "{automa}'s worker leaves {space}: roll it.", automa=automa, space=_space(a.spaces[0])
        )
    if a.dice:
        return say_n(
            "{automa}'s {n} worker goes back, rolled {faces}.",
            "{automa}'s {n} workers go back, rolled {faces}.",
            n,
            automa=automa,
            faces=_faces(a.dice),
        )
    return say_n(
        "{automa}'s {n} worker goes back: roll it.",
        "{automa}'s {n} workers go back: roll them.",
        n,
        automa=automa,
    )


def _token_place(where: str) -> str:
    if where.startswith(TERRITORY):
        return say("the {faction} territory", faction=_faction(where.removeprefix(TERRITORY)))
    if where.startswith(ALLEGIANCE):
        area = where.removeprefix(ALLEGIANCE).split(":")[0]
        return say("beside the {faction} track", faction=_faction(area))
    if where == CORRECTED:
        return _("where you placed it")
    return _space(where)


def _token(a: Announcement) -> str:
    return say(
        "{automa}: authority token on {place}.",
        automa=_automa(a.who),
        place=_token_place(_first_space(a)),
    )


def _bazaar(a: Announcement) -> str:
    slot = a.slots[0] if a.slots else 1
    if slot == 1:
        return _("Discard the rightmost artifact.")
    ordinal = ORDINALS.get(slot)
    if ordinal is None:
        return say("Discard artifact {slot} from the right.", slot=slot)
    return say("Discard the {ordinal} artifact from the right.", ordinal=_(ordinal))


def _allegiance(a: Announcement) -> str:
    return say(
        "Advance the {faction} allegiance track.", faction=_faction(area_of(_first_space(a)))
    )


def _commodity(a: Announcement) -> str:
    area = area_of(_first_space(a))
    return say(
        "{area} dice at most {most}: advance the {faction} track.",
        area=_(COMMODITY_AREAS.get(area, area)),
        most=COMMODITY_ADVANCE_MAX,
        faction=_faction(area),
    )


def _miner(a: Announcement) -> str:
    return say("Advance the miner of {space}.", space=_space(_first_space(a)))


def _bumped(a: Announcement) -> str:
    return say("A human worker on {space} goes home.", space=_space(_first_space(a)))


def _built(a: Announcement) -> str:
    return say("{space} is built: turn its site over.", space=_space(_first_space(a)))


def _flip(a: Announcement) -> str:
    return say("Turn {automa}'s card to the penalty side.", automa=_automa(a.who))


def _flip_back(a: Announcement) -> str:
    return say("Turn {automa}'s card back from the penalty side.", automa=_automa(a.who))


def _won(a: Announcement) -> str:
    return say("{automa} places its last token and wins.", automa=_automa(a.who))


def _rebuilt(a: Announcement) -> str:
    return _("The Automa deck is rebuilt.")


def _humans_return(a: Announcement) -> str:
    return _("The humans' workers there go back, a token each.")


# Every announcement the player acts on, by its ``what`` id. The others (what the app
# noted, a track it only reports, a card pair drawn) are shown, not said.
SPOKEN: dict[str, Callable[[Announcement], str]] = {
    "automa.place": _place,
    "automa.retrieve": _retrieve,
    "automa.leave": _leave,
    "worker.return": _worker_return,
    "token.place": _token,
    "bazaar.discard": _bazaar,
    "track.allegiance": _allegiance,
    "track.commodity": _commodity,
    "track.miner": _miner,
    "human.bumped": _bumped,
    "market.built": _built,
    "market.humans_return": _humans_return,
    "penalty.flip": _flip,
    "penalty.flip_back": _flip_back,
    "game.won": _won,
    "deck.rebuilt": _rebuilt,
}
# Lines said even though their kind is "info": the player still does something for them
# (sends a human's worker home, shuffles the rebuilt deck).
SAID_WHEN_INFO = frozenset({"human.bumped", "deck.rebuilt"})


# The sound cue of an announcement (the ids of ``companion.speech.cues``): a card pair drawn,
# the deck rebuilt (shuffled), a faction card turned to its penalty side, the game's end.
CUES = {
    "deck.draw": "draw",
    "deck.rebuilt": "shuffle",
    "penalty.flip": "penalty",
    "game.won": "game-end",
}


FORMS = SpokenForms(SPOKEN, CUES, SAID_WHEN_INFO)
spoken_line = FORMS.line
spoken = FORMS.spoken
cues = FORMS.cues
