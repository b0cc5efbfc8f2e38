"""The numbers of kitgen's own games, read from their game files (`data/<id>/game.yaml`)
for the engines, checks and kits: fast, without the checked reader's bookkeeping.

A shipped game file is clean (`kitgen check data/` and the tests read it with every
finding and place), so what is needed here is its values: read with PyYAML's C
loader and validated by the game's own model of them, once a process. A position
check that needs a game's cap pays about a millisecond for it, not three.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel

from kitgen.paths import game_dir

M = TypeVar("M", bound=BaseModel)

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def shipped_game_file(game_id: str) -> dict[str, Any]:
    """A built-in game's game file as plain values (a name from kitgen's own table of
    games, never from a file)."""
    with open(game_dir(game_id) / "game.yaml", encoding="utf-8") as file:
        data = yaml.load(file, Loader=_Loader)
    if not isinstance(data, dict):
        raise RuntimeError(f"the shipped {game_id} game file is not a map")
    return data


def shipped_numbers(game_id: str, model: type[M]) -> M:
    """A built-in game's `parameters`, as its model of them reads them."""
    return model.model_validate(shipped_game_file(game_id).get("parameters") or {})


def shipped_players(game_id: str) -> tuple[int, int]:
    """The fewest and the most players of a built-in game (its `players`)."""
    players = shipped_game_file(game_id)["players"]
    return int(players["min"]), int(players["max"])
