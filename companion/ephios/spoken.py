"""Ephios said aloud: a name kept for the shells that import it.

The spoken lines are worded in :mod:`companion.ephios.words`, beside the screen text and the
journal line of the same move; this module only gives its functions their old names.
"""

from __future__ import annotations

from companion.ephios.words import (
    QUICK_WORDS,
    SOLO_WORDS,
    cues,
    quick_cues,
    quick_spoken,
    spoken,
    spoken_line,
)

# The sound cue of a solo announcement, by ``what`` (the ids of ``companion.speech.cues``).
CUES = {what: message.cue for what, message in SOLO_WORDS.messages.items() if message.cue}
# The sound cue of a quick-game or campaign announcement, by ``what``.
QUICK_CUES = {what: message.cue for what, message in QUICK_WORDS.messages.items() if message.cue}

__all__ = ["CUES", "QUICK_CUES", "cues", "quick_cues", "quick_spoken", "spoken", "spoken_line"]
