"""The solo "correct the table" dialog: move a card, set popularity, persuasion or affinities.

For the card effects the app does not model. The questions and what their answers
mean are the engine's plan (:mod:`companion.ephios.solo_correction_plans`); the
dialog walks it and the engine checks and records the correction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.catalog import _
from companion.core.journal import Journal
from companion.core.plans import bind
from companion.core.questions import Announcement
from companion.ephios import solo, solo_correction_plans
from companion.tui.widgets.step_dialog import StepDialog


def correction_dialog(state: solo.SoloState) -> StepDialog:
    """The dialog; it dismisses with the correction as an event dict (or None)."""
    return StepDialog(_("Correct the table"), bind(solo_correction_plans.correction_plan, state))


def record(journal: Journal, event: Mapping[str, Any], source: str) -> list[Announcement]:
    """Record the correction through the engine; InputError (nothing changed) if it cannot apply."""
    return solo_correction_plans.record(journal, event, source)
