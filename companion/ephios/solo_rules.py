"""The numbers and rule texts of Ephios solo mode, each named once (rulebook, "Solo Mode").

Every number the solo engine uses comes from here (the Plot's crossroads size
lives in :mod:`companion.ephios.plot`, the Dignitaries' persuasion value in
the deck file). ``WHY_*`` are the short rule citations the announcements
carry; ``RULE_*`` the rulebook sections they come from.
"""

from __future__ import annotations

from companion.core.catalog import N_, _, say
from companion.ephios.plot import CROSSROADS_SIZE

GAME = "ephios-solo"
# "Choose your difficulty by placing a marker on: 30% (easy), 20% (normal) or 10% (hard)."
DIFFICULTIES = {"easy": 30, "normal": 20, "hard": 10}
# "form a supply of 5 persuasion tokens. You start the game with 2 taken from the supply."
# (the quick game's "Each player starts with 2" and "5 persuasion tokens maximum" too:
# companion.ephios.setup uses these)
SUPPLY = 5
START_TOKENS = 2
# "You can only have 5 persuasion tokens maximum."
MAX_TOKENS = 5
# End of Turn: "If you have more than 3 personalities in hand, discard the excess."
HAND_LIMIT = 3
# Debate: "Gain 2 persuasion tokens."
DEBATE_GAIN = 2
# Recruit: "the first card of the draw pile by spending 1 persuasion token."
RECRUIT_TOP_COST = 1
# Solo Unite: "gain only 10% popularity, regardless of the united alliance."
UNITE_GAIN = 10
# "If you must shuffle the discard pile to form a new draw pile, reduce your popularity by 10%."
RESHUFFLE_LOSS = 10
# The popularity track runs from 0% (defeat) to 100%.
MIN_POPULARITY = 0
MAX_POPULARITY = 100
# Corrupt: "the Plot will take 2 turns in a row."
CORRUPT_PLOT_TURNS = 2
# "Gather the 5 different affinities" / "the 5 Dignitaries": one per alliance of the base game.
ALLIANCES = 5
ZONES = ("crossroads", "hand", "plot", "discard", "draw")
CORRECTIONS = ("popularity", "persuasion", "affinities")

RULE_SETUP = "Solo Mode > Setup"
RULE_PLAYER = "Solo Mode > Course of Solo Mode > Player's turn"
RULE_PLOT = "Solo Mode > Course of Solo Mode > Plot's turn"
RULE_END_OF_TURN = "Solo Mode > End of Turn"
RULE_CLARIFICATIONS = "Solo Mode > Clarifications"
RULE_END = "Solo Mode > Victory and Defeat"
RULE_RECRUIT = "Quick Game > Course of a Game > 1 - Recruit"
RULE_DEBATE = "Quick Game > Course of a Game > 2 - Debate"
RULE_USE = "Quick Game > Course of a Game > 3 - Use"

# The rule citations, as messages of the catalog: :func:`why` fills their numbers from
# the constants above (a number is never written twice).
WHY_RECRUIT = N_("Recruit: spend as many persuasion tokens as the value on the card")
WHY_RECRUIT_TOP = N_(
    "Recruit: take the first card of the draw pile for {top_cost} persuasion token"
)
WHY_DEBATE = N_(
    "Debate: gain {debate_gain} persuasion tokens by discarding a personality from the "
    "crossroads ({max_tokens} held at most)"
)
WHY_UNITE = N_(
    "Solo mode, Unite: discard all your hand and gain only {unite_gain}% popularity, "
    "whatever the alliance"
)
WHY_BANKER = N_(
    "Solo clarification, the Banker: using it to unite an alliance other than the Company "
    "gives no {unite_gain}%"
)
WHY_AFFINITY = N_("Solo mode, Unite: an alliance united for the first time gives its affinity")
WHY_CORRUPT = N_(
    "Solo mode, Corrupt: discard a Dignitary from the Plot zone; the Plot then takes "
    "{plot_turns} turns in a row"
)
WHY_PERCEPTIVE = N_(
    "Solo clarification, the Perceptive: choose a card in the Plot zone and add it to your hand"
)
WHY_PREACHER = N_(
    "Solo clarification, the Preacher: when the Plot debates, you may add that personality "
    "to your hand"
)
WHY_USE = N_("Use: reveal the card, apply its effect, discard it")
WHY_REPLAY = N_("Use: a card that says Replay")
WHY_HAND_LIMIT = N_(
    "End of Turn: more than {hand_limit} personalities in hand, discard the excess (no effects)"
)
WHY_REFILL = N_(
    "End of Turn: slide the crossroads right, then reveal new personalities into the empty slots"
)
WHY_SHORT = N_("End of Turn: fewer than {crossroads} cards on the crossroads")
WHY_EMPTY_PILES = N_("End of Turn: only the cards left can be revealed")
WHY_RESHUFFLE = N_(
    "End of Turn: shuffling the discard pile into a new draw pile costs {loss}% popularity"
)
WHY_MOVE = N_(
    "Use: reveal the card, apply its effect; a move you report, the app does not model it"
)
WHY_MEDIUM = N_(
    "Use, the Medium: no more room on the crossroads, add the card anyway; "
    "refill when it again has fewer than {crossroads} cards"
)
WHY_SET = N_("Table correction: the app now follows the table")
WHY_WON = N_("Solo mode, Victory: you gathered the {alliances} different affinities")
WHY_LOST_POPULARITY = N_("Solo mode, Defeat: your popularity reached {min_popularity}%")
WHY_LOST_PLOT = N_("Solo mode, Defeat: the {alliances} Dignitaries are in the Plot zone")
WHY_WARN = N_("A warning only: the move is yours to make")
WHY_SETUP = N_("Solo mode, Setup")

# The numbers the rule texts name, by field. ``alliances`` (the 5 affinities to win, the
# 5 Dignitaries that lose) is one per alliance of the deck in play: the caller gives it.
RULE_NUMBERS: dict[str, int] = {
    "top_cost": RECRUIT_TOP_COST,
    "debate_gain": DEBATE_GAIN,
    "max_tokens": MAX_TOKENS,
    "unite_gain": UNITE_GAIN,
    "plot_turns": CORRUPT_PLOT_TURNS,
    "hand_limit": HAND_LIMIT,
    "crossroads": CROSSROADS_SIZE,
    "loss": RESHUFFLE_LOSS,
    "min_popularity": MIN_POPULARITY,
    "alliances": ALLIANCES,
}


def cite(text: str, **data: int) -> str:
    """A rule citation (one of the ``WHY_*``) in the player's language, its numbers filled
    from the rule constants (``data`` overrides one, e.g. ``alliances`` of the deck)."""
    return say(text, **{**RULE_NUMBERS, **data})


# How a game ended (the state's ``result``), in words.
RESULTS = {"won": N_("won"), "lost": N_("lost")}


def result_text(result: str) -> str:
    """``won`` or ``lost`` in the player's language (an unknown result as it is)."""
    return _(RESULTS[result]) if result in RESULTS else result


# The difficulties in words (their ids stay ``easy``, ``normal``, ``hard``).
DIFFICULTY_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def difficulty_text(difficulty: str) -> str:
    """A difficulty id in the player's language (an unknown one as it is)."""
    return _(DIFFICULTY_NAMES[difficulty]) if difficulty in DIFFICULTY_NAMES else difficulty
