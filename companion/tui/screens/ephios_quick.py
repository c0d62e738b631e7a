"""The Ephios quick-game screen: each player's popularity to 70%, whose turn, the direction token.

A thin shell over `companion.ephios.quick`: the unite dialog asks who,
which alliance and which affinity, shows the gain the engine computes
(`quick.unite_gain`) and records the event only when confirmed. The game is
saved after every step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from companion.core import session
from companion.core.catalog import N_, _, say
from companion.core.errors import CompanionError
from companion.core.journal import Journal
from companion.core.plans import bind
from companion.core.questions import Announcement
from companion.ephios import quick, quick_plans, spoken
from companion.tui import keys
from companion.tui.help_text import ShownHelp
from companion.tui.live import LiveSave
from companion.tui.voice import SpeaksMoves
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.chrome import Footer, Header
from companion.tui.widgets.ephios_board import (
    EphiosLogScreen,
    alliance_style,
    alliance_word,
    banner,
)
from companion.tui.widgets.popularity import PopularityBar
from companion.tui.widgets.step_dialog import StepDialog

QUICK_HEADING = N_("# Ephios quick game")
QUICK_HELP = N_("""The app keeps the popularity board: each player's marker ({win}% wins at
once), the affinities already played, the direction token (3–4 players)
and whose turn it is (`▶`). You play the cards on the table.

**Unite** (`u`), the action of a turn: the player whose turn it is
discards their whole hand and gains the alliance's popularity; an affinity
card adds +{match}% if it matches the united alliance, or +{hand}% if the
player holds a personality of the affinity's alliance (once per game). The
dialog shows the gain before you confirm; the turn then passes (`n` ends a
turn of another action). A card effect (`a`) moves anyone's marker.

In a dialog: 1–9 or a click chooses, Backspace goes back a question,
Escape cancels.
""")


def quick_help_body() -> str:
    """The quick game's help after its heading (the campaign's help ends with it too)."""
    bonus = quick.AFFINITY_BONUS
    return say(QUICK_HELP, win=quick.WIN, match=bonus["match"], hand=bonus["hand"])


def quick_help() -> str:
    """The F1 help of the quick-game screen in the player's language."""
    return "\n" + _(QUICK_HEADING) + "\n\n" + quick_help_body()


HELP = ShownHelp(quick_help)


def alliances_in_play(state: quick.QuickState) -> list[Text]:
    """The alliances in play, 'Order 2→30%' each: unite with 2, gain 30%."""
    return [
        Text.assemble((alliance_word(a), alliance_style(a.id)), f" {a.unite}→{a.gain}%")
        for a in state.alliances.values()
    ]


def alliance_columns(state: quick.QuickState) -> Columns:
    """The alliances in play in columns (a phone): no alliance is split from its numbers."""
    return Columns(alliances_in_play(state), padding=(0, 2))


def unite_info(state: quick.QuickState, answers: Mapping[str, str]) -> Text:
    """The unite so far, shown above the question: player, alliance, affinity and the gain."""
    text = Text()
    player = quick_plans.uniter(state, answers)
    if player is not None:
        answers = {**answers, "player": player}
        text.append(f"{player} ", style="bold")
        text.append(say("at {popularity}%", popularity=state.popularity[player]))
    if "alliance" in answers:
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


def unite_dialog(state: quick.QuickState) -> StepDialog:
    """The unite dialog: player, alliance, affinity, then the gain to confirm."""

    def info(answers: Mapping[str, str]) -> Text:
        """The unite so far."""
        return unite_info(state, answers)

    return StepDialog(_("Unite an alliance"), bind(quick_plans.unite_plan, state), info)


def adjust_dialog(state: quick.QuickState) -> StepDialog:
    """The popularity dialog: player, up or down, by how much."""
    return StepDialog(_("Adjust popularity"), bind(quick_plans.popularity_plan, state))


class EphiosQuickScreen(LiveSave, SpeaksMoves, Screen[None]):
    """A quick game: popularity bars, whose turn, direction; unite, adjust, flip, next.

    Args:
        path: the save file (rewritten after every step).
        journal: the game's journal.
    """

    HELP = HELP
    engine: ModuleType = quick
    # One press, one step (companion.tui.live): these keys run one step per half second.
    STEP_ACTIONS: ClassVar[frozenset[str]] = frozenset({"next", "flip"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "u", "unite", N_("Unite"), tooltip=N_("unite: player, alliance, affinity, confirm")
        ),
        Binding("a", "adjust", "±%", tooltip=N_("adjust a player's popularity (a card effect)")),
        Binding("f", "flip", N_("Flip"), tooltip=N_("flip the direction token (3-4 players)")),
        Binding("n", "next", N_("Next"), tooltip=N_("next player (follows the direction token)")),
        Binding(
            "k",
            "setup",
            N_("Set-up"),
            show=False,
            tooltip=N_("the set-up checklist (rulebook steps)"),
        ),
        keys.undo(key_display="z"),
        Binding("ctrl+z", "undo", N_("Undo"), show=False),
        keys.redo(),
        keys.log(show=False),
        keys.home(),
        *keys.voice_keys(),
    ]
    DEFAULT_CSS = """
    EphiosQuickScreen #q-top { height: auto; padding: 0 1; }
    EphiosQuickScreen #q-turn { height: auto; text-style: bold; }
    EphiosQuickScreen #q-bars { height: auto; }
    EphiosQuickScreen #q-extra { height: auto; }
    EphiosQuickScreen #q-banner { height: auto; display: none; }
    EphiosQuickScreen.-over #q-banner { display: block; }
    /* A phone: the board scrolls in the top half, the announcements keep the rest. */
    EphiosQuickScreen.-phone #q-top {
        max-height: 55vh; overflow-y: auto; scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;  /* its rows are counted at the width they are drawn at */
    }
    """
    # Screen CSS (not DEFAULT_CSS) so that it wins over the app's `.framed { height: auto }`:
    # the announcements take the rest of the screen and scroll. Scoped to the screen.
    CSS = """
    #q-news { height: 1fr; min-height: 4; }
    """

    def __init__(self, path: Path, journal: Journal, setup: bool = False) -> None:
        super().__init__()
        self.path = Path(path)
        self.journal = journal
        self.state = self.engine.replay(journal, str(self.path))
        self.show_setup = setup  # a new game: open the set-up checklist first

    # ----- the round (a campaign has one inside) --------------------------------------------

    @property
    def round(self) -> quick.QuickState:
        """The quick game being played (the current round of a campaign)."""
        state: quick.QuickState = self.state
        return state

    def game_over(self) -> tuple[str, str] | None:
        """(title, line) of the end banner, or None while the game goes on."""
        if self.state.winner:
            who = self.state.winner
            popularity = self.state.popularity[who]
            return (
                say("{player} WINS", player=who.upper()),
                say(
                    "{player} reached {popularity}% popularity.", player=who, popularity=popularity
                ),
            )
        return None

    # ----- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Whose turn, the bars, the alliances (and campaign facts), the announcements."""
        yield Header()
        # The board: on a phone it scrolls in the top half, so it takes the focus (Tab) for
        # the arrow keys to scroll it.
        with VerticalScroll(id="q-top"):
            yield Static(id="q-banner")
            yield Static(id="q-turn")
            with Vertical(id="q-bars"):
                width = max(len(p) for p in self.round.players)
                for index, player in enumerate(self.round.players):
                    yield PopularityBar(
                        0, goal=quick.WIN, label=f"  {player:<{width}}", id=f"q-bar-{index}"
                    )
            yield Static(id="q-extra")
        news = AnnouncementList(id="q-news", classes="framed")
        news.border_title = _("What to do")
        yield news
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Draw the board."""
        self.sub_title = say("Ephios {game} — {file}", game=self.title_word(), file=self.path.name)
        from companion.tui.widgets.layout import apply_breakpoints

        apply_breakpoints(self, self.app.size.width, self.app.size.height)  # phone forms at once
        self._refresh()
        news = self.query_one("#q-news", AnnouncementList)
        if not self.journal.events:  # a game not yet started: its set-up
            news.border_title = _("Set-up (k: the checklist)")
            news.show(self.engine.setup_steps(self.state))
        news.focus()
        if self.show_setup:
            self.action_setup()

    def action_setup(self) -> None:
        """The set-up checklist of the game (of the current round in a campaign)."""
        from companion.tui.screens.setup_checklist import SetupChecklist

        steps = self.engine.setup_steps(self.state)
        title = say(
            "Set-up — {game}, {players} players",
            game=self.title_word(),
            players=len(self.round.players),
        )
        self.app.push_screen(SetupChecklist(title, steps))

    def title_word(self) -> str:
        """The game's name in the header."""
        return _("quick game")

    def _refresh(self) -> None:
        r = self.round
        over = self.game_over()
        width = max(len(p) for p in r.players)
        phone = self.has_class("-phone")  # the short forms, one fact a line
        for index, player in enumerate(r.players):
            bar = self.query_one(f"#q-bar-{index}", PopularityBar)
            mark = "▶" if index == r.current and not over else " "
            used = " A✓" if r.affinity_used[player] else " A·"
            bar.label = f"{mark} {player:<{width}}{used}"
            bar.goal_label = not phone  # the turn line says it once
            bar.value = r.popularity[player]
            bar.refresh()
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
            else:
                turn.append(_("  ·  2 players: no direction token"), style="dim")
        legend = say("\n(A✓ = affinity played · ┃ {win}% wins)", win=quick.WIN)
        turn.append(legend if phone else _("   (A✓ = affinity played)"), style="dim")
        self.query_one("#q-turn", Static).update(turn)
        self.query_one("#q-extra", Static).update(self.extra(phone))
        self.set_class(over is not None, "-over")
        if over:
            self.query_one("#q-banner", Static).update(banner(over[0], over[1], True))
        self.refresh_bindings()

    def on_resize(self) -> None:
        """Redraw for the new size class (a phone has the short forms)."""
        self._refresh()

    def extra(self, phone: bool = False) -> RenderableType:
        """The alliances in play: name, unite requirement → gain ('Order 2→30%'), one line at 80
        (all bold); on a phone in columns under the word."""
        if phone:
            return Group(Text(_("Alliances"), style="bold"), alliance_columns(self.round))
        return Text(_("Alliances "), style="bold").append_text(
            Text(" ").join(alliances_in_play(self.round))
        )

    # ----- playing --------------------------------------------------------------------------

    def play(self, event: Mapping[str, Any] | None) -> None:
        """Record ``event`` through the engine, save, redraw, announce."""
        if event is None:
            return
        try:
            out = self.engine.play(self.journal, dict(event), source=str(self.path))
        except CompanionError as exc:
            self.notify(str(exc), severity="error")
            return
        self._saved(out)
        self.say_step(spoken.quick_spoken(out), spoken.quick_cues(out))

    def _saved(self, out: Sequence[Announcement], title: str = "") -> None:
        try:
            if not self.write_step(lambda: session.save_game(self.path, self.journal)):
                return
        except OSError as exc:
            self.notify(say("could not save: {error}", error=exc), severity="error")
        self.state = self.engine.replay(self.journal, str(self.path))
        self._refresh()
        news = self.query_one("#q-news", AnnouncementList)
        news.border_title = title or _("What to do")
        news.show([self.with_hint(a) for a in out])
        if out:
            news.highlighted = len(out) - 1  # the newest step in view, wrapped lines too
            self.call_after_refresh(news.scroll_end, animate=False)

    def with_hint(self, item: Announcement) -> Announcement:
        """The announcement with this screen's own hint added (the engine names no keys)."""
        return item

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what the engine would refuse now."""
        over = self.game_over() is not None
        if action == "setup":
            return None if over else True
        if action in ("unite", "adjust", "next"):
            return None if over else True
        if action == "flip":  # 2 players have no direction token: no key to offer
            return False if not self.round.has_direction_token else None if over else True
        if action == "undo":
            return True if self.journal.can_undo() else None
        if action == "redo":
            return True if self.journal.can_redo() else None
        return True

    def action_unite(self) -> None:
        """The unite dialog."""
        self.app.push_screen(unite_dialog(self.round), self.play)

    def action_adjust(self) -> None:
        """The popularity dialog."""
        self.app.push_screen(adjust_dialog(self.round), self.play)

    def action_flip(self) -> None:
        """Flip the direction token."""
        self.play({"kind": "flip"})

    def action_next(self) -> None:
        """The next player's turn."""
        self.play({"kind": "next"})

    def _undo_redo(self, which: str) -> None:
        try:
            event = getattr(session, which)(self.journal)[0]
        except CompanionError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.journal.summary = self.engine.summary(self.engine.replay(self.journal, str(self.path)))
        step = self.engine.describe_event(event)
        if which == "undo":
            said = say("Took back: {step}. Move the markers as shown.", step=step)
        else:
            said = say("Brought back: {step}. Move the markers as shown.", step=step)
        self._saved([Announcement(said, kind="info")], _("Undo") if which == "undo" else _("Redo"))

    def action_undo(self) -> None:
        """Take back the last step."""
        self._undo_redo("undo")

    def action_redo(self) -> None:
        """Bring back the last step taken back."""
        self._undo_redo("redo")

    def action_log(self) -> None:
        """Show every step so far."""
        self.app.push_screen(
            EphiosLogScreen(
                _("Steps so far"), [self.engine.describe_event(e) for e in self.journal.events]
            )
        )

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Command-palette entries of this screen."""
        yield SystemCommand(_("Unite an alliance"), "u", self.action_unite)
        yield SystemCommand(_("Adjust popularity"), "a", self.action_adjust)
        yield SystemCommand(_("Undo"), "z / Ctrl+Z", self.action_undo)
        yield SystemCommand(_("Redo"), "y", self.action_redo)
        yield SystemCommand(_("Log"), _("Every step so far (g)"), self.action_log)
        yield SystemCommand(
            _("Set-up checklist"), _("The rulebook's set-up steps (k)"), self.action_setup
        )
