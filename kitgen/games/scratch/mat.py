"""The Scratch play mat: a 3x3 grid of card spaces with a title strip."""

from __future__ import annotations

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.geometry import Box
from kitgen.layout.mat import MatPlan
from kitgen.layout.units import MM
from kitgen.model.kit import Ink
from kitgen.render.fonts import BOLD, ITALIC
from kitgen.render.sheets import draw_scale_bar

LINE = HexColor("#5b6670")
FILL = HexColor("#f6f3ec")


def draw_scratch_mat(c: Canvas, plan: MatPlan, ink: Ink, title: str, hint: str) -> None:
    """Draw the mat in its own coordinates (lower-left corner at the origin)."""
    c.saveState()
    radius = 2.4 * MM
    for i, cell in enumerate(plan.cells):
        c.setFillColor(white if ink == "low" else FILL)
        c.setStrokeColor(LINE)
        c.setLineWidth(0.9)
        c.roundRect(cell.x, cell.y, cell.width, cell.height, radius, stroke=1, fill=1)
        row, col = divmod(i, plan.cols)
        c.setFillColor(LINE)
        c.setFont(ITALIC, 7)
        names = ("top", "middle", "bottom")
        sides = ("left", "centre", "right")
        label = f"{names[row]} {sides[col]}" if plan.rows == plan.cols == 3 else ""
        if label:
            c.drawCentredString(cell.x + cell.width / 2, cell.y + cell.height / 2 - 2.5, label)
    t = plan.title
    c.setFillColor(HexColor("#1b1b1b"))
    c.setFont(BOLD, 11)
    c.drawString(t.x + 1 * MM, t.top - 4.2 * MM, title)
    c.setFont(ITALIC, 6.5)
    c.drawString(t.x + 1 * MM, t.y + 1.1 * MM, hint)
    bar_mm = 50 if t.width > 150 * MM else 30
    bar = Box(t.right - bar_mm * MM - 10 * MM, t.top - 3.6 * MM, bar_mm * MM, 1.6 * MM)
    draw_scale_bar(c, bar, None, bar_mm)
    c.setFont(ITALIC, 6.5)
    c.drawRightString(
        t.right - 1 * MM, t.y + 1.1 * MM, f"Print at 100% (actual size): the bar is {bar_mm} mm."
    )
    c.restoreState()
