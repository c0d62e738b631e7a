"""Pilot tests of the reusable widgets: questions, announcements, card pair, bar, checklist."""

from __future__ import annotations

import io

from rich.console import Console
from textual import events
from textual.app import App, ComposeResult
from tui_helpers import mounted, sync, until, wait_for_option, wait_for_text

from companion.core.questions import Announcement, Question
from companion.euphoria.cards import load_deck
from companion.tui.games.cardpair import CardPair, card_pair_table
from companion.tui.widgets import (
    AnnouncementList,
    Checklist,
    PopularityBar,
    QuestionPanel,
)
from companion.tui.widgets.choices import ChoiceList
from companion.tui.widgets.popularity import popularity_text

ONE = Question(
    id="space",
    text="Where?",
    kind="one",
    choices=("a", "b", "c"),
    labels=("Alpha", "Beta", "Gamma"),
)
YES = Question(id="built", text="Built?", kind="yes_no")
MANY = Question(id="sites", text="Which?", kind="many", choices=("x", "y", "z"))
NUMBER = Question(id="die", text="Die?", kind="number", minimum=1, maximum=6)


class WidgetApp(App[None]):
    """Hosts one widget and records the messages it posts."""

    def __init__(self, widget) -> None:
        super().__init__()
        self.widget = widget
        self.answered: list[dict[str, str]] = []
        self.backs = 0
        self.completed = 0

    def compose(self) -> ComposeResult:
        yield self.widget

    def on_question_panel_answered(self, event: QuestionPanel.Answered) -> None:
        self.answered.append(event.answers)

    def on_question_panel_back(self, event: QuestionPanel.Back) -> None:
        self.backs += 1

    def on_checklist_completed(self, event: Checklist.Completed) -> None:
        self.completed += 1


def row(widget, index: int, column: int = 2) -> tuple[int, int]:
    """The click offset of single-line option ``index`` inside an OptionList (past its border)."""
    gutter = widget.styles.gutter
    return (gutter.left + column, gutter.top + index)


def plain(renderable, width: int = 80) -> str:
    """A Rich renderable as plain text."""
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@sync
async def test_question_panel_answers_every_kind_by_keys():
    app = WidgetApp(QuestionPanel([ONE, YES, MANY, NUMBER]))
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, app.widget)
        await pilot.press("2")  # one: Beta
        await pilot.press("n")  # yes_no: no
        await pilot.press("1", "3", "3", "3", "enter")  # many: x and z
        await pilot.press("9", "4")  # number 1-6: 9 is no die face, 4 answers at once
        await until(
            pilot,
            lambda: app.answered == [{"space": "b", "built": "no", "sites": "x,z", "die": "4"}],
        )
    assert app.answered == [{"space": "b", "built": "no", "sites": "x,z", "die": "4"}]


@sync
async def test_question_panel_wide_number_range_is_typed():
    """A number with more than one digit (e.g. tokens left 0-10) is typed, then Enter."""
    tokens = Question(id="tokens", text="Tokens left?", kind="number", minimum=0, maximum=10)
    app = WidgetApp(QuestionPanel([tokens]))
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, app.widget)
        await pilot.press("1", "2", "backspace", "plus", "plus", "minus", "enter")
        await until(pilot, lambda: app.answered == [{"tokens": "2"}])
    assert app.answered == [{"tokens": "2"}]


@sync
async def test_question_panel_zero_key_picks_the_tenth_choice():
    """With 10 choices (an Ephios reveal) key 0 picks the 10th."""
    ten = Question(id="card", text="Which?", kind="one", choices=tuple("abcdefghij"))
    app = WidgetApp(QuestionPanel([ten]))
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, app.widget)
        await pilot.press("0")
        await until(pilot, lambda: app.answered == [{"card": "j"}])
    assert app.answered == [{"card": "j"}]


@sync
async def test_question_panel_number_stays_in_bounds_and_rejects_bad_values():
    app = WidgetApp(QuestionPanel([NUMBER]))
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, app.widget)
        await pilot.press("minus", "minus", "enter")  # already at the minimum 1
        await until(pilot, lambda: app.answered == [{"die": "1"}])
    assert app.answered == [{"die": "1"}]
    app = WidgetApp(QuestionPanel([NUMBER]))
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, app.widget)
        await pilot.press("8")  # no die face: stays on the question
        await pilot.pause()
        assert app.answered == []
        assert app.widget.current == NUMBER


@sync
async def test_question_panel_answers_by_mouse():
    app = WidgetApp(QuestionPanel([ONE, YES, NUMBER]))
    async with app.run_test(size=(80, 24)) as pilot:
        choices = app.query_one("#qp-choices")
        gamma = await wait_for_option(pilot, choices, 2, "Gamma")
        assert await pilot.click(choices, offset=gamma)  # third choice
        yes = await wait_for_option(pilot, choices, 0, "Yes")
        assert await pilot.click(choices, offset=yes)
        await wait_for_text(pilot, "Die?")
        assert await pilot.click("#qp-plus")
        assert await pilot.click("#qp-ok")
        await until(pilot, lambda: app.answered == [{"space": "c", "built": "yes", "die": "2"}])
    assert app.answered == [{"space": "c", "built": "yes", "die": "2"}]


@sync
async def test_question_panel_many_by_mouse_and_back():
    app = WidgetApp(QuestionPanel([ONE, MANY]))
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, app.widget)
        await pilot.press("backspace")  # first question: asks for the previous step
        await until(pilot, lambda: app.backs == 1)
        await pilot.press("1")
        choices = app.query_one("#qp-choices")
        await wait_for_option(pilot, choices, 1, "y")
        assert await pilot.click(choices, offset=row(choices, 1, 6))  # toggle y
        await pilot.press("backspace")  # back to the first question
        await until(pilot, lambda: app.widget.current == ONE)
        await pilot.press("3", "enter")  # Gamma, then confirm nothing ticked
        await until(pilot, lambda: app.answered == [{"space": "c", "sites": ""}])
    assert app.answered == [{"space": "c", "sites": ""}]


@sync
async def test_announcement_list_shows_the_why_on_demand():
    items = [
        Announcement("Black places its 3 on the Farm.", why="Commodity action, row 1."),
        Announcement("White retrieves.", why="One worker left.", who="white"),
    ]
    widget = AnnouncementList(items)
    app = WidgetApp(widget)
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, widget)
        widget.focus()
        await until(pilot, lambda: widget.has_focus)
        assert widget.expanded == set()
        assert "why:" not in plain(widget.get_option_at_index(0).prompt)
        await pilot.press("w")
        await until(pilot, lambda: widget.expanded == {0})
        assert "why: Commodity action, row 1." in plain(widget.get_option_at_index(0).prompt)
        await pilot.press("down", "enter")
        await until(pilot, lambda: widget.expanded == {0, 1})
        await pilot.press("W")  # all shown -> all hidden
        assert widget.expanded == set()
        assert await pilot.click(widget, offset=row(widget, 1))
        await until(pilot, lambda: widget.expanded == {1})
        assert "white: White retrieves." in plain(widget.get_option_at_index(1).prompt)


@sync
async def test_card_pair_reads_without_colour():
    deck = load_deck()
    action, support = deck.cards["S9"], deck.cards["B5"]
    text = plain(card_pair_table(action, support))
    assert "action S9" in text and "support B5" in text
    assert "Bz 2← discard 2nd from right" in text
    assert "■ B C commodity area" in text
    assert "□ W T+S tunnel + Sky Lounge" in text
    assert "· no camp" in text
    assert "■ B Eu Euphoria" in text
    assert "□ W Wa Wastelands" in text
    flipped = plain(card_pair_table(support, action))
    assert "▲ camp" in flipped and "◎ own faction" in flipped and "Bz 3←" in flipped
    empty = plain(card_pair_table(None, action))
    assert "action: no card" in empty
    widget = CardPair(action, support)
    app = WidgetApp(widget)
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, app.widget)
        assert widget.size.height >= 6
        widget.show(None, None)
        await until(pilot, lambda: "support: no card" in plain(widget.render()))


def test_popularity_bar_draws_goal_and_zero_lines():
    line = popularity_text(40, 40, goal=70, low=0, high=100, label="Ann").plain
    assert line.startswith("Ann ") and line.endswith(" 40% goal 70%")
    assert "┃" in line and "│" not in line and "█" in line
    phone = popularity_text(40, 40, goal=70, low=0, high=100, label="Ann", goal_label=False)
    assert phone.plain.endswith(" 40%") and "┃" in phone.plain  # the line, not its words
    negative = popularity_text(-20, 40, goal=None, low=-50, high=100, label="").plain
    assert "│" not in negative or negative.index("█") < negative.index("│") + 1
    assert "-20%" in negative
    zero = popularity_text(30, 40, goal=None, low=-50, high=100, label="").plain
    assert "│" in zero


@sync
async def test_popularity_bar_widget_updates():
    bar = PopularityBar(10, goal=70, label="Me")
    app = WidgetApp(bar)
    async with app.run_test(size=(60, 5)) as pilot:
        await mounted(pilot, app.widget)
        bar.value = 55
        await until(pilot, lambda: "55%" in str(bar.render()))


@sync
async def test_checklist_ticks_by_keys_and_mouse():
    widget = Checklist(["Draw factions", "Remove recruits", "Place miners"])
    app = WidgetApp(widget)
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, widget)
        widget.focus()
        await until(pilot, lambda: widget.has_focus)
        await pilot.press("space")
        await until(pilot, lambda: widget.ticked == {0})
        assert plain(widget.get_option_at_index(0).prompt).startswith("[x] ")
        assert plain(widget.get_option_at_index(1).prompt).startswith("[ ] ")
        assert await pilot.click(widget, offset=row(widget, 2))
        await until(pilot, lambda: widget.ticked == {0, 2})
        await pilot.press("a")
        await until(pilot, lambda: widget.complete)
        assert app.completed == 1


@sync
async def test_question_panel_keeps_fixed_keys_when_choices_come_and_go():
    """A question with keys (the Ephios cards) shows and takes each choice's own key."""
    cards = Question(id="card", text="Which?", kind="one", choices=("b", "j"), keys=("2", "0"))
    app = WidgetApp(QuestionPanel([cards]))
    async with app.run_test(size=(80, 24)) as pilot:
        await mounted(pilot, app.widget)
        await pilot.press("1")  # no choice has key 1 now
        await pilot.pause()
        assert app.answered == []
        await pilot.press("0")
        await until(pilot, lambda: app.answered == [{"card": "j"}])
    assert app.answered == [{"card": "j"}]


def test_crossroads_fits_a_phone_without_cutting_a_card():
    """Framed cards where they fit; on a phone a frameless row with whole names, and the
    short forms only when a column cannot hold the longest name (40x20)."""
    from companion.tui.games.ephios_board import alliance_grid, crossroads_table

    row = ["syndicate-dignitary", None, "academy", "company"]
    wide = plain(crossroads_table(row), 80)
    assert "╭" in wide and "Syndicate" in wide and "(gap)" in wide
    phone = plain(crossroads_table(row, asking=True), 39)
    assert "╭" not in phone and "…" not in phone
    assert all(word in phone for word in ("slot 4", "Syndicate", "◆DIG 3", "Company", "val 1–2"))
    assert "? reveal" in phone and "into here" in phone  # the slot the card is revealed into
    narrow = plain(crossroads_table(row), 30)
    assert "Synd " in narrow and "Comp" in narrow and "…" not in narrow
    assert all(len(line) <= 30 for line in narrow.splitlines())
    grid = plain(alliance_grid(["order"], ["cult"]), 38).splitlines()
    assert len(grid) == 3 and all(len(line.rstrip()) <= 38 for line in grid)
    assert grid[1].split()[:2] == ["Plot", "zone"] and grid[1].count("[◆]") == 1
    assert grid[2].count("[✓]") == 1


@sync
async def test_a_title_change_while_the_headers_title_is_gone_does_not_stop_the_app():
    """Textual's header writes its title from watchers of the app's and the screen's titles;
    a screen switched away as its header unmounts lost the header's title first, and the
    watcher's NoMatches stopped the app (seen on a loaded machine when another tab played a
    turn). The title then asked for is one no one sees."""
    from textual.widgets._header import HeaderTitle

    from companion.tui.widgets.chrome import Header

    class Titled(App[None]):
        def compose(self) -> ComposeResult:
            yield Header()

    app = Titled()
    async with app.run_test() as pilot:
        header = app.screen.query_one(Header)
        await header.query_one(HeaderTitle).remove()
        app.screen.title = "changed"
        app.sub_title = "changed too"
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and not header.query(HeaderTitle)


@sync
async def test_a_question_cancelled_before_it_was_drawn_leaves_no_focus_in_the_panel():
    """A question asked and cancelled before the next frame (a tap on Cancel on a loaded
    machine): its focusing, scheduled for after the frame, does not focus the hidden panel
    (the footer would then offer the question's keys instead of the screen's)."""
    panel = QuestionPanel()
    app = WidgetApp(panel)
    async with app.run_test() as pilot:
        await mounted(pilot, panel)
        panel.ask([ONE])
        panel.ask([])  # cancelled at once, as the turn screen does
        app.set_focus(None)
        await pilot.pause()
        await pilot.pause()
        assert app.focused is None
        panel.ask([ONE])  # a question asked afterwards is focused as ever
        await until(
            pilot, lambda: app.focused is not None and panel in app.focused.ancestors_with_self
        )


@sync
async def test_the_next_question_keeps_the_focus_on_its_choices_when_a_late_hide_arrives():
    """A question answered hides its choices; the next one, asked in the same handler (a
    game's set-up asks round after round), shows and focuses them again. A layout run in
    between posts the list a Hide it takes only afterwards: the focus stays on the choices,
    never passing through the panel (a loaded machine did that now and then)."""
    panel = QuestionPanel()
    app = WidgetApp(panel)
    async with app.run_test() as pilot:
        await mounted(pilot, panel)
        panel.ask([ONE])
        choices = panel.query_one(ChoiceList)
        await until(pilot, lambda: app.focused is choices)
        focused: list[object] = []
        screen = app.screen
        set_focus = screen.set_focus
        screen.set_focus = lambda widget, *args, **kw: (  # type: ignore[method-assign]
            focused.append(widget),
            set_focus(widget, *args, **kw),
        )[1]
        # In one go, as a loaded machine may run it: answered (the choices hidden), a layout
        # (Textual's private reflow, which posts the Hide), the next question asked.
        panel.action_digit(1)
        assert not choices.display
        screen._refresh_layout()
        panel.ask([YES])
        panel.focus_answer()
        await pilot.pause()
        await until(pilot, lambda: app.focused is choices and app.answered == [{"space": "a"}])
        assert panel not in focused, f"the panel took the focus: {focused}"


@sync
async def test_a_cancelled_question_does_not_take_the_focus_back_when_the_app_regains_it():
    """A question's choices focused, the page loses the focus (the player looks away), the
    question is cancelled, the page is focused again: Textual returns the focus to the widget
    that had it, but the choices of a question no longer asked do not keep it (they would
    take Enter, the screen's key to run the next turn)."""
    panel = QuestionPanel()
    app = WidgetApp(panel)
    async with app.run_test() as pilot:
        await mounted(pilot, panel)
        panel.ask([ONE])
        await until(
            pilot, lambda: app.focused is not None and panel in app.focused.ancestors_with_self
        )
        app.post_message(events.AppBlur())
        await until(pilot, lambda: not app.app_focus)
        panel.ask([])  # cancelled
        app.set_focus(None)
        app.post_message(events.AppFocus())
        await until(pilot, lambda: app.app_focus)
        await pilot.pause()
        assert app.focused is None


class ShortListApp(App[None]):
    """A list held shorter than its choices in a scrolling column with rows to spare."""

    def __init__(self, rows: int) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        """The column and the list of five choices in it."""
        from textual.containers import VerticalScroll
        from textual.widgets import OptionList

        with VerticalScroll():
            listing = OptionList(*(f"choice {n}" for n in range(5)))
            listing.styles.height = self.rows
            yield listing


@sync
async def test_the_fit_check_names_a_list_shorter_than_its_choices_with_rows_to_spare() -> None:
    """The layout rule's list check: a list that scrolls while its column has blank rows
    is named; the same list tall enough for its choices passes."""
    from fit_helpers import fit_problems

    for rows, breaks in ((3, True), (7, False)):
        app = ShortListApp(rows)
        async with app.run_test(size=(40, 20)) as pilot:
            await pilot.pause()
            found = [p for p in fit_problems(app) if "blank rows" in p]
            assert bool(found) is breaks, (rows, fit_problems(app))


@sync
async def test_the_fit_check_reads_the_screen_again_once_the_app_has_run() -> None:
    """The fit check reads a state once (its breaches kept while the test holds the event
    loop), and again once the app has run: a list made tall enough for its choices is no
    longer named after a pause."""
    from fit_helpers import fit_problems
    from textual.widgets import OptionList

    app = ShortListApp(3)
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        assert [p for p in fit_problems(app) if "blank rows" in p], fit_problems(app)
        app.query_one(OptionList).styles.height = 7
        await pilot.pause()
        assert not [p for p in fit_problems(app) if "blank rows" in p], fit_problems(app)
