"""One whole Automa turn (rulebook Part 2, "Automa Turns"; design reading 7).

Draw an Automa card, the Bazaar discard (when the Bazaar is in play and the
action card shows one), then the black Automa, then the white Automa, both
from the same card pair. Each Automa's decision comes from ``decide``; this
module builds its Situation from what the app knows (asking only for facts
the decision depends on that a human may have changed) and carries the
decision out on the state, announcing each step for the table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.core.catalog import _, say
from companion.core.errors import CompanionError
from companion.core.questions import Announcement, Answers, NeedAnswers, Question
from companion.core.rng import stream
from companion.euphoria import deck_cycle
from companion.euphoria.board import (
    AUTOMAS,
    SINGLE_OCCUPANCY,
    SITES,
    automa_word,
    site_threshold,
)
from companion.euphoria.cards import AutomaCard, AutomaDeck, card_labels
from companion.euphoria.decide import decide
from companion.euphoria.effects import (
    Table,
    build_market,
    penalty_why,
    place_token,
    return_and_roll,
    settle,
    update_penalty_sides,
)
from companion.euphoria.model import Decision, PlacedWorker, Site, Situation
from companion.euphoria.setup import bazaar_slot
from companion.euphoria.site_questions import SITES_QUESTION as SITES_QUESTION
from companion.euphoria.site_questions import SITES_TWO_QUESTION as SITES_TWO_QUESTION
from companion.euphoria.site_questions import learn_site_count, learn_sites, site_choices
from companion.euphoria.state import PENALTY_CARD, GameState, is_construction_site, place_name
from companion.euphoria.tracks import advance_tracks

MARKET_ACTIONS = ("artifact_market", "construct_market")

# The tracks whose reaching 8 / 11 (miner 6) a turn asks about, with the tracks asked after
# every advance (``report_tracks`` off): each Automa's ``{automa}.{track}`` question.
TRACKS_ASKED = ("allegiance", "miner")


@dataclass(frozen=True)
class TurnOutcome:
    """What one Automa turn did: its number, the card pair, and the announcements."""

    turn: int
    action: str
    support: str
    rebuilt: bool
    add_in: int
    announcements: list[Announcement]


def situation_for(
    state: GameState, automa: str, action: AutomaCard, support: AutomaCard
) -> Situation:
    """The Situation of one Automa's turn, from what the app knows now."""
    me = state.automas[automa]
    occupied: set[str] = set()
    for name in state.automas:
        for w in state.automas[name].placed:
            if w.space in SINGLE_OCCUPANCY and not (is_construction_site(state, w.space)):
                occupied.add(w.space)
    sites = {
        s: Site(
            built=state.sites[s].built,
            workers=0 if state.sites[s].built else state.site_workers(s),
            automa_tokens=frozenset(a for a in state.automas if s in state.automas[a].tokens),
        )
        for s in SITES
    }
    return Situation(
        players=state.players,
        automa=automa,
        faction=me.faction,
        action=action.action_for(automa),
        support=support.faction_for(automa),
        camping=support.camping,
        available=tuple(sorted(me.available, reverse=True)),
        placed=tuple(me.placed),
        penalty_card=tuple(me.penalty_card),
        occupied=frozenset(occupied),
        sites=sites,
        retrieve_with_one_worker=state.cards.retrieve_with_one_worker,
    )


def _decide(
    state: GameState, automa: str, action: AutomaCard, support: AutomaCard, answers: Answers
) -> Decision:
    decision = decide(situation_for(state, automa, action, support))
    if decision.decision != "place" or action.action_for(automa) not in MARKET_ACTIONS:
        return decision
    if not site_choices(state):
        return decision
    known = state.sites_fresh or state.options.report_sites
    if not known:
        learn_sites(state, answers)
        decision = decide(situation_for(state, automa, action, support))
    space = decision.space
    if (
        space is not None
        and is_construction_site(state, space)
        and not state.sites[space].humans_exact
    ):
        learn_site_count(state, space, answers)
        decision = decide(situation_for(state, automa, action, support))
    return decision


def _sites_may_matter(state: GameState, answers: Answers) -> bool:
    """Whether the sites question goes with the card questions of this round: a card is
    asked, the sites are not known, and an action card that can come has a market action."""
    if state.sites_fresh or state.options.report_sites:
        return False
    asked = [q for q in answers.missing if q.id == "deck.action"]
    if not asked:
        return False
    cards = state.cards.cards
    return any(cards[c].action_for(a) in MARKET_ACTIONS for c in asked[0].choices for a in AUTOMAS)


def _cards_answered_before_sites(state: GameState, answers: Answers) -> bool:
    """Whether this turn's cards were asked (physical deck) and answered while the sites are
    not known: the round that asked the cards may have asked the sites with them."""
    if state.sites_fresh or state.options.report_sites or not site_choices(state):
        return False
    return "deck.action" in answers.asked and "deck.action" in answers.raw


def _one_of(given: str, choices: list[str]) -> bool:
    """Whether the card id ``given`` is one of ``choices``, in any case (as it is read)."""
    return given.casefold() in (c.casefold() for c in choices)


def card_question(cards: AutomaDeck, qid: str, text: str, choices: list[str]) -> Question:
    """Which Automa card was drawn: each candidate labelled by the half read now (the action
    half for the action card, the support half for the support card), plus the other half
    where two candidates would look alike."""
    half = "support" if qid == "deck.support" else "action"
    labels = card_labels([cards.cards[c] for c in choices], half)
    return Question(id=qid, text=text, kind="one", choices=tuple(choices), labels=tuple(labels))


def _draw(state: GameState, answers: Answers) -> bool:
    """Draw the next turn's card pair onto ``state.deck`` (physical cards: as answered; a card
    not answered yet is left None for the caller to ask); whether the deck was rebuilt."""

    def shuffle(cards: list[str], passes: int) -> None:
        """Shuffle a rebuilt Automa deck with this game's seed stream for rebuild ``passes``."""
        stream(state.seed, "deck", "rebuild", passes).shuffle(cards)

    def pick(qid: str, text: str, choices: list[str]) -> str | None:
        """Which Automa card was drawn (physical cards: the deck's cards are unknown); None
        while it is not answered (both cards of a rebuild are asked in one round)."""
        question = card_question(state.cards, qid, text, choices)
        given = answers.raw.get(qid, "").strip()
        support = answers.raw.get("deck.support", "").strip()
        if qid == "deck.action" and support and given and not _one_of(given, choices):
            # Asked in the same round as the support card, among the cards that could come
            # before it was known: this one cannot come after that support card. Ask again.
            raise NeedAnswers(
                [
                    replace(
                        question,
                        text=say(
                            "{card} cannot be the action card with {support} as the support "
                            "card. {question}",
                            card=given,
                            support=support,
                            question=text,
                        ),
                    )
                ]
            )
        value = answers.get(question)
        return None if value is None else str(value)

    return deck_cycle.draw_pair(state.deck, shuffle, pick)


def draw_line(state: GameState, answers: Answers) -> Announcement:
    """The first announcement of the next Automa turn (its card pair drawn, the deck rebuilt
    if it was), with ``state``'s deck and turn count moved on as the turn moves them and
    nothing else: the Automas do not play. The card pair depends on the deck alone, which
    only Automa turns change, so a journal's turn lines (``journal_text.journal_lines``)
    need no replay of the Automas' moves. ``answers``: the turn's (physical cards)."""
    number = state.turn + 1
    add_ins_before = state.deck.add_ins_used
    rebuilt = _draw(state, answers)
    answers.require()  # physical cards: NeedAnswers if a card is not answered
    assert state.deck.action is not None and state.deck.support is not None  # a pair was drawn
    table = Table(state, answers, ("turn", number, "deck"), "deck")
    action = state.cards.cards[state.deck.action]
    support = state.cards.cards[state.deck.support]
    _announce_draw(table, number, action, support, rebuilt, add_ins_before)
    state.turn = number
    return table.out[0]


def run_turn(state: GameState, answers: Answers) -> TurnOutcome:
    """Play the next Automa turn on ``state`` (mutated; give it a copy). Raises NeedAnswers
    when a fact is missing (the copy is then thrown away) and CompanionError when the game
    is over."""
    if state.winner:
        raise CompanionError(say("the game is over: {winner} won", winner=state.winner_name))
    number = state.turn + 1
    table = Table(state, answers, ("turn", number, "deck"), "deck")
    add_ins_before = state.deck.add_ins_used
    rebuilt = _draw(state, answers)
    if _sites_may_matter(state, answers):
        # A card is asked: which construction sites hold a human's worker is asked in the
        # same round (the move may depend on it), so that once the cards and sites are known
        # the move is, and its dice come in the next round: a CLI `turn` asks in two rounds.
        # The app asks the cards first and this only if the move needs it; an answer that
        # turns out not to be needed is not recorded.
        learn_sites(state, answers)
    elif _cards_answered_before_sites(state, answers):
        # The sites were asked in the round that asked the cards; once the cards are known
        # the move may not need them: answered then, they are not refused now.
        answers.note(SITES_QUESTION, SITES_TWO_QUESTION)
    answers.require()  # the card(s) asked, all in one round
    assert state.deck.action is not None and state.deck.support is not None  # a pair was drawn
    action = state.cards.cards[state.deck.action]
    support = state.cards.cards[state.deck.support]
    _announce_draw(table, number, action, support, rebuilt, add_ins_before)
    announcements = list(table.out)
    # Dice not rolled yet count as 1 meanwhile, so white's questions come in the same round
    # as black's dice (a CLI `turn` asks in few rounds); with every answer given the whole
    # turn is played again with the real faces. Black's faces never change white's move, but
    # the face of a white worker black's move sent back does (a 6 may go onto its card):
    # then white waits for it, so none of white's questions is asked for a move it may not
    # make.
    announcements = _play_automas(state, answers, number, action, support, announcements)
    try:
        answers.require()
    except NeedAnswers as need:
        raise _waiting(need, number, action, support, announcements) from None
    state.turn = number
    # The humans take their turns next: what they hold on construction sites is unknown again.
    state.sites_fresh = False
    return TurnOutcome(
        turn=number,
        action=action.id,
        support=support.id,
        rebuilt=rebuilt,
        add_in=state.deck.add_ins_used,
        announcements=announcements,
    )


def _note_track_questions(state: GameState, answers: Answers) -> None:
    """A track question asked in an earlier round, for a move that the answers of a later
    round changed (a physical card picked again, a die's real face), may not be asked now:
    answered then, it is not refused, and not recorded."""
    if not state.options.report_tracks:
        answers.note(*(f"{automa}.{track}" for automa in AUTOMAS for track in TRACKS_ASKED))


def _play_automas(
    state: GameState,
    answers: Answers,
    number: int,
    action: AutomaCard,
    support: AutomaCard,
    announcements: list[Announcement],
) -> list[Announcement]:
    """Black's turn, then white's, from the same card pair: the announcements so far with
    theirs. Raises NeedAnswers (with what to show meanwhile) when a fact is missing."""
    announcements = list(announcements)
    for automa in ("black", "white"):
        if state.winner:
            break
        step = Table(state, answers, ("turn", number, automa), automa)
        try:
            automa_step(step, automa, action, support)
        except NeedAnswers as need:
            raise _waiting(need, number, action, support, announcements + step.out) from None
        announcements += step.out
        if "white" in step.unrolled and automa == "black":
            waiting = NeedAnswers(list(answers.missing))
            raise _waiting(waiting, number, action, support, announcements)
    _note_track_questions(state, answers)
    return announcements


def _announce_draw(
    table: Table,
    number: int,
    action: AutomaCard,
    support: AutomaCard,
    rebuilt: bool,
    add_ins_before: int,
) -> None:
    """Announce the card pair drawn ("Draw an Automa Card", the deck rebuilt if it was) and
    the Bazaar discard its action card calls for ("Automa and the New Antiques Bazaar")."""
    state = table.state
    why = _(
        "Draw an Automa Card: the previous action card slides right to become the support card."
    )
    if rebuilt:
        why = _(
            "Draw an Automa Card: the deck was empty, so every card of the pass-through and the "
            "next add-in deck (while one remains) were shuffled into a new deck; its top card is "
            "the support card."
        )
    table.tell(
        "deck.rebuilt" if rebuilt else "deck.draw",
        why,
        "",
        "info",
        cards=(action.id, support.id),
        rule="Draw an Automa Card",
        turn=number,
        passes=state.deck.passes,
        add_in=state.deck.add_ins_used,
        add_in_before=add_ins_before,
    )
    if state.options.bazaar and action.bazaar:
        table.tell(
            "bazaar.discard",
            say(
                "Discard {artifact}, slide the artifacts on its left one space right, and "
                "refill the leftmost space from the artifact deck. Automa and the New "
                "Antiques Bazaar: action card {card} highlights the artifact {slot} from the "
                "right; only one artifact is discarded per turn.",
                artifact=bazaar_slot(action.bazaar),
                card=action.id,
                slot=action.bazaar,
            ),
            cards=(action.id,),
            slots=(action.bazaar,),
            rule="Automa and the New Antiques Bazaar",
        )


def _waiting(
    need: NeedAnswers,
    number: int,
    action: AutomaCard,
    support: AutomaCard,
    said: list[Announcement],
) -> NeedAnswers:
    """``need`` with what to show while the user answers: the pair just drawn and the steps
    so far (a physical die not rolled yet reads "roll it")."""
    need.context.update(turn=number, action=action.id, support=support.id)
    need.announcements = list(said)
    return need


def automa_step(table: Table, automa: str, action: AutomaCard, support: AutomaCard) -> None:
    """One Automa's turn: retrieve, or place a single worker."""
    state = table.state
    decision = _decide(state, automa, action, support, table.answers)
    if decision.decision == "retrieve":
        _retrieve(table, automa, decision)
    else:
        _put(table, automa, decision)
    update_penalty_sides(table)


def _retrieve(table: Table, automa: str, decision: Decision) -> None:
    me = table.state.automas[automa]
    why = " ".join(decision.why)
    if not decision.retrieved:
        table.tell("automa.retrieve", why, automa)
        _leave(table, automa, decision)
        return
    origins = "; ".join(
        say(
            "{knowledge} from {space}",
            knowledge=w.knowledge,
            space=place_name(table.state, w.space),
        )
        for w in decision.retrieved
    )
    places = {id(w): place_name(table.state, w.space) for w in decision.retrieved}
    for worker in decision.retrieved:
        if worker.space == PENALTY_CARD:
            me.penalty_card.remove(worker.knowledge)
        else:
            me.placed.remove(worker)
    faces = [
        table.roll(
            automa,
            say(
                "the worker {automa} just took back from {space}",
                automa=automa_word(automa),
                space=places[id(w)],
            ),
        )
        for w in decision.retrieved
    ]
    rolled = settle(table, automa, faces)
    why = say("Retrieved: {workers}. {why}", workers=origins, why=why)
    if rolled.to_card:
        why = f"{why} {penalty_why()}"
    table.tell(
        "automa.retrieve",
        why,
        automa,
        spaces=tuple(w.space for w in decision.retrieved),
        dice=rolled.known,
        rule="Market Penalties" if rolled.to_card else "",
        knowledge=tuple(w.knowledge for w in decision.retrieved),
        faces=rolled.faces,
        to_card=rolled.to_card,
    )
    _leave(table, automa, decision)


def _leave(table: Table, automa: str, decision: Decision) -> None:
    """The workers a retrieving Automa leaves on the board, after its retrieval line."""
    taken = {w.knowledge for w in decision.retrieved}
    for worker, reason in zip(decision.leave, decision.leave_reasons, strict=False):
        # A worker left with the same face as one taken back is a line of its own (which
        # die stays); otherwise the retrieval's why tells it.
        table.tell(
            "automa.leave",
            reason,
            automa,
            "do" if worker.knowledge in taken else "info",
            spaces=(worker.space,),
            dice=(worker.knowledge,),
            site=is_construction_site(table.state, worker.space),
        )


def _put(table: Table, automa: str, decision: Decision) -> None:
    state = table.state
    me = state.automas[automa]
    space = decision.space
    knowledge = decision.worker
    assert space is not None and knowledge is not None  # a "place" decision names both
    constructing = is_construction_site(state, space)
    table.tell(
        "automa.place",
        " ".join(decision.why),
        automa,
        spaces=(space,),
        dice=(knowledge,),
        site=constructing,
    )
    me.available.remove(knowledge)
    if space in SINGLE_OCCUPANCY and not constructing:
        there = state.automa_workers_on(space)
        for owner, worker in there:
            return_and_roll(
                table,
                owner,
                worker,
                _(
                    "Single-occupancy space: placing there bumps the worker on it, which "
                    "returns to its owner and is re-rolled."
                ),
            )
        if not there:
            table.tell(
                "human.bumped",
                _("Single-occupancy space: the worker on it returns to its owner."),
                automa,
                "info",
                spaces=(space,),
            )
    me.placed.append(PlacedWorker(knowledge, space))
    if decision.authority_token and place_token(
        table,
        automa,
        decision.authority_token,
        _("The action table row places an authority token."),
    ):
        return
    if decision.completes_site:
        build_market(
            table,
            space,
            say(
                "The construction site now holds the {threshold} workers that build a market "
                "with {players} players.",
                threshold=site_threshold(state.players),
                players=state.players,
            ),
        )
        return
    update_penalty_sides(table)
    if not constructing:
        advance_tracks(table, automa, space, knowledge)
