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
PURE = ("rules", "layout")


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def banned(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def test_pure_layers_import_nothing_forbidden() -> None:
    root = Path(kitgen.__file__).parent
    checked = 0
    for layer in PURE:
        for path in sorted((root / layer).rglob("*.py")):
            bad = sorted(n for n in imports(path) if banned(n))
            assert not bad, f"{path.relative_to(root)} imports {bad}"
            checked += 1
    assert checked >= 2


def test_the_check_itself_catches_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text("import os\nfrom reportlab.pdfgen import canvas\nfrom . import x\n")
    assert sorted(n for n in imports(sample) if banned(n)) == ["os", "reportlab.pdfgen"]
