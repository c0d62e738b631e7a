"""Plurals go through the catalog's singular and plural pairs (ngettext), never the lazy
English "(s)", which no language with other plural rules can translate."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.core import catalog, registry

POT = Path(catalog.LOCALE_DIR) / "companion.pot"


def pot_messages() -> list[str]:
    """Every msgid and msgid_plural of the template, its continued lines joined."""
    messages: list[str] = []
    current: list[str] | None = None
    for line in POT.read_text(encoding="utf-8").splitlines():
        if line.startswith(("msgid ", "msgid_plural ")):
            if current is not None:
                messages.append("".join(current))
            current = [ast.literal_eval(line.split(" ", 1)[1])]
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
        else:
            if current is not None:
                messages.append("".join(current))
            current = None
    if current is not None:
        messages.append("".join(current))
    return messages


def test_no_catalog_message_writes_a_plural_as_s_in_brackets():
    messages = pot_messages()
    assert len(messages) > 1000  # the template was read
    lazy = [m for m in messages if "(s)" in m]
    assert not lazy, lazy


@pytest.mark.parametrize(("turns", "said"), [(0, "0 turns"), (1, "1 turn"), (12, "12 turns")])
def test_a_game_says_its_turns_in_the_singular_or_the_plural(turns, said):
    assert registry.turns_text(turns) == said
    assert registry.Game("g", "G", "G", "G", "r", "d", "o", "s").turns_text(turns) == said


def test_ephios_campaign_counts_rounds():
    campaign = registry.find("ephios-campaign")
    assert campaign is not None
    assert campaign.turns_text(1) == "1 round" and campaign.turns_text(3) == "3 rounds"
