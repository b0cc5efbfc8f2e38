"""How a sheet is cut: crop marks, full-length cut lines, or a cutting machine's marks.

Three ways (the `cut` print setting):

- `marks` (the default): short crop marks at both ends of every cut line, in the
  margins only (kitgen/layout/marks.py).
- `lines`: full-length cut lines for a paper trimmer or a guillotine. Every distinct
  card edge gets a line the whole width (or height) of the printable area, broken
  wherever a card's bleed box (grown by `gap`) is, so a line is drawn in the margins
  and across gutters and empty rows, never over a card. With gutters, both edges of
  every gutter are lines; butted cards share their edges and so their lines.
- `silhouette`: print and cut on a Silhouette CAMEO or Portrait. kitgen prints
  Silhouette Studio's registration marks ("Type 1": a filled 5 mm square at the top
  left, 20 mm L brackets at the top right and bottom left, 0.3 mm thick, their outer
  corners 10 mm in from the paper's edges) and keeps every card clear of them: cards
  stay inside the marks' rectangle by `MACHINE_CLEAR` and out of the 20 mm square
  each mark stands in, grown by `MACHINE_CLEAR` too (22 mm). The machine cuts the
  card outlines of a cut file made from the same plan (render/cutfile.py). A portrait
  page only, at most 12 x 24 in (a CAMEO's largest mat): the marks are placed on the
  page as it goes into the machine. The marks must print, so with a `margin` wider
  than Studio's default inset allows (its ink reaching within the margin), they move
  in to the next whole millimetre clear of it (`silhouette_inset`), and the sheet
  says which inset to set in Studio.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kitgen.layout.geometry import Box, Grid, LayoutError, Segment, Size, Slot
from kitgen.layout.limits import PRINT_LIMITS
from kitgen.layout.marks import cut_lines as distinct
from kitgen.layout.units import INCH, MM, format_mm
from kitgen.model.kit import CutMode


class CutError(LayoutError):
    """Cards that a cut mode cannot lay out (the `cut` setting is the one to change)."""


CUT_MODES: tuple[CutMode, ...] = ("marks", "lines", "silhouette")
# Why print-and-cut takes no fold-and-glue sheets: the command line and a kit's check
# both say it.
FOLD_REFUSED = "a cutting machine cannot cut fold-and-glue sheets (it reads the marks on one layer)"

LINE_GAP = 1 * MM  # a cut line stops this far from any card's bleed
_MIN_PIECE = 1 * MM  # shorter pieces of a cut line are left out
_TINY = 1e-9
_WITHIN = 1e-6  # points: Box.within's default slack

# Silhouette Studio's default registration marks (type 1), in millimetres.
SILHOUETTE_INSET = 10 * MM  # from each paper edge to the outer corner of a mark
SILHOUETTE_SQUARE = 5 * MM  # the filled square at the top left
SILHOUETTE_ARM = 20 * MM  # each arm of the L brackets at the top right and bottom left
SILHOUETTE_THICKNESS = 0.3 * MM  # the brackets' line width
MACHINE_CLEAR = 2 * MM  # cards keep this far from the marks and their squares
SILHOUETTE_WIDTH = 12 * INCH  # the widest sheet a CAMEO takes: its 12 in mats
SILHOUETTE_LENGTH = 24 * INCH  # the longest: its 12 x 24 in mat


def full_cut_lines(
    slots: tuple[Slot, ...], area: Box, *, gap: float = LINE_GAP
) -> tuple[Segment, ...]:
    """Cut lines along every distinct trim edge of `slots`, across `area`, broken where
    any bleed box grown by `gap` is (see the module docstring). Sorted, plain values."""
    blocks = [s.bleed.inset(-gap) for s in slots]
    segments: list[Segment] = []
    xs = distinct([s.trim.x for s in slots] + [s.trim.right for s in slots])
    ys = distinct([s.trim.y for s in slots] + [s.trim.top for s in slots])
    for x in xs:
        cuts = [(b.y, b.top) for b in blocks if b.x - _TINY <= x <= b.right + _TINY]
        for lo, hi in _pieces(area.y, area.top, cuts):
            segments.append(Segment(x, lo, x, hi))
    for y in ys:
        cuts = [(b.x, b.right) for b in blocks if b.y - _TINY <= y <= b.top + _TINY]
        for lo, hi in _pieces(area.x, area.right, cuts):
            segments.append(Segment(lo, y, hi, y))
    return tuple(sorted(segments, key=lambda s: (s.x0, s.y0, s.x1, s.y1)))


def _pieces(start: float, end: float, cuts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """What is left of [start, end] once every cut interval is taken out (short bits dropped)."""
    pieces: list[tuple[float, float]] = []
    at = start
    for lo, hi in sorted(cuts):
        if lo - at >= _MIN_PIECE:
            pieces.append((at, min(lo, end)))
        at = max(at, hi)
        if at >= end:
            break
    if end - at >= _MIN_PIECE:
        pieces.append((at, end))
    return [(lo, hi) for lo, hi in pieces if hi - lo >= _MIN_PIECE]


def with_cut_lines(grid: Grid, area: Box) -> Grid:
    """The grid with full-length cut lines across `area` instead of its crop marks."""
    return Grid(
        grid.page,
        grid.card,
        grid.bleed,
        grid.gutter,
        grid.cols,
        grid.rows,
        grid.slots,
        full_cut_lines(grid.slots, area),
    )


def silhouette_inset(margin: float) -> float:
    """How far in from each paper edge the marks' outer corners stand: Studio's default
    10 mm, or, when the brackets' ink (half their thickness outside that corner) would
    fall within a wider `margin` the printer cannot print, the next whole millimetre
    that clears it (the inset a designer types into Studio)."""
    needed = margin + SILHOUETTE_THICKNESS / 2
    if needed <= SILHOUETTE_INSET + _TINY:
        return SILHOUETTE_INSET
    return math.ceil(needed / MM - 1e-9) * MM


@dataclass(frozen=True)
class Registration:
    """A cutting machine's registration marks on a page: what to print (filled boxes),
    the areas they keep clear of cards and type (`keep_clear`), and the area cards may
    take (`inside`)."""

    machine: str
    page: Size
    inset: float  # from each paper edge to a mark's outer corner
    shapes: tuple[Box, ...]  # filled black: the square and the brackets' arms
    keep_clear: tuple[Box, ...]
    inside: Box
    corners: tuple[
        tuple[float, float], ...
    ]  # each mark's outer corner: top left, top right, bottom left


def silhouette_marks(page: Size, margin: float = 0.0) -> Registration:
    """Silhouette Studio's type 1 registration marks on a portrait `page` whose edges the
    printer cannot print within `margin` (see the module docstring for the numbers).
    LayoutError when the page is too small for them."""
    inset, arm, t = silhouette_inset(margin), SILHOUETTE_ARM, SILHOUETTE_THICKNESS
    clear = MACHINE_CLEAR
    width, height = page.width, page.height
    if width > SILHOUETTE_WIDTH + 1e-6 or height > SILHOUETTE_LENGTH + 1e-6:
        raise CutError(
            f"a {format_mm(width)[:-3]} x {format_mm(height)} page is larger than a Silhouette "
            "CAMEO takes (12 in wide, 24 in long on its longest mat)"
        )
    if width - 2 * inset < 2 * arm + 2 * clear or height - 2 * inset < 2 * arm + 2 * clear:
        moved = (
            ""
            if inset == SILHOUETTE_INSET
            else f" {format_mm(inset)} in from its edges (clear of the {format_mm(margin)} margin)"
        )
        raise CutError(
            f"a {format_mm(width)} x {format_mm(height)} page is too small for Silhouette "
            f"registration marks{moved}"
        )
    left, right, bottom, top = inset, width - inset, inset, height - inset
    square = Box(left, top - SILHOUETTE_SQUARE, SILHOUETTE_SQUARE, SILHOUETTE_SQUARE)
    shapes = (
        square,
        Box(right - arm, top - t / 2, arm + t / 2, t),  # top right: along the top
        Box(right - t / 2, top - arm, t, arm + t / 2),  # top right: down the side
        Box(left - t / 2, bottom - t / 2, arm + t / 2, t),  # bottom left: along the bottom
        Box(left - t / 2, bottom - t / 2, t, arm + t / 2),  # bottom left: up the side
    )
    side = arm + clear
    keep_clear = (
        Box(left - clear, top - arm, side, side),
        Box(right - arm, top - arm, side, side),
        Box(left - clear, bottom - clear, side, side),
    )
    inside = Box(left, bottom, right - left, top - bottom).inset(clear)
    corners = ((left, top), (right, top), (left, bottom))
    return Registration("Silhouette", page, inset, shapes, keep_clear, inside, corners)


def _overlaps(a: Box, b: Box) -> bool:
    return (
        min(a.right, b.right) - max(a.x, b.x) > _TINY and min(a.top, b.top) - max(a.y, b.y) > _TINY
    )


def plan_print_and_cut(
    paper: Size, card: Size, *, bleed: float, gutter: float, margin: float
) -> tuple[Grid, Registration]:
    """The grid with the most cards inside a cutting machine's marks on a portrait page
    that cannot be printed within `margin` of its edges, centred, no bleed box
    overlapping the area a mark keeps clear; the grid has no crop marks. LayoutError
    (saying why) when not one card fits."""
    page = paper if paper.orientation == "portrait" else paper.rotated()
    marks = silhouette_marks(page, margin)
    room = marks.inside
    pitch_x, pitch_y = card.width + 2 * bleed + gutter, card.height + 2 * bleed + gutter
    # Counted with the slack Box.within allows on each side (a grid that lies within
    # the marks' room to that slack is taken), then each candidate grid is checked
    # with within itself, so the planner and that test never disagree at an exact fit.
    max_cols = max(0, int((room.width + gutter + 2 * _WITHIN) // pitch_x))
    max_rows = max(0, int((room.height + gutter + 2 * _WITHIN) // pitch_y))
    if max_cols * max_rows > PRINT_LIMITS.max_cards_per_sheet:
        raise CutError(
            f"{max_cols:,} x {max_rows:,} cards would fit on one sheet; kitgen prints at most "
            f"{PRINT_LIMITS.max_cards_per_sheet:,} on a sheet (use larger cards or smaller paper)"
        )
    best: Grid | None = None
    for cols in range(max_cols, 0, -1):
        for rows in range(max_rows, 0, -1):
            if best is not None and cols * rows <= best.per_page:
                break
            grid = _centred(page, card, bleed, gutter, cols, rows)
            if not all(s.bleed.within(room, eps=_WITHIN) for s in grid.slots):
                continue
            if not any(_overlaps(s.bleed, k) for s in grid.slots for k in marks.keep_clear):
                best = grid
                break
    if best is None:
        raise CutError(
            f"a {format_mm(card.width)[:-3]} x {format_mm(card.height)} card with "
            f"{format_mm(bleed)} bleed does not fit inside {marks.machine}'s registration marks "
            f"on a {format_mm(page.width)[:-3]} x {format_mm(page.height)} page (the marks stand "
            f"{format_mm(marks.inset)} in from each edge and keep a "
            f"{format_mm(SILHOUETTE_ARM + MACHINE_CLEAR)} square clear at three corners)"
        )
    return best, marks


def _centred(page: Size, card: Size, bleed: float, gutter: float, cols: int, rows: int) -> Grid:
    """A grid of cols x rows cards centred on the page, without marks."""
    width = cols * (card.width + 2 * bleed) + (cols - 1) * gutter
    height = rows * (card.height + 2 * bleed) + (rows - 1) * gutter
    left, top = (page.width - width) / 2, (page.height + height) / 2
    step_x, step_y = card.width + 2 * bleed + gutter, card.height + 2 * bleed + gutter
    slots = []
    for row in range(rows):
        for col in range(cols):
            trim = Box(
                left + bleed + col * step_x,
                top - bleed - row * step_y - card.height,
                card.width,
                card.height,
            )
            slots.append(Slot(row, col, trim, trim.inset(-bleed)))
    return Grid(page, card, bleed, gutter, cols, rows, tuple(slots), ())
