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

#: Reads the services' source: the PostgreSQL run of .ci/run leaves it out.
pytestmark = pytest.mark.no_database

SERVICES = Path(scorekeeper.services.__file__).parent
FILES = sorted(SERVICES.rglob("*.py"))


def _mentions_any(annotation: ast.expr) -> bool:
    """Whether ``Any`` (bare, ``typing.Any``, or in a quoted annotation) appears anywhere in
    it; the texts a ``Literal[...]`` holds are values, not types."""
    if isinstance(annotation, ast.Name):
        return annotation.id == "Any"
    if isinstance(annotation, ast.Attribute):
        return annotation.attr == "Any"
    if isinstance(annotation, ast.Subscript):
        base = annotation.value
        if isinstance(base, ast.Name | ast.Attribute) and (
                getattr(base, "id", None) == "Literal" or getattr(base, "attr", None) == "Literal"):
            return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return _mentions_any(ast.parse(annotation.value.strip(), mode="eval").body)
    return any(_mentions_any(child) for child in ast.iter_child_nodes(annotation)
               if isinstance(child, ast.expr))


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
        "def fine(g: object, h: dict[str, object], i: Literal['Any', 'a b']) -> Any: ...\n"
    )
    assert any_parameters(source) == [
        "<source>:3 a(x)", "<source>:4 b(y)", "<source>:5 c(z)", "<source>:6 d(w)",
        "<source>:8 e(f)",
    ]


def test_every_service_module_is_read() -> None:
    assert {"games.py", "record.py", "desk.py", "tournaments.py"} <= {p.name for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_service_parameter_is_any(path: Path) -> None:
    name = str(path.relative_to(SERVICES))
    assert any_parameters(path.read_text(encoding="utf-8"), name) == []
