"""What Scratch's rule-booklet figures take in `args:`, and how a board cell is read.

A figure is drawn by kitgen.games.scratch.figures; here is only its name and the
shape of its arguments, so `kitgen check` can verify a rules file without loading
any drawing library. A board's cards are checked against the official card pool.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from pydantic import Field

from kitgen.api import Name, Spec

OWNERS = ("P1", "P2")
FLAGS = ("new", "taken", "flipped")

ArgsPath = tuple[Hashable, ...]  # where in `args:` an issue lies, like ("cells", 1, 2)
Issue = tuple[ArgsPath, str, str]  # (path, finding code, message)


class CardArgs(Spec):
    """A figure about one card."""

    card: Name = "Griffin"

    def figure_issues(self) -> list[Issue]:
        """The card, when the official pool has none of that name (the figure would draw
        another card in its place)."""
        from kitgen.games.scratch.load import official

        if official().pool.card(self.card) is None:
            return [
                (("card",), "unknown-card", f"no card called {self.card!r} in the official pool")
            ]
        return []


class BoardArgs(Spec):
    """A Scratch board: three rows of three cells, top row first.

    A cell is `.` (empty) or a card name followed by its holder (`P1` or `P2`)
    and, optionally, `new` (just played), `taken` (captured this turn) and
    `flipped` (turned upside down by The over under!): `Chancellor P2 new`.
    """

    cells: list[list[Name]] = Field(min_length=3, max_length=3)

    def figure_issues(self) -> list[Issue]:
        """Rows that are not three cells, cells that cannot be read, and cards that are
        not in the official pool."""
        from kitgen.games.scratch.load import official

        pool = official().pool
        issues: list[Issue] = []
        for r, row in enumerate(self.cells):
            if len(row) != 3:
                issues.append(
                    (
                        ("cells", r),
                        "invalid-value",
                        f"row {r + 1} of the board has {len(row)} cells, not 3",
                    )
                )
            for c, text in enumerate(row):
                try:
                    cell = parse_cell(text)
                except ValueError as err:
                    issues.append((("cells", r, c), "invalid-value", str(err)))
                    continue
                if cell is not None and pool.card(cell.card) is None:
                    issues.append(
                        (
                            ("cells", r, c),
                            "unknown-card",
                            f"no card called {cell.card!r} in the official pool",
                        )
                    )
        return issues


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
