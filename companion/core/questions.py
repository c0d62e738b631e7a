"""Questions the engines ask and announcements they make.

An engine step either needs a fact it cannot know and raises
:class:`NeedAnswers` with typed :class:`Question` objects (changing nothing),
or completes and returns :class:`Announcement` objects: what the user now does
on the table, each with a short "why" citing the rule. The TUI renders
questions as keys and buttons, the CLI reads answers from ``--answer
ID=VALUE``, tests script them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from companion.core.catalog import say, say_n
from companion.core.errors import InputError
from companion.core.validate import parse_int, within, yes_or_no

QuestionKind = Literal["yes_no", "one", "many", "number", "text"]
# The longest answer a ``text`` question takes (a few names on one line).
TEXT_LIMIT = 200
# What an announcement is: "do" a step on the table, "info" something to know, "end" the
# game is over, "warn" a warning (a move that loses, a step the rules do not allow).
AnnouncementKind = Literal["do", "info", "end", "warn"]
ANNOUNCEMENT_KINDS: tuple[AnnouncementKind, ...] = get_args(AnnouncementKind)


@dataclass(frozen=True)
class Question:
    """A short typed question about a fact on the table.

    ``kind`` is ``yes_no`` (answer ``yes``/``no``), ``one`` (one of
    ``choices``), ``many`` (any subset of ``choices``, comma-separated, may be
    empty), ``number`` (an integer from ``minimum`` to ``maximum``) or ``text`` (words the
    player types, one line: names), not empty and at most ``TEXT_LIMIT`` characters.
    """

    id: str
    text: str
    kind: QuestionKind
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    # Human-readable labels for choices, same order (optional; the TUI shows them).
    labels: tuple[str, ...] = ()
    # The answer the app expects from what it last knew (raw form, e.g. "a,b" for many);
    # the TUI pre-selects it so confirming "unchanged" is one key. "" = no default.
    default: str = ""
    # The app's key for each choice (same order), when a choice should keep its key while
    # other choices come and go (a card that always keeps its number). () = numbered 1, 2, ...
    keys: tuple[str, ...] = ()
    # Choices shown (keeping their place and key) but not answerable now, e.g. a site whose
    # market is built. () = every choice can be picked.
    disabled: tuple[str, ...] = ()
    # How far + / - move a number (a change printed in tens of %: 10); a typed number may
    # still be any whole number within the bounds.
    step: int = 1

    @classmethod
    def one_of(cls, id: str, text: str, labelled: Mapping[str, str], **more: Any) -> Question:
        """A ``one`` question whose choices are the keys of ``labelled``, each shown with its
        label (every choice written next to its label)."""
        return cls(id, text, "one", tuple(labelled), labels=tuple(labelled.values()), **more)

    def parse(self, raw: str) -> bool | str | tuple[str, ...] | int:
        """Check a typed answer and return its value; raise InputError if it does not fit."""
        value = raw.strip()
        where = say("question {id}", id=self.id)
        if self.kind == "yes_no":
            answer = yes_or_no(value)
            if answer is None:
                raise InputError(say("answer {value!r} must be yes or no", value=value), item=where)
            return answer
        if self.kind == "one":
            value = self._choice(value, where)
            if value in self.disabled:
                raise InputError(
                    say("answer {value!r} cannot be chosen now", value=value), item=where
                )
            return value
        if self.kind == "many":
            return tuple(self._choice(v.strip(), where) for v in value.split(",") if v.strip())
        if self.kind == "text":
            return self._text(value, where)
        try:
            number = parse_int(value)
        except InputError:
            problem = say("answer {value!r} is not a whole number", value=value)
            raise InputError(problem, item=where) from None
        if not within(number, self.minimum, self.maximum):
            problem = say(
                "answer {number} is not between {minimum} and {maximum}",
                number=number,
                minimum=self.minimum,
                maximum=self.maximum,
            )
            raise InputError(problem, item=where)
        return number

    def stepped(self, value: int, up: bool) -> int:
        """The number one step up (or down) from ``value``: the next multiple of ``step``
        that way (a typed 15 goes to 20 or 10), within the bounds; with a ``step`` of 10 the
        stepper keeps to the multiples of 10 inside them where there are any."""
        step = max(1, self.step)
        value = (value // step + 1) * step if up else (value - 1) // step * step
        low, high = self.minimum, self.maximum
        if step > 1 and low is not None and high is not None:
            tens = (-(-low // step) * step, high // step * step)  # the multiples inside
            if tens[0] <= tens[1]:
                low, high = tens
        if low is not None:
            value = max(low, value)
        if high is not None:
            value = min(high, value)
        return value

    def _text(self, value: str, where: str) -> str:
        """A typed text: one line, not empty, not longer than ``TEXT_LIMIT``."""
        if not value or "\n" in value or len(value) > TEXT_LIMIT:
            problem = say("answer must be one line of 1 to {limit} characters", limit=TEXT_LIMIT)
            raise InputError(problem, item=where)
        return value

    def _choice(self, value: str, where: str) -> str:
        """The choice ``value`` names, in any case (``s2`` is the printed card ``S2``, as the
        app reads a key); InputError if it names none."""
        if value in self.choices:
            return value
        alike = [c for c in self.choices if c.casefold() == value.casefold()]
        if len(alike) == 1:
            return alike[0]
        raise InputError(self._not_a_choice(value), item=where)

    def _not_a_choice(self, value: str) -> str:
        return say(
            "answer {value!r} is not one of {choices}", value=value, choices=", ".join(self.choices)
        )

    def to_json(self) -> dict[str, Any]:
        """The question as the CLI's JSON object (id, text, kind, choices, ...)."""
        data: dict[str, Any] = {"id": self.id, "text": self.text, "kind": self.kind}
        data["choices"] = list(self.choices)
        if self.labels:
            data["labels"] = list(self.labels)
        if self.kind == "number":
            data["minimum"] = self.minimum
            data["maximum"] = self.maximum
            if self.step != 1:
                data["step"] = self.step
        if self.default:
            data["default"] = self.default
        if self.disabled:
            data["disabled"] = list(self.disabled)
        return data


class NeedAnswers(Exception):
    """Raised by an engine step that needs facts; nothing has been changed.

    ``announcements`` holds what the step had worked out before it stopped and
    ``context`` facts a screen may show meanwhile (e.g. the Automa card pair
    just drawn); both are for display only.
    """

    def __init__(
        self,
        questions: list[Question],
        announcements: list[Announcement] | None = None,
        context: dict[str, Any] | None = None,
    ) -> None:
        self.questions = questions
        self.announcements = list(announcements or [])
        self.context = dict(context or {})
        super().__init__(", ".join(q.id for q in questions))


@dataclass(frozen=True)
class Announcement:
    """One thing the user does (or learns) at the table, with the rule behind it."""

    text: str
    why: str = ""
    kind: AnnouncementKind = "do"
    who: str = ""
    # What the announcement means, as data (for shells, JSON and a later translation):
    # ``what`` a stable message id (e.g. "plot.recruit"), the cards (ids) and slots it
    # names, and the rulebook section it applies. Empty when not given.
    what: str = ""
    cards: tuple[str, ...] = ()
    slots: tuple[int, ...] = ()
    rule: str = ""
    # The board spaces it names (ids such as "subterra.tunnel"). Empty when not given.
    spaces: tuple[str, ...] = ()
    # The die faces it announces, in order (the dice rolled for the workers it names).
    dice: tuple[int, ...] = ()
    # The other facts its words need (a game's ``Words`` makes every form of them from the
    # data): e.g. whether a space is a construction site now. Not part of its JSON.
    args: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The announcement as a JSON object (the data fields only when given)."""
        data: dict[str, Any] = {
            "text": self.text,
            "why": self.why,
            "kind": self.kind,
            "who": self.who,
        }
        if self.what:
            data["what"] = self.what
        if self.cards:
            data["cards"] = list(self.cards)
        if self.slots:
            data["slots"] = list(self.slots)
        if self.rule:
            data["rule"] = self.rule
        if self.spaces:
            data["spaces"] = list(self.spaces)
        if self.dice:
            data["dice"] = list(self.dice)
        return data


@dataclass
class Answers:
    """The answers given so far to questions, by question id (raw strings).

    An engine step calls :meth:`get` for each fact it needs; missing ones are
    collected and raised together by :meth:`require`. ``asked`` holds the ids of every
    question the step asked (answered or not), ``used`` those whose answer it read: a step
    that completes refuses an answer no question of it asked (:meth:`refuse_unused`).
    """

    raw: Mapping[str, str] = field(default_factory=dict)
    missing: list[Question] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    asked: list[str] = field(default_factory=list)

    def note(self, *ids: str) -> None:
        """Note questions ``ids`` as asked by this step without reading their answers: ones
        it asked in an earlier round whose answers it turned out not to need."""
        self.asked.extend(i for i in ids if i not in self.asked)

    def take(self, question_id: str) -> str:
        """The raw answer to the question ``question_id`` (given), noted as asked and used:
        for a step that reads an answer itself."""
        self.note(question_id)
        self.used.add(question_id)
        return str(self.raw[question_id])

    def refuse_unused(self) -> None:
        """Refuse (InputError) an answer given to no question this step asked."""
        refuse_unasked(self.raw, [*self.asked, *sorted(self.used)])

    def get(self, question: Question) -> Any:
        """The parsed answer to ``question``, or None (and remember it as missing)."""
        self.note(question.id)
        if question.id in self.raw:
            self.used.add(question.id)
            return question.parse(self.raw[question.id])
        if all(q.id != question.id for q in self.missing):
            self.missing.append(question)
        return None

    def ask(self, question: Question) -> Any:
        """The parsed answer to ``question``; raise NeedAnswers at once if it is missing."""
        value = self.get(question)
        if value is None and question.id not in self.raw:
            raise NeedAnswers(list(self.missing))
        return value

    def require(self) -> None:
        """Raise NeedAnswers if any question asked through :meth:`get` had no answer."""
        if self.missing:
            raise NeedAnswers(list(self.missing))


def refuse_unasked(given: Iterable[str], asked: Iterable[str]) -> None:
    """Refuse the answers ``given`` whose ids no question of the step asked (``asked``): an
    answer is used or refused, never ignored. InputError naming them and what the step asks
    (nothing has been changed)."""
    asks = list(dict.fromkeys(asked))
    unused = [key for key in dict.fromkeys(given) if key not in asks]
    if not unused:
        return
    names = ", ".join(unused)
    if asks:
        problem = say_n(
            "answer {answers}: no question of this step has that id (it asks {asks})",
            "answers {answers}: no question of this step has these ids (it asks {asks})",
            len(unused),
            answers=names,
            asks=", ".join(asks),
        )
    else:
        problem = say_n(
            "answer {answers}: this step asks no question",
            "answers {answers}: this step asks no question",
            len(unused),
            answers=names,
        )
    raise InputError(problem)
