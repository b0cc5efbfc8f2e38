"""Where the scale bar, the print-at-100% note and the sheet label go on a sheet.

They sit in the bands between the card grid and the printer margin (above and
below the grid). A band is cut into spans by every mark that crosses it (crop
marks and cut lines stand on cut lines) and by any area kept clear (a cutting
machine's registration marks), so text placed inside a span never touches a
card, a mark or a cut line. The first span that counts is the first column's;
slivers narrower than `MIN_SPAN` (the bleed between two columns) are skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kitgen.layout.geometry import Box, Grid, Segment
from kitgen.layout.units import MM

BAR_HEIGHT = 1.6 * MM
_CLEAR = 1.5 * MM
_LABEL = 9 * MM  # room for the "50 mm" label after the bar
MIN_SPAN = 8 * MM  # narrower spans (after their clearance) hold no text
_TINY = 1e-6


@dataclass(frozen=True)
class ScaleBarPlace:
    """The bar's box, its length in millimetres, the note's box (None if no room), and
    the further spans along the band the note may run on into when it is too long for
    its box."""

    bar: Box
    length_mm: int
    note: Box | None
    more: tuple[Box, ...] = ()


def band_spans(
    grid: Grid,
    lo: float,
    hi: float,
    *,
    marks: Sequence[Segment],
    left: float,
    right: float,
    keep_clear: Sequence[Box] = (),
) -> list[tuple[float, float]]:
    """The free stretches, left to right, of the band between heights `lo` and `hi` and
    between `left` and `right`: cut at every mark that reaches into the band and around
    every kept-clear box that overlaps it (each side of a cut keeps `_CLEAR` of room).
    Only stretches from the first column's left cut line on are given."""
    cuts: list[tuple[float, float]] = []
    for m in marks:
        if max(m.y0, m.y1) > lo + _TINY and min(m.y0, m.y1) < hi - _TINY:
            cuts.append((min(m.x0, m.x1), max(m.x0, m.x1)))
    for box in keep_clear:
        if box.top > lo + _TINY and box.y < hi - _TINY:
            cuts.append((box.x, box.right))
    first = min(s.trim.x for s in grid.slots)
    edges = sorted(cuts)
    spans: list[tuple[float, float]] = []
    start = left
    for x0, x1 in edges:
        if x0 > start:
            spans.append((start, x0))
        start = max(start, x1)
    if right > start:
        spans.append((start, right))
    return [(max(a, first), b) for a, b in spans if b > first + _TINY]


def _boxes(spans: list[tuple[float, float]], y: float, height: float) -> list[Box]:
    """Each span less its clearance as a box from `y`, `height` high; slivers skipped."""
    boxes = []
    for a, b in spans:
        width = b - a - 2 * _CLEAR
        if width >= MIN_SPAN - _TINY:
            boxes.append(Box(a + _CLEAR, y, width, height))
    return boxes


def place_scale_bar(
    grid: Grid,
    *,
    margin: float,
    gap: float = 1 * MM,
    area: Box | None = None,
    keep_clear: Sequence[Box] = (),
) -> ScaleBarPlace | None:
    """Place the bar under the first column (or above it) and the note in the next span.

    `area` (default: the page inside the margin) bounds the bands; `keep_clear` boxes
    (a cutting machine's registration marks) are left free like marks."""
    area = area if area is not None else Box(0, 0, grid.page.width, grid.page.height).inset(margin)
    extent = grid.extent
    below = (area.y, extent.y - gap)
    above = (extent.top + gap, area.top)
    lo, hi = below if below[1] - below[0] >= BAR_HEIGHT + 1 * MM else above
    if hi - lo < BAR_HEIGHT + 0.5 * MM:
        return None
    mid = (lo + hi) / 2
    spans = band_spans(
        grid, lo, hi, marks=grid.marks, left=area.x, right=area.right, keep_clear=keep_clear
    )
    boxes = _boxes(spans, mid - 1.2 * MM, 2.4 * MM)
    if not boxes:
        return None
    first = boxes[0]
    room = first.width - _LABEL
    length = next((n for n in (50, 40, 30, 20, 10) if n * MM <= room), 0)
    if length == 0:
        return None
    bar = Box(first.x, mid - BAR_HEIGHT / 2, length * MM, BAR_HEIGHT)
    note = boxes[1] if len(boxes) > 1 else None
    after = bar.right + _LABEL + _CLEAR  # one span (no mark crosses the band): share it
    if note is None and first.right - after >= MIN_SPAN:
        note = Box(after, first.y, first.right - after, first.height)
    return ScaleBarPlace(bar, length, note, tuple(boxes[2:]))


def label_boxes(
    grid: Grid,
    *,
    margin: float,
    gap: float = 1 * MM,
    area: Box | None = None,
    keep_clear: Sequence[Box] = (),
) -> list[Box]:
    """Room for the sheet's label above the top row, span by span from the first column's
    cut lines on (see band_spans); empty when the band is too low for type."""
    area = area if area is not None else Box(0, 0, grid.page.width, grid.page.height).inset(margin)
    extent = grid.extent
    lo, hi = extent.top + gap, area.top
    if hi - lo < 2 * MM:
        return []
    height = min(hi - lo, 4.6 * MM)
    spans = band_spans(
        grid, lo, hi, marks=grid.marks, left=area.x, right=area.right, keep_clear=keep_clear
    )
    return _boxes(spans, (lo + hi - height) / 2, height)


def place_label(grid: Grid, *, margin: float, gap: float = 1 * MM) -> Box | None:
    """The first of label_boxes: the first column's, inside its cut lines (None if none)."""
    boxes = label_boxes(grid, margin=margin, gap=gap)
    return boxes[0] if boxes else None


def flow_text(
    lines: Sequence[Sequence[str]],
    boxes: Sequence[Box],
    rows: int,
    width: Callable[[str], float],
    *,
    join: str = " \u00b7 ",
) -> list[tuple[int, int, str]]:
    """Set lines of text, each a list of pieces, into boxes of `rows` rows each: (box
    index, row, text) for every row used.

    When every line fits whole on a row of the first box, one line a row there. Else
    each line starts in a box of its own and its pieces fill that box's rows, joined by
    `join`, then run on into the next box. A piece too long for any row is cut short
    with an ellipsis; text left over when the boxes run out is left out (the last row
    set ends with an ellipsis).
    """
    if not boxes or rows < 1:
        return []
    whole = [join.join(line) for line in lines]
    if len(whole) <= rows and all(width(text) <= boxes[0].width + _TINY for text in whole):
        return [(0, row, text) for row, text in enumerate(whole)]
    placed: list[tuple[int, int, str]] = []
    box, row = -1, rows  # the next line opens a new box
    for line in lines:
        box, row = box + 1, 0
        if box >= len(boxes):
            break
        current = ""
        for piece in line:
            trial = piece if not current else current + join + piece
            if width(trial) <= boxes[box].width + _TINY:
                current = trial
                continue
            if current:
                placed.append((box, row, current))
                row += 1
                if row >= rows:
                    box, row = box + 1, 0
                    if box >= len(boxes):
                        return _ellipsis(placed, boxes, width)
            current = _shorten(piece, boxes[box].width, width)
        if current:
            placed.append((box, row, current))
    if box >= len(boxes):
        return _ellipsis(placed, boxes, width)
    return placed


def _shorten(text: str, room: float, width: Callable[[str], float]) -> str:
    """`text`, cut short with an ellipsis until it fits `room`."""
    while width(text) > room and len(text) > 4:
        text = text[:-2] + "\u2026"
    return text


def _ellipsis(
    placed: list[tuple[int, int, str]], boxes: Sequence[Box], width: Callable[[str], float]
) -> list[tuple[int, int, str]]:
    """`placed` with its last row ending in an ellipsis: more text did not fit."""
    if not placed:
        return placed
    box, row, text = placed[-1]
    placed[-1] = (box, row, _shorten(text + "\u2026", boxes[box].width, width))
    return placed
