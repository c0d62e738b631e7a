"""Engine questions rendered as choices: keys and mouse, one question at a time.

- ``one``: numbered choices; a digit 1-9, a click, or arrows + Enter pick one. Choices
  with ids for keys (a printed card's S7) are named by typing the id
  (`QuestionPanel.action_type`).
- ``yes_no``: `y` / `n` (or a click, or 1 / 2).
- ``many``: numbered toggles; a digit, Space or a click toggles, Enter confirms.
- ``number``: type digits, `+` / `-` step, Backspace deletes, Enter confirms
  (or click the −, + and OK buttons).

When every question is answered the panel posts :class:`QuestionPanel.Answered`
with ``{question id: raw answer string}``, the strings `Question.parse` reads.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.css.scalar import Scalar
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from companion.core.catalog import _, say, touch
from companion.core.errors import InputError
from companion.core.questions import Question
from companion.tui import restyle
from companion.tui.widgets.choices import (
    CHOICE_KEYS,
    ChoiceList,
    choice_keys,
    choice_labels,
    one_key_range,
    typed_choice,
    typed_keys,
    typed_matches,
)
from companion.tui.widgets.given import Given
from companion.tui.widgets.layout import Hanging, hanging
from companion.tui.widgets.question_keys import QUESTION_BINDINGS, question_uses

__all__ = ["CHOICE_KEYS", "ChoiceList", "QuestionPanel", "choice_keys", "takes_answers"]

# The fewest rows the choices get when a question is fitted to its container.
MIN_CHOICE_ROWS = 3


Host = TypeVar("Host")


Sent = TypeVar("Sent", bound=Message)


def takes_answers(handler: Callable[[Host, Sent], None]) -> Callable[[Host, Sent], None]:
    """A host's handler of answers given (:class:`QuestionPanel.Answered`, a typed answer's
    ``Input.Submitted``): once it has run (the next question asked, a step played, the
    answer refused, or nothing more to ask), the answers are taken and the keys typed ahead
    meanwhile go on (the control's :class:`Given`)."""

    @functools.wraps(handler)
    def take(host: Host, event: Sent) -> None:
        try:
            handler(host, event)
        finally:
            given = getattr(event.control, "given", None)
            if isinstance(given, Given):
                given.taken()

    return take


class QuestionPanel(Widget, can_focus=True):
    """Asks a list of :class:`Question` one at a time.

    Args:
        questions: the questions to ask (may be empty; call :meth:`ask` later).
        defaults: raw answers to pre-select, by question id.
        title: a heading above the questions.

    Posts :class:`QuestionPanel.Answered` (``answers``: dict id -> raw string)
    when the last question is answered, and :class:`QuestionPanel.Back` when
    Backspace is pressed on the first question.
    """

    BINDINGS: ClassVar[list[BindingType]] = QUESTION_BINDINGS

    DEFAULT_CSS = """
    QuestionPanel { height: auto; padding: 0 1; }
    QuestionPanel #qp-progress { color: $text-muted; }
    QuestionPanel #qp-text { text-style: bold; margin-bottom: 1; }
    QuestionPanel ChoiceList { height: auto; max-height: 16; border: none; padding: 0; }
    QuestionPanel #qp-number { padding: 0 1; height: auto; }
    QuestionPanel #qp-buttons { height: auto; }
    QuestionPanel #qp-buttons Button { margin-right: 2; min-width: 5; }
    """

    class Answered(Message):
        """Every question is answered: ``answers`` maps question id to the raw answer."""

        def __init__(self, panel: QuestionPanel, answers: dict[str, str]) -> None:
            super().__init__()
            self.panel = panel
            self.answers = answers

        @property
        def control(self) -> QuestionPanel:
            """The panel that was answered."""
            return self.panel

    class Back(Message):
        """Backspace on the first question: the user wants the previous step."""

        def __init__(self, panel: QuestionPanel) -> None:
            super().__init__()
            self.panel = panel

        @property
        def control(self) -> QuestionPanel:
            """The panel the user backed out of."""
            return self.panel

    def __init__(
        self,
        questions: Sequence[Question] = (),
        *,
        defaults: Mapping[str, str] | None = None,
        title: str = "",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.title = title
        self.questions: list[Question] = list(questions)
        self.defaults: dict[str, str] = dict(defaults or {})
        self.answers: dict[str, str] = {}
        self.index = 0
        self._ticked: set[int] = set()
        self.given = Given()  # the last answers, posted, until the host takes them
        self._typed = ""
        self._value = 0
        self._typed_id = ""  # the id typed so far, for choices named by their ids
        # What to bring into view with a question: the panel, or a container of it too.
        self.reveal: Widget = self
        # The container whose rows the question may take (None: the list's own bound), the
        # question and its buttons in view; a longer list scrolls itself.
        self.fit_to: Widget | None = None
        # Whether the last answer shows "✓ answered" at once. A host that asks the next
        # questions or hides the panel as it takes the answers (the table screen) says
        # no: the panel was laid out answered, its choices hidden (the focus leaving them
        # and coming back, each a restyle), a moment before the next question came.
        self.shows_answered = True

    # ----- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Progress line, question text, the choices or the number, and the buttons."""
        yield Static(id="qp-progress")
        yield Static(id="qp-text")
        yield Static(id="qp-number")  # a number, or the id typed (above the choices)
        yield ChoiceList(id="qp-choices")
        with Horizontal(id="qp-buttons"):
            yield Button("−", id="qp-minus", compact=True)
            yield Button("+", id="qp-plus", compact=True)
            yield Button(_("OK"), id="qp-ok", compact=True, variant="primary")

    def on_mount(self) -> None:
        """Show the first question."""
        self._show()

    def watch_has_focus(self, _has_focus: bool) -> None:
        """Restyle for ``:focus`` what a rule naming it may style, not every widget of the
        question (:func:`restyle.focus_changed`)."""
        restyle.focus_changed(self)

    @property
    def current(self) -> Question | None:
        """The question on screen, or None when all are answered (or there are none)."""
        return self.questions[self.index] if self.index < len(self.questions) else None

    def ask(self, questions: Sequence[Question], defaults: Mapping[str, str] | None = None) -> None:
        """Ask a new list of questions (forgetting the previous answers)."""
        self.questions = list(questions)
        self.defaults = dict(defaults or {})
        self.answers = {}
        self.index = 0
        if self.is_mounted:
            self._show()
        self.given.taken()  # asked on: the keys typed ahead answer these

    def on_unmount(self) -> None:
        """A panel gone takes no more answers: no key waits for it."""
        self.given.taken()

    def _choice_prompt(self, question: Question, index: int, label: str) -> Hanging:
        keys = choice_keys(question)
        key = keys[index] if index < len(keys) else " "
        disabled = question.choices[index] in question.disabled
        width = max((len(k) for k in keys), default=1)  # ids of two lengths (S7, S10) align
        marker = Text(f"{key:<{width}}  ", style="dim" if disabled else "bold")
        if question.kind == "many":
            marker.append("[x] " if index in self._ticked else "[ ] ", style="bold")
        return hanging(marker, Text(label, style="dim" if disabled else ""))

    def _show(self) -> None:
        """Render the current question."""
        question = self.current
        self._show_parts(question.kind if question else None)
        if question is None:
            self._show_done()
            return
        self._show_heading()
        self.query_one("#qp-text", Static).update(question.text)
        self._typed_id = ""
        default = self._default(question)
        choices = self.query_one(ChoiceList)
        choices.clear_options()
        choices.multi = question.kind == "many"
        if question.kind == "yes_no":
            choices.add_options([Text(_("y  Yes")), Text(_("n  No"))])
            choices.highlighted = 1 if default in ("no", "n") else 0
        elif question.kind in ("one", "many"):
            self._show_choices(question, default)
        else:
            self._start_number(question, default)
        if typed_keys(question):
            self._show_typed()
        self.refresh_bindings()
        self.call_after_refresh(self._focus_choices)
        if self.fit_to is not None:
            self.call_after_refresh(self.fit_choices)

    def fit_choices(self) -> None:
        """Let the choices take the rows they need, up to the rows ``fit_to`` shows less the
        question's other rows (its text above, its buttons below)."""
        box, choices = self.fit_to, self.query_one(ChoiceList)
        if box is None or not choices.display or not self.is_mounted:
            return
        # A box not laid out yet (shown a moment ago, the screen's layout still to come)
        # has no room to measure: the fit waits for the panel's resize that layout sends.
        if not box.region:
            return
        # The rows of the question's other parts: those above the choices (the title, the
        # text) and the buttons below; not the panel's height less the list's, which is the
        # list's own rows again where the panel fills its column (a question beside what to
        # do), so a list once fitted to a few rows would never grow back.
        buttons = self.query_one("#qp-buttons")
        others = choices.virtual_region.y + (buttons.outer_size.height if buttons.display else 0)
        rows = max(MIN_CHOICE_ROWS, box.scrollable_content_region.height - others)
        if choices.styles.max_height != Scalar.from_number(rows):
            choices.styles.max_height = rows

    def on_resize(self) -> None:
        """A new size lays the choices out again: keep the highlighted one in view. The
        panel shown (its box laid out at last) fits its choices to the room it has."""
        if self.fit_to is not None:
            self.call_after_refresh(self.fit_choices)
        self.call_after_refresh(self.keep_in_view)

    def keep_in_view(self) -> None:
        """Scroll the highlighted choice into view (after the screen changed its size)."""
        found = self.query(ChoiceList)  # none once the panel is gone (a screen closed)
        if found and found.first().display and self.current is not None:
            found.first().scroll_to_highlight()

    def _show_parts(self, kind: str | None) -> None:
        """Show the parts the question's kind uses: the choices, or the number and its buttons."""
        self.query_one(ChoiceList).display = kind in ("one", "many", "yes_no")
        typed = typed_keys(self.current)
        self.query_one("#qp-number", Static).display = kind == "number" or typed
        self.query_one("#qp-buttons").display = kind in ("number", "many")
        self.query_one("#qp-minus").display = kind == "number"
        self.query_one("#qp-plus").display = kind == "number"

    def _show_done(self) -> None:
        """Every question answered (or none asked): the title, and a tick when answered."""
        self.query_one("#qp-progress", Static).update(self.title)
        self.query_one("#qp-text", Static).update(_("✓ answered") if self.questions else "")
        self.refresh_bindings()

    def _show_heading(self) -> None:
        """The title and, with several questions, which one this is."""
        progress = self.query_one("#qp-progress", Static)
        count = len(self.questions)
        if count > 1 and self.title:
            line = say(
                "{title} — question {n} of {count}", title=self.title, n=self.index + 1, count=count
            )
        elif count > 1:
            line = say("question {n} of {count}", n=self.index + 1, count=count)
        else:
            line = self.title
        progress.update(line)
        progress.display = bool(self.title) or count > 1

    def _default(self, question: Question) -> str | None:
        """The answer to pre-select: the caller's default, else the answer given before, else
        what the engine last knew (``Question.default``)."""
        default = self.defaults.get(question.id, self.answers.get(question.id))
        if default is None and question.default:
            return question.default
        return default

    def _show_choices(self, question: Question, default: str | None) -> None:
        """The choices of a ``one`` or ``many`` question, the default highlighted (or ticked)."""
        choices = self.query_one(ChoiceList)
        picked = [v.strip() for v in (default or "").split(",")]
        self._ticked = (
            {i for i, c in enumerate(question.choices) if c in picked}
            if question.kind == "many"
            else set()
        )
        choices.add_options(
            [
                Option(
                    self._choice_prompt(question, i, label),
                    disabled=question.choices[i] in question.disabled,
                )
                for i, label in enumerate(choice_labels(question))
            ]
        )
        open_ = [i for i, c in enumerate(question.choices) if c not in question.disabled]
        start = (
            question.choices.index(default)
            if default in question.choices and default not in question.disabled
            else (open_[0] if open_ else 0)
        )
        choices.highlighted = start if question.choices else None

    def _start_number(self, question: Question, default: str | None) -> None:
        """A number question starts at its default, else at its minimum."""
        self._typed = ""
        try:
            value = int(default) if default is not None else None
        except ValueError:
            value = None
        if value is None:
            value = question.minimum if question.minimum is not None else 0
        self._value = value
        self._show_number()

    def focus_answer(self) -> None:
        """Give the focus to what answers the question asked now: its choices, or the panel
        (a number, a confirmation's keys). Focusing the panel, then its choices after the
        refresh, restyled both twice a question."""
        self.answering().focus()

    def answering(self) -> Widget:
        """What answers the question asked now: its choices, or the panel (a number, a
        confirmation's keys)."""
        choices = self.query_one(ChoiceList)
        return choices if choices.display else self

    def _focus_choices(self) -> None:
        """Focus the choices (or the panel), then show the question from its text (focus
        alone would scroll the text out of sight); not once cancelled (a hidden panel)."""
        if self.current is None:
            return
        choices = self.query_one(ChoiceList)
        (choices if choices.display else self).focus(scroll_visible=False)
        self.reveal.scroll_visible(animate=False, top=True)
        if choices.display:  # then the highlighted choice, if the question's top left it out
            choices.scroll_to_highlight()

    def _show_number(self) -> None:
        question = self.current
        if question is None:
            return
        low = "" if question.minimum is None else str(question.minimum)
        high = "" if question.maximum is None else str(question.maximum)
        bounds = f"  ({low}–{high})" if low or high else ""
        shown = self._typed if self._typed else str(self._value)
        text = Text("▶ ", style="bold")
        text.append(f" {shown} ", style="reverse bold")
        if touch():
            how = _("tap − / + then OK")
        elif one_key_range(question):
            how = _("press its digit, or +/- and Enter")
        else:
            how = _("type digits, +/- to change, Enter to confirm")
        text.append(f"{bounds}  {how}", style="dim")
        self.query_one("#qp-number", Static).update(text)

    # ----- answering ----------------------------------------------------------------------

    def _answer(self, raw: str) -> None:
        question = self.current
        if question is None:
            return
        try:
            question.parse(raw)
        except InputError as exc:  # show it and stay on the question
            self.notify(str(exc), severity="warning")
            return
        self.answers[question.id] = raw
        self.index += 1
        if self.current is not None or self.shows_answered:
            self._show()
        if self.current is None:
            self.given.sent()
            self.post_message(self.Answered(self, dict(self.answers)))

    def show_answered(self) -> None:
        """Show that every question is answered (where ``shows_answered`` is off and the
        host asks nothing more)."""
        if self.current is None:
            self._show()

    def _toggle(self, index: int) -> None:
        question = self.current
        if question is None or not 0 <= index < len(question.choices):
            return
        self._ticked ^= {index}
        choices = self.query_one(ChoiceList)
        choices.replace_option_prompt_at_index(
            index, self._choice_prompt(question, index, choice_labels(question)[index])
        )
        choices.highlighted = index

    def _confirm_many(self) -> None:
        question = self.current
        if question is not None:
            self._answer(",".join(c for i, c in enumerate(question.choices) if i in self._ticked))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer (and show in the footer) only the keys the current question uses."""
        return question_uses(self.current, action, parameters)

    def action_digit(self, digit: int) -> None:
        """A digit: pick or toggle choice ``digit``, or type it into a number."""
        question = self.current
        if question is None:
            return
        if question.kind == "number":
            one_key = one_key_range(question)
            if one_key and not self._typed:
                # A die face, a persuasion value, a handful of workers: one key answers.
                low, high = one_key
                if low <= digit <= high:
                    self._answer(str(digit))
                return
            self._typed = (self._typed + str(digit)).lstrip("0") or "0"
            self._show_number()
            return
        if question.kind == "yes_no":
            if digit in (1, 2):
                self._answer("yes" if digit == 1 else "no")
            return
        self._pick(str(digit))

    def action_letter(self, letter: str) -> None:
        """A letter: pick or toggle the choice with that key (after the ten digits)."""
        self._pick(letter)

    def _pick(self, key: str) -> None:
        """Pick (one) or toggle (many) the choice whose key is ``key``; a disabled one is
        not answerable (it is shown so every choice keeps its key)."""
        question = self.current
        if question is None or question.kind not in ("one", "many"):
            return
        keyed = [i for i, k in enumerate(choice_keys(question)) if k == key]
        if not keyed or keyed[0] >= len(question.choices):
            return
        index = keyed[0]
        if question.choices[index] in question.disabled:
            self.notify(
                say("{choice}: cannot be chosen now", choice=choice_labels(question)[index])
            )
            return
        if question.kind == "one":
            self._answer(question.choices[index])
        else:
            self._toggle(index)

    def _show_typed(self) -> None:
        """What is typed of a choice's id, and how to name one."""
        text = Text("▶ ", style="bold")
        text.append(f" {self._typed_id or ' '} ", style="reverse bold")
        text.append("  " + _("type the id printed on it, or pick it with ↑ ↓ and Enter"))
        self.query_one("#qp-number", Static).update(text)

    def action_type(self, key: str) -> None:
        """A letter or digit of a choice's id: the list follows, and a whole id that begins
        no other picks its choice; one that begins none is refused (nothing changes)."""
        question = self.current
        if not typed_keys(question):
            return
        assert question is not None
        typed = self._typed_id + key.upper()
        matches = typed_matches(question, typed)
        if not matches:
            self.notify(say("{typed}: no choice has this id", typed=typed), severity="warning")
            return
        self._typed_id = typed
        self._show_typed()
        picked = typed_choice(question, typed)
        if picked is not None:
            self._pick(question.keys[picked])
            return
        exact = [i for i in matches if question.keys[i].upper() == typed]
        choices = self.query_one(ChoiceList)
        choices.highlighted = (exact or matches)[0]
        self.call_after_refresh(self._show_typed_and_highlight)

    def _show_typed_and_highlight(self) -> None:
        """What is typed in view, and the choice it highlights (the typed line gives way
        when the two are further apart than the screen is tall)."""
        if not self.is_mounted:
            return
        self.query_one("#qp-number", Static).scroll_visible(animate=False, top=True, immediate=True)
        self.query_one(ChoiceList)._reveal_highlight()

    def action_yes(self) -> None:
        """Answer yes."""
        if self.current and self.current.kind == "yes_no":
            self._answer("yes")

    def action_no(self) -> None:
        """Answer no."""
        if self.current and self.current.kind == "yes_no":
            self._answer("no")

    def action_step(self, delta: int) -> None:
        """Move the number one step up (``delta`` > 0) or down: by the question's step,
        within its bounds."""
        question = self.current
        if question is None or question.kind != "number":
            return
        value = int(self._typed) if self._typed else self._value
        value = question.stepped(value, delta > 0)  # by the question's step, in its bounds
        self._value, self._typed = value, ""
        self._show_number()

    def action_confirm(self) -> None:
        """Confirm the number typed or the choices ticked."""
        question = self.current
        if question is None:
            return
        if question.kind == "number":
            self._answer(self._typed or str(self._value))
        elif question.kind == "many":
            self._confirm_many()

    def action_back(self) -> None:
        """Delete a typed digit, else go back one question, else post Back."""
        question = self.current
        if question is not None and question.kind == "number" and self._typed:
            self._typed = self._typed[:-1]
            self._show_number()
            return
        if self._typed_id:
            self._typed_id = self._typed_id[:-1]
            self._show_typed()
            return
        if self.index > 0:
            self.index -= 1
            self._show()
        else:
            self.post_message(self.Back(self))

    # ----- events from the children -------------------------------------------------------

    def _on_focus(self, event: events.Focus) -> None:
        """No question on screen: the panel does not keep the focus (see below)."""
        self._let_go_of_focus()

    def _on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """No question on screen: its choices do not keep the focus. Textual gives the focus
        back to the widget that had it when the page or terminal lost it, and that can be
        a question's choices cancelled in between: they would take Enter from the screen."""
        self._let_go_of_focus()

    def _let_go_of_focus(self) -> None:
        if self.current is None and self.is_attached:
            self.screen.set_focus(None)

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        question = self.current
        if question is None:
            return
        if question.kind == "yes_no":
            self._answer("yes" if event.option_index == 0 else "no")
        elif question.kind == "one":
            self._answer(question.choices[event.option_index])
        elif question.kind == "many":
            self._toggle(event.option_index)

    def _on_choice_list_confirm(self, event: ChoiceList.Confirm) -> None:
        event.stop()
        self._confirm_many()

    def _on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "qp-minus":
            self.action_step(-1)
        elif event.button.id == "qp-plus":
            self.action_step(1)
        else:
            self.action_confirm()
