"""Scaffold's board mats: the 5x5 grid of card spaces, the key panels and the hints.

A mat is one poster (tiled over sheets by `kitgen.layout.tile`). From the top:
the title strip, on the cooperative mat a band naming red's side, the five rows
of the grid (only the board's cells become spaces), and on the cooperative mat
a band naming black's side. Both boards leave row 2 (counting from 1), column 1
and column 5 empty: the key panels go there.

Each space is the card plus `clearance` on every side. The third card on a space
caps it and is turned sideways, so it overhangs the space left and right by
half the card's height less half its width less the clearance (10 mm for a
poker card and 2.5 mm clearance). `gap_x` is chosen so that such a card still
clears an upright card on the next space (7.5 mm at least for poker cards); two
capped neighbours may overlap a little, which does no harm, since nothing is
played on a capped space. Rows are `gap_y` (8 mm) apart: the arrow between two
spaces one above the other (4.2 mm long) leaves room beside it in the gap for a
seam, where a mat tiled over sheets is cut between its spaces, never through one
(`kitgen.layout.tile`): two columns by four rows of landscape A4 sheets, or by
three of Letter, for poker cards.

Pure geometry, in points, y up.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.api import MM, Box, LayoutError, Size
from kitgen.api import SuitColour as Colour
from kitgen.games.scaffold.rules import SIZE, Board, Cell, flow_pairs, row_col

MIN_CLEARANCE = 1.5 * MM
MIN_GAP = 8 * MM  # between spaces: an arrow (4.2 mm) and room beside it for a seam
PANEL_CELLS: dict[str, Cell] = {"key": 1 * SIZE, "scoring": 1 * SIZE + SIZE - 1}  # r2c1, r2c5


@dataclass(frozen=True)
class Hint:
    """A chevron in the gap between two neighbouring spaces, pointing at the inner one."""

    outer: Cell
    inner: Cell
    x: float  # the middle of the gap between the two spaces
    y: float
    dx: int  # unit direction towards the inner space (y up)
    dy: int


@dataclass(frozen=True)
class ScaffoldMatPlan:
    """A mat: its size, a box per space (keyed by cell), the title, key panels and hints."""

    mode: str
    size: Size
    card: Size
    clearance: float
    spaces: dict[Cell, Box]
    title: Box
    panels: dict[str, Box]  # empty grid cells: "key" (r2c1) and "scoring" (r2c5)
    sides: dict[Colour, Box]  # cooperative: the bands naming red's (above) and black's side
    hints: tuple[Hint, ...]

    def card_box(self, cell: Cell) -> Box:
        """Where an upright card lies when centred on the space."""
        return self.spaces[cell].inset(self.clearance)

    def hint_boxes(self, length: float, line: float = 1.1) -> tuple[Box, ...]:
        """Where the arrows between spaces print, drawn `length` long with lines `line`
        wide (scaffold.marks.inward_arrow: its head spreads 0.36 of its length either
        side)."""
        along, across = length / 2 + line / 2, 0.36 * length + line / 2
        boxes = []
        for h in self.hints:
            half_w, half_h = (along, across) if h.dx else (across, along)
            boxes.append(Box(h.x - half_w, h.y - half_h, 2 * half_w, 2 * half_h))
        return tuple(boxes)


def plan_scaffold_mat(
    board: Board,
    card: Size,
    *,
    clearance: float = 2.5 * MM,
    gap_x: float | None = None,
    gap_y: float = MIN_GAP,
    title_height: float = 15 * MM,
    band_height: float = 8 * MM,
) -> ScaffoldMatPlan:
    """Lay out `board` for cards of size `card`; `gap_x` defaults to the capped-card room."""
    if clearance < MIN_CLEARANCE:
        raise LayoutError("the clearance around a card must be at least 1.5 mm")
    if gap_x is None:
        gap_x = sideways_gap(card, clearance)
    cell_w, cell_h = card.width + 2 * clearance, card.height + 2 * clearance
    banded = bool(board.sides)
    bottom = band_height if banded else 0.0
    grid_h = SIZE * cell_h + (SIZE - 1) * gap_y
    grid_top = bottom + grid_h
    height = grid_top + (band_height if banded else 0.0) + title_height
    width = SIZE * cell_w + (SIZE - 1) * gap_x

    def cell_box(cell: Cell) -> Box:
        row, col = row_col(cell)
        return Box(
            col * (cell_w + gap_x), grid_top - (row + 1) * cell_h - row * gap_y, cell_w, cell_h
        )

    spaces = {cell: cell_box(cell) for cell in board.spaces}
    panels = {k: cell_box(c) for k, c in PANEL_CELLS.items() if not board.is_space(c)}
    sides: dict[Colour, Box] = {}
    if banded:
        sides["red"] = Box(0, grid_top, width, band_height)
        sides["black"] = Box(0, 0, width, band_height)
    hints = tuple(_hint(outer, inner, spaces) for outer, inner in flow_pairs(board))
    title = Box(0, height - title_height, width, title_height)
    return ScaffoldMatPlan(
        board.mode, Size(width, height), card, clearance, spaces, title, panels, sides, hints
    )


def sideways_gap(card: Size, clearance: float) -> float:
    """The gap that lets a capped (sideways) card clear an upright card next to it, +0.5 mm,
    and `MIN_GAP` at least."""
    overhang = abs(card.height - card.width) / 2 - clearance
    return max(overhang - clearance + 0.5 * MM, MIN_GAP)


def _hint(outer: Cell, inner: Cell, spaces: dict[Cell, Box]) -> Hint:
    """The chevron between two neighbouring spaces, in the middle of the gap."""
    a, b = spaces[outer], spaces[inner]
    (ro, co), (ri, ci) = row_col(outer), row_col(inner)
    if ro == ri:
        left, right = (a, b) if co < ci else (b, a)
        x = (left.right + right.x) / 2
        return Hint(outer, inner, x, a.y + a.height / 2, 1 if ci > co else -1, 0)
    upper, lower = (a, b) if ro < ri else (b, a)
    y = (upper.y + lower.top) / 2
    return Hint(outer, inner, a.x + a.width / 2, y, 0, -1 if ri > ro else 1)
