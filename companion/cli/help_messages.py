"""Babel's extractor for the command line's modules: the catalog's usual messages, and the
help click shows.

A command's help is its docstring or its ``help=`` text, an option's help its ``help=`` and
its ``metavar=``: :mod:`companion.cli.words` translates them when they are shown, by their
English text. They are not ``_()`` calls, so Babel's Python extractor does not see them;
this one yields them beside everything that one finds (``babel.cfg`` names it for
``companion/cli``). A docstring is yielded as click shows it (``inspect.cleandoc``, up to a
form feed), which is the message id :class:`~companion.cli.words.Command` looks up.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

# The calls that make a command or a parameter: ``click.option(...)``, ``@group.command(...)``.
_MAKERS = frozenset({"command", "group", "option", "argument"})
_TEXT_KEYWORDS = ("help", "short_help", "metavar")

# what a Babel extractor yields: (line, function name, message(s), comments)
Extracted = tuple[int, str | None, str | tuple[str, ...], list[str]]


def _maker_name(node: ast.AST) -> str | None:
    """``option`` for ``click.option(...)`` or ``option(...)``; None for any other call."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name if name in _MAKERS else None


def _texts_of(node: ast.Call) -> Iterator[tuple[int, str]]:
    """The help and metavar texts given to a command or parameter maker."""
    for keyword in node.keywords:
        value = keyword.value
        if (
            keyword.arg in _TEXT_KEYWORDS
            and isinstance(value, ast.Constant)
            and isinstance(value.value, str)
            and value.value
        ):
            yield value.lineno, value.value


def _argument_name(node: ast.Call) -> Iterator[tuple[int, str]]:
    """An argument without a metavar is shown by its name in capitals (``SAVE``)."""
    if _maker_name(node) != "argument" or any(k.arg == "metavar" for k in node.keywords):
        return
    first = node.args[0] if node.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        yield first.lineno, first.value.replace("-", "_").upper()


def help_texts(source: str) -> Iterator[tuple[int, str]]:
    """The help texts of the commands and options defined in ``source``, with their line."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _maker_name(node) is not None:
            yield from _texts_of(node)
            yield from _argument_name(node)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            makers = [d for d in node.decorator_list if _maker_name(d) in ("command", "group")]
            doc = ast.get_docstring(node, clean=False)
            if makers and doc:
                yield node.lineno, inspect.cleandoc(doc).partition("\f")[0]


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: dict[str, Any],
) -> Iterator[Extracted]:
    """Babel's extractor: what its Python extractor finds, then the help texts."""
    from babel.messages.extract import extract_python

    source = fileobj.read()
    fileobj.seek(0)
    # (Babel types its extractors' results as its own outer ones: the same tuples, read as
    # line, function name, messages, comments)
    yield from extract_python(  # type: ignore[misc]
        fileobj,
        keywords,
        comment_tags,
        options,  # type: ignore[arg-type]  # Babel's options are a TypedDict of strings
    )
    encoding = options.get("encoding", "utf-8")
    for lineno, text in help_texts(source.decode(encoding)):
        yield lineno, None, text, []
