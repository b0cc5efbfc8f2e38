"""Small standard cards as the games' booklet figures draw them: a rank set in bold
(`10` a little narrower) and a face-down card of diagonal lines. Each game gives its
own colours and proportions, so its figures keep their look."""

from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from kitgen.model.kit import Ink
from kitgen.render.fonts import BOLD, text_width


def draw_rank(
    c: Canvas,
    text: str,
    x: float,
    baseline: float,
    size: float,
    *,
    narrow: float = 0.82,
    centred: bool = True,
) -> float:
    """A rank in bold, centred on x (or starting at x); a two-character rank (`10`) set
    `narrow` as wide. Its width."""
    scale = narrow if len(text) > 1 else 1.0
    width = text_width(text, BOLD, size) * scale
    t = c.beginText()
    t.setFont(BOLD, size)
    t.setHorizScale(scale * 100)
    t.setTextOrigin(x - width / 2 if centred else x, baseline)
    t.textOut(text)
    c.drawText(t)
    return width


def draw_face_down(
    c: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    ink: Ink,
    *,
    fill: Color,
    line: Color,
    corner: float,
    stripes: float,
    frame: bool = True,
) -> None:
    """A face-down card `w` by `h`: `fill` (white in low ink) crossed by diagonal lines
    of `line` `stripes` of its width apart (a wider 0.16 in low ink), corners rounded
    `corner` of its width; with `frame`, an inner frame too."""
    radius = corner * w
    c.saveState()
    path = c.beginPath()
    path.roundRect(x, y, w, h, radius)
    c.setFillColor(white if ink == "low" else fill)
    c.setStrokeColor(line)
    c.setLineWidth(0.6)
    c.drawPath(path, stroke=1, fill=1)
    c.clipPath(path, stroke=0, fill=0)
    c.setLineWidth(0.35)
    step = 0.16 * w if ink == "low" else stripes * w
    for i in range(int((w + h) / step) + 2):
        d = i * step
        c.line(x + d - h, y, x + d, y + h)
    if frame:
        inset = 0.12 * w
        c.setLineWidth(0.5)
        c.roundRect(
            x + inset, y + inset, w - 2 * inset, h - 2 * inset, radius * 0.6, stroke=1, fill=0
        )
    c.restoreState()
