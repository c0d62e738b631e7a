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

from companion.core.catalog import say
from companion.core.errors import CompanionError
from companion.euphoria.board import (
    AUTOMAS,
    SINGLE_OCCUPANCY,
    SITES,
    automa_word,
    site_threshold,
    space_name,
)
from companion.euphoria.effects import Table, update_penalty_sides
from companion.euphoria.event_types import Correct, parse_placed
from companion.euphoria.state import (
    CORRECTED,
    PENALTY_FACE,
    TOKENS,
    WORKERS,
    AutomaState,
    GameState,
    is_construction_site,
)

__all__ = ["check_board", "correct", "parse_placed"]


def correct(table: Table, event: Correct) -> None:
    """Apply a checked ``correct`` event: an Automa's workers and tokens and/or a site, then
    check the board against the rules (`check_board`); a win stands (only undo takes it)."""
    state = table.state
    winner = state.winner
    if event.automa is not None:
        _correct_automa(table, event.automa, event)
    if event.site is not None:
        _correct_site(state, event.site, event)
        table.tell("corrected", "", "", "info", spaces=(event.site,))
    check_board(state)
    if not state.human_won:  # a human's reported win stands whatever the Automas' tokens
        state.winner = next((a for a in AUTOMAS if state.automas[a].tokens_left == 0), "")
    if winner and state.winner != winner:
        raise CompanionError(
            say(
                "the game is over: {winner} won; a correction cannot take a win back "
                "(undo the winning step instead)",
                winner=winner,
            )
        )
    if event.automa is not None and event.penalty_side is not None:
        state.automas[event.automa].penalty_side = event.penalty_side
    else:
        update_penalty_sides(table)


def _correct_automa(table: Table, owner: str, event: Correct) -> None:
    """A correction of one Automa: its workers (ready, placed, on the card) and tokens left."""
    me = table.state.automas[owner]
    available = list(me.available if event.available is None else event.available)
    placed = list(me.placed if event.placed is None else event.placed)
    card = list(me.penalty_card if event.penalty_card is None else event.penalty_card)
    workers = len(available) + len(placed) + len(card)
    if workers != WORKERS:
        raise CompanionError(
            say(
                "{automa} would have {workers} workers; an Automa has {total} (available + "
                "placed + on the card)",
                automa=automa_word(owner),
                workers=workers,
                total=WORKERS,
            )
        )
    if any(k != PENALTY_FACE for k in card):
        raise CompanionError(
            say(
                "only workers showing {face} go onto the faction/penalty card (Market Penalties)",
                face=PENALTY_FACE,
            )
        )
    me.available, me.placed, me.penalty_card = available, placed, card
    if event.tokens_left is not None:
        _correct_tokens(me, event.tokens_left)
    table.tell(
        "corrected",
        "",
        owner,
        "info",
        spaces=tuple(w.space for w in me.placed),
        ready=tuple(me.available),
        placed=tuple((w.knowledge, w.space) for w in me.placed),
        card=tuple(me.penalty_card),
        left=me.tokens_left,
    )


def _correct_site(state: GameState, site: str, event: Correct) -> None:
    """A correction of one site (built, the humans' workers, the Automas' tokens on it)."""
    info = state.sites[site]
    if event.built and not info.built and state.automa_workers_on(site):
        raise CompanionError(
            say(
                "Automa workers stand on the construction site of {site}: report the market "
                "built (market-built) so they return, re-roll and place their tokens",
                site=space_name(site),
            )
        )
    if event.built is not None:
        info.built = event.built
    if event.humans is not None:
        info.humans, info.humans_exact = event.humans, True
    if info.built:
        info.humans = 0
    if event.market_tokens is not None:
        _correct_market_tokens(state, site, event.market_tokens)


def _correct_market_tokens(state: GameState, site: str, holders: tuple[str, ...]) -> None:
    """Make the Automas with a token on the market of ``site`` exactly ``holders``."""
    for owner in AUTOMAS:
        tokens = state.automas[owner].tokens
        if owner in holders and site not in tokens:
            if state.automas[owner].tokens_left <= 0:
                raise CompanionError(
                    say(
                        "{automa} has no authority token left to place on {site} (an Automa "
                        "has {tokens})",
                        automa=automa_word(owner),
                        site=space_name(site),
                        tokens=TOKENS,
                    )
                )
            tokens.append(site)
        elif owner not in holders and site in tokens:
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
                say(
                    "the construction site of {site} would hold {workers} workers; {threshold} "
                    "build it with {players} players (report the market built instead)",
                    site=space_name(site),
                    workers=state.site_workers(site),
                    threshold=threshold,
                    players=state.players,
                )
            )
    for space in SINGLE_OCCUPANCY:
        if is_construction_site(state, space):
            continue
        there = state.automa_workers_on(space)
        if len(there) > 1:
            raise CompanionError(
                say(
                    "{space} holds one worker; the correction puts {workers} there",
                    space=space_name(space),
                    workers=len(there),
                )
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
