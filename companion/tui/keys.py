"""The one key vocabulary of every screen, as Textual bindings with ids, and help made from them.

Every game screen uses the same keys for the same jobs:

| id        | key         | job                                           |
|-----------|-------------|-----------------------------------------------|
| `undo`    | `z`         | take back the last step                       |
| `redo`    | `y`         | bring back an undone step                     |
| `log`     | `g`         | the move log                                  |
| `correct` | `x`         | a manual fix of what the app knows            |
| `help`    | `f1`, `?`   | the help of the screen on top (app-wide)      |
| `home`    | `escape`    | cancel what is open, else back / home         |
| `voice`   | `v`         | spoken moves on / off (kept between runs)     |
| `say-again` | `r`       | say the last spoken step again                |
| `hush`    | `.`         | stop speaking (skip what is being said)       |

A screen builds its bindings with the functions below (`undo()`, `redo()`,
...), giving its own action name where it differs; the id stays the same so
a keymap (`App.set_keymap`) can move a key everywhere at once.

`help_markdown()` writes the F1 help of a screen from its active bindings
(so the help never drifts from the keys), followed by the screen's own
rule text (its `HELP` attribute).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.screen import Screen as _TextualScreen

from companion.core.catalog import N_, _, pgettext, say
from companion.core.debug import caught

if TYPE_CHECKING:
    from textual.screen import Screen

# Textual's own screen keys (Tab, Shift+Tab, copy) belong with the keys everywhere.
_TEXTUAL_SCREEN_BINDINGS = tuple(_TextualScreen.BINDINGS)
# Textual's keys no player uses: copying a selection (made by dragging, which a tap does not).
NOT_FOR_PLAYERS = frozenset({"screen.copy_text"})

UNDO, REDO, LOG, CORRECT, HELP, HOME = "undo", "redo", "log", "correct", "help", "home"
VOICE, SAY_AGAIN, HUSH = "voice", "say-again", "hush"

# The key(s) of each shared id (Textual key names, comma-separated).
KEYS: dict[str, str] = {
    UNDO: "z",
    REDO: "y",
    LOG: "g",
    CORRECT: "x",
    HELP: "f1,question_mark",
    HOME: "escape",
    VOICE: "v",
    SAY_AGAIN: "r",
    HUSH: "full_stop",
}

# The default action, footer label and help line of each shared id.
# (Catalog messages: the footer, the menu and the help translate them where they show them.)
DEFAULTS: dict[str, tuple[str, str, str]] = {
    UNDO: ("undo", N_("Undo"), N_("take back the last step (type a count first for several)")),
    REDO: ("redo", N_("Redo"), N_("bring back the last undone step")),
    LOG: ("log", N_("Log"), N_("the move log: every step so far")),
    CORRECT: ("correct", N_("Fix"), N_("correct what the app knows (a manual fix)")),
    HELP: ("app.help", N_("Help"), N_("this help: the keys and rules of the screen")),
    HOME: ("app.home", N_("Home"), N_("cancel what is open; otherwise back to the home screen")),
    VOICE: ("voice", N_("Voice"), N_("spoken moves on or off (kept between runs)")),
    SAY_AGAIN: ("say_again", N_("Again"), N_("say the last spoken step again")),
    HUSH: ("hush", N_("Hush"), N_("stop speaking (skip what is being said)")),
}


# The texts of bindings made with `filled`: the English text -> its message and fields.
_FILLED: dict[str, tuple[str, dict[str, Any]]] = {}


def filled(message: str, **fields: Any) -> str:
    """A binding's label or help line with its ``{fields}`` filled (Textual keeps one text,
    made when the class is): English, remembered with its message so that `binding_text`
    shows it in the player's language."""
    text = message.format(**fields)
    _FILLED[text] = (message, fields)
    return text


def binding_text(text: str) -> str:
    """A binding's label or help line as shown (the footer, the help, the menu): the
    catalog message in the player's language, with its fields when it was `filled`."""
    if text in _FILLED:
        message, fields = _FILLED[text]
        return say(message, **fields)
    return _(text)


def shared(
    binding_id: str,
    action: str | None = None,
    description: str | None = None,
    *,
    tooltip: str | None = None,
    **options: Any,
) -> Binding:
    """The binding of a shared key ``binding_id`` (one of `KEYS`), with the screen's own action.

    Args:
        binding_id: `UNDO`, `REDO`, `LOG`, `CORRECT`, `HELP`, `HOME`, `VOICE`, `SAY_AGAIN`
            or `HUSH`.
        action: the screen's action (default: the usual one of that id).
        description: the footer label (default: the usual one).
        tooltip: the help line (default: the usual one).
        options: other `Binding` fields (``show``, ``priority``, ``key_display``...).
    """
    default_action, label, line = DEFAULTS[binding_id]
    return Binding(
        KEYS[binding_id],
        action or default_action,
        description if description is not None else label,
        tooltip=tooltip if tooltip is not None else line,
        id=binding_id,
        **options,
    )


def undo(action: str = "undo", description: str = "Undo", **options: Any) -> Binding:
    """`z`: take back the last step."""
    return shared(UNDO, action, description, **options)


def redo(action: str = "redo", description: str = "Redo", **options: Any) -> Binding:
    """`y`: bring back an undone step."""
    return shared(REDO, action, description, **options)


def log(action: str = "log", description: str = "Log", **options: Any) -> Binding:
    """`g`: the move log."""
    return shared(LOG, action, description, **options)


def correct(action: str = "correct", description: str = "Fix", **options: Any) -> Binding:
    """`x`: a manual correction."""
    return shared(CORRECT, action, description, **options)


def help_key(action: str = "help", description: str = "Help", **options: Any) -> Binding:
    """`f1` and `?`: the help of the screen on top."""
    return shared(HELP, action, description, **options)


def home(action: str = "app.home", description: str = "Home", **options: Any) -> Binding:
    """`escape`: cancel what is open, else back / home."""
    return shared(HOME, action, description, **options)


def voice_keys() -> list[Binding]:
    """`v`, `r` and `.` of every game screen: the spoken moves on / off, say the last step
    again, stop speaking (the actions of `companion.tui.voice.SpeaksMoves`). Only `v` is in
    the footer; the other two are in the help and the menu."""
    return [
        shared(VOICE),
        shared(SAY_AGAIN, show=False),
        shared(HUSH, show=False, key_display="."),
    ]


def _key_text(screen: Screen[Any], binding: Binding, key: str) -> str:
    """How a key is written in the help (a single key's ``key_display``, else Textual's name)."""
    if binding.key_display:
        return binding.key_display
    try:
        shown = screen.app.get_key_display(binding.with_key(key))
    except Exception as error:  # the help shows the key's own name
        caught(error, f"the name of the key {key}")
        shown = key
    return shown.upper() if len(shown) <= 3 and shown[:1] == "f" and shown[1:].isdigit() else shown


def key_rows(screen: Screen[Any]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The (keys, what they do) rows of ``screen``'s active bindings: its own, then the app's.

    A binding shows in the help when it has a help line (``tooltip``) or a
    footer label; keys of one action are written together (``z, ctrl+z``).
    """
    own: dict[tuple[int, str], tuple[list[str], str]] = {}
    app_rows: dict[tuple[int, str], tuple[list[str], str]] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        text = binding.tooltip or binding.description
        if not text or binding.action in NOT_FOR_PLAYERS:
            continue
        text = binding_text(text)
        everywhere = active.node is screen.app or binding in _TEXTUAL_SCREEN_BINDINGS
        target = app_rows if everywhere else own
        slot = target.setdefault((id(active.node), binding.action), ([], text))
        shown = _key_text(screen, binding, key)
        if shown not in slot[0]:
            slot[0].append(shown)
    return (
        [(", ".join(keys), text) for keys, text in own.values()],
        [(", ".join(keys), text) for keys, text in app_rows.values()],
    )


def _table(rows: list[tuple[str, str]]) -> str:
    key, does = pgettext("help table", "Key"), pgettext("help table", "Does")
    lines = [f"| {key} | {does} |", "|---|---|"]
    lines += [f"| {keys.replace('|', '/')} | {text.replace('|', '/')} |" for keys, text in rows]
    return "\n".join(lines)


def help_markdown(screen: Screen[Any]) -> str:
    """The F1 help of ``screen``: its keys (from its bindings), the app's keys, its rule text.

    The screen's ``HELP`` (Markdown) comes first up to its first ``## `` section
    (the title and the introduction), then the generated keys, then the rest.
    """
    own_help = getattr(screen, "HELP", "")
    text = _(own_help) if isinstance(own_help, str) and own_help else _("# Help\n")
    own, app_rows = key_rows(screen)
    keys = ""
    if own:
        keys += "\n## " + _("Keys of this screen") + "\n\n" + _table(own) + "\n"
    if app_rows:
        keys += "\n## " + _("Keys everywhere") + "\n\n" + _table(app_rows) + "\n"
    head, marker, rest = text.partition("\n## ")
    return head.rstrip() + "\n" + keys + (("\n## " + rest) if marker else "")
