"""The core names no game: every choice by game goes through kitgen.registry.

A game's id written as a string anywhere in kitgen outside `kitgen/games/` and the
registry is a dispatch by hand (`if game == "shapeup"`), which a sixth game would
have to find and extend. Prose that mentions a game (a docstring saying "Scratch's
cards") is not a dispatch; an exact id as a value is.
"""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import kitgen

ROOT = Path(kitgen.__file__).parent
GAME_IDS = ("scratch", "shapeup", "scaffold", "staircase", "galliard")
# The registry lists the built-in games by id: the one place allowed to.
ALLOWED = {ROOT / "registry.py"}


def core_modules(root: Path) -> list[Path]:
    """Every module of kitgen outside its game packages."""
    games = root / "games"
    return [p for p in sorted(root.rglob("*.py")) if games not in p.parents and p != games]


def ids_named(path: Path, ids: tuple[str, ...] = GAME_IDS) -> list[tuple[int, str]]:
    """(line, text) of each string in a module's code that is a game id, or that starts
    a module path into a game's package (`kitgen.games.scratch...`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if text in ids or any(text.startswith(f"kitgen.games.{g}") for g in ids):
                found.append((node.lineno, text))
    return sorted(found)


def test_the_core_names_no_game() -> None:
    named = {
        str(path.relative_to(ROOT)): ids_named(path)
        for path in core_modules(ROOT)
        if path not in ALLOWED
    }
    named = {path: found for path, found in named.items() if found}
    assert named == {}, f"game ids written in the core (ask kitgen.registry instead): {named}"


def test_git_grep_finds_no_game_id_as_a_string_in_the_core() -> None:
    """The issue's own check, as a user would run it on a checkout: `git grep` for the
    quoted ids outside games/, data/, docs/, tests/ and the registry."""
    repo = ROOT.parent
    if not (repo / ".git").exists():  # an installed wheel: the AST test above covers it
        return
    pattern = "|".join(f"\"{g}\"|'{g}'" for g in GAME_IDS)
    done = subprocess.run(
        ["git", "grep", "-nE", pattern, "--", "kitgen", ":!kitgen/games", ":!kitgen/registry.py"],
        cwd=repo,
        capture_output=True,
        text=True,
    )
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout == "", done.stdout


def test_the_check_sees_a_dispatch(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Scratch\'s cards are drawn here."""\n'
        'def f(game):\n    if game == "shapeup":\n        return 1\n'
        '    return __import__("kitgen.games.galliard.rules")\n'
    )
    assert ids_named(sample) == [(3, "shapeup"), (5, "kitgen.games.galliard.rules")]
