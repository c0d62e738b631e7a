"""The package's modules, each read and parsed once a test process, for the tests that
check the source itself (the house's size rules, the broad ``except``s). Parsing every
module of the package took about half a second of CPU; each of those tests parsed all of
them again. The trees are shared: a test reads them, never changes them. Their nodes are
listed once too (:func:`nodes`): each test walked every tree again (``ast.walk``, about
0.2 s of CPU a walk of the package)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import companion

PACKAGE = Path(companion.__file__).resolve().parent


@cache
def modules() -> tuple[Path, ...]:
    """Every module of the package, in path order."""
    return tuple(sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts))


@cache
def tree(path: Path) -> ast.Module:
    """The parsed module at ``path`` (one of :func:`modules`)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of :func:`tree` ``(path)``, in ``ast.walk``'s order."""
    return tuple(ast.walk(tree(path)))
