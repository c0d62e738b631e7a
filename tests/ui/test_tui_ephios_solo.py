"""Pilot tests of the Ephios solo set-up and game screens (80x24)."""

from __future__ import annotations

from textual.widgets import OptionList
from tui_helpers import at_home, open_save, press, shown, sync, until, wait_for_screen

from companion import paths
from companion.cli.ephios_words import parse_action as W
from companion.core import session
from companion.core.questions import NeedAnswers
from companion.ephios import solo
from companion.tui.app import CompanionApp
from companion.tui.screens.ephios_solo import EphiosSoloScreen, describe_event
from companion.tui.screens.table_setup import TableSetupScreen
from companion.tui.widgets.questions import QuestionPanel

# normal; then syndicate-dignitary, order, academy, company: each card's own key.
SETUP_KEYS = ["2", "1", "6", "4", "8"]
CROSSROADS = {
    "reveal-1": "syndicate-dignitary",
    "reveal-2": "order",
    "reveal-3": "academy",
    "reveal-4": "company",
}


async def open_saved(pilot, journal, name: str) -> EphiosSoloScreen:
    """Save ``journal`` as ``name`` in the data folder and open it in the app (as a resume)."""
    path = paths.data_dir() / f"{name}.toml"
    session.create_game(path, journal)
    return await open_save(pilot, path, journal)


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
        screen = await wait_for_screen(pilot, EphiosSoloScreen)
        assert screen.state.popularity == 20
        # Debate slot 1 (the Syndicate Dignitary): the refill asks the revealed card.
        await press(pilot, "d", "1")
        await until(pilot, lambda: screen.mode == "engine")
        panel = screen.query_one("#solo-question", QuestionPanel)
        assert panel.current.id == "reveal-1"
        await press(pilot, "5")  # order-dignitary (its key: 5th in deck order) into slot 1 ...
        await until(
            pilot, lambda: panel.current.id == "reveal-2"
        )  # ... the Plot recruits it, another reveal
        await press(pilot, "7")  # company-dignitary
        await until(pilot, lambda: screen.mode == "menu")
        assert screen.journal.events[-1]["answers"] == {
            "reveal-1": "order-dignitary",
            "reveal-2": "company-dignitary",
        }
        assert screen.state.plot_zone == ["order"]
        assert screen.state.tokens == 4
        on_disk = session.load_game(saves[0], "ephios-solo")
        assert len(on_disk.events) == 1
        assert "turn 2" in on_disk.summary
        # A second turn, then undo both, redo one.
        await press(pilot, "t")  # recruit-top: which card was drawn?
        assert screen.query_one("#solo-question", QuestionPanel).current.id == "drawn"
        await press(pilot, "2")  # a syndicate; the Plot recruits, a new card is revealed
        panel = screen.query_one("#solo-question", QuestionPanel)
        assert panel.current.id == "reveal-1"
        await press(pilot, panel.current.keys[0])  # any card still possible
        await until(pilot, lambda: screen.mode == "menu")
        assert len(screen.journal.events) == 2
        assert screen.state.hand == ["syndicate"]
        await press(pilot, "z", "z")
        assert screen.journal.events == []
        assert screen.state.turn == 1
        assert len(session.load_game(saves[0], "ephios-solo").events) == 0
        await press(pilot, "y")
        await until(pilot, lambda: len(screen.journal.events) == 1)
        assert screen.state.turn == 2


@sync
async def test_escape_cancels_an_action_and_backspace_takes_back_an_answer():
    journal = solo.new_game("normal", 1, CROSSROADS)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-test")
        await press(pilot, "d", "1", "5")  # 5: the order-dignitary's key
        await until(pilot, lambda: screen.answers == {"reveal-1": "order-dignitary"})
        await press(pilot, "backspace")
        await until(pilot, lambda: screen.answers == {})
        assert screen.query_one("#solo-question", QuestionPanel).current.id == "reveal-1"
        await press(pilot, "escape")
        await until(pilot, lambda: screen.mode == "menu")
        assert journal.events == []


@sync
async def test_resume_a_solo_save_from_the_home_screen():
    journal = solo.new_game("hard", 5, CROSSROADS)
    solo.play(journal, W(["debate", "1"]), {"reveal-1": "order-dignitary", "reveal-2": "cult"})
    path = paths.data_dir() / "ephios-solo-20250101-1200.toml"
    session.create_game(path, journal)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        saves = app.screen.query_one("#saves", OptionList)
        saves.focus()
        await press(pilot, "enter")
        screen = await wait_for_screen(pilot, EphiosSoloScreen)
        assert screen.path == path
        assert screen.state.turn == 2
        assert screen.state.plot_zone == ["order"]
        await press(pilot, "g")
        await until(pilot, lambda: app.screen is not screen and app.screen.is_mounted)
        log = app.screen
        assert describe_event(journal.events[0]) == "debate slot 1 — revealed Order Dignitary, Cult"
        await press(pilot, "escape")
        assert app.screen is screen
        await press(pilot, "escape")  # home
        assert not isinstance(app.screen, EphiosSoloScreen)
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
                question = need.questions[0]
                answers[question.id] = question.choices[0]


@sync
async def test_the_end_of_the_game_is_shown_big_and_undo_brings_it_back():
    journal = solo.new_game("normal", 5, CROSSROADS)
    play_to_the_end(journal)
    assert solo.replay(journal).result == "lost"
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-over")
        assert screen.has_class("-over")
        assert screen.mode == "over"
        assert "DEFEAT" in shown(app)
        await press(pilot, "z")
        assert not screen.has_class("-over")
        assert screen.mode == "menu"


@sync
async def test_corrections_set_popularity_and_move_a_card():
    journal = solo.new_game("normal", 1, CROSSROADS)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-fix")
        await press(pilot, "x", "2", "3", "5", "enter")  # set popularity to 35
        assert app.screen is screen
        assert screen.state.popularity == 35
        # Move the Order from crossroads slot 2 into the hand.
        await press(pilot, "x", "1", "2")  # a crossroads slot holds one card: not asked
        assert app.screen is not screen  # the "to where?" question
        to = app.screen.query_one(QuestionPanel).current
        await press(pilot, str(to.choices.index("hand") + 1))
        await until(pilot, lambda: screen.state.hand == ["order"])
        assert len(session.load_game(screen.path, "ephios-solo").events) == 2
        assert "correction" in describe_event(journal.events[-1])


@sync
async def test_the_preacher_is_armed_with_a_key_and_takes_the_debated_card():
    # Hand: Order and Cult (recruited); the Plot will debate the Company in slot 4.
    journal = solo.new_game("normal", 1, CROSSROADS)
    state = solo.replay(journal)
    assert state.crossroads[1] == "order"
    solo.play(journal, W(["recruit", "2", "1"]), {"reveal-1": "cult", "reveal-2": "academy"})
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-preacher")
        hand = list(screen.state.hand)
        assert len(set(hand)) == 1  # one kind of card: armed at once
        assert "a · Arm the Preacher" in shown(app)
        await press(pilot, "a")
        await until(pilot, lambda: screen.preacher == hand[0])
        assert "⚑Preacher" in shown(app)
        await press(pilot, "a")  # a again: put away
        await until(pilot, lambda: screen.preacher is None)
        await press(pilot, "a")
        plot_next = screen.state.plot_next()
        assert plot_next.action == "debate"
        debated = screen.state.crossroads[plot_next.slot - 1]
        # Debate slot 1 (you), then the Plot debates: the Preacher takes that card.
        await press(pilot, "d", "1")
        panel = screen.query_one("#solo-question", QuestionPanel)
        while screen.mode == "engine":
            await press(pilot, panel.current.keys[0] if panel.current.keys else "1")
        event = screen.journal.events[-1]
        assert event["answers"]["preacher"] == hand[0]
        assert debated in screen.state.hand
        assert screen.preacher is None
        assert "Use the Preacher" in shown(app)
        assert panel is not None


@sync
async def test_while_a_card_is_asked_the_board_shows_the_table_so_far():
    journal = solo.new_game("normal", 1, CROSSROADS)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-sofar")
        await press(pilot, "d", "1")  # debate the Syndicate Dignitary: +2 tokens
        text = shown(app)
        assert screen.has_class("-sofar")
        assert "? reveal" in text and "SO FAR" in text
        assert "Persuasion ●●●●○ 4" in text  # the tokens of the debate, not saved yet
        await press(pilot, "escape")  # cancel: the saved board again
        assert not screen.has_class("-sofar")
        assert "Persuasion ●●○○○ 2" in shown(app)


def test_card_questions_keep_one_key_per_card():
    """Each card keeps its key (its place in the deck order, Cult 0) in every reveal question."""
    from companion.core.questions import Question
    from companion.tui.widgets.ephios_board import labelled

    few = labelled(Question("reveal-1", "Card?", "one", ("academy", "cult-dignitary", "cult")))
    assert few.keys == ("4", "9", "0")
    assert few.labels[2].startswith("Cult")


@sync
async def test_recruit_keys_are_slot_numbers_and_an_unaffordable_slot_stays_on_the_question():
    """Slot 3 is key 3; the Dignitary in slot 1 (3 tokens, you hold 2) is shown and
    refused with the reason, the question stays; no value is asked."""
    journal = solo.new_game("normal", 1, CROSSROADS)
    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-keys")
        await press(pilot, "e")
        panel = screen.query_one("#solo-question", QuestionPanel)
        assert panel.current.keys == ("1", "2", "3", "4")
        await press(pilot, "1")  # the Syndicate Dignitary: 3 tokens, you hold 2
        await until(pilot, lambda: screen.mode == "arg" and panel.current.id == "arg")
        assert journal.events == []
        await press(pilot, "3")  # the Academy: its value (1 or 2) is not asked
        assert screen.mode == "engine" and panel.current.id == "reveal-1"
        assert screen.action == solo.Recruit(3)
        assert screen.query_one("#solo-crossroads").render() is not None
        await press(pilot, "escape")
        solo.play_set(journal, "persuasion", 1)
        screen.state = solo.replay(journal)
        screen._menu()
        await press(pilot, "e", "2")  # with 1 token the Order costs 1: no question
        await until(pilot, lambda: panel.current.id == "reveal-1")


@sync
async def test_a_refused_answer_asks_only_that_answer_again(monkeypatch):
    """A value the engine refuses asks that value again; the action and the
    answers before it are kept (not back to the action menu)."""
    from companion.core.errors import InputError
    from companion.tui.screens import ephios_solo

    journal = solo.new_game("normal", 1, CROSSROADS)
    real_play = solo.play
    refused = []

    def play(journal, action, answers=None, source="save"):
        if answers and answers.get("reveal-2") and not refused:
            refused.append(answers["reveal-2"])
            raise InputError("that card cannot be revealed now")
        return real_play(journal, action, answers, source)

    app = CompanionApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved(pilot, journal, "ephios-solo-refused")
        monkeypatch.setattr(ephios_solo.solo, "play", play)
        await press(pilot, "d", "1", "5")  # the Order Dignitary: the Plot recruits it
        panel = screen.query_one("#solo-question", QuestionPanel)
        assert panel.current.id == "reveal-2"
        await press(pilot, "7")  # refused once
        assert refused and screen.mode == "engine" and panel.current.id == "reveal-2"
        assert screen.answers == {"reveal-1": "order-dignitary"}
        await press(pilot, "7")
        await until(pilot, lambda: screen.mode == "menu" and len(journal.events) == 1)
