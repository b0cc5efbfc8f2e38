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
played on a capped space.

Pure geometry, in points, y up.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.games.scaffold.rules import SIZE, Board, Cell, flow_pairs, row_col
from kitgen.layout.geometry import Box, LayoutError, Size
from kitgen.layout.units import MM
from kitgen.model.standard import Colour

MIN_CLEARANCE = 1.5 * MM
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

    def busy(self, hint_size: float, scale: float) -> tuple[Box, ...]:
        """Where the mat has ink, for tiling to keep its crosses off: the title strip, the
        key panels, the side bands, the hints (a square `hint_size` a side around each),
        and in each space its outline, its card's corner ticks, its name and its ring's
        words across the middle (text drawn `scale` times the poker size). A space's plain
        fill between them is free: a card covers it in play."""
        hints = tuple(
            Box(h.x - hint_size / 2, h.y - hint_size / 2, hint_size, hint_size) for h in self.hints
        )
        boxes: list[Box] = [self.title, *self.panels.values(), *self.sides.values(), *hints]
        tick = 3 * MM * scale + 1 * MM
        for cell, box in self.spaces.items():
            band = 1.5 * MM  # the outline, and black's second line inside it
            boxes += [
                Box(box.x, box.y, box.width, band),
                Box(box.x, box.top - band, box.width, band),
                Box(box.x, box.y, band, box.height),
                Box(box.right - band, box.y, band, box.height),
            ]
            card = self.card_box(cell)
            for x, y in (
                (card.x, card.y),
                (card.right, card.y),
                (card.x, card.top),
                (card.right, card.top),
            ):
                boxes.append(Box(x - tick, y - tick, 2 * tick, 2 * tick))
            boxes.append(
                Box(card.x, card.top - 2 * MM - 8 * scale, 16 * MM * scale, 2 * MM + 8 * scale)
            )
            cy = box.y + box.height / 2
            low, high = cy - 10 * MM * scale, cy + 1 * MM + 12 * scale  # "ring 2" and its line
            boxes.append(Box(box.x, low, box.width, high - low))
        return tuple(boxes)


def plan_scaffold_mat(
    board: Board,
    card: Size,
    *,
    clearance: float = 2.5 * MM,
    gap_x: float | None = None,
    gap_y: float = 6 * MM,
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
    """The gap that lets a capped (sideways) card clear an upright card next to it, +0.5 mm."""
    overhang = abs(card.height - card.width) / 2 - clearance
    return max(overhang - clearance + 0.5 * MM, 4 * MM)


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
