"""Play mats: a grid of card-sized spaces, laid out as one poster (tiled if needed)."""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.layout.geometry import Box, Size
from kitgen.layout.units import MM


@dataclass(frozen=True)
class MatPlan:
    """The mat's size, its spaces (row-major, row 0 at the top) and its title strip (a
    game's render says where its words print, for tiling: `kitgen.layout.tile`)."""

    size: Size
    cells: tuple[Box, ...]
    title: Box
    cols: int
    rows: int


def plan_mat(
    card: Size,
    *,
    cols: int = 3,
    rows: int = 3,
    clearance: float = 1 * MM,
    gap: float = 2 * MM,
    title_height: float = 8 * MM,
) -> MatPlan:
    """A mat whose spaces are the card size plus `clearance` on every side, `gap` apart."""
    cell_w = card.width + 2 * clearance
    cell_h = card.height + 2 * clearance
    width = cols * cell_w + (cols - 1) * gap
    grid_h = rows * cell_h + (rows - 1) * gap
    cells = tuple(
        Box(c * (cell_w + gap), grid_h - (r + 1) * cell_h - r * gap, cell_w, cell_h)
        for r in range(rows)
        for c in range(cols)
    )
    title = Box(0, grid_h, width, title_height)
    return MatPlan(Size(width, grid_h + title_height), cells, title, cols, rows)
