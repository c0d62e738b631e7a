"""The crossroads row on a phone names each card's alliance whole in every language: its
name, or its short form, a word of the catalog (the first letters of a longer word were no
word: en_XA showed '⟦ÀÀç' for the Academy at 40 columns)."""

from __future__ import annotations

import pytest
from rich.console import Console

from companion.core.catalog import _
from companion.tui.games.ephios_board import SHORT_NAMES, crossroads_table, short_name

pytestmark = pytest.mark.ui
CARDS = ["academy-dignitary", "syndicate", "company", "cult-dignitary"]


def drawn(width: int) -> str:
    """The crossroads of CARDS drawn at ``width`` columns, as text."""
    console = Console(width=width, record=True, color_system=None, legacy_windows=False)
    console.print(crossroads_table(CARDS))
    return console.export_text()


@pytest.mark.parametrize("language", ["en", "en_XA"])
def test_the_crossroads_names_each_alliance_whole_on_a_phone(monkeypatch, language):
    monkeypatch.setenv("COMPANION_LANG", language)
    text = drawn(39)  # the table's panels on a 40-column phone
    for alliance in ("academy", "syndicate", "company", "cult"):
        word = short_name(alliance)
        assert word == _(SHORT_NAMES[alliance])
        assert word in text or _(alliance.title()) in text, (alliance, text)
    if language == "en_XA":
        assert "⟦ÀÀçààđ⟧" in text and "⟦ÀÀç " not in text
