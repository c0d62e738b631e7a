"""Pilot tests of the Ephios solo game on the one table screen (80x24): the set-up, a turn
by keys with its reveals, undo and redo, the menu of actions always on screen, the table so
far while a card is asked, the Preacher, corrections, the log and the end."""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList
from tui_helpers import at_home, open_save, press, shown, sync, until, wait_for_screen

from companion import paths
from companion.cli.ephios_words import parse_action as W
from companion.core import session
from companion.core.catalog import say
from companion.core.questions import NeedAnswers
from companion.ephios import solo
from companion.tui.app import CompanionApp
from companion.tui.games.ephios_board import EphiosLogScreen
from companion.tui.screens.table import TableScreen
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.questions import QuestionPanel

# normal; then syndicate-dignitary, order, academy, company: each card's own key.
SETUP_KEYS = ["2", "1", "6", "4", "8"]
CROSSROADS = {
    "reveal-1": "syndicate-dignitary",
    "reveal-2": "order",
    "reveal-3": "academy",
    "reveal-4": "company",
}


async def open_saved(pilot, journal, name: str) -> TableScreen:
    """Save ``journal`` as ``name`` in the data folder and open it in the app (as a resume);
    the table is up once its menu of actions is asked."""
    path = paths.data_dir() / f"{name}.toml"
    session.create_game(path, journal)
    screen = await open_save(pilot, path, journal)
    assert isinstance(screen, TableScreen)
    await until(pilot, lambda: screen.idle, "the menu of actions")
    return screen


def question(screen: TableScreen) -> QuestionPanel:
    """The table screen's question panel."""
    return screen.query_one("#t-question", QuestionPanel)


def asking(screen: TableScreen) -> bool:
    """Whether a step is being asked (not the menu the table offers unasked)."""
    return screen.pending is not None and not screen.idle


async def answer_all(pilot, screen: TableScreen) -> None:
    """Answer every question of the step being asked with its first choice."""
    panel = question(screen)
    while asking(screen):
        await press(pilot, panel.current.keys[0] if panel.current.keys else "1")


@sync
async def test_setup_then_a_turn_with_reveals_answered_by_keys_then_undo_redo():
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_home(pilot)
        await press(pilot, "2")
        setup = await wait_for_screen(pilot, TableSetupScreen)
        await press(pilot, *SETUP_KEYS)
        await until(pilot, lambda: setup.saved is not None, "the game saved")
        assert setup.saved[1].options["crossroads"] == list(CROSSROADS.values())
        saves = list(paths.data_dir().glob("ephios-solo-*.toml"))
        assert len(saves) == 1
        await press(pilot, "s")  # start playing
        screen = await wait_for_screen(pilot, TableScreen)
        await until(pilot, lambda: screen.idle)
        assert screen.view.state.popularity == 20
        assert question(screen).current.id == "action"  # the menu, without a key
        # Debate slot 1 (the Syndicate Dignitary): the refill asks the revealed card.
        await press(pilot, "d", "1")
        panel = question(screen)
        await until(pilot, lambda: panel.current.id == "reveal-1")
        await press(pilot, "5")  # order-dignitary (its key: 5th in deck order) into slot 1 ...
        await until(pilot, lambda: panel.current.id == "reveal-2")  # ... the Plot recruits it
        await press(pilot, "7")  # company-dignitary
        await until(pilot, lambda: screen.idle)
        assert screen.journal.events[-1]["answers"] == {
            "reveal-1": "order-dignitary",
            "reveal-2": "company-dignitary",
        }
        assert screen.view.state.plot_zone == ["order"]
        assert screen.view.state.tokens == 4
        on_disk = session.load_game(saves[0], "ephios-solo")
        assert len(on_disk.events) == 1
        assert "turn 2" in on_disk.summary
        # A second turn, then undo both, redo one.
        await press(pilot, "t")  # recruit-top: which card was drawn?
        await until(pilot, lambda: panel.current.id == "drawn")
        await press(pilot, "2")  # a syndicate; the Plot recruits, a new card is revealed
        await until(pilot, lambda: panel.current.id == "reveal-1")
        await press(pilot, panel.current.keys[0])  # any card still possible
        await until(pilot, lambda: screen.idle and len(screen.journal.events) == 2)
        assert screen.view.state.hand == ["syndicate"]
        await press(pilot, "z")
        await until(pilot, lambda: len(screen.journal.events) == 1)
        await press(pilot, "z")
        await until(pilot, lambda: screen.journal.events == [])
        assert screen.view.state.turn == 1
        assert "Took back" in shown(app)
        assert len(session.load_game(saves[0], "ephios-solo").events) == 0
        await press(pilot, "y")
        await until(pilot, lambda: len(screen.journal.events) == 1)
        assert screen.view.state.turn == 2
        news = screen.query_one("#t-news", AnnouncementList)
        # redone: the step again, to play it on the table
        assert any(a.what == "plot.recruit" for a in news.announcements)


@sync
async def test_a_fresh_game_asked_dropped_refused_and_corrected_by_keys(monkeypatch):
    """A fresh solo game at 80x24, one step after another: while a card is asked the board
    shows the table so far and the move; Escape drops an action and Backspace takes back an
    answer; a value the engine refuses asks that value again, the action and the answers
    before it kept (not back to the action menu); corrections set the popularity and move a
    card; Escape on the menu goes home."""
    from companion.core.errors import InputError

    real_act = solo.act
    refused = []

    def act(state, action, answers=None):
        if answers and answers.get("reveal-2") and not refused:
            refused.append(answers["reveal-2"])
            raise InputError("that card cannot be revealed now")
        return real_act(state, action, answers)

    journal = solo.new_game("normal", 1, CROSSROADS)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-test")
        # While a card is asked the board shows the table so far and the move.
        await press(pilot, "d", "1")  # debate the Syndicate Dignitary: +2 tokens
        await until(pilot, lambda: "? reveal" in shown(app))
        text = shown(app)
        assert "SO FAR" in text
        assert "Persuasion ●●●●○ 4" in text  # the tokens of the debate, not saved yet
        news = screen.query_one("#t-news", AnnouncementList)
        assert "waiting for your answer" in screen.heading
        assert news.announcements[0].what == "debate"
        await press(pilot, "5")  # the Order Dignitary: the Plot recruits it, another reveal
        await until(pilot, lambda: question(screen).current.id == "reveal-2")
        # the Plot's move that the question is about is on screen with it
        assert any(a.what == "plot.recruit" for a in news.announcements)
        assert "The Plot recruits the Order" in shown(app)
        await press(pilot, "escape")  # dropped: the saved board again
        await until(pilot, lambda: "Persuasion ●●○○○ 2" in shown(app))
        assert "SO FAR" not in shown(app)
        await until(pilot, lambda: screen.idle, "the menu again")
        # Escape drops an action and Backspace takes back an answer.
        await press(pilot, "d", "1", "5")  # 5: the order-dignitary's key
        await until(pilot, lambda: screen.pending[1].get("reveal-1") == "order-dignitary")
        await press(pilot, "backspace")
        await until(pilot, lambda: "reveal-1" not in screen.pending[1])
        assert question(screen).current.id == "reveal-1"
        await press(pilot, "escape")
        await until(pilot, lambda: screen.idle)  # the menu again
        assert journal.events == []
        # A refused answer asks only that answer again.
        monkeypatch.setattr(solo, "act", act)
        await press(pilot, "d", "1", "5")  # the Order Dignitary: the Plot recruits it
        panel = question(screen)
        await until(pilot, lambda: panel.current.id == "reveal-2")
        await press(pilot, "7")  # refused once
        await until(pilot, lambda: bool(refused))
        await until(pilot, lambda: asking(screen) and panel.current.id == "reveal-2")
        assert screen.pending[1] == {"action": "debate", "arg": "1", "reveal-1": "order-dignitary"}
        await press(pilot, "7")
        await until(pilot, lambda: screen.idle and len(journal.events) == 1)
        await press(pilot, "z")  # taken back: the fresh game again
        await until(pilot, lambda: screen.idle and journal.events == [], "the step taken back")
        # Corrections set the popularity and move a card.
        await press(pilot, "x")
        panel = question(screen)
        await until(pilot, lambda: panel.current.id == "kind")
        await press(pilot, "2", "3", "5", "enter")  # set popularity to 35
        await until(pilot, lambda: screen.view.state.popularity == 35)
        assert "35%" in shown(app)
        # Move the Order from crossroads slot 2 into the hand.
        await press(pilot, "x", "1", "2")  # a crossroads slot holds one card: not asked
        await until(pilot, lambda: panel.current.id == "to")
        await press(pilot, str(panel.current.choices.index("hand") + 1))
        await until(pilot, lambda: screen.view.state.hand == ["order"])
        assert len(session.load_game(screen.path, "ephios-solo").events) == 2
        assert "correction" in solo.describe_event(journal.events[-1])
        # Escape on the menu goes home.
        await press(pilot, "escape")  # the menu is the table's own: Escape goes home
        await until(pilot, lambda: not isinstance(app.screen, TableScreen))


@sync
async def test_resume_a_solo_save_from_the_home_screen_and_read_its_log():
    journal = solo.new_game("hard", 5, CROSSROADS)
    solo.play(journal, W(["debate", "1"]), {"reveal-1": "order-dignitary", "reveal-2": "cult"})
    path = paths.data_dir() / "ephios-solo-20250101-1200.toml"
    session.create_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        saves = app.screen.query_one("#saves", OptionList)
        saves.focus()
        await press(pilot, "enter")
        screen = await wait_for_screen(pilot, TableScreen)
        assert screen.path == path
        assert screen.view.state.turn == 2
        assert screen.view.state.plot_zone == ["order"]
        await press(pilot, "g")
        log = await wait_for_screen(pilot, EphiosLogScreen)
        assert "turn 1: debate slot 1 — revealed Order Dignitary, Cult" in shown(app)
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is screen)
        await press(pilot, "escape")  # home
        await until(pilot, lambda: not isinstance(app.screen, TableScreen))
        assert log is not None


def play_to_the_end(journal) -> None:
    """Debate slot 1 every turn, answering every question with its first choice."""
    for _ in range(40):
        if solo.replay(journal).result:
            return
        answers: dict[str, str] = {}
        while True:
            try:
                solo.play(journal, W(["debate", "1"]), answers)
                break
            except NeedAnswers as need:
                asked = need.questions[0]
                answers[asked.id] = asked.choices[0]


@sync
async def test_the_end_of_the_game_is_shown_big_and_undo_brings_it_back():
    journal = solo.new_game("normal", 5, CROSSROADS)
    play_to_the_end(journal)
    assert solo.replay(journal).result == "lost"
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        path = paths.data_dir() / "ephios-solo-over.toml"
        session.create_game(path, journal)
        screen = await open_save(pilot, path, journal)
        board = screen.query_one("#solo-board")
        assert board.has_class("-over")
        assert "DEFEAT" in shown(app)
        assert screen.view.actions == () and screen.pending is None
        await press(pilot, "z")
        await until(pilot, lambda: not board.has_class("-over"))
        await until(pilot, lambda: screen.idle)


@sync
async def test_the_preacher_is_armed_with_a_key_and_takes_the_debated_card():
    # Hand: Order and Cult (recruited); the Plot will debate the Company in slot 4.
    journal = solo.new_game("normal", 1, CROSSROADS)
    assert solo.replay(journal).crossroads[1] == "order"
    solo.play(journal, W(["recruit", "2", "1"]), {"reveal-1": "cult", "reveal-2": "academy"})
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-preacher")
        hand = list(screen.view.state.hand)
        assert len(set(hand)) == 1  # one kind of card: armed at once
        assert "a  Arm the Preacher" in shown(app)
        await press(pilot, "a")
        panel = question(screen)
        await until(pilot, lambda: panel.current.id == "verb")  # your action, armed
        assert "⚑Preacher" in shown(app)
        await press(pilot, "escape")  # put away: the menu again, the hand unmarked
        await until(pilot, lambda: screen.idle)
        assert "⚑Preacher" not in shown(app)
        await press(pilot, "a")
        await until(pilot, lambda: panel.current.id == "verb")
        plot_next = screen.view.state.plot_next()
        assert plot_next.action == "debate"
        debated = screen.view.state.crossroads[plot_next.slot - 1]
        # Debate slot 1 (you), then the Plot debates: the Preacher takes that card.
        await press(pilot, "d", "1")
        await answer_all(pilot, screen)
        event = screen.journal.events[-1]
        assert event["answers"]["preacher"] == hand[0]
        assert debated in screen.view.state.hand
        assert "Use the Preacher" in shown(app)


def test_card_questions_keep_one_key_per_card():
    """Each card keeps its key (its place in the deck order, Cult 0) in every reveal question."""
    from companion.core.questions import Question
    from companion.tui.games.ephios_board import labelled

    few = labelled(Question("reveal-1", "Card?", "one", ("academy", "cult-dignitary", "cult")))
    assert few.keys == ("4", "9", "0")
    assert few.labels[2].startswith("Cult")


@sync
async def test_recruit_keys_are_slot_numbers_and_an_unaffordable_slot_stays_on_the_question():
    """Slot 3 is key 3; the Dignitary in slot 1 (3 tokens, you hold 2) is shown and
    refused with the reason, the question stays. The Academy's value (1 or 2) is asked
    with the card, before any reveal: one digit answers it, the next digit goes to the
    reveal (Rulebook, "Personality cards": the persuasion value is printed on the card)."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-keys")
        await press(pilot, "e")
        panel = question(screen)
        await until(pilot, lambda: panel.current.id == "arg")
        assert panel.current.keys == ("1", "2", "3", "4")
        await press(pilot, "1")  # the Syndicate Dignitary: 3 tokens, you hold 2
        await until(pilot, lambda: asking(screen) and panel.current.id == "arg")
        assert journal.events == []
        await press(pilot, "3")  # the Academy: its value (1 or 2) is asked with the card
        await until(pilot, lambda: panel.current.id == "cost")
        assert panel.current.keys == ("1", "2")
        await press(pilot, "2")
        await until(pilot, lambda: panel.current.id == "reveal-1")
        assert journal.events == []
        reveal = panel.current
        await press(pilot, reveal.keys[0])  # the first card still in the draw pile
        await until(pilot, lambda: panel.current is not None and panel.current.id == "reveal-2")
        await press(pilot, "escape")
        assert journal.events == []
    journal = solo.new_game("normal", 1, CROSSROADS)
    solo.play_set(journal, "persuasion", 1)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-one-token")
        await press(pilot, "e", "2")  # with 1 token the Order costs 1: no question
        await until(pilot, lambda: question(screen).current.id == "reveal-1")


@sync
async def test_the_whole_menu_is_on_screen_beside_what_to_do_while_warnings_show():
    """At 80×24 under the Plot's threat (every entry offered, four of them warned) each entry
    of the action menu is on the first screen: the warning marks keep an entry to one row,
    and the threat says the Plot's next move once."""
    from ephios_solo_helpers import threatened

    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, threatened(), "ephios-solo-threat-menu")
        menu = question(screen).current
        assert menu is not None and menu.id == "action" and len(menu.choices) == 8
        assert sum("⚠" in label for label in menu.labels) >= 4
        text = shown(app)
        for key, label in zip(menu.keys, menu.labels, strict=True):
            assert f"{key}  {label}" in text, (label, text)
        assert "Plot next" not in text and "The Plot's next move recruits" in text


@sync
async def test_keys_typed_ahead_answer_the_questions_they_were_typed_for(monkeypatch):
    """`e`, `2`, `1` sent at once (a player typing ahead of the screen): the action, the
    slot, the value. Each digit waits for the question it answers: the slot's came while
    the menu's answer was being taken, when a digit was the table's count of steps to
    undo (it was taken as one, and the step stayed asked)."""
    app = CompanionApp()
    unused: list[str] = []
    monkeypatch.setattr(app, "key_unused", lambda event: unused.append(event.key))
    async with app.run_test(size=(80, 24)) as pilot:
        journal = solo.new_game("normal", 1, CROSSROADS)
        screen = await open_saved(pilot, journal, "ephios-solo-typed-ahead")
        for key in "e21":
            app.post_message(events.Key(key, key))
        panel = question(screen)
        await until(pilot, lambda: panel.current is not None and panel.current.id == "reveal-1")
        assert not unused and screen.count == 0, (unused, screen.count)
        # The Order (slot 2) recruited at cost 1, the card revealed in its place asked next.
        assert screen.pending == ("act", {"action": "recruit", "arg": "2", "cost": "1"})


@sync
async def test_how_to_begin_follows_the_menu_withdrawn_by_a_resize_to_a_small_screen():
    """At 80×24 a fresh game's menu of actions is asked below what to do, which says so;
    resized to 40×20 with keys, the menu is withdrawn and what to do says Enter asks it
    (it said "asked below" over nothing); back at 80×24 it still says so until a step
    offers the menu again, and Enter asks it."""
    from fit_helpers import flat, resize

    journal = solo.new_game("normal", 1, CROSSROADS)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-resized")
        main = next(a for a in screen.view.actions if a.main)
        below = say("Ready: {action}, asked below.", action=screen._main_words(main))
        enter = say("Ready: press Enter for {action}.", action=screen._main_words(main))
        news = screen.query_one("#t-news", AnnouncementList)
        assert [a.text for a in news.announcements] == [below]
        await resize(pilot, (40, 20))
        await until(pilot, lambda: screen.pending is None, "the menu withdrawn")
        await until(pilot, lambda: flat(enter) in flat(shown(app)), "what to do names Enter")
        assert [a.text for a in news.announcements] == [enter]
        await resize(pilot, (80, 24))
        assert screen.pending is None and [a.text for a in news.announcements] == [enter]
        await press(pilot, "enter")
        await until(pilot, lambda: question(screen).current is not None, "the menu asked")
        assert question(screen).current.id == "action"


@sync
async def test_at_40x20_a_reveal_with_the_plot_move_then_the_board_in_one_line():
    """At 40×20 the card revealed after the Plot's turn is asked with that turn's move on
    the screen, whole, above the question (the latest move of the step is the one in view).
    Then, the step dropped: the board folds into the glance (your tokens, popularity, the
    Plot zone's count and the Plot's next move), so what to do keeps the rows; `i` unfolds
    it: the crossroads, one line (your tokens, popularity, hand and the Plot zone's count)
    and the Plot's next move; at 80×24 the hand and the piles have their own lines."""
    from fit_helpers import flat, resize

    journal = solo.new_game("normal", 1, CROSSROADS)
    app = CompanionApp()
    async with app.run_test(size=(40, 20)) as pilot:
        path = paths.data_dir() / "ephios-solo-small.toml"
        session.create_game(path, journal)
        screen = await open_save(pilot, path, journal)
        assert isinstance(screen, TableScreen)
        # With keys at this size the menu of actions is not asked below: Enter asks it.
        main = next(a for a in screen.view.actions if a.main)
        begin = say("Ready: press Enter for {action}.", action=screen._main_words(main))
        await until(pilot, lambda: flat(begin) in flat(shown(app)), "what to do names Enter")
        assert not asking(screen)
        await press(pilot, "e", "2", "1")  # recruit the Order (slot 2), its value 1
        panel = question(screen)
        await until(pilot, lambda: panel.current is not None and panel.current.id == "reveal-1")
        await press(pilot, panel.current.keys[0])  # the card revealed after your turn
        await until(pilot, lambda: panel.current is not None and panel.current.id == "reveal-2")
        news = screen.query_one("#t-news", AnnouncementList)
        plot = [a for a in news.announcements if a.what == "plot.recruit"]
        assert plot, [a.what for a in news.announcements]
        await until(
            pilot,
            lambda: flat(plot[-1].text) in flat(shown(app)),
            "the Plot's move on screen with the question it causes",
        )
        assert flat(panel.current.text) in flat(shown(app))
        await press(pilot, "escape")  # dropped: the saved board again
        await until(pilot, lambda: not asking(screen), "the step dropped")
        assert journal.events == []
        mini, hand = screen.query_one("#sb-mini"), screen.query_one("#sb-hand")
        glance = screen.query_one("#t-glance")
        await until(pilot, lambda: "○○○ 2 · 20% · Plot 0/5 ▸ " in shown(app))
        assert glance.region.height == 1 and mini.region.height == 0
        await press(pilot, "i")
        await until(pilot, lambda: "○○○ 2 · 20% · hand 0 · Plot 0/5" in shown(app))
        assert mini.region.height == 1 and hand.region.height == 0
        await resize(pilot, (80, 24))
        await until(pilot, lambda: "Hand (0/3)" in shown(app))
        assert mini.region.height == 0
