"""Card grids, crop marks, duplex backs and fold-and-glue sheets, as plain values."""

from __future__ import annotations

import itertools

import pytest

from kitgen.layout.geometry import Box, Duplex, Grid, LayoutError, PagePlan, Segment, Size, Slot
from kitgen.layout.impose import back_slot, impose, impose_fold, plan_fold, plan_grid
from kitgen.layout.marks import crop_marks, marks_in_use
from kitgen.layout.paper import CARDS, PAPERS
from kitgen.layout.units import MM

EPS = 1e-6
MARGIN = 5 * MM
COMBOS = [(card, paper, bleed) for card in CARDS for paper in PAPERS for bleed in (0.0, 3 * MM)]


def grid_for(card: str, paper: str, bleed: float, **options: float) -> Grid:
    return plan_grid(PAPERS[paper], CARDS[card], bleed=bleed, margin=MARGIN, **options)


def touches(seg: Segment, box: Box) -> bool:
    """True when the closed segment meets the closed box (Liang-Barsky clipping)."""
    lo, hi = 0.0, 1.0
    dx, dy = seg.x1 - seg.x0, seg.y1 - seg.y0
    for p, q in (
        (-dx, seg.x0 - box.x),
        (dx, box.right - seg.x0),
        (-dy, seg.y0 - box.y),
        (dy, box.top - seg.y0),
    ):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                lo = max(lo, t)
            else:
                hi = min(hi, t)
    return lo <= hi


def overlaps(a: Box, b: Box) -> bool:
    """True when the boxes share area (touching edges is fine)."""
    return min(a.right, b.right) - max(a.x, b.x) > EPS and min(a.top, b.top) - max(a.y, b.y) > EPS


def printable(page: Size, margin: float = MARGIN) -> Box:
    return Box(0, 0, page.width, page.height).inset(margin)


def test_the_touch_helper_itself() -> None:
    box = Box(10, 10, 10, 10)
    assert touches(Segment(0, 15, 10, 15), box)  # ends on the left edge
    assert touches(Segment(0, 20, 30, 20), box)  # runs along the top edge
    assert touches(Segment(5, 5, 25, 25), box)  # crosses diagonally
    assert touches(Segment(12, 12, 13, 13), box)  # entirely inside
    assert touches(Segment(0, 30, 30, 0), box)  # crosses the corner region
    assert not touches(Segment(0, 15, 9.999, 15), box)
    assert not touches(Segment(0, 5, 30, 5), box)
    assert not touches(Segment(0, 25, 25, 30), box)
    assert not touches(Segment(0, 10, 9, 0), box)  # passes near the corner, outside


# --- cards per page ---------------------------------------------------------------


@pytest.mark.parametrize(("card", "paper", "bleed"), COMBOS)
def test_every_preset_fits(card: str, paper: str, bleed: float) -> None:
    grid = grid_for(card, paper, bleed)
    assert grid.per_page >= 1
    assert len(grid.slots) == grid.cols * grid.rows


@pytest.mark.parametrize(
    ("card", "paper", "bleed_mm", "cols", "rows", "orientation"),
    [
        ("poker", "a4", 3, 4, 2, "landscape"),
        ("poker", "a4", 0, 3, 3, "portrait"),
        ("poker", "letter", 3, 3, 2, "landscape"),
        # 1.5 mm bleed: each card takes 63 + 3 = 66 x 88 + 3 = 91 mm, and the grid may
        # use the page minus 5 mm margins minus 1 + 3 mm for marks on every side.
        # Portrait 210 x 297: 210 - 18 = 192 -> 2 columns (198 > 192); 297 - 18 = 279
        # -> 3 rows (273) = 6. Landscape 297 x 210: 279 -> 4 columns (264); 192 -> 2
        # rows (182) = 8. Landscape wins: 8 cards, 4 x 2.
        ("poker", "a4", 1.5, 4, 2, "landscape"),
        ("tarot", "a4", 3, 2, 2, "portrait"),
        ("mini-euro", "a3", 3, 5, 5, "portrait"),
        ("mini-us", "tabloid", 0, 10, 4, "landscape"),
        ("tarot", "half-letter", 3, 1, 1, "portrait"),
    ],
)
def test_exact_cards_per_page(
    card: str, paper: str, bleed_mm: float, cols: int, rows: int, orientation: str
) -> None:
    grid = grid_for(card, paper, bleed_mm * MM)
    assert (grid.cols, grid.rows, grid.page.orientation) == (cols, rows, orientation)
    assert grid.per_page == cols * rows


def test_a_tie_keeps_the_paper_as_given() -> None:
    square = CARDS["square"]  # 70 x 70 mm: 2 x 3 portrait or 3 x 2 landscape on A4
    portrait = plan_grid(PAPERS["a4"], square, bleed=0, margin=MARGIN)
    landscape = plan_grid(PAPERS["a4"].rotated(), square, bleed=0, margin=MARGIN)
    assert (portrait.cols, portrait.rows, portrait.page) == (2, 3, PAPERS["a4"])
    assert (landscape.cols, landscape.rows, landscape.page) == (3, 2, PAPERS["a4"].rotated())


# --- grid geometry ------------------------------------------------------------------


@pytest.mark.parametrize(("card", "paper", "bleed"), COMBOS)
def test_grid_is_centred_separated_and_inside_the_margins(
    card: str, paper: str, bleed: float
) -> None:
    grid = grid_for(card, paper, bleed)
    extent = grid.extent
    assert extent.x + extent.width / 2 == pytest.approx(grid.page.width / 2, abs=EPS)
    assert extent.y + extent.height / 2 == pytest.approx(grid.page.height / 2, abs=EPS)
    area = printable(grid.page)
    room = 4 * MM  # mark gap + shortest mark
    assert extent.inset(-room).within(area)
    for a, b in itertools.combinations(grid.slots, 2):
        assert not overlaps(a.bleed, b.bleed)
    for slot in grid.slots:
        assert slot.bleed.within(area)
        assert slot.trim.width == pytest.approx(CARDS[card].width)
        assert slot.bleed.x == pytest.approx(slot.trim.x - bleed)
        assert slot.bleed.top == pytest.approx(slot.trim.top + bleed)


def test_slots_are_row_major_from_the_top_with_the_bleed_spacing() -> None:
    # 3 mm bleed, 1 mm gutter: 4 x 69 + 3 x 1 = 279 mm, exactly the room on landscape A4
    grid = grid_for("poker", "a4", 3 * MM, gutter=1 * MM)
    assert [(s.row, s.col) for s in grid.slots] == [(r, c) for r in range(2) for c in range(4)]
    first, second, below = grid.slots[0], grid.slots[1], grid.slots[4]
    assert second.trim.x - first.trim.right == pytest.approx(2 * 3 * MM + 1 * MM)
    assert first.trim.y - below.trim.top == pytest.approx(2 * 3 * MM + 1 * MM)
    assert first.trim.y > below.trim.y  # row 0 is the top row


def test_impossible_and_negative_inputs_are_refused() -> None:
    with pytest.raises(LayoutError) as info:
        plan_grid(Size(100 * MM, 130 * MM), CARDS["tarot"], bleed=3 * MM, margin=MARGIN)
    assert str(info.value) == (
        "a 70 x 120 mm card with 3 mm bleed does not fit on a 100 x 130 mm page"
        " with 5 mm margins and room for crop marks"
    )
    with pytest.raises(LayoutError, match="bleed cannot be negative"):
        plan_grid(PAPERS["a4"], CARDS["poker"], bleed=-1, margin=MARGIN)
    with pytest.raises(LayoutError, match="margin cannot be negative"):
        plan_grid(PAPERS["a4"], CARDS["poker"], bleed=0, margin=-1)
    with pytest.raises(LayoutError, match="gutter cannot be negative"):
        plan_grid(PAPERS["a4"], CARDS["poker"], bleed=0, margin=0, gutter=-1)
    with pytest.raises(LayoutError) as info:
        plan_fold(PAPERS["half-letter"], CARDS["tarot"], bleed=3 * MM, margin=MARGIN)
    assert str(info.value) == (
        "a 70 x 120 mm card with 3 mm bleed does not fit on each half of a 215.9 x 139.7 mm"
        " page folded in half with 5 mm margins and room for crop marks"
    )


# --- crop marks ------------------------------------------------------------------------


def vertical(seg: Segment) -> bool:
    return seg.x0 == seg.x1


def check_marks(grid: Grid, area: Box, row_ends: tuple[bool, ...] = (False, True)) -> None:
    """Marks avoid every bleed box, stay in `area`, and stand at both ends of each cut.

    `row_ends` lists, for each horizontal cut, whether each mark is right of the grid:
    both ends normally, only the outer end on a fold-and-glue grid.
    """
    extent = grid.extent
    for seg in grid.marks:
        assert seg.x0 == seg.x1 or seg.y0 == seg.y1  # axis-aligned hairlines
        assert area.contains(seg.x0, seg.y0) and area.contains(seg.x1, seg.y1)
        length = abs(seg.x1 - seg.x0) + abs(seg.y1 - seg.y0)
        assert length <= 5 * MM + EPS
        for slot in grid.slots:
            assert not touches(seg, slot.bleed)
            assert not touches(seg, extent)
    xs = {round(x, 4) for s in grid.slots for x in (s.trim.x, s.trim.right)}
    ys = {round(y, 4) for s in grid.slots for y in (s.trim.y, s.trim.top)}
    for x in xs:
        ends = [s for s in grid.marks if vertical(s) and round(s.x0, 4) == x]
        assert sorted(s.y0 > extent.top for s in ends) == [False, True]
    for y in ys:
        ends = [s for s in grid.marks if not vertical(s) and round(s.y0, 4) == y]
        assert sorted(s.x0 > extent.right for s in ends) == list(row_ends)
    assert len(grid.marks) == 2 * len(xs) + len(row_ends) * len(ys)


@pytest.mark.parametrize(("card", "paper", "bleed"), COMBOS)
def test_crop_marks_on_every_preset(card: str, paper: str, bleed: float) -> None:
    grid = grid_for(card, paper, bleed)
    check_marks(grid, printable(grid.page))
    for seg in grid.marks:  # at least 3 mm long, starting bleed + 1 mm beyond the cut
        assert abs(seg.x1 - seg.x0) + abs(seg.y1 - seg.y0) >= 3 * MM - EPS


def test_marks_start_the_bleed_plus_the_gap_outside_the_cut_line() -> None:
    grid = grid_for("poker", "a4", 3 * MM)
    top_trim = max(s.trim.top for s in grid.slots)
    left_trim = min(s.trim.x for s in grid.slots)
    above = [s for s in grid.marks if vertical(s) and s.y0 > top_trim]
    left = [s for s in grid.marks if not vertical(s) and s.x0 < left_trim]
    assert {round(s.y0 - top_trim, 6) for s in above} == {round(4 * MM, 6)}
    assert {round(left_trim - s.x0, 6) for s in left} == {round(4 * MM, 6)}
    assert all(s.y1 > s.y0 for s in above) and all(s.x1 < s.x0 for s in left)


def test_butted_cards_share_cut_lines() -> None:
    grid = grid_for("poker", "a4", 0.0)
    assert (grid.cols, grid.rows) == (3, 3)
    assert len({s.x0 for s in grid.marks if vertical(s)}) == 4
    assert len({s.y0 for s in grid.marks if not vertical(s)}) == 4
    assert len(grid.marks) == 16


def test_separated_cards_have_their_own_cut_lines() -> None:
    grid = grid_for("poker", "a4", 3 * MM)  # 4 x 2: 8 vertical and 4 horizontal cut lines
    assert len(grid.marks) == 2 * 8 + 2 * 4


def test_crop_marks_are_cut_short_by_the_margin_and_left_out_without_room() -> None:
    trims = [Box(20, 20, 60, 60)]
    extent = trims[0]
    page = Size(100, 100)
    marks = crop_marks(trims, extent, page, margin=10, gap=2, length_max=5)
    # room on each side: 20 - 2 - 10 = 8 -> 5 (the longest mark)
    assert len(marks) == 8
    assert {round(abs(s.x1 - s.x0) + abs(s.y1 - s.y0), 9) for s in marks} == {5}
    short = crop_marks(trims, extent, page, margin=15, gap=2, length_max=5)
    assert {round(abs(s.x1 - s.x0) + abs(s.y1 - s.y0), 9) for s in short} == {3}
    assert crop_marks(trims, extent, page, margin=18, gap=2, length_max=5) == ()
    assert marks == tuple(sorted(marks, key=lambda s: (s.x0, s.y0, s.x1, s.y1)))
    with pytest.raises(LayoutError):
        crop_marks(trims, extent, page, margin=10, gap=0, length_max=5)


# --- duplex backs ---------------------------------------------------------------------


def back_positions(grid: Grid, duplex: Duplex) -> list[list[tuple[int, int, int]]]:
    """For each front slot, row by row: (back row, back column, rotation)."""
    rows = []
    for r in range(grid.rows):
        row = []
        for c in range(grid.cols):
            back, rotate = back_slot(grid, grid.slots[r * grid.cols + c], duplex)
            row.append((back.row, back.col, rotate))
        rows.append(row)
    return rows


def test_back_slots_on_a_portrait_grid() -> None:
    grid = grid_for("poker", "a4", 0.0)
    assert (grid.cols, grid.rows, grid.page.orientation) == (3, 3, "portrait")
    long = back_positions(grid, "long")
    assert [col for _, col, _ in long[0]] == [2, 1, 0]
    assert [row for row, _, _ in long[0]] == [0, 0, 0]
    assert {rot for row in long for _, _, rot in row} == {0}
    short = back_positions(grid, "short")
    assert short[0] == [(2, 0, 180), (2, 1, 180), (2, 2, 180)]
    assert [row[0][0] for row in short] == [2, 1, 0]


def test_back_slots_on_a_landscape_grid() -> None:
    grid = grid_for("poker", "a4", 3 * MM)
    assert (grid.cols, grid.rows, grid.page.orientation) == (4, 2, "landscape")
    assert back_positions(grid, "long") == [
        [(1, 0, 180), (1, 1, 180), (1, 2, 180), (1, 3, 180)],
        [(0, 0, 180), (0, 1, 180), (0, 2, 180), (0, 3, 180)],
    ]
    assert back_positions(grid, "short") == [
        [(0, 3, 0), (0, 2, 0), (0, 1, 0), (0, 0, 0)],
        [(1, 3, 0), (1, 2, 0), (1, 1, 0), (1, 0, 0)],
    ]


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize(("card", "paper", "bleed"), COMBOS)
def test_back_slot_twice_is_the_slot(card: str, paper: str, bleed: float, duplex: Duplex) -> None:
    grid = grid_for(card, paper, bleed)
    for slot in grid.slots:
        once, turn = back_slot(grid, slot, duplex)
        twice, _ = back_slot(grid, once, duplex)
        assert twice == slot
        assert turn in (0, 180)


@pytest.mark.parametrize("duplex", ["fold", "none"])
def test_back_slot_needs_a_two_sided_flip(duplex: Duplex) -> None:
    grid = grid_for("poker", "a4", 0.0)
    with pytest.raises(ValueError):
        back_slot(grid, grid.slots[0], duplex)


def mirrored(box: Box, page: Size, vertical_axis: bool) -> Box:
    if vertical_axis:
        return Box(page.width - box.x - box.width, box.y, box.width, box.height)
    return Box(box.x, page.height - box.y - box.height, box.width, box.height)


def same_box(a: Box, b: Box) -> bool:
    pairs = zip((a.x, a.y, a.width, a.height), (b.x, b.y, b.width, b.height), strict=True)
    return all(abs(p - q) <= EPS for p, q in pairs)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize(
    ("card", "paper", "bleed_mm", "gutter_mm"),
    [
        ("poker", "a4", 3, 0),
        ("poker", "a4", 0, 0),
        ("poker", "letter", 3, 2),
        ("tarot", "a3", 3, 0),
        ("mini-us", "tabloid", 0, 1.5),
        ("bridge", "half-letter", 3, 0),
        ("square", "a5", 2, 0),
    ],
)
def test_backs_line_up_with_fronts(
    card: str, paper: str, bleed_mm: float, gutter_mm: float, duplex: Duplex
) -> None:
    grid = grid_for(card, paper, bleed_mm * MM, gutter=gutter_mm * MM)
    pages = impose(grid.per_page * 2 + 1, grid, duplex)
    vertical_axis = (duplex == "long") == (grid.page.orientation == "portrait")
    fronts = {p.item: p.slot for page in pages if page.side == "front" for p in page.placements}
    checked = 0
    for page in pages:
        if page.side != "back":
            continue
        for placement in page.placements:
            assert placement.rotate == (0 if vertical_axis else 180)
            front = fronts[placement.item]
            assert same_box(mirrored(placement.slot.trim, grid.page, vertical_axis), front.trim)
            assert same_box(mirrored(placement.slot.bleed, grid.page, vertical_axis), front.bleed)
            checked += 1
    assert checked == grid.per_page * 2 + 1


# --- impose -----------------------------------------------------------------------------


def test_impose_long_edge_sheets() -> None:
    grid = grid_for("poker", "a4", 3 * MM)  # 8 per page
    pages = impose(20, grid, "long", back_offset=(0.5 * MM, -1 * MM))
    assert [(p.sheet, p.side) for p in pages] == [
        (0, "front"),
        (0, "back"),
        (1, "front"),
        (1, "back"),
        (2, "front"),
        (2, "back"),
    ]
    assert [len(p.placements) for p in pages] == [8, 8, 8, 8, 4, 4]
    front_items = [pl.item for p in pages if p.side == "front" for pl in p.placements]
    back_items = [pl.item for p in pages if p.side == "back" for pl in p.placements]
    assert front_items == list(range(20))
    assert sorted(back_items) == list(range(20))
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert {p.item for p in front.placements} == {p.item for p in back.placements}
        assert front.offset == (0.0, 0.0)
        assert back.offset == (0.5 * MM, -1 * MM)
        assert front.page == back.page == grid.page
    for page in pages[:4]:  # full sheets: every mark of the grid
        assert page.marks == grid.marks
    for page in pages[4:]:  # 4 cards in 8 slots: the marks of their cut lines only
        assert page.marks == marks_in_use(grid.marks, [p.slot.trim for p in page.placements])
        assert set(page.marks) < set(grid.marks)
    last_front = pages[4]
    assert [p.slot for p in last_front.placements] == list(grid.slots[:4])
    assert [p.slot.row for p in pages[5].placements] == [1, 1, 1, 1]  # 180-degree turn


def test_impose_without_duplex_and_with_nothing() -> None:
    grid = grid_for("poker", "a4", 0.0)  # 9 per page
    pages = impose(10, grid, "none", back_offset=(3.0, 3.0))
    assert [(p.sheet, p.side, len(p.placements)) for p in pages] == [
        (0, "front", 9),
        (1, "front", 1),
    ]
    assert all(p.offset == (0.0, 0.0) for p in pages)
    assert impose(0, grid, "long") == []
    assert impose(0, grid, "none") == []
    assert len(impose(9, grid, "short")) == 2
    with pytest.raises(ValueError, match="plan_fold"):
        impose(3, grid, "fold")


# --- fold and glue ----------------------------------------------------------------------


def fold_sheet(paper: str, bleed: float, margin: float) -> tuple[Grid, Grid, Segment]:
    return plan_fold(PAPERS[paper], CARDS["poker"], bleed=bleed, margin=margin)


@pytest.mark.parametrize(
    ("paper", "bleed_mm", "margin_mm", "cols", "rows"),
    [
        # Each half of landscape A4 is 148.5 mm wide. Poker cards with 3 mm bleed take
        # 69 mm each, so two need 138 mm, plus 4 mm (gap + mark) at the margin side and
        # only 1 mm of clearance at the fold (no marks there: both glued layers are cut
        # along the outer marks): 143 mm, leaving 5.5 mm for the margin.
        ("a4", 3, 5, 2, 2),
        ("a4", 3, 6, 1, 2),
        # Letter's half is 139.7 mm: 138 + 4 + 1 = 143 mm does not fit, whatever the margin.
        ("letter", 3, 0, 1, 2),
        ("letter", 3, 5, 1, 2),
        # With 1 mm bleed: 130 + 4 + 1 + 4.5 = 139.5 mm fits Letter with a 4.5 mm margin.
        ("letter", 1, 4.5, 2, 2),
        ("a4", 0, 5, 2, 2),
        ("letter", 0, 5, 2, 2),
    ],
)
def test_fold_cards_per_half(
    paper: str, bleed_mm: float, margin_mm: float, cols: int, rows: int
) -> None:
    fronts, backs, _ = fold_sheet(paper, bleed_mm * MM, margin_mm * MM)
    assert (fronts.cols, fronts.rows) == (cols, rows)
    assert (backs.cols, backs.rows) == (cols, rows)
    assert fronts.page.orientation == "landscape"


@pytest.mark.parametrize(
    ("paper", "bleed_mm", "margin_mm"),
    [("a4", 3, 2), ("a4", 3, 5), ("letter", 3, 5), ("letter", 0, 5), ("a3", 3, 5)],
)
def test_fold_backs_mirror_fronts_and_nothing_touches_the_fold(
    paper: str, bleed_mm: float, margin_mm: float
) -> None:
    margin = margin_mm * MM
    fronts, backs, fold = fold_sheet(paper, bleed_mm * MM, margin)
    page = fronts.page
    fx = page.width / 2
    assert fold == Segment(fx, 0.0, fx, page.height)
    fold_line = Box(fx, 0.0, 0.0, page.height)
    for slot in fronts.slots:
        back = backs.slots[slot.row * backs.cols + backs.cols - 1 - slot.col]
        assert (back.row, back.col) == (slot.row, fronts.cols - 1 - slot.col)
        mirror = Box(2 * fx - back.trim.right, back.trim.y, back.trim.width, back.trim.height)
        assert same_box(mirror, slot.trim)
        # Only clearance at the fold: no crop marks there (both layers are cut together).
        assert slot.bleed.right <= fx - 1 * MM + EPS
        assert back.bleed.x >= fx + 1 * MM - EPS
    assert not [m for m in fronts.marks if m.y0 == m.y1 and m.x0 > fronts.extent.right - EPS]
    assert not [m for m in backs.marks if m.y0 == m.y1 and m.x1 < backs.extent.x + EPS]
    mirrored_marks = {
        (round(2 * fx - s.x0, 6), round(s.y0, 6), round(2 * fx - s.x1, 6), round(s.y1, 6))
        for s in fronts.marks
    }
    assert mirrored_marks == {
        (round(s.x0, 6), round(s.y0, 6), round(s.x1, 6), round(s.y1, 6)) for s in backs.marks
    }
    for seg in fronts.marks + backs.marks:
        assert not touches(seg, fold_line)
    for slot in fronts.slots + backs.slots:
        assert not touches(Segment(fx, 0.0, fx, page.height), slot.bleed)
    area = printable(page, margin)
    check_marks(fronts, Box(area.x, area.y, fx - area.x, area.height), row_ends=(False,))
    check_marks(backs, Box(fx, area.y, area.right - fx, area.height), row_ends=(True,))
    for grid, outer in ((fronts, -4 * MM), (backs, 0.0)):
        extent = grid.extent
        assert extent.y + extent.height / 2 == pytest.approx(page.height / 2, abs=EPS)
        # Room for marks above, below and on the outer side; the fold side has none.
        room = Box(
            extent.x + outer, extent.y - 4 * MM, extent.width + 4 * MM, extent.height + 8 * MM
        )
        assert room.within(area)


def test_fold_turns_a_portrait_page_to_landscape() -> None:
    fronts, _, fold = fold_sheet("a4", 0.0, MARGIN)
    assert fronts.page == PAPERS["a4"].rotated()
    assert fold.x0 == fold.x1 == pytest.approx(297 * MM / 2)


def test_impose_fold_pages() -> None:
    fronts, backs, fold = fold_sheet("a4", 3 * MM, 2 * MM)  # 4 per sheet
    pages = impose_fold(10, fronts, backs, fold)
    assert [(p.sheet, p.side) for p in pages] == [(0, "front"), (1, "front"), (2, "front")]
    assert [len(p.placements) for p in pages] == [8, 8, 4]
    fronts_of: dict[int, Slot] = {}
    backs_of: dict[int, Slot] = {}
    for page in pages:
        assert page.fold == fold
        full = fronts.marks + backs.marks
        cards = [p.slot.trim for p in page.placements]
        assert page.marks == (full if len(cards) == 8 else marks_in_use(full, cards))
        assert page.page == fronts.page
        assert page.offset == (0.0, 0.0)
        for p in page.placements:
            assert p.rotate == 0
            if p.item >= 0:
                assert p.item not in fronts_of
                fronts_of[p.item] = p.slot
            else:
                assert -p.item - 1 not in backs_of
                backs_of[-p.item - 1] = p.slot
    assert sorted(fronts_of) == sorted(backs_of) == list(range(10))
    fx = fronts.page.width / 2
    for item, front in fronts_of.items():
        back = backs_of[item]
        assert back in backs.slots and front in fronts.slots
        mirror = Box(2 * fx - back.trim.right, back.trim.y, back.trim.width, back.trim.height)
        assert same_box(mirror, front.trim)
    assert impose_fold(0, fronts, backs, fold) == []


def test_pages_are_plain_values() -> None:
    grid = grid_for("poker", "a4", 3 * MM)
    assert impose(5, grid, "short") == impose(5, grid, "short")
    assert isinstance(impose(5, grid, "short")[0], PagePlan)


def test_a_box_is_within_another_up_to_its_padding() -> None:
    outer = Box(0, 0, 100, 50)
    assert Box(0, 0, 100, 50).within(outer)  # edges may touch
    assert Box(10, 10, 80, 30).within(outer, pad=10)
    assert not Box(9.9, 10, 80, 30).within(outer, pad=10)
    assert not Box(10, 10, 80.2, 30).within(outer, pad=10)
    assert not Box(-1, 0, 10, 10).within(outer)
    assert not Box(0, 45, 10, 10).within(outer)
    assert Box(-1e-7, 0, 100, 50).within(outer)  # within the tolerance
