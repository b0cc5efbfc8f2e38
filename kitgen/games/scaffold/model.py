"""Scaffold's files: the game's numbers, positions (a board to score) and records."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from kitgen.api import CardText, GameFile, Located, Name, Spec, empty

ModeName = Literal["competitive", "cooperative"]
Team = Literal["red", "black"]


class ScaffoldParameters(Spec):
    """Scaffold's numbers, read by the engine, the checks and the rule booklet."""

    hand_size: Annotated[int, Field(ge=1, le=20)]
    harder_hands: list[Annotated[int, Field(ge=1, le=20)]] = Field(max_length=5)
    turns: Annotated[int, Field(ge=1, le=40)]
    fewer_turns: list[Annotated[int, Field(ge=1, le=40)]] = Field(max_length=5)
    cap: Annotated[int, Field(ge=1, le=9)]


class ScaffoldGameFile(GameFile):
    """Scaffold's `kind: game` file."""

    game: Literal["scaffold"]
    parameters: ScaffoldParameters  # type: ignore[assignment]


Cell = CardText
Row = Annotated[list[Cell], Field(min_length=5, max_length=5)]


class ScaffoldPositionFile(Located):
    """`kind: position`: a Scaffold board, five rows of five cells, top row first.

    A cell is `-` (not a space of this board), `.` (an unconstructed space) or the
    space's face-up cards bottom to top joined by `/` (`9C/10C/KS`). Cooperative
    positions give `turns_left`, the turn counters still on the track.
    """

    game: Literal["scaffold"]
    kind: Literal["position"]
    mode: ModeName = "competitive"
    board: list[Row] = Field(min_length=5, max_length=5)
    turns_left: int | None = Field(default=None, ge=0, le=40)


class ScaffoldDeal(Spec):
    """An explicit deal: the centre's card, each team's hand, and the draw pile top first."""

    centre: Name
    red: list[Name] = Field(min_length=1, max_length=20)
    black: list[Name] = Field(min_length=1, max_length=20)
    deck: list[Name] = Field(default_factory=empty, max_length=52)


class ScaffoldPlayers(Spec):
    """Who played which team (the joker each drew); `red` and `black` by default."""

    red: Name = "red"
    black: Name = "black"


class ScaffoldRecordFile(Located):
    """`kind: record`: a Scaffold game, dealt by `seed` or given as `deal`, and its moves.

    Moves are written in the game's move notation: `9H@r2c3` plays
    the nine of hearts on row 2, column 3; `trade 5H 9S` (cooperative) is the blind
    trade, red's card first. `hand_size` and `turns` default to the game's numbers.
    """

    game: Literal["scaffold"]
    kind: Literal["record"]
    mode: ModeName = "competitive"
    hand_size: int | None = Field(default=None, ge=1, le=20)
    turns: int | None = Field(default=None, ge=1, le=40)
    players: ScaffoldPlayers = ScaffoldPlayers()
    seed: int = Field(default=0, ge=0, le=2**63 - 1)
    deal: ScaffoldDeal | None = None
    moves: list[Name] = Field(default_factory=empty, max_length=200)
