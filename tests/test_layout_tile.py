"""Tiling posters over sheets, and the crosses that align the sheets."""

from __future__ import annotations

import itertools

import pytest

from kitgen.layout.geometry import Box, LayoutError, Segment, Size
from kitgen.layout.paper import PAPERS
from kitgen.layout.tile import (
    CROSS_ARM,
    CROSS_CLEAR,
    MIN_ARM,
    MIN_OVERLAP,
    SEAM_CLEAR,
    Tile,
    alignment_marks,
    cross_places,
    free_spans,
    seam_lines,
    tile,
)
from kitgen.layout.units import MM

EPS = 1e-6
MARGIN = 5 * MM
OVERLAP = 10 * MM
A4 = PAPERS["a4"]
TAROT_MAT = Size(3 * 70 * MM, 3 * 120 * MM)  # a 3 x 3 mat of tarot cards: 210 x 360 mm


def printable(page: Size) -> Box:
    return Box(0, 0, page.width, page.height).inset(MARGIN)


def check_tiles(tiles: list[Tile], poster: Size, cols: int, rows: int) -> None:
    """Row-major windows that cover the poster, overlap by OVERLAP, and sit on the page."""
    assert [(t.index, t.row, t.col) for t in tiles] == [
        (i, r, c) for i, (r, c) in enumerate((r, c) for r in range(rows) for c in range(cols))
    ]
    assert len({t.page for t in tiles}) == 1
    first = tiles[0].window
    for t in tiles:
        w = t.window
        assert (w.width, w.height) == pytest.approx((first.width, first.height))
        assert w.within(Box(0, 0, poster.width, poster.height))
        assert t.clip.within(printable(t.page))
        assert (t.clip.width, t.clip.height) == pytest.approx((w.width, w.height))
        assert (t.origin[0] + w.x, t.origin[1] + w.y) == pytest.approx((t.clip.x, t.clip.y))
    row0 = [t.window for t in tiles if t.row == 0]
    col0 = [t.window for t in tiles if t.col == 0]
    assert row0[0].x == pytest.approx(0, abs=EPS)
    assert row0[-1].right == pytest.approx(poster.width)
    assert col0[0].top == pytest.approx(poster.height)  # row 0 is the top of the poster
    assert col0[-1].y == pytest.approx(0, abs=EPS)
    for a, b in itertools.pairwise(row0):
        assert a.right - b.x == pytest.approx(OVERLAP)
    for a, b in itertools.pairwise(col0):
        assert a.top > b.top
        assert b.top - a.y == pytest.approx(OVERLAP)


def test_a_poster_that_fits_is_one_centred_tile() -> None:
    poster = Size(150 * MM, 100 * MM)
    (only,) = tile(poster, A4, margin=MARGIN)
    assert only.page == A4  # portrait preferred when both fit
    assert only.window == Box(0, 0, poster.width, poster.height)
    assert only.clip.x + only.clip.width / 2 == pytest.approx(A4.width / 2)
    assert only.clip.y + only.clip.height / 2 == pytest.approx(A4.height / 2)
    assert only.origin == pytest.approx((only.clip.x, only.clip.y))
    assert alignment_marks(only, [only]) == ()


def test_a_poster_that_fits_only_sideways_turns_the_page() -> None:
    (only,) = tile(Size(250 * MM, 150 * MM), A4, margin=MARGIN)
    assert only.page == A4.rotated()
    assert only.clip.within(printable(only.page))


def test_a_poster_exactly_the_printable_size_is_one_tile() -> None:
    tiles = tile(Size(200 * MM, 287 * MM), A4, margin=MARGIN)
    assert len(tiles) == 1
    clip, area = tiles[0].clip, printable(A4)
    assert (clip.x, clip.y, clip.width, clip.height) == pytest.approx(
        (area.x, area.y, area.width, area.height)
    )


def test_tarot_mat_on_a4() -> None:
    # Printable A4 with 5 mm margins: 200 x 287 mm portrait, 287 x 200 mm landscape.
    # Portrait: ceil((210 - 10) / (200 - 10)) = 2 columns, ceil((360 - 10) / (287 - 10))
    # = 2 rows: 4 tiles. Landscape: 1 column (210 <= 287), ceil(350 / 190) = 2 rows:
    # 2 tiles, each window 210 x (360 + 10) / 2 = 185 mm. Landscape wins.
    tiles = tile(TAROT_MAT, A4, margin=MARGIN)
    assert len(tiles) == 2
    assert tiles[0].page == A4.rotated()
    assert tiles[0].window.height == pytest.approx(185 * MM)
    check_tiles(tiles, TAROT_MAT, cols=1, rows=2)


def test_a_big_board_takes_the_fewest_sheets() -> None:
    # 600 x 400 mm. Portrait: ceil(590 / 190) = 4 x ceil(390 / 277) = 2 -> 8 tiles.
    # Landscape: ceil(590 / 277) = 3 x ceil(390 / 190) = 3 -> 9 tiles. Portrait wins.
    board = Size(600 * MM, 400 * MM)
    tiles = tile(board, A4, margin=MARGIN)
    assert len(tiles) == 8
    assert tiles[0].page == A4
    check_tiles(tiles, board, cols=4, rows=2)


def crosses(marks: tuple[Segment, ...]) -> list[tuple[float, float]]:
    """The centres of the crosses (each a horizontal and a vertical segment)."""
    horizontal = [s for s in marks if s.y0 == s.y1]
    vertical = [s for s in marks if s.x0 == s.x1]
    assert len(horizontal) == len(vertical) == len(marks) // 2
    centres = sorted(((s.x0 + s.x1) / 2, s.y0) for s in horizontal)
    uprights = sorted((s.x0, (s.y0 + s.y1) / 2) for s in vertical)
    for (x, y), (u, v) in zip(centres, uprights, strict=True):
        assert (x, y) == pytest.approx((u, v))
    return centres


@pytest.mark.parametrize("poster", [TAROT_MAT, Size(600 * MM, 400 * MM), Size(500 * MM, 500 * MM)])
def test_alignment_crosses_sit_in_the_overlap_at_shared_poster_points(poster: Size) -> None:
    tiles = tile(poster, A4, margin=MARGIN)
    assert len(tiles) > 1
    by_place = {(t.row, t.col): t for t in tiles}
    for t in tiles:
        marks = alignment_marks(t, tiles)
        for seg in marks:
            assert t.clip.contains(seg.x0, seg.y0) and t.clip.contains(seg.x1, seg.y1)
            assert abs(seg.x1 - seg.x0) + abs(seg.y1 - seg.y0) == pytest.approx(6 * MM)
        neighbours = [
            by_place[p]
            for p in (
                (t.row, t.col - 1),
                (t.row, t.col + 1),
                (t.row - 1, t.col),
                (t.row + 1, t.col),
            )
            if p in by_place
        ]
        centres = crosses(marks)
        assert len(centres) == 2 * len(neighbours)
        on_poster = {(round(x - t.origin[0], 6), round(y - t.origin[1], 6)) for x, y in centres}
        for other in neighbours:
            theirs = crosses(alignment_marks(other, tiles))
            shared = on_poster & {
                (round(x - other.origin[0], 6), round(y - other.origin[1], 6)) for x, y in theirs
            }
            assert len(shared) == 2  # the same two poster points on both sheets
            for px, py in shared:  # in the middle of the overlap strip of the two windows
                assert t.window.contains(px, py) and other.window.contains(px, py)
                if other.row == t.row:
                    assert px == pytest.approx(max(t.window.x, other.window.x) + OVERLAP / 2)
                else:
                    assert py == pytest.approx(max(t.window.y, other.window.y) + OVERLAP / 2)


def test_a_narrow_overlap_gets_smaller_crosses() -> None:
    tiles = tile(TAROT_MAT, A4, margin=MARGIN, overlap=4 * MM)
    marks = alignment_marks(tiles[0], tiles)
    assert marks
    for seg in marks:
        assert abs(seg.x1 - seg.x0) + abs(seg.y1 - seg.y0) == pytest.approx(2 * 0.4 * 4 * MM)
        assert tiles[0].clip.contains(seg.x0, seg.y0) and tiles[0].clip.contains(seg.x1, seg.y1)


def test_tiling_refuses_what_cannot_work() -> None:
    with pytest.raises(LayoutError, match="overlap cannot be negative"):
        tile(TAROT_MAT, A4, margin=MARGIN, overlap=-1)
    with pytest.raises(LayoutError, match="margin cannot be negative"):
        tile(TAROT_MAT, A4, margin=-1)
    with pytest.raises(LayoutError, match="positive"):
        tile(Size(0, 10), A4, margin=MARGIN)
    with pytest.raises(LayoutError, match="overlap"):
        tile(TAROT_MAT, Size(18 * MM, 18 * MM), margin=MARGIN)


def test_crosses_keep_off_busy_boxes_and_agree_on_both_sheets() -> None:
    poster = Size(380 * MM, 250 * MM)
    tiles = tile(poster, A4, margin=MARGIN)
    assert len(tiles) == 2
    a, b = tiles
    strip_x = max(a.window.x, b.window.x) + OVERLAP / 2
    # two cards' spaces straddle the seam, 6 mm apart, with a label in the middle of each
    busy = [
        Box(strip_x - 40 * MM, 150 * MM, 80 * MM, 90 * MM),
        Box(strip_x - 40 * MM, 54 * MM, 80 * MM, 90 * MM),
        Box(strip_x - 40 * MM, 0, 80 * MM, 48 * MM),
    ]
    places = cross_places(a, b, busy)
    assert places == cross_places(b, a, busy)
    assert len(places) == 2
    for x, y, arm in places:
        assert x == pytest.approx(strip_x)
        assert MIN_ARM <= arm <= CROSS_ARM
        reach = Box(x, y, 0, 0).inset(-(arm + CROSS_CLEAR))
        for box in busy:
            assert not (
                min(reach.right, box.right) - max(reach.x, box.x) > 1e-6
                and min(reach.top, box.top) - max(reach.y, box.y) > 1e-6
            ), (x / MM, y / MM, box)
    # the room nearest a quarter and three quarters up is in the two 6 mm gaps
    low, high = sorted(y / MM for _, y, _ in places)
    assert 48 < low < 54 and 144 < high < 150
    for seg in alignment_marks(a, tiles, busy):
        assert a.clip.contains(seg.x0, seg.y0) and a.clip.contains(seg.x1, seg.y1)


def test_crosses_keep_their_plain_places_when_nothing_is_busy_and_go_where_nothing_is_free() -> (
    None
):
    tiles = tile(Size(380 * MM, 250 * MM), A4, margin=MARGIN)
    a, b = tiles
    plain = cross_places(a, b)
    strip = Box(b.window.x, 0, a.window.right - b.window.x, 250 * MM)
    assert [y for _, y, _ in plain] == pytest.approx([250 * MM / 4, 3 * 250 * MM / 4])
    # No room anywhere on the strip: no cross on the content (the seam lays the sheets).
    assert cross_places(a, b, [strip]) == []
    assert alignment_marks(a, tiles, [strip]) == ()
    assert len(seam_lines(a, tiles)) == 1


# --- Seams between content -------------------------------------------------------------------


def crossings(tiles: list[Tile], content: list[Box]) -> list[tuple[int, Box]]:
    """Each (tile index, box) where a seam on that tile runs through a content box or
    nearer it than SEAM_CLEAR (in poster coordinates)."""
    found = []
    for t in tiles:
        for seam in seam_lines(t, tiles):
            x, y = seam.x0 - t.origin[0], seam.y0 - t.origin[1]
            for box in content:
                if seam.x0 == seam.x1:
                    near = box.x - SEAM_CLEAR + EPS < x < box.right + SEAM_CLEAR - EPS
                else:
                    near = box.y - SEAM_CLEAR + EPS < y < box.top + SEAM_CLEAR - EPS
                if near:
                    found.append((t.index, box))
    return found


def check_cover(tiles: list[Tile], poster: Size) -> None:
    """Windows that cover the poster in row-major order, lie on their pages inside the
    margins, and overlap their neighbours by MIN_OVERLAP to OVERLAP, the seam in the
    middle of the overlap."""
    rows = 1 + max(t.row for t in tiles)
    cols = 1 + max(t.col for t in tiles)
    assert [(t.row, t.col) for t in tiles] == [(r, c) for r in range(rows) for c in range(cols)]
    for t in tiles:
        assert t.window.within(Box(0, 0, poster.width, poster.height))
        assert t.clip.within(printable(t.page))
    by_place = {(t.row, t.col): t for t in tiles}
    for t in tiles:
        right, below = by_place.get((t.row, t.col + 1)), by_place.get((t.row + 1, t.col))
        if right is not None:
            assert MIN_OVERLAP - EPS <= t.window.right - right.window.x <= OVERLAP + EPS
            assert (t.window.y, t.window.top) == (right.window.y, right.window.top)
        if below is not None:
            assert MIN_OVERLAP - EPS <= below.window.top - t.window.y <= OVERLAP + EPS
            assert (t.window.x, t.window.right) == (below.window.x, below.window.right)
    assert min(t.window.x for t in tiles) == pytest.approx(0, abs=EPS)
    assert max(t.window.right for t in tiles) == pytest.approx(poster.width)
    assert min(t.window.y for t in tiles) == pytest.approx(0, abs=EPS)
    assert max(t.window.top for t in tiles) == pytest.approx(poster.height)
    for t in tiles:
        for seam in seam_lines(t, tiles):
            assert t.clip.contains(seam.x0, seam.y0) and t.clip.contains(seam.x1, seam.y1)


def galliard_like() -> tuple[Size, list[Box]]:
    """A 373 x 258 mm mat: a column of two spaces, a 12 mm aisle, four columns of two
    spaces 5 mm apart, a strip of three panels under the columns and a title strip with
    words over the first panel and the middle one."""
    cell_w, cell_h = 68 * MM, 93 * MM
    xs = [3 * MM, 83 * MM, 156 * MM, 229 * MM, 302 * MM]
    boxes = [Box(x, y, cell_w, cell_h) for x in xs for y in (46 * MM, 144 * MM)]
    boxes += [
        Box(3 * MM, 3 * MM, 148 * MM, 38 * MM),
        Box(156 * MM, 3 * MM, 141 * MM, 38 * MM),
        Box(302 * MM, 3 * MM, 68 * MM, 38 * MM),
        Box(4 * MM, 245 * MM, 55 * MM, 8 * MM),
        Box(170 * MM, 243 * MM, 110 * MM, 8 * MM),
    ]
    return Size(373 * MM, 258 * MM), boxes


def test_seams_run_between_the_content_a_poster_declares() -> None:
    poster, content = galliard_like()
    plain = tile(poster, A4, margin=MARGIN)
    assert len(plain) == 2 and crossings(plain, content)  # through a column of spaces
    tiles = tile(poster, A4, margin=MARGIN, content=content)
    check_cover(tiles, poster)
    assert crossings(tiles, content) == []
    assert len(tiles) == 3  # the fewest that can: 200 mm windows, a gap within reach
    # The seams run in the middle of the 5 mm gaps, where crosses fit on them.
    seams_x = sorted({round(s.x0 - t.origin[0], 6) for t in tiles for s in seam_lines(t, tiles)})
    assert seams_x == pytest.approx([153.5 * MM, 299.5 * MM])
    for t in tiles:
        assert len(crosses(alignment_marks(t, tiles, content))) == 2 * len(seam_lines(t, tiles))


def test_the_overlap_narrows_before_a_sheet_is_added() -> None:
    # 392 x 250 mm, one gap across (194 to 198 mm): 2 portrait A4 windows (200 mm) reach a
    # seam in it only if they overlap by 8 mm at most, not 10 mm (landscape takes 4).
    poster = Size(392 * MM, 250 * MM)
    content = [Box(0, 0, 194 * MM, 250 * MM), Box(198 * MM, 0, 194 * MM, 250 * MM)]
    tiles = tile(poster, A4, margin=MARGIN, content=content)
    check_cover(tiles, poster)
    assert len(tiles) == 2 and crossings(tiles, content) == []
    a, b = tiles
    assert a.window.right - b.window.x == pytest.approx(8 * MM)


def test_a_poster_with_no_gaps_tiles_as_one_without_content() -> None:
    poster = Size(600 * MM, 400 * MM)
    whole = [Box(0, 0, poster.width, poster.height)]
    assert tile(poster, A4, margin=MARGIN, content=whole) == tile(poster, A4, margin=MARGIN)


def test_free_spans_keep_clear_of_content() -> None:
    spans = free_spans(100.0, [(10.0, 20.0), (15.0, 30.0), (60.0, 70.0)])
    expected = [(0, 10 - SEAM_CLEAR), (30 + SEAM_CLEAR, 60 - SEAM_CLEAR), (70 + SEAM_CLEAR, 100)]
    assert [x for span in spans for x in span] == pytest.approx([x for e in expected for x in e])
