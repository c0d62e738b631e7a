"""The keys of a question panel: digits and letters pick a choice, y / n answer yes or no,
+ / - step a number, Enter confirms, Backspace goes back, and a choice named by its id (a
printed card's S7) is typed letter by letter."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from companion.core.catalog import N_
from companion.core.questions import Question
from companion.tui.widgets.choices import CHOICE_KEYS, choice_keys, typed_keys

QUESTION_BINDINGS: list[BindingType] = [
    Binding("1", "digit(1)", N_("Choose"), key_display="1-9"),
    *(Binding(str(n), f"digit({n})", show=False) for n in range(2, 10)),
    Binding("0", "digit(0)", show=False),
    *(
        Binding(k, f"letter('{k}')", show=False)
        for k in CHOICE_KEYS
        if k.isalpha() and k not in "yn"
    ),
    Binding("y", "yes", N_("Yes")),
    Binding("n", "no", N_("No")),
    Binding("plus,equals_sign", "step(1)", "+1", key_display="+"),
    Binding("minus", "step(-1)", "-1", key_display="-"),
    # A number stepped in tens (its question's step): the same keys, said as they go.
    Binding("plus,equals_sign", "step(10)", "+10", key_display="+"),
    Binding("minus", "step(-10)", "-10", key_display="-"),
    Binding("enter", "confirm", N_("OK")),
    Binding("backspace", "back", N_("Back"), key_display="⌫"),
    # A choice named by its id (a printed card's S7): every letter and digit types.
    Binding("A", "type('A')", N_("Type its id"), key_display="A-Z 0-9"),
    *(
        Binding(k, f"type('{k}')", show=False)
        for k in "0123456789abcdefghijklmnopqrstuvwxyzBCDEFGHIJKLMNOPQRSTUVWXYZ"
    ),
]


def question_uses(question: Question | None, action: str, parameters: tuple[object, ...]) -> bool:
    """Whether the key bound to ``action`` answers ``question`` (None: no question on
    screen, so no key does): the footer offers only these, the others do nothing."""
    kind = question.kind if question else None
    if action == "type":
        return typed_keys(question)
    if typed_keys(question):
        return action == "back"  # the letters and digits type the id
    if action == "digit":
        if kind == "number":
            return True
        if parameters and parameters[0] == 0:
            # 0 is the 10th choice (an Ephios reveal can offer 10 cards).
            if question is None or kind not in ("one", "many"):
                return False
            return "0" in choice_keys(question)
        return kind in ("one", "many", "yes_no")
    if action == "letter":
        return (
            question is not None
            and kind in ("one", "many")
            and str(parameters[0]) in choice_keys(question)
        )
    if action in ("yes", "no"):
        return kind == "yes_no"
    if action == "step":
        step = max(1, question.step) if question else 1
        return kind == "number" and bool(parameters) and abs(int(str(parameters[0]))) == step
    if action == "confirm":
        return kind in ("number", "many")
    if action == "back":
        return kind is not None
    return True
