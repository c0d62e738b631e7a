"""A player's answers by keys: a random answer that fits a question, and the keys a player
presses on the question panel to give it (shared by the whole-evening fit test and the
key-count benchmark, benchmarks/bench_keys.py)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any


def answer(question: Any, rng: random.Random) -> str:
    """A random answer that fits ``question`` (its default half the time)."""
    if question.default and rng.random() < 0.5:
        return str(question.default)
    choices = [c for c in question.choices if c not in question.disabled]
    if question.kind == "yes_no":
        return rng.choice(["yes", "no"])
    if question.kind == "one":
        return str(rng.choice(choices))
    if question.kind == "many":
        return ",".join(rng.sample(choices, rng.randint(0, min(2, len(choices)))))
    if question.kind == "text":
        return "Ann"
    low = question.minimum if question.minimum is not None else 0
    high = question.maximum if question.maximum is not None else low + 10
    return str(rng.randint(low, high))


def keys_for(question: Any, raw: str) -> list[str]:
    """The keys a player presses to give ``raw`` to ``question`` on the question panel."""
    from companion.tui.widgets.choices import choice_keys, one_key_range, typed_keys

    if question.kind == "yes_no":
        return ["y" if raw == "yes" else "n"]
    if question.kind == "one":
        index = list(question.choices).index(raw)
        if typed_keys(question):
            typed = list(question.keys[index])
            others = [k for k in question.keys if k != question.keys[index]]
            whole = question.keys[index].upper()
            # A key that begins another (S1 among S1 and S10) waits for Enter.
            return typed + (["enter"] if any(k.upper().startswith(whole) for k in others) else [])
        key = choice_keys(question)[index]
        return [key]
    if question.kind == "many":
        keys = choice_keys(question)
        picked = [keys[list(question.choices).index(c)] for c in raw.split(",") if c]
        return [*picked, "enter"]
    if question.kind == "number":
        if one_key_range(question):
            return [raw]
        return [*raw, "enter"]
    return [*raw, "enter"]


def begun(game: Any, answers: dict[str, str], rng: random.Random, seed: int) -> Any:
    """A new game's journal from ``answers``, each further set-up question answered at
    random as a player would (a few rounds at most)."""
    from companion.core import table as tables
    from companion.core.questions import NeedAnswers

    for _tries in range(20):
        try:
            return tables.begin(game, answers, seed=seed)
        except NeedAnswers as need:
            answers.update({q.id: answer(q, rng) for q in need.questions})
    raise AssertionError(f"{game.id}: its set-up kept asking")


def waits(screen: Any) -> bool:
    """Whether the table waits for an action: nothing asked, or only the main action's
    questions it offers while it waits (the Ephios solo game's menu)."""
    return bool(screen.pending is None or screen.idle)


async def tell_step(
    pilot: Any,
    screen: Any,
    key: str,
    rng: random.Random,
    press: Callable[[Any, str], Awaitable[None]] | None = None,
) -> tuple[int, int]:
    """Press an action's ``key`` on the table screen, then answer every question its step
    asks by a player's keys, until the step is saved or the table waits again; the keys
    pressed, and the things told (the action and one per question). Between keys the app
    is let run while it has work queued (``tui_helpers.pending``: Pilot's press has waited
    for every widget to take its messages, so a pause with none changes nothing), and
    once more when a question is awaited and none is queued. Each key is ``press(pilot,
    key)``: Pilot's press by default, the fit tests' (``fit_helpers.press``: Pilot's wait
    for the screen only while the app is busy) where given."""
    from tui_helpers import pending

    from companion.tui.widgets.questions import QuestionPanel

    async def pilot_press(pilot: Any, key: str) -> None:
        """Pilot's own press of one key."""
        await pilot.press(key)

    press_key = press or pilot_press
    before = len(screen.journal.events)
    panel = screen.query_one(QuestionPanel)
    asked = panel.current  # the menu the table offers while it waits: the key answers it
    keys, told = 1, 1
    await press_key(pilot, key)
    for _question in range(40):
        if pending(pilot.app):
            await pilot.pause()
        if len(screen.journal.events) > before or waits(screen):
            break
        question = panel.current
        if question is None or question is asked:
            await pilot.pause()
            continue
        asked = question
        told += 1
        for pressed in keys_for(question, answer(question, rng)):
            keys += 1
            await press_key(pilot, pressed)
    return keys, told
