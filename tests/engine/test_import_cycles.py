"""No import cycle among the modules of the engine: each module's imports, walked with ``ast``,
form a graph without a loop. A module that imports a package's ``__init__`` (``from .. import
x``, or a submodule of a package other than its own, which loads that ``__init__`` first) takes
everything the ``__init__`` imports: if that comes back to the module, it is a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper" / "engine"
ROOT = "scorekeeper.engine"


def module_names(root: Path = ENGINE, package: str = ROOT) -> dict[str, Path]:
    """Every module under ``root`` by its dotted name (a package by its own name)."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join([package, *parts])] = path
    return names


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports run when the module runs, wherever they are (a function's run when it is
    called, which may be while the cycle is half loaded); not those only for the type checker."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.If) and _type_checking(node):
            found += _imports(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for field in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                found += _imports([n for n in inner if isinstance(n, ast.stmt)]
                                  + [s for h in inner if isinstance(h, ast.ExceptHandler)
                                     for s in h.body])
    return found


def imports_of(name: str, path: Path, modules: dict[str, Path],
               root: str = ROOT) -> set[str]:
    """The engine modules ``name`` loads by its imports, the ``__init__`` of each package it
    reaches into (but its own) included."""
    is_package = path.name == "__init__.py"
    own = name if is_package else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in _imports(ast.parse(path.read_text(), str(path)).body):
        if isinstance(node, ast.Import):
            bases = [alias.name for alias in node.names]
            subs: list[str] = []
        else:
            if node.level:
                base = own
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            bases = [base]
            subs = [f"{base}.{alias.name}" for alias in node.names]
        for target in [*bases, *subs]:
            if target not in modules:
                continue
            # Names taken from a package whose submodule is imported are the submodule's.
            if target in bases and subs and all(s in modules for s in subs):
                pass
            else:
                targets.add(target)
            # Loading a submodule loads each package above it first, but the root and the
            # packages the importer is already inside.
            parent = target.rpartition(".")[0]
            while parent.startswith(root + ".") and not (own + ".").startswith(parent + "."):
                targets.add(parent)
                parent = parent.rpartition(".")[0]
        for sub in subs:
            if sub in modules:
                targets.add(sub)
    targets.discard(name)
    return targets


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as the modules along it, or ``None``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def engine_graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def test_no_import_cycle_among_the_engine_modules() -> None:
    graph = engine_graph()
    cycle = find_cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])
    # The walk sees the engine's imports: the count reads the rule sets.
    assert f"{ROOT}.rulesets" in graph[f"{ROOT}.scoring"] or any(
        f"{ROOT}.rulesets" in graph[m] for m in graph[f"{ROOT}.scoring"])


SERVICES = ENGINE.parent / "services"


def test_no_import_cycle_among_the_services_modules() -> None:
    # The same walk over the service layer (issue 45): its modules import the engine and the
    # models, never back into one another in a loop.
    root = "scorekeeper.services"
    modules = module_names(SERVICES, root)
    graph = {name: imports_of(name, path, modules, root) for name, path in modules.items()}
    cycle = find_cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])
    # The walk sees the services' imports: the desk's operations go through the write sequence.
    assert f"{root}.writing" in graph[f"{root}.desk"]


def test_the_walk_finds_a_cycle_through_a_package_init(tmp_path: Path) -> None:
    # pkg/__init__.py imports pkg/sub/__init__.py, which imports pkg/sub/a.py; a.py takes a name
    # from pkg's __init__: a cycle through two packages' __init__.
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .sub import A\nX = 1\n")
    (pkg / "sub" / "__init__.py").write_text("from .a import A\n")
    (pkg / "sub" / "a.py").write_text("from .. import X\nA = X\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from .sub.a import A\n")
    modules = module_names(pkg, "pkg")
    graph = {n: imports_of(n, p, modules, "pkg") for n, p in modules.items()}
    assert graph["pkg.b"] == set()  # only for the type checker
    assert find_cycle(graph) == ["pkg", "pkg.sub", "pkg.sub.a", "pkg"]
    # A function's import counts too: it runs while its module's importers may be half loaded.
    (pkg / "sub" / "a.py").write_text("A = 1\ndef late():\n    from ..b import B\n")
    (pkg / "b.py").write_text("from .sub.a import A\nB = A\n")
    (pkg / "__init__.py").write_text("X = 1\n")
    graph = {n: imports_of(n, p, modules, "pkg") for n, p in modules.items()}
    assert find_cycle(graph) == ["pkg.b", "pkg.sub", "pkg.sub.a", "pkg.b"]
