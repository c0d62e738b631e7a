"""The numbers and rule texts of Ephios solo mode, each named once (rulebook, "Solo Mode").

Every number the solo engine uses comes from here (the Plot's crossroads size
lives in :mod:`companion.ephios.plot`, the Dignitaries' persuasion value in
the deck file). ``WHY_*`` are the short rule citations the announcements
carry; ``RULE_*`` the rulebook sections they come from.
"""

from __future__ import annotations

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

WHY_RECRUIT = "Recruit: spend as many persuasion tokens as the value on the card"
WHY_RECRUIT_TOP = "Recruit: take the first card of the draw pile for 1 persuasion token"
WHY_DEBATE = (
    "Debate: gain 2 persuasion tokens by discarding a personality from the crossroads "
    "(5 held at most)"
)
WHY_UNITE = (
    "Solo mode, Unite: discard all your hand and gain only 10% popularity, whatever the alliance"
)
WHY_BANKER = (
    "Solo clarification, the Banker: using it to unite an alliance other than the Company "
    "gives no 10%"
)
WHY_AFFINITY = "Solo mode, Unite: an alliance united for the first time gives its affinity"
WHY_CORRUPT = (
    "Solo mode, Corrupt: discard a Dignitary from the Plot zone; the Plot then takes 2 turns "
    "in a row"
)
WHY_PERCEPTIVE = (
    "Solo clarification, the Perceptive: choose a card in the Plot zone and add it to your hand"
)
WHY_PREACHER = (
    "Solo clarification, the Preacher: when the Plot debates, you may add that personality "
    "to your hand"
)
WHY_USE = "Use: reveal the card, apply its effect, discard it"
WHY_REPLAY = "Use: a card that says Replay"
WHY_HAND_LIMIT = "End of Turn: more than 3 personalities in hand, discard the excess (no effects)"
WHY_REFILL = (
    "End of Turn: slide the crossroads right, then reveal new personalities into the empty slots"
)
WHY_SHORT = "End of Turn: fewer than 4 cards on the crossroads"
WHY_EMPTY_PILES = "End of Turn: only the cards left can be revealed"
WHY_RESHUFFLE = "End of Turn: shuffling the discard pile into a new draw pile costs 10% popularity"
WHY_MOVE = "Use: reveal the card, apply its effect; a move you report, the app does not model it"
WHY_MEDIUM = (
    "Use, the Medium: no more room on the crossroads, add the card anyway; "
    "refill when it again has fewer than 4 cards"
)
WHY_SET = "Table correction: the app now follows the table"
WHY_WON = "Solo mode, Victory: you gathered the 5 different affinities"
WHY_LOST_POPULARITY = "Solo mode, Defeat: your popularity reached 0%"
WHY_LOST_PLOT = "Solo mode, Defeat: the 5 Dignitaries are in the Plot zone"
WHY_WARN = "A warning only: the move is yours to make"
