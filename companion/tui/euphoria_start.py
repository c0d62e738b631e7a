"""The one call from the set-up wizard into the Euphoria engine: start a game, save it.

Kept apart so the wizard has no engine details: it hands over the options
dict (and the answers to any questions the engine asked, e.g. the physical
dice of the Automas' starting workers) and gets back the save path, the
journal and the set-up checklist items. The engine raises NeedAnswers when it
needs facts; the wizard asks them and calls again.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core import session
from companion.core.catalog import _
from companion.core.journal import Journal
from companion.core.saves import new_save_path


class GameNotAvailable(Exception):
    """The engine cannot start this game yet."""


@dataclass
class StartedGame:
    """A new game: where it is saved, its journal, and the set-up checklist to tick."""

    path: Path
    journal: Journal
    checklist: list[Any]  # ChecklistItem (title, lines, why), Announcement or str


def start_euphoria_game(
    options: dict[str, Any],
    seed: int | None,
    data_dir: Path,
    answers: Mapping[str, str] | None = None,
) -> StartedGame:
    """Set up a new Euphoria Automa game and save it in ``data_dir``.

    ``options`` are the fields of `companion.euphoria.state.GameOptions`;
    ``seed`` None means a random one. Raises NeedAnswers (nothing saved) when
    the engine needs facts, InputError when the options cannot make a game.
    """
    try:
        game = importlib.import_module("companion.euphoria.game")
    except ModuleNotFoundError as exc:
        raise GameNotAvailable(_("Euphoria games are not available yet")) from exc
    from companion.euphoria.state import GameOptions

    game_options = GameOptions.from_dict(options)
    journal = game.new_game(game_options, seed, answers)
    path = new_save_path(data_dir, journal.game)
    session.create_game(path, journal)
    return StartedGame(path=path, journal=journal, checklist=game.checklist(game.replay(journal)))
