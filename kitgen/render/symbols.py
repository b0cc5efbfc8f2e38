"""Symbols drawn as vector paths, never taken from a font: emblems, rarity marks, stars."""

from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from kitgen.render.fonts import BOLD


def star_points(
    cx: float, cy: float, outer: float, inner: float, points: int = 5
) -> list[tuple[float, float]]:
    """The corners of a star with its first point straight up."""
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi / 2 + i * math.pi / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def polygon(c: Canvas, pts: list[tuple[float, float]], *, fill: bool, stroke: bool) -> None:
    """Draw a closed polygon."""
    path = c.beginPath()
    path.moveTo(*pts[0])
    for p in pts[1:]:
        path.lineTo(*p)
    path.close()
    c.drawPath(path, stroke=int(stroke), fill=int(fill))


def rarity_symbol(c: Canvas, rarity: str, cx: float, cy: float, r: float, colour: Color) -> None:
    """Common: a dot; rare: a diamond; unique: a star; any other rarity: a square."""
    c.saveState()
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    if rarity == "common":
        c.circle(cx, cy, r * 0.62, stroke=0, fill=1)
    elif rarity == "rare":
        polygon(
            c,
            [(cx, cy + r), (cx + r * 0.78, cy), (cx, cy - r), (cx - r * 0.78, cy)],
            fill=True,
            stroke=False,
        )
    elif rarity == "unique":
        polygon(c, star_points(cx, cy - r * 0.08, r * 1.12, r * 0.47), fill=True, stroke=False)
    else:
        c.rect(cx - r * 0.6, cy - r * 0.6, r * 1.2, r * 1.2, stroke=0, fill=1)
    c.restoreState()


def emblem(
    c: Canvas, faction: str, name: str, cx: float, cy: float, size: float, colour: Color
) -> None:
    """A faction's emblem in a box of `size` centred on (cx, cy)."""
    c.saveState()
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    h = size / 2
    if faction == "monster":  # three claw marks
        c.setLineWidth(size * 0.1)
        c.setLineCap(1)
        for dx in (-0.42, 0.0, 0.42):
            path = c.beginPath()
            path.moveTo(cx + (dx - 0.18) * h, cy + 0.95 * h)
            path.curveTo(
                cx + (dx + 0.2) * h,
                cy + 0.3 * h,
                cx + (dx + 0.15) * h,
                cy - 0.4 * h,
                cx + (dx - 0.12) * h,
                cy - 0.95 * h,
            )
            c.drawPath(path, stroke=1, fill=0)
    elif faction == "kingdom":  # a crown
        polygon(
            c,
            [
                (cx - h, cy - 0.55 * h),
                (cx - h, cy + 0.55 * h),
                (cx - 0.5 * h, cy),
                (cx, cy + 0.8 * h),
                (cx + 0.5 * h, cy),
                (cx + h, cy + 0.55 * h),
                (cx + h, cy - 0.55 * h),
            ],
            fill=True,
            stroke=False,
        )
        c.rect(cx - h, cy - 0.8 * h, 2 * h, 0.18 * h, stroke=0, fill=1)
    elif faction == "wild":  # a leaf
        path = c.beginPath()
        path.moveTo(cx, cy - h)
        path.curveTo(cx - 1.1 * h, cy - 0.2 * h, cx - 0.5 * h, cy + 0.8 * h, cx, cy + h)
        path.curveTo(cx + 0.5 * h, cy + 0.8 * h, cx + 1.1 * h, cy - 0.2 * h, cx, cy - h)
        c.drawPath(path, stroke=0, fill=1)
    elif faction == "undead":  # a skull
        c.circle(cx, cy + 0.15 * h, 0.75 * h, stroke=0, fill=1)
        c.rect(cx - 0.42 * h, cy - 0.95 * h, 0.84 * h, 0.6 * h, stroke=0, fill=1)
    else:  # any other faction: a shield with its initial
        polygon(
            c,
            [
                (cx - 0.8 * h, cy + 0.9 * h),
                (cx + 0.8 * h, cy + 0.9 * h),
                (cx + 0.8 * h, cy),
                (cx, cy - h),
                (cx - 0.8 * h, cy),
            ],
            fill=True,
            stroke=False,
        )
        initial = (name.strip()[:1] or "?").upper()
        c.setFillColor(Color(1, 1, 1))
        c.setFont(BOLD, size * 0.55)
        c.drawCentredString(cx, cy - size * 0.12, initial)
    c.restoreState()
