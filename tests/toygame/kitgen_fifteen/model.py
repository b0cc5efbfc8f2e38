"""Fifteen's files: a position (the cards each player holds), a record, a kit."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kitgen.api import KitBase, Located, Name

Component = Literal["cards", "rules"]


class FifteenPositionFile(Located):
    """`kind: position`: the cards each player holds."""

    game: Literal["fifteen"]
    kind: Literal["position"]
    first: list[int] = Field(default_factory=list, max_length=9)
    second: list[int] = Field(default_factory=list, max_length=9)


class FifteenRecordFile(Located):
    """`kind: record`: a game's moves, `take N`, the first player's first."""

    game: Literal["fifteen"]
    kind: Literal["record"]
    moves: list[Name] = Field(max_length=9)


class FifteenKitFile(KitBase):
    """`kind: kit`: the nine number cards and the rules."""

    game: Literal["fifteen"]
    components: list[Component] = Field(default_factory=lambda: ["cards", "rules"])
