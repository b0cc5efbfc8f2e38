"""The mark of Scaffold's pyramid rule, drawn the same way on the mats and in the booklet.

Between two neighbouring spaces an arrow points to the one nearer the centre, whose
top card may be the higher: "outer <= inner" read along the arrow. An arrow is
symmetric about its own line, so it reads the same turned any way: a `<=` sign
turned upright reads as letters (`I` and a wedge), which the mats used to print.
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

HEAD = 0.42  # the head's depth, as a share of the arrow's length
SPREAD = 0.36  # half the head's width, as a share of the arrow's length


def inward_arrow(
    c: Canvas,
    x: float,
    y: float,
    dx: int,
    dy: int,
    length: float,
    colour: Color,
    line_width: float,
) -> None:
    """An arrow centred on (x, y), `length` long, pointing along (dx, dy): a shaft and an
    open head, round-capped, stroked in `colour`."""
    px, py = -dy, dx  # across the arrow
    half = length / 2
    tip = (x + dx * half, y + dy * half)
    tail = (x - dx * half, y - dy * half)
    back = (tip[0] - dx * length * HEAD, tip[1] - dy * length * HEAD)
    spread = length * SPREAD
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(line_width)
    c.setLineCap(1)
    c.setLineJoin(1)
    path = c.beginPath()
    path.moveTo(*tail)
    path.lineTo(*tip)
    path.moveTo(back[0] + px * spread, back[1] + py * spread)
    path.lineTo(*tip)
    path.lineTo(back[0] - px * spread, back[1] - py * spread)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()
