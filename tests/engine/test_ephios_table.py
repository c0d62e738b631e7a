"""Ephios at the table: slots as printed, gaps, warnings, the end of a game, words."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.core import session
from companion.core.errors import InputError
from companion.core.questions import NeedAnswers
from companion.ephios import quick, solo
from companion.ephios.cards import load_deck

DECK = load_deck()


def make_state(
    crossroads, *, hand=(), plot_zone=(), discard=(), popularity=20, tokens=2, draw=None
):
    """A solo state: the draw pile holds every personality not placed elsewhere (unless given)."""
    rest = DECK.personalities()
    rest.subtract([*crossroads, *hand, *discard, *(f"{a}-dignitary" for a in plot_zone)])
    return solo.SoloState(
        difficulty="normal",
        popularity=popularity,
        crossroads=list(crossroads),
        draw=+(Counter(draw) if draw is not None else rest),
        discard=Counter(discard),
        plot_zone=list(plot_zone),
        hand=list(hand),
        tokens=tokens,
    )


ROW = ["cult", "order", "syndicate-dignitary", "academy"]


# --- the crossroads as on the table: a gap where a card left, then the slide -------------


def test_a_card_taken_leaves_a_gap_where_it_was_until_the_slide():
    """End of Turn: "complete it by sliding the remaining cards to the right": until then the
    gap is where the card was (the board draws it there, and slots keep their numbers)."""
    state, _ = solo.move(make_state(ROW, hand=["company"]), "order", "crossroads:2", "hand")
    assert state.row() == ["cult", None, "syndicate-dignitary", "academy"]
    assert state.card_at(3) == "syndicate-dignitary"
    # the hand-limit question (a step before the refill) shows the gap where it is
    crowded = make_state(ROW, hand=["company", "cult-dignitary", "academy-dignitary"])
    with pytest.raises(NeedAnswers) as info:
        solo.act(crowded, solo.Recruit(2, cost=1))
    assert info.value.questions[0].id == "hand-limit-1"
    assert info.value.context["crossroads"] == ["cult", None, "syndicate-dignitary", "academy"]
    # during the refill the row is slid: the empty slot is on the left, next to the draw pile
    with pytest.raises(NeedAnswers) as info:
        solo.act(make_state(ROW), solo.Debate(2))
    assert info.value.context["crossroads"] == [None, "cult", "syndicate-dignitary", "academy"]


def test_both_piles_empty_leave_the_empty_slots_on_the_left():
    """Refill with nothing to reveal: the row slid right, the empty slots on the left."""
    state = make_state(ROW, draw=[], tokens=2)
    new, out, _ = solo.act(state, solo.Recruit(1, cost=1))
    assert new.row() == [None, None, "order", "academy"]  # recruit + the Plot's recruit
    assert any(a.what == "piles.empty" for a in out)
    # the Plot's next move and the actions count the slots of the table
    assert new.plot_next().slot == len(new.row())
    assert all(a.slot > 2 for a in solo.legal_actions(new) if isinstance(a, solo.Debate))


@pytest.mark.xdist_group("tui")  # imports Textual: on the worker of the others that do
def test_the_board_draws_a_gap_not_an_empty_end_slot():
    """The screen draws the row it is given; a gap is marked where it is."""
    from rich.console import Console

    from companion.tui.games.ephios_board import crossroads_table

    console = Console(width=80, record=True)
    console.print(crossroads_table(["cult", None, "syndicate-dignitary", "academy"]))
    text = console.export_text()
    assert text.index("(gap)") < text.index("Syndicate")


# --- menus whose keys are the slots, refusals --------------------------------------------


def test_the_recruit_menu_keys_are_the_slot_numbers_even_when_a_slot_is_unaffordable():
    """Slot 3 is key 3 whatever is affordable; the unaffordable slot is shown with the reason."""
    from companion.ephios.solo_action_plans import slot_question

    state = make_state(["order-dignitary", "academy", "cult", "company"], tokens=1)
    question, options = slot_question("recruit", state)
    assert question.keys == ("1", "2", "3", "4") and tuple(options) == question.keys
    assert options["3"] == solo.Recruit(3)
    assert "cannot" in question.labels[0] and "cannot" not in question.labels[2]
    assert "costs 3" in solo.refusal(state, options["1"])
    assert solo.refusal(state, options["3"]) is None


def test_with_one_token_the_value_is_1():
    """An ordinary personality costs 1 or 2: with 1 token it can only be 1 (exact count)."""
    state = make_state(ROW, tokens=1)
    new, out, used = solo.act(
        state, solo.Recruit(1), {"reveal-1": "company", "reveal-2": "syndicate"}
    )
    assert new.token_range() == (0, 0) and "cost" not in used
    assert (out[0].what, out[0].slots) == ("recruit", (1,))  # paid 1: the tokens went 1 -> 0


def test_the_value_is_never_asked_and_the_tokens_become_a_range():
    """Readings: the value (1-2) of an ordinary personality is not asked; the app keeps the
    tokens you may hold (2 or 1 of 3) and offers what you may pay; debate and a correction
    narrow it."""
    state = make_state(ROW, tokens=3)
    new, out, _ = solo.act(state, solo.Recruit(1), {"reveal-1": "company", "reveal-2": "syndicate"})
    assert new.token_range() == (1, 2) and new.persuasion_text() == "1–2"
    assert out[0].what == "recruit" and out[0].cards == (ROW[0],)
    debated, _, _ = solo.act(
        new, solo.Debate(2), {"reveal-1": "order", "reveal-2": "academy-dignitary"}
    )
    assert debated.token_range() == (3, 4)
    fixed, _ = solo.correct(new, "persuasion", 2)
    assert fixed.token_range() == (2, 2) and fixed.tokens_low is None
    # a Dignitary (3) is offered when you may hold 3 and refused when you cannot
    may = make_state(["order-dignitary", "cult", "academy", "company"], tokens=3)
    may.tokens_low = 1
    assert solo.Recruit(1) in solo.legal_actions(may)
    paid, _, _ = solo.act(may, solo.Recruit(1), {"reveal-1": "syndicate", "reveal-2": "syndicate"})
    assert paid.token_range() == (0, 0)


def test_a_value_above_the_tokens_is_refused_and_nothing_changes():
    """Recruit: "spending as many persuasion tokens as the value": a value above the tokens
    held is refused."""
    state = make_state(ROW, tokens=1)
    with pytest.raises(InputError, match=r"costs 2 and you have 1 persuasion token$"):
        solo.act(state, solo.Recruit(1, cost=2))


# --- warnings before a losing move -----------------------------------------------------


def test_warning_when_the_plots_known_next_move_recruits_the_fifth_dignitary():
    """Defeat: "the 5 Dignitaries are in the Plot zone": a move that leaves the Syndicate
    Dignitary on the crossroads with 4 in the Plot zone is warned (never refused)."""
    state = make_state(
        ["cult", "syndicate-dignitary", "order", "academy"],
        plot_zone=["academy", "order", "company", "cult"],
        tokens=3,
    )
    assert [t.what for t in solo.threats(state)] == ["threat.plot"]
    assert solo.warnings(state, solo.Debate(4))
    assert solo.warnings(state, solo.Debate(2)) == []  # debating it away saves the game
    assert solo.warnings(state, solo.Recruit(2)) == []  # so does recruiting it
    assert solo.refusal(state, solo.Debate(4)) is None  # a warning only


def test_warning_when_the_next_refill_reshuffles_at_ten_percent():
    """ "If you must shuffle the discard pile to form a new draw pile, reduce your popularity
    by 10%": at 10% with an empty draw pile, the refill loses the game."""
    state = make_state(ROW, draw=[], discard=["company"], popularity=10)
    assert [t.what for t in solo.threats(state)] == ["threat.reshuffle"]
    warned = solo.warnings(state, solo.Debate(1))
    assert [w.what for w in warned] == ["warn.reshuffle"]
    assert solo.warnings(make_state(ROW, popularity=10), solo.Debate(1)) == []


def test_a_warning_remembered_is_the_one_worked_out_for_that_state_action_and_language():
    """The warnings are remembered by the state's every field, the action and the language:
    the same answer as working them out again, a changed state or language its own."""
    from companion.core.catalog import set_language
    from companion.ephios import solo_words

    state = make_state(
        ["cult", "syndicate-dignitary", "order", "academy"],
        plot_zone=["academy", "order", "company", "cult"],
        tokens=3,
    )
    for action in solo.legal_actions(state):
        assert solo.warnings(state, action) == solo_words._warnings(state, action)
        assert solo.warnings(state, action) == solo_words._warnings(state, action)
    first = solo.warnings(state, solo.Debate(4))
    first.clear()  # a caller's list is its own
    assert solo.warnings(state, solo.Debate(4))
    state.plot_zone.pop()  # 3 in the Plot zone: the same move loses nothing now
    assert solo.warnings(state, solo.Debate(4)) == [] == solo_words._warnings(state, solo.Debate(4))
    state.plot_zone.append("cult")
    english = solo.warnings(state, solo.Debate(4))
    set_language("en_XA")
    try:
        pseudo = solo.warnings(state, solo.Debate(4))
        assert pseudo == solo_words._warnings(state, solo.Debate(4))
        assert [w.text for w in pseudo] != [w.text for w in english]
    finally:
        set_language(None)


# --- the end of a game ------------------------------------------------------------------


def test_a_finished_game_has_no_plot_move_and_says_when_it_ended(tmp_path):
    """After the end (Victory and Defeat), `solo show --json` gives no `plot_next`."""
    state = make_state(ROW, draw=[], discard=["company"], popularity=10)
    new, _, _ = solo.act(state, solo.Debate(1))
    assert new.result == "lost"
    data = new.to_json()
    assert data["plot_next"] is None and data["ended_turn"] == 1
    runner = CliRunner()
    save = str(tmp_path / "g.toml")
    cards = ["--reveal", "cult", "--reveal", "order", "--reveal", "academy", "--reveal", "company"]
    assert (
        runner.invoke(
            main, ["ephios", "solo", "new", save, "--difficulty", "hard", *cards]
        ).exit_code
        == 0
    )
    assert runner.invoke(main, ["ephios", "solo", "set", save, "popularity", "0"]).exit_code == 0
    shown = json.loads(runner.invoke(main, ["ephios", "solo", "show", save, "--json"]).output)
    assert shown["result"] == "lost" and shown["plot_next"] is None


def test_the_plot_command_takes_a_five_card_crossroads():
    """The Medium: "add the card to the crossroads anyway": `ephios plot` takes 5 cards."""
    runner = CliRunner()
    result = runner.invoke(
        main, ["ephios", "plot", "cult", "order-dignitary", "syndicate", "academy", "company"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data == {
        "action": "recruit",
        "slot": 2,
        "card": "order-dignitary",
        "why": data["why"],
        "spoken": data["spoken"],
    }
    assert len(data["spoken"]) == 1


# --- words -----------------------------------------------------------------------------


def test_wording_plurals_and_no_zero_moves():
    """ "1 persuasion token", never "1 persuasion tokens"; a debate at 5 takes none, said so;
    a marker that cannot move (a step of a save written before such a change was refused)
    is not told to move from 0% to 0%."""
    _, out, _ = solo.act(
        make_state(ROW, tokens=5), solo.Debate(1), {"reveal-1": "company", "reveal-2": "syndicate"}
    )
    assert "take no persuasion token (you hold 5" in out[0].text
    assert not any("1 persuasion tokens" in a.text for a in out)
    journal = quick.new_game(["Ann", "Bob"], seed=1)
    _, out = quick.apply(
        quick.replay(journal), {"kind": "popularity", "player": "Ann", "delta": -10}
    )
    assert "from 0% to 0%" not in out[0].text and "stays at 0%" in out[0].text


def test_engine_errors_name_no_cli_flag():
    """Engine errors never name a CLI flag (the CLI adds its own wording)."""
    state = make_state(ROW)
    for bad in (
        lambda: solo.act(
            state, solo.Debate(1), {"reveal-1": "company", "reveal-2": "syndicate", "reveal-3": "x"}
        ),
        lambda: solo.act(state, solo.Recruit(9)),
        lambda: solo.act(state, solo.Unite("order")),
    ):
        with pytest.raises(InputError) as info:
            bad()
        assert "--" not in str(info.value)


def test_one_describer_per_game_for_journal_events():
    """The log, undo and the CLI use the engine's describer of each game."""
    journal = solo.new_game(
        "normal", 1, dict(zip(["reveal-1", "reveal-2", "reveal-3", "reveal-4"], ROW, strict=True))
    )
    solo.play(journal, solo.Recruit(1, cost=1), {"reveal-1": "company", "reveal-2": "syndicate"})
    assert solo.describe_event(journal.events[0]).startswith("recruit slot 1 (value 1)")
    assert quick.describe_event(
        {"kind": "unite", "player": "Ann", "alliance": "cult", "affinity": "match"}
    ) == ("Ann unites the Cult (affinity match, +20%)")


def test_a_save_of_another_game_is_named_without_a_wrong_article(tmp_path):
    """Wording: never "a ephios-solo save"."""
    from companion.core.errors import SaveError

    path = tmp_path / "s.toml"
    session.create_game(
        path,
        solo.new_game(
            "normal",
            1,
            dict(zip(["reveal-1", "reveal-2", "reveal-3", "reveal-4"], ROW, strict=True)),
        ),
    )
    with pytest.raises(SaveError) as info:
        session.load_game(path, quick.GAME)
    assert "a ephios" not in str(info.value) and "ephios-solo" in str(info.value)


def test_the_menu_marks_a_losing_choice_and_still_offers_it():
    """Warnings in the menu: the choice after which the Plot recruits the 5th Dignitary is
    marked (⚠ loses) and stays a choice; the others are not marked."""
    from companion.ephios.solo_action_plans import slot_question

    state = make_state(
        ["cult", "syndicate-dignitary", "order", "academy"],
        plot_zone=["academy", "order", "company", "cult"],
        tokens=3,
    )
    question, options = slot_question("debate", state)
    marked = {
        key for key, label in zip(question.choices, question.labels, strict=True) if "⚠" in label
    }
    assert marked == {"1", "3", "4"} and set(options) == {"1", "2", "3", "4"}


def test_the_game_over_line_of_a_quick_game_and_a_campaign_names_the_winning_turn():
    """The first status line is the game-over line once the game is won: the turn the
    winning unite was played in and who won it (not whose turn it would be), in a quick
    game and in the campaign its second round win ends."""
    from companion.ephios import campaign
    from companion.ephios.table import CAMPAIGN, QUICK

    journal = quick.new_game(["Ann", "Bob"])
    quick.play(journal, {"kind": "unite", "player": "Ann", "alliance": "cult"})  # turn 1
    state = quick.replay(journal)
    assert QUICK.status(state).facts[0].text == "Turn 2 · Bob plays"
    quick.play(journal, {"kind": "popularity", "player": "Bob", "delta": 40})
    quick.play(journal, {"kind": "unite", "player": "Bob", "alliance": "order"})  # turn 2
    won = QUICK.status(quick.replay(journal)).facts[0]
    assert won.text == "Turn 2 · Bob won" and won.fields["winner"] == "Bob"
    rounds = campaign.new_game(["Ann", "Bob"])
    for _round in range(2):
        campaign.play(rounds, {"kind": "popularity", "player": "Ann", "delta": 70})
    assert CAMPAIGN.status(campaign.replay(rounds)).facts[0].text == "Turn 1 · Ann won"
