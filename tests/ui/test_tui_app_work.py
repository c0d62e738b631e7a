"""What the app asks of Textual on a table screen, counted: its open, a resize, a focus
move and a step (layout passes, widgets styled, lists made, lines drawn, footer keys
mounted). Each test fails when
the work it counts is done again for nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fit_helpers import resize
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from tui_helpers import (
    at_home,
    open_save,
    open_turn_screen,
    press,
    saved_game,
    settled,
    shown,
    sync,
    until,
)

from companion import paths
from companion.core import session
from companion.core.journal import Journal
from companion.ephios import solo
from companion.euphoria import game
from companion.euphoria.state import GameOptions
from companion.tui.app import CompanionApp
from companion.tui.games.euphoria_automa import AutomaPanel
from companion.tui.screens.home import HomeScreen
from companion.tui.widgets.choices import ChoiceList
from companion.tui.widgets.chrome import Footer
from companion.tui.widgets.layout import Hanging, RewrapsOnWidth, hanging
from companion.tui.widgets.questions import QuestionPanel

# The Ephios solo game's first crossroads (test_tui_ephios_solo.py's).
CROSSROADS = {
    "reveal-1": "syndicate-dignitary",
    "reveal-2": "order",
    "reveal-3": "academy",
    "reveal-4": "company",
}


def recorded_layouts(
    screen: Screen[Any], classes: list[frozenset[str]] | None = None
) -> list[object]:
    """The list each layout pass of ``screen`` from now on adds its size to (None: the
    size it has, a pass of its update timer); with ``classes``, the screen's classes at
    each pass at a new size are added to that list."""
    passes: list[object] = []
    refresh_layout = screen._refresh_layout

    def record(size: Any = None, scroll: bool = False) -> None:
        passes.append(size)
        if size is not None and classes is not None:
            classes.append(frozenset(screen.classes))
        refresh_layout(size, scroll)

    screen._refresh_layout = record  # type: ignore[method-assign]
    return passes


def recorded_whole_draws(screen: Screen[Any]) -> list[object]:
    """The list each draw of the whole of ``screen`` by the app (its compositor's refresh
    with every region to draw again) from now on adds the screen's size to; a test's own
    reads of the screen are not draws of the app."""
    draws: list[object] = []
    refresh = screen._compositor_refresh

    def record() -> None:
        compositor = screen._compositor
        if compositor.size.region in compositor._dirty_regions:
            draws.append(compositor.size)
        refresh()

    screen._compositor_refresh = record  # type: ignore[method-assign]
    return draws


@sync
async def test_a_resize_lays_the_screen_out_at_its_new_size_once() -> None:
    """Each resize lays the table screen out at the new size once: Textual's layout tells
    the screen of the size it laid it out at, and its handler laid the whole screen out at
    that size again (the screen's own resize handling run twice with it). That layout has
    the size's classes already (set after it, they asked for another), and the screen is
    drawn whole once (its own new virtual size asked for a second whole draw)."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        path, journal = saved_game(3)
        screen = await open_turn_screen(pilot, app, path, journal)
        at_pass: list[frozenset[str]] = []
        passes = recorded_layouts(screen, at_pass)
        draws = recorded_whole_draws(screen)
        handled: list[object] = []
        fold = screen._fold
        screen._fold = lambda *a, **k: handled.append(a[:2]) or fold(*a, **k)  # type: ignore[method-assign]
        for size, classes in (((40, 20), {"-phone", "-short"}), ((80, 24), set())):
            passes.clear()
            at_pass.clear()
            draws.clear()
            handled.clear()
            await resize(pilot, size)
            await settled(pilot)
            assert classes <= screen.classes, (size, screen.classes)
            sized = [each for each in passes if each is not None]
            assert [tuple(each) for each in sized] == [size], f"{size}: {passes}"  # type: ignore[call-overload]
            assert at_pass == [frozenset(screen.classes)], f"{size}: {at_pass}"
            assert handled == [size], f"{size}: the resize handled {handled}"
            assert [tuple(each) for each in draws] == [size], f"{size}: drawn whole {draws}"  # type: ignore[call-overload]


@sync
async def test_a_resize_makes_the_list_of_what_to_do_once() -> None:
    """A resize to a phone's width and back gives what to do its marks (■ for black) and
    its narrow words, then takes them away: the list's lines made once each way, not once
    for the marks and once more for the lines."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        path, journal = saved_game(3)
        screen = await open_turn_screen(pilot, app, path, journal)
        news = screen.query_one("#t-news")
        made: list[int] = []
        add_options = news.add_options
        news.add_options = lambda options: made.append(1) or add_options(options)  # type: ignore[method-assign]
        for size, marked in (((40, 20), True), ((80, 24), False)):
            made.clear()
            await resize(pilot, size)
            assert bool(news.marks) is marked, (size, news.marks)
            assert made == [1], f"{size}: the list made {len(made)} times"


@sync
async def test_a_covered_screen_makes_no_footer_keys_until_it_shows_again() -> None:
    """A game opened at once from the home screen (its footer not yet settled): the home
    screen's footer, covered, mounts no key while the game's screen is up; back home, it
    shows the home screen's keys."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        path, journal = saved_game(3)
        home = await at_home(pilot)
        footer = home.query_one(Footer)
        mounted: list[Any] = []
        mount_all = footer.mount_all
        footer.mount_all = lambda keys, **k: mounted.extend(keys) or mount_all(keys, **k)  # type: ignore[method-assign]
        screen = await open_turn_screen(pilot, app, path, journal)
        await until(pilot, lambda: any(k.display for k in screen.query_one(Footer).children))
        await press(pilot, "tab", "shift+tab")
        assert not mounted, f"keys made for the covered home screen: {mounted}"
        await press(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await until(pilot, lambda: any(k.display for k in footer.children), "the home keys")
        assert "1" in {getattr(key, "key", None) for key in footer.children if key.display}


@sync
async def test_a_focus_move_lays_the_screen_out_once() -> None:
    """Tab from what to do to the panels' column and back: each move (the footer's "Why?"
    key shown or hidden with it) lays the screen out once. The widgets' new sizes asked
    Textual for a second pass of the whole screen, and so did the footer's keys, wider than
    its row for a moment, with a scrollbar of no size shown and hidden."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        path, journal = saved_game(12)
        screen = await open_turn_screen(pilot, app, path, journal)
        news, left = screen.query_one("#t-news"), screen.query_one("#t-left")
        footer = screen.query_one(Footer)
        await until(pilot, lambda: app.focused is news)
        for key, target in (("tab", left), ("shift+tab", news)):  # each focus's keys made
            await press(pilot, key)
            await until(pilot, lambda t=target: app.focused is t)  # type: ignore[misc]
        await until(pilot, lambda: not screen._layout_required)
        passes = recorded_layouts(screen)
        for key, target in (("tab", left), ("shift+tab", news), ("tab", left)):
            passes.clear()
            shown = {child: child.display for child in footer.children}
            await press(pilot, key)
            await until(pilot, lambda t=target: app.focused is t)  # type: ignore[misc]
            await until(pilot, lambda: not screen._layout_required)
            await pilot.pause()
            assert any(child.display != was for child, was in shown.items()), "a key changed"
            assert len(passes) == 1, f"{key}: {len(passes)} layout passes"


def test_a_line_alike_is_wrapped_once_whatever_draws_it() -> None:
    """The lists of what to do and of a question's choices are made anew at every step,
    mostly of lines they showed before: a line alike (its marker, its words and styles)
    drawn with the same console options takes the lines drawn before, and a line that
    differs in a word or a style is drawn anew."""
    console = Console(width=40, legacy_windows=False)
    options = console.options.update_width(30)
    words = "a long line of words that wraps under its own start"
    drawn: list[str] = []
    draw = Hanging._draw

    def counted(self: Hanging, *args: Any) -> Any:
        drawn.append(str(self.body))
        return draw(self, *args)

    Hanging._draw = counted  # type: ignore[method-assign]
    try:
        first = console.render_lines(hanging("1. ", Text(words)), options)
        again = console.render_lines(hanging("1. ", Text(words)), options)
        assert again == first and len(first) > 1
        assert len(drawn) == 1, drawn
        for other in (
            hanging("1. ", Text(words, style="dim")),
            hanging("2. ", Text(words)),
            hanging("1. ", Text(words + "!")),
        ):
            lines = console.render_lines(other, options)
            assert lines != first
        assert len(drawn) == 4, drawn
        assert console.render_lines(hanging("1. ", Text(words)), options.update_width(20)) != first
        assert len(drawn) == 5, drawn
    finally:
        Hanging._draw = draw  # type: ignore[method-assign]


def recorded_styles(app: CompanionApp) -> list[Any]:
    """Each node the app's stylesheet styles from now on, appended as it is styled."""
    styled: list[Any] = []
    apply = app.stylesheet.apply

    def counted(node: Any, *args: Any, **kwargs: Any) -> Any:
        styled.append(node)
        return apply(node, *args, **kwargs)

    app.stylesheet.apply = counted  # type: ignore[method-assign]
    return styled


def ephios_save(name: str) -> tuple[Path, Journal]:
    """A new Ephios solo game (normal, one player, the crossroads above) saved as ``name``."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    path = paths.data_dir() / f"{name}.toml"
    session.create_game(path, journal)
    return path, journal


async def ephios_table(pilot: Pilot[Any], path: Path, journal: Journal) -> Any:
    """The table screen of the Ephios game saved at ``path``, its menu of actions asked."""
    screen = await open_save(pilot, path, journal)
    await until(pilot, lambda: screen.idle, "the menu of actions")
    return screen


@sync
async def test_a_step_draws_again_only_the_board_lines_it_changed() -> None:
    """The Ephios board after a debate: the lines whose words changed (the Plot zone, the
    alliances, the crossroads) are drawn again, the hand (still empty) is not; drawing the
    board again for the same table updates no line."""
    path, journal = ephios_save("ephios-kept")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ephios_table(pilot, path, journal)
        updated: list[str] = []
        update = Static.update

        def counted(self: Static, *args: Any, **kwargs: Any) -> None:
            if (self.id or "").startswith("sb-"):
                updated.append(self.id or "")
            update(self, *args, **kwargs)

        Static.update = counted  # type: ignore[method-assign]
        try:
            panel = screen.query_one("#t-question")
            await press(pilot, "d", "1")
            await until(pilot, lambda: panel.current.id == "reveal-1")
            await press(pilot, "5")
            await until(pilot, lambda: panel.current.id == "reveal-2")
            await press(pilot, "7")
            await until(pilot, lambda: screen.idle and len(screen.journal.events) == 1)
            assert screen.view.state.plot_zone == ["order"]
            assert {"sb-zone", "sb-alliances", "sb-crossroads"} <= set(updated), updated
            assert "sb-hand" not in updated, updated
            updated.clear()
            board = screen.query_one("SoloBoard")
            board.show(screen.view)
            assert updated == [], updated
            assert "order" in str(screen.query_one("#sb-zone", Static).render()).lower()
        finally:
            Static.update = update  # type: ignore[method-assign]


@sync
async def test_an_answer_on_the_table_goes_to_the_next_question_without_the_answered_frame() -> (
    None
):
    """Answering a step's question on the table (the debate's slot, then the card revealed):
    the panel goes from one question to the next, its choices never hidden in between. It
    was laid out "✓ answered" first, its choices hidden (the focus leaving them and coming
    back, each a restyle), a moment before the next question came."""
    path, journal = ephios_save("ephios-answered")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ephios_table(pilot, path, journal)
        panel = screen.query_one("#t-question", QuestionPanel)
        choices = panel.query_one(ChoiceList)
        hidden: list[object] = []
        show_done = panel._show_done
        panel._show_done = lambda: hidden.append(panel.current) or show_done()  # type: ignore[method-assign]
        styled = recorded_styles(app)
        await press(pilot, "d")
        await until(pilot, lambda: panel.current is not None and panel.current.id != "action")
        await until(pilot, lambda: app.focused is choices, "the slot's choices focused")
        hidden.clear()
        styled.clear()
        await press(pilot, "1")
        await until(pilot, lambda: panel.current is not None and panel.current.id == "reveal-1")
        await until(pilot, lambda: app.focused is choices, "the card's choices focused")
        await pilot.pause()
        assert hidden == [], f"shown answered {len(hidden)} times"
        assert choices not in styled, f"the choices restyled {styled.count(choices)} times"
        assert choices.display and "✓" not in shown(app)


@sync
async def test_a_step_after_a_question_lays_nothing_out_again_for_new_heights() -> None:
    """A turn of physical cards (its cards asked, then played): the Automa panels and the
    list of what to do take their new heights in the step's layout pass. Each resize
    (its height only) laid the screen out once more: the panels measured again for a
    width they had been measured at, the list's lines counted into a new virtual size."""
    options = GameOptions(
        recruits=("icarus", "euphoria"), physical_deck=True, report_sites=True, difficulty="expert"
    )
    journal = game.new_game(options, seed=5)
    path = paths.data_dir() / "euphoria-physical-work.toml"
    session.create_game(path, journal)
    asked: list[str] = []
    inside: list[str] = []
    refresh = Widget.refresh
    on_resize = AutomaPanel.on_resize
    list_resize = RewrapsOnWidth._on_resize

    def counted(self: Widget, *args: Any, **kwargs: Any) -> Any:
        if inside and kwargs.get("layout"):
            asked.append(f"{inside[-1]}: {self.id}")
        return refresh(self, *args, **kwargs)

    def panel_resized(self: AutomaPanel) -> None:
        inside.append("panel")
        try:
            on_resize(self)
        finally:
            inside.pop()

    def list_resized(self: RewrapsOnWidth) -> None:
        inside.append("list")
        try:
            list_resize(self)
        finally:
            inside.pop()

    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_turn_screen(pilot, app, path, journal)
        panel = screen.query_one("#t-question", QuestionPanel)
        await press(pilot, "enter")
        await until(pilot, lambda: panel.current is not None and panel.current.id == "deck.support")
        await press(pilot, "S", "7")
        await until(pilot, lambda: panel.current is not None and panel.current.id == "deck.action")
        card = next(c for c in panel.current.choices if len(c) == 2)
        Widget.refresh = counted  # type: ignore[method-assign]
        AutomaPanel.on_resize = panel_resized  # type: ignore[method-assign]
        RewrapsOnWidth._on_resize = list_resized  # type: ignore[method-assign]
        try:
            await press(pilot, *card)
            await until(pilot, lambda: screen.state.turn == 1, "turn 1 played")
            await until(pilot, lambda: not screen._layout_required)
            await pilot.pause()
        finally:
            Widget.refresh = refresh  # type: ignore[method-assign]
            AutomaPanel.on_resize = on_resize  # type: ignore[method-assign]
            RewrapsOnWidth._on_resize = list_resize  # type: ignore[method-assign]
        assert asked == [], asked


@sync
async def test_an_undo_where_the_menu_is_asked_again_keeps_the_asking_layout() -> None:
    """Undo and redo on the Ephios table, whose menu of actions is asked whenever it waits:
    the body keeps its classes of a step asked and the menu's choices the focus, as a step
    played keeps them. They were taken off and put back, the body's widgets and both lists
    restyled twice (the focus to the lines and back)."""
    path, journal = ephios_save("ephios-undo")
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ephios_table(pilot, path, journal)
        panel = screen.query_one("#t-question", QuestionPanel)
        choices = panel.query_one(ChoiceList)
        await press(pilot, "d", "1")
        for card in ("5", "7"):
            await until(pilot, lambda: panel.current is not None and "reveal" in panel.current.id)
            await press(pilot, card)
        await until(pilot, lambda: screen.idle and len(screen.journal.events) == 1)
        body = [screen.query_one(f"#{name}") for name in ("t-left", "t-heading", "t-news")]
        styled = recorded_styles(app)
        for key, events in (("z", 0), ("y", 1)):
            styled.clear()
            await press(pilot, key)
            await until(pilot, lambda n=events: len(screen.journal.events) == n)  # type: ignore[misc]
            await until(pilot, lambda: screen.idle and app.focused is choices, "the menu")
            restyled = [node.id for node in (*body, choices) if node in styled]
            assert restyled == [], f"{key}: {restyled} restyled"
