"""The games kitgen knows and the kinds of file it reads.

A module of its own, without pydantic models, so that reading a file's `game:`
and `kind:` does not build the model of every game file.
"""

from __future__ import annotations

from typing import Literal, get_args

GameId = Literal["scratch", "shapeup", "scaffold", "staircase", "galliard"]
GAME_IDS: tuple[str, ...] = get_args(GameId)
KINDS = ("cards", "deck", "position", "record", "kit", "game", "rules")
