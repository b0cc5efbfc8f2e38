"""The sheet label, the scale bar and its note: in the bands around the grid, between
the marks, never over a card, a crop mark or a cut line, and never cut short when the
band has room for them further along (`--card-size mini-us` on A4, issue 24)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.geometry import Box, Segment, Size
from kitgen.layout.impose import plan_grid
from kitgen.layout.notes import flow_text, label_boxes, place_scale_bar
from kitgen.layout.paper import CARDS, PAPERS, card_size, paper_size
from kitgen.layout.setup import PrintSetup
from kitgen.layout.units import MM
from kitgen.render.sheets import CardSource, Painter, card_sheets_pdf, page_point

MARGIN = 5 * MM
COMBOS = list(itertools.product(CARDS, PAPERS, (0.0, 3 * MM), (0.0, 4 * MM)))


def crosses(seg: Segment, box: Box) -> bool:
    """True when an axis-aligned segment passes through the inside of the box."""
    if seg.x0 == seg.x1:
        lo, hi = sorted((seg.y0, seg.y1))
        return box.x < seg.x0 < box.right and lo < box.top and hi > box.y
    lo, hi = sorted((seg.x0, seg.x1))
    return box.y < seg.y0 < box.top and lo < box.right and hi > box.x


def overlaps(a: Box, b: Box) -> bool:
    return min(a.right, b.right) - max(a.x, b.x) > 1e-6 and min(a.top, b.top) - max(a.y, b.y) > 1e-6


@pytest.mark.parametrize(("card", "paper", "bleed", "gutter"), COMBOS)
def test_label_and_scale_bar_boxes_keep_off_cards_and_marks(
    card: str, paper: str, bleed: float, gutter: float
) -> None:
    grid = plan_grid(PAPERS[paper], CARDS[card], bleed=bleed, margin=MARGIN, gutter=gutter)
    boxes = label_boxes(grid, margin=MARGIN)
    place = place_scale_bar(grid, margin=MARGIN)
    if place is not None:
        boxes += [place.bar, *([place.note] if place.note else []), *place.more]
    page = Box(0, 0, grid.page.width, grid.page.height).inset(MARGIN)
    for box in boxes:
        assert page.x <= box.x and box.right <= page.right and page.y <= box.y
        assert box.top <= page.top + 1e-6
        assert not any(overlaps(box, s.bleed) for s in grid.slots)
        assert not any(crosses(m, box) for m in grid.marks), (box, card, paper)


def width(text: str) -> float:
    return 2.0 * len(text)


def test_flow_keeps_one_line_a_row_when_the_lines_fit_the_first_box() -> None:
    boxes = [Box(0, 0, 100, 10), Box(120, 0, 100, 10)]
    assert flow_text([["a", "b"], ["c"]], boxes, 2, width) == [(0, 0, "a \u00b7 b"), (0, 1, "c")]


def test_flow_gives_each_line_a_box_of_its_own_and_runs_on() -> None:
    boxes = [Box(0, 0, 24, 10), Box(30, 0, 24, 10), Box(60, 0, 30, 10)]
    lines = [["abcdefgh", "ijkl"], ["qrst", "uvwx"]]
    assert flow_text(lines, boxes, 2, width) == [
        (0, 0, "abcdefgh"),
        (0, 1, "ijkl"),
        (1, 0, "qrst \u00b7 uvwx"),
    ]


def test_flow_runs_on_and_marks_what_is_left_out() -> None:
    boxes = [Box(0, 0, 24, 10), Box(30, 0, 24, 10)]
    placed = flow_text([["abcdefgh", "ijklmnop", "qrstuvwx"]], boxes, 1, width)
    assert [(b, r) for b, r, _ in placed] == [(0, 0), (1, 0)]
    assert placed[0][2] == "abcdefgh"
    assert placed[1][2].endswith("\u2026")


def flat_source(size: PrintSetup) -> CardSource:
    def paint(c: Canvas) -> None:
        c.setFillColorRGB(0.6, 0.2, 0.2)
        c.rect(-size.bleed, -size.bleed, size.card.width + 2 * size.bleed, 20, stroke=0, fill=1)

    def painter(_: int) -> Painter:
        return paint

    return CardSource(size.card, size.bleed, str, painter, lambda _: "b", painter)


def setup_for(card: str, paper: str = "a4") -> PrintSetup:
    return PrintSetup(
        paper,
        paper_size(paper),
        card,
        card_size(card),
        3 * MM,
        MARGIN,
        0.0,
        "long",
        (0.0, 0.0),
        "normal",
    )


@pytest.mark.parametrize("card", ["mini-us", "mini-euro", "poker"])
def test_no_printed_word_crosses_a_crop_mark_and_the_label_is_whole(card: str) -> None:
    setup = setup_for(card)
    title = "Scratch: Draw the Line"
    data = card_sheets_pdf(title, 20, flat_source(setup), setup)
    grid = plan_grid(setup.paper, setup.card, bleed=setup.bleed, margin=MARGIN)
    pdf = pdfium.PdfDocument(data)
    page = pdf[0]
    text = page.get_textpage()
    words = text.get_text_range()
    assert "\u2026" not in words
    for part in (title, "sheet 1 of", "front", "bleed 3 mm", "duplex: long edge"):
        assert part in words.replace("\r\n", " \u00b7 ")
    assert "the bar is" in words
    assert_no_glyph_crosses(text, grid.page, grid.marks)


def assert_no_glyph_crosses(text: Any, page: Size, marks: Sequence[Segment]) -> None:
    """No drawn character of a page's text (a pdfium text page) touches a mark."""
    on_page = [Segment(*page_point(page, m.x0, m.y0), *page_point(page, m.x1, m.y1)) for m in marks]
    for i in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(i)
        if right - left <= 0:
            continue
        box = Box(left, bottom, right - left, top - bottom)
        assert not any(crosses(m, box) for m in on_page), (text.get_text_range(i, 1), box)


@pytest.mark.parametrize(("card", "bleed"), [("poker", 3 * MM), ("poker", 0.0), ("mini-us", 0.0)])
def test_the_fold_word_keeps_off_the_crop_marks(card: str, bleed: float) -> None:
    from dataclasses import replace

    from kitgen.layout.impose import plan_fold

    setup = replace(setup_for(card), duplex="fold", bleed=bleed)
    data = card_sheets_pdf("Fold", 8, flat_source(setup), setup)
    fronts, backs, _ = plan_fold(setup.paper, setup.card, bleed=bleed, margin=MARGIN)
    page = pdfium.PdfDocument(data)[0]
    text = page.get_textpage()
    assert "fold" in text.get_text_range()
    assert_no_glyph_crosses(text, fronts.page, fronts.marks + backs.marks)


@pytest.mark.parametrize(("card", "paper", "bleed", "gutter"), COMBOS[::3])
def test_label_and_scale_bar_keep_off_full_cut_lines(
    card: str, paper: str, bleed: float, gutter: float
) -> None:
    from kitgen.layout.cutting import with_cut_lines

    grid = plan_grid(PAPERS[paper], CARDS[card], bleed=bleed, margin=MARGIN, gutter=gutter)
    grid = with_cut_lines(grid, Box(0, 0, grid.page.width, grid.page.height).inset(MARGIN))
    boxes = label_boxes(grid, margin=MARGIN)
    place = place_scale_bar(grid, margin=MARGIN)
    if place is not None:
        boxes += [place.bar, *([place.note] if place.note else []), *place.more]
    assert boxes
    for box in boxes:
        assert not any(crosses(m, box) for m in grid.marks), (box, card, paper)


@pytest.mark.parametrize("card", sorted(CARDS))
def test_label_and_scale_bar_keep_off_a_cutting_machines_marks(card: str) -> None:
    from kitgen.layout.cutting import CutError, plan_print_and_cut

    try:
        grid, marks = plan_print_and_cut(
            PAPERS["a4"], CARDS[card], bleed=1 * MM, gutter=0.0, margin=MARGIN
        )
    except CutError:
        return
    options = {"area": marks.inside, "keep_clear": marks.keep_clear}
    boxes = label_boxes(grid, margin=MARGIN, **options)
    place = place_scale_bar(grid, margin=MARGIN, **options)
    if place is not None:
        boxes += [place.bar, *([place.note] if place.note else []), *place.more]
    for box in boxes:
        assert all(not overlaps(box, k) for k in (*marks.keep_clear, *marks.shapes))
        assert not any(overlaps(box, s.bleed) for s in grid.slots)
        assert marks.inside.x <= box.x and box.right <= marks.inside.right + 1e-6
