"""Imposition: how many cards fit on a sheet, where each goes, and where its back goes.

Every card has a trim box (the card itself) and a bleed box (the trim grown by
the bleed on every side). Neighbouring trim boxes are `2 * bleed + gutter` apart,
so bleed boxes never overlap; with no bleed and no gutter the cards are butted
and share their cut lines. Each grid is centred on its page (or, for fold-and-glue,
in its half of the page) and leaves room for crop marks around it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from kitgen.layout.geometry import (
    Box,
    Duplex,
    Grid,
    LayoutError,
    PagePlan,
    Placement,
    Segment,
    Size,
    Slot,
)
from kitgen.layout.limits import PRINT_LIMITS, PrintLimits, too_many_cards
from kitgen.layout.marks import crop_marks, marks_in_use
from kitgen.layout.units import MM, format_mm

_EPS = 1e-9  # points: slack so exact fits are not lost to rounding


def _check(
    paper: Size,
    card: Size,
    bleed: float,
    margin: float,
    gutter: float,
    mark_gap: float,
    mark_min: float,
    mark_max: float,
) -> None:
    """LayoutError for sizes and spacings that make no sense."""
    if paper.width <= 0 or paper.height <= 0:
        raise LayoutError("the paper must have a positive width and height")
    if card.width <= 0 or card.height <= 0:
        raise LayoutError("the card must have a positive width and height")
    for name, value in (("bleed", bleed), ("margin", margin), ("gutter", gutter)):
        if value < 0:
            raise LayoutError(f"{name} cannot be negative")
    if mark_gap <= 0:
        raise LayoutError("the gap between crop marks and the cards must be positive")
    if mark_min <= 0 or mark_max < mark_min:
        raise LayoutError("crop marks need 0 < shortest length <= longest length")


def _fit(room: float, size: float, bleed: float, gutter: float) -> int:
    """How many cards of `size` (plus bleed, spaced by gutter) fit in `room` along one axis."""
    pitch = size + 2 * bleed + gutter
    return max(0, math.floor((room + gutter + _EPS) / pitch))


def _span(count: int, size: float, bleed: float, gutter: float) -> float:
    """The length of `count` bleed boxes in a row, gutters included."""
    return count * (size + 2 * bleed) + (count - 1) * gutter


def _slots(
    card: Size, bleed: float, gutter: float, cols: int, rows: int, left: float, top: float
) -> tuple[Slot, ...]:
    """Row-major slots (row 0 at the top) for a grid whose bleed union starts at (left, top)."""
    step_x = card.width + 2 * bleed + gutter
    step_y = card.height + 2 * bleed + gutter
    slots = []
    for row in range(rows):
        for col in range(cols):
            x = left + bleed + col * step_x
            y = top - bleed - row * step_y - card.height
            trim = Box(x, y, card.width, card.height)
            slots.append(Slot(row, col, trim, trim.inset(-bleed)))
    return tuple(slots)


def _grid(
    page: Size,
    card: Size,
    bleed: float,
    gutter: float,
    cols: int,
    rows: int,
    left: float,
    top: float,
    *,
    bounds: Box,
    mark_gap: float,
    mark_max: float,
) -> Grid:
    """A Grid with its slots and crop marks (kept inside `bounds`)."""
    slots = _slots(card, bleed, gutter, cols, rows, left, top)
    extent = Box(
        left,
        top - _span(rows, card.height, bleed, gutter),
        _span(cols, card.width, bleed, gutter),
        _span(rows, card.height, bleed, gutter),
    )
    marks = crop_marks(
        [s.trim for s in slots],
        extent,
        page,
        margin=bounds.x,
        gap=mark_gap,
        length_max=mark_max,
        bounds=bounds,
    )
    return Grid(page, card, bleed, gutter, cols, rows, slots, marks)


def _check_per_sheet(cols: int, rows: int, limits: PrintLimits) -> None:
    """LayoutError, before any slot is made, for more cards on a sheet than kitgen prints."""
    if cols * rows > limits.max_cards_per_sheet:
        raise LayoutError(
            f"{cols:,} x {rows:,} cards would fit on one sheet; kitgen prints at most "
            f"{limits.max_cards_per_sheet:,} on a sheet (use larger cards or smaller paper)"
        )


def sheet_layout(
    paper: Size,
    card: Size,
    *,
    bleed: float,
    margin: float,
    gutter: float,
    duplex: str,
    cut: str = "marks",
) -> tuple[int, int]:
    """How many cards one sheet holds, and how many pages a sheet takes (a back page
    too, except with duplex none or fold, whose backs share the front page);
    LayoutError when the cards do not fit, or a sheet would hold more than kitgen
    prints (CutError when the cut mode is why)."""
    sizes = {"bleed": bleed, "margin": margin, "gutter": gutter}
    if cut == "silhouette":
        from kitgen.layout.cutting import FOLD_REFUSED, CutError, plan_print_and_cut

        if duplex == "fold":
            raise CutError(f"{FOLD_REFUSED}: use duplex long, short or none")
        grid, _ = plan_print_and_cut(paper, card, bleed=bleed, gutter=gutter, margin=margin)
        return grid.per_page, 1 if duplex == "none" else 2
    if duplex == "fold":
        return plan_fold(paper, card, **sizes)[0].per_page, 1
    return plan_grid(paper, card, **sizes).per_page, 1 if duplex == "none" else 2


def sheet_count(count: int, per_page: int) -> int:
    """How many sheets `count` cards fill at `per_page` a sheet."""
    return -(-count // per_page) if per_page > 0 else 0


def check_pages(count: int, per_page: int, sides: int, limits: PrintLimits = PRINT_LIMITS) -> None:
    """LayoutError when `count` cards, `per_page` a sheet, `sides` pages a sheet, are more
    cards or pages than one PDF may hold."""
    too_many = too_many_cards(count, limits)
    if too_many is not None:
        raise LayoutError(too_many)
    pages = sheet_count(count, per_page) * sides
    if pages > limits.max_pages:
        raise LayoutError(
            f"{count:,} cards, {per_page:,} to a sheet, need {pages:,} pages; kitgen prints at "
            f"most {limits.max_pages:,} in one PDF (use smaller cards or larger paper)"
        )


def _does_not_fit(card: Size, bleed: float, page: str, margin: float) -> LayoutError:
    """The one-line message for a card that fits nowhere."""
    return LayoutError(
        f"a {_number(card.width)} x {format_mm(card.height)} card with"
        f" {format_mm(bleed)} bleed does not fit on {page} with {format_mm(margin)} margins"
        " and room for crop marks"
    )


def _number(points: float) -> str:
    """Millimetres without the unit, for "63 x 88 mm"."""
    return format_mm(points).removesuffix(" mm")


def _page_name(page: Size) -> str:
    """'a 210 x 297 mm page' for messages."""
    return f"a {_number(page.width)} x {format_mm(page.height)} page"


def plan_grid(
    paper: Size,
    card: Size,
    *,
    bleed: float,
    margin: float,
    gutter: float = 0.0,
    mark_gap: float = 1 * MM,
    mark_min: float = 3 * MM,
    mark_max: float = 5 * MM,
) -> Grid:
    """The grid with the most cards on `paper` (portrait or landscape), centred on the page.

    The union of the bleed boxes, grown by `mark_gap + mark_min` on every side for
    crop marks, must fit inside the page minus `margin`. On a tie the orientation
    of `paper` as given wins.
    """
    _check(paper, card, bleed, margin, gutter, mark_gap, mark_min, mark_max)
    room = mark_gap + mark_min
    best: tuple[int, Size, int, int] | None = None
    for page in (paper, paper.rotated()):
        cols = _fit(page.width - 2 * margin - 2 * room, card.width, bleed, gutter)
        rows = _fit(page.height - 2 * margin - 2 * room, card.height, bleed, gutter)
        if best is None or cols * rows > best[0]:
            best = (cols * rows, page, cols, rows)
    assert best is not None
    count, page, cols, rows = best
    if count == 0:
        raise _does_not_fit(card, bleed, _page_name(paper), margin)
    _check_per_sheet(cols, rows, PRINT_LIMITS)
    width = _span(cols, card.width, bleed, gutter)
    height = _span(rows, card.height, bleed, gutter)
    bounds = Box(0.0, 0.0, page.width, page.height).inset(margin)
    return _grid(
        page,
        card,
        bleed,
        gutter,
        cols,
        rows,
        (page.width - width) / 2,
        (page.height + height) / 2,
        bounds=bounds,
        mark_gap=mark_gap,
        mark_max=mark_max,
    )


def _flips_columns(page: Size, duplex: Duplex) -> bool:
    """True when the sheet turns about a vertical axis on the page, False for a horizontal one."""
    if duplex not in ("long", "short"):
        raise ValueError(f"duplex {duplex!r} has no back pages; use 'long' or 'short'")
    return (duplex == "long") == (page.orientation == "portrait")


def back_slot(grid: Grid, slot: Slot, duplex: Duplex) -> tuple[Slot, int]:
    """The slot on the back page behind `slot`, and the rotation (0 or 180) of the back there.

    The sheet turns over about its long edge ('long') or its short edge ('short').
    When that axis is vertical on the page - 'long' on a portrait page, 'short' on
    a landscape page - column c's back is at column cols-1-c in the same row,
    unrotated. When it is horizontal - 'short' on portrait, 'long' on landscape -
    row r's back is at row rows-1-r in the same column, turned 180 degrees.
    Because the grid is centred, the back slot's trim box mirrored about that axis
    is the front's trim box. Applying it twice gives the slot back. ValueError for
    'fold' and 'none'.
    """
    if _flips_columns(grid.page, duplex):
        return grid.slots[slot.row * grid.cols + (grid.cols - 1 - slot.col)], 0
    return grid.slots[(grid.rows - 1 - slot.row) * grid.cols + slot.col], 180


def _sheets(count: int, per_page: int) -> list[range]:
    """The card indices on each sheet."""
    return [range(start, min(start + per_page, count)) for start in range(0, count, per_page)]


def impose(
    count: int,
    grid: Grid,
    duplex: Duplex,
    *,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[PagePlan]:
    """Pages for cards 0..count-1: fronts in order, each followed by its back page when duplex.

    'none' gives front pages only; 'long' and 'short' give front, back, front,
    back... with the backs placed by back_slot and shifted by `back_offset`. A page
    with empty slots has only the marks of its own cards' cut lines (`_marks`).
    ValueError for 'fold' (use plan_fold and impose_fold) and a negative count.
    """
    if duplex == "fold":
        raise ValueError("fold-and-glue sheets are planned by plan_fold and impose_fold")
    if count < 0:
        raise ValueError("the card count cannot be negative")
    check_pages(count, grid.per_page, 1 if duplex == "none" else 2)
    pages: list[PagePlan] = []
    for sheet, cards in enumerate(_sheets(count, grid.per_page)):
        slots = grid.slots[: len(cards)]
        fronts = tuple(Placement(i, s) for i, s in zip(cards, slots, strict=True))
        pages.append(PagePlan(sheet, "front", grid.page, fronts, _marks(grid.marks, fronts)))
        if duplex == "none":
            continue
        backs = []
        for i, s in zip(cards, slots, strict=True):
            target, rotate = back_slot(grid, s, duplex)
            backs.append(Placement(i, target, rotate))
        marks = _marks(grid.marks, backs)
        pages.append(PagePlan(sheet, "back", grid.page, tuple(backs), marks, offset=back_offset))
    return pages


def _marks(marks: tuple[Segment, ...], placements: Sequence[Placement]) -> tuple[Segment, ...]:
    """A page's marks: the grid's, those of its cards' cut lines alone on a page with
    empty slots (kitgen.layout.marks.marks_in_use)."""
    return marks_in_use(marks, [p.slot.trim for p in placements])


def plan_fold(
    paper: Size,
    card: Size,
    *,
    bleed: float,
    margin: float,
    gutter: float = 0.0,
    mark_gap: float = 1 * MM,
    mark_min: float = 3 * MM,
    mark_max: float = 5 * MM,
) -> tuple[Grid, Grid, Segment]:
    """Fold-and-glue grids on a landscape page: (fronts on the left, backs on the right, fold).

    The fold is the vertical line at the page's centre x. Each half is planned like
    plan_grid, with the margin and mark room at the page edges. At the fold each
    grid keeps only `mark_gap` of clearance and has no crop marks: once the sheet
    is folded and glued, both layers are cut together along the outer marks. The
    backs grid is the exact mirror image of the fronts grid across the fold.
    """
    _check(paper, card, bleed, margin, gutter, mark_gap, mark_min, mark_max)
    page = paper if paper.width >= paper.height else paper.rotated()
    fold_x = page.width / 2
    room = mark_gap + mark_min
    clear = mark_gap  # between the fold and the nearest bleed edge
    avail_w = fold_x - margin - room - clear  # for the fronts' bleed union, left half
    cols = _fit(avail_w, card.width, bleed, gutter)
    rows = _fit(page.height - 2 * margin - 2 * room, card.height, bleed, gutter)
    if cols * rows == 0:
        where = f"each half of {_page_name(page)} folded in half"
        raise _does_not_fit(card, bleed, where, margin)
    _check_per_sheet(cols, rows, PRINT_LIMITS)
    width = _span(cols, card.width, bleed, gutter)
    height = _span(rows, card.height, bleed, gutter)
    left = margin + room + (avail_w - width)  # against the fold: more room for marks
    top = (page.height + height) / 2
    left_bounds = Box(margin, margin, fold_x - clear - margin, page.height - 2 * margin)
    right_bounds = Box(fold_x + clear, margin, left_bounds.width, left_bounds.height)
    fronts = _grid(
        page,
        card,
        bleed,
        gutter,
        cols,
        rows,
        left,
        top,
        bounds=left_bounds,
        mark_gap=mark_gap,
        mark_max=mark_max,
    )
    backs = _grid(
        page,
        card,
        bleed,
        gutter,
        cols,
        rows,
        2 * fold_x - left - width,
        top,
        bounds=right_bounds,
        mark_gap=mark_gap,
        mark_max=mark_max,
    )
    fronts = replace(fronts, marks=_outer_marks(fronts, keep_left=True))
    backs = replace(backs, marks=_outer_marks(backs, keep_left=False))
    return fronts, backs, Segment(fold_x, 0.0, fold_x, page.height)


def _outer_marks(grid: Grid, *, keep_left: bool) -> tuple[Segment, ...]:
    """A fold grid's marks without the horizontal ones on its fold side."""
    extent = grid.extent

    def on_fold_side(m: Segment) -> bool:
        if m.y0 != m.y1:
            return False
        if keep_left:
            return min(m.x0, m.x1) >= extent.right - 1e-6
        return max(m.x0, m.x1) <= extent.x + 1e-6

    return tuple(m for m in grid.marks if not on_fold_side(m))


def impose_fold(count: int, fronts: Grid, backs: Grid, fold: Segment) -> list[PagePlan]:
    """One page per sheet holding both the fronts and, mirrored across the fold, the backs.

    Card i's front is a Placement with item i at fronts slot k; its back is a
    Placement with item -(i + 1) - a negative item means "the back of card
    -item-1" - at the backs slot in the same row and column cols-1-col, unrotated.
    All fronts come first, then all backs, in card order. A sheet with empty slots
    has only the marks of its own cards' cut lines (`_marks`).
    """
    if count < 0:
        raise ValueError("the card count cannot be negative")
    if (fronts.cols, fronts.rows) != (backs.cols, backs.rows):
        raise ValueError("the fronts and backs grids must have the same shape")
    check_pages(count, fronts.per_page, 1)
    pages: list[PagePlan] = []
    for sheet, cards in enumerate(_sheets(count, fronts.per_page)):
        slots: Sequence[Slot] = fronts.slots[: len(cards)]
        front = [Placement(i, s) for i, s in zip(cards, slots, strict=True)]
        back = [
            Placement(-(i + 1), backs.slots[s.row * backs.cols + backs.cols - 1 - s.col])
            for i, s in zip(cards, slots, strict=True)
        ]
        placed = tuple(front + back)
        marks = _marks(fronts.marks + backs.marks, placed)
        pages.append(PagePlan(sheet, "front", fronts.page, placed, marks, fold=fold))
    return pages
