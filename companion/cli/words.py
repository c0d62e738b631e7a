"""The command line's own words through the catalog: click's messages and our help texts.

click reads its messages ("Usage:", "Options:", "Show this message and exit.", "Error:
No such option ...") through Python's ``gettext`` module (``from gettext import gettext
as _`` in each of its modules). :func:`install` points those names at our catalog, so
click speaks the player's language as every other text does; the English texts are
marked below (``N_``) so that Babel extracts them into our template.

:class:`Command` and :class:`Group` translate a command's help (its ``help=`` text or
docstring), its options' help and metavars when they are shown, never at import: the
language is read when the help is printed.
"""

from __future__ import annotations

import copy
import inspect
import sys
from typing import Any

import click

from companion.core import catalog
from companion.core.catalog import N_, _

# click's modules that call ``_``/``ngettext`` when a text is shown (not
# ``click.decorators``: it reads its default helps when a command is defined, and
# :class:`Command` translates every option's help when it is shown; ``click._termui_impl`` and
# ``click.shell_completion`` are imported by click only when they are used: patched if
# they are loaded, and their messages never reach our commands otherwise).
_CLICK_MODULES = (
    "click.core",
    "click.exceptions",
    "click.formatting",
    "click.parser",
    "click.types",
    "click.termui",
    "click.utils",
    "click.shell_completion",
    "click._termui_impl",
)

# click's messages as click 8 writes them (for the catalog's template; click looks them
# up by these exact English texts).
CLICK_MESSAGES = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"),
    N_("Missing command."),
    N_("Aborted!"),
    N_("deprecated"),
    N_("env var: {var}"),
    N_("default: {default}"),
    N_("(dynamic)"),
    N_("required"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing parameter: {param_name}"),
    N_("Missing {param_type}"),
    N_("unknown error"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Could not open file {filename!r}: {message}"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("Argument {name!r} takes {nargs} values."),
    N_("Invalid start character for option ({option})"),
    N_("Do you want to continue?"),
    N_("Confirm the action without prompting."),
    N_("Press any key to continue..."),
    N_("Repeat for confirmation"),
    N_("Error: The two entered values do not match."),
    N_("Error: invalid input"),
    N_("Choose from:\n\t{choices}"),
    N_("Choice({choices})"),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value!r} is not a valid UUID."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("{name} {filename!r} is not executable."),
    N_("{name} {filename!r} does not exist."),
    N_("Value must be an iterable."),
    # the metavars click makes from a parameter's type, and its usage pieces
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
    N_("TEXT"),
    N_("INTEGER"),
    N_("INTEGER RANGE"),
    N_("FLOAT"),
    N_("BOOLEAN"),
    N_("PATH"),
    N_("FILE"),
    N_("FILENAME"),
    N_("DIRECTORY"),
)
CLICK_PLURALS = (
    (N_("Got unexpected extra argument ({args})"), N_("Got unexpected extra arguments ({args})")),
    (N_("Takes {nargs} values but 1 was given."), N_("Takes {nargs} values but {len} were given.")),
    (N_("Did you mean {possibility}?"), N_("(Did you mean one of: {possibilities}?)")),
    (
        N_("Option {name!r} requires an argument."),
        N_("Option {name!r} requires {nargs} arguments."),
    ),
    (N_("{value!r} is not {choice}."), N_("{value!r} is not one of {choices}.")),
)


def install() -> None:
    """Have click read its messages from our catalog (idempotent; call at start-up)."""
    for name in _CLICK_MODULES:
        module = sys.modules.get(name)
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = catalog._  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = catalog.ngettext  # type: ignore[attr-defined]


def _shown(param: click.Parameter, ctx: click.Context) -> click.Parameter:
    """A copy of ``param`` as the help shows it: its help and metavar translated (the
    choices of a ``Choice`` are what the player types, kept as they are)."""
    shown = copy.copy(param)
    text = getattr(param, "help", None)
    if text:
        # Parameter.help is an Option attribute before click 8.5, a Parameter one after.
        setattr(shown, "help", _(inspect.cleandoc(text)))  # noqa: B010
    if isinstance(param.type, click.Choice):
        return shown
    if isinstance(param, click.Argument) and param.metavar is None:
        # click names an argument by its name, upper-cased ("SAVE"), in brackets when it
        # may be left out, with "..." when it takes many: the name is the message
        name = _(param.type.get_metavar(param=param, ctx=ctx) or (param.name or "").upper())
        optional = name if param.required else f"[{name}]"
        shown.metavar = optional if param.nargs == 1 else optional + "..."
    else:
        shown.metavar = _(param.make_metavar(ctx))
    return shown


class Command(click.Command):
    """A click command whose help, options' help and metavars are read in the player's
    language when they are shown."""

    @property
    def help(self) -> str | None:
        """The help text in the player's language (the English text is the message id)."""
        raw: str | None = self.__dict__.get("_english_help")
        return None if raw is None else _(inspect.cleandoc(raw))

    @help.setter
    def help(self, value: str | None) -> None:
        self.__dict__["_english_help"] = value

    @property
    def short_help(self) -> str | None:
        """The one-line help in the player's language, if one was given."""
        raw: str | None = self.__dict__.get("_english_short_help")
        return None if raw is None else _(inspect.cleandoc(raw))

    @short_help.setter
    def short_help(self, value: str | None) -> None:
        self.__dict__["_english_short_help"] = value

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage line's pieces, ``[OPTIONS]`` and the metavars translated."""
        pieces = [_(self.options_metavar)] if self.options_metavar else []
        for param in self.get_params(ctx):
            pieces.extend(_shown(param, ctx).get_usage_pieces(ctx))
        return pieces

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The Options section, each option's help and metavar translated. An argument
        without a help of its own has no row (its name is in the usage line): as click
        before 8.5.1 shows it, so the help is the same on every click 8."""
        rows = []
        for param in self.get_params(ctx):
            if isinstance(param, click.Argument) and not getattr(param, "help", None):
                continue
            row = _shown(param, ctx).get_help_record(ctx)
            if row is not None:
                rows.append(row)
        if rows:
            with formatter.section(_("Options")):
                formatter.write_dl(rows)


class Group(Command, click.Group):
    """A click group translated as :class:`Command`; its subcommands are such commands."""

    command_class = Command
    group_class = type  # a subgroup is of the group's own class

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage line's pieces, the subcommand's metavar translated."""
        pieces = Command.collect_usage_pieces(self, ctx)
        if self.subcommand_metavar:
            pieces.append(_(self.subcommand_metavar))
        return pieces

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The Options section, then the Commands section."""
        Command.format_options(self, ctx, formatter)
        self.format_commands(ctx, formatter)


def command(**attrs: Any) -> Any:
    """``click.command`` making a translated :class:`Command`."""
    return click.command(cls=Command, **attrs)
