"""Live views: every screen of a saved game follows its save, wherever it is changed.

One game may be open in several places at once: the terminal app, each
browser tab (``companion serve`` runs one app process per tab), the CLI.
A game screen that mixes in :class:`LiveSave` (it has ``path`` and
``journal``) gets, with no code of its own:

- **Following the save.** Twice a second it looks at the save file (a
  ``stat``, and a read only when the file changed). When the save is at
  another revision than the one on screen, the screen is replaced by a fresh
  one drawn from the latest save, with a short note of what changed ("Automa
  turn 12 was played on another screen"). A question being answered, or a
  dialog open on the screen, is dropped with the same note.
- **No step from a stale view.** A key or tap on a screen whose save moved
  on does nothing but show the latest state and say so. A step that loses
  the race anyway (the save changed between the key and the write) is
  refused by the session core (``StaleRevision``) and handled the same way;
  so is a save that cannot be written (disk full, permissions): the screen
  shows the save as it is on disk, and says what happened.
- **One press, one step.** The same step key or button (``STEP_ACTIONS``)
  pressed again within half a second (a double tap, key repeat) runs one
  step.

The app routes key actions through :func:`allows` and unhandled errors
through :func:`recover` (``companion.tui.app``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar, cast

from textual.app import App
from textual.screen import ModalScreen, Screen

from companion.core import registry, session
from companion.core.catalog import N_, _, say, say_n
from companion.core.debug import caught
from companion.core.errors import CompanionError, ConflictError
from companion.core.journal import Journal
from companion.core.saves import Signature, file_signature
from companion.history.outcomes import outcome_of, step_saved
from companion.tui import routes
from companion.tui.access import companion_app

CHECK_EVERY = 0.5  # seconds between two looks at the save file
DOUBLE_PRESS = 0.5  # a step key pressed again within this time runs no second step


def double_press() -> float:
    """The double-press window in seconds (COMPANION_DOUBLE_PRESS overrides DOUBLE_PRESS; the
    test suite sets 0 so that its scripted presses count as separate presses)."""
    try:
        return float(os.environ.get("COMPANION_DOUBLE_PRESS", DOUBLE_PRESS))
    except ValueError:
        return DOUBLE_PRESS


HELP = N_("""
## Several screens, one game

This game may be open in several places at once (another terminal, a browser
tab, the command line). This screen follows its save: within a second of a
change made elsewhere it shows the latest state, with a note of what changed.
A key pressed on a screen that was out of date does nothing but show the
latest state (nothing is overwritten); a question being answered when the game
moved on elsewhere is dropped. One press, one step: the same step key or
button pressed twice within half a second runs one step.
""")


def _describe(journal: Journal, number: int) -> str:
    """Event ``number`` (from 1) of ``journal`` in words (its kind if the describer fails)."""
    try:
        return registry.describe_step(journal, number)
    except Exception as error:  # a describer never stops the note
        caught(error, f"describing step {number} of a {journal.game} game")
        return str(journal.events[number - 1].get("kind", _("a step")))


def change_note(old: Journal, new: Journal) -> str:
    """What happened to the game between ``old`` and ``new`` (another screen's changes)."""
    common = 0
    for before, after in zip(old.events, new.events, strict=False):
        if before != after:
            break
        common += 1
    added = len(new.events) - common
    removed = len(old.events) - common
    if added and not removed:
        last = _describe(new, len(new.events))
        if added == 1:
            return say("{step} was played on another screen.", step=_capital(last))
        return say(
            "{count} steps were played on another screen; the last: {step}.",
            count=added,
            step=last,
        )
    if removed and not added:
        return say_n(
            "{n} step was taken back on another screen.",
            "{n} steps were taken back on another screen.",
            removed,
        )
    if added or removed:
        return _("The game was changed on another screen.")
    return _("The save was written on another screen.")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# A game's last step written this recently is named on the home screen (see not_lost_note).
RECENT = timedelta(minutes=30)


def not_lost_note(journal: Journal, now: datetime | None = None) -> str:
    """The game's last step and when, if it was written lately ("" otherwise).

    After a restart (of `companion serve`, or of the app) the player may not know
    whether the step they tapped just before was kept: the screen that comes back
    says it was ("Automa turn 28 was played at 20:41 — not lost."), so that it is
    not played twice by mistake.
    """
    if not journal.events:
        return ""
    try:
        moment = datetime.fromisoformat(journal.updated)
    except ValueError:
        return ""
    if moment.tzinfo is None:
        moment = moment.astimezone()
    now = now or datetime.now(UTC)
    if not timedelta(minutes=-1) <= now - moment <= RECENT:
        return ""
    return say(
        "{step} was played at {time} — not lost.",
        step=_capital(_describe(journal, len(journal.events))),
        time=moment.astimezone().strftime("%H:%M"),
    )


class LiveSave:
    """Mixin for a game screen that shows the save at ``self.path`` (``self.journal``).

    The screen is rebuilt from the latest save through the app's resume route, so a
    screen needs nothing but ``path``, ``journal`` and, for one press one step, the
    names of its step actions in ``STEP_ACTIONS``.
    """

    STEP_ACTIONS: ClassVar[frozenset[str]] = frozenset()
    path: Path
    journal: Journal
    app: App[Any]

    # A clock the tests can move (one press, one step).
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def as_screen(self) -> Screen[Any]:
        """This object as the screen it is mixed into."""
        screen: Any = self
        return cast("Screen[Any]", screen)

    def on_mount(self) -> None:
        """Start following the save (Textual calls this besides the screen's own on_mount)."""
        self._live_signature = file_signature(self.path)
        self._live_last_step: dict[tuple[str, tuple[object, ...]], float] = {}
        # Not replaced before its first frame: a screen switched away while its header is
        # still mounting loses the header's children under Textual's title watchers.
        self._live_ready = False
        screen: Any = self
        screen.call_after_refresh(self._live_drawn)
        screen.set_interval(CHECK_EVERY, self.live_check)

    def _live_drawn(self) -> None:
        self._live_ready = True
        self.live_check()

    def on_screen_resume(self) -> None:
        """Back on top (a dialog or the log closed): look at the save at once."""
        self.live_check()

    def save_moved_on(self) -> bool:
        """Whether the save on disk is at another revision than this screen shows."""
        signature = file_signature(self.path)
        if signature == getattr(self, "_live_signature", None):
            return False
        found = session.revision_of(self.path)
        if found is None:
            return False  # unreadable or gone: keep showing what we have
        if found == self.journal.revision:
            self._live_signature = signature
            return False
        return True

    def live_check(self) -> None:
        """Timer: if the save moved on, show the latest (dropping a question or a dialog)."""
        app, me = self.app, self.as_screen()
        if me not in app.screen_stack or not getattr(self, "_live_ready", False):
            return
        if app.screen is not me and not isinstance(app.screen, ModalScreen):
            return  # the log or the help is on top: look again when this screen is back
        if self.save_moved_on():
            self.show_latest("")

    def show_latest(self, lead: str) -> None:
        """Replace this screen by one drawn from the latest save, with a note of what changed
        (after ``lead``, e.g. "Nothing was done:")."""
        app = self.app
        try:
            latest = session.load_game(self.path, self.journal.game)
        except CompanionError as exc:
            app.notify(str(exc), title=_("The save cannot be read"), severity="error", timeout=10)
            return
        note = change_note(self.journal, latest)
        fresh = routes.resume_screen(latest.game, self.path, latest)
        if fresh is None:  # pragma: no cover - a live screen always has a route
            return
        app.notify(f"{lead} {note}".strip(), title=_("Changed elsewhere"), timeout=8)
        ended = self._ended(latest) and not self._ended(self.journal)
        app.call_later(self._replace_by, fresh, latest if ended else None)

    def _ended(self, journal: Journal) -> bool:
        """Whether the game of ``journal`` is over (a game its engine cannot tell: not)."""
        try:
            return outcome_of(journal, detail=False).ended
        except Exception as error:  # a screen is never worth a crash
            caught(error, f"whether {self.path} has ended")
            return False

    async def _replace_by(self, fresh: Screen[Any], ended: Journal | None = None) -> None:
        """Put ``fresh`` in this screen's place (after the dialogs on top are dropped); the
        end-of-game screen over it when the game ended elsewhere (``ended``: its journal)."""
        app, me = self.app, self.as_screen()
        while app.screen is not me and isinstance(app.screen, ModalScreen):
            await app.pop_screen()  # a dialog of the old state: dropped
        if app.screen is me:
            await app.switch_screen(fresh)
            if ended is not None:
                companion_app(fresh).game_ended(self.path, ended)

    def write_step(self, write: Callable[[], object]) -> bool:
        """Write this screen's save after a step (``write()``); True when it was written.

        The history is kept right at once (a game that ended is recorded, one whose ending
        was undone taken out), and when this step ended the game the app shows the
        end-of-game screen. A save changed elsewhere meanwhile (the session core refuses the write) or that
        cannot be written (disk full, permissions) is not the end of the app: the screen
        shows the save as it is on disk and says why, and this returns False."""
        try:
            written = write()
        except CompanionError as error:
            recover(self.app, error)
            return False
        if isinstance(written, tuple):  # the save's signature as written: not read back
            self._live_signature = cast(Signature, written)
        if step_saved(self.path, self.journal):  # the history kept right: no global hook
            companion_app(self.as_screen()).game_ended(self.path, self.journal)
        return True

    def allows(self, action: str, params: tuple[object, ...] = ()) -> bool:
        """Whether the key or tap ``action`` (with ``params``) may run now: not on a stale
        screen (it shows the latest instead), and not a step key pressed again within
        DOUBLE_PRESS."""
        now = self.clock()
        if not hasattr(self, "_live_last_step"):
            self._live_last_step = {}
        step = (action, params) if action in self.STEP_ACTIONS else None
        if step is not None:
            last = self._live_last_step.get(step)
            if last is not None and now - last < double_press():
                return False  # a double press: one step
        if self.save_moved_on():
            self.show_latest(_("Nothing was done:"))
            return False
        if step is not None:
            self._live_last_step[step] = now
        return True


def allows(screen: Screen[Any], action: str, params: tuple[object, ...] = ()) -> bool:
    """The app's gate for an action of ``screen`` (always True for a screen not live)."""
    return screen.allows(action, params) if isinstance(screen, LiveSave) else True


def recover(app: App[Any], error: BaseException) -> bool:
    """An error escaped a live screen's handler while writing its save: show the save as it
    is on disk and say why, instead of stopping the app. False if it is not such an error."""
    live = next((s for s in reversed(app.screen_stack) if isinstance(s, LiveSave)), None)
    if live is None or not isinstance(error, CompanionError):
        return False
    if isinstance(error, ConflictError):
        live.show_latest(_("Nothing was done:"))
    else:
        live.show_latest(_("Not saved:"))
        app.notify(str(error), title=_("Not saved"), severity="error", timeout=10)
    return True
