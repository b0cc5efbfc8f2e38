"""Galliard's printed paper: the mat plan, the tiled mat, the cabal cards, the score tracker."""

from __future__ import annotations

import ctypes
import itertools
import statistics
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image
from test_build import fonts_of
from test_layout_tile import check_cover, crossings

from kitgen.build import resolve_setup
from kitgen.games.galliard.kit import (
    _title_lines,
    cabal_cards_pdf,
    draw_cabal_card,
    mat_busy,
    mat_content,
    mat_pdf,
    mat_tiles,
    tracker_pdf,
)
from kitgen.games.galliard.layout import GalliardMatPlan, plan_galliard_mat
from kitgen.layout.geometry import Box, LayoutError
from kitgen.layout.impose import impose, plan_grid
from kitgen.layout.paper import CARDS, PAPERS
from kitgen.layout.setup import PrintSetup
from kitgen.layout.tile import Tile, alignment_marks, seam_lines
from kitgen.layout.units import MM
from kitgen.model.kit import Ink, PrintSettings
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.text import line_box

EPS = 1e-6
MIN_CLEAR = 1.5 * MM
POKER = CARDS["poker"]
SCALE = 2.0  # 144 dpi: a pixel is 0.176 mm
PX_PER_MM = SCALE * MM
MAKERS = {"mat": mat_pdf, "cabal": cabal_cards_pdf, "tracker": tracker_pdf}
HEADING = "Galliard \u00b7 table mat"  # as mat_pdf("Galliard", ...) heads the mat


def overlap(a: Box, b: Box) -> bool:
    return min(a.right, b.right) - max(a.x, b.x) > EPS and min(a.top, b.top) - max(a.y, b.y) > EPS


# --- The plan (pure geometry) ----------------------------------------------------------------


def test_the_mat_has_the_deck_the_wager_pile_and_at_least_eight_dancers() -> None:
    plan = plan_galliard_mat(POKER)
    assert len(plan.floor) >= 8
    assert set(plan.spaces) == {"deck", "wager", *(f"dancer {i}" for i in range(1, 9))}
    assert plan.deck.x < plan.aisle_x < min(box.x for box in plan.floor)  # the aisle divides


@pytest.mark.parametrize("card_name", sorted(CARDS))
def test_a_card_fits_every_space_with_room(card_name: str) -> None:
    card = CARDS[card_name]
    plan = plan_galliard_mat(card)
    for name, box in plan.spaces.items():
        assert box.width >= card.width + 2 * MIN_CLEAR - EPS, name
        assert box.height >= card.height + 2 * MIN_CLEAR - EPS, name
        footprint = plan.card_box(box)
        assert footprint.width == pytest.approx(card.width)
        assert footprint.height == pytest.approx(card.height)
        assert footprint.within(box, MIN_CLEAR)


@pytest.mark.parametrize("card_name", sorted(CARDS))
def test_nothing_overlaps_and_all_lies_on_the_poster(card_name: str) -> None:
    plan = plan_galliard_mat(CARDS[card_name])
    poster = Box(0, 0, plan.size.width, plan.size.height)
    boxes = [*plan.spaces.values(), plan.title, *plan.strip]
    for a, b in itertools.combinations(boxes, 2):
        assert not overlap(a, b), (a, b)
    for box in boxes:
        assert box.within(poster)
    assert plan.strip[-1].right == pytest.approx(plan.title.right)  # the strip spans the mat
    for box in boxes:  # nothing touches the poster's edge, where a tile would cut its line
        assert box.within(poster, 2 * MM)


def test_a_too_small_clearance_is_refused() -> None:
    with pytest.raises(LayoutError, match=r"1\.5 mm"):
        plan_galliard_mat(POKER, clearance=1 * MM)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card_name", ["poker", "poker-us"])
def test_the_poker_mat_tiles_on_three_sheets_cut_between_columns(
    paper: str, card_name: str
) -> None:
    plan = plan_galliard_mat(CARDS[card_name])
    setup = resolve_setup(PrintSettings(paper=paper, card_size=card_name))
    tiles = mat_tiles(plan, HEADING, setup)
    # Two sheets would cut dancer 2's column (the middle of the mat is in it); three are
    # cut in the gaps after dancer 1's column and after dancer 3's.
    assert len(tiles) == 3
    assert crossings(tiles, list(mat_content(plan, HEADING))) == []
    check_cover(tiles, plan.size)
    seams = sorted({s.x0 - t.origin[0] for t in tiles for s in seam_lines(t, tiles)})
    dancers = plan.floor
    assert seams == pytest.approx(
        [(dancers[0].right + dancers[1].x) / 2, (dancers[2].right + dancers[3].x) / 2]
    )


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("card_name", sorted(CARDS))
def test_no_seam_cuts_the_mats_content(paper: str, card_name: str) -> None:
    plan = plan_galliard_mat(CARDS[card_name])
    setup = resolve_setup(PrintSettings(paper=paper, card_size=card_name))
    tiles = mat_tiles(plan, HEADING, setup)
    check_cover(tiles, plan.size)
    content = list(mat_content(plan, HEADING))
    assert crossings(tiles, content) == []
    title = [line_box(*line) for line in _title_lines(plan, HEADING)]
    for box in title:  # the title strip's words are content, each where it prints
        assert box.within(plan.title), box


# --- The PDFs --------------------------------------------------------------------------------


def setup_for(paper: str = "a4", ink: Ink = "normal") -> PrintSetup:
    return resolve_setup(PrintSettings(paper=paper, ink=ink))


@pytest.fixture(scope="module")
def a4() -> PrintSetup:
    return setup_for()


@pytest.fixture(scope="module")
def docs(a4: PrintSetup) -> dict[str, bytes]:
    return {name: make("Galliard", a4) for name, make in MAKERS.items()}


def render(data: bytes, index: int) -> Image.Image:
    """A page as a greyscale image at SCALE."""
    page = pdfium.PdfDocument(data)[index]
    image: Image.Image = page.render(scale=SCALE, grayscale=True).to_pil()
    return image.convert("L")


def printed_tiles(setup: PrintSetup) -> tuple[GalliardMatPlan, list[Tile]]:
    plan = plan_galliard_mat(setup.card)
    return plan, mat_tiles(plan, HEADING, setup)


def test_page_counts(docs: dict[str, bytes], a4: PrintSetup) -> None:
    grid = plan_grid(a4.paper, a4.card, bleed=a4.bleed, margin=a4.margin, gutter=a4.gutter)
    expected = {
        "mat": len(printed_tiles(a4)[1]),
        "cabal": len(impose(2, grid, a4.duplex, back_offset=a4.back_offset)),
        "tracker": 1,
    }
    assert expected["mat"] == 3 and expected["cabal"] == 2  # fronts and backs
    for name, data in docs.items():
        assert len(pdfium.PdfDocument(data)) == expected[name], name
    page = pdfium.PdfDocument(docs["tracker"])[0]
    assert page.get_size() == pytest.approx((a4.paper.width, a4.paper.height))  # portrait


def test_every_font_is_embedded(docs: dict[str, bytes], tmp_path: Path) -> None:
    for name, data in docs.items():
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(data)
        fonts = fonts_of(path)
        assert fonts, name
        assert all(embedded and "Vera" in base for base, embedded in fonts), (name, fonts)


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_the_same_input_gives_the_same_bytes(docs: dict[str, bytes], name: str) -> None:
    assert MAKERS[name]("Galliard", setup_for()) == docs[name]
    assert MAKERS[name]("Galliard", setup_for(ink="low")) != docs[name]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pages_fit_inside_the_margins(paper: str) -> None:
    setup = setup_for(paper)
    margin = round(5 * MM * SCALE)
    for make in (tracker_pdf, mat_pdf):
        data = make("Galliard", setup)
        for index in range(len(pdfium.PdfDocument(data))):
            image = render(data, index)
            inner = image.crop((margin, margin, image.width - margin, image.height - margin))
            assert min(image.tobytes()) < 100  # something is printed
            blank = Image.new("L", image.size, 255)
            blank.paste(inner, (margin, margin))
            assert blank.tobytes() == image.tobytes(), (make.__name__, index)
    size = pdfium.PdfDocument(tracker_pdf("Galliard", setup))[0].get_size()
    assert size == pytest.approx((PAPERS[paper].width, PAPERS[paper].height))


def solid_blocks(image: Image.Image) -> int:
    """How many 5 mm squares of the page are inked all over."""
    inked = image.point(lambda p: 255 if p >= 245 else 0)
    return inked.reduce(round(5 * PX_PER_MM)).histogram()[0]


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_low_ink_has_no_large_fills(docs: dict[str, bytes], name: str) -> None:
    data = MAKERS[name]("Galliard", setup_for(ink="low"))
    pages = len(pdfium.PdfDocument(data))
    assert pages == len(pdfium.PdfDocument(docs[name]))
    assert any(solid_blocks(render(docs[name], i)) for i in range(pages))  # the test can fail
    for index in range(pages):
        assert solid_blocks(render(data, index)) == 0, (name, index)


# --- Measured on the page --------------------------------------------------------------------


def dark_run_centre(line: list[int], start: int, step: int, limit: int) -> float | None:
    """From `start`, walk by `step` to the first dark run; the middle of that run."""
    i = start
    while 0 <= i < len(line) and abs(i - start) < limit and line[i] >= 170:
        i += step
    if not (0 <= i < len(line)) or abs(i - start) >= limit:
        return None
    j = i
    while 0 <= j < len(line) and line[j] < 170:
        j += step
    return (i + j - step) / 2


def row_of(image: Image.Image, y: int) -> list[int]:
    return list(image.tobytes()[y * image.width : (y + 1) * image.width])


def column_of(image: Image.Image, x: int) -> list[int]:
    return list(image.tobytes()[x :: image.width])


def measure_space(image: Image.Image, box: Box, t: Tile) -> tuple[float, float]:
    """The drawn width and height of a space's outline, in mm (medians over a few lines)."""
    height = image.height

    def to_px(x: float, y: float) -> tuple[float, float]:
        page_x, page_y = t.to_page(x, y)
        return page_x * SCALE, height - page_y * SCALE

    widths, heights = [], []
    reach = round(8 * PX_PER_MM)
    for f in (0.2, 0.3, 0.7, 0.8):
        x0, y = to_px(box.x, box.y + f * box.height)
        x1, _ = to_px(box.right, 0)
        line = row_of(image, round(y))
        left = dark_run_centre(line, round(x0 - 2 * PX_PER_MM), 1, reach)
        right = dark_run_centre(line, round(x1 + 2 * PX_PER_MM), -1, reach)
        if left is not None and right is not None:
            widths.append((right - left) / PX_PER_MM)
        x, top = to_px(box.x + f * box.width, box.top)
        _, bottom = to_px(0, box.y)
        col = column_of(image, round(x))
        upper = dark_run_centre(col, round(top - 2 * PX_PER_MM), 1, reach)
        lower = dark_run_centre(col, round(bottom + 2 * PX_PER_MM), -1, reach)
        if upper is not None and lower is not None:
            heights.append((lower - upper) / PX_PER_MM)
    return statistics.median(widths), statistics.median(heights)


def test_a_poker_card_fits_each_drawn_space(docs: dict[str, bytes], a4: PrintSetup) -> None:
    plan, tiles = printed_tiles(a4)
    measured = set()
    for t in tiles:
        image = render(docs["mat"], t.index)
        for name, box in plan.spaces.items():
            if not box.inset(-2.5 * MM).within(t.window):
                continue  # cut by the sheet's edge: measured on the other sheet, or taped
            width, height = measure_space(image, box, t)
            assert width == pytest.approx(box.width / MM, abs=0.4), name
            assert height == pytest.approx(box.height / MM, abs=0.4), name
            assert width >= 63 + 2 * 1.5 and height >= 88 + 2 * 1.5, name
            measured.add(name)
    assert {"deck", "wager", "dancer 1", "dancer 4", "dancer 8"} <= measured, measured


def test_the_tiles_line_up(docs: dict[str, bytes], a4: PrintSetup) -> None:
    plan, tiles = printed_tiles(a4)

    def crosses(t: Tile) -> set[tuple[float, float]]:
        """The crosses' centres on a tile, as poster points (to 0.01 pt), kept off the mat's
        content as the mat is printed."""
        return {
            (round((m.x0 + m.x1) / 2 - t.origin[0], 2), round(m.y0 - t.origin[1], 2))
            for m in alignment_marks(t, tiles, mat_busy(plan, HEADING))
            if m.y0 == m.y1
        }

    pairs = [
        (a, b)
        for a, b in itertools.combinations(tiles, 2)
        if abs(a.row - b.row) + abs(a.col - b.col) == 1
    ]
    assert pairs
    for a, b in pairs:
        on_a = {p for p in crosses(a) if b.window.contains(*p)}
        on_b = {p for p in crosses(b) if a.window.contains(*p)}
        assert on_a and on_a == on_b
        for t in (a, b):  # and the crosses are printed where the plan says
            image = render(docs["mat"], t.index)
            for x, y in on_a:
                px, py = t.to_page(x, y)
                u, v = round(px * SCALE), round(image.height - py * SCALE)
                near = image.crop((u - 1, v - 1, u + 2, v + 2)).tobytes()
                assert min(near) < 150, (t.index, x, y)


def path_bounds(data: bytes) -> list[tuple[float, float, float, float]]:
    """The bounds (left, bottom, right, top) of every path drawn on the first page."""
    page = pdfium.PdfDocument(data)[0]
    return [
        # get_bounds since pypdfium2 5; get_pos in 4.x (the floor CI tests too)
        (obj.get_bounds() if hasattr(obj, "get_bounds") else obj.get_pos())
        for obj in page.get_objects(max_depth=5)
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_tracker_boxes_are_at_least_6_mm(paper: str) -> None:
    data = tracker_pdf("Galliard", setup_for(paper))
    image = render(data, 0)
    bounds = path_bounds(data)
    # Tick boxes: small squares. Measure each drawn outline, centre line to centre line.
    squares = [b for b in bounds if 4 * MM < b[2] - b[0] < 9 * MM and 4 * MM < b[3] - b[1] < 9 * MM]
    rules = sorted(b for b in bounds if b[2] - b[0] > 150 * MM and b[3] - b[1] < 1 * MM)
    rows = len(rules) - 2  # the header's top and bottom
    assert rows >= 12
    assert len(squares) == 2 * rows + 2 * 14  # supported at the start, and the two cabal grids
    reach = round(6 * PX_PER_MM)
    for left, bottom, right, top in squares:
        cx = round((left + right) / 2 * SCALE)
        cy = round(image.height - (bottom + top) / 2 * SCALE)
        line, col = row_of(image, cy), column_of(image, cx)
        sides = [
            dark_run_centre(line, cx, -1, reach),
            dark_run_centre(line, cx, 1, reach),
            dark_run_centre(col, cy, -1, reach),
            dark_run_centre(col, cy, 1, reach),
        ]
        assert None not in sides
        x0, x1, y0, y1 = (s or 0.0 for s in sides)
        assert (x1 - x0) / PX_PER_MM >= 6 - 0.2 and (y1 - y0) / PX_PER_MM >= 6 - 0.2
    # Table rows: the rules between rounds are at least 6 mm apart.
    ys = sorted({round((b[1] + b[3]) / 2, 2) for b in rules})
    gaps = [b - a for a, b in itertools.pairwise(ys)]
    assert min(gaps) >= 6 * MM - 0.01


def text_sizes(data: bytes) -> list[tuple[str, float]]:
    """Every piece of text on the first page, with its size in points."""
    page = pdfium.PdfDocument(data)[0]
    textpage = page.get_textpage()
    found = []
    for obj in page.get_objects(max_depth=5):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT:
            continue
        size = ctypes.c_float()
        pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
        n = pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
        buffer = (ctypes.c_ushort * n)()
        pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, buffer, n)
        text = bytes(buffer).decode("utf-16-le").rstrip("\x00")
        found.append((text, size.value * abs(obj.get_matrix().d)))
    return found


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_the_cabal_card_reads_at_poker_size(ink: Ink) -> None:
    canvas, buffer = new_canvas("cabal card")
    canvas.setPageSize((POKER.width, POKER.height))
    draw_cabal_card(canvas, POKER, 0.0, ink)
    canvas.showPage()
    sizes = text_sizes(finish(canvas, buffer))
    words = " ".join(text for text, _ in sizes)
    for needed in ("SUPPORTED", "5 or more royals", "J Q K of one suit", "all four of", "WIN"):
        assert needed in words, needed
    small = [(text, size) for text, size in sizes if size < 6 - 0.01]
    assert not small
