"""A game's own finding codes live in the game (`kitgen/games/<id>/codes.py`): the
core's catalogue holds only codes more than one game (or the core) makes, and a
game's codes join it as soon as any module of the game is imported."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import kitgen

ROOT = Path(kitgen.__file__).parent


def literal_codes(path: Path) -> set[str]:
    """The keys of the module-level `CODES = {...}` literal of a module."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        if isinstance(target, ast.Name) and target.id == "CODES":
            assert isinstance(node.value, ast.Dict)
            return {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
    return set()


def makers(code: str) -> set[str]:
    """The packages (a game's id, or `core`) whose modules write the code."""
    found = set()
    for path in ROOT.rglob("*.py"):
        if path.name == "codes.py" or path == ROOT / "model" / "findings.py":
            continue
        if f'"{code}"' in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT).parts
            found.add(parts[1] if parts[0] == "games" else "core")
    return found


def test_no_core_code_belongs_to_one_game_alone() -> None:
    core = literal_codes(ROOT / "model" / "findings.py")
    games = {p.parent.name: literal_codes(p) for p in (ROOT / "games").glob("*/codes.py")}
    assert set(games) >= {"scratch", "scaffold", "galliard", "shapeup"}
    for game_id, codes in games.items():
        assert codes and not codes & core, game_id
        for code in codes:
            assert makers(code) == {game_id}, (code, makers(code))
    one_game = {code for code in core if (m := makers(code)) and len(m) == 1 and "core" not in m}
    assert not one_game, f"codes only one game makes, kept in the core: {sorted(one_game)}"


def test_a_games_codes_are_known_once_any_of_its_modules_is_imported() -> None:
    probe = (
        "import kitgen.games.scaffold.rules as r\n"
        "from kitgen.model.findings import CODES\n"
        "print('space-over-cap' in CODES, CODES['space-over-cap'].severity)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "error"]
