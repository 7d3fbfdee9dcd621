"""The package's import graph (tools/imports.py) has no cycle, counting imports inside functions."""

import networkx as nx

from tools.imports import graph


def test_the_import_graph_has_no_cycle():
    imports = graph()
    assert "pysolver.solve.legal" in imports and imports.number_of_edges() > 50   # the graph was read
    assert list(nx.simple_cycles(imports)) == []


def test_the_layers_import_only_downwards():
    """cards <- position <- solve, reference <- explore <- cli <- __main__: nothing imports a layer above its own."""
    layer = {"errors": 0, "_version": 0, "cache": 0, "cards": 1, "position": 2, "solve": 3, "reference": 3, "explore": 4,
             "cli": 5, "__main__": 6}
    imports = graph()
    for module, target in imports.edges:
        if module == "pysolver" or target == "pysolver":
            continue
        here, there = (layer[name.split(".")[1]] for name in (module, target))
        assert there <= here, f"{module} imports {target}"
        assert {module.split(".")[1], target.split(".")[1]} != {"solve", "reference"}, f"{module} imports {target}"
