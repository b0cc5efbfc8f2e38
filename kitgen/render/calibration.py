"""Draw the duplex calibration sheet: a front with lines, a back with scales, both
with their instructions, as one two-page PDF."""

from __future__ import annotations

from reportlab.lib.colors import HexColor, black
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.calibration import TICK_STEP_MM, CalibrationSheet, Label, Scale
from kitgen.layout.geometry import Box
from kitgen.layout.paper import PAPERS
from kitgen.layout.units import MM, format_mm
from kitgen.render.fonts import BOLD, REGULAR, text_width
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.sheets import HAIRLINE, draw_scale_bar
from kitgen.render.text import wrap

FRONT_LINE = 0.5  # points: dark enough to see through the paper, thin enough to read
TICK = 0.3
ZERO = 0.8
NUMBER_SIZE = 5.5
CAPTION_SIZE = 7.0
DIGIT_HEIGHT = 0.729  # Vera's figure height, in ems
GREY = HexColor("#555555")
FLIP = {"long": "long edge", "short": "short edge"}


def _paper(name: str) -> str:
    """A paper's name for the sheet: presets in capitals (A4), sizes as written."""
    return name.upper() if name in PAPERS else name


def _label(c: Canvas, label: Label, font: str, size: float) -> None:
    """A label hung from its point; a negative number keeps its digit centred on x."""
    c.setFont(font, size)
    height = DIGIT_HEIGHT * size
    if label.anchor in ("above", "below"):
        y = label.y if label.anchor == "above" else label.y - height
        sign = label.text[:1] if label.text[:1] in "-+" else ""
        digits = label.text[len(sign) :]
        x = label.x - text_width(digits, font, size) / 2 - text_width(sign, font, size)
        c.drawString(x, y, label.text)
    elif label.anchor == "left":
        c.drawRightString(label.x, label.y - height / 2, label.text)
    else:
        c.drawString(label.x, label.y - height / 2, label.text)


def _scale(c: Canvas, scale: Scale) -> None:
    """A scale's baseline, ticks, numbers and caption."""
    c.setStrokeColor(black)
    c.setFillColor(black)
    c.setLineWidth(TICK)
    b = scale.baseline
    c.line(b.x0, b.y0, b.x1, b.y1)
    for tick in scale.ticks:
        s = tick.segment
        c.setLineWidth(ZERO if tick.value == 0 else TICK)
        c.line(s.x0, s.y0, s.x1, s.y1)
        if tick.label is not None:
            _label(c, tick.label, BOLD if tick.value == 0 else REGULAR, NUMBER_SIZE)
    _label(c, scale.caption, BOLD, CAPTION_SIZE)


Paragraph = tuple[str, str, float]  # text, font, size at full scale
GAP = 1.6 * MM  # between paragraphs, at full scale
LEADING = 1.25
SMALLEST = 0.6  # text shrinks down to this fraction of its size to fit a small page


def _height(items: list[Paragraph], width: float, scale: float) -> float:
    """How tall the paragraphs are, wrapped to width at `scale` times their sizes."""
    total = 0.0
    for text, font, size in items:
        lines = wrap(text, font, size * scale, width)
        total += len(lines) * size * scale * LEADING + GAP * scale
    return total


def _fitting(items: list[Paragraph], width: float, height: float) -> float:
    """The largest scale, from 1 down to SMALLEST, at which the paragraphs fit."""
    scale = 1.0
    while scale > SMALLEST and _height(items, width, scale) > height:
        scale -= 0.05
    return max(scale, SMALLEST)


def _paragraphs(c: Canvas, box: Box, top: float, items: list[Paragraph], scale: float) -> float:
    """Paragraphs wrapped to the box from `top` down at `scale`; returns the y under them."""
    y = top
    for text, font, size in items:
        size *= scale
        c.setFont(font, size)
        for line in wrap(text, font, size, box.width):
            y -= size * LEADING
            c.drawString(box.x, y, line)
        y -= GAP * scale
    return y


def _front_text(sheet: CalibrationSheet, paper_name: str) -> list[Paragraph]:
    flip = FLIP[sheet.duplex]
    return [
        ("kitgen calibration sheet \u00b7 FRONT", BOLD, 15),
        (
            f"{_paper(paper_name)} \u00b7 duplex: {flip} \u00b7 margin {format_mm(sheet.margin)}",
            REGULAR,
            9,
        ),
        (
            f"1. Print this PDF double-sided at 100 % (actual size, no \u201cfit to page\u201d), "
            f"flipping on the {flip}. The bar below must measure {sheet.bar_mm} mm.",
            REGULAR,
            9.5,
        ),
        (
            "2. Turn the sheet over and hold it up to a light: the lines on this side show "
            "through and cross the scales on the back.",
            REGULAR,
            9.5,
        ),
        (
            "3. On each scale read the number under the line (ticks are every 0.5 mm). "
            "DX scales run across, DY scales up and down.",
            REGULAR,
            9.5,
        ),
        (
            "4. Save the centre readings: kitgen calibrate --save DX,DY. Every later "
            "kitgen build then shifts its back pages by that much.",
            REGULAR,
            9.5,
        ),
    ]


def _front_notes() -> list[Paragraph]:
    return [
        (
            "There are lines near the corners and in the centre. If the corner readings "
            "differ from the centre by more than 0.5 mm, the printer scales or turns the "
            "back page: kitgen can only shift it, and the centre reading is the best shift.",
            REGULAR,
            8.5,
        ),
        (
            "If a line crosses no scale, check the flip edge and print again. Readings "
            "replace any saved offset: this sheet is always printed without one.",
            REGULAR,
            8.5,
        ),
    ]


def _back_text() -> list[Paragraph]:
    return [
        ("BACK \u00b7 read this side against a light", BOLD, 15),
        (
            "Where a line from the front crosses a scale, the number under it is your "
            "printer's correction in millimetres: DX across, DY up and down "
            f"(a tick every {TICK_STEP_MM:g} mm). A line on the short tick between -2 and -1 "
            "reads -1.5; a line between two ticks, the quarter between them (like 0.75).",
            REGULAR,
            9.5,
        ),
        (
            "Use the centre gauge's readings and run:  kitgen calibrate --save DX,DY",
            BOLD,
            9.5,
        ),
        (
            "Corner readings that differ from the centre mean the printer also scales or "
            "turns the back; the centre reading is then the best correction.",
            REGULAR,
            9.5,
        ),
    ]


def _form(c: Canvas, box: Box, places: list[str]) -> None:
    """A small table to write the readings in, place by place, at the top of the box."""
    row_h = min(6.5 * MM, box.height / (len(places) + 1.5))
    size = min(9.0, row_h / MM * 1.45)
    col_w = 24 * MM
    left = box.x + (box.width - 3 * col_w) / 2
    c.setFont(BOLD, size)
    y = box.top - row_h
    c.drawString(left + col_w + 2 * MM, y, "DX")
    c.drawString(left + 2 * col_w + 2 * MM, y, "DY")
    c.setLineWidth(HAIRLINE)
    c.setStrokeColor(GREY)
    for place in places:
        y -= row_h
        c.setFont(BOLD if place == "centre" else REGULAR, size)
        c.drawString(left, y, place)
        for col in (1, 2):
            x = left + col * col_w + 2 * MM
            c.line(x, y - 1 * MM, x + col_w - 6 * MM, y - 1 * MM)


def calibration_pdf(sheet: CalibrationSheet, paper_name: str) -> bytes:
    """The two-page calibration PDF (front, back); the same sheet gives the same bytes."""
    flip = FLIP[sheet.duplex]
    canvas, buffer = new_canvas(
        "kitgen calibration sheet",
        f"kitgen duplex calibration: {_paper(paper_name)}, {flip}",
    )
    c = canvas
    size = (sheet.page.width, sheet.page.height)

    c.setPageSize(size)
    c.setStrokeColor(black)
    c.setLineWidth(FRONT_LINE)
    for line in sheet.front_lines:
        c.line(line.x0, line.y0, line.x1, line.y1)
    c.setFillColor(black)
    upper, lower = sheet.upper_band, sheet.lower_band
    front, notes, back = _front_text(sheet, paper_name), _front_notes(), _back_text()
    below_bar = Box(lower.x, lower.y, lower.width, sheet.bar.y - 3 * MM - lower.y)
    # one text size for the whole sheet, however small the page
    scale = min(
        _fitting(front, upper.width, upper.height),
        _fitting(back, upper.width, upper.height),
        _fitting(notes, below_bar.width, below_bar.height),
    )
    _paragraphs(c, upper, upper.top, front, scale)
    draw_scale_bar(c, sheet.bar, None, sheet.bar_mm)
    c.setFillColor(black)
    _paragraphs(c, below_bar, below_bar.top, notes, scale)
    c.showPage()

    c.setPageSize(size)
    for gauge in sheet.gauges:
        _scale(c, gauge.dx)
        _scale(c, gauge.dy)
        c.setFillColor(GREY)
        _label(c, gauge.title, BOLD if gauge.place == "centre" else REGULAR, 6.5)
    c.setFillColor(black)
    _paragraphs(c, upper, upper.top, back, scale)
    _form(c, lower, [g.place for g in sheet.gauges])
    c.showPage()
    return finish(canvas, buffer)
