"""Tiling: posters (play mats, boards) larger than the paper, cut into overlapping sheets.

A poster is drawn in its own coordinates (origin bottom-left, y up). Each tile
shows a window of it; neighbouring windows overlap by `overlap` so the sheets can
be trimmed and taped, and alignment crosses printed in the overlap let the
sheets be laid exactly on top of each other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kitgen.layout.geometry import Box, LayoutError, Segment, Size
from kitgen.layout.units import MM, format_mm

CROSS_ARM = 3 * MM
_EPS = 1e-9


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled poster: which window of the poster it shows, and where."""

    index: int
    row: int  # row 0 shows the top of the poster
    col: int
    page: Size
    window: Box  # the part of the poster shown, in poster coordinates
    origin: tuple[float, float]  # where the poster's (0, 0) lands on the page
    clip: Box  # the window's position on the page

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """A poster point's position on this tile's page."""
        return x + self.origin[0], y + self.origin[1]


def _centred(page: Size, window: Box, index: int, row: int, col: int) -> Tile:
    """A tile showing `window`, centred on `page`."""
    clip = Box(
        (page.width - window.width) / 2,
        (page.height - window.height) / 2,
        window.width,
        window.height,
    )
    origin = (clip.x - window.x, clip.y - window.y)
    return Tile(index, row, col, page, window, origin, clip)


def _pieces(length: float, room: float, overlap: float) -> int:
    """The fewest windows of at most `room` covering `length`, neighbours overlapping."""
    if length <= room + _EPS:
        return 1
    return math.ceil((length - overlap) / (room - overlap) - _EPS)


def tile(poster: Size, paper: Size, *, margin: float, overlap: float = 10 * MM) -> list[Tile]:
    """The sheets that print `poster` on `paper`: one centred tile if it fits, else a grid.

    Both orientations of the paper are tried; the fewest tiles win, then portrait.
    Every tile of one job uses the same page orientation, all windows have the same
    size, neighbours overlap by exactly `overlap`, and tiles come in row-major
    order with row 0 at the top of the poster.
    """
    if poster.width <= 0 or poster.height <= 0:
        raise LayoutError("the poster must have a positive width and height")
    if margin < 0:
        raise LayoutError("margin cannot be negative")
    if overlap < 0:
        raise LayoutError("overlap cannot be negative")
    pages = sorted({paper, paper.rotated()}, key=lambda p: p.orientation != "portrait")
    best: tuple[int, Size, int, int] | None = None
    for page in pages:
        room_w, room_h = page.width - 2 * margin, page.height - 2 * margin
        if room_w <= 0 or room_h <= 0:
            continue
        fits = poster.width <= room_w + _EPS and poster.height <= room_h + _EPS
        if not fits and (room_w <= overlap or room_h <= overlap):
            continue
        cols = _pieces(poster.width, room_w, overlap)
        rows = _pieces(poster.height, room_h, overlap)
        if best is None or cols * rows < best[0]:
            best = (cols * rows, page, cols, rows)
    if best is None:
        raise LayoutError(
            f"the printable area of a {format_mm(paper.width)} x {format_mm(paper.height)}"
            f" page with {format_mm(margin)} margins is not larger than the"
            f" {format_mm(overlap)} overlap between tiles"
        )
    _, page, cols, rows = best
    width = (poster.width + (cols - 1) * overlap) / cols
    height = (poster.height + (rows - 1) * overlap) / rows
    tiles: list[Tile] = []
    for row in range(rows):
        for col in range(cols):
            x = col * (width - overlap)
            y = poster.height - height - row * (height - overlap)
            if col == cols - 1:
                x = poster.width - width  # exact at the far edges despite rounding
            if row == rows - 1:
                y = 0.0
            window = Box(x, y, width, height)
            tiles.append(_centred(page, window, len(tiles), row, col))
    return tiles


def _intersection(a: Box, b: Box) -> Box | None:
    """The overlap of two boxes, or None when they only touch or are apart."""
    x0, x1 = max(a.x, b.x), min(a.right, b.right)
    y0, y1 = max(a.y, b.y), min(a.top, b.top)
    if x1 - x0 <= _EPS or y1 - y0 <= _EPS:
        return None
    return Box(x0, y0, x1 - x0, y1 - y0)


def shared_points(a: Tile, b: Tile) -> list[tuple[float, float]]:
    """Poster points where crosses go in the overlap strip of two edge neighbours."""
    if abs(a.row - b.row) + abs(a.col - b.col) != 1:
        return []
    strip = _intersection(a.window, b.window)
    if strip is None:
        return []
    cx, cy = strip.x + strip.width / 2, strip.y + strip.height / 2
    if a.row == b.row:  # side by side: a vertical strip
        return [(cx, strip.y + strip.height / 4), (cx, strip.y + 3 * strip.height / 4)]
    return [(strip.x + strip.width / 4, cy), (strip.x + 3 * strip.width / 4, cy)]


def alignment_marks(tile: Tile, tiles: list[Tile]) -> tuple[Segment, ...]:
    """Crosses (3 mm arms, less in a narrow overlap) on this tile at points shared with neighbours.

    The same poster points appear on both neighbouring sheets, so laying the
    crosses on top of each other aligns them. Every cross lies inside the tile's
    clip box. Segments are in page coordinates, sorted.
    """
    segments: list[Segment] = []
    for other in tiles:
        for px, py in shared_points(tile, other):
            strip = _intersection(tile.window, other.window)
            assert strip is not None
            arm = min(CROSS_ARM, 0.4 * strip.width, 0.4 * strip.height)
            x, y = tile.to_page(px, py)
            segments.append(Segment(x - arm, y, x + arm, y))
            segments.append(Segment(x, y - arm, x, y + arm))
    return tuple(sorted(segments, key=lambda s: (s.x0, s.y0, s.x1, s.y1)))
