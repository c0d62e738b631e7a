"""Manual corrections of a Euphoria Automa game, checked by the rules of the game.

A ``correct`` event may change what the app knows of an Automa (workers,
penalty side, tokens) or of a site; `check_board` refuses a correction that
makes a game the rules could not reach (issue "corrections that cannot break
a game"): tokens left 0-10 and a token placed only while one is left, a win
kept, only 6s on the penalty card, unbuilt sites below their threshold, one
worker on a single-worker space, a market not "built" while Automa workers
stand on its site.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import CompanionError, InputError
from companion.core.validate import Reader, parse_int
from companion.euphoria.board import (
    AUTOMAS,
    DIE_FACES,
    SINGLE_OCCUPANCY,
    SITES,
    site_threshold,
    space_name,
)
from companion.euphoria.effects import Table, update_penalty_sides
from companion.euphoria.model import PlacedWorker
from companion.euphoria.state import (
    CORRECTED,
    PENALTY_FACE,
    TOKENS,
    WORKERS,
    AutomaState,
    GameState,
    check_space,
    is_construction_site,
)


def parse_placed(text: str) -> PlacedWorker:
    """'4@euphoria.tunnel' -> PlacedWorker(4, 'euphoria.tunnel'); InputError (field
    ``placed``) for anything else: a knowledge that is not a die face, an unknown space."""
    knowledge, sep, space = str(text).partition("@")
    try:
        if not sep:
            raise InputError("no @")
        face = parse_int(knowledge)
    except InputError:
        raise InputError(
            f"{text!r}: expected KNOWLEDGE@SPACE, e.g. 4@euphoria.tunnel", field="placed"
        ) from None
    face = Reader().whole_number(face, "placed", *DIE_FACES)
    return PlacedWorker(face, check_space(space.strip(), "placed"))


def automa_summary(me: AutomaState) -> str:
    """What the app now knows of an Automa, in the table's words: its ready workers, where
    its placed workers stand, those on its faction/penalty card and its tokens left."""
    placed = ", ".join(f"{w.knowledge} on {space_name(w.space)}" for w in me.placed)
    return "; ".join(
        (
            "ready " + (" ".join(map(str, me.available)) or "none"),
            "placed " + (placed or "none"),
            "on its card " + (" ".join(map(str, me.penalty_card)) or "none"),
            f"{me.tokens_left} authority tokens left",
        )
    )


def correct(table: Table, kind: str, f: dict[str, Any]) -> None:
    """Apply a checked ``correct`` event: an Automa's workers and tokens and/or a site, then
    check the board against the rules (`check_board`); a win stands (only undo takes it)."""
    state = table.state
    winner = state.winner
    if "automa" in f:
        owner = f["automa"]
        me = state.automas[owner]
        available = f.get("available", me.available)
        placed = [parse_placed(p) for p in f["placed"]] if "placed" in f else me.placed
        card = f.get("penalty_card", me.penalty_card)
        if len(available) + len(placed) + len(card) != WORKERS:
            raise CompanionError(
                f"{owner} would have {len(available) + len(placed) + len(card)} workers; "
                f"an Automa has {WORKERS} (available + placed + on the card)"
            )
        if any(k != PENALTY_FACE for k in card):
            raise CompanionError(
                f"only workers showing {PENALTY_FACE} go onto the faction/penalty card "
                "(Market Penalties)"
            )
        me.available, me.placed, me.penalty_card = list(available), list(placed), list(card)
        if "tokens_left" in f:
            _correct_tokens(me, f["tokens_left"])
        table.say(
            f"Corrected {owner}: {automa_summary(me)}.",
            "",
            owner,
            "info",
            what="corrected",
            spaces=tuple(w.space for w in me.placed),
        )
    if "site" in f:
        _correct_site(state, f)
        table.say(
            f"Corrected {space_name(f['site'])}.",
            "",
            "",
            "info",
            what="corrected",
            spaces=(f["site"],),
        )
    check_board(state)
    if not state.human_won:  # a human's reported win stands whatever the Automas' tokens
        state.winner = next((a for a in AUTOMAS if state.automas[a].tokens_left == 0), "")
    if winner and state.winner != winner:
        raise CompanionError(
            f"the game is over: {winner} won; a correction cannot take a win back "
            "(undo the winning step instead)"
        )
    if "penalty_side" in f:
        state.automas[f["automa"]].penalty_side = f["penalty_side"]
    else:
        update_penalty_sides(table)


def _correct_site(state: GameState, f: dict[str, Any]) -> None:
    """A correction of one site (built, the humans' workers, the Automas' tokens on it)."""
    site = f["site"]
    info = state.sites[site]
    if f.get("built") and not info.built and state.automa_workers_on(site):
        raise CompanionError(
            f"Automa workers stand on the construction site of {space_name(site)}: report the "
            "market built (market-built) so they return, re-roll and place their tokens"
        )
    if "built" in f:
        info.built = f["built"]
    if "humans" in f:
        info.humans, info.humans_exact = f["humans"], True
    if info.built:
        info.humans = 0
    if "market_tokens" in f:
        for owner in AUTOMAS:
            tokens = state.automas[owner].tokens
            if owner in f["market_tokens"] and site not in tokens:
                if state.automas[owner].tokens_left <= 0:
                    raise CompanionError(
                        f"{owner} has no authority token left to place on {space_name(site)} "
                        f"(an Automa has {TOKENS})"
                    )
                tokens.append(site)
            elif owner not in f["market_tokens"] and site in tokens:
                tokens.remove(site)


def check_board(state: GameState) -> None:
    """Raise CompanionError if what the app knows of the board breaks the rules of the game.

    An unbuilt site holds fewer workers than build it (2 with 3 players, 3 with 4):
    the worker that completes it builds the market. A single-occupancy space
    holds one worker. Used after every correction, so a fix never makes a game
    the rules could not reach.
    """
    threshold = site_threshold(state.players)
    for site in SITES:
        if not state.sites[site].built and state.site_workers(site) >= threshold:
            raise CompanionError(
                f"the construction site of {space_name(site)} would hold "
                f"{state.site_workers(site)} workers; {threshold} build it with {state.players} "
                "players (report the market built instead)"
            )
    for space in SINGLE_OCCUPANCY:
        if is_construction_site(state, space):
            continue
        there = state.automa_workers_on(space)
        if len(there) > 1:
            raise CompanionError(
                f"{space_name(space)} holds one worker; the correction puts {len(there)} there"
            )


def _correct_tokens(me: AutomaState, tokens_left: int) -> None:
    """Make ``tokens_left`` right: add "corrected" tokens, or take back the latest ones."""
    while me.tokens_left > tokens_left:
        me.tokens.append(CORRECTED)
    while me.tokens_left < tokens_left:
        if CORRECTED in me.tokens:
            me.tokens.remove(CORRECTED)
        else:
            me.tokens.pop()
