"""The Automa turn said aloud: a name kept for the shells that import it.

The spoken lines are worded in :mod:`companion.euphoria.words`, beside the screen text and
the journal line of the same move; this module only gives its functions their old names.
"""

from __future__ import annotations

from companion.euphoria.words import WORDS, cues, spoken, spoken_line

# The sound cue of an announcement, by ``what`` (the ids of ``companion.speech.cues``).
CUES = {what: message.cue for what, message in WORDS.messages.items() if message.cue}

__all__ = ["CUES", "cues", "spoken", "spoken_line"]
