"""The table screen's lines of a step: one line per thing to do on the table, the lines that
only inform folded into the why of the line before them (Euphoria's ``FOLDED``, its
panels' words), shown on demand."""

from __future__ import annotations

import pytest

from companion.core.questions import Announcement
from companion.tui.games.euphoria import FOLDED
from companion.tui.widgets.announcements import one_line_per_step

pytestmark = pytest.mark.ui


def test_one_line_per_thing_to_do_on_the_board():
    """Informative lines fold into the why of a line to do (on demand); what is done on
    the table never does."""
    said = [
        Announcement("Automa turn 3: action card S1, support card S6.", kind="info", what="deck.draw"),
        Announcement("Black retrieves its workers: 2 from X. Roll them.", "why", who="black", what="automa.retrieve"),
        Announcement("Black leaves its 4 on Y.", "camping", kind="info", who="black", what="automa.leave"),
        Announcement("Black's retrieved 2 shows 5: it is available again.", kind="info", what="roll"),
    ]  # fmt: skip
    lines = one_line_per_step(said, FOLDED)
    # A worker left on a space (camping) is on the table: a line of its own, not a why.
    assert [a.what for a in lines] == ["automa.retrieve", "automa.leave", "roll"]
    assert lines[0].why.startswith("· Automa turn 3") and "leaves" not in lines[0].why
