"""The `record` file kind for Scratch: who played, what was dealt, and the moves."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from kitgen.api import Located, Name, RelPath, Spec, empty, in_schema, present

PlayerId = Literal["P1", "P2"]


class Players(Spec):
    """Display names for the two players (P1 and P2 by default)."""

    P1: Name = "P1"
    P2: Name = "P2"


def _decks_or_deal_schema(schema: dict[str, Any]) -> None:
    """In the JSON Schema: exactly one of `decks` and `deal`, each naming both players."""
    for key in ("decks", "deal"):
        given = [s for s in schema["properties"][key]["anyOf"] if s.get("type") == "object"]
        assert len(given) == 1, f"ScratchRecordFile.{key} is not a mapping or null any more"
        given[0]["required"] = ["P1", "P2"]
    schema["oneOf"] = [present("decks"), present("deal")]


class ScratchRecordFile(Located):
    """`kind: record`: a Scratch game as decks and a seed, or an explicit deal, and moves.

    `decks` name each player's deck file, shuffled by `seed`; `deal` gives each player's
    cards in the order they are drawn instead.
    """

    game: Literal["scratch"]
    kind: Literal["record"]
    players: Players = Players()
    uses: list[RelPath] = Field(default_factory=empty, max_length=20)
    seed: int = Field(default=0, ge=0, le=2**63 - 1)
    first: PlayerId = "P1"
    decks: dict[PlayerId, RelPath] | None = None  # deck files, relative to the record
    deal: dict[PlayerId, Annotated[list[Name], Field(max_length=60)]] | None = None
    moves: list[Name] = Field(default_factory=empty, max_length=200)

    @model_validator(mode="after")
    @in_schema(_decks_or_deal_schema)
    def _decks_or_deal(self) -> ScratchRecordFile:
        if (self.decks is None) == (self.deal is None):
            raise ValueError("a record gives either `decks` (shuffled by `seed`) or `deal`")
        given = self.decks if self.decks is not None else self.deal
        assert given is not None
        if set(given) != {"P1", "P2"}:
            raise ValueError("both P1 and P2 need their cards")
        return self
