"""Letters, glyphs and words for the Euphoria card icons, so nothing reads by colour alone.

Pure data for the widgets: every icon gets a short letter code, a glyph and
a word, and a colour that only decorates what the letters already say.
"""

from __future__ import annotations

from companion.euphoria.board import action_name, area_short

# Faction icon -> (letter code, colour). "automa" is the generic icon: the Automa's own faction.
FACTION_CODES: dict[str, tuple[str, str]] = {
    "automa": ("◎", "bold"),
    "euphoria": ("Eu", "bold magenta"),
    "wastelands": ("Wa", "bold dark_orange"),
    "subterra": ("Su", "bold dodger_blue2"),
    "icarus": ("Ic", "bold cyan"),
}

# Action -> letter code (the word comes from companion.euphoria.board.ACTION_NAMES).
ACTION_CODES: dict[str, str] = {
    "commodity": "C",
    "tunnel_breeze_bar": "T+B",
    "tunnel_sky_lounge": "T+S",
    "artifact_market": "A",
    "construct_market": "M",
}

# The two Automas: a filled and an empty square, plus the word.
AUTOMA_MARKS: dict[str, str] = {"black": "■", "white": "□"}

CAMPING_ON = "▲ camp"
CAMPING_OFF = "· no camp"


def faction_label(icon: str) -> str:
    """A faction icon as code + word, e.g. 'Eu Euphoria' or '◎ own faction'."""
    code, _ = FACTION_CODES.get(icon, (icon[:2].title(), ""))
    if icon == "automa":
        return f"{code} own faction"
    return f"{code} {area_short(icon)}"


def faction_style(icon: str) -> str:
    """The decorative colour of a faction icon (the label already names it)."""
    return FACTION_CODES.get(icon, ("", ""))[1]


def action_label(action: str) -> str:
    """An action as code + word, e.g. 'T+S tunnel + Sky Lounge'."""
    return f"{ACTION_CODES.get(action, '?')} {action_name(action)}"


def bazaar_label(slot: int) -> str:
    """The Bazaar indicator, e.g. 'Bz 2← discard 2nd from right', or 'Bz – none'."""
    if not slot:
        return "Bz – no discard"
    ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}.get(slot, f"{slot}th")
    return f"Bz {slot}← discard {ordinal} from right"


def camping_label(camping: bool) -> str:
    """The camping indicator as glyph + word."""
    return CAMPING_ON if camping else CAMPING_OFF
