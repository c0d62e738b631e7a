"""The Ephios quick game's and campaign's panels on the one table screen.

The score board (``ScoresPanel``): whose turn it is and the direction token, each
player's popularity as a bar to {win}% (with the affinity played or not), the alliances in
play; a campaign adds its round, round wins, the rounds' winners and the pages read. Above
a step's questions, the unite so far and its gain (``unite_info``); the set-up steps before
the first step; the keys `k` (the set-up checklist) and `g` (the steps so far); the steps
said with the quick game's spoken forms. Everything else is the table screen's, from the
game objects (``companion.ephios.table``: QUICK, CAMPAIGN).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, cast

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from companion.core.catalog import N_, _, say, touch
from companion.core.game import Action
from companion.core.questions import Announcement
from companion.core.table import View
from companion.ephios import campaign, quick, quick_plans
from companion.ephios import words as move_words
from companion.tui.access import GameScreen
from companion.tui.games.ephios_board import (
    EphiosLogScreen,
    alliance_style,
    alliance_word,
    banner,
)
from companion.tui.panels import GamePanels, PanelKey, TableWords
from companion.tui.widgets.glance import GLANCE_COLUMNS
from companion.tui.widgets.popularity import popularity_text
from companion.tui.widgets.setup_checklist import SetupChecklist

QUICK_HEADING = N_("# Ephios quick game")
QUICK_HELP = N_("""The app keeps the popularity board: each player's marker ({win}% wins at
once, the line `┃`), the affinities already played (`A✓`; `A·` not yet),
the direction token (3–4 players) and whose turn it is (`▶`). You play
the cards on the table.

**Unite** (`u`), the action of a turn: the player whose turn it is
discards their whole hand and gains the alliance's popularity; an affinity
card adds +{match}% if it matches the united alliance, or +{hand}% if the
player holds a personality of the affinity's alliance (once per game). The
dialog shows the gain before you confirm; the turn then passes (`n` ends a
turn of another action). A card effect (`a`) moves anyone's marker.

In a dialog: 1–9 or a click chooses, Backspace goes back a question,
Escape cancels.
""")
CAMPAIGN_HELP = N_("""
# Ephios campaign

Each round is a quick game: the first to {win}% wins the round. The winner
reads the victory page of the last alliance united (a page already read
means: go straight to the next round) and starts the next round. The first
player to win **two rounds** wins the campaign.

The panel shows the round and who started it, the round wins (`★` per
win), who won each round and the pages read, and the alliances in play
(`Order 2→30%`: unite with 2, gain 30%).
""")


def quick_help_body() -> str:
    """The quick game's help after its heading (the campaign's help ends with it too)."""
    bonus = quick.AFFINITY_BONUS
    return say(QUICK_HELP, win=quick.WIN, match=bonus["match"], hand=bonus["hand"])


def quick_help() -> str:
    """The F1 help of a quick game in the player's language."""
    return "\n" + _(QUICK_HEADING) + "\n\n" + quick_help_body()


def campaign_help() -> str:
    """The F1 help of a campaign: its own, then the quick game's."""
    return say(CAMPAIGN_HELP, win=quick.WIN) + "\n" + quick_help_body()


def round_of(state: Any) -> quick.QuickState:
    """The quick game being played: the game itself, or a campaign's current round."""
    if isinstance(state, campaign.CampaignState):
        return state.round
    return cast(quick.QuickState, state)


def game_over(state: Any) -> tuple[str, str] | None:
    """(title, line) of the end banner, or None while the game goes on."""
    if isinstance(state, campaign.CampaignState):
        champion = state.champion
        if not champion:
            return None
        return (
            say("{player} WINS THE CAMPAIGN", player=champion.upper()),
            say("{player} won two rounds: the new High Governor of Ephios.", player=champion),
        )
    if not state.winner:
        return None
    who = state.winner
    return (
        say("{player} WINS", player=who.upper()),
        say(
            "{player} reached {popularity}% popularity.",
            player=who,
            popularity=state.popularity[who],
        ),
    )


# ----- the board ---------------------------------------------------------------------------


def alliances_in_play(state: quick.QuickState) -> list[Text]:
    """The alliances in play, 'Order 2→30%' each: unite with 2, gain 30%."""
    return [
        Text.assemble((alliance_word(a), alliance_style(a.id)), f" {a.unite}→{a.gain}%")
        for a in state.alliances.values()
    ]


def alliance_columns(state: quick.QuickState) -> Columns:
    """The alliances in play in columns (a phone): no alliance is split from its numbers."""
    return Columns(alliances_in_play(state), padding=(0, 2))


def turn_line(r: quick.QuickState, over: tuple[str, str] | None, phone: bool) -> Text:
    """Whose turn it is and the direction token (or the end), with the bars' legend beside
    it (on a phone, the legend is a line of its own: :func:`legend_line`)."""
    if over:
        turn = Text(say("Game over: {line}", line=over[1]), style="bold")
    else:
        turn = Text(say("▶ {player}'s turn", player=r.players[r.current]), style="bold")
        if r.has_direction_token:
            clockwise = _("↻ clockwise") if r.clockwise else _("↺ counterclockwise")
            turn.append(
                f" · {clockwise}"
                if phone
                else say("  ·  direction token: {direction}", direction=clockwise)
            )
        elif not phone:  # a phone's row is whose turn it is alone
            turn.append(_("  ·  2 players: no direction token"), style="dim")
    if not phone:
        turn.append(_("   (A✓ = affinity played)"), style="dim")
    return turn


def legend_line() -> Text:
    """The bars' legend on a phone, a line of its own (not on a short one: the help has it)."""
    return Text(say("(A✓ = affinity played · ┃ {win}% wins)", win=quick.WIN), style="dim")


def short_banner(title: str, line: str) -> Text:
    """The end banner on a short phone: its two lines, without the frame."""
    text = Text(justify="center")
    text.append(f"★ {title} ★\n", style="bold reverse")
    text.append(line, style="bold")
    return text


def round_line(s: campaign.CampaignState) -> Text:
    """A campaign on a short phone: the round and who won one, on one line."""
    wins = ", ".join(f"{p} {'★' * n}" for p, n in s.wins.items() if n) or _("none yet")
    return Text(say("Round {number} · wins: {wins}", number=s.number, wins=wins))


def quick_extra(state: quick.QuickState, phone: bool) -> RenderableType:
    """The alliances in play: name, unite requirement → gain ('Order 2→30%'), one line at 80;
    on a phone in columns under the word."""
    if phone:
        return Group(Text(_("Alliances"), style="bold"), alliance_columns(state))
    return Text(_("Alliances "), style="bold").append_text(Text(" ").join(alliances_in_play(state)))


def campaign_extra(s: campaign.CampaignState, phone: bool) -> Table:
    """Round, wins, history and pages, alliances in play: four short rows (fits 80×24; on a
    phone without the reminders of the rules, which the help has)."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    started = {"number": s.number, "player": s.started_by}
    round_line = (
        say("{number} · started by {player}", **started)
        if phone
        else say("{number} · started by {player} (its winner starts the next)", **started)
    )
    table.add_row(_("Round"), Text(round_line))
    wins = Text()
    for index, player in enumerate(s.players):
        if index:
            wins.append(" · ")
        wins.append(f"{player} ")
        wins.append("★" * s.wins[player] or "–", style="bold" if s.wins[player] else "dim")
    needed = campaign.WINS_NEEDED
    wins.append(
        say("  ({n} ★ win)", n=needed) if phone else say("  ({n} ★ take the campaign)", n=needed),
        style="dim",
    )
    table.add_row(_("Wins"), wins)
    history = ", ".join(
        say("R{n} {player}", n=n, player=w) for n, w in enumerate(s.round_winners, 1)
    ) or _("none yet")
    pages = ", ".join(
        alliance_word(s.round.alliances[p]) if p in s.round.alliances else p for p in s.pages_read
    )
    history_line = say("{history} · pages read: {pages}", history=history, pages=pages or _("none"))
    table.add_row(_("History"), Text(history_line))
    in_play = alliances_in_play(s.round)
    table.add_row(_("Alliances"), alliance_columns(s.round) if phone else Text(" ").join(in_play))
    return table


def score(player: str, popularity: int) -> str:
    """A player's popularity in the glance: 'Cyprian 40%' (the name as the player typed it,
    the percentage as the board words it)."""
    return f"{player} {say('{popularity}%', popularity=popularity)}"


def glance(view: View) -> Text:
    """The score board folded to a line for a small screen (docs/screens.md, "The layout
    rule"): a campaign's round, whose turn it is with their popularity and the direction
    token, then every other player's popularity when the line has room for them, else the
    highest of the others' (the unfolded board has them all); once won, the winner."""
    state = view.state
    over = game_over(state)
    if over:
        return Text(over[0], style="bold")
    r = round_of(state)
    text = Text()
    if isinstance(state, campaign.CampaignState):
        text.append(say("R{number}", number=state.number) + " · ")
    current = r.players[r.current]
    text.append("▶ " + score(current, r.popularity[current]), style="bold")
    if r.has_direction_token:
        text.append(" ↻" if r.clockwise else " ↺")
    others = [p for p in r.players if p != current]
    every = " · ".join(score(p, r.popularity[p]) for p in others)
    best = max(others, key=lambda p: r.popularity[p])
    for rest in (every, score(best, r.popularity[best])):
        if text.cell_len + 3 + cell_len(rest) <= GLANCE_COLUMNS:
            text.append(" · " + rest)
            break
    return text


class PopularityBars(Widget):
    """Each player's popularity as a bar to the winning line, one a row: ``▶`` the player
    whose turn it is, ``A✓`` an affinity played (``A·`` not yet)."""

    DEFAULT_CSS = """
    PopularityBars { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[tuple[str, int]] = []
        self.goal_label = True

    def show_round(self, r: quick.QuickState, over: bool, phone: bool) -> None:
        """Redraw the bars of round ``r``."""
        width = max(len(p) for p in r.players)
        self.rows = []
        for index, player in enumerate(r.players):
            mark = "▶" if index == r.current and not over else " "
            used = " A✓" if r.affinity_used[player] else " A·"
            self.rows.append((f"{mark} {player:<{width}}{used}", r.popularity[player]))
        self.goal_label = not phone  # the turn line says it once
        self.refresh(layout=True)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """One row a player."""
        return len(self.rows)

    def render(self) -> Text:
        """The bars at the widget's width."""
        width = self.size.width or 40
        lines = [
            popularity_text(value, width, quick.WIN, 0, 100, label, self.goal_label)
            for label, value in self.rows
        ]
        return Text("\n").join(lines)


class ScoresPanel(VerticalScroll):
    """The popularity board of a quick game or campaign (see the module's docstring): it
    shows the status's turn and popularity facts itself."""

    covers: ClassVar[frozenset[str]] = frozenset({"turn", "popularity"})
    SCOPED_CSS = False  # its size follows the screen's size classes
    # Each size's form is a line of its own, drawn with the state and shown by the screen's
    # size classes: a resize shows another line, it never redraws one (a line redrawn after
    # the layout of a new size was measured at the last size's form).
    DEFAULT_CSS = """
    ScoresPanel { height: auto; padding: 0 1; }
    ScoresPanel > Static { height: auto; }
    ScoresPanel #q-banner, ScoresPanel #q-banner-short { display: none; }
    ScoresPanel #q-turn-phone, ScoresPanel #q-legend, ScoresPanel #q-extra-phone { display: none; }
    ScoresPanel #q-round { display: none; }
    ScoresPanel.-over #q-banner { display: block; }
    TableScreen.-phone ScoresPanel #q-turn, TableScreen.-phone ScoresPanel #q-extra {
        display: none;
    }
    TableScreen.-phone ScoresPanel #q-turn-phone, TableScreen.-phone ScoresPanel #q-legend,
    TableScreen.-phone ScoresPanel #q-extra-phone {
        display: block;
    }
    /* A short phone's rows go to what to do: the board without the legend (the help has
    it) and the alliances in play (the unite's choices name each with its numbers); a
    campaign's round and wins on one line; the end banner without its frame. The turn line
    under the banner (on any phone) would say what it says. */
    TableScreen.-phone.-short ScoresPanel #q-legend,
    TableScreen.-phone.-short ScoresPanel #q-extra-phone {
        display: none;
    }
    TableScreen.-phone.-short ScoresPanel.-campaign #q-round { display: block; }
    TableScreen.-phone.-short ScoresPanel.-over #q-banner { display: none; }
    TableScreen.-phone.-short ScoresPanel.-over #q-banner-short { display: block; }
    TableScreen.-phone ScoresPanel.-over #q-turn-phone,
    TableScreen.-phone ScoresPanel.-over #q-legend {
        display: none;
    }
    /* No scroll of its own: the table's panels column scrolls (one scroller, so a scroll
    bar that comes never narrows text measured before it). */
    ScoresPanel { overflow-y: hidden; }
    /* A step's questions on a short screen have it to themselves, as a dialog had: the
    line above them says whose step it is and what it comes to. */
    TableScreen.-short .-asking ScoresPanel { display: none; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: View | None = None

    def compose(self) -> ComposeResult:
        """The banner (at the end), the turn, the bars' legend (a phone), the bars, the
        alliances and campaign facts (a short phone: the campaign's round line); the lines
        that differ on a phone twice, each shown at its size."""
        yield Static(id="q-banner")
        yield Static(id="q-banner-short")
        yield Static(id="q-turn")
        yield Static(id="q-turn-phone")
        yield Static(legend_line(), id="q-legend")
        yield PopularityBars(id="q-bars")
        yield Static(id="q-extra")
        yield Static(id="q-extra-phone")
        yield Static(id="q-round")

    def show(self, view: View) -> None:
        """Redraw from ``view``: every form of every line."""
        self.view = view
        state = view.state
        r = round_of(state)
        over = game_over(state)
        self.query_one("#q-turn", Static).update(turn_line(r, over, False))
        self.query_one("#q-turn-phone", Static).update(turn_line(r, over, True))
        self._show_bars()
        wide, phone = self.query_one("#q-extra", Static), self.query_one("#q-extra-phone", Static)
        if isinstance(state, campaign.CampaignState):
            wide.update(campaign_extra(state, False))
            phone.update(campaign_extra(state, True))
            self.query_one("#q-round", Static).update(round_line(state))
        else:
            wide.update(quick_extra(r, False))
            phone.update(quick_extra(r, True))
        self.set_class(isinstance(state, campaign.CampaignState), "-campaign")
        self.set_class(over is not None, "-over")
        if over:
            self.query_one("#q-banner", Static).update(banner(over[0], over[1], True))
            self.query_one("#q-banner-short", Static).update(short_banner(*over))

    def _show_bars(self) -> None:
        """The bars at the screen's size (a phone says the goal once, in the legend)."""
        if self.view is None:
            return
        r = round_of(self.view.state)
        over = game_over(self.view.state) is not None
        self.query_one(PopularityBars).show_round(r, over, self.screen.has_class("-phone"))

    def on_resize(self) -> None:
        """The bars for the new size class (a phone's bars leave out the goal)."""
        self._show_bars()


# ----- a step's questions ------------------------------------------------------------------


def unite_info(state: quick.QuickState, answers: Mapping[str, str]) -> Text:
    """The unite so far, shown above the question: player, alliance, affinity and the gain."""
    text = Text()
    player = quick_plans.uniter(state, answers)
    if player is not None:
        answers = {**answers, "player": player}
        text.append(f"{player} ", style="bold")
        text.append(say("at {popularity}%", popularity=state.popularity[player]))
    if "alliance" in answers:
        if player is not None and state.affinity_used[player]:
            answers = {"affinity": "none", **answers}  # not asked: taken as none
        alliance = state.alliances[answers["alliance"]]
        text.append(_(" unites the "))
        text.append(alliance_word(alliance), style=alliance_style(alliance.id))
        text.append(f" +{alliance.gain}%")
    gain = quick_plans.unite_gain_so_far(state, answers)
    if gain is not None:
        bonus = quick.AFFINITY_BONUS[answers["affinity"]]
        if bonus:
            text.append(
                say(", affinity ({affinity}) +{bonus}%", affinity=answers["affinity"], bonus=bonus)
            )
        after = quick.popularity_after(state.popularity[answers["player"]], gain)
        text.append("\n" + say("Gain +{gain}% → {after}%", gain=gain, after=after), style="bold")
        if quick.reaches_win(after):
            text.append("  " + say("★ reaches {win}%: wins", win=quick.WIN), style="bold")
    return text


def tile_name_prompt() -> str:
    """The line above the tile's name field: what goes on after the name (on a touch screen,
    the on-screen keyboard's Enter)."""
    if touch():
        return _("Name of the alliance on the tile (the keyboard's Enter goes on):")
    return _("Name of the alliance on the tile (Enter goes on):")


def step_info(view: View, action: str, answers: Mapping[str, str]) -> RenderableType | None:
    """What the step asked so far comes to: the unite and its gain; the tile's name."""
    r = round_of(view.state)
    if action == "unite":
        return unite_info(r, answers)
    if action == "alliance":
        name = answers.get("name", "").strip()
        if not name:
            return tile_name_prompt()
        return Text(say("Tile: {name}", name=name), style="bold")
    return None


def speak(said: Sequence[Announcement]) -> tuple[list[str], list[str]]:
    """A step's spoken lines and sound cues (the quick game's spoken forms)."""
    return move_words.quick_spoken(said), move_words.quick_cues(said)


def tell(item: Announcement) -> Announcement:
    """A victory page to read: the tiles it places are recorded with the key t; the next
    round's set-up: its steps one by one with the key k (and under its why), the alliances
    in play in its why too (the checklist names them), so the round's end fits a phone."""
    page, parts = item.args.get("page"), item.args
    if item.what == "page.read" and page is not None and item.who:
        text = say(
            "{winner} reads {page} victory page in the Book of Victories and applies it: "
            "remove and add the cards it shows, place its alliance tiles (key t records each).",
            winner=item.who,
            page=move_words.the(page),
        )
        return replace(item, text=text)
    if item.what == "page.read":
        return replace(item, text=say("{text} Key t records a tile.", text=item.text))
    if item.what == "round.keep" and {"number", "changes", "kept"} <= parts.keys():
        text = say(
            "Round {number}: set up as round {last}, with the changes ({changes}). Key k: its "
            "checklist.",
            number=parts["number"],
            last=int(parts["number"]) - 1,
            changes=parts["changes"],
        )
        kept = say("Alliances in play: {kept}.", kept=parts["kept"])
        return replace(item, text=text, why=f"{item.why}\n· {kept}" if item.why else kept)
    if item.what == "round.keep":
        return replace(item, text=say("{text} Key k: its checklist.", text=item.text))
    return item


# The next round's set-up steps after the first ("Round 2: set up as for the last
# round..."), folded into its why on the table screen: the round's end fits a screen with
# its victory page, and the checklist (k) gives them one by one, to tick.
# The lines that only inform (the round's win, a card already removed) join the why of
# the line before them too.
FOLDED = frozenset(
    {
        "round.tokens",
        "round.characters",
        "round.affinities",
        "round.crossroads",
        "round.first",
        "round.won",
        "page.removed-before",
    }
)


# ----- the keys ----------------------------------------------------------------------------


def setup_steps(view: View) -> list[Announcement]:
    """The set-up of the game (of the current round, in a campaign)."""
    if isinstance(view.state, campaign.CampaignState):
        return campaign.setup_steps(view.state)
    return quick.setup_steps(view.state)


def show_checklist(screen: Screen[Any], view: View) -> None:
    """`k`: the set-up checklist of the game (of the current round in a campaign)."""
    game = _("campaign") if isinstance(view.state, campaign.CampaignState) else _("quick game")
    players = len(round_of(view.state).players)
    title = say("Set-up — {game}, {players} players", game=game, players=players)
    screen.app.push_screen(SetupChecklist(title, setup_steps(view)))


def describer(state: Any) -> Callable[[Mapping[str, Any]], str]:
    """The journal's words for the events of this game."""
    return (
        campaign.describe_event
        if isinstance(state, campaign.CampaignState)
        else quick.describe_event
    )


def show_log(screen: Screen[Any], view: View) -> None:
    """`g`: every step so far."""
    journal = cast(GameScreen, screen).journal
    describe = describer(view.state)
    lines = [describe(event) for event in journal.events]
    screen.app.push_screen(EphiosLogScreen(_("Steps so far"), lines))


# The footer's short words for the game's actions (the menu keeps their whole labels).
FOOTER_LABELS = {
    "unite": N_("Unite"),
    "popularity": "±%",
    "flip": N_("Flip"),
    "next": N_("Next"),
    "alliance": N_("Tile"),
}


def footer_label(action: Action) -> str:
    """An action's word in the footer: as short as the old screens had it."""
    short = FOOTER_LABELS.get(action.id)
    return _(short) if short else action.shown_label()


KEYS = (
    PanelKey("k", N_("Set-up"), show_checklist, show=False),
    PanelKey("g", N_("Log"), show_log, show=False),
)


def panels(help_text: Callable[[], str]) -> GamePanels:
    """The panels of a quick game or a campaign (their help differs)."""
    return GamePanels(
        build=lambda: [ScoresPanel(id="q-scores")],
        keys=KEYS,
        help=help_text,
        words=TableWords(
            info=step_info,
            speak=speak,
            tell=tell,
            opening=setup_steps,
            label=footer_label,
            folded=FOLDED,
        ),
        glance=glance,
    )


QUICK = panels(quick_help)
CAMPAIGN = panels(campaign_help)
