"""No broad ``except`` swallows what it caught: each re-raises, logs it through
``companion.core.debug.caught`` (the traceback with COMPANION_DEBUG=1), or prints it
itself (the command line's one error line, the server's log)."""

from __future__ import annotations

import ast
import logging

import pytest
from package_source import PACKAGE, modules, tree

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


def test_every_broad_except_raises_again_or_logs_what_it_caught() -> None:
    """Walks every module of the package: a broad handler that neither raises nor calls
    ``caught`` is a bug hidden for good (a game's outcome failing showed as "no history")."""
    silent = []
    for path in modules():
        for function in ast.walk(tree(path)):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            where = (str(path.relative_to(PACKAGE)), function.name)
            for node in ast.walk(function):
                if (
                    isinstance(node, ast.ExceptHandler)
                    and _broad(node)
                    and not _says(node)
                    and where not in REPORTS_ITSELF
                ):
                    silent.append(f"{where[0]}:{node.lineno} ({function.name})")
    assert not silent, silent


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
