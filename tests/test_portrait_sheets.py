"""Card sheets on portrait PDF pages: landscape grids turned a quarter turn, backs behind
their faces after the physical flip, the back offset in the calibration's coordinates,
crop marks off the cards, and the sheet label up the left margin.

The cards here are painted in flat colours, each card its own pair (a body, and a band
along its top edge), so a rasterized page shows exactly where every card and its top
went. The flip of the printed sheet is written out in full in `flipped`, independent of
kitgen's own code: turned about its long edge a portrait sheet mirrors left and right,
about its short edge top and bottom.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from kitgen.build import BuildOptions, build, resolve_setup
from kitgen.layout.calibration import plan_calibration, reading
from kitgen.layout.geometry import Box, Duplex, Grid, PagePlan, Size
from kitgen.layout.impose import impose, impose_fold, plan_fold, plan_grid
from kitgen.layout.paper import CARDS, PAPERS
from kitgen.layout.setup import PrintSetup
from kitgen.layout.units import MM
from kitgen.model.kit import PrintSettings
from kitgen.render.sheets import (
    CardSource,
    Painter,
    card_sheets_pdf,
    page_box,
    page_point,
    pdf_page_size,
)

PX_PER_MM = 5
SCALE = PX_PER_MM / MM  # pixels per point
PIXEL = 1 / SCALE  # one pixel, in points
# Two rasters of the same edge agree to a pixel; where butted cards meet, the later one
# may take the shared pixel row, so an edge can be one more pixel off (0.4 mm in all).
NEAR = 2.01 * PIXEL
BAND = 12 * MM  # the band along each card's top edge
FLIPS: tuple[Duplex, ...] = ("long", "short")
RGB = tuple[int, int, int]


# --- Painted cards -----------------------------------------------------------------------


def colours(item: int, side: str) -> tuple[RGB, RGB]:
    """Card `item`'s body and top-band colours on one side; every one distinct, none dark."""
    k = 12 * item
    if side == "front":
        return (40 + k, 200, 100), (200, 60 + k, 40)
    return (100, 40 + k, 220), (60 + k, 40, 200)


def painter(card: Size, bleed: float, body: RGB, band: RGB) -> Painter:
    """Fill the card's bleed box: its top BAND (and the bleed above) with `band`, the rest
    with `body`. The two never overlap, so each colour's box is exactly its part."""

    def paint(c: Canvas) -> None:
        w, h = card.width, card.height
        c.setFillColorRGB(*(v / 255 for v in body))
        c.rect(-bleed, -bleed, w + 2 * bleed, h - BAND + bleed, stroke=0, fill=1)
        c.setFillColorRGB(*(v / 255 for v in band))
        c.rect(-bleed, h - BAND, w + 2 * bleed, BAND + bleed, stroke=0, fill=1)

    return paint


def source(card: Size, bleed: float, distinct: int) -> CardSource:
    """Painted cards; card i looks like card i % distinct, so a longer deck repeats them
    and the renderer draws each as a form (placed twice or more) instead of in place."""

    def key(side: str) -> Callable[[int], str]:
        return lambda i: f"{side}{i % distinct}"

    def paint(side: str) -> Callable[[int], Painter]:
        return lambda i: painter(card, bleed, *colours(i % distinct, side))

    return CardSource(card, bleed, key("front"), paint("front"), key("back"), paint("back"))


def setup_for(
    paper: str,
    bleed_mm: float,
    duplex: Duplex,
    offset_mm: tuple[float, float] = (0.0, 0.0),
    card: str = "poker",
) -> PrintSetup:
    from kitgen.layout.paper import card_size

    return PrintSetup(
        paper,
        PAPERS[paper],
        card,
        card_size(card),
        bleed_mm * MM,
        5 * MM,
        0.0,
        duplex,
        (offset_mm[0] * MM, offset_mm[1] * MM),
        "normal",
    )


def grid_of(setup: PrintSetup) -> Grid:
    return plan_grid(setup.paper, setup.card, bleed=setup.bleed, margin=setup.margin)


def sheets(setup: PrintSetup, *, forms: bool = False) -> tuple[Grid, bytes]:
    """The first sheet's cards (twice over with `forms`, so each is a reused form)."""
    grid = grid_of(setup)
    count = grid.per_page * (2 if forms else 1)
    pdf = card_sheets_pdf("Painted", count, source(setup.card, setup.bleed, grid.per_page), setup)
    return grid, pdf


# --- Reading the pixels ------------------------------------------------------------------


@dataclass(frozen=True)
class Raster:
    """A rasterized page and its size in points; converts between pixels and PDF points.

    pypdfium2 rounds the bitmap's size up to whole pixels and stretches the page over
    it, so each axis has its own scale, a hair above SCALE.
    """

    image: Image.Image
    width: float
    height: float

    @property
    def sx(self) -> float:
        return self.image.width / self.width

    @property
    def sy(self) -> float:
        return self.image.height / self.height

    def box(self, left: int, top: int, right: int, bottom: int) -> Box:
        """The box (PDF points, y up) of the pixels from (left, top) to (right, bottom)."""
        y = self.height - bottom / self.sy
        return Box(left / self.sx, y, (right - left) / self.sx, (bottom - top) / self.sy)

    def pixels(self, box: Box) -> tuple[int, int, int, int]:
        """The pixels (left, top, right, bottom) covering a box in PDF points."""
        return (
            int(box.x * self.sx),
            int((self.height - box.top) * self.sy),
            int(box.right * self.sx) + 1,
            int((self.height - box.y) * self.sy) + 1,
        )


def render(pdf: bytes, index: int) -> Raster:
    """A page in colour at SCALE.

    Paths are not anti-aliased, so each card is its exact colours up to its edges and
    a hairline is a line of black pixels.
    """
    page = pdfium.PdfDocument(pdf)[index]
    image = page.render(scale=SCALE, no_smoothpath=True).to_pil().convert("RGB")
    return Raster(image, page.get_width(), page.get_height())


def brightest(image: Image.Image) -> Image.Image:
    """Each pixel's largest channel."""
    r, g, b = image.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b)


def box_of(raster: Raster, rgb: RGB) -> Box | None:
    """The box (PDF points, y up) around every pixel of exactly this colour."""
    diff = ImageChops.difference(raster.image, Image.new("RGB", raster.image.size, rgb))
    found = brightest(diff).point(lambda v: 255 if v == 0 else 0).getbbox()
    return None if found is None else raster.box(*found)


def boxes(pdf: bytes, index: int, side: str, items: int) -> dict[tuple[int, str], Box]:
    """Each card's body and band box on a page, by (item, "body" or "band")."""
    raster = render(pdf, index)
    out = {}
    for item in range(items):
        body, band = colours(item, side)
        for part, rgb in (("body", body), ("band", band)):
            box = box_of(raster, rgb)
            assert box is not None, (index, item, part)
            out[(item, part)] = box
    return out


def flipped(box: Box, page: tuple[float, float], duplex: Duplex) -> Box:
    """Where a box printed on one side of a portrait sheet lies on the other side's page.

    Turned about its long edge the sheet's left and right swap; about its short edge,
    its top and bottom.
    """
    width, height = page
    assert width <= height, "a portrait sheet"
    if duplex == "long":
        return Box(width - box.right, box.y, box.width, box.height)
    return Box(box.x, height - box.top, box.width, box.height)


def moved(box: Box, dx: float, dy: float) -> Box:
    return Box(box.x + dx, box.y + dy, box.width, box.height)


def same(a: Box, b: Box, within: float = NEAR) -> bool:
    return all(
        abs(p - q) <= within
        for p, q in zip((a.x, a.y, a.right, a.top), (b.x, b.y, b.right, b.top), strict=True)
    )


def union(a: Box, b: Box) -> Box:
    x, y = min(a.x, b.x), min(a.y, b.y)
    return Box(x, y, max(a.right, b.right) - x, max(a.top, b.top) - y)


# --- (1) Portrait pages ------------------------------------------------------------------


def test_a_default_kit_prints_its_card_sheets_on_portrait_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no project kitgen.toml
    setup = resolve_setup(PrintSettings.model_construct())
    grid = grid_of(setup)
    # A4, poker, 3 mm bleed: the most cards fit on a landscape grid, 4 x 2...
    assert (setup.paper, setup.card, setup.bleed) == (PAPERS["a4"], CARDS["poker"], 3 * MM)
    assert (grid.cols, grid.rows, grid.page) == (4, 2, PAPERS["a4"].rotated())
    kit = tmp_path / "kit.yaml"  # a kit with kitgen's default print settings
    kit.write_text("game: scratch\nkind: kit\nname: Cards\ncomponents: [cards]\n")
    result = build([str(kit)], BuildOptions(out=str(tmp_path / "out")))
    assert result.ok and len(result.written) == 1
    pages = PdfReader(result.written[0]).pages
    assert len(pages) >= 2 and len(pages) % 2 == 0  # sheets of fronts and backs
    a4 = PAPERS["a4"]
    for page in pages:  # ...drawn on portrait A4 pages
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx((a4.width, a4.height), abs=0.01)
        assert page.get("/Rotate", 0) == 0  # turned in the drawing, not by a viewer flag


def test_pdf_page_size_is_always_portrait() -> None:
    a4 = PAPERS["a4"]
    assert pdf_page_size(a4) == (a4.width, a4.height)
    assert pdf_page_size(a4.rotated()) == (a4.width, a4.height)
    assert pdf_page_size(Size(100, 100)) == (100, 100)


def test_the_turn_of_the_first_card_worked_out_by_hand() -> None:
    # Landscape A4 (297 x 210 mm), 4 x 2 poker cards with 3 mm bleed, centred: the grid
    # is 4 * 69 = 276 mm wide and 2 * 94 = 188 mm tall, so the first card's trim starts
    # (297 - 276) / 2 + 3 = 13.5 mm from the left and (210 - 188) / 2 + 3 = 14 mm from
    # the top, i.e. its top edge is at y = 196 mm. A quarter turn anticlockwise puts the
    # plan's top edge on the portrait page's left: the card's top lies 14 mm from the
    # left, its left edge 13.5 mm from the bottom, and it is 88 mm across, 63 mm high.
    grid = grid_of(setup_for("a4", 3, "long"))
    trim = grid.slots[0].trim
    assert (trim.x, trim.top) == pytest.approx((13.5 * MM, 196 * MM))
    turned = page_box(grid.page, trim)
    assert (turned.x, turned.y, turned.width, turned.height) == pytest.approx(
        (14 * MM, 13.5 * MM, 88 * MM, 63 * MM)
    )
    assert page_point(grid.page, trim.x, trim.top) == pytest.approx((14 * MM, 13.5 * MM))
    portrait = grid_of(setup_for("a4", 0, "long"))
    assert page_box(portrait.page, portrait.slots[0].trim) == portrait.slots[0].trim


@pytest.mark.parametrize(("paper", "bleed_mm"), [("a4", 3), ("letter", 3), ("a4", 0)])
def test_cards_are_drawn_where_the_turned_plan_says(paper: str, bleed_mm: float) -> None:
    setup = setup_for(paper, bleed_mm, "long")
    grid, pdf = sheets(setup)
    found = boxes(pdf, 0, "front", grid.per_page)
    for item, slot in enumerate(grid.slots):
        card = union(found[(item, "body")], found[(item, "band")])
        assert same(card, page_box(grid.page, slot.bleed)), (item, card)


# --- (2) Backs behind their faces --------------------------------------------------------

SHEETS = [(paper, bleed) for paper in ("a4", "letter") for bleed in (3, 0)]


@pytest.mark.parametrize("duplex", FLIPS)
@pytest.mark.parametrize(("paper", "bleed_mm"), SHEETS)
def test_every_back_lies_behind_its_face_after_the_flip(
    paper: str, bleed_mm: float, duplex: Duplex
) -> None:
    setup = setup_for(paper, bleed_mm, duplex)
    grid, pdf = sheets(setup)
    page = pdf_page_size(grid.page)
    assert len(pdfium.PdfDocument(pdf)) == 2
    fronts = boxes(pdf, 0, "front", grid.per_page)
    backs = boxes(pdf, 1, "back", grid.per_page)
    for key, front in fronts.items():
        # the body behind the body and the top band behind the top band: each back is
        # behind its own face and stands the same way up
        assert same(flipped(backs[key], page, duplex), front), (key, front, backs[key])


@pytest.mark.parametrize("duplex", FLIPS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_landscape_cards_backs_lie_behind_their_faces(paper: str, duplex: Duplex) -> None:
    """Cards on their side (`poker landscape`, 88 x 63 mm): each back behind its face,
    its top band behind the face's, whichever way the sheet turns over."""
    setup = setup_for(paper, 3, duplex, card="poker landscape")
    grid, pdf = sheets(setup)
    assert grid.card.width > grid.card.height
    page = pdf_page_size(grid.page)
    fronts = boxes(pdf, 0, "front", grid.per_page)
    backs = boxes(pdf, 1, "back", grid.per_page)
    assert fronts
    for key, front in fronts.items():
        assert same(flipped(backs[key], page, duplex), front), (key, front, backs[key])


def test_the_cases_cover_turned_and_upright_grids() -> None:
    turned = {(p, b): grid_of(setup_for(p, b, "long")).page.orientation for p, b in SHEETS}
    assert turned == {
        ("a4", 3): "landscape",
        ("a4", 0): "portrait",
        ("letter", 3): "landscape",
        ("letter", 0): "landscape",
    }


@pytest.mark.parametrize("duplex", FLIPS)
def test_backs_drawn_as_reused_forms_lie_behind_their_faces_too(duplex: Duplex) -> None:
    setup = setup_for("a4", 3, duplex)
    grid, pdf = sheets(setup, forms=True)
    assert len(pdfium.PdfDocument(pdf)) == 4
    page = pdf_page_size(grid.page)
    for sheet in (0, 1):
        fronts = boxes(pdf, 2 * sheet, "front", grid.per_page)
        backs = boxes(pdf, 2 * sheet + 1, "back", grid.per_page)
        for key, front in fronts.items():
            assert same(flipped(backs[key], page, duplex), front), (sheet, key)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_and_glue_sheets_are_portrait_with_backs_across_the_fold(paper: str) -> None:
    # The fold-and-glue grid is planned on a landscape page with the fold down its
    # middle; turned, the fold runs across the portrait page, fronts below it, and
    # folding the sheet in half (top over bottom) lays each back on its face.
    setup = setup_for(paper, 3, "fold")
    fronts_grid, _, fold = plan_fold(
        setup.paper, setup.card, bleed=setup.bleed, margin=setup.margin
    )
    count = fronts_grid.per_page
    pdf = card_sheets_pdf("Painted", count, source(setup.card, setup.bleed, count), setup)
    doc = pdfium.PdfDocument(pdf)
    assert len(doc) == 1
    width, height = pdf_page_size(fronts_grid.page)
    assert doc[0].get_size() == pytest.approx((PAPERS[paper].width, PAPERS[paper].height))
    assert page_point(fronts_grid.page, fold.x0, 0)[1] == pytest.approx(height / 2)
    fronts = boxes(pdf, 0, "front", count)
    backs = boxes(pdf, 0, "back", count)
    for key, front in fronts.items():
        assert front.top < height / 2 < backs[key].y  # fronts below the fold, backs above
        assert same(flipped(backs[key], (width, height), "short"), front), key
    assert "fold" in doc[0].get_textpage().get_text_range()


# --- (3) The back offset -----------------------------------------------------------------


@pytest.mark.parametrize("duplex", FLIPS)
@pytest.mark.parametrize(("paper", "bleed_mm"), [("a4", 3), ("letter", 3), ("a4", 0)])
def test_a_back_offset_moves_the_back_right_and_up_on_the_portrait_page(
    paper: str, bleed_mm: float, duplex: Duplex
) -> None:
    dx, dy = 2.5, -1.5  # mm: right and down
    grid, plain = sheets(setup_for(paper, bleed_mm, duplex))
    _, shifted = sheets(setup_for(paper, bleed_mm, duplex, (dx, dy)))
    assert render(plain, 0).image.tobytes() == render(shifted, 0).image.tobytes()  # fronts stay
    before = boxes(plain, 1, "back", grid.per_page)
    after = boxes(shifted, 1, "back", grid.per_page)
    for key, box in before.items():
        assert same(after[key], moved(box, dx * MM, dy * MM)), (key, box, after[key])
    # the sheet label stays where it was: it is not part of the sheet's registration
    label = "Painted \u00b7 sheet 1 of 1"
    assert char_boxes(shifted, 1, label) == char_boxes(plain, 1, label)


@pytest.mark.parametrize("duplex", FLIPS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibrated_offset_puts_every_back_behind_its_face(paper: str, duplex: Duplex) -> None:
    # kitgen.layout.calibration: a back offset (dx, dy) moves everything on a back page
    # by (dx, dy) in the back page's own coordinates (origin bottom left, upright), and
    # the scales read it, numbers growing rightwards and upwards. The calibration page
    # is the paper as given, portrait for every preset: the card sheets' PDF page.
    setup = setup_for(paper, 3, duplex)
    grid = grid_of(setup)
    sheet = plan_calibration(setup.paper, duplex, margin=setup.margin)
    assert grid.page.orientation == "landscape"
    assert (sheet.page.width, sheet.page.height) == pdf_page_size(grid.page)
    error = (1.5 * MM, -2.0 * MM)  # the printer puts the back page this far off
    centre = sheet.centre()
    read = (reading(sheet, centre.dx, error), reading(sheet, centre.dy, error))
    assert read == (-1.5, 2.0)
    _, pdf = sheets(setup_for(paper, 3, duplex, read))
    page = pdf_page_size(grid.page)
    fronts = boxes(pdf, 0, "front", grid.per_page)
    backs = boxes(pdf, 1, "back", grid.per_page)
    for key, front in fronts.items():
        printed = moved(backs[key], *error)
        assert same(flipped(printed, page, duplex), front), (key, printed, front)


# --- (4) Crop marks ---------------------------------------------------------------------


def dark_mask(image: Image.Image) -> Image.Image:
    """White where the page is nearly black (marks, text, the scale bar), black elsewhere.

    Every painted card colour has a channel of 200 or more, so no card pixel counts.
    """
    return brightest(image).point(lambda v: 255 if v < 100 else 0)


def plan_pages(setup: PrintSetup) -> list[PagePlan]:
    """The pages card_sheets_pdf draws for one full sheet of cards."""
    if setup.duplex == "fold":
        fronts, backs, fold = plan_fold(
            setup.paper, setup.card, bleed=setup.bleed, margin=setup.margin
        )
        return impose_fold(fronts.per_page, fronts, backs, fold)
    grid = grid_of(setup)
    return impose(grid.per_page, grid, setup.duplex, back_offset=setup.back_offset)


@pytest.mark.parametrize(
    ("paper", "bleed_mm", "duplex", "offset"),
    [
        ("a4", 3, "long", (0.0, 0.0)),
        ("a4", 3, "short", (2.0, -3.0)),
        ("letter", 0, "long", (-1.0, 1.5)),
        ("a4", 0, "short", (0.0, 0.0)),
        ("a4", 3, "fold", (0.0, 0.0)),
        ("letter", 0, "fold", (0.0, 0.0)),
    ],
)
def test_crop_marks_never_touch_a_card(
    paper: str, bleed_mm: float, duplex: Duplex, offset: tuple[float, float]
) -> None:
    setup = setup_for(paper, bleed_mm, duplex, offset)
    plans = plan_pages(setup)
    count = len([p for p in plans[0].placements if p.item >= 0])
    pdf = card_sheets_pdf("Painted", count, source(setup.card, setup.bleed, count), setup)
    assert len(pdfium.PdfDocument(pdf)) == len(plans)
    for index, plan in enumerate(plans):
        raster = render(pdf, index)
        mask = dark_mask(raster.image)
        assert mask.histogram()[255] > 100, "marks and the label are drawn"
        dx, dy = plan.offset
        for placement in plan.placements:
            # nothing dark on a card or within half a millimetre of its bleed
            card = moved(page_box(plan.page, placement.slot.bleed), dx, dy)
            area = raster.pixels(card.inset(-0.5 * MM))
            assert mask.crop(area).getbbox() is None, (index, placement)
        assert plan.marks
        for mark in plan.marks:  # and every mark is drawn where the turned plan puts it
            x, y = page_point(plan.page, (mark.x0 + mark.x1) / 2, (mark.y0 + mark.y1) / 2)
            spot = raster.pixels(Box(x + dx, y + dy, 0, 0).inset(-PIXEL))
            assert mask.crop(spot).getbbox() is not None, (index, mark)


# --- The label and the scale bar ---------------------------------------------------------


def char_boxes(pdf: bytes, index: int, text: str) -> list[tuple[float, float, float, float]]:
    """The boxes (left, bottom, right, top) of the characters of `text`'s first match."""
    page = pdfium.PdfDocument(pdf)[index]
    textpage = page.get_textpage()
    found = textpage.search(text).get_next()
    assert found is not None, text
    start, length = found
    return [textpage.get_charbox(i) for i in range(start, start + length)]


def direction(chars: list[tuple[float, float, float, float]]) -> str:
    """Which way a line of characters runs on the page: "right", "left", "up" or "down"."""
    shown = [c for c in chars if c[2] > c[0] and c[3] > c[1]]  # spaces have empty boxes
    xs = [(c[0] + c[2]) / 2 for c in shown]
    ys = [(c[1] + c[3]) / 2 for c in shown]
    across, up = xs[-1] - xs[0], ys[-1] - ys[0]
    along, way = (xs, "right" if across > 0 else "left")
    if abs(up) > abs(across):
        along, way = (ys, "up" if up > 0 else "down")
    steps = [b - a for a, b in itertools.pairwise(along)]
    assert all(s > 0 for s in steps) or all(s < 0 for s in steps), "one straight line"
    return way


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_label_reads_up_the_left_margin_and_the_scale_bar_up_the_right(paper: str) -> None:
    setup = setup_for(paper, 3, "long")
    grid, pdf = sheets(setup)
    assert grid.page.orientation == "landscape"
    extent = page_box(grid.page, grid.extent)
    for index in (0, 1):  # front and back
        label = char_boxes(pdf, index, "Painted \u00b7 sheet 1 of 1")
        assert direction(label) == "up"
        assert all(c[2] < extent.x for c in label)  # left of every card
    note = char_boxes(pdf, 0, "Print at 100%")
    assert direction(note) == "up"
    assert all(c[0] > extent.right for c in note)  # right of every card
    with pytest.raises(AssertionError):
        char_boxes(pdf, 1, "Print at 100%")  # the scale bar is on the first page only


def test_a_portrait_grid_is_drawn_as_before() -> None:
    # An upright plan keeps its page and drawing: the label runs left to right above the cards.
    setup = setup_for("a4", 0, "long")
    grid, pdf = sheets(setup)
    assert grid.page == PAPERS["a4"]
    label = char_boxes(pdf, 0, "Painted \u00b7 sheet 1 of 1")
    assert direction(label) == "right"
    assert all(c[1] > grid.extent.top for c in label)


def test_same_input_same_bytes() -> None:
    setup = setup_for("a4", 3, "short", (1.0, -1.0))
    assert sheets(setup)[1] == sheets(setup)[1]
