"""Every Euphoria move in words, once: the screen text, the spoken line and the journal line.

The engine announces a move as data (``what``, ``who``, ``spaces``, ``cards``, ``slots``,
``dice`` and the few facts only its words need, in ``args``); :data:`WORDS` makes its text
for the screen (what the turn screen shows, the CLI prints and the JSON keeps), the short
line said aloud for a player whose eyes stay on the board ("Black: the Farm, worker 3."),
and the line of the move log, each through the catalog. A move's words are defined here
and nowhere else: one edit changes them in every form.

The undo lines (``undo.*``: what to put back on the table) and the journal's lines of the
human events (:func:`describe`) are worded here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, assert_never

from companion.core.catalog import N_, _, say, say_n
from companion.core.errors import InputError
from companion.core.questions import Announcement
from companion.core.words import Message, Words
from companion.euphoria import event_types
from companion.euphoria.board import (
    AUTOMAS,
    COMMODITY_ADVANCE_MAX,
    COMMODITY_AREAS,
    FACTION_NAMES,
    MINER_ACTIVATES,
    RECRUITS_ACTIVATED,
    area_of,
    automa_name,
    automa_word,
    commodity_area,
    construction_site_name,
    faction_name,
    market_name,
    short_name,
    space_name,
)
from companion.euphoria.event_types import (
    Activation,
    Bump,
    Correct,
    HumanEvent,
    HumanWon,
    LastTier,
    MarketBuilt,
    SiteAdd,
    SiteRemove,
    Sites,
)
from companion.euphoria.setup import bazaar_short
from companion.euphoria.state import ALLEGIANCE, CORRECTED, PENALTY_CARD, TERRITORY

# The Automas as a spoken line names them (by their colour, the `who` of an announcement).
AUTOMA_NAMES = {"black": N_("Black"), "white": N_("White")}
# A Bazaar slot counted from the right (slot 1 is the rightmost).
ORDINALS = {2: N_("second"), 3: N_("third"), 4: N_("fourth"), 5: N_("fifth")}


# --- the pieces of a sentence ---------------------------------------------------------------


def _arg(a: Announcement, name: str, default: Any = None) -> Any:
    return a.args.get(name, default)


def _automa(who: str) -> str:
    name = AUTOMA_NAMES.get(who)
    return _(name) if name else who


def _spoken_space(space: str) -> str:
    if space == PENALTY_CARD:
        return _("its card")
    return _(short_name(space))


def _first_space(a: Announcement) -> str:
    return a.spaces[0] if a.spaces else ""


def _first_die(a: Announcement) -> int | str:
    return a.dice[0] if a.dice else "?"


def _listed_faces(dice: Sequence[int]) -> str:
    return ", ".join(str(d) for d in dice)


def _faction(area: object) -> str:
    return faction_name(str(area))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def place_words(space: str, site: bool) -> str:
    """A space as the table calls it now, shortly: 'the upper Wastelander construction site'
    while ``site`` (its market not built yet), else its short name ('the Farm')."""
    return construction_site_name(space) if site else short_name(space)


def _narrow_place(space: str, site: bool) -> str:
    """A space as a narrow screen names it, without its article: 'upper Wastelander site'
    (its market not built yet), 'Subterran tunnel', 'the Farm'."""
    area, _dot, kind = space.partition(".")
    faction = faction_name(area)
    if site and kind == "lower":
        return say("lower {faction} site", faction=faction)
    if site and kind == "upper":
        return say("upper {faction} site", faction=faction)
    if kind in ("lower", "upper"):
        return market_name(space)
    if kind == "artifact_market":
        return say("{faction} artifact market", faction=faction)
    if kind == "tunnel":
        return say("{faction} tunnel", faction=faction)
    return short_name(space)


def rolled_words(faces: Sequence[int | None], to_card: int) -> str:
    """'rolled 3 6 (6 onto its card)', 'rolled 6: onto its penalty card', or 'roll it' /
    'roll them' while a physical die is not answered yet (None faces)."""
    if None in faces:
        return say_n("roll it", "roll them", len(faces))
    listed = " ".join(str(f) for f in faces)
    if to_card and len(faces) == 1:
        return say("rolled {faces}: onto its penalty card", faces=listed)
    if to_card:
        return say_n(
            "rolled {faces} (6 onto its card)",
            "rolled {faces} (6s onto its card)",
            to_card,
            faces=listed,
        )
    return say("rolled {faces}", faces=listed)


def token_place(where: str, corrected: str) -> str:
    """Where an authority token stands, for a sentence (``corrected``: the words for a token
    a correction placed)."""
    if where.startswith(TERRITORY):
        return say("the {faction} territory", faction=_faction(where.removeprefix(TERRITORY)))
    if where.startswith(ALLEGIANCE):
        area = where.removeprefix(ALLEGIANCE).split(":")[0]
        return say("beside the {faction} track", faction=_faction(area))
    if where == CORRECTED:
        return corrected
    return space_name(where)


def automa_summary(
    ready: Sequence[int], placed: Sequence[tuple[int, str]], card: Sequence[int], left: int
) -> str:
    """What the app knows of an Automa, in the table's words: its ready workers, where its
    placed workers stand (face, space), those on its faction/penalty card and its tokens left."""
    none = say("none")
    where = ", ".join(
        say("{knowledge} on {space}", knowledge=k, space=space_name(s)) for k, s in placed
    )
    return say_n(
        "ready {ready}; placed {placed}; on its card {card}; {n} authority tokens left",
        "ready {ready}; placed {placed}; on its card {card}; {n} authority tokens left",
        left,
        ready=" ".join(map(str, ready)) or none,
        placed=where or none,
        card=" ".join(map(str, card)) or none,
    )


# --- the Automa turn ------------------------------------------------------------------------


def _draw(a: Announcement) -> str:
    action, support = a.cards
    return say(
        "Automa turn {turn}: action card {action}, support card {support}.",
        turn=_arg(a, "turn"),
        action=action,
        support=support,
    )


def _draw_log(a: Announcement) -> str:
    action, support = a.cards
    return say(
        "Automa turn {turn} — cards {action} / {support}",
        turn=_arg(a, "turn"),
        action=action,
        support=support,
    )


def _rebuilt(a: Announcement) -> str:
    passes = _arg(a, "passes")
    if _arg(a, "add_in", 0) > _arg(a, "add_in_before", 0):
        words = say(
            "The deck was rebuilt (pass {passes}, add-in deck {add_in} shuffled in).",
            passes=passes,
            add_in=_arg(a, "add_in"),
        )
    else:
        words = say("The deck was rebuilt (pass {passes}, no add-in deck left).", passes=passes)
    return _draw(a) + " " + words


def _rebuilt_spoken(a: Announcement) -> str:
    return _("The Automa deck is rebuilt.")


def _bazaar(a: Announcement) -> str:
    return say("Bazaar: {discard}", discard=bazaar_short(a.slots[0] if a.slots else 1))


def _bazaar_spoken(a: Announcement) -> str:
    slot = a.slots[0] if a.slots else 1
    if slot == 1:
        return _("Discard the rightmost artifact.")
    ordinal = ORDINALS.get(slot)
    if ordinal is None:
        return say("Discard artifact {slot} from the right.", slot=slot)
    return say("Discard the {ordinal} artifact from the right.", ordinal=_(ordinal))


def _place(a: Announcement) -> str:
    return say(
        "places its {knowledge} on {space}",
        knowledge=_first_die(a),
        space=place_words(_first_space(a), _arg(a, "site", False)),
    )


def _place_narrow(a: Announcement) -> str:
    return say(
        "its {knowledge} → {space}",
        knowledge=_first_die(a),
        space=_narrow_place(_first_space(a), _arg(a, "site", False)),
    )


def _place_spoken(a: Announcement) -> str:
    return say(
        "{automa}: {space}, worker {die}.",
        automa=_automa(a.who),
        space=_spoken_space(_first_space(a)),
        die=_first_die(a),
    )


def _retrieve(a: Announcement) -> str:
    if not a.spaces:
        return _("retrieves, but every worker stays on the board")
    return say(
        "retrieves its {faces}: {rolled}",
        faces=" ".join(str(k) for k in _arg(a, "knowledge", ())),
        rolled=rolled_words(_arg(a, "faces", ()), _arg(a, "to_card", 0)),
    )


def _retrieve_spoken(a: Announcement) -> str:
    automa, n = _automa(a.who), len(a.spaces)
    if not n:
        return say("{automa} retrieves; every worker stays.", automa=automa)
    if a.dice:
        return say_n(
            "{automa} retrieves {n} worker, rolled {faces}.",
            "{automa} retrieves {n} workers, rolled {faces}.",
            n,
            automa=automa,
            faces=_listed_faces(a.dice),
        )
    return say_n(
        "{automa} retrieves {n} worker: roll it.",
        "{automa} retrieves {n} workers: roll them.",
        n,
        automa=automa,
    )


def _leave(a: Announcement) -> str:
    return say(
        "leaves its {knowledge} on {space}",
        knowledge=_first_die(a),
        space=place_words(_first_space(a), _arg(a, "site", False)),
    )


def _leave_spoken(a: Announcement) -> str:
    return say(
        "{automa} leaves its {die} on {space}.",
        automa=_automa(a.who),
        die=_first_die(a),
        space=_spoken_space(_first_space(a)),
    )


def _worker_return(a: Announcement) -> str:
    knowledge = _arg(a, "knowledge", ())
    return say_n(
        "its {faces} goes back: {rolled}",
        "its {faces} go back: {rolled}",
        len(knowledge),
        faces=" ".join(str(k) for k in knowledge),
        rolled=rolled_words(_arg(a, "faces", ()), _arg(a, "to_card", 0)),
    )


def _worker_return_spoken(a: Announcement) -> str:
    automa, n = _automa(a.who), len(a.spaces)
    if n == 1 and a.dice:
        return say(
            "{automa}'s worker leaves {space}, rolled {faces}.",
            automa=automa,
            space=_spoken_space(a.spaces[0]),
            faces=_listed_faces(a.dice),
        )
    if n == 1:
        return say(
            "{automa}'s worker leaves {space}: roll it.",
            automa=automa,
            space=_spoken_space(a.spaces[0]),
        )
    if a.dice:
        return say_n(
            "{automa}'s {n} worker goes back, rolled {faces}.",
            "{automa}'s {n} workers go back, rolled {faces}.",
            n,
            automa=automa,
            faces=_listed_faces(a.dice),
        )
    return say_n(
        "{automa}'s {n} worker goes back: roll it.",
        "{automa}'s {n} workers go back: roll them.",
        n,
        automa=automa,
    )


def _bumped(a: Announcement) -> str:
    return say(
        "if a human's worker is on {space}, it is bumped back to its owner",
        space=short_name(_first_space(a)),
    )


def _bumped_spoken(a: Announcement) -> str:
    return say("A human worker on {space} goes home.", space=_spoken_space(_first_space(a)))


# --- tokens, markets, the penalty side, the end ----------------------------------------------


def _token(a: Announcement) -> str:
    where, left = _first_space(a), _arg(a, "left", 0)
    if where.startswith(TERRITORY):
        return say(
            "authority token on the {faction} territory ({left} left)",
            faction=_faction(where.removeprefix(TERRITORY)),
            left=left,
        )
    if where.startswith(ALLEGIANCE):
        return say(
            "authority token beside the {faction} track ({left} left)",
            faction=_faction(where.removeprefix(ALLEGIANCE).split(":")[0]),
            left=left,
        )
    return say("authority token on {space} ({left} left)", space=space_name(where), left=left)


def _token_narrow(a: Announcement) -> str:
    # The tokens left are in the glance (an Automa's 8/10) on the screens this is for.
    where = _first_space(a)
    if where.startswith(TERRITORY):
        faction = _faction(where.removeprefix(TERRITORY))
        return say("token → {faction} territory", faction=faction)
    if where.startswith(ALLEGIANCE):
        faction = _faction(where.removeprefix(ALLEGIANCE).split(":")[0])
        return say("token → beside {faction} track", faction=faction)
    if where.partition(".")[2] in ("lower", "upper"):
        return say("token → {market}", market=market_name(where))
    return _token(a)


def _token_spoken(a: Announcement) -> str:
    where = _first_space(a)
    if where.startswith((TERRITORY, ALLEGIANCE)):
        place = token_place(where, "")
    elif where == CORRECTED:
        place = _("where you placed it")
    else:
        place = _spoken_space(where)
    return say("{automa}: authority token on {place}.", automa=_automa(a.who), place=place)


def _won(a: Announcement) -> str:
    if a.who:
        return _("places its last authority token and wins: game over")
    player = _arg(a, "player")
    winner = say("the human") if player is None else say("human {player}", player=player)
    return say("{winner} placed the last authority token and won the game.", winner=_cap(winner))


def _won_spoken(a: Announcement) -> str:
    return say("{automa} places its last token and wins.", automa=_automa(a.who))


def _built(a: Announcement) -> str:
    return say("{market} is built: turn its site over.", market=_cap(space_name(_first_space(a))))


def _built_narrow(a: Announcement) -> str:
    return _("Market built: turn its site over.")


def _built_spoken(a: Announcement) -> str:
    return say("{space} is built: turn its site over.", space=_spoken_space(_first_space(a)))


def _humans_return(a: Announcement) -> str:
    return _("The humans' workers there go back (re-roll; a token each).")


def _humans_return_narrow(a: Announcement) -> str:
    return _("Humans there: re-roll, token each.")


def _humans_return_spoken(a: Announcement) -> str:
    return _("The humans' workers there go back, a token each.")


def _flip(a: Announcement) -> str:
    return say("Turn {automa}'s faction/penalty card to the penalty side.", automa=_word(a))


def _flip_narrow(a: Announcement) -> str:
    return _("Faction card: penalty side up.")


def _flip_spoken(a: Announcement) -> str:
    return say("Turn {automa}'s card to the penalty side.", automa=_automa(a.who))


def _flip_back(a: Announcement) -> str:
    return say("Turn {automa}'s faction card back to the non-penalty side.", automa=_word(a))


def _flip_back_narrow(a: Announcement) -> str:
    return _("Faction card back: non-penalty.")


def _flip_back_spoken(a: Announcement) -> str:
    return say("Turn {automa}'s card back from the penalty side.", automa=_automa(a.who))


def _word(a: Announcement) -> str:
    return automa_word(a.who)


# --- the tracks -----------------------------------------------------------------------------


def _area(a: Announcement) -> str:
    return area_of(_first_space(a))


def _miner(a: Announcement) -> str:
    return say("Advance the {faction} tunnel's miner by 1.", faction=_faction(_area(a)))


def _miner_narrow(a: Announcement) -> str:
    return say("{faction} tunnel's miner +1", faction=_faction(_area(a)))


def _miner_spoken(a: Announcement) -> str:
    return say("Advance the miner of {space}.", space=_spoken_space(_first_space(a)))


def _allegiance(a: Announcement) -> str:
    return say("Advance the {faction} allegiance track by 1.", faction=_faction(_area(a)))


def _allegiance_narrow(a: Announcement) -> str:
    return say("{faction} allegiance track +1", faction=_faction(_area(a)))


def _allegiance_spoken(a: Announcement) -> str:
    return say("Advance the {faction} allegiance track.", faction=_faction(_area(a)))


def _commodity(a: Announcement) -> str:
    area = _area(a)
    return say(
        "{faction} track +1 if the {commodity}'s dice total {most} or less",
        faction=_faction(area),
        commodity=commodity_area(area),
        most=COMMODITY_ADVANCE_MAX,
    )


def _commodity_spoken(a: Announcement) -> str:
    area = _area(a)
    return say(
        "{area} dice at most {most}: advance the {faction} track.",
        area=_(COMMODITY_AREAS.get(area, area)),
        most=COMMODITY_ADVANCE_MAX,
        faction=_(FACTION_NAMES.get(area, area)),
    )


def _no_advance(a: Announcement) -> str:
    return say(
        "No allegiance advance: the Automas' dice on the {commodity} total {total}",
        commodity=commodity_area(_area(a)),
        total=_arg(a, "total"),
    )


def _track_report(a: Announcement) -> str:
    faction, level = _faction(_arg(a, "area")), _arg(a, "level")
    if _arg(a, "track") == "miner":
        return say(
            "if the {faction} miner reaches {space}, report the recruit activation",
            faction=faction,
            space=MINER_ACTIVATES,
        )
    if level == RECRUITS_ACTIVATED:
        return say(
            "if the {faction} track reaches {space}, report the recruit activation",
            faction=faction,
            space=level,
        )
    return say(
        "if the {faction} track reaches {space}, report the last tier",
        faction=faction,
        space=level,
    )


# --- what the players report ----------------------------------------------------------------


def _site_added(a: Announcement) -> str:
    return say_n(
        "Noted: {n} more human worker on the construction site of {site} ({there} of {threshold}).",
        "Noted: {n} more human workers on the construction site of {site} "
        "({there} of {threshold}).",
        _arg(a, "count"),
        site=space_name(_first_space(a)),
        there=_arg(a, "there"),
        threshold=_arg(a, "threshold"),
    )


def _site_removed(a: Announcement) -> str:
    return say_n(
        "Noted: {n} human worker fewer on the construction site of {site}.",
        "Noted: {n} human workers fewer on the construction site of {site}.",
        _arg(a, "count"),
        site=space_name(_first_space(a)),
    )


def sites_listed(workers: Sequence[tuple[str, int]]) -> str:
    """The humans' workers on construction sites, listed: 'the lower … site 2, …' or 'none'."""
    listed = ", ".join(say("{site} {n}", site=space_name(s), n=n) for s, n in workers if n)
    return listed or say("none")


def _sites_known(a: Announcement) -> str:
    return say(
        "Noted: humans' workers on construction sites: {listed}.",
        listed=sites_listed(_arg(a, "workers", ())),
    )


def _noted(a: Announcement) -> str:
    faction, owners = _faction(_arg(a, "area")), _arg(a, "owners", False)
    if _arg(a, "level") == RECRUITS_ACTIVATED and owners:
        return say(
            "Noted: {faction} recruits activated; its Automa already placed that token.",
            faction=faction,
        )
    if _arg(a, "level") == RECRUITS_ACTIVATED:
        return say(
            "Noted: {faction} recruits activated; no Automa has that faction.", faction=faction
        )
    if owners:
        return say(
            "Noted: {faction} allegiance track at the last tier; its Automa already placed "
            "that token.",
            faction=faction,
        )
    return say(
        "Noted: {faction} allegiance track at the last tier; no Automa has that faction.",
        faction=faction,
    )


def _corrected(a: Announcement) -> str:
    if not a.who:
        return say("Corrected {site}.", site=space_name(_first_space(a)))
    summary = automa_summary(
        _arg(a, "ready", ()), _arg(a, "placed", ()), _arg(a, "card", ()), _arg(a, "left", 0)
    )
    return say("Corrected {automa}: {summary}.", automa=_word(a), summary=summary)


# --- undo: what to put back on the table ------------------------------------------------------


def _undo_worker_off(a: Announcement) -> str:
    return say(
        "Take {automa}'s {knowledge} back from {space} to its ready workers.",
        automa=_word(a),
        knowledge=_first_die(a),
        space=space_name(_first_space(a)),
    )


def _undo_worker_on(a: Announcement) -> str:
    space = _first_space(a)
    where = (
        say("the construction site of {site}", site=space_name(space))
        if _arg(a, "site", False)
        else space_name(space)
    )
    return say(
        "Put {automa}'s {knowledge} back on {space}.",
        automa=_word(a),
        knowledge=_first_die(a),
        space=where,
    )


def _faces_or_none(a: Announcement) -> str:
    return ", ".join(map(str, _arg(a, "faces", ()))) or say("none")


def _undo_card(a: Announcement) -> str:
    return say(
        "{Automa}'s workers on its faction/penalty card: {faces}.",
        Automa=automa_name(a.who),
        faces=_faces_or_none(a),
    )


def _undo_dice(a: Announcement) -> str:
    return say(
        "Turn {automa}'s ready workers back to show: {faces}.",
        automa=_word(a),
        faces=_faces_or_none(a),
    )


def _undo_place(a: Announcement) -> str:
    return token_place(_arg(a, "place", ""), say("where the correction placed it"))


def _undo_token_off(a: Announcement) -> str:
    return say(
        "Take {automa}'s authority token back from {place}.",
        automa=_word(a),
        place=_undo_place(a),
    )


def _undo_token_on(a: Announcement) -> str:
    return say(
        "Put {automa}'s authority token back on {place}.", automa=_word(a), place=_undo_place(a)
    )


def _undo_flip(a: Announcement) -> str:
    if _arg(a, "penalty", False):
        return say(
            "Turn {automa}'s faction/penalty card back to the penalty side.", automa=_word(a)
        )
    return say(
        "Turn {automa}'s faction/penalty card back to the non-penalty side.", automa=_word(a)
    )


def _undo_humans(a: Announcement) -> str:
    if not a.spaces:
        return say(
            "Put the humans' workers that came back from the new market on its "
            "construction site again."
        )
    return say(
        "The humans' workers on the construction site of {site} are {workers} "
        "again as far as the app knows: take back a worker placed there by "
        "mistake.",
        site=space_name(_first_space(a)),
        workers=_arg(a, "workers"),
    )


def _undo_unbuild(a: Announcement) -> str:
    return say("Turn {site} back into its construction site.", site=space_name(_first_space(a)))


def _undo_track(a: Announcement) -> str:
    area = _faction(_arg(a, "area"))
    track = _arg(a, "track")
    if track == "miner":
        return say("Move the {faction} tunnel's miner back by 1.", faction=area)
    if track == "allegiance":
        return say("Move the {faction} allegiance track back by 1.", faction=area)
    return say(
        "If the {faction} allegiance track advanced for it, move it back by 1.", faction=area
    )


def _undo_bazaar(a: Announcement) -> str:
    return say(
        "The Bazaar discard of turn {turn} cannot be taken back on the "
        "table: put the artifact back in its slot if you still can.",
        turn=_arg(a, "turn"),
    )


def _undo_deck(a: Announcement) -> str:
    action, support = _arg(a, "action"), _arg(a, "support")
    if action is None and support is None:
        return say("Gather the Automa cards drawn since the set-up back into the deck as it was.")
    if action and support:
        pair = say(
            "action card {action} and support card {support}", action=action, support=support
        )
    elif action:
        pair = say("action card {action}", action=action)
    else:
        pair = say("support card {support}", support=support)
    text = say(
        "Put the Automa cards drawn since back on top of the deck (the first one drawn on "
        "top); the {pair} face up again.",
        pair=pair,
    )
    if _arg(a, "rebuilt", False):
        text = say(
            "{text} The deck was rebuilt since: lay it out as before the rebuild.", text=text
        )
    return text


def _undo_won(a: Announcement) -> str:
    return say("The game goes on: nobody has won yet.")


# --- the table of messages ------------------------------------------------------------------


def _who(who: str) -> str:
    return automa_word(who) if who in AUTOMAS else who


MESSAGES: dict[str, Message] = {
    "deck.draw": Message(_draw, log=_draw_log, cue="draw"),
    "deck.rebuilt": Message(
        _rebuilt, _rebuilt_spoken, _draw_log, cue="shuffle", said_when_info=True
    ),
    "bazaar.discard": Message(_bazaar, _bazaar_spoken),
    "automa.place": Message(_place, _place_spoken, narrow=_place_narrow),
    "automa.retrieve": Message(_retrieve, _retrieve_spoken),
    "automa.leave": Message(_leave, _leave_spoken),
    "worker.return": Message(_worker_return, _worker_return_spoken),
    "human.bumped": Message(_bumped, _bumped_spoken, said_when_info=True),
    "token.place": Message(_token, _token_spoken, narrow=_token_narrow),
    "game.won": Message(_won, _won_spoken, cue="game-end"),
    "market.built": Message(_built, _built_spoken, narrow=_built_narrow),
    "market.humans_return": Message(
        _humans_return, _humans_return_spoken, narrow=_humans_return_narrow
    ),
    "penalty.flip": Message(_flip, _flip_spoken, cue="penalty", narrow=_flip_narrow),
    "penalty.flip_back": Message(_flip_back, _flip_back_spoken, narrow=_flip_back_narrow),
    "track.miner": Message(_miner, _miner_spoken, narrow=_miner_narrow),
    "track.allegiance": Message(_allegiance, _allegiance_spoken, narrow=_allegiance_narrow),
    "track.commodity": Message(_commodity, _commodity_spoken),
    "track.no_advance": Message(_no_advance),
    "track.report": Message(_track_report),
    "site.humans_added": Message(_site_added),
    "site.humans_removed": Message(_site_removed),
    "sites.known": Message(_sites_known),
    "noted": Message(_noted),
    "corrected": Message(_corrected),
    "undo.worker_off": Message(_undo_worker_off),
    "undo.worker_on": Message(_undo_worker_on),
    "undo.card": Message(_undo_card),
    "undo.dice": Message(_undo_dice),
    "undo.token_off": Message(_undo_token_off),
    "undo.token_on": Message(_undo_token_on),
    "undo.flip": Message(_undo_flip),
    "undo.humans": Message(_undo_humans),
    "undo.unbuild": Message(_undo_unbuild),
    "undo.track": Message(_undo_track),
    "undo.bazaar": Message(_undo_bazaar),
    "undo.deck": Message(_undo_deck),
    "undo.won": Message(_undo_won),
}
# Every move of a Euphoria game in words: ``WORDS.render(announcement, form)``.
WORDS = Words(MESSAGES, _who)
render = WORDS.render
spoken_line = WORDS.line
spoken = WORDS.spoken
cues = WORDS.cues


# --- the journal's lines of the human events ------------------------------------------------


def _fact(value: object) -> str:
    """A corrected fact's value as the move log writes it (yes / no in the player's words)."""
    if isinstance(value, bool):
        return say("yes") if value else say("no")
    return str(value)


def describe_event(event: Mapping[str, Any]) -> str:
    """A journal event in a few words, e.g. 'bump: black from the Euphorian tunnel' (an event
    that does not read as one of the kinds: its kind as written)."""
    kind = event.get("kind", "?")
    if kind == "turn":
        return say("Automa turn")
    try:
        typed = event_types.from_dict(event)
    except InputError:
        return str(kind)
    return describe(typed)


def answered(title: str, answers: Mapping[str, Any]) -> str:
    """A step's title in the move log with the answers it was given: 'Automa turn 3 — cards
    A1 / S2 · answers: black.roll.1=4'."""
    given = ", ".join(f"{k}={v or say('(none)')}" for k, v in answers.items())
    return say("{title} · answers: {answers}", title=title, answers=given)


def describe(event: HumanEvent) -> str:
    """A typed human event in a few words (the move log's and the undo messages' words)."""
    match event:
        case Bump():
            return say(
                "bump: {automa} from {space}",
                automa=automa_word(event.automa),
                space=space_name(event.space),
            )
        case SiteAdd():
            return say_n(
                "{n} human worker placed on the construction site of {site}",
                "{n} human workers placed on the construction site of {site}",
                event.count,
                site=space_name(event.site),
            )
        case SiteRemove():
            return say_n(
                "{n} human worker taken from the construction site of {site}",
                "{n} human workers taken from the construction site of {site}",
                event.count,
                site=space_name(event.site),
            )
        case Sites():
            return say(
                "humans' workers on construction sites: {listed}",
                listed=sites_listed(event.workers),
            )
        case MarketBuilt():
            return _describe_market(event)
        case Activation():
            return say("recruit activation: {faction}", faction=_faction(event.faction))
        case LastTier() if event.with_activation:
            return say(
                "last tier: {faction} (its recruits activated on the way)",
                faction=_faction(event.faction),
            )
        case LastTier():
            return say("last tier: {faction}", faction=_faction(event.faction))
        case HumanWon():
            return say(
                "human {player} placed their last authority token and won", player=event.player
            )
        case Correct():
            facts = ", ".join(f"{k}={_fact(v)}" for k, v in event_types.fields_of(event).items())
            return say("correction: {facts}", facts=facts)
        case _:
            assert_never(event)


def _describe_market(event: MarketBuilt) -> str:
    site = space_name(event.site)
    if event.automas is None:
        return say("market built: {site}", site=site)
    return say(
        "market built: {site} ({automas} there)",
        site=site,
        automas=", ".join(event.automas) or say("no Automa"),
    )
