"""No broad ``except`` swallows what it caught: each re-raises, logs it through
``companion.core.debug.caught`` (the traceback with COMPANION_DEBUG=1), or prints it
itself (the command line's one error line, the server's log)."""

from __future__ import annotations

import ast
import logging
from collections.abc import Sequence

import pytest
from package_source import PACKAGE, modules, nodes

from companion.core import session
from companion.core.debug import caught
from companion.core.journal import Journal

# One worker parses the package once for this and tests/engine/test_house_limits.py.
pytestmark = pytest.mark.xdist_group("package_source")
BROAD = {"Exception", "BaseException"}
# Handlers that say what they caught themselves, with the traceback when debugging.
REPORTS_ITSELF = {
    ("cli/common.py", "guarded"),
    ("cli/common.py", "wrapper"),
    ("web/server.py", "run_session"),
}


def _broad(handler: ast.ExceptHandler) -> bool:
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return handler.type is None or any(
        isinstance(n, ast.Name) and n.id in BROAD for n in names if n is not None
    )


def _says(handler: ast.ExceptHandler) -> bool:
    """Whether the handler raises again or logs what it caught."""
    for node in ast.walk(handler):
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "caught":
            return True
    return False


def _within(inner: ast.AST, outer: ast.AST) -> bool:
    """Whether the source of ``inner`` lies inside that of ``outer`` (in its tree: nested)."""
    return (outer.lineno, outer.col_offset) <= (inner.lineno, inner.col_offset) and (
        inner.end_lineno or 0,
        inner.end_col_offset or 0,
    ) <= (outer.end_lineno or 0, outer.end_col_offset or 0)


def silent_handlers(module: str, tree_nodes: Sequence[ast.AST]) -> list[str]:
    """The broad handlers among ``tree_nodes`` (every node of the tree of ``module``) that
    neither raise nor call ``caught``, as "module:line (function)", by line: a handler is
    checked for each function it is in (the outermost first), and one of them that does
    not report its errors itself (``REPORTS_ITSELF``) is enough to name it.

    The functions around a handler are those whose source holds it: no walk of each
    function's subtree (which walked a nested function's again for each function around
    it), only the nodes the house limits' checks list too (``package_source.nodes``)."""
    functions = [n for n in tree_nodes if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    handlers = [
        n for n in tree_nodes if isinstance(n, ast.ExceptHandler) and _broad(n) and not _says(n)
    ]
    silent = []
    for node in sorted(handlers, key=lambda n: (n.lineno, n.col_offset)):
        around = sorted(
            (f for f in functions if _within(node, f)), key=lambda f: (f.lineno, f.col_offset)
        )
        silent += [
            f"{module}:{node.lineno} ({function.name})"
            for function in around
            if (module, function.name) not in REPORTS_ITSELF
        ]
    return silent


def test_every_broad_except_raises_again_or_logs_what_it_caught() -> None:
    """Walks every module of the package: a broad handler that neither raises nor calls
    ``caught`` is a bug hidden for good (a game's outcome failing showed as "no history")."""
    silent = [
        found
        for path in modules()
        for found in silent_handlers(str(path.relative_to(PACKAGE)), nodes(path))
    ]
    assert not silent, silent


def test_a_silent_handler_is_found_in_any_function_it_is_in() -> None:
    """The check names a silent broad handler for each function around it, nested ones
    too, but not for a function that reports its errors itself; a narrow handler, one
    that raises again and one that calls ``caught`` are not silent; nor is one outside any
    function."""
    source = ast.parse(
        """
def outer():
    def inner():
        try:
            pass
        except Exception:
            return None
    try:
        pass
    except (ValueError, BaseException):
        pass
    try:
        pass
    except ValueError:
        pass

async def guarded():
    def wrapper():
        try:
            pass
        except:
            pass
    try:
        pass
    except Exception as error:
        caught(error, "here")
    try:
        pass
    except Exception:
        raise

try:
    pass
except Exception:
    pass
"""
    )
    assert silent_handlers("cli/common.py", tuple(ast.walk(source))) == [
        "cli/common.py:6 (outer)",
        "cli/common.py:6 (inner)",
        "cli/common.py:10 (outer)",
    ]
    assert silent_handlers("other.py", tuple(ast.walk(source))) == [
        "other.py:6 (outer)",
        "other.py:6 (inner)",
        "other.py:10 (outer)",
        "other.py:21 (guarded)",
        "other.py:21 (wrapper)",
    ]


def test_a_status_line_that_cannot_be_made_is_logged_not_lost(caplog) -> None:
    """The resume list's line of a save its engine cannot replay keeps the saved line, and
    the log says what failed and where."""
    journal = Journal("euphoria", 1, {"difficulty": "no-such-level"}, summary="as saved")
    with caplog.at_level(logging.WARNING, logger="companion"):
        assert session.status_line(journal) == "as saved"
    assert "the status line of a euphoria game" in caplog.text


def test_debugging_logs_the_traceback(monkeypatch, caplog) -> None:
    """With COMPANION_DEBUG=1 the caught error comes with its traceback."""
    monkeypatch.setenv("COMPANION_DEBUG", "1")
    try:
        raise ValueError("broken")
    except ValueError as error:
        with caplog.at_level(logging.WARNING, logger="companion"):
            caught(error, "a test")
    [record] = caplog.records
    assert record.exc_info is not None and record.exc_info[0] is ValueError
    assert "a test: caught ValueError: broken" in record.getMessage()


@pytest.mark.parametrize("debug", ["", "1"])
def test_without_debugging_no_traceback(monkeypatch, caplog, debug: str) -> None:
    """Quiet by default: the message alone."""
    monkeypatch.setenv("COMPANION_DEBUG", debug)
    with caplog.at_level(logging.WARNING, logger="companion"):
        caught(KeyError("k"), "somewhere")
    assert (caplog.records[0].exc_info is not None) == bool(debug)
