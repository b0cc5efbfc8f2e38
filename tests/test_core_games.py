"""The shared file models and loaders name no game; a figure's `args:` check themselves.

Each game's file models, figure arguments and kit checks live in its package
(kitgen/games/<id>/) and are found through the registry, so a new game adds
them without touching kitgen/model/ or kitgen/load/.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from pydantic import BaseModel

import kitgen
from kitgen import registry
from kitgen.load.rules import check_figure_args
from kitgen.model.base import Name, Spec
from kitgen.model.figures import ArgsPath, ChecksItself, FigureIssue
from kitgen.model.rules import Block

ROOT = Path(kitgen.__file__).parent
CORE = ("model", "load", "render", "layout")


def _core_modules() -> list[Path]:
    return sorted(p for folder in CORE for p in (ROOT / folder).rglob("*.py"))


def _games_named(path: Path) -> list[str]:
    """Imports from kitgen.games and string constants that are a built-in game's id."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kitgen.games"):
            found.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: import {a.name}"
                for a in node.names
                if a.name.startswith("kitgen.games")
            ]
        elif isinstance(node, ast.Constant) and node.value in registry.builtin_ids():
            found.append(f"line {node.lineno}: {node.value!r}")
    return found


def test_the_core_models_and_loaders_name_no_game() -> None:
    named = {str(p.relative_to(ROOT)): hits for p in _core_modules() if (hits := _games_named(p))}
    assert not named, f"the core names a game: {named}"


def test_the_game_check_finds_a_game_named_in_the_core(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from kitgen.games.scratch.kit_model import KitFile\nGAME = 'galliard'\n", encoding="utf-8"
    )
    assert len(_games_named(sample)) == 2


@pytest.mark.parametrize("game_id", registry.builtin_ids())
def test_every_figure_a_game_declares_has_an_args_model(game_id: str) -> None:
    game = registry.get(game_id)
    models = game.figure_models()
    assert set(models) == set(game.figure_args) and models
    assert all(issubclass(m, BaseModel) for m in models.values())
    assert game.figure_model("no-such-figure") is None


class _Pair(Spec):
    """A toy figure: two cards that must differ."""

    left: Name
    right: Name

    def figure_issues(self) -> list[FigureIssue]:
        if self.left == self.right:
            path: ArgsPath = ("right",)
            return [(path, "card-twice", f"{self.right} is on both sides")]
        return []


def _block(args: dict[str, object]) -> Block:
    return Block.model_validate({"figure": "pair", "args": args})


def test_a_figure_from_any_game_checks_its_own_args() -> None:
    assert isinstance(_Pair(left="A", right="B"), ChecksItself)
    assert check_figure_args(_block({"left": "A", "right": "B"}), _Pair, None) == []
    found = check_figure_args(_block({"left": "A", "right": "A"}), _Pair, None)
    assert [(f.code, f.message) for f in found] == [("card-twice", "A is on both sides")]


@pytest.mark.parametrize(
    ("game_id", "figure", "args", "code"),
    [
        ("scratch", "card-anatomy", {"card": "Nobody At All"}, "unknown-card"),
        ("scratch", "flip", {"card": "Nobody"}, "unknown-card"),
        (
            "scratch",
            "board",
            {"cells": [[".", ".", "."], ["Nobody P1", "."], [".", ".", "."]]},
            None,
        ),
        ("shapeup", "card", {"card": "mauve hollow circle"}, "invalid-value"),
        ("shapeup", "grid", {"cells": [[".", "ok"], ["."]]}, "invalid-value"),
    ],
)
def test_the_games_figures_check_themselves(
    game_id: str, figure: str, args: dict[str, object], code: str | None
) -> None:
    model = registry.get(game_id).figure_model(figure)
    assert model is not None
    found = check_figure_args(_block(args), model, None)
    codes = {f.code for f in found}
    if code is None:  # a short row, and a card not in the pool
        assert codes == {"invalid-value", "unknown-card"}, found
    else:
        assert codes == {code}, found
