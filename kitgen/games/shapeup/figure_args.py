"""What Shape Up!'s rule-booklet figures take in `args:`, and how a grid cell is read.

A figure is drawn by kitgen.games.shapeup.figures; here is only its name and the
shape of its arguments, so `kitgen check` can verify a rules file without loading
any drawing library.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from kitgen.api import Name, Spec, empty
from kitgen.games.shapeup.model import Card

ArgsPath = tuple[Hashable, ...]  # where in `args:` an issue lies, like ("cells", 1, 2)
Issue = tuple[ArgsPath, str, str]  # (path, finding code, message)


class ShapeUpCardArgs(Spec):
    """A Shape Up! card on its own, with its parts labelled (`colour fill shape`)."""

    card: Name = "blue hollow circle"

    def figure_issues(self) -> list[Issue]:
        """The card, when it is not one of the game's."""
        try:
            Card.parse(self.card)
        except ValueError as err:
            return [(("card",), "invalid-value", str(err))]
        return []


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
    runs: list[ShapeUpRun] = Field(default_factory=empty, max_length=12)

    def figure_issues(self) -> list[Issue]:
        """Rows of different lengths, and cells that cannot be read."""
        issues: list[Issue] = []
        if len({len(row) for row in self.cells}) > 1:
            issues.append(
                (
                    ("cells",),
                    "invalid-value",
                    "the rows of the grid differ in length; give every row the same "
                    "number of cells (`.` for an empty one)",
                )
            )
        for r, row in enumerate(self.cells):
            for c, text in enumerate(row):
                try:
                    parse_shapeup_cell(text)
                except ValueError as err:
                    issues.append((("cells", r, c), "invalid-value", str(err)))
        return issues


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
