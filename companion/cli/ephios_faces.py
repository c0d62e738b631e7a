"""How the protocol's commands print the Ephios games (``companion ephios solo|quick|campaign
new / show / undo / redo``): each game's JSON keys and lines, as they have always been.

A reply is ``{"announcements": [...], "state": {...}}`` with ``--json``; as text, each
announcement on a line (``- text  (why)``), then the game's lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.cli.ephios_words import action_words, campaign_lines, solo_lines, table_lines
from companion.cli.table import Face, Reply
from companion.core.catalog import N_, _, say
from companion.core.errors import InputError
from companion.core.game import TableGame
from companion.core.journal import Journal
from companion.core.questions import Announcement
from companion.ephios import campaign, quick, solo

# The shell's own hints, by the engine's message id (the engine names no command).
HINTS = {
    "page.read": N_(
        "record each tile: companion ephios campaign alliance SAVE NAME --gain N --unite N"
    ),
}

# How a game is printed: its JSON object, its lines of text.
JsonOf = Callable[[Any, Journal], dict[str, Any]]
LinesOf = Callable[[Any], list[str]]


def announcement_lines(out: Sequence[Announcement]) -> list[str]:
    """Each announcement on a line with its why, and the shell's hint for it if any."""
    lines = []
    for item in out:
        why = f"  ({item.why})" if item.why else ""
        lines.append(f"- {item.text}{why}")
        if item.what in HINTS:
            lines.append(f"  ({_(HINTS[item.what])})")
    return lines


def report(out: Sequence[Announcement], state: dict[str, Any], lines: list[str]) -> Reply:
    """The announcements of a step and the game after it."""
    said = {"announcements": [a.to_json() for a in out], "state": state}
    return Reply(said, [*announcement_lines(out), *lines])


def quick_json(state: quick.QuickState, journal: Journal) -> dict[str, Any]:
    """A quick game as its commands print it (``show --json``, a step's ``state``)."""
    data: dict[str, Any] = state.to_json()
    data["game"] = quick.GAME
    data["revision"] = journal.revision
    data["can_undo"] = journal.can_undo()
    data["can_redo"] = journal.can_redo()
    return data


def campaign_json(state: campaign.CampaignState, journal: Journal) -> dict[str, Any]:
    """A campaign as its commands print it."""
    data: dict[str, Any] = state.to_json()
    data["revision"] = journal.revision
    data["can_undo"] = journal.can_undo()
    data["can_redo"] = journal.can_redo()
    return data


def solo_json(state: solo.SoloState, journal: Journal) -> dict[str, Any]:
    """A solo game as its commands print it: with the legal actions (as `solo act` words)
    and what the table as it is loses (``warnings``)."""
    data = state.to_json()
    data["legal_actions"] = [" ".join(action_words(a)) for a in solo.legal_actions(state)]
    data["revision"] = journal.revision
    data["warnings"] = [a.to_json() for a in solo.threats(state)]
    data["can_undo"] = journal.can_undo()
    data["can_redo"] = journal.can_redo()
    return data


class EphiosFace(Face):
    """An Ephios game's face: its state's JSON and lines; ``replay`` its typed state,
    ``setup_steps`` what to set up on the table; ``options`` its new game's options from
    the values of its ``new`` command and the answers."""

    def __init__(
        self,
        replay: Callable[[Journal, str], Any],
        setup_steps: Callable[[Any], list[Announcement]],
        json_of: JsonOf,
        lines_of: LinesOf,
        options: Callable[[Mapping[str, Any], dict[str, str]], Mapping[str, Any]],
    ) -> None:
        self.replay, self.setup_steps = replay, setup_steps
        self.json_of, self.lines_of, self.options = json_of, lines_of, options

    def journal(
        self,
        game: TableGame[Any],
        values: Mapping[str, Any],
        answers: dict[str, str],
        seed: int | None,
    ) -> Journal:
        """The new game of the game object, from the options of ``new``."""
        return game.new(self.options(values, answers), seed)

    def created(self, game: TableGame[Any], path: Path, journal: Journal, save: str) -> Reply:
        """What to set up on the table, and the game."""
        state = self.replay(journal, str(path))
        return report(self.setup_steps(state), self.json_of(state, journal), self.lines_of(state))

    def shown(self, game: TableGame[Any], path: Path, journal: Journal) -> Reply:
        """The game's JSON, or its lines."""
        state = self.replay(journal, str(path))
        return Reply(self.json_of(state, journal), self.lines_of(state))

    def moved(
        self,
        game: TableGame[Any],
        path: Path,
        journal: Journal,
        moved: list[dict[str, Any]],
        steps: int,
        before: Any,
        undo: bool,
    ) -> Reply:
        """The step taken back or brought back, and the game."""
        step = game.describe(moved[0])
        text = (
            say("Took back: {step}. Put the table back as it was.", step=step)
            if undo
            else say("Brought back: {step}. Put the table back as it was.", step=step)
        )
        state = self.replay(journal, str(path))
        out = [Announcement(text, kind="info")]
        return report(out, self.json_of(state, journal), self.lines_of(state))


def reveal_answers(reveals: Sequence[str], answers: Mapping[str, str]) -> dict[str, str]:
    """The cards given with ``--reveal`` as the answers ``reveal-1``... and the ``--answer``s;
    an answer that contradicts a ``--reveal`` is refused."""
    given = {f"reveal-{n}": value.strip().lower() for n, value in enumerate(reveals, 1)}
    for key, value in answers.items():
        if key in given and given[key] != value.strip().lower():
            raise InputError(
                say(
                    "--answer {key}={value} contradicts --reveal {card}",
                    key=key,
                    value=value,
                    card=given[key],
                )
            )
        given[key] = value
    return given


def _solo_options(values: Mapping[str, Any], answers: dict[str, str]) -> Mapping[str, Any]:
    """A solo game's options: its difficulty and the crossroads revealed."""
    return {
        "difficulty": values["difficulty"],
        "reveals": reveal_answers(values["reveals"], answers),
    }


def _round_options(values: Mapping[str, Any], answers: dict[str, str]) -> Mapping[str, Any]:
    """A quick game's or a campaign's options: its players and who starts."""
    return {"players": list(values["players"]), "first": values["first"]}


SOLO = EphiosFace(solo.replay, solo.setup_steps, solo_json, solo_lines, _solo_options)
QUICK = EphiosFace(quick.replay, quick.setup_steps, quick_json, table_lines, _round_options)
CAMPAIGN = EphiosFace(
    campaign.replay, campaign.setup_steps, campaign_json, campaign_lines, _round_options
)
