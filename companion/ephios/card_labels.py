"""A card as a choice names it: its alliance's printed name, a Dignitary marked '◆ DIG'."""

from __future__ import annotations

from companion.core.catalog import N_, _
from companion.ephios.cards import alliance_name, card_alliance, is_dignitary

DIGNITARY_MARK = N_("◆ DIG")


def card_label(card: str) -> str:
    """A card in words as a choice shows it: 'Order' or 'Order ◆ DIG' (a Dignitary)."""
    name = alliance_name(card_alliance(card))
    return f"{name} {_(DIGNITARY_MARK)}" if is_dignitary(card) else name
