"""The import graph of kitgen: no cycles, and the core reaches games only through the
registry.

The graph is computed from the source with `ast`: every `import` and `from ... import`
anywhere in a module (inside functions, and under `if TYPE_CHECKING:` too: a cycle
that only type checkers follow is still a knot in the design). `from package import
name` counts as importing the module `package.name` when that is a module, else
`package`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kitgen

ROOT = Path(kitgen.__file__).parent
GAMES = "kitgen.games"
# The one core module that looks games up (by computed module names, which no
# static import shows).
REGISTRY = "kitgen.registry"


def module_names(root: Path) -> dict[str, Path]:
    """Every module under root (a package folder), by dotted name."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The kitgen modules one module imports (for type checkers too)."""

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package
                for _ in range(node.level - 1):
                    up = up.rpartition(".")[0]
                base = f"{up}.{base}" if base else up
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
        else:
            continue
        found |= {m for t in targets if (m := known(t)) is not None}
    found.discard(name)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module to the modules it imports, for every module under root."""
    modules = module_names(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, no
    recursion), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def is_game_module(name: str) -> bool:
    return name.startswith(GAMES + ".")


def test_kitgen_has_no_import_cycle() -> None:
    found = cycles(import_graph(ROOT))
    assert found == [], "import cycles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_core_imports_no_game() -> None:
    graph = import_graph(ROOT)
    bad = {
        name: sorted(m for m in deps if is_game_module(m))
        for name, deps in graph.items()
        if not is_game_module(name) and name != GAMES
    }
    bad = {name: deps for name, deps in bad.items() if deps}
    assert bad == {}, f"core modules importing game packages (ask kitgen.registry): {bad}"


def test_a_game_imports_no_other_game() -> None:
    graph = import_graph(ROOT)
    for name, deps in graph.items():
        if not is_game_module(name):
            continue
        own = name.split(".")[2]
        others = sorted(m for m in deps if is_game_module(m) and m.split(".")[2] != own)
        assert others == [], f"{name} imports another game's modules: {others}"


def test_the_checks_find_what_they_look_for(tmp_path: Path) -> None:
    """A cycle through a function-level import, a relative import and a core module
    importing a game are found, and so is one through an import under TYPE_CHECKING."""
    pkg = tmp_path / "kitgen"
    (pkg / "games" / "toy").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "games" / "__init__.py").write_text("")
    (pkg / "games" / "toy" / "__init__.py").write_text("from . import rules\n")
    (pkg / "games" / "toy" / "rules.py").write_text("X = 1\n")
    (pkg / "a.py").write_text("def f():\n    from kitgen import b\n")
    (pkg / "b.py").write_text("import kitgen.a\nfrom kitgen.games.toy.rules import X\n")
    (pkg / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from kitgen import d\n"
    )
    (pkg / "d.py").write_text("from kitgen import c\n")
    graph = import_graph(pkg)
    assert graph["kitgen.games.toy"] == {"kitgen.games.toy.rules"}
    assert graph["kitgen.b"] == {"kitgen.a", "kitgen.games.toy.rules"}
    assert graph["kitgen.c"] == {"kitgen.d"}
    assert cycles(graph) == [["kitgen.a", "kitgen.b"], ["kitgen.c", "kitgen.d"]]
