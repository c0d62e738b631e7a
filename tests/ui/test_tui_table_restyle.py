"""A question asked on the table screen, and dropped, restyles a few widgets of its body only:
never its header, its bar or the footer's keys (a class of the whole screen restyled every
widget of it, twice a question, about an eighth of a step's CPU). A resize restyles, in
one go, only the widgets a rule naming a changed size class styles: never the footer's keys
or the question's choices (Textual restyled every widget of the screen, each component
class of each again). A class set that is set already restyles nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from fit_helpers import resize
from key_answers import begun, tell_step, waits
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.widgets import Static
from textual.widgets._footer import FooterKey
from tui_helpers import (
    answer,
    at_home,
    open_save,
    open_turn_screen,
    press,
    saved_game,
    shown,
    sync,
    until,
    wait_for_screen,
)

from companion import paths
from companion.core import entry_points, registry, session
from companion.ephios import quick
from companion.tui import panels, restyle
from companion.tui.app import CompanionApp
from companion.tui.screens.table_setup import TableSetupScreen


def recorded_restyles(app: App[Any]) -> list[list[Any]]:
    """The list each restyle of ``app`` from now on adds the nodes it restyled to, in order
    (a restyle: one pass of the stylesheet over some nodes)."""
    restyles: list[list[Any]] = []
    stylesheet = app.stylesheet
    update_nodes = stylesheet.update_nodes

    def record(nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        restyles.append(nodes)
        update_nodes(nodes, animate)

    stylesheet.update_nodes = record  # type: ignore[method-assign]
    return restyles


def every(restyles: list[list[Any]]) -> Iterator[Any]:
    """Each node restyled, once for each time it was."""
    for nodes in restyles:
        yield from nodes


@sync
async def test_a_turn_played_by_keys_restyles_no_footer_key_header_or_bar() -> None:
    """Two Euphoria turns with physical cards and dice (each asks the cards and the
    dice): the focus moves between the lines and the choices, the body's classes come and
    go, and not one footer key, the footer, the header or the bar is restyled."""
    game = registry.table("euphoria")
    assert game is not None
    rng = random.Random(3)
    journal = begun(game, {"deck": "physical", "dice": "physical"}, rng, 3)
    path = paths.data_dir() / "restyle-turns.toml"
    session.create(game.rules, path, journal, force=True)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        restyles = recorded_restyles(app)
        for _turn in range(2):
            await tell_step(pilot, screen, "enter", rng)
            await until(pilot, lambda: waits(screen))
        assert len(screen.journal.events) >= 2, "the turns were played"
        ask = screen.query_one("#t-ask")
        assert ask in list(every(restyles)), "a turn asks its questions: the body's classes"
        chrome = (FooterKey, type(screen.query_one("Footer")), type(screen.query_one("Header")))
        bar = screen.query_one("#t-bar")
        for node in every(restyles):
            assert not isinstance(node, chrome) and node is not bar, f"{node!r} restyled"


@sync
async def test_a_resize_restyles_only_what_its_classes_style_in_one_go() -> None:
    """The Ephios quick game (its panels fold to a glance on a small screen) from 40×20 to
    120×40 and back: each resize changes the size's classes and the glance's, and the
    widgets they style (the header, the panels' lines) are restyled in one go, each once;
    the footer's keys and the lists' component classes are not restyled at all."""
    journal = quick.new_game(["Annabelle", "Bartholomew", "Cyprian"], first="Annabelle")
    path = paths.data_dir() / "restyle.toml"
    session.create_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        screen = await open_save(pilot, path, journal)
        assert screen.has_class("-phone", "-short", "-glance", "-folded"), screen.classes
        restyles = recorded_restyles(app)
        left, header = screen.query_one("#t-left"), screen.query_one("Header")
        for size, classes, gone in (
            ((120, 40), ("-wide", "-tall"), ("-phone", "-short", "-glance", "-folded")),
            ((40, 20), ("-phone", "-short", "-glance", "-folded"), ("-wide", "-tall")),
        ):
            restyles.clear()
            await resize(pilot, size)
            assert screen.has_class(*classes), (size, screen.classes)
            assert not any(screen.has_class(name) for name in gone), (size, screen.classes)
            nodes = list(every(restyles))
            assert all(node.screen is screen for node in nodes), f"{size}: not this screen's"
            assert [left in run for run in restyles].count(True) == 1, f"{size}: {restyles}"
            assert header in nodes, f"{size}: the header's rule names -short"
            assert len(nodes) == len(set(nodes)), f"{size}: a widget restyled twice {nodes}"
            keys = [node for node in nodes if isinstance(node, FooterKey)]
            assert not keys, f"{size}: the footer's keys restyled {keys}"
            choices = screen.query_one("#qp-choices")
            assert choices not in nodes, f"{size}: the question's choices restyled"


@sync
async def test_a_screen_covered_is_resized_when_it_shows_again() -> None:
    """The home screen under a game's is neither laid out nor told of a resize while
    covered (nothing of it shows); back on it, it has the new size, its size classes and
    its new games listed for that width (by name only on a phone)."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        path, journal = saved_game(3)
        home = await at_home(pilot)
        hinted = [str(option.prompt) for option in home.query_one("#new-games").options]
        assert any(" — " in prompt for prompt in hinted), hinted
        screen = await open_turn_screen(pilot, app, path, journal)
        await resize(pilot, (40, 20))
        assert screen.has_class("-phone", "-short"), screen.classes
        new, saves = home.query_one("#new-games"), home.query_one("#saves")
        assert saves.size.width > 40, "the home screen laid out while covered"
        assert not home.has_class("-phone"), "the home screen told of the resize"
        assert hinted == [str(option.prompt) for option in new.options]
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is home and 0 < saves.size.width <= 40)
        await until(pilot, lambda: home.has_class("-phone", "-short"))
        await until(pilot, lambda: not any(" — " in str(o.prompt) for o in new.options))
        assert not home.has_class("-narrow") and not home.has_class("-tall"), home.classes


@sync
async def test_a_step_asked_again_at_once_keeps_the_focus_off_the_lines() -> None:
    """The Ephios solo game at 80×24 asks its menu whenever the table waits: a step
    answered there is played and the menu asked again, and the lines never take the
    focus meanwhile (they took it and gave it back to the choices: both lists restyled
    twice, every part of them)."""
    game = registry.table("ephios-solo")
    assert game is not None
    rng = random.Random(5)
    journal = begun(game, {}, rng, 5)
    path = paths.data_dir() / "restyle-solo.toml"
    session.create(game.rules, path, journal, force=True)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_save(pilot, path, journal)
        choices, news = screen.query_one("#qp-choices"), screen.query_one("#t-news")
        await until(pilot, lambda: screen.idle and app.focused is choices)
        focused: list[Any] = []
        news.watch(news, "has_focus", lambda on: focused.append(on), init=False)
        played = len(screen.journal.events)
        await tell_step(pilot, screen, "enter", rng)
        await until(pilot, lambda: len(screen.journal.events) > played)
        await until(pilot, lambda: screen.idle and app.focused is choices)
        assert focused == [], "the lines took the focus and gave it back"


@sync
async def test_a_set_up_question_focuses_its_choices_at_once() -> None:
    """Each question of a new game's set-up gives the focus to its choices at once: the
    question's panel is never focused first (it and all in it were restyled twice)."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "1")
        screen = await wait_for_screen(pilot, TableSetupScreen)
        panel = screen.query_one("#s-question")
        choices = panel.query_one("#qp-choices")
        await until(pilot, lambda: app.focused is choices)
        restyles = recorded_restyles(app)
        await answer(pilot, screen, "1")
        await until(pilot, lambda: app.focused is choices and len(screen.rounds) == 1)
        assert panel not in list(every(restyles)), "the question's panel took the focus"


class Boxes(App[None]):
    """A screen with a column whose rules name the screen's classes: one sets its box only,
    one its colour (which the widgets under it draw with)."""

    CSS = """
    .-small #box { height: 3; }
    .-dark #box { background: red; }
    """

    def compose(self) -> ComposeResult:
        """The column, a line in it, a line beside it."""
        with Vertical(id="box"):
            yield Static("in the box", id="inside")
        yield Static("beside", id="beside")


@sync
async def test_a_class_restyles_what_its_rules_style_or_all_when_they_colour() -> None:
    """:func:`restyle.update_classes`: a class whose rules set a box restyles the nodes
    they style, not their neighbours or children; one whose rules set a colour restyles
    the whole tree (the children draw with it); a class set already restyles nothing."""
    app = Boxes()
    async with app.run_test(size=(40, 10)) as pilot:
        screen, box = app.screen, app.query_one("#box")
        restyles = recorded_restyles(app)
        assert restyle.update_classes(screen, {"-small": True})
        await until(pilot, lambda: box.size.height == 3)
        assert restyles == [[box]], restyles
        restyles.clear()
        assert not restyle.update_classes(screen, {"-small": True, "-dark": False})
        assert not restyle.set_class(screen, True, "-small")
        assert restyles == [], "a class set already restyled"
        assert restyle.set_class(screen, True, "-dark")
        assert set(every(restyles)) >= {screen, box, app.query_one("#inside")}, restyles
        assert box.styles.background.rgb == (255, 0, 0)


def test_the_panels_entry_points_are_read_once_a_process(monkeypatch: Any) -> None:
    """The set-up screen asks a game's panels at every question: the entry points are read
    from disk once, and a game's panels loaded once."""
    read: list[str] = []
    entries = entry_points.entries

    def counted(group: str) -> list[tuple[str, str]]:
        read.append(group)
        return entries(group)

    monkeypatch.setattr(entry_points, "entries", counted)
    monkeypatch.setattr(panels, "_loaded", {})
    panels._entries.cache_clear()
    try:
        first = panels.panels_of("ephios-solo")
        assert panels.panels_of("ephios-solo") is first
        assert panels.panels_of("no-such-game") is panels.NO_PANELS
        assert panels.panels_of("euphoria") is not panels.NO_PANELS
        assert read == [panels.ENTRY_POINTS], read
    finally:
        panels._entries.cache_clear()


def drawn(widget: Any) -> list[Any]:
    """The lines ``widget`` shows now: those it keeps from its last draws, each drawn again
    only where it was marked to be."""
    return list(widget.render_lines(Region(0, 0, *widget.size)))


def drawn_anew(widget: Any) -> list[Any]:
    """The lines ``widget`` shows drawn all anew (what it keeps dropped first)."""
    widget._styles_cache.clear()
    return drawn(widget)


async def asking_restyles_the_body(pilot: Any, app: Any, screen: Any) -> None:
    """The market report (m) asks, Escape drops it: the widgets restyled for it are the
    body's, and the question's column is shown then hidden again."""
    restyles = recorded_restyles(app)
    ask = screen.query_one("#t-ask")
    await press(pilot, "m")
    await until(pilot, lambda: screen.pending is not None and ask.display)
    assert list(every(restyles)).count(ask) == 1, "the step asked's classes set at once"
    # The focus goes to the choices at once, not to their panel first (each move of
    # the focus restyles the widget it leaves and the one it takes).
    await until(pilot, lambda: app.focused is screen.query_one("#qp-choices"))
    assert screen.query_one("#t-question") not in list(every(restyles)), restyles
    await press(pilot, "escape")
    await until(pilot, lambda: screen.pending is None and not ask.display)
    outside = [screen.query_one(kind) for kind in ("Header", "#t-bar", "Footer")]
    outside = [widget for widget in outside if widget.display]
    for node in every(restyles):
        above = [widget for widget in outside if node in widget.ancestors_with_self]
        assert not above, f"{node!r} restyled, and with it {above!r}"


async def a_highlight_move_redraws_the_two_choices_only(pilot: Any, app: Any, screen: Any) -> None:
    """Down and Up in what to do (focused) redraw the rows of the line the highlight
    leaves and of the one it takes, not every row of the list (Textual redrew them all at
    each move); the rows kept are those a whole draw gives (the old highlight gone). The
    tests' apps draw a frame when it is read (``tests/ui/conftest.py``): each move is read."""
    news = screen.query_one("#t-news")
    await until(pilot, lambda: app.focused is news and news.option_count >= 3)
    rows: list[int] = []
    render_line = news.render_line

    def counted(y: int) -> Any:
        rows.append(y)
        return render_line(y)

    news.render_line = counted
    for key in ("down", "down", "up"):
        await until(pilot, lambda: not screen._layout_required)
        shown(app)  # the screen drawn as it is (a test's read draws what changed)
        before = news.highlighted
        await press(pilot, key)
        await until(pilot, lambda b=before: news.highlighted != b)  # type: ignore[misc]
        await until(pilot, lambda: not screen._layout_required)
        rows.clear()
        shown(app)
        heights = news._heights
        assert len(rows) == heights[before] + heights[news.highlighted], (key, rows)
        assert drawn(news) == drawn_anew(news), f"{key}: a row kept that a draw changes"


async def a_focus_move_restyles_the_column_not_its_panels(
    pilot: Any, app: Any, screen: Any
) -> None:
    """Tab from what to do to the panels' column and back restyles the two that take and
    lose the focus (and the list's highlight takes its unfocused colours), never a panel
    inside the column (Textual restyled every widget under a widget that took the focus)."""
    news, left = screen.query_one("#t-news"), screen.query_one("#t-left")
    await until(pilot, lambda: app.focused is news)
    focused = news.get_component_rich_style("option-list--option-highlighted")
    restyles = recorded_restyles(app)
    await press(pilot, "tab")
    await until(pilot, lambda: app.focused is left)
    blurred = news.get_component_rich_style("option-list--option-highlighted")
    assert blurred != focused, "the list left is not restyled for its lost focus"
    await press(pilot, "shift+tab")
    await until(pilot, lambda: app.focused is news)
    assert news.get_component_rich_style("option-list--option-highlighted") == focused
    nodes = list(every(restyles))
    assert left in nodes and news in nodes, restyles
    inside = [node for node in nodes if node is not left and left in node.ancestors]
    assert not inside, f"restyled with the column's focus: {inside}"


async def a_key_shown_or_hidden_redraws_no_other_footer_key(
    pilot: Any, app: Any, screen: Any
) -> None:
    """Focus moves that show the list's "Why?" key in the footer and hide it again measure
    and draw again only the keys shown or hidden (the footer's columns changed: Textual's
    style refreshed every key of the footer, each measured and drawn anew). The keys of
    each focus are made the first time it is seen (a move each way before counting)."""
    news, left = screen.query_one("#t-news"), screen.query_one("#t-left")
    footer = screen.query_one("Footer")
    for key, target in (("tab", left), ("shift+tab", news)):
        await press(pilot, key)
        await until(pilot, lambda t=target: app.focused is t)  # type: ignore[misc]
    await until(pilot, lambda: not screen._layout_required)
    rendered: list[Any] = []
    for key in list(footer.children):
        render = key.render
        key.render = lambda k=key, r=render: rendered.append(k) or r()
    for key, target in (("tab", left), ("shift+tab", news), ("tab", left)):
        shown_before = {child: child.display for child in footer.children}
        rendered.clear()
        await press(pilot, key)
        await until(pilot, lambda t=target: app.focused is t)  # type: ignore[misc]
        await until(pilot, lambda: not screen._layout_required)
        await pilot.pause()
        why = [child for child in footer.children if "Why" in str(child.description)]
        assert why and why[0].display == (target is news), "the Why? key follows the focus"
        changed = {child for child, was in shown_before.items() if child.display != was}
        assert changed, "a key shown or hidden"
        others = {child for child in rendered if child not in changed}
        assert not others, f"{key}: keys drawn again though unchanged: {others}"


@sync
async def test_the_turn_screens_moves_and_questions_restyle_and_redraw_only_what_they_change() -> (
    None
):
    """One turn screen (the seed-6 game after 12 turns, 80x24), one check after another: a
    highlight move redraws the two choices only; a focus move restyles the column, not its
    panels; a key shown or hidden redraws no other footer key; asking restyles the body,
    not the header, the bar or the footer, at 80x24 and, resized in place, at 40x20."""
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        path, journal = saved_game(12)
        screen = await open_turn_screen(pilot, app, path, journal)
        await a_highlight_move_redraws_the_two_choices_only(pilot, app, screen)
        await a_focus_move_restyles_the_column_not_its_panels(pilot, app, screen)
        await a_key_shown_or_hidden_redraws_no_other_footer_key(pilot, app, screen)
        await asking_restyles_the_body(pilot, app, screen)
        await resize(pilot, (40, 20))
        await asking_restyles_the_body(pilot, app, screen)
