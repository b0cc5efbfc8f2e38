"""Tiling: posters (play mats, boards) larger than the paper, cut into overlapping sheets.

A poster is drawn in its own coordinates (origin bottom-left, y up). Each tile
shows a window of it; neighbouring windows overlap in a strip so the sheets can
be cut and taped. The middle of each strip is the seam: one of the two sheets
is cut along it and laid on the other, and alignment crosses on the seam (half
of each is cut off one sheet, the whole of it printed on the other) lay the
sheets exactly in place.

A poster may say where its content lies (`content` boxes: card spaces, panels,
text): then every seam runs between them, in a gap `SEAM_CLEAR` clear of each,
and the tiler takes as few sheets as that allows (narrowing the overlap down to
`MIN_OVERLAP` before it adds a sheet). Only a poster with no such gaps at all is
tiled as one without content.
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
SEAM_CLEAR = 0.5 * MM  # a seam keeps this far from a poster's content
MIN_OVERLAP = 4 * MM  # the narrowest overlap (2 mm under the sheet laid on top)
_OVERLAP_STEP = 0.5 * MM
_CROSS_ROOM = CROSS_ARM + CROSS_CLEAR - SEAM_CLEAR  # from a gap's edge to a full cross's centre
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
    margin: float = 0.0  # the page's margin (its printable area is inside it)

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """A poster point's position on this tile's page."""
        return x + self.origin[0], y + self.origin[1]


def _centred(page: Size, window: Box, index: int, row: int, col: int, margin: float = 0.0) -> Tile:
    """A tile showing `window`, centred on `page`."""
    clip = Box(
        (page.width - window.width) / 2,
        (page.height - window.height) / 2,
        window.width,
        window.height,
    )
    origin = (clip.x - window.x, clip.y - window.y)
    return Tile(index, row, col, page, window, origin, clip, margin)


def _pieces(length: float, room: float, overlap: float) -> int:
    """The fewest windows of at most `room` covering `length`, neighbours overlapping."""
    if length <= room + _EPS:
        return 1
    return math.ceil((length - overlap) / (room - overlap) - _EPS)


def tile(
    poster: Size,
    paper: Size,
    *,
    margin: float,
    overlap: float = 10 * MM,
    content: Sequence[Box] = (),
) -> list[Tile]:
    """The sheets that print `poster` on `paper`: one centred tile if it fits, else a grid.

    Both orientations of the paper are tried; the fewest tiles win, then portrait.
    Every tile of one job uses the same page orientation and tiles come in row-major
    order with row 0 at the top of the poster. Without `content`, all windows have
    the same size and neighbours overlap by exactly `overlap`. With it, every seam
    (the middle of an overlap) runs between the content boxes (see `seams`), the
    overlap is `overlap` or as little less (down to `MIN_OVERLAP`) as saves a sheet,
    and each window is as near the even split as the gaps allow.
    """
    if poster.width <= 0 or poster.height <= 0:
        raise LayoutError("the poster must have a positive width and height")
    if margin < 0:
        raise LayoutError("margin cannot be negative")
    if overlap < 0:
        raise LayoutError("overlap cannot be negative")
    pages = sorted({paper, paper.rotated()}, key=lambda p: p.orientation != "portrait")
    if content:
        between = _tile_between(poster, pages, margin, overlap, content)
        if between is not None:
            return between
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
            tiles.append(_centred(page, window, len(tiles), row, col, margin))
    return tiles


# --- Seams between content -------------------------------------------------------------------


@dataclass(frozen=True)
class Seams:
    """Where one axis of a poster is cut: the seams (ascending) and the overlap that
    each window reaches past a seam on either side (half the overlap)."""

    at: tuple[float, ...]
    overlap: float

    def windows(self, length: float) -> list[tuple[float, float]]:
        """Each window's (start, end) along the axis, ascending."""
        half = self.overlap / 2
        edges = [0.0, *(s for s in self.at), length]
        return [
            (
                0.0 if i == 0 else edges[i] - half,
                length if i == len(self.at) else edges[i + 1] + half,
            )
            for i in range(len(self.at) + 1)
        ]


def free_spans(length: float, blocked: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The parts of [0, `length`] where a seam may run: outside every blocked span (each
    a content box's extent along the axis) by `SEAM_CLEAR`."""
    spans = sorted((lo - SEAM_CLEAR, hi + SEAM_CLEAR) for lo, hi in blocked)
    return [(a, b) for a, b in _subtract(0.0, length, spans) if b - a >= 0]


def seams(
    length: float, room: float, overlap: float, blocked: Sequence[tuple[float, float]]
) -> Seams | None:
    """The seams that cut `length` into the fewest windows of at most `room`, each seam
    outside the `blocked` spans (see `free_spans`); None when no seams can. The overlap
    is `overlap`, or the widest down to `MIN_OVERLAP` (in 0.5 mm steps) that needs the
    fewest windows; the seams are those nearest the even split."""
    if length <= room + _EPS:
        return Seams((), overlap)
    free = free_spans(length, blocked)
    best: tuple[int, float] | None = None
    o = overlap
    while True:
        if room > o + _EPS:
            count = _fewest(length, room, o, free)
            if count is not None and (best is None or count < best[0]):
                best = (count, o)
        if o <= MIN_OVERLAP + _EPS:
            break
        o = max(o - _OVERLAP_STEP, MIN_OVERLAP)
    if best is None:
        return None
    count, o = best
    return Seams(tuple(_even(length, room, o, free, count)), o)


def _last_free(free: list[tuple[float, float]], limit: float) -> float | None:
    """The largest free point at or below `limit`."""
    found = None
    for a, b in free:
        if a <= limit + _EPS:
            found = min(b, limit)
    return found


def _first_free(free: list[tuple[float, float]], limit: float) -> float | None:
    """The smallest free point at or above `limit`."""
    for a, b in free:
        if b >= limit - _EPS:
            return max(a, limit)
    return None


def _fewest(length: float, room: float, o: float, free: list[tuple[float, float]]) -> int | None:
    """How many windows cover `length` with every seam free, each window reaching as far
    as it can (the fewest there are); None when a window cannot reach a free seam."""
    start, count = 0.0, 1
    while start + room < length - _EPS:
        s = _last_free(free, start + room - o / 2)
        if s is None or s - o / 2 <= start + o / 2 + _EPS:  # no room past the last strip
            return None
        start, count = s - o / 2, count + 1
    return count


def _even(
    length: float, room: float, o: float, free: list[tuple[float, float]], n: int
) -> list[float]:
    """`n - 1` free seams, each as near as the others allow to where equal windows put it."""
    width = (length + (n - 1) * o) / n
    targets = [k * (width - o) + o / 2 for k in range(1, n)]
    earliest = [0.0] * (n - 1)  # the least each seam can be with the windows after it fitting
    need = length - room + o / 2
    for k in range(n - 2, -1, -1):
        first = _first_free(free, need)
        earliest[k] = need if first is None else first
        need = earliest[k] - room + o
    out: list[float] = []
    for k, target in enumerate(targets):
        hi = room - o / 2 if not out else out[-1] + room - o
        lo = max(earliest[k], o if not out else out[-1] + o + _EPS)
        inside = [(max(a, lo), min(b, hi)) for a, b in free if min(b, hi) >= max(a, lo) - _EPS]
        if not inside:  # (cannot happen when n windows fit; kept safe)
            inside = [(lo, max(lo, hi))]
        # Away from the content either side where the gap allows, so that crosses fit
        # on the seam (`cross_places`): the middle of a narrow gap.
        keep = [
            (a + min((b - a) / 2, _CROSS_ROOM), b - min((b - a) / 2, _CROSS_ROOM))
            for a, b in inside
        ]
        out.append(_nearest(keep, target))
    return out


def _even_seams(length: float, room: float, overlap: float) -> Seams:
    """The seams of equal windows overlapping by `overlap` (as a poster without content)."""
    n = _pieces(length, room, overlap)
    width = (length + (n - 1) * overlap) / n
    return Seams(tuple(k * (width - overlap) + overlap / 2 for k in range(1, n)), overlap)


def _tile_between(
    poster: Size, pages: list[Size], margin: float, overlap: float, content: Sequence[Box]
) -> list[Tile] | None:
    """The tiles whose seams run between `content`, on the page that takes the fewest
    (then the one with the wider overlap, then portrait). An axis whose seams cannot all
    run between the content (a paper too small for the gaps) is cut evenly, as without
    content; a page where both axes can wins over any other, and among the others the
    fewest sheets win. None when the fewest are cut evenly both ways (the tiles of a
    poster without content) or the paper has no room for tiles."""
    across = [(b.x, b.right) for b in content]
    up = [(b.y, b.top) for b in content]
    best: tuple[tuple[int, int, int, float], Size, Seams, Seams] | None = None
    for page in pages:
        room_w, room_h = page.width - 2 * margin, page.height - 2 * margin
        if room_w <= overlap or room_h <= overlap:
            continue
        found_x = seams(poster.width, room_w, overlap, across)
        found_y = seams(poster.height, room_h, overlap, up)
        even_x = _even_seams(poster.width, room_w, overlap)
        even_y = _even_seams(poster.height, room_h, overlap)
        for xs, ys in ((found_x or even_x, found_y or even_y), (even_x, even_y)):
            failed = (found_x is None or xs is even_x) + (found_y is None or ys is even_y)
            count = (len(xs.at) + 1) * (len(ys.at) + 1)
            narrowest = min((s.overlap for s in (xs, ys) if s.at), default=overlap)
            score = (min(failed, 1), count, failed, -narrowest)
            if best is None or score < best[0]:
                best = (score, page, xs, ys)
    if best is None or best[0][2] == 2:  # (cut evenly both ways: as without content)
        return None
    _, page, xs, ys = best
    columns = xs.windows(poster.width)
    rows = list(reversed(ys.windows(poster.height)))  # row 0 at the top
    tiles: list[Tile] = []
    for row, (y0, y1) in enumerate(rows):
        for col, (x0, x1) in enumerate(columns):
            window = Box(x0, y0, x1 - x0, y1 - y0)
            tiles.append(_centred(page, window, len(tiles), row, col, margin))
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

    On the strip's centre line (the seam), a quarter and three quarters along it, with
    arms of `CROSS_ARM` (at most 0.4 of the strip's width and length). `busy` boxes are
    where the poster has content (spaces, panels, text): then each cross goes where its
    arms and `CROSS_CLEAR` around them touch none, as near those two places as it can
    and with arms as long as the room allows (down to `MIN_ARM`); where no such room is
    left on the seam there is no cross (the seam line lays the sheets: `seam_lines`).
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
        if found is None:
            return []
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
    nearest the targets, with the longest arm that leaves room for two (else one), and
    one in each half of the line where a shorter arm allows that; None when there is no
    room even for one cross with `MIN_ARM` arms."""
    size = arm
    mid = (lo + hi) / 2
    found: tuple[list[float], float] | None = None
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
                if first <= mid <= second:  # one in each half: as good as it gets
                    return [first, second], size
                if found is None or len(found[0]) < 2:
                    found = ([first, second], size)
            elif size <= MIN_ARM + _EPS and found is None:
                found = ([first], size)
        size = max(size - 0.5 * MM, MIN_ARM) if size > MIN_ARM + _EPS else size - 1
    return found


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


def seam_lines(tile: Tile, tiles: list[Tile]) -> tuple[Segment, ...]:
    """The seams on this tile, in page coordinates: the middle line of each overlap strip
    with an edge neighbour, from end to end of the strip. One of the two sheets is cut
    along it and laid on the other."""
    lines: list[Segment] = []
    for other in tiles:
        if abs(tile.row - other.row) + abs(tile.col - other.col) != 1:
            continue
        strip = _intersection(tile.window, other.window)
        if strip is None:
            continue
        if tile.row == other.row:  # side by side: an upright seam
            x = strip.x + strip.width / 2
            a, b = tile.to_page(x, strip.y), tile.to_page(x, strip.top)
        else:
            y = strip.y + strip.height / 2
            a, b = tile.to_page(strip.x, y), tile.to_page(strip.right, y)
        lines.append(Segment(a[0], a[1], b[0], b[1]))
    return tuple(sorted(lines, key=lambda s: (s.x0, s.y0, s.x1, s.y1)))
