"""Tiling: posters (play mats, boards) larger than the paper, cut into overlapping sheets.

A poster is drawn in its own coordinates (origin bottom-left, y up). Each tile
shows a window of it; neighbouring windows overlap by `overlap` so the sheets can
be trimmed and taped, and alignment crosses printed in the overlap let the
sheets be laid exactly on top of each other.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from kitgen.layout.geometry import Box, LayoutError, Segment, Size
from kitgen.layout.units import MM, format_mm

CROSS_ARM = 3 * MM
MIN_ARM = 1.5 * MM  # a cross kept clear of a poster's content has arms at least this long
CROSS_CLEAR = 0.5 * MM  # and keeps this far from it
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


def shared_points(a: Tile, b: Tile, busy: Sequence[Box] = ()) -> list[tuple[float, float]]:
    """Poster points where crosses go in the overlap strip of two edge neighbours."""
    return [(x, y) for x, y, _ in cross_places(a, b, busy)]


def cross_places(a: Tile, b: Tile, busy: Sequence[Box] = ()) -> list[tuple[float, float, float]]:
    """Where crosses go in the overlap strip of two edge neighbours, and each one's arm:
    (x, y, arm) in poster coordinates, the same for both tiles.

    On the strip's centre line, a quarter and three quarters along it, with arms of
    `CROSS_ARM` (at most 0.4 of the strip's width and length). `busy` boxes are where
    the poster has content (spaces, panels, text): then each cross goes where its arms
    and `CROSS_CLEAR` around them touch none, as near those two places as it can and
    with arms as long as the room allows (down to `MIN_ARM`); only where no such room
    is left on the centre line do the crosses keep the plain places.
    """
    if abs(a.row - b.row) + abs(a.col - b.col) != 1:
        return []
    strip = _intersection(a.window, b.window)
    if strip is None:
        return []
    arm = min(CROSS_ARM, 0.4 * strip.width, 0.4 * strip.height)
    along_y = a.row == b.row  # side by side: a vertical strip, crosses one above the other
    centre = strip.x + strip.width / 2 if along_y else strip.y + strip.height / 2
    lo, hi = (strip.y, strip.top) if along_y else (strip.x, strip.right)
    targets = (lo + (hi - lo) / 4, lo + 3 * (hi - lo) / 4)
    spots = list(targets)
    if busy:
        found = _free_spots(centre, lo, hi, arm, along_y, busy, targets)
        if found is not None:
            spots, arm = found
    if along_y:
        return [(centre, s, arm) for s in spots]
    return [(s, centre, arm) for s in spots]


def _free_spots(
    centre: float,
    lo: float,
    hi: float,
    arm: float,
    along_y: bool,
    busy: Sequence[Box],
    targets: tuple[float, float],
) -> tuple[list[float], float] | None:
    """Places along the centre line (from `lo` to `hi`) for two crosses clear of `busy`,
    nearest the targets, with the longest arm that leaves room for two (else one); None
    when there is no room even for one cross with `MIN_ARM` arms."""
    size = arm
    while size >= MIN_ARM - _EPS:
        room = size + CROSS_CLEAR
        blocked = []
        for box in busy:
            across = (box.x, box.right) if along_y else (box.y, box.top)
            if across[0] < centre + room and across[1] > centre - room:
                along = (box.y, box.top) if along_y else (box.x, box.right)
                blocked.append((along[0] - room, along[1] + room))
        free = _subtract(lo + size, hi - size, blocked)
        if free:
            first = _nearest(free, targets[0])
            second = _nearest(free, targets[1])
            if abs(second - first) < 4 * size:  # too close together: spread them out
                first, second = free[0][0], free[-1][1]
            if abs(second - first) >= 4 * size:
                return [first, second], size
            if size <= MIN_ARM + _EPS:
                return [first], size
        size = max(size - 0.5 * MM, MIN_ARM) if size > MIN_ARM + _EPS else size - 1
    return None


def _subtract(
    lo: float, hi: float, blocked: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """The parts of [lo, hi] outside every blocked interval (single points kept)."""
    free: list[tuple[float, float]] = []
    at = lo
    for start, end in sorted(blocked):
        if start > at + _EPS and at <= hi:
            free.append((at, min(start, hi)))
        at = max(at, end)
    if at <= hi + _EPS:
        free.append((at, hi))
    return [(s, e) for s, e in free if e >= s - _EPS]


def _nearest(free: list[tuple[float, float]], target: float) -> float:
    """The point of the free intervals nearest `target` (the lower one on a tie)."""
    best = min(free, key=lambda iv: (max(iv[0] - target, 0.0, target - iv[1]), iv[0]))
    return min(max(target, best[0]), best[1])


def alignment_marks(tile: Tile, tiles: list[Tile], busy: Sequence[Box] = ()) -> tuple[Segment, ...]:
    """Crosses on this tile at points shared with neighbours (see cross_places; `busy`
    boxes, in poster coordinates, are kept clear).

    The same poster points appear on both neighbouring sheets, so laying the
    crosses on top of each other aligns them. Every cross lies inside the tile's
    clip box. Segments are in page coordinates, sorted.
    """
    segments: list[Segment] = []
    for other in tiles:
        for px, py, arm in cross_places(tile, other, busy):
            x, y = tile.to_page(px, py)
            segments.append(Segment(x - arm, y, x + arm, y))
            segments.append(Segment(x, y - arm, x, y + arm))
    return tuple(sorted(segments, key=lambda s: (s.x0, s.y0, s.x1, s.y1)))
