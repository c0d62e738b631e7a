"""Each move worded once: one table of messages per game gives every form of a move's words.

An engine announces a move as data: a ``what`` id (e.g. "automa.place") with the fields it
names (``who``, ``spaces``, ``cards``, ``slots``, ``dice``, and the few facts only the
words need in ``args``). A game's :class:`Words` holds one :class:`Message` per ``what``:

- ``screen``: the text a screen shows (and the CLI prints, and the JSON's "text" keeps);
- ``spoken``: the line said aloud for a player whose eyes stay on the board, shorter where
  it is deliberately so (None: the screen text is the spoken form; only the messages with a
  spoken line of their own are said by the voice);
- ``log``: the journal's line (None: the screen text after whose move it is);
- ``narrow``: the screen text on a phone's narrow screen (about 34 columns a line, who the
  line is for shown by a mark before it), one row where the screen text takes two (None:
  the screen text). The same move, the same facts to do; what a panel there shows already
  (an Automa's tokens left) may be left to it.

Every form is made through the catalog (``say``, ``_``), so a word change is one edit, in
one place, and a translation says the same move in its own words in every form. What is
shared by the games is here: which announcements are said, in what order, and which sound
cue a step gives (the cue ids of ``companion.speech.cues``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from companion.core.catalog import say
from companion.core.questions import Announcement, AnnouncementKind

Form = Literal["screen", "spoken", "log", "narrow"]
FORMS: tuple[Form, ...] = get_args(Form)
Line = Callable[[Announcement], str]


@dataclass(frozen=True)
class Message:
    """One move's words: its screen text, its spoken line, its journal line and its line on
    a narrow screen (each made from the announcement's data through the catalog), and the
    sound cue it gives."""

    screen: Line
    spoken: Line | None = None
    log: Line | None = None
    cue: str = ""
    # Said even though its kind is "info": the player still does something for it.
    said_when_info: bool = False
    narrow: Line | None = None


def _who_as_is(who: str) -> str:
    return who


@dataclass(frozen=True)
class Words:
    """A game's renderer: its messages by ``what`` and how its log names ``who``."""

    messages: Mapping[str, Message]
    who_name: Callable[[str], str] = _who_as_is
    # Sound cues of announcements that have no words of their own here (none by default).
    extra_cues: Mapping[str, str] = field(default_factory=dict)

    def whats(self) -> list[str]:
        """Every ``what`` this game words, sorted."""
        return sorted(self.messages)

    def announce(
        self,
        what: str,
        why: str = "",
        who: str = "",
        kind: AnnouncementKind = "do",
        *,
        cards: tuple[str, ...] = (),
        slots: tuple[int, ...] = (),
        rule: str = "",
        spaces: tuple[str, ...] = (),
        dice: tuple[int, ...] = (),
        **args: Any,
    ) -> Announcement:
        """The announcement of ``what`` with its data, its text the message's screen form."""
        made = Announcement(
            text="",
            why=why,
            kind=kind,
            who=who,
            what=what,
            cards=tuple(cards),
            slots=tuple(slots),
            rule=rule,
            spaces=tuple(spaces),
            dice=tuple(dice),
            args=dict(args),
        )
        # Its text, made from its data, is set on it before anything else holds it (as a
        # frozen dataclass sets its own fields), not by making it a second time: a frozen
        # announcement costs about 9 µs to make, tens of thousands in a long replay.
        object.__setattr__(made, "text", self.messages[what].screen(made))
        return made

    def render(self, announcement: Announcement, form: Form = "screen") -> str:
        """``announcement`` in one ``form``: the screen text, the spoken form, the journal
        line or the narrow screen's line (an announcement of a ``what`` this game does not
        word: its text as it is)."""
        message = self.messages.get(announcement.what)
        if message is None:
            return announcement.text
        if form == "spoken" and message.spoken is not None:
            return message.spoken(announcement)
        if form == "narrow" and message.narrow is not None:
            return message.narrow(announcement)
        if form == "log":
            if message.log is not None:
                return message.log(announcement)
            text = message.screen(announcement)
            if not announcement.who:
                return text
            return say("{who}: {text}", who=self.who_name(announcement.who), text=text)
        return message.screen(announcement)

    def line(self, announcement: Announcement) -> str | None:
        """The line the voice says for one announcement, or None when it is only shown (an
        "info" line the player does nothing for, or a message with no spoken line)."""
        message = self.messages.get(announcement.what)
        if message is None or message.spoken is None:
            return None
        if announcement.kind == "info" and not message.said_when_info:
            return None
        return message.spoken(announcement)

    def spoken(self, announcements: Sequence[Announcement]) -> list[str]:
        """The spoken lines of a step, in the order the engine announced them."""
        lines = (self.line(a) for a in announcements)
        return [line for line in lines if line]

    def cue(self, what: str) -> str:
        """The sound cue of ``what`` ("" for none)."""
        message = self.messages.get(what)
        return message.cue if message and message.cue else self.extra_cues.get(what, "")

    def cues(self, announcements: Sequence[Announcement]) -> list[str]:
        """The sound cues of a step, in order (each cue once)."""
        out: list[str] = []
        for announcement in announcements:
            cue = self.cue(announcement.what)
            if cue and cue not in out:
                out.append(cue)
        return out
