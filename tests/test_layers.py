"""The pure layers (rules, layout) import no I/O, YAML, drawing or CLI library."""

from __future__ import annotations

import ast
from pathlib import Path

import kitgen

FORBIDDEN = {
    "yaml",
    "reportlab",
    "PIL",
    "jinja2",
    "typer",
    "rich",
    "click",
    "pypdfium2",
    "pypdf",
    "os",
    "io",
    "pathlib",
    "shutil",
    "subprocess",
    "kitgen.load",
    "kitgen.kit",
    "kitgen.cli",
    "kitgen.render",
}
PURE = ("rules", "layout", "play")
# In a game's package (kitgen/games/<id>/), the modules of its engine and layout.
PURE_GAME_MODULES = (
    "rules",
    "play",
    "sim",
    "players",
    "search",
    "fast",
    "stats",
    "layout",
    "balance",
    "simulation",
)
# Built-ins that reach files, the terminal or the import machinery.
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "compile", "__import__"}


def imports(path: Path) -> set[str]:
    """The modules a file imports: a name from kitgen.api counts as its own module's
    (the public face hides no layer's import)."""
    from kitgen.api import NAMES

    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "kitgen.api":
                found |= {NAMES[alias.name][0] for alias in node.names}
            else:
                found.add(node.module)
    return found


def io_calls(path: Path) -> set[str]:
    """Built-in I/O (and dynamic import) functions a module calls by name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in FORBIDDEN_CALLS
    }


def banned(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def pure_paths(root: Path) -> list[Path]:
    """Every module of the pure layers, and of each game's engine and layout."""
    paths = [p for layer in PURE for p in sorted((root / layer).rglob("*.py"))]
    return paths + [
        p for name in PURE_GAME_MODULES for p in sorted((root / "games").glob(f"*/{name}.py"))
    ]


def test_pure_layers_import_nothing_forbidden() -> None:
    root = Path(kitgen.__file__).parent
    checked = 0
    games = set()
    for path in pure_paths(root):
        if path.parent.parent.name == "games":
            games.add(path.parent.name)
        bad = sorted(n for n in imports(path) if banned(n))
        assert not bad, f"{path.relative_to(root)} imports {bad}"
        calls = sorted(io_calls(path))
        assert not calls, f"{path.relative_to(root)} calls {calls}"
        checked += 1
    assert checked >= 2
    assert len(games) >= 5, games  # every game's engine is checked


def test_the_check_itself_catches_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text(
        "import os\nfrom reportlab.pdfgen import canvas\nfrom . import x\n"
        "def f(p):\n    print(open(p).read())\n    return p.open()\n"
    )
    assert sorted(n for n in imports(sample) if banned(n)) == ["os", "reportlab.pdfgen"]
    through = tmp_path / "through.py"  # (a drawing helper through the public face)
    through.write_text("from kitgen.api import draw_text\n")
    assert sorted(n for n in imports(through) if banned(n)) == ["kitgen.render.text"]
    assert io_calls(sample) == {"open", "print"}  # a method named open is not the built-in


def test_importing_the_pure_layers_loads_no_io_or_drawing_library() -> None:
    """The same rule at run time: what importing every pure module pulls in."""
    import subprocess
    import sys

    root = Path(kitgen.__file__).parent
    modules = [
        "kitgen." + ".".join(p.relative_to(root).with_suffix("").parts)
        for p in pure_paths(root)
        if p.name != "__init__.py"
    ]
    probe = (
        "import sys\n"
        f"for m in {modules!r}:\n    __import__(m)\n"
        "heavy = ('reportlab', 'PIL', 'jinja2', 'pypdfium2', 'yaml', 'typer', 'click', 'rich')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout
