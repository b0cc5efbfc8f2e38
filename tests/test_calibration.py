"""The duplex calibration sheet: geometry as plain assertions, the PDF, and the command."""

from __future__ import annotations

import itertools
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from kitgen.cli import app
from kitgen.layout.calibration import (
    RANGE_MM,
    CalibrationSheet,
    Scale,
    back_point,
    back_segment,
    number,
    plan_calibration,
    reading,
)
from kitgen.layout.geometry import Box, Duplex, LayoutError, Segment, Size
from kitgen.layout.impose import back_slot, impose, plan_grid
from kitgen.layout.paper import card_size, paper_size
from kitgen.layout.units import MM
from kitgen.render.calibration import calibration_pdf

EPS = 1e-6
PAPERS = ("a4", "letter")
FLIPS: tuple[Duplex, ...] = ("long", "short")
CASES = list(itertools.product(PAPERS, FLIPS))
# Printer errors in mm: where the back page lands against where it belongs.
ERRORS = [(0.0, 0.0), (1.5, -2.0), (-6.0, 6.0), (0.5, 3.5), (-3.0, -0.5), (6.0, -6.0)]


@pytest.fixture(autouse=True)
def no_real_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never read the real user's or a surrounding project's kitgen.toml."""
    monkeypatch.setenv("KITGEN_CONFIG", str(tmp_path / "user" / "kitgen.toml"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)


def sheet_for(paper: str, duplex: Duplex, margin_mm: float = 5) -> CalibrationSheet:
    return plan_calibration(paper_size(paper), duplex, margin=margin_mm * MM)


def box_of(seg: Segment) -> Box:
    x0, x1 = sorted((seg.x0, seg.x1))
    y0, y1 = sorted((seg.y0, seg.y1))
    return Box(x0, y0, x1 - x0, y1 - y0)


def overlaps(a: Box, b: Box) -> bool:
    """True when two boxes share more than an edge."""
    return a.x < b.right - EPS and b.x < a.right - EPS and a.y < b.top - EPS and b.y < a.top - EPS


def shifted(seg: Segment, dx: float, dy: float) -> Segment:
    return Segment(seg.x0 + dx, seg.y0 + dy, seg.x1 + dx, seg.y1 + dy)


def along(scale: Scale, seg: Segment) -> float:
    """Where a front line (seen on the back) crosses the scale's axis."""
    return seg.x0 if scale.axis == "x" else seg.y0


# --- where a front mark lands on the back -------------------------------------------------


@pytest.mark.parametrize("duplex", FLIPS)
@pytest.mark.parametrize("paper", ["a4", "letter", "297x210mm"])
def test_back_point_is_the_flip_impose_uses(paper: str, duplex: Duplex) -> None:
    # Every card's front trim, carried to the back by back_point, is its back slot's trim.
    grid = plan_grid(paper_size(paper), card_size("poker"), bleed=3 * MM, margin=5 * MM)
    assert grid.per_page > 1
    for slot in grid.slots:
        target, _ = back_slot(grid, slot, duplex)
        t = slot.trim
        corners = [
            back_point(grid.page, duplex, x, y) for x in (t.x, t.right) for y in (t.y, t.top)
        ]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        assert min(xs) == pytest.approx(target.trim.x)
        assert max(xs) == pytest.approx(target.trim.right)
        assert min(ys) == pytest.approx(target.trim.y)
        assert max(ys) == pytest.approx(target.trim.top)


def test_back_point_mirrors_the_axis_the_sheet_turns_about() -> None:
    a4 = paper_size("a4")
    assert back_point(a4, "long", 10, 20) == (a4.width - 10, 20)
    assert back_point(a4, "short", 10, 20) == (10, a4.height - 20)
    landscape = a4.rotated()
    assert back_point(landscape, "long", 10, 20) == (10, landscape.height - 20)
    assert back_point(landscape, "short", 10, 20) == (landscape.width - 10, 20)


@pytest.mark.parametrize("duplex", ["fold", "none"])
def test_nothing_to_calibrate_without_printed_backs(duplex: Duplex) -> None:
    with pytest.raises(LayoutError, match="nothing to calibrate"):
        plan_calibration(paper_size("a4"), duplex, margin=5 * MM)


# --- the scales ---------------------------------------------------------------------------


@pytest.mark.parametrize(("paper", "duplex"), CASES)
def test_front_lines_land_on_the_zero_ticks(paper: str, duplex: Duplex) -> None:
    sheet = sheet_for(paper, duplex)
    assert len(sheet.gauges) == 5
    assert {s.axis for s in sheet.scales} == {"x", "y"}
    for scale in sheet.scales:
        line = back_segment(sheet.page, duplex, scale.front_line)
        zero = next(t for t in scale.ticks if t.value == 0)
        if scale.axis == "x":  # a vertical line, read across
            assert line.x0 == pytest.approx(line.x1)
            assert line.x0 == pytest.approx(zero.segment.x0) == pytest.approx(scale.zero)
        else:  # a horizontal line, read up and down
            assert line.y0 == pytest.approx(line.y1)
            assert line.y0 == pytest.approx(zero.segment.y0) == pytest.approx(scale.zero)
        assert reading(sheet, scale, (0.0, 0.0)) == 0


@pytest.mark.parametrize(("paper", "duplex"), CASES)
def test_ticks_every_half_millimetre_numbered_every_millimetre(paper: str, duplex: Duplex) -> None:
    for scale in sheet_for(paper, duplex).scales:
        values = [t.value for t in scale.ticks]
        assert values[0] <= -6 and values[-1] >= 6
        positions = [scale.position(t) for t in scale.ticks]
        for a, b in itertools.pairwise(positions):
            assert b - a == pytest.approx(0.5 * MM)
        for tick, position in zip(scale.ticks, positions, strict=True):
            # tick t stands t mm from zero, along the back page's own x or y
            assert position - scale.zero == pytest.approx(tick.value * MM)
            seg = tick.segment
            if scale.axis == "x":
                assert seg.x0 == seg.x1 and seg.y0 < scale.across < seg.y1
            else:
                assert seg.y0 == seg.y1 and min(seg.x0, seg.x1) < scale.across < max(seg.x0, seg.x1)
            whole = tick.value == int(tick.value)
            assert (tick.label is not None) == whole
            if tick.label is not None:
                assert tick.label.text == number(tick.value)
                label_at = tick.label.x if scale.axis == "x" else tick.label.y
                assert label_at == pytest.approx(position)  # the number sits on its tick


def test_numbers_read_as_typed() -> None:
    assert [number(v) for v in (-3.0, -0.0, 0.0, 2.0, 1.5)] == ["-3", "0", "0", "2", "1.5"]


# Card grids on portrait pages: a back offset acts in the PDF page's frame, the
# calibration sheet's. Landscape grids are drawn turned onto portrait pages; they are
# covered by test_portrait_sheets.py::test_the_calibrated_offset_puts_every_back_behind_its_face.
GRIDS = [
    ("a4", "poker", 0.0),
    ("letter", "mini-us", 3.0),
    ("a4", "tarot", 3.0),
    ("a3", "mini-euro", 3.0),
]


@pytest.mark.parametrize("paper", ["297x210mm", "11x8.5in"])
def test_a_landscape_paper_is_measured_portrait_as_card_sheets_print(paper: str) -> None:
    given = paper_size(paper)
    sheet = plan_calibration(given, "long", margin=5 * MM)
    assert (sheet.page.width, sheet.page.height) == (given.height, given.width)


@pytest.mark.parametrize("duplex", FLIPS)
@pytest.mark.parametrize(("paper", "card", "bleed_mm"), GRIDS)
def test_reading_is_the_back_offset_that_corrects_the_printer(
    paper: str, card: str, bleed_mm: float, duplex: Duplex
) -> None:
    sheet = plan_calibration(paper_size(paper), duplex, margin=5 * MM)
    grid = plan_grid(sheet.page, card_size(card), bleed=bleed_mm * MM, margin=5 * MM)
    assert grid.page == sheet.page and grid.per_page > 1
    fronts = {p.item: p for p in impose(grid.per_page, grid, duplex)[0].placements}
    for ex, ey in ERRORS:
        error = (ex * MM, ey * MM)
        for scale in sheet.scales:
            # the front line, seen on the back, lies `error` away from the back's drawing
            line = shifted(back_segment(sheet.page, duplex, scale.front_line), -error[0], -error[1])
            under = scale.tick_at(along(scale, line))
            assert scale.position(under) == pytest.approx(along(scale, line))
            assert (
                under.value == (-ex if scale.axis == "x" else -ey) == reading(sheet, scale, error)
            )
        centre = sheet.centre()
        offset = (reading(sheet, centre.dx, error) * MM, reading(sheet, centre.dy, error) * MM)
        for back_offset, should_match in ((offset, True), ((0.0, 0.0), (ex, ey) == (0.0, 0.0))):
            pages = impose(grid.per_page, grid, duplex, back_offset=back_offset)
            back = pages[1]
            assert back.side == "back"
            matches = []
            for placement in back.placements:
                # the printer draws the back page shifted by its offset, then misplaces it
                trim = placement.slot.trim
                dx, dy = back.offset[0] + error[0], back.offset[1] + error[1]
                printed = Box(trim.x + dx, trim.y + dy, trim.width, trim.height)
                front = fronts[placement.item].slot.trim
                x0, y0 = back_point(sheet.page, duplex, front.x, front.y)
                x1, y1 = back_point(sheet.page, duplex, front.right, front.top)
                wanted = Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
                matches.append(
                    all(
                        abs(a - b) < EPS
                        for a, b in zip(
                            (printed.x, printed.y, printed.width, printed.height),
                            (wanted.x, wanted.y, wanted.width, wanted.height),
                            strict=True,
                        )
                    )
                )
            assert all(matches) if should_match else not any(matches)


def test_a_reading_between_ticks_goes_to_the_nearest() -> None:
    sheet = sheet_for("a4", "long")
    scale = sheet.centre().dx
    assert reading(sheet, scale, (1.2 * MM, 0.0)) == -1.0
    assert reading(sheet, scale, (-1.3 * MM, 0.0)) == 1.5


# --- everything inside the margin, nothing in another's way --------------------------------


@pytest.mark.parametrize(("paper", "duplex", "margin"), [(*c, m) for c in CASES for m in (5, 12.7)])
def test_all_marks_inside_the_margin(paper: str, duplex: Duplex, margin: float) -> None:
    sheet = sheet_for(paper, duplex, margin)
    room = sheet.printable
    assert room == Box(
        margin * MM,
        margin * MM,
        sheet.page.width - 2 * margin * MM,
        sheet.page.height - 2 * margin * MM,
    )
    for scale in sheet.scales:
        assert scale.box.within(room)
        assert box_of(scale.front_line).within(room)
        for seg in (scale.baseline, *(t.segment for t in scale.ticks)):
            assert box_of(seg).within(scale.box)
        for label in [scale.caption, *(t.label for t in scale.ticks if t.label is not None)]:
            assert scale.box.contains(label.x, label.y)
    for band in (sheet.upper_band, sheet.lower_band, sheet.bar):
        assert band.within(room)
    assert sheet.bar.within(sheet.lower_band)
    assert sheet.bar_mm == 100 and sheet.bar.width == pytest.approx(100 * MM)


@pytest.mark.parametrize(("paper", "duplex"), CASES)
def test_scales_and_text_keep_apart(paper: str, duplex: Duplex) -> None:
    sheet = sheet_for(paper, duplex)
    boxes = [s.box for s in sheet.scales]
    for a, b in itertools.combinations(boxes, 2):
        assert not overlaps(a, b)
    bands = (sheet.upper_band, sheet.lower_band)
    for band in bands:
        # text on the back, and the front's text seen through it, never covers a scale
        seen = box_of(
            back_segment(sheet.page, duplex, Segment(band.x, band.y, band.right, band.top))
        )
        for box in boxes:
            assert not overlaps(band, box)
            assert not overlaps(seen, box)
        for line in sheet.front_lines:
            assert not overlaps(box_of(line), band)
    # The gauges reach the corners: lines near the edges and in the middle.
    xs = [x for line in sheet.front_lines for x in (line.x0, line.x1)]
    ys = [y for line in sheet.front_lines for y in (line.y0, line.y1)]
    assert min(xs) < sheet.page.width * 0.15 and max(xs) > sheet.page.width * 0.85
    assert min(ys) < sheet.page.height * 0.1 and max(ys) > sheet.page.height * 0.9
    middle = [g for g in sheet.gauges if g.place == "centre"]
    assert len(middle) == 1
    assert abs(middle[0].dx.across - sheet.page.height / 2) < 5 * MM


@pytest.mark.parametrize(("paper", "duplex"), CASES)
def test_each_front_line_crosses_only_its_own_scale(paper: str, duplex: Duplex) -> None:
    # For any printer error within the scales' range, a line crosses its own baseline
    # and touches no other scale.
    sheet = sheet_for(paper, duplex)
    steps = [v * MM for v in (-RANGE_MM, -3.5, 0, 2, RANGE_MM)]
    for ex, ey in itertools.product(steps, steps):
        for scale in sheet.scales:
            line = shifted(back_segment(sheet.page, duplex, scale.front_line), -ex, -ey)
            seen = box_of(line)
            base = box_of(scale.baseline)
            assert seen.x <= base.right and base.x <= seen.right
            assert seen.y <= base.top and base.y <= seen.top
            for other in sheet.scales:
                if other is not scale:
                    assert not overlaps(seen, other.box), (scale.place, scale.axis, other.place)


def test_a_page_too_small_is_one_line() -> None:
    with pytest.raises(LayoutError, match=r"calibration sheet needs .* inside the margins"):
        plan_calibration(paper_size("100x150mm"), "long", margin=5 * MM)
    assert plan_calibration(paper_size("a5"), "short", margin=5 * MM).bar_mm == 100


# --- the PDF ------------------------------------------------------------------------------


def page_text(page: pdfium.PdfPage) -> str:
    text = page.get_textpage()
    return str(text.get_text_range())


def dark(image: object, x: float, y: float, page: Size, dpi: int) -> bool:
    """True when the rendered page is dark at PDF point (x, y)."""
    px = round(x / 72 * dpi)
    py = round((page.height - y) / 72 * dpi)
    value = image.getpixel((px, py))  # type: ignore[attr-defined]
    return bool((value if isinstance(value, int) else value[0]) < 128)


@pytest.mark.parametrize(("paper", "duplex"), CASES)
def test_pdf_two_pages_of_the_paper_same_bytes_twice(paper: str, duplex: Duplex) -> None:
    sheet = sheet_for(paper, duplex)
    data = calibration_pdf(sheet, paper)
    assert data == calibration_pdf(sheet_for(paper, duplex), paper)
    doc = pdfium.PdfDocument(data)
    assert len(doc) == 2
    for page in doc:
        width, height = page.get_size()
        assert width == pytest.approx(sheet.page.width, abs=0.01)
        assert height == pytest.approx(sheet.page.height, abs=0.01)
    front, back = page_text(doc[0]), page_text(doc[1])
    assert "FRONT" in front and "BACK" in back
    flip = f"{duplex} edge"
    assert flip in front.replace("\r\n", " ").replace("\n", " ")
    for text in (front, back):
        assert "kitgen calibrate --save DX,DY" in text.replace("\r\n", " ").replace("\n", " ")
    for n in ("-6", "-1", "0", "3", "7"):
        assert n in back.split()


def char_boxes(page: pdfium.PdfPage) -> list[tuple[str, Box]]:
    """Every drawn character and its box, in PDF points."""
    text = page.get_textpage()
    out = []
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if ch.strip():
            left, bottom, right, top = text.get_charbox(i)
            out.append((ch, Box(left, bottom, right - left, top - bottom)))
    return out


@pytest.mark.parametrize(
    ("paper", "duplex", "margin"),
    [("a4", "long", 5), ("letter", "short", 5), ("a5", "long", 5), ("126.5x176.8mm", "short", 0)],
)
def test_text_stays_in_its_bands_and_off_the_scales(
    paper: str, duplex: Duplex, margin: float
) -> None:
    # The smallest page a sheet fits (126.5 x 176.8 mm) shrinks the text instead of
    # letting it run into the gauges.
    sheet = sheet_for(paper, duplex, margin)
    doc = pdfium.PdfDocument(calibration_pdf(sheet, paper))
    bands = (sheet.upper_band, sheet.lower_band)
    grow = 0.3 * MM  # glyph boxes may poke a little past their line

    def within(box: Box, area: Box) -> bool:
        return box.within(area.inset(-grow))

    front, back = char_boxes(doc[0]), char_boxes(doc[1])
    assert len(front) > 300 and len(back) > 300
    for ch, box in front:
        assert any(within(box, band) for band in bands), (ch, box)
    titles = [Box(g.title.x - 8 * MM, g.title.y - grow, 16 * MM, 2.5 * MM) for g in sheet.gauges]
    for ch, box in back:
        in_band = any(within(box, band) for band in bands)
        on_scale = any(within(box, s.box) for s in sheet.scales)
        assert in_band or on_scale or any(within(box, t) for t in titles), (ch, box)
        if in_band:
            assert not any(overlaps(box, s.box) for s in sheet.scales), (ch, box)


def test_pdf_draws_the_lines_and_ticks_where_the_plan_says() -> None:
    sheet = sheet_for("a4", "long")
    doc = pdfium.PdfDocument(calibration_pdf(sheet, "a4"))
    dpi = 600
    front = doc[0].render(scale=dpi / 72, grayscale=True).to_pil()
    back = doc[1].render(scale=dpi / 72, grayscale=True).to_pil()
    for scale in sheet.scales:
        line = scale.front_line
        mid = ((line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2)
        assert dark(front, *mid, sheet.page, dpi)
        zero = next(t.segment for t in scale.ticks if t.value == 0)
        quarter = scale.zero + 0.25 * MM  # between the zero tick and the next
        if scale.axis == "x":
            assert dark(back, zero.x0, scale.across + 0.6 * MM, sheet.page, dpi)
            assert not dark(back, quarter, scale.across + 0.6 * MM, sheet.page, dpi)
        else:
            assert dark(back, scale.across + 0.6 * MM, zero.y0, sheet.page, dpi)
            assert not dark(back, scale.across + 0.6 * MM, quarter, sheet.page, dpi)


# --- the command --------------------------------------------------------------------------

runner = CliRunner()


def test_calibrate_writes_the_sheet_and_says_how_to_read_it(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["calibrate", "--out", str(out)])
    assert result.exit_code == 0, result.output
    path = out / "calibration-a4-long.pdf"
    assert result.stdout.strip() == str(path)
    assert "100 %" in result.stderr and "kitgen calibrate --save DX,DY" in result.stderr
    assert "long edge" in result.stderr
    doc = pdfium.PdfDocument(str(path))
    assert len(doc) == 2
    assert doc[0].get_size()[0] == pytest.approx(210 * MM, abs=0.01)


def test_calibrate_takes_paper_and_flip_edge_from_kitgen_toml(tmp_path: Path) -> None:
    Path("kitgen.toml").write_text('[print]\npaper = "letter"\nduplex = "short"\n')
    result = runner.invoke(app, ["calibrate", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    path = tmp_path / "calibration-letter-short.pdf"
    assert result.stdout.strip() == str(path)
    assert pdfium.PdfDocument(str(path))[0].get_size()[1] == pytest.approx(11 * 72, abs=0.01)
    result = runner.invoke(app, ["calibrate", "--duplex", "long", "--out", str(tmp_path)])
    assert result.stdout.strip() == str(tmp_path / "calibration-letter-long.pdf")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--duplex", "fold"], "no printed backs to calibrate"),
        (["--duplex", "none"], "no printed backs to calibrate"),
        (["--duplex", "sideways"], "must be long or short"),
        (["--paper", "b9"], "unknown paper"),
        (["--margin", "5"], "needs a unit"),
        (["--margin", "90mm"], "calibration sheet needs"),
        (["--user"], "--user goes with --save"),
        (["--save", "1,1", "--paper", "a4"], "leave out --paper"),
    ],
)
def test_calibrate_usage_errors_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["calibrate", "--out", str(tmp_path), *args])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert result.stderr.startswith("kitgen: error: ")
    assert not list(tmp_path.glob("*.pdf"))
