"""The question forms the Euphoria reports share (one of, a number, yes or no)."""

from __future__ import annotations

from companion.core.questions import Question

# Where a worker is when it is beside the board (a correction's answer).
AVAILABLE = "available"


def one_question(
    qid: str, text: str, choices: list[str], labels: list[str], default: str = ""
) -> Question:
    """A ``one`` question, each choice with its label."""
    return Question(
        id=qid,
        text=text,
        kind="one",
        choices=tuple(choices),
        labels=tuple(labels),
        default=default,
    )


def number_question(qid: str, text: str, limits: tuple[int, int], default: str = "") -> Question:
    """A ``number`` question from ``limits`` (minimum, maximum)."""
    low, high = limits
    return Question(id=qid, text=text, kind="number", minimum=low, maximum=high, default=default)


def yes_no_question(qid: str, text: str, default: bool | None = None) -> Question:
    """A ``yes_no`` question (``default``: the answer to pre-select, None for none)."""
    answer = "" if default is None else ("yes" if default else "no")
    return Question(id=qid, text=text, kind="yes_no", default=answer)
