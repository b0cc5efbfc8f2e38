"""Galliard's files: positions (cabals to judge) and recorded games."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from kitgen.api import CardText, GameFile, Located, Name, Spec, empty

Cabal = Annotated[list[CardText], Field(max_length=14)]


class GalliardParameters(Spec):
    """Galliard's numbers, read by the engine, the checks and the kit."""

    hand_size: Annotated[int, Field(ge=1, le=20)]
    support: Annotated[int, Field(ge=1, le=14)]


class GalliardGameFile(GameFile):
    """Galliard's `kind: game` file."""

    game: Literal["galliard"]
    parameters: GalliardParameters  # type: ignore[assignment]


class GalliardPositionFile(Located):
    """`kind: position`: each player's cabal, the royals they have won."""

    game: Literal["galliard"]
    kind: Literal["position"]
    cabals: dict[Name, Cabal] = Field(min_length=1, max_length=2)


class GalliardRecordFile(Located):
    """`kind: record`: a Galliard game dealt by `seed`, and its moves.

    `players` names the two players; the first starts the first round. Moves are
    written in the game's move notation: `dance 7S`,
    `wager QH, dance 7S`, `stamp 6H on 7S`, `scuff`, `pass`, `take KS`,
    `trade QH for QS`, `keep`.
    """

    game: Literal["galliard"]
    kind: Literal["record"]
    players: list[Name] = Field(min_length=2, max_length=2)
    seed: int = Field(default=0, ge=0, le=2**63 - 1)
    moves: list[Name] = Field(default_factory=empty, max_length=5000)
