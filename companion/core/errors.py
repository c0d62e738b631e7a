"""The errors the engines raise for bad input; the shells print them as one line."""

from __future__ import annotations


class CompanionError(Exception):
    """Any error the user caused and can fix: printed as one line, CLI exit status 2."""


class InputError(CompanionError):
    """A malformed file or value, located as precisely as we can.

    The message reads ``FILE: ITEM: FIELD: problem`` with the parts that are
    known, e.g. ``decks/x.toml: card S7: black_action: 'comodity' is not one
    of commodity, ...``.
    """

    def __init__(
        self,
        problem: str,
        *,
        file: str | None = None,
        item: str | None = None,
        field: str | None = None,
    ) -> None:
        self.problem = problem
        self.file = file
        self.item = item
        self.field = field
        super().__init__(self.line())

    def line(self) -> str:
        """The one-line message: the known location parts, then the problem."""
        parts = [p for p in (self.file, self.item, self.field) if p]
        return ": ".join([*parts, self.problem])


class NotToml(InputError):
    """A file that is not valid TOML (damaged, or not text): ``detail`` is the parser's own
    words, for a message that says what kind of file is damaged."""

    def __init__(self, problem: str, detail: str, *, file: str | None = None) -> None:
        self.detail = detail
        super().__init__(problem, file=file)


class SaveError(CompanionError):
    """A save file that cannot be read, or a game command that cannot apply to it."""


class SaveExists(SaveError):
    """A new game would replace an existing save (the caller did not allow replacing it).

    The message names the save only: how to allow it is the shell's word (the CLI's
    ``--force``).
    """


class ConflictError(CompanionError):
    """Another screen or program changed (or is changing) the save: nothing was changed.

    The save is not at the revision the command expected (``--revision``), or its
    lock could not be taken in time. CLI exit status 4.
    """
