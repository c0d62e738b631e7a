"""The house's size rules: functions of at most 80 lines, so a newcomer can read any piece
at once.

There is no limit on a module's lines: a module is as long as the one job it does. A line
limit on modules is what bent the design: to stay under it, screens were cut into mixins
whose ``raise NotImplementedError`` stubs stood for the other half's methods (one screen
read in two files, its halves bound by names mypy could not check).
"""

from __future__ import annotations

import ast
from pathlib import Path

import companion

PACKAGE = Path(companion.__file__).resolve().parent
FUNCTION_LINES = 80


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_package_has_modules_to_check():
    assert len(_modules()) > 50


def test_no_function_is_over_80_lines():
    long: dict[str, int] = {}
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                size = node.end_lineno - node.lineno + 1
                if size > FUNCTION_LINES:
                    long[f"{path.relative_to(PACKAGE)}:{node.name}"] = size
    assert not long, long
