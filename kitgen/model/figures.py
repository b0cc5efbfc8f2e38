"""Figures a rules file can name, per game, and what each takes in `args:`.

A figure is drawn by its game's renderer; here is only its name and the
shape of its arguments, so `kitgen check` can verify a rules file without
loading any drawing library.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from kitgen.model.base import Name, Spec

OWNERS = ("P1", "P2")
FLAGS = ("new", "taken", "flipped")


class CardArgs(Spec):
    """A figure about one card."""

    card: Name = "Griffin"


class BoardArgs(Spec):
    """A Scratch board: three rows of three cells, top row first.

    A cell is `.` (empty) or a card name followed by its holder (`P1` or `P2`)
    and, optionally, `new` (just played), `taken` (captured this turn) and
    `flipped` (turned upside down by The over under!): `Chancellor P2 new`.
    """

    cells: list[list[Name]] = Field(min_length=3, max_length=3)


FIGURES: dict[str, dict[str, type[Spec]]] = {
    "scratch": {"card-anatomy": CardArgs, "board": BoardArgs, "flip": CardArgs},
}


@dataclass(frozen=True)
class Cell:
    """A card on a figure's board."""

    card: str
    owner: str
    flags: frozenset[str]


def parse_cell(text: str) -> Cell | None:
    """Read a board cell (`.` is empty); raise ValueError with a readable reason."""
    words = text.split()
    if words == ["."]:
        return None
    flags: set[str] = set()
    while words and words[-1] in FLAGS:
        flags.add(words.pop())
    if not words or words[-1] not in OWNERS:
        raise ValueError(
            f"{text!r}: write a cell as `.` or as a card name, its holder (P1 or P2) and "
            "optional flags (new, taken, flipped), like `Chancellor P2 new`"
        )
    owner = words.pop()
    if not words:
        raise ValueError(f"{text!r}: the card name is missing")
    return Cell(" ".join(words), owner, frozenset(flags))
