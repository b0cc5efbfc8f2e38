"""The placeholder a draft build draws where an image's file is missing (`kitgen build
--draft`, `kitgen watch`): a light grey box hatched with diagonal lines and framed by a
dashed line, with "MISSING ART", the field (`field: art`) and the missing file's name
on a white panel in its middle. Greys only, so it reads the same printed in black and
white, and it looks like no art: a prototype printed with it is never taken for the
real thing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

HEADING = "MISSING ART"
FILL = "#eeeeee"  # the box: CIE L* 94
HATCH = "#bdbdbd"  # its diagonal lines: L* 77
EDGE = "#6b6b6b"  # the dashed frame: L* 45
INK = "#1f1f1f"  # the text: L* 12, on the white panel
HATCH_STEP = 6.0  # points between the hatching's lines
MAX_SIZE = 8.0  # points: the text's size, smaller in a box too small for it
MIN_SIZE = 3.0
LEADING = 1.25
PAD = 2.0  # points between the panel's edge and its text, and the box's edge and the panel
REGULAR, BOLD = "DejaVuSans", "DejaVuSans-Bold"


def placeholder_lines(field: str, file: str) -> list[str]:
    """What the placeholder says: the heading, the field (`field: art`, or the element),
    the file as the card names it."""
    return [HEADING, field, file]


def _drawable(text: str, font: str) -> str:
    """The text with each character the font cannot draw as "?", as kitgen prints text
    (a file's name in a script DejaVu lacks, a control character)."""
    from kitgen.render.fonts import missing_glyphs

    lacking = set(missing_glyphs(text, font))
    return "".join("?" if ch in lacking or not ch.isprintable() else ch for ch in text)


def _shortened(text: str, font: str, size: float, width: float) -> str:
    """The text, or its start and end around an ellipsis, as wide as fits `width`."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, font, size) <= width:
        return text
    keep = len(text)
    while keep > 1:
        keep -= 1
        head = (keep + 1) // 2
        cut = text[:head] + "\u2026" + text[len(text) - (keep - head) :]
        if stringWidth(cut, font, size) <= width:
            return cut
    return "\u2026"


def draw_placeholder(
    c: Canvas, x: float, y: float, width: float, height: float, lines: list[str]
) -> None:
    """The placeholder in the box (x, y, width, height): hatching, frame, and the lines
    (the first in bold) as large as fits, up to `MAX_SIZE` points; a line too long even
    at `MIN_SIZE` keeps its start and end around an ellipsis."""
    from reportlab.lib.colors import HexColor, white
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kitgen.render.fonts import ensure_font

    x, width = (x, width) if width >= 0 else (x + width, -width)
    y, height = (y, height) if height >= 0 else (y + height, -height)
    if width <= 0 or height <= 0:
        return
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, width, height)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColor(HexColor(FILL))
    c.rect(x, y, width, height, stroke=0, fill=1)
    c.setStrokeColor(HexColor(HATCH))
    c.setLineWidth(0.6)
    offset = -height
    while offset < width:  # lines at 45 degrees, from the bottom edge up and right
        c.line(x + offset, y, x + offset + height, y + height)
        offset += HATCH_STEP
    c.setStrokeColor(HexColor(EDGE))
    c.setLineWidth(1.2)  # (half of it inside the clip)
    c.setDash(3, 2)
    c.rect(x, y, width, height, stroke=1, fill=0)
    c.restoreState()

    for font in (REGULAR, BOLD):
        ensure_font(font)
    fonts = [BOLD] + [REGULAR] * (len(lines) - 1)
    lines = [_drawable(line, font) for line, font in zip(lines, fonts, strict=True)]
    room_w = width - 4 * PAD
    room_h = height - 4 * PAD
    if room_w <= 0 or room_h <= 0 or not lines:
        return
    widest = max(stringWidth(line, font, 1.0) for line, font in zip(lines, fonts, strict=True))
    size = min(MAX_SIZE, room_h / (len(lines) * LEADING), room_w / widest if widest else MAX_SIZE)
    size = max(size, MIN_SIZE)
    shown = [_shortened(line, font, size, room_w) for line, font in zip(lines, fonts, strict=True)]
    count = min(len(shown), max(1, int(room_h // (size * LEADING))))
    shown, fonts = shown[:count], fonts[:count]
    panel_w = max(stringWidth(line, font, size) for line, font in zip(shown, fonts, strict=True))
    panel_w += 2 * PAD
    panel_h = count * size * LEADING + 2 * PAD
    cx, cy = x + width / 2, y + height / 2
    c.saveState()
    c.setFillColor(white)
    c.rect(cx - panel_w / 2, cy - panel_h / 2, panel_w, panel_h, stroke=0, fill=1)
    c.setFillColor(HexColor(INK))
    top = cy + panel_h / 2 - PAD
    for i, (line, font) in enumerate(zip(shown, fonts, strict=True)):
        baseline = top - (i + 1) * size * LEADING + size * (LEADING - 1) / 2 + 0.22 * size
        c.setFont(font, size)
        c.drawCentredString(cx, baseline, line)
    c.restoreState()
