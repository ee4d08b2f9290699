"""The services take typed values at their boundary: no parameter of a function in
``scorekeeper/services`` is annotated with ``Any``, not even inside another type
(``dict[str, Any]``, ``Callable[[Any], None]``).

A value a client sent and the service checks is ``object`` (so the type checker proves each
use is narrowed first); a row is its model; a hand, a pair, a total is its own type.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper.services

SERVICES = Path(scorekeeper.services.__file__).parent
FILES = sorted(SERVICES.glob("*.py"))


def _mentions_any(annotation: ast.expr) -> bool:
    """Whether ``Any`` (bare, ``typing.Any`` or in a string annotation) appears anywhere in it."""
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name) and node.id == "Any":
            return True
        if isinstance(node, ast.Attribute) and node.attr == "Any":
            return True
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _mentions_any(ast.parse(node.value, mode="eval").body):
                return True
    return False


def any_parameters(source: str, filename: str = "<source>") -> list[str]:
    """``file:line function(parameter)`` for each parameter annotated with ``Any``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        args = node.args
        every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
        every += [a for a in (args.vararg, args.kwarg) if a is not None]
        name = getattr(node, "name", "<lambda>")
        found += [f"{filename}:{a.lineno} {name}({a.arg})"
                  for a in every if a.annotation is not None and _mentions_any(a.annotation)]
    return found


def test_the_checker_sees_any_wherever_it_is_written() -> None:
    source = (
        "from typing import Any\n"
        "import typing\n"
        "def a(x: Any) -> None: ...\n"
        "def b(*, y: dict[str, Any]) -> None: ...\n"
        "def c(z: 'Mapping[str, Any]') -> None: ...\n"
        "def d(*w: typing.Any) -> None: ...\n"
        "class K:\n"
        "    def e(self, f: Callable[[Any], int] | None = None) -> None: ...\n"
        "def fine(g: object, h: dict[str, object]) -> Any: ...\n"
    )
    assert any_parameters(source) == [
        "<source>:3 a(x)", "<source>:4 b(y)", "<source>:5 c(z)", "<source>:6 d(w)",
        "<source>:8 e(f)",
    ]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_service_parameter_is_any(path: Path) -> None:
    assert any_parameters(path.read_text(encoding="utf-8"), path.name) == []
