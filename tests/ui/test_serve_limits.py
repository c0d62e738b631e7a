"""What a browser session may send (`companion.web.limits`): shape, size and rate of messages."""

from __future__ import annotations

import json

import pytest

from companion.web.limits import (
    INPUT_BURST,
    INPUT_RATE,
    MAX_COLUMNS,
    MAX_INPUT,
    MAX_ROWS,
    MESSAGE_BURST,
    MESSAGE_RATE,
    Bucket,
    Focus,
    InputGuard,
    Ping,
    Refused,
    Resize,
    Stdin,
    cut,
    parse,
)


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_what_the_page_sends_is_passed_on():
    assert parse('["stdin", "a"]') == Stdin("a")
    assert parse('["stdin", "\\u001b[A"]') == Stdin("\x1b[A")
    assert parse(json.dumps(["stdin", "x" * MAX_INPUT])) == Stdin("x" * MAX_INPUT)
    assert parse('["resize", {"width": 80, "height": 24}]') == Resize(80, 24)
    assert parse(f'["resize", {{"width": {MAX_COLUMNS}, "height": {MAX_ROWS}}}]') == Resize(
        MAX_COLUMNS, MAX_ROWS
    )
    assert parse('["ping", "1733000000000"]') == Ping("1733000000000")
    assert parse('["focus"]') == Focus(True)
    assert parse('["blur"]') == Focus(False)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "{}",
        "[]",
        "[1]",
        '"stdin"',
        "null",
        '["stdin"]',
        '["stdin", 5]',
        '["stdin", "a", "b"]',
        '["resize", 3]',
        '["resize", {}]',
        '["resize", {"width": "80", "height": 24}]',
        '["resize", {"width": true, "height": 24}]',
        '["resize", {"width": 0, "height": 24}]',
        f'["resize", {{"width": {MAX_COLUMNS + 1}, "height": 24}}]',
        '["resize", {"width": 100000, "height": 100000}]',
        '["ping"]',
        json.dumps(["ping", "1" * 65]),
        '["focus", 1]',
        '["quit"]',
        json.dumps(["stdin", "z" * (MAX_INPUT + 1)]),
        "[" * 100_000,  # deeper than the parser goes
        '["resize", {"width": ' + "[" * 100_000 + "}]",
        '["stdin", "\\ud800"]',  # a lone surrogate: no UTF-8 to give the app
        '["stdin", "a\\udfffb"]',
        '["ping", "\\udc00"]',
        '["ping", ' + "9" * 4000 + "]",
        '["resize", {"width": ' + "9" * 4000 + ', "height": 24}]',
        json.dumps(["k" * 4000]),
    ],
)
def test_anything_else_is_refused_with_a_reason(text):
    with pytest.raises(Refused) as refused:
        parse(text)
    assert refused.value.reason
    assert "\n" not in refused.value.reason and len(refused.value.reason) < 100
    assert "9" * 10 not in refused.value.reason and "k" * 40 not in refused.value.reason


def test_a_logged_value_is_cut_to_a_few_dozen_printable_characters():
    """What a page sent is quoted in the log cut short, on one line."""
    assert cut("short") == "short"
    assert cut("x" * 500) == "x" * 31 + "…"
    assert len(cut("9" * 4000, 8)) == 8
    assert cut("a\nb\rc\x1b") == "a?b?c?"
    assert cut(ValueError("boom")) == "ValueError('boom')"


def test_a_long_paste_is_refused_whole_not_cut():
    """A cut paste would lose its closing bracket: nothing of it goes on."""
    with pytest.raises(Refused) as refused:
        parse(json.dumps(["stdin", "\x1b[200~" + "z" * MAX_INPUT + "\x1b[201~"]))
    assert str(MAX_INPUT) in refused.value.reason


def test_the_bucket_refills_at_its_rate_up_to_its_burst():
    clock = Clock()
    bucket = Bucket(10, 20, clock)
    assert bucket.take(20) and not bucket.take(1)
    clock.now = 0.5
    assert bucket.take(5) and not bucket.take(1)
    clock.now = 100
    assert bucket.take(20) and not bucket.take(1)


def test_typing_and_pastes_pass_but_a_flood_is_refused():
    clock = Clock()
    guard = InputGuard(clock)
    # A person typing fast for a minute: 20 keys a second, and a paste now and then.
    for tick in range(1200):
        clock.now = tick / 20
        assert guard.check('["stdin", "a"]') == Stdin("a")
        if tick % 100 == 0:
            assert guard.check(json.dumps(["stdin", "p" * MAX_INPUT])) == Stdin("p" * MAX_INPUT)
    # Characters beyond the rate: one burst passes, then input is refused until it refills.
    clock.now = 1000
    paste = json.dumps(["stdin", "p" * MAX_INPUT])
    passed = sum(1 for _ in range(10) if _passes(guard, paste))
    assert passed == INPUT_BURST // MAX_INPUT
    clock.now += MAX_INPUT / INPUT_RATE
    assert _passes(guard, paste)
    # Messages beyond the rate: the burst passes, the rest is refused.
    clock.now = 2000
    passed = sum(1 for _ in range(MESSAGE_BURST * 2) if _passes(guard, '["focus"]'))
    assert passed == MESSAGE_BURST
    clock.now += 1
    assert sum(1 for _ in range(MESSAGE_BURST) if _passes(guard, '["focus"]')) == MESSAGE_RATE


def _passes(guard: InputGuard, text: str) -> bool:
    try:
        guard.check(text)
    except Refused:
        return False
    return True
