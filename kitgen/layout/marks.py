"""Crop marks for a grid of cards.

Policy: marks are hairlines drawn only outside the grid. Each cut line (a trim
edge) gets one short line at each end, in line with the cut. A mark starts `gap`
outside the grid's extent - the union of the bleed boxes - so it begins at least
the bleed width (plus `gap`) beyond the cut line, never touches or crosses any
card's bleed, and runs outward for at most `length_max`, stopping short of the
page margin. Cards butted together (no bleed, no gutter) share a cut line and so
share its marks.

A sheet with empty slots (a deck's last sheet, a deck of two cards) prints only the
marks of the cut lines of its own cards (`marks_in_use`): a mark stays where the full
grid has it, and a cut line no card on the sheet has is left unmarked, so no mark
calls for a cut through an empty slot.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from kitgen.layout.geometry import Box, LayoutError, Segment, Size

SAME_LINE = 0.01  # points: cut lines closer than this are one line
_TINY = 1e-9


def cut_lines(values: list[float]) -> list[float]:
    """The distinct values, sorted, merging any within SAME_LINE of the previous one kept."""
    lines: list[float] = []
    for value in sorted(values):
        if not lines or value - lines[-1] > SAME_LINE:
            lines.append(value)
    return lines


def crop_marks(
    trims: list[Box],
    extent: Box,
    page: Size,
    *,
    margin: float,
    gap: float,
    length_max: float,
    bounds: Box | None = None,
) -> tuple[Segment, ...]:
    """Marks at both ends of every distinct cut line, outside `extent`, inside page minus margin.

    `bounds` (default: the page inset by `margin`) is the area marks must stay in;
    plan_fold uses it to keep marks off the fold line. Each segment starts at the
    end nearer the grid. A mark with no room left is left out.
    """
    if gap <= 0:
        raise LayoutError("the gap between crop marks and the cards must be positive")
    if length_max <= 0:
        raise LayoutError("crop marks must have a positive length")
    area = bounds if bounds is not None else Box(0.0, 0.0, page.width, page.height).inset(margin)
    segments: list[Segment] = []
    for x in cut_lines([b.x for b in trims] + [b.right for b in trims]):
        start = extent.top + gap
        length = min(length_max, area.top - start)
        if length > _TINY:
            segments.append(Segment(x, start, x, start + length))
        start = extent.y - gap
        length = min(length_max, start - area.y)
        if length > _TINY:
            segments.append(Segment(x, start, x, start - length))
    for y in cut_lines([b.y for b in trims] + [b.top for b in trims]):
        start = extent.x - gap
        length = min(length_max, start - area.x)
        if length > _TINY:
            segments.append(Segment(start, y, start - length, y))
        start = extent.right + gap
        length = min(length_max, area.right - start)
        if length > _TINY:
            segments.append(Segment(start, y, start + length, y))
    return tuple(sorted(segments, key=lambda s: (s.x0, s.y0, s.x1, s.y1)))


def marks_in_use(marks: tuple[Segment, ...], trims: Sequence[Box]) -> tuple[Segment, ...]:
    """The marks (crop marks or cut lines, each in line with its cut line) that mark a
    cut line of one of the cards `trims`: a vertical mark the line x = its x, a
    horizontal one the line y = its y. In order; all of them when the cards fill the
    grid the marks were made for."""
    xs = cut_lines([b.x for b in trims] + [b.right for b in trims])
    ys = cut_lines([b.y for b in trims] + [b.top for b in trims])
    return tuple(
        m for m in marks if (_on(m.x0, xs) if m.x0 == m.x1 else m.y0 == m.y1 and _on(m.y0, ys))
    )


def _on(value: float, lines: list[float]) -> bool:
    """Whether `value` is within SAME_LINE of one of the sorted `lines`."""
    at = bisect_left(lines, value - SAME_LINE)
    return at < len(lines) and lines[at] <= value + SAME_LINE
