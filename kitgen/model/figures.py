"""Figures a rules file can name, per game, and what each takes in `args:`.

A figure is drawn by its game's renderer; here is only its name and the
shape of its arguments, so `kitgen check` can verify a rules file without
loading any drawing library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from kitgen.model.base import Name, Spec
from kitgen.model.shapeup import Card

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


class ShapeUpCardArgs(Spec):
    """A Shape Up! card on its own, with its parts labelled (`colour fill shape`)."""

    card: Name = "blue hollow circle"


class ShapeUpRun(Spec):
    """A run of cards to outline on a Shape Up! grid: cells counted from 1."""

    direction: Literal["row", "column"]
    index: int = Field(ge=1, le=7)  # the row (or column) it lies in
    start: int = Field(ge=1, le=7)  # its first column (or row)
    length: int = Field(ge=2, le=5)


class ShapeUpGridArgs(Spec):
    """Part of a Shape Up! table: rows of cells, top row first.

    A cell is `.` (no card), a card (`blue hollow circle`, or with ` new` after
    it for the card just placed, drawn with a thick frame), `ok` for a space
    where the next card may go (a dashed outline) or `no` for a space where it
    may not (dashed and crossed out). `runs` outlines scoring lines.
    """

    cells: list[list[Name]] = Field(min_length=1, max_length=7)
    runs: list[ShapeUpRun] = Field(default_factory=list, max_length=12)


FIGURES: dict[str, dict[str, type[Spec]]] = {
    "scratch": {"card-anatomy": CardArgs, "board": BoardArgs, "flip": CardArgs},
    "shapeup": {"card": ShapeUpCardArgs, "grid": ShapeUpGridArgs},
}


@dataclass(frozen=True)
class ShapeUpCell:
    """A cell of a Shape Up! figure: a card (maybe new), or a marked empty space."""

    card: Card | None
    new: bool = False
    mark: str | None = None  # "ok" or "no" for an empty space


def parse_shapeup_cell(text: str) -> ShapeUpCell | None:
    """Read a Shape Up! figure cell (`.` is empty); ValueError gives a readable reason."""
    words = text.split()
    if words == ["."]:
        return None
    if words in (["ok"], ["no"]):
        return ShapeUpCell(None, mark=words[0])
    new = bool(words) and words[-1] == "new"
    if new:
        words.pop()
    return ShapeUpCell(Card.parse(" ".join(words)), new=new)


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
