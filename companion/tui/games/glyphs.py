"""Letters, glyphs and words for the Euphoria card icons, so nothing reads by colour alone.

Pure data for the widgets: every icon gets a short letter code, a glyph and
a word, and a colour that only decorates what the letters already say.
"""

from __future__ import annotations

from companion.core.catalog import N_, _, pgettext, say
from companion.euphoria.board import action_name, area_short

# Faction icon -> colour. "automa" is the generic icon: the Automa's own faction. Each is
# a letter colour on a background of its own (a chip), 6.5:1 or more, so it reads in the
# dark and the light theme alike (WCAG AA: 4.5:1).
FACTION_STYLES: dict[str, str] = {
    "automa": "bold",
    "euphoria": "bold #FFFFFF on #8E2A8E",
    "wastelands": "bold #000000 on #F08A1C",
    "subterra": "bold #FFFFFF on #1E56C8",
    "icarus": "bold #000000 on #3CC8D8",
}
AUTOMA_ICON = "◎"  # the generic icon's code: a glyph, in every language


def faction_code(icon: str) -> str:
    """The short code of a faction icon, e.g. 'Eu' (an abbreviation of the translated name,
    so each language picks its own two letters); '◎' for the Automa's own faction."""
    # Written out call by call so that the extraction sees each code with its context.
    codes = {
        "automa": AUTOMA_ICON,
        "euphoria": pgettext("faction code", "Eu"),
        "wastelands": pgettext("faction code", "Wa"),
        "subterra": pgettext("faction code", "Su"),
        "icarus": pgettext("faction code", "Ic"),
    }
    return codes.get(icon, icon)


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

CAMPING_ON = N_("▲ camp")
CAMPING_OFF = N_("· no camp")
# Which card of the Bazaar row the Automa discards, counted from the right.
ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th")}


def faction_label(icon: str) -> str:
    """A faction icon as code + word, e.g. 'Eu Euphoria' or '◎ own faction'."""
    code = faction_code(icon)
    if icon == "automa":
        return say("{code} own faction", code=code)
    return say("{code} {faction}", code=code, faction=area_short(icon))


def faction_style(icon: str) -> str:
    """The decorative colour of a faction icon (the label already names it)."""
    return FACTION_STYLES.get(icon, "")


def action_label(action: str) -> str:
    """An action as code + word, e.g. 'T+S tunnel + Sky Lounge'."""
    return f"{ACTION_CODES.get(action, '?')} {action_name(action)}"


def bazaar_label(slot: int) -> str:
    """The Bazaar indicator, e.g. 'Bz 2← discard 2nd from right', or 'Bz – none'."""
    if not slot:
        return _("Bz – no discard")
    ordinal = _(ORDINALS[slot]) if slot in ORDINALS else say("{n}th", n=slot)
    return say("Bz {slot}← discard {ordinal} from right", slot=slot, ordinal=ordinal)


def camping_label(camping: bool) -> str:
    """The camping indicator as glyph + word."""
    return _(CAMPING_ON if camping else CAMPING_OFF)
