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
from dataclasses import dataclass
from typing import Any

from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.questions import Announcement
from companion.euphoria import game
from companion.euphoria.board import AUTOMAS, FACTION_NAMES, SITES, area_of, space_name
from companion.euphoria.state import ALLEGIANCE, CORRECTED, TERRITORY, GameState


@dataclass(frozen=True)
class LoggedStep:
    """One journal event: its number, a title, and what the app announced for it."""

    number: int
    title: str
    announcements: list[Announcement]


def _faction(area: object) -> str:
    return FACTION_NAMES.get(str(area), str(area))


def describe_event(event: dict[str, Any]) -> str:
    """A journal event in a few words, e.g. 'bump: black from the Euphorian tunnel'."""
    kind = event.get("kind", "?")
    if kind == "turn":
        return "Automa turn"
    if kind == "bump":
        return f"bump: {event.get('automa')} from {space_name(str(event.get('space')))}"
    if kind in ("site-add", "site-remove"):
        verb = "placed on" if kind == "site-add" else "taken from"
        return (
            f"{event.get('count', 1)} human worker(s) {verb} the construction site of "
            f"{space_name(str(event.get('site')))}"
        )
    if kind == "sites":
        listed = ", ".join(f"{space_name(s)} {n}" for s, n in event.get("workers", {}).items() if n)
        return f"humans' workers on construction sites: {listed or 'none'}"
    if kind == "market-built":
        text = f"market built: {space_name(str(event.get('site')))}"
        if "automas" in event:
            text += f" ({', '.join(event['automas']) or 'no Automa'} there)"
        return text
    if kind == "activation":
        return f"recruit activation: {_faction(event.get('faction'))}"
    if kind == "last-tier":
        return f"last tier: {_faction(event.get('faction'))}"
    if kind == "human-won":
        return f"human {event.get('player', 1)} placed their last authority token and won"
    if kind == "correct":
        facts = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("kind", "answers"))
        return f"correction: {facts}"
    return str(kind)


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
                title = f"Automa turn {report.turn} — cards {report.action} / {report.support}"
                said = report.announcements
            else:
                fields = {k: v for k, v in event.items() if k not in ("kind", "answers")}
                said = game.apply_event(copy, event["kind"], answers, **fields)
        except CompanionError as exc:  # should not happen for a journal that replays
            said = [Announcement(text=f"(cannot be shown: {exc})", kind="info")]
            copy.events.append(event)
        if answers:
            title += " · answers: " + ", ".join(f"{k}={v or '(none)'}" for k, v in answers.items())
        steps.append(LoggedStep(number, title, said))
    return steps


def last_step(journal: Journal) -> LoggedStep | None:
    """The journal's last event with its announcements (None before the first step)."""
    if not journal.events:
        return None
    return replay_steps(journal, first=len(journal.events))[-1]


# --- undo: what to put back on the table ------------------------------------------------------


def _token_place(where: str) -> str:
    if where.startswith(TERRITORY):
        return f"the {_faction(where.removeprefix(TERRITORY))} territory"
    if where.startswith(ALLEGIANCE):
        return f"beside the {_faction(where.removeprefix(ALLEGIANCE).split(':')[0])} track"
    if where == CORRECTED:
        return "where the correction placed it"
    return space_name(where)


def _do(text: str, who: str = "", what: str = "undo") -> Announcement:
    return Announcement(text=text, who=who, kind="do", what=what)


def _workers_back(before: GameState, after: GameState, owner: str) -> list[Announcement]:
    """Each worker move of ``owner`` between ``before`` and ``after``, reversed."""
    name = owner.capitalize()
    was, now = before.automas[owner], after.automas[owner]
    lines = []
    old = Counter((w.knowledge, w.space) for w in was.placed)
    new = Counter((w.knowledge, w.space) for w in now.placed)
    for (knowledge, space), n in sorted((new - old).items(), key=str):
        for _ in range(n):
            lines.append(
                _do(
                    f"Take {owner}'s {knowledge} back from {space_name(space)} to its ready "
                    "workers.",
                    owner,
                    "undo.worker_off",
                )
            )
    for (knowledge, space), n in sorted((old - new).items(), key=str):
        where = (
            f"the construction site of {space_name(space)}"
            if space in SITES and not before.sites[space].built
            else space_name(space)
        )
        for _ in range(n):
            lines.append(
                _do(f"Put {owner}'s {knowledge} back on {where}.", owner, "undo.worker_on")
            )
    if Counter(was.penalty_card) != Counter(now.penalty_card):
        faces = ", ".join(map(str, sorted(was.penalty_card))) or "none"
        lines.append(
            _do(f"{name}'s workers on its faction/penalty card: {faces}.", owner, "undo.card")
        )
    if sorted(was.available) != sorted(now.available):
        faces = ", ".join(map(str, sorted(was.available))) or "none"
        lines.append(
            _do(f"Turn {owner}'s ready workers back to show: {faces}.", owner, "undo.dice")
        )
    return lines


def _tokens_back(before: GameState, after: GameState, owner: str) -> list[Announcement]:
    was, now = Counter(before.automas[owner].tokens), Counter(after.automas[owner].tokens)
    lines = []
    for where, n in (now - was).items():
        for _ in range(n):
            lines.append(
                _do(
                    f"Take {owner}'s authority token back from {_token_place(where)}.",
                    owner,
                    "undo.token_off",
                )
            )
    for where, n in (was - now).items():
        for _ in range(n):
            lines.append(
                _do(
                    f"Put {owner}'s authority token back on {_token_place(where)}.",
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
                track = "tunnel's miner" if item.what == "track.miner" else "allegiance track"
                lines.append(_do(f"Move the {area} {track} back by 1.", item.who, "undo.track"))
            elif item.what == "track.commodity" and item.spaces:
                area = _faction(area_of(item.spaces[0]))
                lines.append(
                    _do(
                        f"If the {area} allegiance track advanced for it, move it back by 1.",
                        item.who,
                        "undo.track",
                    )
                )
            elif item.what == "bazaar.discard":
                turn = turns.get(step.number, 0)
                lines.append(
                    Announcement(
                        text=f"The Bazaar discard of turn {turn} cannot be taken back on the "
                        "table: put the artifact back in its slot if you still can.",
                        kind="info",
                        what="undo.bazaar",
                    )
                )
            elif item.what == "market.humans_return":
                lines.append(
                    _do(
                        "Put the humans' workers that came back from the new market on its "
                        "construction site again.",
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
            side = "penalty" if before.automas[owner].penalty_side else "non-penalty"
            lines.append(
                _do(
                    f"Turn {owner}'s faction/penalty card back to the {side} side.",
                    owner,
                    "undo.flip",
                )
            )
    for site in SITES:
        was, now = before.sites[site].humans, after.sites[site].humans
        if now != was and not after.sites[site].built:
            lines.append(
                _do(
                    f"The humans' workers on the construction site of {space_name(site)} are "
                    f"{was} again as far as the app knows: take back a worker placed there by "
                    "mistake.",
                    "",
                    "undo.humans",
                )
            )
        if after.sites[site].built and not before.sites[site].built:
            lines.append(
                _do(
                    f"Turn {space_name(site)} back into its construction site.",
                    "",
                    "undo.unbuild",
                )
            )
    lines += _from_announcements(undone, turns)
    if after.turn != before.turn:
        lines.append(_deck_back(before, after))
    if after.winner and not before.winner:
        lines.append(
            Announcement("The game goes on: nobody has won yet.", kind="info", what="undo.won")
        )
    return lines


def _deck_back(before: GameState, after: GameState) -> Announcement:
    """The Automa cards of the undone turns, back where they were."""
    if before.deck.action is None and before.deck.support is None:
        text = "Gather the Automa cards drawn since the set-up back into the deck as it was."
    else:
        pair = " and ".join(
            f"{role} card {card}"
            for role, card in (("action", before.deck.action), ("support", before.deck.support))
            if card
        )
        text = (
            "Put the Automa cards drawn since back on top of the deck (the first one drawn on "
            f"top); the {pair} face up again."
        )
        if after.deck.passes != before.deck.passes:
            text += " The deck was rebuilt since: lay it out as before the rebuild."
    return _do(text, "", "undo.deck")
