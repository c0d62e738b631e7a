"""Benchmark: how many keys a turn takes on the table screen, and how many of them only move
the view (navigation), at each screen size.

A seeded player plays a game on the one table screen (Pilot, no terminal): each turn it
presses the key of an action (the main one, the Automa turn, unless ``--actions`` names
others to mix in), answers every question by the keys a player would press (a digit, a
typed card id, digits and Enter, y or n), then presses PageDown on the list of what to do
until every line to do of the step has been on screen (navigation keys; the target is
none). The answers are random but fit their question (seeded), so "physical" set-ups ask
what the table knows (a printed card's id, a die) and "app" set-ups ask nearly nothing.

    python3 benchmarks/bench_keys.py euphoria --turns 16 --set deck=bundled --set dice=app
    python3 benchmarks/bench_keys.py euphoria --turns 16 --set deck=physical --set dice=physical
    python3 benchmarks/bench_keys.py toy-race --turns 4     # the test-only toy game
    python3 benchmarks/bench_keys.py ephios-solo --turns 16 --every-turn \
        --actions recruit --actions recruit-top --actions debate --actions unite

``--set ID=ANSWER`` answers a set-up question (the rest take their defaults); ``--size
COLSxROWS`` (repeatable; default 40x20, 41x33, 80x24, 120x40: 41x33 is the terminal the
phone build's page gives at 390×844 CSS px, read from the page in chromium). Prints, per
size, keys per turn (all, answers, navigation) and the turns that needed navigation, and the
floor: one key for the action and one for each question a turn asks (what the player must
tell). A measurement, not a test: the figures are in
docs/performance.md ("Keys per turn").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

SIZES = ((40, 20), (41, 33), (80, 24), (120, 40))  # 41x33: the phone build at 390×844
MAX_PAGES = 12  # PageDown presses before a line is counted as never shown


@dataclass
class Count:
    """The keys of one size's run."""

    answers: list[int] = field(default_factory=list)  # per turn: action key + answer keys
    floor: list[int] = field(default_factory=list)  # per turn: the action + each question
    navigation: list[int] = field(default_factory=list)  # per turn: PageDown presses
    unreached: int = 0  # lines to do never brought on screen


async def play(
    game_id: str,
    size: tuple[int, int],
    set_up: dict[str, str],
    turns: int,
    mix: list[str],
    seed: int,
    every: bool = False,
) -> Count:
    """Play ``turns`` turns of a new game of ``game_id`` at ``size``; count the keys."""
    from fit_helpers import unseen_lines
    from key_answers import begun, tell_step, waits
    from tui_helpers import until, wait_for_screen

    from companion import paths
    from companion.core import registry, session
    from companion.tui.app import CompanionApp
    from companion.tui.screens.table import TableScreen

    rng = random.Random(seed)
    game = registry.table(game_id)
    assert game is not None, f"{game_id} has no game object"
    answers = dict(set_up)
    journal = begun(game, answers, rng, seed)  # a physical set-up asks the Automas' dice
    path = paths.data_dir() / f"bench-{game_id}-{size[0]}x{size[1]}.toml"
    session.create(game.rules, path, journal, force=True)
    count = Count()
    app = CompanionApp()
    async with app.run_test(size=size) as pilot:
        app.open_game(path, journal)
        screen = await wait_for_screen(pilot, TableScreen)
        for _turn in range(turns):
            actions = screen.view.actions
            if not actions:
                break
            mixed = mix and (every or rng.random() < 0.3)
            wanted = [a for a in actions if a.id in mix] if mixed else []
            main = next((a for a in actions if a.main), actions[0])
            action = rng.choice(wanted) if every and wanted else (wanted or [main])[0]
            keys, told = await tell_step(pilot, screen, action.key, rng)
            await until(pilot, lambda: waits(screen))
            count.answers.append(keys)
            count.floor.append(told)
            news = screen.query_one("#t-news")
            said = list(news.announcements)
            region = news.region if app.screen is screen else None
            missing = set(unseen_lines(app, said, region))
            pages = 0
            if missing and app.screen is not screen:  # the game ended: its screen is up
                print(f"    on {type(app.screen).__name__}, not seen: {sorted(missing)}")
            while missing and pages < MAX_PAGES and app.screen is screen:
                screen.query_one("#t-news").focus()
                await pilot.press("pagedown")
                pages += 1
                seen_now = unseen_lines(app, said, news.region)
                missing -= {line for line in missing if line not in seen_now}
            count.navigation.append(pages)
            count.unreached += len(missing)
    return count


def main() -> None:
    """Play and print the keys per turn at each size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--turns", type=int, default=16)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--set", action="append", default=[], metavar="ID=ANSWER")
    parser.add_argument("--size", action="append", default=[], metavar="COLSxROWS")
    parser.add_argument("--actions", action="append", default=[], metavar="ACTION")
    parser.add_argument(
        "--every-turn",
        action="store_true",
        help="each turn presses the key of one of --actions (at random), not the main action",
    )
    args = parser.parse_args()
    set_up = dict(item.split("=", 1) for item in args.set)
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.size] or list(SIZES)
    os.environ.setdefault("COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="bench-keys-"))
    os.environ.setdefault("COMPANION_DOUBLE_PRESS", "0")
    if args.game == "toy-race":
        from fixtures import toy_game

        toy_game.register()
    print(f"{args.game}: {args.turns} turns, set-up {set_up or 'defaults'}, seed {args.seed}")
    for size in sizes:
        count = asyncio.run(
            play(args.game, size, set_up, args.turns, args.actions, args.seed, args.every_turn)
        )
        turns = len(count.answers)
        nav = sum(count.navigation)
        print(
            f"  {size[0]}x{size[1]}: {turns} turns, "
            f"{(sum(count.answers) + nav) / max(turns, 1):.2f} keys a turn "
            f"({statistics.mean(count.answers or [0]):.2f} action + answers, "
            f"floor {statistics.mean(count.floor or [0]):.2f}: the action and each question, "
            f"{nav / max(turns, 1):.2f} navigation); "
            f"{sum(1 for n in count.navigation if n)} turns needed navigation; "
            f"{count.unreached} lines to do never on screen"
        )


if __name__ == "__main__":
    main()
