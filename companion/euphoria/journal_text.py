"""What the journal's steps said, and what to do on the table to take them back.

One describer of a Euphoria journal event (`describe_event`), used by the
move log, the undo / redo messages of the app and the CLI alike;
`replay_steps` plays the journal again to show each step with its
announcements; `undo_lines` says, for steps about to be undone, what to put
back on the table (each line the action that reverses one change, in the
imperative), from the difference between the game before and after them and
from what their announcements mean (data, never their text).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, assert_never

from companion.core.catalog import say, say_n
from companion.core.errors import CompanionError, InputError
from companion.core.journal import Journal
from companion.core.questions import Announcement
from companion.euphoria import event_types, game
from companion.euphoria.board import (
    AUTOMAS,
    SITES,
    area_of,
    automa_name,
    automa_word,
    faction_name,
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
from companion.euphoria.state import ALLEGIANCE, CORRECTED, TERRITORY, GameState


@dataclass(frozen=True)
class LoggedStep:
    """One journal event: its number, a title, and what the app announced for it."""

    number: int
    title: str
    announcements: list[Announcement]


def _faction(area: object) -> str:
    return faction_name(str(area))


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
            listed = ", ".join(
                say("{site} {n}", site=space_name(s), n=n) for s, n in event.workers if n
            )
            return say(
                "humans' workers on construction sites: {listed}", listed=listed or say("none")
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


def replay_steps(journal: Journal, first: int = 1) -> list[LoggedStep]:
    """Play the journal's events again through the engine API; return steps ``first``.. on."""
    copy = Journal(game=journal.game, seed=journal.seed, options=dict(journal.options))
    steps: list[LoggedStep] = []
    for number, event in enumerate(journal.events, 1):
        answers = event.get("answers")
        if number < first:
            copy.events.append(event)
            continue
        title = describe_event(event)
        try:
            if event.get("kind") == "turn":
                report = game.run_turn(copy, answers)
                title = say(
                    "Automa turn {turn} — cards {action} / {support}",
                    turn=report.turn,
                    action=report.action,
                    support=report.support,
                )
                said = report.announcements
            else:
                said = game.replay_event(copy, event)
        except CompanionError as exc:  # should not happen for a journal that replays
            said = [Announcement(text=say("(cannot be shown: {error})", error=exc), kind="info")]
            copy.events.append(event)
        if answers:
            given = ", ".join(f"{k}={v or say('(none)')}" for k, v in answers.items())
            title = say("{title} · answers: {answers}", title=title, answers=given)
        steps.append(LoggedStep(number, title, said))
    return steps


def journal_lines(journal: Journal) -> list[dict[str, Any]]:
    """The journal's steps, one line each in the player's language: ``index`` (1 = the
    first), ``revision`` (of the save that wrote it; None if not known) and ``line`` (an
    Automa turn with its card pair, seen then; a human event as the move log says it)."""
    state = game.RULES.start(journal)
    out = []
    for index, event in enumerate(journal.events, 1):
        state, _said = game.RULES.apply(state, event, index)
        if event.get("kind") == "turn":
            line = say(
                "Automa turn {turn} — cards {action} / {support}",
                turn=state.turn,
                action=state.deck.action,
                support=state.deck.support,
            )
        else:
            line = describe_event(event)
        out.append({"index": index, "revision": journal.revision_of(index), "line": line})
    return out


def last_step(journal: Journal) -> LoggedStep | None:
    """The journal's last event with its announcements (None before the first step)."""
    if not journal.events:
        return None
    return replay_steps(journal, first=len(journal.events))[-1]


# --- undo: what to put back on the table ------------------------------------------------------


def _token_place(where: str) -> str:
    if where.startswith(TERRITORY):
        return say("the {faction} territory", faction=_faction(where.removeprefix(TERRITORY)))
    if where.startswith(ALLEGIANCE):
        area = where.removeprefix(ALLEGIANCE).split(":")[0]
        return say("beside the {faction} track", faction=_faction(area))
    if where == CORRECTED:
        return say("where the correction placed it")
    return space_name(where)


def _do(
    text: str,
    who: str = "",
    what: str = "undo",
    spaces: tuple[str, ...] = (),
    dice: tuple[int, ...] = (),
) -> Announcement:
    return Announcement(text=text, who=who, kind="do", what=what, spaces=spaces, dice=dice)


def _workers_back(before: GameState, after: GameState, owner: str) -> list[Announcement]:
    """Each worker move of ``owner`` between ``before`` and ``after``, reversed."""
    name = automa_name(owner)
    was, now = before.automas[owner], after.automas[owner]
    lines = []
    old = Counter((w.knowledge, w.space) for w in was.placed)
    new = Counter((w.knowledge, w.space) for w in now.placed)
    for (knowledge, space), n in sorted((new - old).items(), key=str):
        for _ in range(n):
            lines.append(
                _do(
                    say(
                        "Take {automa}'s {knowledge} back from {space} to its ready workers.",
                        automa=automa_word(owner),
                        knowledge=knowledge,
                        space=space_name(space),
                    ),
                    owner,
                    "undo.worker_off",
                    (space,),
                    (knowledge,),
                )
            )
    for (knowledge, space), n in sorted((old - new).items(), key=str):
        where = (
            say("the construction site of {site}", site=space_name(space))
            if space in SITES and not before.sites[space].built
            else space_name(space)
        )
        for _ in range(n):
            lines.append(
                _do(
                    say(
                        "Put {automa}'s {knowledge} back on {space}.",
                        automa=automa_word(owner),
                        knowledge=knowledge,
                        space=where,
                    ),
                    owner,
                    "undo.worker_on",
                    (space,),
                    (knowledge,),
                )
            )
    if Counter(was.penalty_card) != Counter(now.penalty_card):
        faces = ", ".join(map(str, sorted(was.penalty_card))) or say("none")
        lines.append(
            _do(
                say(
                    "{Automa}'s workers on its faction/penalty card: {faces}.",
                    Automa=name,
                    faces=faces,
                ),
                owner,
                "undo.card",
            )
        )
    if sorted(was.available) != sorted(now.available):
        faces = ", ".join(map(str, sorted(was.available))) or say("none")
        lines.append(
            _do(
                say(
                    "Turn {automa}'s ready workers back to show: {faces}.",
                    automa=automa_word(owner),
                    faces=faces,
                ),
                owner,
                "undo.dice",
            )
        )
    return lines


def _tokens_back(before: GameState, after: GameState, owner: str) -> list[Announcement]:
    was, now = Counter(before.automas[owner].tokens), Counter(after.automas[owner].tokens)
    lines = []
    for where, n in (now - was).items():
        for _ in range(n):
            lines.append(
                _do(
                    say(
                        "Take {automa}'s authority token back from {place}.",
                        automa=automa_word(owner),
                        place=_token_place(where),
                    ),
                    owner,
                    "undo.token_off",
                )
            )
    for where, n in (was - now).items():
        for _ in range(n):
            lines.append(
                _do(
                    say(
                        "Put {automa}'s authority token back on {place}.",
                        automa=automa_word(owner),
                        place=_token_place(where),
                    ),
                    owner,
                    "undo.token_on",
                )
            )
    return lines


def _from_announcements(steps: list[LoggedStep], turns: dict[int, int]) -> list[Announcement]:
    """Reversals told by what the undone steps announced (tracks, the Bazaar)."""
    lines = []
    for step in reversed(steps):
        for item in step.announcements:
            if item.what in ("track.miner", "track.allegiance") and item.spaces:
                area = _faction(area_of(item.spaces[0]))
                text = (
                    say("Move the {faction} tunnel's miner back by 1.", faction=area)
                    if item.what == "track.miner"
                    else say("Move the {faction} allegiance track back by 1.", faction=area)
                )
                lines.append(_do(text, item.who, "undo.track"))
            elif item.what == "track.commodity" and item.spaces:
                area = _faction(area_of(item.spaces[0]))
                lines.append(
                    _do(
                        say(
                            "If the {faction} allegiance track advanced for it, move it back by 1.",
                            faction=area,
                        ),
                        item.who,
                        "undo.track",
                    )
                )
            elif item.what == "bazaar.discard":
                turn = turns.get(step.number, 0)
                lines.append(
                    Announcement(
                        text=say(
                            "The Bazaar discard of turn {turn} cannot be taken back on the "
                            "table: put the artifact back in its slot if you still can.",
                            turn=turn,
                        ),
                        kind="info",
                        what="undo.bazaar",
                        cards=item.cards,
                        slots=item.slots,
                    )
                )
            elif item.what == "market.humans_return":
                lines.append(
                    _do(
                        say(
                            "Put the humans' workers that came back from the new market on its "
                            "construction site again."
                        ),
                        "",
                        "undo.humans",
                    )
                )
    return lines


def undo_lines(journal: Journal, steps: int) -> list[Announcement]:
    """What to do on the table to take back the journal's last ``steps`` steps.

    Call it before undoing. Each line reverses one change: workers taken back or
    put back, dice turned back, tokens, flips, built markets, tracks, the deck.
    """
    count = len(journal.events)
    steps = max(0, min(steps, count))
    if not steps:
        return []
    after = game.replay(journal)
    earlier = Journal(
        game=journal.game,
        seed=journal.seed,
        options=dict(journal.options),
        events=list(journal.events[: count - steps]),
    )
    before = game.replay(earlier)
    undone = replay_steps(journal, first=count - steps + 1)
    turns: dict[int, int] = {}
    turn = before.turn
    for number, event in enumerate(journal.events[count - steps :], count - steps + 1):
        if event.get("kind") == "turn":
            turn += 1
        turns[number] = turn
    lines: list[Announcement] = []
    for owner in AUTOMAS:
        lines += _workers_back(before, after, owner)
        lines += _tokens_back(before, after, owner)
        if before.automas[owner].penalty_side != after.automas[owner].penalty_side:
            lines.append(
                _do(
                    say(
                        "Turn {automa}'s faction/penalty card back to the penalty side.",
                        automa=automa_word(owner),
                    )
                    if before.automas[owner].penalty_side
                    else say(
                        "Turn {automa}'s faction/penalty card back to the non-penalty side.",
                        automa=automa_word(owner),
                    ),
                    owner,
                    "undo.flip",
                )
            )
    for site in SITES:
        was, now = before.sites[site].humans, after.sites[site].humans
        if now != was and not after.sites[site].built:
            lines.append(
                _do(
                    say(
                        "The humans' workers on the construction site of {site} are {workers} "
                        "again as far as the app knows: take back a worker placed there by "
                        "mistake.",
                        site=space_name(site),
                        workers=was,
                    ),
                    "",
                    "undo.humans",
                    (site,),
                )
            )
        if after.sites[site].built and not before.sites[site].built:
            lines.append(
                _do(
                    say("Turn {site} back into its construction site.", site=space_name(site)),
                    "",
                    "undo.unbuild",
                    (site,),
                )
            )
    lines += _from_announcements(undone, turns)
    if after.turn != before.turn:
        lines.append(_deck_back(before, after))
    if after.winner and not before.winner:
        lines.append(
            Announcement(say("The game goes on: nobody has won yet."), kind="info", what="undo.won")
        )
    return lines


def _deck_back(before: GameState, after: GameState) -> Announcement:
    """The Automa cards of the undone turns, back where they were."""
    action, support = before.deck.action, before.deck.support
    if action is None and support is None:
        text = say("Gather the Automa cards drawn since the set-up back into the deck as it was.")
    else:
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
        if after.deck.passes != before.deck.passes:
            text = say(
                "{text} The deck was rebuilt since: lay it out as before the rebuild.", text=text
            )
    return _do(text, "", "undo.deck")
