"""Where the scale bar and the print-at-100% note go on a sheet.

They sit in the band between the card grid and the printer margin, each
inside one column's cut lines, so they never touch a card or a crop mark
(marks stand only on cut lines).
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.layout.geometry import Box, Grid
from kitgen.layout.units import MM

BAR_HEIGHT = 1.6 * MM
_CLEAR = 1.5 * MM
_LABEL = 9 * MM  # room for the "50 mm" label after the bar


@dataclass(frozen=True)
class ScaleBarPlace:
    """The bar's box, its length in millimetres, and the note's box (None if no room)."""

    bar: Box
    length_mm: int
    note: Box | None


def place_scale_bar(grid: Grid, *, margin: float, gap: float = 1 * MM) -> ScaleBarPlace | None:
    """Place the bar under the first column (or above it) and the note under the second."""
    extent = grid.extent
    below = (margin, extent.y - gap)
    above = (extent.top + gap, grid.page.height - margin)
    lo, hi = below if below[1] - below[0] >= BAR_HEIGHT + 1 * MM else above
    if hi - lo < BAR_HEIGHT + 0.5 * MM:
        return None
    row = grid.rows - 1 if (lo, hi) == below else 0
    columns = [s.trim for s in grid.slots if s.row == row]
    first = columns[0]
    room = first.width - 2 * _CLEAR - _LABEL
    length = next((n for n in (50, 40, 30, 20, 10) if n * MM <= room), 0)
    if length == 0:
        return None
    mid = (lo + hi) / 2
    bar = Box(first.x + _CLEAR, mid - BAR_HEIGHT / 2, length * MM, BAR_HEIGHT)
    note = None
    if len(columns) > 1:
        second = columns[1]
        note = Box(second.x + _CLEAR, mid - 1.2 * MM, second.width - 2 * _CLEAR, 2.4 * MM)
    return ScaleBarPlace(bar, length, note)


def place_label(grid: Grid, *, margin: float, gap: float = 1 * MM) -> Box | None:
    """Room for the sheet's label above the top row, inside the first column's cut lines."""
    extent = grid.extent
    lo, hi = extent.top + gap, grid.page.height - margin
    if hi - lo < 2 * MM:
        return None
    first = next(s.trim for s in grid.slots if s.row == 0)
    height = min(hi - lo, 4.6 * MM)
    return Box(first.x + _CLEAR, (lo + hi - height) / 2, first.width - 2 * _CLEAR, height)
