"""A sheet with empty slots prints only the marks of its own cards' cut lines
(kitgen.layout.marks.marks_in_use), on fronts, backs and fold-and-glue sheets, with
crop marks and with cut lines: Scaffold's two team cards and Galliard's two cabal cards
took a whole page with crop marks for six empty slots. A full sheet keeps every mark.
Scratch's reference cards have a back of their own, not the game cards' one."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.cutting import with_cut_lines
from kitgen.layout.geometry import Box, Duplex, Grid, PagePlan, Segment
from kitgen.layout.impose import impose, impose_fold, plan_fold, plan_grid
from kitgen.layout.paper import CARDS, PAPERS, card_size, paper_size
from kitgen.layout.setup import PrintSetup
from kitgen.layout.units import MM
from kitgen.render.sheets import CardSource, Painter, card_sheets_pdf, page_point

MARGIN = 5 * MM
BLEED = 3 * MM


def _lines(trims: list[Box]) -> tuple[set[float], set[float]]:
    """The cut lines of the cards: x of the vertical ones, y of the horizontal ones."""
    xs = {round(v, 6) for b in trims for v in (b.x, b.right)}
    ys = {round(v, 6) for b in trims for v in (b.y, b.top)}
    return xs, ys


def _marked(marks: tuple[Segment, ...]) -> tuple[set[float], set[float]]:
    xs = {round(m.x0, 6) for m in marks if m.x0 == m.x1}
    ys = {round(m.y0, 6) for m in marks if m.y0 == m.y1}
    return xs, ys


def _assert_only_used(page: PagePlan, grid_marks: tuple[Segment, ...]) -> None:
    """Every mark of the page marks a cut line of a card on it, and every such line has
    all the marks the grid gives it."""
    trims = [p.slot.trim for p in page.placements]
    xs, ys = _lines(trims)
    assert _marked(page.marks) == (xs, ys)
    for mark in grid_marks:
        vertical = mark.x0 == mark.x1
        on_used = round(mark.x0, 6) in xs if vertical else round(mark.y0, 6) in ys
        assert (mark in page.marks) == on_used, mark


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_two_cards_get_the_marks_of_their_cut_lines_alone(duplex: Duplex) -> None:
    grid = plan_grid(PAPERS["a4"], CARDS["poker"], bleed=BLEED, margin=MARGIN)
    assert (grid.cols, grid.rows) == (4, 2)  # Scaffold's team cards: 2 of 8 slots
    pages = impose(2, grid, duplex)
    assert len(pages) == (1 if duplex == "none" else 2)
    for page in pages:
        _assert_only_used(page, grid.marks)
        # 4 vertical cut lines (2 cards with bleed) and 2 horizontal ones, each marked at
        # both ends: 12 of the grid's 24 marks.
        assert len(page.marks) == 12 and len(grid.marks) == 24


def test_a_full_sheet_keeps_every_mark_and_the_last_sheet_its_own() -> None:
    grid = plan_grid(PAPERS["a4"], CARDS["poker"], bleed=0.0, margin=MARGIN)  # 3 x 3 butted
    pages = impose(11, grid, "long")
    assert pages[0].marks == pages[1].marks == grid.marks
    last = pages[2]
    assert [p.slot.col for p in last.placements] == [0, 1]
    _assert_only_used(last, grid.marks)
    # Butted cards share cut lines: 3 vertical (left, between, right of two cards) and
    # 2 horizontal: 10 of 16 marks.
    assert len(last.marks) == 10 and len(grid.marks) == 16
    _assert_only_used(pages[3], grid.marks)  # the back, mirrored: columns 2 and 1


def test_cut_lines_and_fold_sheets_keep_only_the_lines_in_use() -> None:
    grid = plan_grid(PAPERS["a4"], CARDS["poker"], bleed=BLEED, margin=MARGIN)
    lined = with_cut_lines(grid, Box(0, 0, grid.page.width, grid.page.height).inset(MARGIN))
    for page in impose(3, lined, "long"):
        _assert_only_used(page, lined.marks)
    fronts, backs, fold = plan_fold(PAPERS["a4"], CARDS["poker"], bleed=BLEED, margin=MARGIN)
    (page,) = impose_fold(1, fronts, backs, fold)
    _assert_only_used(page, fronts.marks + backs.marks)
    assert impose_fold(4, fronts, backs, fold)[0].marks == fronts.marks + backs.marks


def _setup() -> PrintSetup:
    return PrintSetup(
        "a4", paper_size("a4"), "poker", card_size("poker"), BLEED, MARGIN, 0.0, "long",
        (0.0, 0.0), "normal",
    )  # fmt: skip


def _source(setup: PrintSetup) -> CardSource:
    def paint(c: Canvas) -> None:
        c.setFillColorRGB(0.8, 0.3, 0.2)
        w, h, b = setup.card.width, setup.card.height, setup.bleed
        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)

    def painter(_: int) -> Painter:
        return paint

    return CardSource(setup.card, setup.bleed, str, painter, lambda _: "b", painter)


def _darkest(image: object, page: Grid, mark: Segment, scale: float) -> int:
    """The darkest pixel along a mark's middle third, on the rendered portrait page."""
    (x0, y0), (x1, y1) = (page_point(page.page, mark.x0, mark.y0),
                          page_point(page.page, mark.x1, mark.y1))  # fmt: skip
    height = image.size[1]  # type: ignore[attr-defined]
    values = []
    for t in (0.4, 0.5, 0.6):
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        px, py = round(x * scale), round(height - y * scale)
        values += [image.getpixel((px + dx, py + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]  # type: ignore[attr-defined]
    return min(values)


def test_the_printed_sheet_of_two_cards_has_no_mark_for_an_empty_slot() -> None:
    """Drawn: a mark of an empty slot's own cut line is paper, a mark of the cards'
    cut lines is ink (the PDF the build writes, rasterized)."""
    setup = _setup()
    grid = plan_grid(setup.paper, setup.card, bleed=setup.bleed, margin=MARGIN)
    pdf = pdfium.PdfDocument(card_sheets_pdf("Two", 2, _source(setup), setup))
    scale = 4.0
    front = pdf[0].render(scale=scale).to_pil().convert("L")
    xs, ys = _lines([s.trim for s in grid.slots[:2]])
    used = [
        m for m in grid.marks if (round(m.x0, 6) in xs if m.x0 == m.x1 else round(m.y0, 6) in ys)
    ]
    empty = [m for m in grid.marks if m not in used]
    assert len(used) == len(empty) == 12
    assert max(_darkest(front, grid, m, scale) for m in used) < 128
    assert min(_darkest(front, grid, m, scale) for m in empty) == 255


def test_scratch_reference_cards_have_their_own_back() -> None:
    """Face down, a reference card is told from a game card: its back says so, in other
    colours, and is its own form (key) on the sheets and in the exports."""
    from kitgen.games.scratch.cards import faces_of
    from kitgen.games.scratch.kit import scratch_deck
    from kitgen.games.scratch.load import official
    from kitgen.layout.geometry import Size
    from kitgen.model.kit import Reference
    from kitgen.render.export import single_cards_pdf

    pool = official().pool
    faces = faces_of(list(pool.cards.values())[:2], pool)
    reference = Reference("Turns", (("On your turn", ("Play one card.",)),))
    deck = scratch_deck("Scratch", "scratch-cards", [*faces, reference])
    size = Size(63 * MM, 88 * MM)
    source = deck.source(size, BLEED, "normal")
    assert source.back_key(0) == source.back_key(1) != source.back_key(2)
    pdf = pdfium.PdfDocument(single_cards_pdf(deck, size, BLEED, "normal"))  # face, back ...
    backs = [pdf[2 * i + 1] for i in range(3)]
    words = [page.get_textpage().get_text_range() for page in backs]
    assert "draw the line" in words[0] and "draw the line" in words[1]
    assert "quick reference" in words[2] and "draw the line" not in words[2]
    grey = [page.render(scale=1).to_pil().convert("L") for page in backs]
    middle = [image.getpixel((image.width // 2, image.height // 5)) for image in grey]
    assert middle[0] == middle[1] < 100 < middle[2]  # a dark back, and a light one
