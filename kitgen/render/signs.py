"""Small signs several kits and figures draw: the verdict badge and a card's corner ticks."""

from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.geometry import Box
from kitgen.model.kit import Ink
from kitgen.render.palette import INK, NO_INK, OK_INK


def verdict_badge(c: Canvas, x: float, y: float, r: float, ok: bool, ink: Ink) -> None:
    """A tick (allowed) or a cross (not allowed) in a white disc centred on (x, y); in
    low ink both are drawn in black, and the shape alone tells them apart."""
    colour = INK if ink == "low" else (OK_INK if ok else NO_INK)
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(colour)
    c.setLineWidth(max(0.8, r * 0.16))
    c.circle(x, y, r, stroke=1, fill=1)
    c.setLineCap(1)
    c.setLineJoin(1)
    c.setLineWidth(max(1.1, r * 0.28))
    k = r * 0.5
    if ok:
        path = c.beginPath()
        path.moveTo(x - k, y)
        path.lineTo(x - k * 0.25, y - k * 0.7)
        path.lineTo(x + k, y + k * 0.75)
        c.drawPath(path, stroke=1, fill=0)
    else:
        c.line(x - k * 0.8, y - k * 0.8, x + k * 0.8, y + k * 0.8)
        c.line(x - k * 0.8, y + k * 0.8, x + k * 0.8, y - k * 0.8)
    c.restoreState()


def corner_ticks(c: Canvas, box: Box, arm: float, colour: Color) -> None:
    """Corner ticks marking where a card lies on a mat."""
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(0.45)
    for x, y, sx, sy in (
        (box.x, box.y, 1, 1),
        (box.right, box.y, -1, 1),
        (box.x, box.top, 1, -1),
        (box.right, box.top, -1, -1),
    ):
        path = c.beginPath()
        path.moveTo(x + sx * arm, y)
        path.lineTo(x, y)
        path.lineTo(x, y + sy * arm)
        c.drawPath(path, stroke=1, fill=0)
    c.restoreState()
