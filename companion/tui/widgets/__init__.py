"""Reusable widgets: pure rendering of plain data (questions, announcements, cards, bars)."""

from companion.tui.widgets.announcements import AnnouncementList
from companion.tui.widgets.cardpair import CardPair
from companion.tui.widgets.checklist import Checklist
from companion.tui.widgets.popularity import PopularityBar
from companion.tui.widgets.questions import QuestionPanel

__all__ = ["AnnouncementList", "CardPair", "Checklist", "PopularityBar", "QuestionPanel"]
