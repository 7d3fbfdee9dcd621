"""The import graph of `pysolver/`, counting imports inside functions too; exit 1 on any cycle.

    python -m tools.imports            # prints each module and what it imports, then the cycles (if any)

An import of a package (`from .. import reference`, `from ..solve import legal_plays`) is an edge to the
package's `__init__`, which is itself a module of the graph.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent / "pysolver"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, modules: set[str]) -> set[str]:
    """The pysolver modules `path` imports anywhere in its body."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # `from pkg import name`: name is a module of pkg, or a name that pkg defines
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target in modules and target != name)
    return found


def graph() -> nx.DiGraph:
    paths = sorted(ROOT.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    result = nx.DiGraph()
    for path in paths:
        result.add_node(module_name(path))
        for target in imported(path, modules):
            result.add_edge(module_name(path), target)
    return result


def main() -> int:
    imports = graph()
    for module in sorted(imports):
        print(f"{module} -> {', '.join(sorted(imports.successors(module))) or '(nothing)'}")
    cycles = sorted(sorted(cycle) for cycle in nx.simple_cycles(imports))
    for cycle in cycles:
        print("cycle: " + " -> ".join(cycle), file=sys.stderr)
    print(f"{imports.number_of_nodes()} modules, {imports.number_of_edges()} imports, {len(cycles)} cycles")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
