"""kitgen.api, the one public face of the core for game packages (issue 40): every game
package, kitgen's own and the toy outside one, imports the core through it alone; every
name it offers is the object its module holds; importing it costs nothing."""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import kitgen
from kitgen import api

ROOT = Path(kitgen.__file__).parent
TOY = Path(__file__).parent / "toygame" / "kitgen_fifteen"


def core_imports(path: Path) -> list[str]:
    """The core modules a file imports other than kitgen.api (its own game's aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        out += [
            name
            for name in names
            if (name == "kitgen" or name.startswith("kitgen."))
            and name != "kitgen.api"
            and not name.startswith("kitgen.games.")
        ]
    return out


def game_files() -> list[Path]:
    return sorted((ROOT / "games").rglob("*.py")) + sorted(TOY.rglob("*.py"))


def test_every_game_package_imports_the_core_through_the_api_alone() -> None:
    files = game_files()
    assert len(files) > 100
    found = {str(p.relative_to(p.parents[2])): core_imports(p) for p in files}
    assert {name: mods for name, mods in found.items() if mods} == {}


def test_the_check_finds_a_core_import(tmp_path: Path) -> None:
    sample = tmp_path / "game.py"
    sample.write_text(
        "from kitgen.api import Finding\nfrom kitgen.model.findings import finding\n"
        "import kitgen.render.pdf\nfrom kitgen.games.mine.rules import x\n",
        encoding="utf-8",
    )
    assert core_imports(sample) == ["kitgen.model.findings", "kitgen.render.pdf"]


def test_every_name_is_its_modules_object() -> None:
    assert sorted(api.NAMES) == sorted(api.__all__) and len(api.NAMES) > 200
    for name, (module, attribute) in api.NAMES.items():
        held = import_module(module)
        expected = (
            getattr(held, attribute)
            if hasattr(held, attribute)
            else import_module(f"{module}.{attribute}")
        )
        assert getattr(api, name) is expected, name


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        api.no_such_name  # noqa: B018
    except AttributeError as err:
        assert "no_such_name" in str(err)
    else:
        raise AssertionError("an unknown name was found")


def test_importing_the_api_loads_nothing_it_names() -> None:
    probe = (
        "import sys\nbefore = set(sys.modules)\nimport kitgen.api\n"
        "print(sorted(m for m in set(sys.modules) - before if m != 'kitgen.api'))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = eval(done.stdout)
    heavy = ("kitgen.", "pydantic", "reportlab", "PIL", "yaml", "jinja2")
    assert [m for m in loaded if m.startswith(heavy)] == []
