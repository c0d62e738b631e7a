"""The reports of the Ephios quick game and campaign, as question plans.

Unite (who, which alliance, which affinity, then the gain to confirm), a popularity
change from a card effect (who, up or down, how much) and, in a campaign, an alliance
tile from a victory page (its name, typed; then its gain, unite requirement and the
alliance it covers). Each plan (:mod:`companion.core.plans`) returns the next questions or
the event for :func:`companion.ephios.quick.play` / :func:`companion.ephios.campaign.play`.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.catalog import N_, _, say, touch
from companion.core.plans import Ask, Next, Report
from companion.core.questions import Question
from companion.core.validate import parse_int
from companion.ephios import quick
from companion.ephios.cards import PRINTED_NAMES, Alliance

# The affinity answers of a unite, as the rulebook's "Affinity Card" reads them.
AFFINITY_LABELS = {
    "match": N_("match +{match}% — the affinity is this alliance"),
    "hand": N_("hand +{hand}% — one of its alliance in your hand"),
    "none": N_("none +0% — no affinity played"),
}
WAYS = {"up": N_("up (+)"), "down": N_("down (−)")}
# An alliance tile's numbers: what the dialog offers first, and what a tile can say.
TILE_GAIN = (0, 100)
TILE_UNITE = (1, 10)
TILE_DEFAULTS = {"gain": "30", "unite": "2"}
# A card's popularity change, as the stepper offers it first (every printed one is a
# multiple of 10%).
AMOUNT_DEFAULT = 10


def shown_name(alliance: Alliance) -> str:
    """An alliance as a choice names it: a printed one in the player's language, a tile's
    as the player typed it."""
    return _(alliance.name) if alliance.name in PRINTED_NAMES else alliance.name


def player_question(state: quick.QuickState, text: str) -> Question:
    """Which player: the one whose turn it is first, each with their popularity."""
    players = list(state.players)
    current = players[state.current]
    order = [current] + [p for p in players if p != current]
    labels = tuple(
        say("{player} ({popularity}%) ▶ turn", player=p, popularity=state.popularity[p])
        if p == current
        else say("{player} ({popularity}%)", player=p, popularity=state.popularity[p])
        for p in order
    )
    return Question("player", text, "one", tuple(order), labels=labels)


def affinity_question(state: quick.QuickState, player: str) -> Question:
    """Whether an affinity card adds to the unite. A player has one affinity per game
    ("Warning: You only have one affinity per game", Quick Game > Affinity Card): once
    played, only "none" is left."""
    if state.affinity_used[player]:
        return Question(
            "affinity",
            _("Affinity: already played this game."),
            "one",
            ("none",),
            labels=(_("none (the affinity was used already)"),),
        )
    bonus = quick.AFFINITY_BONUS
    labels = tuple(
        say(label, match=bonus["match"], hand=bonus["hand"]) for label in AFFINITY_LABELS.values()
    )
    text = _("Does an affinity card add to it?")
    return Question("affinity", text, "one", tuple(AFFINITY_LABELS), labels=labels)


def unite_gain_so_far(state: quick.QuickState, answers: Mapping[str, str]) -> int | None:
    """The unite's gain for the answers so far; None until the alliance and affinity."""
    if "alliance" not in answers or "affinity" not in answers:
        return None
    return quick.unite_gain(state.alliances[answers["alliance"]], answers["affinity"])


def uniter(state: quick.QuickState, answers: Mapping[str, str]) -> str | None:
    """Who unites: the player whose turn it is (a unite is the turn's action, Quick Game >
    Course of a Game); in a game saved before that reading, the player answered, if any."""
    if "player" in answers:
        return quick.find_player(state, answers["player"])
    return state.players[state.current] if state.unite_ends_turn else None


def unite_plan(state: quick.QuickState, answers: Mapping[str, str]) -> Next:
    """A unite: which alliance, which affinity, then the gain to confirm ("discard ALL your
    hand ... to move your marker ... according to the popularity gain of the united
    alliance", Quick Game > Course of a Game > 4 - Unite). The player is the one whose turn
    it is ("on your turn, you must perform a single action"), not asked; a game saved
    before that reading asks who. None: not confirmed."""
    player = uniter(state, answers)
    if player is None:
        return Ask.one(player_question(state, _("Who unites?")))
    answers = {**answers, "player": player}
    if "alliance" not in answers:
        alliances = state.alliances
        labels = tuple(
            say(
                "{alliance}: +{gain}%, unite with {unite}",
                alliance=shown_name(a),
                gain=a.gain,
                unite=a.unite,
            )
            for a in alliances.values()
        )
        return Ask.one(
            Question("alliance", _("Which alliance?"), "one", tuple(alliances), labels=labels)
        )
    used = state.affinity_used[answers["player"]]
    if "affinity" not in answers and used:
        # One possible answer (the affinity was played already): not asked, taken as none.
        answers = {**answers, "affinity": "none"}
    if "affinity" not in answers:
        return Ask.one(affinity_question(state, answers["player"]))
    if "confirm" not in answers:
        gain = unite_gain_so_far(state, answers)
        text = (
            say("Record this unite: +{gain}% (no affinity: yours was played already)?", gain=gain)
            if used and answers["affinity"] == "none"
            else say("Record this unite: +{gain}%?", gain=gain)
        )
        return Ask.one(Question("confirm", text, "yes_no"))
    if answers["confirm"] != "yes":
        return None
    fields = {k: answers[k] for k in ("player", "alliance", "affinity")}
    return Report("unite", fields)


def popularity_plan(state: quick.QuickState, answers: Mapping[str, str]) -> Next:
    """A card effect moves a player's marker: who, up or down, by how much (Quick Game >
    Course of a Game > 3 - Use)."""
    if "player" not in answers:
        return Ask.one(player_question(state, _("Whose popularity changes?")))
    before = state.popularity[quick.find_player(state, answers["player"])]
    if "way" not in answers:
        # A marker at the end of the track cannot move further (the way is shown, not offered)
        full = tuple(w for w in WAYS if not quick.room(before, w == "up"))
        labels = tuple(_(w) for w in WAYS.values())
        way = Question("way", _("Up or down?"), "one", tuple(WAYS), labels=labels, disabled=full)
        return Ask.one(way)
    if "amount" not in answers:
        text = (
            _("By how many %? (− / + then OK)")
            if touch()
            else _("By how many %? (digits, +/-, Enter)")
        )
        high = max(1, quick.room(before, answers["way"] == "up"))  # on the track only
        # Every printed change is a multiple of 10%: the answer starts at 10.
        usual = str(min(AMOUNT_DEFAULT, high))
        return Ask.one(
            Question(
                "amount",
                text,
                "number",
                minimum=1,
                maximum=high,
                default=usual,
                step=AMOUNT_DEFAULT,  # + / - by 10%: every printed change is a multiple
            )
        )
    amount = parse_int(answers["amount"])
    delta = amount if answers["way"] == "up" else -amount
    return Report("popularity", {"player": answers["player"], "delta": delta})


def tile_plan(state: quick.QuickState, answers: Mapping[str, str]) -> Next:
    """An alliance tile from a victory page ("Place on the alliances card the alliance
    tile(s) concerned, following the indications of the victory page", Campaign > Victory
    pages): its name as printed (typed), then its gain, its unite requirement and the
    alliance in play it covers, asked together."""
    if not answers.get("name", "").strip():
        return Ask.one(tile_name_question())
    ids = ("gain", "unite", "replaces")
    if any(i not in answers for i in ids):
        return Ask(tile_questions(state))
    fields: dict[str, object] = {
        "name": answers.get("name", ""),
        "gain": parse_int(answers["gain"]),
        "unite": parse_int(answers["unite"]),
    }
    if answers["replaces"] != "none":
        fields["replaces"] = answers["replaces"]
    return Report("alliance", fields)


def tile_name_question() -> Question:
    """The tile's name, typed as the victory page prints it."""
    return Question("name", _("Name of the alliance on the tile?"), "text")


def tile_questions(state: quick.QuickState) -> tuple[Question, ...]:
    """The three numbers of a tile, with what a tile usually says pre-selected."""
    names = {a.id: shown_name(a) for a in state.alliances.values()}
    low, high = TILE_GAIN
    gain = Question(
        "gain",
        _("Popularity gain when united (%)?"),
        "number",
        minimum=low,
        maximum=high,
        default=TILE_DEFAULTS["gain"],
    )
    low, high = TILE_UNITE
    unite = Question(
        "unite",
        _("Personalities needed to unite it?"),
        "number",
        minimum=low,
        maximum=high,
        default=TILE_DEFAULTS["unite"],
    )
    replaces = Question(
        "replaces",
        _("Does the tile cover an alliance in play?"),
        "one",
        ("none", *names),
        labels=(
            _("no, it is added"),
            *(say("covers the {alliance}", alliance=n) for n in names.values()),
        ),
    )
    return gain, unite, replaces
