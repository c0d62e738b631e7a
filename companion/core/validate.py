"""One reader for typed values in TOML and JSON tables: decks, situations, events, options, saves.

Every check raises :class:`~companion.core.errors.InputError` naming the file,
the item and the field it was reading (``decks/x.toml: card S7: camping: 3
must be true or false``). Two readers: :class:`Reader` checks values one by
one (deck files, situation files, events, typed answers), :class:`Fields`
the fields of one table (saves). The rules shared by every reader:

- a bool is not an int (TOML ``true`` is never the number 1);
- a number typed as text has ASCII digits only (``"²"`` or ``"٣"`` are not
  numbers, though :meth:`str.isdigit` says they are);
- a table nested deeper than :data:`MAX_DEPTH` is refused before anything
  walks it recursively;
- a value is shown in a message as the file writes it (:func:`shown`: ``true``,
  not Python's ``True``), in ASCII, on one line and cut when long.

Standard library only, so that light commands (a game's `decide`)
can use it without slowing their start-up (docs/performance.md).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard, TypeVar

from companion.core.catalog import N_, _, say
from companion.core.errors import InputError

# Deeper than any file of ours needs (a save event holds a table of answers: depth 4).
MAX_DEPTH = 32
_INTEGER = re.compile(r"[+-]?[0-9]+")
_MISSING = object()
_SHOWN_MAX = 40

# How a reader words a value it refuses ({value}: the value shown, {expected}: what it
# should be). Each file format keeps the wording of its docs (deck files: MUST_BE,
# situation files: IS_NOT).
MUST_BE = N_("{value} must be {expected}")
IS_NOT = N_("{value} is not {expected}")

T = TypeVar("T")


def type_name(value: object) -> str:
    """The TOML/JSON name of a value's type, for messages ("a table", "true or false")."""
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int):
        return _("a whole number")
    if isinstance(value, float):
        return _("a decimal number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, Mapping):
        return _("a table")
    if isinstance(value, list | tuple):
        return _("a list")
    return type(value).__name__


def shown(value: object) -> str:
    """A value as a message shows it: as TOML writes it (``true``; a table as "a table"),
    in ASCII on one line, cut to 40 characters."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return _("a table")
    text = ascii(value)
    return text if len(text) <= _SHOWN_MAX else text[: _SHOWN_MAX - 3] + "..."


def within(value: int, minimum: int | None = None, maximum: int | None = None) -> bool:
    """Whether ``value`` is from ``minimum`` to ``maximum`` (a missing bound: no limit)."""
    return (minimum is None or value >= minimum) and (maximum is None or value <= maximum)


def whole_number_words(minimum: int | None = None, maximum: int | None = None) -> str:
    """ "a whole number from 0 to 4" (or "a whole number" without both bounds)."""
    if minimum is None or maximum is None:
        return _("a whole number")
    return say("a whole number from {minimum} to {maximum}", minimum=minimum, maximum=maximum)


def parse_int(
    text: str, *, file: str | None = None, item: str | None = None, field: str | None = None
) -> int:
    """A whole number typed as text: an optional sign and ASCII digits only; InputError otherwise."""
    value = str(text).strip()
    if not _INTEGER.fullmatch(value):
        problem = say("{text!r} is not a whole number", text=text)
        raise InputError(problem, file=file, item=item, field=field)
    return int(value)


def yes_or_no(text: str) -> bool | None:
    """A yes/no answer typed as text: True for yes, y, true; False for no, n, false (any
    case); None for anything else."""
    lowered = str(text).strip().lower()
    if lowered in ("yes", "y", "true"):
        return True
    if lowered in ("no", "n", "false"):
        return False
    return None


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an integer and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(
    value: object, *, file: str | None = None, item: str | None = None, field: str | None = None
) -> int:
    """A whole number given as a number or typed as text (as a shell passed it on); InputError
    for anything else, a bool or 2.5 included."""
    if is_int(value):
        return value
    if isinstance(value, str):
        return parse_int(value, file=file, item=item, field=field)
    problem = say("{value} is not a whole number", value=shown(value))
    raise InputError(problem, file=file, item=item, field=field)


def check_depth(value: object, limit: int = MAX_DEPTH, *, file: str | None = None) -> None:
    """Refuse tables and lists nested deeper than ``limit`` (checked without recursion)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        current, depth = stack.pop()
        if isinstance(current, Mapping):
            children = list(current.values())
        elif isinstance(current, list | tuple):
            children = list(current)
        else:
            continue
        if depth >= limit:
            raise InputError(say("nested more than {limit} levels deep", limit=limit), file=file)
        stack.extend((child, depth + 1) for child in children)


@dataclass(frozen=True)
class Reader:
    """Checks of the values read from one file and item: each error names them and the field.

    ``form`` words a refused value (:data:`MUST_BE`: ``5 must be a whole number
    from 0 to 4``; :data:`IS_NOT`: ``7 is not a die face 1-6``). A list entry is
    named by its field and position, counted from 1 (``add_in[2].black``).
    """

    file: str | None = None
    item: str | None = None
    form: str = MUST_BE

    def at(self, item: str | None) -> Reader:
        """The same reader for another item of the file."""
        return Reader(self.file, item, self.form)

    def error(self, field: str | None, problem: str) -> InputError:
        """An InputError about ``field`` (None: the item itself)."""
        return InputError(problem, file=self.file, item=self.item, field=field)

    def refuse(self, value: object, field: str | None, expected: str) -> InputError:
        """The error for ``value`` of ``field`` that is not ``expected``, in this reader's form."""
        return self.error(field, say(self.form, value=shown(value), expected=expected))

    def whole_number(
        self,
        value: object,
        field: str | None,
        minimum: int | None = None,
        maximum: int | None = None,
        expected: str = "",
    ) -> int:
        """A whole number (never a bool) from ``minimum`` to ``maximum`` when given;
        ``expected`` words it in the error (default: "a whole number from MIN to MAX")."""
        if not is_int(value) or not within(value, minimum, maximum):
            raise self.refuse(value, field, expected or whole_number_words(minimum, maximum))
        return value

    def flag(self, value: object, field: str | None) -> bool:
        """True or false (never 0, 1 or "yes")."""
        if not isinstance(value, bool):
            raise self.refuse(value, field, _("true or false"))
        return value

    def choice(self, value: object, field: str | None, allowed: Collection[str]) -> str:
        """One of ``allowed`` (text, exactly as listed)."""
        if not isinstance(value, str) or value not in allowed:
            problem = say(
                "{value} is not one of {allowed}", value=shown(value), allowed=", ".join(allowed)
            )
            raise self.error(field, problem)
        return value

    def _of(self, kind: type[T], value: object, field: str | None, expected: str, why: str) -> T:
        """``value`` if it is a ``kind``; else refused in this reader's form when ``expected``
        is given (``[2, 6] is not a table (expected ...)``), else in the fixed words ``why``."""
        if not isinstance(value, kind):
            raise self.refuse(value, field, expected) if expected else self.error(field, _(why))
        return value

    def text(
        self,
        value: object,
        field: str | None,
        expected: str = "",
        why: str = N_("must be a string"),
    ) -> str:
        """Text."""
        return self._of(str, value, field, expected, why)

    def name(self, value: object, field: str | None) -> str:
        """Text that is not empty (an id or a name)."""
        text = self._of(str, value, field, "", N_("must be a non-empty string"))
        if not text:
            raise self.error(field, _("must be a non-empty string"))
        return text

    def table(
        self,
        value: object,
        field: str | None,
        expected: str = "",
        why: str = N_("expected a table"),
    ) -> dict[str, Any]:
        """A table (a copy)."""
        return dict(self._of(dict, value, field, expected, why))

    def items(
        self, value: object, field: str | None, expected: str = "", why: str = N_("expected a list")
    ) -> list[Any]:
        """A list (a copy)."""
        return list(self._of(list, value, field, expected, why))

    def known_keys(self, value: Mapping[str, Any], keys: Collection[str], problem: str) -> None:
        """Refuse the first key of ``value`` not in ``keys``: ``KEY: problem``."""
        for key in value:
            if key not in keys:
                raise self.error(key, problem)


@dataclass(frozen=True)
class Fields:
    """The fields of one table, read with checks that name ``file``, ``item`` and the field.

    ``Fields(data, file="decks/x.toml", item="card S7").integer("bazaar", 1, 4)``
    """

    data: Mapping[str, Any]
    file: str | None = None
    item: str | None = None

    @classmethod
    def of(cls, value: object, *, file: str | None = None, item: str | None = None) -> Fields:
        """The fields of ``value``, which must be a table (InputError naming ``item`` if not)."""
        if not isinstance(value, Mapping):
            problem = say("expected a table, got {type}", type=type_name(value))
            raise InputError(problem, file=file, item=item)
        return cls(value, file, item)

    def error(self, field: str, problem: str) -> InputError:
        """An InputError about ``field`` of this table."""
        return InputError(problem, file=self.file, item=self.item, field=field)

    def _get(self, name: str, default: object) -> object:
        if name in self.data:
            return self.data[name]
        if default is _MISSING:
            raise self.error(name, _("missing"))
        return default

    def has(self, name: str) -> bool:
        """Whether the table has the field ``name``."""
        return name in self.data

    def integer(
        self,
        name: str,
        minimum: int | None = None,
        maximum: int | None = None,
        default: object = _MISSING,
    ) -> int:
        """A whole number (never a bool), within ``minimum``..``maximum`` when given."""
        value = self._get(name, default)
        if not is_int(value):
            raise self.error(
                name, say("expected a whole number, got {type}", type=type_name(value))
            )
        if not within(value, minimum, maximum):
            low = "" if minimum is None else str(minimum)
            high = "" if maximum is None else str(maximum)
            problem = say(
                "{value} is not from {low} to {high}",
                value=value,
                low=low or "...",
                high=high or "...",
            )
            raise self.error(name, problem)
        return value

    def text(self, name: str, default: object = _MISSING, choices: tuple[str, ...] = ()) -> str:
        """A text value, one of ``choices`` when given."""
        value = self._get(name, default)
        if not isinstance(value, str):
            raise self.error(name, say("expected text, got {type}", type=type_name(value)))
        if choices and value not in choices:
            problem = say(
                "{value!r} is not one of {allowed}", value=value, allowed=", ".join(choices)
            )
            raise self.error(name, problem)
        return value

    def flag(self, name: str, default: object = _MISSING) -> bool:
        """A true/false value (never 0 or 1)."""
        value = self._get(name, default)
        if not isinstance(value, bool):
            raise self.error(name, say("expected true or false, got {type}", type=type_name(value)))
        return value

    def table(self, name: str, default: object = _MISSING) -> dict[str, Any]:
        """A table (a copy of it)."""
        value = self._get(name, default)
        if not isinstance(value, Mapping):
            raise self.error(name, say("expected a table, got {type}", type=type_name(value)))
        return dict(value)

    def tables(self, name: str, default: object = _MISSING) -> list[dict[str, Any]]:
        """A list of tables (copies)."""
        value = self._get(name, default)
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            raise self.error(name, _("expected a list of tables"))
        return [dict(v) for v in value]

    def texts(self, name: str, default: object = _MISSING) -> list[str]:
        """A list of text values (never a single text split into letters)."""
        value = self._get(name, default)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(
                name, say("expected a list of text values, got {type}", type=type_name(value))
            )
        return list(value)
