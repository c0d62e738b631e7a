"""Seeded randomness: every shuffle and die roll of a game comes from its seed.

A game stores only its seed and its journal; replaying the journal with the
same seed gives the same cards and dice, which is what makes undo and
resuming exact. Each purpose draws from its own stream (``stream(seed,
"deck", 3)``) so that, for instance, rolling one more die does not change the
next shuffle.
"""

from __future__ import annotations

import hashlib
import random


def stream(seed: int, *labels: object) -> random.Random:
    """A random generator determined by the game seed and a label path."""
    text = ":".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def new_seed() -> int:
    """A fresh seed for a game whose user gave none (shown in the save so it can be replayed)."""
    return random.SystemRandom().randrange(1, 2**31)


def roll_die(seed: int, *labels: object) -> int:
    """One six-sided die roll, determined by the seed and the labels."""
    return stream(seed, "die", *labels).randint(1, 6)
