"""Every ellipse and circle kitgen draws is a closed subpath (kitgen.render.pdf.KitPath):
reportlab left them open, and a stroked one showed a hairline seam at its rightmost
point, where the stroke's two butt ends met (Emberwake's neutral emblem, a stroked SVG
circle, in the PDF and in the 300 dpi PNG export)."""

from __future__ import annotations

from collections.abc import Callable

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from kitgen.paths import data_dir
from kitgen.render.pdf import finish, new_canvas
from kitgen.render.pictures import draw_picture, load_picture

SIDE = 200.0  # the page, points; each drawing is a ring centred on it
RING = (0.31, 0.45)  # the ring's inner and outer radius, as shares of the page's side


def _pixels(draw: Callable[[Canvas], None], scale: float = 4.0) -> tuple[list[int], list[int]]:
    """Draw on a square page and rasterize it with PDFium (as `kitgen export png` does):
    the grey values across the ring's right-hand side on the row through its centre
    (where reportlab's ellipse starts and ends) and on rows 3 pixels above and below."""
    c, buffer = new_canvas("ring")
    c.setPageSize((SIDE, SIDE))
    draw(c)
    c.showPage()
    page = pdfium.PdfDocument(finish(c, buffer))[0]
    image = page.render(scale=scale).to_pil().convert("L")
    width, height = image.size
    inner, outer = (int(width / 2 + r * width) for r in RING)
    xs = range(inner + 3, outer - 3)  # inside the stroke, clear of its edges
    seam = [image.getpixel((x, y)) for y in (height // 2 - 1, height // 2) for x in xs]
    beside = [image.getpixel((x, y)) for y in (height // 2 - 4, height // 2 + 3) for x in xs]
    return seam, beside


def _ring_by_canvas(c: Canvas) -> None:
    c.setStrokeColorRGB(0.29, 0.29, 0.29)
    c.setLineWidth(0.14 * SIDE)
    c.circle(SIDE / 2, SIDE / 2, 0.38 * SIDE, stroke=1, fill=0)


def _ring_by_ellipse(c: Canvas) -> None:
    c.setStrokeColorRGB(0.29, 0.29, 0.29)
    c.setLineWidth(0.14 * SIDE)
    r = 0.38 * SIDE
    c.ellipse(SIDE / 2 - r, SIDE / 2 - r, SIDE / 2 + r, SIDE / 2 + r, stroke=1, fill=0)


def _ring_by_path(c: Canvas) -> None:
    c.setStrokeColorRGB(0.29, 0.29, 0.29)
    c.setLineWidth(0.14 * SIDE)
    path = c.beginPath()
    path.circle(SIDE / 2, SIDE / 2, 0.38 * SIDE)
    c.drawPath(path, stroke=1, fill=0)


def _neutral_emblem(c: Canvas) -> None:
    """Emberwake's neutral emblem (`<circle ... fill="none" stroke-width="14"/>` on a
    100-unit view box), tinted as its cards draw it."""
    picture, problem = load_picture(str(data_dir() / "examples/emberwake/icons/neutral.svg"))
    assert picture is not None, problem
    draw_picture(c, picture, 0, 0, SIDE, SIDE, "fit", tint="#4a4a4a")


@pytest.mark.parametrize(
    "draw",
    [_neutral_emblem, _ring_by_canvas, _ring_by_ellipse, _ring_by_path],
    ids=["svg-circle", "canvas-circle", "canvas-ellipse", "path-circle"],
)
def test_a_stroked_circle_has_no_seam(draw: Callable[[Canvas], None]) -> None:
    seam, beside = _pixels(draw)
    ring = set(beside)
    assert len(ring) == 1, ring  # a solid ring beside the seam's row
    # Before: the seam's rows were up to 61 levels lighter (135 against 74) at 4x.
    assert max(abs(value - next(iter(ring))) for value in seam) <= 2, (seam, ring)


def test_the_neutral_emblem_at_300_dpi_has_no_seam() -> None:
    """At the export's 300 dpi, the emblem at its size on an Emberwake card (27 mm)."""
    scale = 300 / 72 * (27 * 72 / 25.4) / SIDE
    seam, beside = _pixels(_neutral_emblem, scale)
    level = min(beside)
    assert max(seam) - level <= 2, (seam, level)


def test_each_ellipse_is_closed_in_the_pdf() -> None:
    """The content stream: each curve run of an ellipse ends with `h` before its paint."""
    from kitgen.render.pdf import KitPath

    path = KitPath()
    path.circle(10, 10, 5)
    path.ellipse(0, 0, 20, 10)
    ops = path.getCode().split()
    assert ops.count("m") == 2 and ops.count("h") == 2
    assert ops.index("h") > max(i for i, op in enumerate(ops[: ops.index("h")]) if op == "c")
