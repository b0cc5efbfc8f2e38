"""The numbers the engines read from the shipped game files (kitgen.load.shipped, read
fast) are the numbers the checked reader reads from them, every one."""

from __future__ import annotations

import pytest

from kitgen.kit import check_document
from kitgen.load.documents import read_document
from kitgen.load.shipped import shipped_game_file, shipped_numbers, shipped_players
from kitgen.paths import game_dir


@pytest.mark.parametrize("game_id", ["scratch", "scaffold", "staircase", "galliard", "shapeup"])
def test_the_fast_reading_agrees_with_the_checked_one(game_id: str) -> None:
    doc = read_document(str(game_dir(game_id) / "game.yaml"))
    assert check_document(doc).ok and not doc.findings
    model = doc.model
    assert shipped_players(game_id) == (model.players.min, model.players.max)
    numbers = shipped_numbers(game_id, type(model.parameters))
    assert numbers == model.parameters
    assert shipped_game_file(game_id)["game"] == game_id
