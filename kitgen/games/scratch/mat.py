"""The Scratch play mat: a 3x3 grid of card spaces with a title strip.

The strip holds two lines over the spaces: the title (with the scale bar) and,
under it, how to play on the mat (with the print-at-100% note). Both are placed
from the font's real extents (its tallest and deepest glyphs), so no descender
reaches the line below or the spaces: `header_height` is what the strip needs,
and `plan_mat` is given it.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from kitgen.api import BOLD, ITALIC, MM, Box, Ink, MatPlan, draw_scale_bar, line_box, register_fonts

LINE = HexColor("#5b6670")
FILL = HexColor("#f6f3ec")
TITLE_FONT, TITLE_SIZE = BOLD, 11.0
HINT_FONT, HINT_SIZE = ITALIC, 6.5
CLEARANCE = 1 * MM  # from the hint's deepest descender down to the spaces
LEADING_GAP = 0.6 * MM  # from the title's deepest descender down to the hint's tallest glyph


def extent(font: str, size: float) -> tuple[float, float]:
    """How far the font's glyphs reach above and below the baseline at `size` (points):
    from its bounding box, so accents and descenders are counted."""
    register_fonts()
    bbox = pdfmetrics.getFont(font).face.bbox
    return bbox[3] * size / 1000, -bbox[1] * size / 1000


@dataclass(frozen=True)
class Header:
    """The title strip's two baselines, in the strip's own coordinates (0 at its foot)."""

    title: float
    hint: float
    height: float  # what the strip needs: the top of the title's tallest glyph


def header() -> Header:
    """Where the hint and the title sit: the hint `CLEARANCE` over the spaces, the title
    `LEADING_GAP` over the hint, each from the fonts' real extents."""
    hint_up, hint_down = extent(HINT_FONT, HINT_SIZE)
    title_up, title_down = extent(TITLE_FONT, TITLE_SIZE)
    hint = CLEARANCE + hint_down
    title = hint + hint_up + LEADING_GAP + title_down
    return Header(title, hint, title + title_up)


def header_height() -> float:
    """The height of the title strip the header needs (for `plan_mat`)."""
    return header().height


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
    heading, hint_line, note = _title_lines(plan, title, hint)
    c.setFillColor(HexColor("#1b1b1b"))
    c.setFont(TITLE_FONT, TITLE_SIZE)
    c.drawString(heading[0], heading[1], title)
    c.setFont(HINT_FONT, HINT_SIZE)
    c.drawString(hint_line[0], hint_line[1], hint)
    draw_scale_bar(c, _scale_bar(plan), None, _bar_mm(plan))
    c.setFont(HINT_FONT, HINT_SIZE)
    c.drawRightString(note[0], note[1], note[2])
    c.restoreState()


def _bar_mm(plan: MatPlan) -> int:
    return 50 if plan.title.width > 150 * MM else 30


def _scale_bar(plan: MatPlan) -> Box:
    t, bar_mm = plan.title, _bar_mm(plan)
    return Box(t.right - bar_mm * MM - 10 * MM, t.y + header().title, bar_mm * MM, 1.6 * MM)


def _title_lines(
    plan: MatPlan, title: str, hint: str
) -> list[tuple[float, float, str, str, float, str]]:
    """The title strip's lines, (x, baseline, text, font, size, align)."""
    t, lines = plan.title, header()
    title_y, hint_y = t.y + lines.title, t.y + lines.hint
    note = f"Print at 100% (actual size): the bar is {_bar_mm(plan)} mm."
    return [
        (t.x + 1 * MM, title_y, title, TITLE_FONT, TITLE_SIZE, "left"),
        (t.x + 1 * MM, hint_y, hint, HINT_FONT, HINT_SIZE, "left"),
        (t.right - 1 * MM, hint_y, note, HINT_FONT, HINT_SIZE, "right"),
    ]


def mat_content(plan: MatPlan, title: str, hint: str) -> tuple[Box, ...]:
    """What no seam may cut (the sheets of a tiled mat are cut between them): every
    space, and the title strip's words and scale bar where they print."""
    words = tuple(line_box(*line) for line in _title_lines(plan, title, hint))
    return (*plan.cells, *words, _scale_bar(plan))
