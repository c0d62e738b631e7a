"""Every Ephios move in words, once: the screen text, the spoken line and the journal line.

The engines announce a move as data (``what``, ``who``, ``cards``, ``slots`` and the few
facts only its words need, in ``args``: the deck that names the cards, a cost, the Plot's
turn number); :data:`SOLO_WORDS` (the solo game) and :data:`QUICK_WORDS` (the quick game
and the campaign, whose rounds are quick games) make its text for the screen, the short
line said aloud for a player whose eyes stay on the board ("The Plot recruits the Order
Dignitary from slot two.") and the move log's line, each through the catalog. A move's
words are defined here and nowhere else: one edit changes them in every form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.catalog import N_, _, say, say_n
from companion.core.errors import InputError
from companion.core.questions import Announcement
from companion.core.words import Message, Words
from companion.ephios.cards import EphiosDeck, alliance_name, card_name, load_deck
from companion.ephios.solo_actions import from_dict
from companion.ephios.table_events import (
    AFFINITY_BONUS,
    AllianceTile,
    CampaignEvent,
    Flip,
    Next,
    Popularity,
    QuickEvent,
    Unite,
    campaign_event,
    quick_event,
    to_dict,
)

# A crossroads slot as a spoken line names it (slot 1 is the leftmost).
SLOT_NAMES = {1: N_("slot one"), 2: N_("slot two"), 3: N_("slot three"), 4: N_("slot four")}
# Whom a solo announcement is for, as the move log names them.
WHO_WORDS = {"you": N_("you"), "plot": N_("the Plot")}
# Where a moved card was or went, in words: the piles (a crossroads slot says its number).
PILE_NAMES = {
    "hand": N_("your hand"),
    "plot": N_("the Plot zone"),
    "discard": N_("the discard pile"),
    "draw": N_("the top of the draw pile"),
}


# --- the pieces of a sentence ---------------------------------------------------------------


def _arg(a: Announcement, name: str, default: Any = None) -> Any:
    return a.args.get(name, default)


def _deck(a: Announcement) -> EphiosDeck | None:
    deck = a.args.get("deck")
    return deck if isinstance(deck, EphiosDeck) else None


def _name(a: Announcement, card: str) -> str:
    return card_name(card, _deck(a))


def _card(a: Announcement, index: int = 0) -> str:
    return _name(a, a.cards[index]) if len(a.cards) > index else _("a card")


def _slot(a: Announcement) -> int:
    return a.slots[0] if a.slots else 0


def _spoken_slot(a: Announcement) -> str:
    slot = _slot(a)
    name = SLOT_NAMES.get(slot)
    return _(name) if name else say("slot {slot}", slot=slot)


def tokens(count: int) -> str:
    """'1 persuasion token', '2 persuasion tokens'."""
    return say_n("{n} persuasion token", "{n} persuasion tokens", count)


def place_of(zone: str, slot: int | None = None) -> str:
    """A zone a card was or went to, in words: 'slot 2 of the crossroads', 'your hand'."""
    if zone == "crossroads":
        return say("slot {slot} of the crossroads", slot=slot)
    return _(PILE_NAMES[zone])


def zone_name(zone: str) -> str:
    """A zone as the journal stores it (``crossroads:2``, ``crossroads``, ``hand``...) in
    words; one the app does not know (a hand-edited save) as it is."""
    name, _sep, slot = str(zone).partition(":")
    if name == "crossroads":
        return place_of(name, int(slot)) if slot.isdigit() else _("the crossroads")
    return _(PILE_NAMES[name]) if name in PILE_NAMES and not slot else str(zone)


# --- the player's actions -------------------------------------------------------------------


def _recruit(a: Announcement) -> str:
    cost = _arg(a, "cost")
    paid = (
        tokens(cost)
        if cost is not None
        else say(
            "its persuasion value ({low} or {high} tokens, as printed on the card)",
            low=_arg(a, "low"),
            high=_arg(a, "high"),
        )
    )
    return say(
        "Return {paid} to the supply and take the {card} from slot {slot} into your hand.",
        paid=paid,
        card=_card(a),
        slot=_slot(a),
    )


def _recruit_spoken(a: Announcement) -> str:
    return say("Take the {card} from {slot}, pay its tokens.", card=_card(a), slot=_spoken_slot(a))


def _recruit_top(a: Announcement) -> str:
    cost = tokens(_arg(a, "cost", 1))
    if _arg(a, "rebuild", False):
        return say("Return {cost} to the supply.", cost=cost)
    return say(
        "Return {cost} to the supply and secretly take the first card of the draw pile.",
        cost=cost,
    )


def _recruit_top_known(a: Announcement) -> str:
    return say("The draw pile holds only the {card}: that is the card you drew.", card=_card(a))


def _debate(a: Announcement) -> str:
    gain, most = _arg(a, "gain", 0), _arg(a, "most")
    if _arg(a, "range", False):
        taken = say(
            "take {gain} persuasion tokens from the supply ({most} held at most)",
            gain=_arg(a, "full"),
            most=most,
        )
    elif gain:
        taken = say("take {tokens} from the supply", tokens=tokens(gain))
    else:
        taken = say("take no persuasion token (you hold {most}, the most)", most=most)
    return say(
        "Discard the {card} from slot {slot} and {taken}.",
        card=_card(a),
        slot=_slot(a),
        taken=taken,
    )


def _debate_spoken(a: Announcement) -> str:
    return say(
        "Discard the {card} from {slot}, take two tokens.", card=_card(a), slot=_spoken_slot(a)
    )


def _unite(a: Announcement) -> str:
    return say(
        "Discard all your hand ({hand}) to unite the {alliance}.",
        hand=", ".join(_name(a, c) for c in a.cards),
        alliance=alliance_name(_arg(a, "alliance", ""), _deck(a)),
    )


def _affinity(a: Announcement) -> str:
    return say("Take the {alliance} affinity and place it in front of you.", alliance=_alliance(a))


def _alliance(a: Announcement) -> str:
    return alliance_name(a.cards[0], _deck(a)) if a.cards else _("a card")


def _affinity_spoken(a: Announcement) -> str:
    return say("Take the {alliance} affinity.", alliance=_card(a))


def _corrupt(a: Announcement) -> str:
    return say(
        "Discard the {card} from the Plot zone. The Plot now takes {turns} turns.",
        card=_card(a),
        turns=_arg(a, "turns"),
    )


def _corrupt_spoken(a: Announcement) -> str:
    return say("Discard the {card} from the Plot zone.", card=_card(a))


def _perceptive(a: Announcement) -> str:
    return say(
        "Use the Perceptive ({own}): take the {card} from the Plot zone into your hand, "
        "then discard the Perceptive.",
        own=_card(a),
        card=_card(a, 1),
    )


def _perceptive_spoken(a: Announcement) -> str:
    return say("Take the {card} from the Plot zone into your hand.", card=_card(a, 1))


def _use(a: Announcement) -> str:
    return say("Apply the effect of the {card}, then discard it.", card=_card(a))


def _use_spoken(a: Announcement) -> str:
    return say("Apply the {card}, then discard it.", card=_card(a))


def _preacher(a: Announcement) -> str:
    return say(
        "Use the Preacher ({own}): add the debated {card} to your hand, then discard the Preacher.",
        own=_card(a),
        card=_card(a, 1),
    )


def _preacher_spoken(a: Announcement) -> str:
    return say("Add the debated {card} to your hand.", card=_card(a, 1))


# --- the Plot's turn, the End of Turn, the end ----------------------------------------------


def _plot_recruit(a: Announcement) -> str:
    data = {"card": _card(a), "slot": _slot(a), "number": _arg(a, "number", 1)}
    if _arg(a, "of", 1) == 1:
        return say("The Plot recruits the {card} from slot {slot} into the Plot zone.", **data)
    return say(
        "The Plot (turn {number} of {of}) recruits the {card} from slot {slot} into the Plot zone.",
        of=_arg(a, "of"),
        **data,
    )


def _plot_recruit_spoken(a: Announcement) -> str:
    return say("The Plot recruits the {card} from {slot}.", card=_card(a), slot=_spoken_slot(a))


def _plot_debate(a: Announcement) -> str:
    data = {"card": _card(a), "slot": _slot(a), "number": _arg(a, "number", 1)}
    if _arg(a, "of", 1) == 1:
        return say("The Plot debates: discard the {card} from slot {slot}.", **data)
    return say(
        "The Plot (turn {number} of {of}) debates: discard the {card} from slot {slot}.",
        of=_arg(a, "of"),
        **data,
    )


def _plot_debate_spoken(a: Announcement) -> str:
    return say(
        "The Plot debates: discard the {card} from {slot}.", card=_card(a), slot=_spoken_slot(a)
    )


def _plot_none(a: Announcement) -> str:
    if _arg(a, "of", 1) == 1:
        return _("The Plot does nothing: the crossroads is empty.")
    return say(
        "The Plot (turn {number} of {of}) does nothing: the crossroads is empty.",
        number=_arg(a, "number", 1),
        of=_arg(a, "of"),
    )


def _refill(a: Announcement) -> str:
    shown = ", ".join(
        say("slot {slot}: {card}", slot=n, card=_name(a, c))
        for n, c in zip(a.slots, a.cards, strict=False)
    )
    return say("Slide the crossroads right and reveal {cards}.", cards=shown)


def _refill_spoken(a: Announcement) -> str:
    if len(a.cards) == 1:
        return say("Slide right and reveal the {card}.", card=_card(a))
    return say("Slide right and reveal {cards}.", cards=", ".join(_name(a, c) for c in a.cards))


def _slide(a: Announcement) -> str:
    if _arg(a, "gap", False):
        return _("Slide the crossroads right to close the gap.")
    return _("Slide the crossroads right.")


def _slide_spoken(a: Announcement) -> str:
    return _("Slide the crossroads right.")


def _reshuffle(a: Announcement) -> str:
    return say_n(
        "Shuffle the discard pile ({n} card) to form a new draw pile.",
        "Shuffle the discard pile ({n} cards) to form a new draw pile.",
        _arg(a, "count", 0),
    )


def _reshuffle_spoken(a: Announcement) -> str:
    return _("Shuffle the discard pile into a new draw pile.")


def _hand_limit(a: Announcement) -> str:
    return say("Discard the {card} from your hand without applying its effect.", card=_card(a))


def _hand_limit_spoken(a: Announcement) -> str:
    return say("Discard the {card} from your hand.", card=_card(a))


def _popularity(a: Announcement) -> str:
    delta, before, after = _arg(a, "delta", 0), _arg(a, "before"), _arg(a, "after")
    sign = "+" if delta >= 0 else "−"
    if after == before:
        return say(
            "Popularity {sign}{delta}%: your marker stays at {popularity}% (the end of the track).",
            sign=sign,
            delta=abs(delta),
            popularity=before,
        )
    return say(
        "Popularity {sign}{delta}%: move your marker to {popularity}%.",
        sign=sign,
        delta=abs(delta),
        popularity=after,
    )


def _popularity_spoken(a: Announcement) -> str:
    return _("Move your popularity marker.")


def _won(a: Announcement) -> str:
    return say("You win: you hold the {n} affinities.", n=_arg(a, "n"))


def _won_spoken(a: Announcement) -> str:
    return _("You win.")


def _lost_popularity(a: Announcement) -> str:
    return say("You lose: your popularity is {n}%.", n=_arg(a, "n"))


def _lost_plot(a: Announcement) -> str:
    return say("You lose: the {n} Dignitaries are in the Plot zone.", n=_arg(a, "n"))


def _lost_spoken(a: Announcement) -> str:
    return _("You lose.")


# --- the corrections ------------------------------------------------------------------------


def _move(a: Announcement) -> str:
    return say(
        "Move the {card} from {was} to {now}.",
        card=_card(a),
        was=zone_name(_arg(a, "was", "")),
        now=zone_name(_arg(a, "now", "")),
    )


def _medium(a: Announcement) -> str:
    return say(
        "The crossroads holds {n} cards: no refill until it has fewer than {size}.",
        n=_arg(a, "count"),
        size=_arg(a, "size"),
    )


def _set_popularity(a: Announcement) -> str:
    return say(
        "Popularity set to {popularity}%: your marker is there.", popularity=_arg(a, "popularity")
    )


def _set_persuasion(a: Announcement) -> str:
    return say(
        "Persuasion set to {tokens} (supply {supply}): the tokens in front of you.",
        tokens=_arg(a, "tokens"),
        supply=_arg(a, "supply"),
    )


def _set_affinities(a: Announcement) -> str:
    names = [alliance_name(x, _deck(a)) for x in _arg(a, "affinities", ())]
    return say(
        "Affinities set to {affinities}: the cards in front of you.",
        affinities=", ".join(names) or _("none"),
    )


# --- the warnings: what loses the game ------------------------------------------------------


def _warned(text: str) -> str:
    return f"⚠ {text}"


def _threat_plot(a: Announcement) -> str:
    return _warned(
        say(
            "The Plot's next move recruits the {card} (slot {slot}): the {nth}th "
            "Dignitary in the Plot zone, you lose unless your move changes that.",
            card=_card(a),
            slot=_slot(a),
            nth=_arg(a, "nth"),
        )
    )


def _reshuffle_data(a: Announcement) -> dict[str, Any]:
    return {"loss": _arg(a, "loss"), "popularity": _arg(a, "popularity"), "least": _arg(a, "least")}


def _threat_reshuffle(a: Announcement) -> str:
    return _warned(
        say(
            "The draw pile is empty: the next refill shuffles the discard pile, "
            "−{loss}% takes you from {popularity}% to {least}%.",
            **_reshuffle_data(a),
        )
    )


def _warn_now(a: Announcement) -> str:
    return _warned(_("This move loses the game at once."))


def _warn_plot(a: Announcement) -> str:
    return _warned(
        say(
            "After this move the Plot recruits the {card}: the {nth}th Dignitary "
            "in the Plot zone, you lose.",
            card=_card(a),
            nth=_arg(a, "nth"),
        )
    )


def _warn_reshuffle(a: Announcement) -> str:
    if _arg(a, "after_plot", False):
        text = say(
            "The refill after the Plot's turn shuffles the discard pile: −{loss}% takes "
            "you from {popularity}% to {least}%, you lose.",
            **_reshuffle_data(a),
        )
    else:
        text = say(
            "The refill after your turn shuffles the discard pile: −{loss}% takes "
            "you from {popularity}% to {least}%, you lose.",
            **_reshuffle_data(a),
        )
    return _warned(text)


def _solo_who(who: str) -> str:
    return _(WHO_WORDS[who]) if who in WHO_WORDS else who


SOLO_MESSAGES: dict[str, Message] = {
    "recruit": Message(_recruit, _recruit_spoken),
    "recruit-top": Message(
        _recruit_top, lambda a: _("Pay a token, secretly take the top card."), cue="draw"
    ),
    "recruit-top.draw": Message(
        lambda a: _("Secretly take the first card of the new draw pile."),
        lambda a: _("Secretly take the top card of the new pile."),
    ),
    "recruit-top.known": Message(_recruit_top_known),
    "debate": Message(_debate, _debate_spoken),
    "unite": Message(_unite, lambda a: _("Discard your hand to unite.")),
    "unite.banker": Message(
        lambda a: _("No popularity gain: the Banker united an alliance other than the Company.")
    ),
    "affinity": Message(_affinity, _affinity_spoken),
    "corrupt": Message(_corrupt, _corrupt_spoken),
    "perceptive": Message(_perceptive, _perceptive_spoken),
    "use": Message(_use, _use_spoken),
    "replay": Message(lambda a: _("Replay: take a new action now (no refill, the Plot waits).")),
    "preacher": Message(_preacher, _preacher_spoken),
    "preacher.unused": Message(
        lambda a: _("The Plot did not debate: the Preacher stays in your hand.")
    ),
    "plot.recruit": Message(_plot_recruit, _plot_recruit_spoken),
    "plot.debate": Message(_plot_debate, _plot_debate_spoken),
    "plot.none": Message(_plot_none),
    "refill": Message(_refill, _refill_spoken, cue="draw"),
    "slide": Message(_slide, _slide_spoken),
    "reshuffle": Message(_reshuffle, _reshuffle_spoken, cue="shuffle"),
    "piles.empty": Message(
        lambda a: _("The draw pile and the discard pile are empty: the crossroads stays short.")
    ),
    "hand-limit": Message(_hand_limit, _hand_limit_spoken),
    "popularity": Message(_popularity, _popularity_spoken),
    "won": Message(_won, _won_spoken, cue="game-end"),
    "lost.popularity": Message(_lost_popularity, _lost_spoken, cue="game-end"),
    "lost.plot": Message(_lost_plot, _lost_spoken, cue="game-end"),
    "move": Message(_move),
    "medium": Message(_medium),
    "gap": Message(
        lambda a: _("Leave the gap on the crossroads: it is refilled at the end of the turn.")
    ),
    "set.popularity": Message(_set_popularity),
    "set.persuasion": Message(_set_persuasion),
    "set.affinities": Message(_set_affinities),
    "threat.plot": Message(_threat_plot),
    "threat.reshuffle": Message(_threat_reshuffle),
    "warn.now": Message(_warn_now),
    "warn.plot": Message(_warn_plot),
    "warn.reshuffle": Message(_warn_reshuffle),
}
# Every move of the solo game in words: ``SOLO_WORDS.render(announcement, form)``.
SOLO_WORDS = Words(SOLO_MESSAGES, _solo_who)
spoken_line = SOLO_WORDS.line
spoken = SOLO_WORDS.spoken
cues = SOLO_WORDS.cues


# --- the journal's lines of the solo game's events ------------------------------------------


# The answers a journal event holds, in words (a card or a number follows each).
_ANSWER_NAMES = {
    "preacher": N_("Preacher {value}"),
    "drawn": N_("drew {value}"),
    "perceptive-card": N_("Perceptive {value}"),
    "cost": N_("cost {value}"),
    # hand-limit-1, hand-limit-2 ...: each discard down to the hand limit (no id is shown)
    "hand-limit": N_("discarded {value} (hand limit)"),
}


# The counts a correction sets (``solo_rules.CORRECTIONS``), in words.
COUNT_NAMES = {
    "popularity": N_("your popularity"),
    "persuasion": N_("your persuasion tokens"),
    "affinities": N_("the affinities you hold"),
}


def answer_order(key: str) -> tuple[str, int]:
    """An answer id's name and number (``hand-limit-2`` -> ("hand-limit", 2)), to sort them."""
    head, _, tail = key.rpartition("-")
    return (head, int(tail)) if tail.isascii() and tail.isdigit() else (key, 0)


def _stored_card(value: object) -> str:
    text = str(value)
    try:
        return card_name(load_deck().parse_card(text))
    except InputError:
        return text


def action_text(data: Mapping[str, Any]) -> str:
    """A stored action in words: 'recruit slot 2 (value 1)', 'unite the Cult with the Banker'."""
    try:
        action = from_dict(data)
    except InputError:
        return " ".join(f"{k} {v}" for k, v in data.items())
    verb = action.verb
    fields = dict(data)
    if verb == "recruit":
        if "cost" in fields:
            return say(
                "recruit slot {slot} (value {cost})", slot=fields["slot"], cost=fields["cost"]
            )
        return say("recruit slot {slot}", slot=fields["slot"])
    if verb == "recruit-top":
        if "card" in fields:
            return say(
                "recruit the top of the draw pile ({card})", card=_stored_card(fields["card"])
            )
        return _("recruit the top of the draw pile")
    if verb == "debate":
        return say("debate slot {slot}", slot=fields["slot"])
    if verb == "unite":
        alliance = _stored_card(fields["alliance"])
        if fields.get("banker"):
            return say("unite the {alliance} with the Banker", alliance=alliance)
        return say("unite the {alliance}", alliance=alliance)
    if verb == "corrupt":
        return say("corrupt the {card}", card=_stored_card(str(fields["alliance"]) + "-dignitary"))
    if verb == "perceptive":
        return say(
            "use the Perceptive on the {card}",
            card=_stored_card(str(fields["alliance"]) + "-dignitary"),
        )
    if fields.get("replay"):
        return say("use the {card} (Replay)", card=_stored_card(fields["card"]))
    return say("use the {card}", card=_stored_card(fields["card"]))


def describe_event(event: Mapping[str, Any]) -> str:
    """One solo journal event in words, e.g. 'debate slot 1 — revealed Order Dignitary, Cult'."""
    kind = event.get("kind")
    if kind == "move":
        return say(
            "correction: move the {card} from {source} to {target}",
            card=_stored_card(event.get("card")),
            source=zone_name(str(event.get("from"))),
            target=zone_name(str(event.get("to"))),
        )
    if kind == "set":
        value = event.get("value")
        shown = (
            (", ".join(alliance_name(str(v)) for v in value) or _("none"))
            if isinstance(value, list)
            else value
        )
        what = str(event.get("what"))
        named = _(COUNT_NAMES[what]) if what in COUNT_NAMES else what
        return say("correction: set {what} to {value}", what=named, value=shown)
    if kind != "act":
        rest = {k: v for k, v in event.items() if k != "kind"}
        return f"{kind or '?'}: " + ", ".join(f"{k} {v}" for k, v in rest.items())
    stored = event.get("action")
    if isinstance(stored, Mapping):
        words = action_text(stored)
    else:  # an older save, not yet migrated
        words = " ".join(str(w) for w in stored or [])
    answers = dict(event.get("answers", {}))
    reveals = [answers.pop(k) for k in sorted(answers, key=answer_order) if k.startswith("reveal-")]
    parts = [
        say(_ANSWER_NAMES[answer_order(k)[0]], value=_stored_card(v) if k != "cost" else v)
        if answer_order(k)[0] in _ANSWER_NAMES
        else f"{k} {v}"
        for k, v in answers.items()
    ]
    if reveals:
        parts.append(say("revealed {cards}", cards=", ".join(_stored_card(r) for r in reveals)))
    return words + (f" — {'; '.join(parts)}" if parts else "")


# --- the quick game and the campaign (their rounds are quick games) ---------------------------
# The players are named (``who``), so each line says whose marker or hand it is.


def _quick_unite(a: Announcement) -> str:
    return say(
        "{player} unites the {alliance} (+{gain}%): discard the whole hand.",
        player=a.who,
        alliance=alliance_name(_arg(a, "alliance", "")),
        gain=_arg(a, "gain"),
    )


def _quick_affinity(a: Announcement) -> str:
    return say(
        "{player} plays their affinity (+{bonus}%) and discards it.",
        player=a.who,
        bonus=_arg(a, "bonus"),
    )


def _quick_popularity(a: Announcement) -> str:
    before, after, gain = _arg(a, "before"), _arg(a, "after"), _arg(a, "gain")
    if gain is not None:
        return say(
            "Move {player}'s marker from {before}% to {after}% (+{gain}%).",
            player=a.who,
            before=before,
            after=after,
            gain=gain,
        )
    if after == before:
        return say(
            "{player}'s marker stays at {before}% (the end of the track).",
            player=a.who,
            before=before,
        )
    return say(
        "Move {player}'s marker from {before}% to {after}%.",
        player=a.who,
        before=before,
        after=after,
    )


def _quick_direction(a: Announcement) -> str:
    if _arg(a, "clockwise", True):
        return _("Flip the direction token: play goes clockwise.")
    return _("Flip the direction token: play goes counterclockwise.")


def _quick_won(a: Announcement) -> str:
    if _arg(a, "campaign", False):
        return say(
            "{winner} has won two rounds and wins the campaign: the new High Governor.",
            winner=a.who,
        )
    return say(
        "{player} reaches {popularity}% and wins.", player=a.who, popularity=_arg(a, "popularity")
    )


def _turn_hand_limit(a: Announcement) -> str:
    return say(
        "Discard down to {limit} personalities in hand, without applying their effects.",
        limit=_arg(a, "limit"),
    )


def _turn_refill(a: Announcement) -> str:
    return say("Refill the crossroads up to {size} cards from the draw pile.", size=_arg(a, "size"))


def the(name: str) -> str:
    """'the Order', but 'The Guild' for a name that already starts with an article."""
    return name if name.lower().startswith("the ") else say("the {alliance}", alliance=name)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _tile(a: Announcement) -> str:
    data = {"tile": the(_arg(a, "name", "")), "unite": _arg(a, "unite"), "gain": _arg(a, "gain")}
    covered = _arg(a, "replaces")
    if covered is None:
        return say("Place {tile} alliance tile: unite with {unite}, +{gain}%.", **data)
    return say(
        "Place {tile} alliance tile on {covered} (it leaves the game): unite with {unite}, "
        "+{gain}%.",
        covered=the(covered),
        **data,
    )


def _round_won(a: Announcement) -> str:
    return say_n(
        "Round {number} won by {winner} ({n} round win).",
        "Round {number} won by {winner} ({n} round wins).",
        _arg(a, "wins", 0),
        number=_arg(a, "number"),
        winner=a.who,
    )


def _page_read_before(a: Announcement) -> str:
    return say(
        "{page} victory page: already read, go to the next round.",
        page=_capital(the(_arg(a, "page", ""))),
    )


def _page_read(a: Announcement) -> str:
    return say(
        "{winner} reads {page} victory page in the Book of Victories and applies it: remove "
        "and add the cards it shows, place its alliance tiles (record each tile here too).",
        winner=a.who,
        page=the(_arg(a, "page", "")),
    )


def _quick_affinity_spoken(a: Announcement) -> str:
    return say("{player}: discard the affinity card.", player=a.who)


QUICK_MESSAGES: dict[str, Message] = {
    "unite": Message(
        _quick_unite, lambda a: say("{player}: discard the whole hand.", player=a.who)
    ),
    "affinity.match": Message(_quick_affinity, _quick_affinity_spoken),
    "affinity.hand": Message(_quick_affinity, _quick_affinity_spoken),
    "popularity": Message(
        _quick_popularity, lambda a: say("Move {player}'s marker.", player=a.who)
    ),
    "direction": Message(_quick_direction, lambda a: _("Flip the direction token.")),
    "turn.hand-limit": Message(
        _turn_hand_limit,
        lambda a: say(
            "{player}: keep {limit} personalities at most.", player=a.who, limit=_arg(a, "limit")
        ),
    ),
    "turn.refill": Message(
        _turn_refill,
        lambda a: say("Refill the crossroads to {size} cards.", size=_arg(a, "size")),
    ),
    "next": Message(
        lambda a: say("{player}'s turn.", player=a.who),
        lambda a: say("{player}'s turn.", player=a.who),
        said_when_info=True,
    ),
    "won": Message(_quick_won, lambda a: say("{player} wins.", player=a.who), cue="game-end"),
    "tile": Message(_tile),
    "round.won": Message(_round_won),
    "round.end": Message(
        lambda a: _(
            "Everyone discards their hand and affinity and returns their persuasion tokens."
        )
    ),
    "page.none": Message(
        lambda a: _(
            "No alliance was united this round: there is no victory page to read; go to the "
            "next round."
        )
    ),
    "page.read-before": Message(_page_read_before),
    "page.read": Message(_page_read),
    "page.removed-before": Message(
        lambda a: _("A card the page removes that is already out of the game: ignore it.")
    ),
}
# Every move of the quick game and the campaign in words: ``QUICK_WORDS.render(a, form)``.
QUICK_WORDS = Words(QUICK_MESSAGES)
quick_cues = QUICK_WORDS.cues


def quick_spoken(announcements: Sequence[Announcement]) -> list[str]:
    """The spoken lines of a quick-game or campaign step, in order; a line the same as the
    one before is said once (the round win that also wins a campaign is "won" twice)."""
    lines = QUICK_WORDS.spoken(announcements)
    return [line for n, line in enumerate(lines) if n == 0 or line != lines[n - 1]]


# The affinities as a sentence names them ("affinity hand"): the ids the player types,
# in the player's language.
AFFINITY_WORDS = {"match": N_("match"), "hand": N_("hand")}


def describe_quick_event(event: Mapping[str, Any] | QuickEvent) -> str:
    """One quick-game step (typed or its journal table) in words: the one text of the log
    screen, undo and the CLI. A table that is no step is shown as it is."""
    try:
        step = quick_event(event)
    except InputError:
        return _raw_event(event)
    match step:
        case Unite(player, alliance, affinity):
            known = load_deck().alliances.get(alliance)
            name = alliance_name(alliance) if known else alliance
            if affinity == "none":
                return say("{player} unites the {alliance}", player=player, alliance=name)
            return say(
                "{player} unites the {alliance} (affinity {affinity}, +{bonus}%)",
                player=player,
                alliance=name,
                affinity=_(AFFINITY_WORDS.get(affinity, affinity)),
                bonus=AFFINITY_BONUS[affinity],
            )
        case Popularity(player, delta):
            if delta >= 0:
                return say("{player} popularity +{delta}%", player=player, delta=delta)
            return say("{player} popularity −{delta}%", player=player, delta=-delta)
        case Flip():
            return _("flip the direction token")
        case Next():
            return _("next player")


def _raw_event(event: Mapping[str, Any] | CampaignEvent) -> str:
    """A journal table that is no known step, as it is: its kind and fields (ids and data)."""
    data = dict(event) if isinstance(event, Mapping) else to_dict(event)
    kind = data.get("kind")
    rest = ", ".join(f"{k} {v}" for k, v in data.items() if k != "kind")
    return f"{kind}: {rest}" if rest else str(kind)


def describe_campaign_event(event: Mapping[str, Any] | CampaignEvent) -> str:
    """One campaign step (typed or its journal table) in words: a quick-game step, or an
    alliance tile."""
    if isinstance(event, Mapping):
        if event.get("kind") != "alliance":
            return describe_quick_event(event)
        try:
            tile = campaign_event(event)
        except InputError:
            return describe_quick_event(event)  # not a tile: shown as it is
        assert isinstance(tile, AllianceTile)
        step = tile
    elif isinstance(event, AllianceTile):
        step = event
    else:
        return describe_quick_event(event)
    if step.replaces:
        return say(
            "alliance tile {name} on {covered}: unite with {unite}, +{gain}%",
            name=step.name,
            covered=the(step.replaces),
            unite=step.unite,
            gain=step.gain,
        )
    return say(
        "alliance tile {name}: unite with {unite}, +{gain}%",
        name=step.name,
        unite=step.unite,
        gain=step.gain,
    )
