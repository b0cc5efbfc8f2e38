"""Play mats: a grid of card-sized spaces, laid out as one poster (tiled if needed)."""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.layout.geometry import Box, Size
from kitgen.layout.units import MM


@dataclass(frozen=True)
class MatPlan:
    """The mat's size, its spaces (row-major, row 0 at the top) and its title strip."""

    size: Size
    cells: tuple[Box, ...]
    title: Box
    cols: int
    rows: int

    @property
    def busy(self) -> tuple[Box, ...]:
        """Where the mat has ink, for tiling to keep its alignment crosses off: the title
        strip, and each space's outline and the words across its middle. A space's plain
        fill is free: a card covers it in play."""
        boxes = [self.title]
        band, words, wide = 1 * MM, 3 * MM, 32 * MM  # "middle centre" in 7 pt is 24 mm
        for cell in self.cells:
            cx, cy = cell.x + cell.width / 2, cell.y + cell.height / 2
            across = min(wide, cell.width)
            boxes += [
                Box(cell.x, cell.y, cell.width, band),
                Box(cell.x, cell.top - band, cell.width, band),
                Box(cell.x, cell.y, band, cell.height),
                Box(cell.right - band, cell.y, band, cell.height),
                Box(cx - across / 2, cy - words, across, 2 * words),
            ]
        return tuple(boxes)


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
