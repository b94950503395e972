"""The import graph of a package of this project, read from the source with `ast` (imports under
`if TYPE_CHECKING:` too), its cycles, and every name a module imports (`imported_names`).

`import a.b` and `from a.b import c` depend on `a.b.c` when that is a module, else on `a.b`. A
package's `__init__` counts as the package's module; a submodule does not depend on its package's
`__init__` merely by being inside it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules(*packages: str) -> dict[str, Path]:
    """Every module of `packages` by dotted name."""
    found = {}
    for path in (path for package in packages for path in (ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that the module at `path` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                if inner in known:
                    found.add(inner)
                elif node.module in known:
                    found.add(node.module)
    return found


def imported_names(path: Path) -> set[str]:
    """Every absolute import of the module at `path`, ours or not, by dotted name: `import a.b`
    gives `a.b`; `from a.b import c` gives `a.b` and `a.b.c` (a module or a name)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One path for each import edge that closes a cycle (a depth-first search)."""
    state: dict[str, str] = {}
    path: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        state[module] = "open"
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == "open":
                found.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target)
        path.pop()
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return found


def graph(*packages: str) -> dict[str, set[str]]:
    """Every module of `packages` with the modules of `packages` it imports (itself excluded)."""
    known = modules(*packages)
    return {name: imports(path, known) - {name} for name, path in known.items()}
