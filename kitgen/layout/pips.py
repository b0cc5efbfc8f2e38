"""Where the pips of a standard card go: the traditional layouts of ace to ten.

Positions are fractions of the pip area, the box through the centres of the
outermost pips: x from 0 (left column) to 1 (right column), y from 0 (bottom
row) to 1 (top row). Pips in the lower half are printed upside down, as on a
real deck, so the card reads the same from either end.

Pure geometry: no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

LEFT, CENTRE, RIGHT = 0.0, 0.5, 1.0
FOUR_ROWS = (1.0, 2 / 3, 1 / 3, 0.0)  # the columns of 9 and 10
THREE_ROWS = (1.0, 0.5, 0.0)  # the columns of 6, 7 and 8


@dataclass(frozen=True)
class Pip:
    """One pip: its centre as fractions of the pip area, and whether it is upside down."""

    x: float
    y: float
    flipped: bool


def _pips(points: list[tuple[float, float]]) -> tuple[Pip, ...]:
    """Pips at the points, those below the middle turned upside down; top to bottom."""
    ordered = sorted(points, key=lambda p: (-p[1], p[0]))
    return tuple(Pip(x, y, y < 0.5) for x, y in ordered)


def _columns(rows: tuple[float, ...]) -> list[tuple[float, float]]:
    """A left and a right column of pips at the given heights."""
    return [(x, y) for y in rows for x in (LEFT, RIGHT)]


def _points(rank: int) -> list[tuple[float, float]]:
    """The pip centres of a number card, unflipped."""
    if rank == 1:
        return [(CENTRE, 0.5)]
    if rank == 2:
        return [(CENTRE, 1.0), (CENTRE, 0.0)]
    if rank == 3:
        return [(CENTRE, y) for y in THREE_ROWS]
    if rank in (4, 5):
        corners = _columns((1.0, 0.0))
        return corners if rank == 4 else [*corners, (CENTRE, 0.5)]
    if rank in (6, 7, 8):
        six = _columns(THREE_ROWS)
        extra = {6: [], 7: [(CENTRE, 0.75)], 8: [(CENTRE, 0.75), (CENTRE, 0.25)]}[rank]
        return [*six, *extra]
    if rank in (9, 10):
        eight = _columns(FOUR_ROWS)
        extra = [(CENTRE, 0.5)] if rank == 9 else [(CENTRE, 5 / 6), (CENTRE, 1 / 6)]
        return [*eight, *extra]
    raise ValueError(f"number cards run from ace (1) to 10, not {rank}")


def pip_layout(rank: int) -> tuple[Pip, ...]:
    """The pips of a number card (1 for the ace to 10), top row first."""
    return _pips(_points(rank))
