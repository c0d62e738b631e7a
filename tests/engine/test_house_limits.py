"""The house's size rules: functions of at most 80 lines, so a newcomer can read any piece
at once; and a class whole in one place, never split into halves that stub each other.

There is no limit on a module's lines: a module is as long as the one job it does. A line
limit on modules is what bent the design: to stay under it, screens were cut into mixins
whose ``raise NotImplementedError`` stubs stood for the other half's methods (one screen
read in two files, its halves bound by names mypy could not check). A screen is one class;
a part with a job of its own is a helper object or module the screen composes.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

import pytest
from package_source import PACKAGE, modules, nodes

FUNCTION_LINES = 80
# One worker parses the package once for these and tests/engine/test_debug.py.
pytestmark = pytest.mark.xdist_group("package_source")


def test_the_package_has_modules_to_check():
    assert len(modules()) > 50


def test_no_function_is_over_80_lines():
    long: dict[str, int] = {}
    for path in modules():
        for node in nodes(path):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                size = node.end_lineno - node.lineno + 1
                if size > FUNCTION_LINES:
                    long[f"{path.relative_to(PACKAGE)}:{node.name}"] = size
    assert not long, long


def _raises_not_implemented(statement: ast.stmt) -> bool:
    """Whether ``statement`` is ``raise NotImplementedError`` (with or without a call)."""
    if not isinstance(statement, ast.Raise) or statement.exc is None:
        return False
    raised = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"


def stubs(source: str | Iterable[ast.AST]) -> list[str]:
    """The methods of ``source`` (its text, or the nodes of its tree) whose whole body (a
    docstring aside) is ``raise NotImplementedError``: ``Class.method`` each."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)) if isinstance(source, str) else source:
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if not isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            body = item.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]  # the docstring
            if len(body) == 1 and _raises_not_implemented(body[0]):
                found.append(f"{node.name}.{item.name}")
    return found


def test_a_stub_method_is_found():
    """The check below finds a stub, bare or called, with a docstring or none, a property's
    too; a method that raises after doing something is no stub."""
    source = '''
class Half:
    def drawn(self) -> None:
        raise NotImplementedError

    @property
    def current(self) -> int:
        """The other half's."""
        raise NotImplementedError("the screen's")

    async def later(self) -> None:
        raise NotImplementedError()

    def refused(self, kind: str) -> None:
        if kind:
            raise NotImplementedError(kind)

    def fine(self) -> int:
        return 1


def plain() -> None:
    raise NotImplementedError
'''
    assert stubs(source) == ["Half.drawn", "Half.current", "Half.later"]


def test_no_class_stubs_a_method_another_part_provides():
    """No method is only ``raise NotImplementedError``: a class is whole in its module
    (see the module's docstring), not a mixin standing on another half's stubs."""
    found = {
        str(path.relative_to(PACKAGE)): names for path in modules() if (names := stubs(nodes(path)))
    }
    assert not found, found
