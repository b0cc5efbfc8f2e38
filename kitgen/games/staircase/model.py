"""The Staircase game's files: positions (staircases to score) and recorded games."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from kitgen.api import CardText, GameFile, Located, Name, Spec, empty

Staircase = Annotated[list[CardText], Field(max_length=52)]


class StaircaseParameters(Spec):
    """The Staircase game's numbers, read by the engine, the checks and the booklet."""

    hand_size: Annotated[int, Field(ge=1, le=10)]


class StaircaseGameFile(GameFile):
    """The Staircase game's `kind: game` file (its players, 2 to 5, are its `players`)."""

    game: Literal["staircase"]
    parameters: StaircaseParameters  # type: ignore[assignment]


class StaircasePositionFile(Located):
    """`kind: position`: each player's staircase, cards left to right in table order."""

    game: Literal["staircase"]
    kind: Literal["position"]
    staircases: dict[Name, Staircase] = Field(min_length=1, max_length=5)


class StaircaseDeal(Spec):
    """An explicit deal: each hand (in the order of `players:`), the depot top first and
    the scrap pile top first."""

    hands: list[Annotated[list[CardText], Field(max_length=20)]] = Field(min_length=2, max_length=5)
    depot: list[CardText] = Field(default_factory=empty, max_length=52)
    scrap: list[CardText] = Field(default_factory=empty, max_length=52)


class StaircaseRecordFile(Located):
    """`kind: record`: a Staircase game, dealt by `seed` or given as `deal`, and its moves.

    `players` names the seats in turn order (the first moves first). Moves are
    written in the game's move notation: `build 7H`,
    `scrap 2C build 7H`, `recycle 4D`, `interfere 3S 9H bo`, `choose 9H`.
    """

    game: Literal["staircase"]
    kind: Literal["record"]
    players: list[Name] = Field(min_length=2, max_length=5)
    interfere: bool = False
    hand_size: int | None = Field(default=None, ge=1, le=10)
    seed: int = Field(default=0, ge=0, le=2**63 - 1)
    deal: StaircaseDeal | None = None
    moves: list[Name] = Field(default_factory=empty, max_length=300)
